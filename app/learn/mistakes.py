"""Learn from your mistakes: every mistake and blunder a player made in an analysed game becomes
a puzzle of their own, "find the move you missed".

The analysis (:mod:`app.analysis`) gave every position of the game each legal move's value, in
seeds of final margin for the mover; a move tagged *mistake* or *blunder* lost more than 3 seeds
against the best (:mod:`app.analysis.report`).  Its position becomes a puzzle whose good moves
are those the analysis valued as the best; it is kept with the player's puzzles in the store
(:meth:`app.learn.store.LearnStore.save_own`), once, however often the game is looked at.

Each puzzle carries a real line, not one move: the best move, the reply, the mover's next turn
(:mod:`app.learn.own_line`), with why it wins in words, its values in whole seeds, and the truth
about its check: exact where the analysis solved the position, else the depth it searched.
"""

from __future__ import annotations

import json

from app.analysis.report import AnalysedMove, move_entry
from app.analysis.store import AnalysisStore, Kept
from app.games.errors import NoSeat, NotNow
from app.games.model import Game
from app.games.service import Games
from app.learn.own_line import check_text, own_line, said, turn_of, whole, why_text
from app.learn.puzzles import Problem
from app.learn.store import LearnStore
from app.store.base import GameStore
from app.store.json_types import JSONObject
from engine.notation import move_text

MISSED = ("mistake", "blunder")
RECENT_GAMES = 20  # the games looked at when a player opens their puzzles


def own_data(game: Game, entry: AnalysedMove, depth: int | None = None) -> JSONObject:
    """The stored form of the puzzle made from one analysed move (``entry`` as
    :func:`app.analysis.report.move_entry` gives it; ``depth``: the plies its analysis
    searched, None where it did not say): with the line from the best move and why it wins."""
    ply = int(entry["ply"])
    state = game.record.states[ply]
    values = {int(k): float(v) for k, v in entry["values"].items()}
    best = max(values.values())
    good = sorted(p for p, v in values.items() if v >= best)
    first = good[0] if int(entry["best"]) not in good else int(entry["best"])
    exact = bool(entry["exact"])
    line, line_check, records = own_line(state, first, exact, depth)
    played = move_text(game.record.records[ply])
    return {
        "id": f"m-{game.id}-{ply}",
        "game": game.id,
        "ply": ply,
        "variant": state.rules.name,
        "options": dict(state.rules.options),
        "board": list(state.board),
        "extra": list(state.extra) if state.extra else None,
        "to_move": state.to_move,
        "good": good,
        "best": move_text(state.play_record(first)[1]),
        "played": played,
        "loss": entry["loss"],
        "tag": entry["tag"],
        "exact": exact,
        "depth": None if exact else depth,
        "turn": turn_of(game.record.records, ply),
        "line": [list(turn) for turn in line],
        "line_check": line_check,
        "why": why_text(state, records, played, float(entry["played_value"]), float(best), exact),
        "check": check_text(exact, depth, line_check),
    }


def own_problem(data: JSONObject) -> Problem:
    """A player's own puzzle from its stored form."""
    return Problem(
        id=str(data["id"]),
        variant=str(data["variant"]),
        options=dict(data["options"]),
        board=tuple(int(x) for x in data["board"]),
        extra=None if data["extra"] is None else tuple(int(x) for x in data["extra"]),
        to_move=int(data["to_move"]),
        good=frozenset(int(p) for p in data["good"]),
        solution=tuple(tuple(str(m) for m in turn) for turn in data["line"])
        if data.get("line")
        else ((str(data["best"]),),),
        gain=0.0,
        margin=float(whole(float(data["loss"]))),
        exact=bool(data["exact"]),
        depth=None if data["exact"] else _depth(data),
        themes=(),
        rating=1500,
        own={
            "game": data["game"],
            "ply": data["ply"],
            "played": data["played"],
            "tag": data["tag"],
            "loss": whole(float(data["loss"])),
            **{k: data[k] for k in ("turn", "line_check") if data.get(k) is not None},
            **({"why": said(data["why"])} if data.get("why") is not None else {}),
            "check": said(data.get("check") or check_text(bool(data["exact"]), _depth(data), "")),
        },
    )


def _depth(data: JSONObject) -> int | None:
    """The depth the analysis searched, as it was stored (None: not stored, a puzzle kept
    before depths were: its check is then told as unknown rather than a made-up depth)."""
    depth = data.get("depth")
    return int(depth) if isinstance(depth, int) and not isinstance(depth, bool) else None


def mistakes_of(game: Game, kept: JSONObject | None, seats: list[int]) -> list[JSONObject]:
    """The stored forms of the puzzles made from ``seats``' mistakes and blunders in ``game``
    (``kept``: its analysis's positions and moves as stored)."""
    if kept is None:
        return []
    moves, positions = kept["moves"], kept["positions"]
    if list(game.record.moves[: len(moves)]) != list(moves):
        return []  # an analysis of other moves (the game was taken back since)
    made = []
    for ply, position in enumerate(positions):
        if position is None or len(position["values"]) < 2:
            continue
        player = game.record.records[ply].player
        if player not in seats:
            continue
        entry = move_entry(ply, player, int(moves[ply]), position, False)
        if entry["tag"] in MISSED:
            depth = position.get("depth")
            made.append(own_data(game, entry, depth if isinstance(depth, int) else None))
    return made


class Mistakes:
    """Turns the analysed games of a device into its own puzzles."""

    def __init__(self, games: Games, store: GameStore, learn: LearnStore) -> None:
        self.games = games
        self.analyses = AnalysisStore(store)
        self.learn = learn

    def from_game(self, owner: str, game_id: str) -> list[str]:
        """Make ``owner``'s puzzles from one game's analysis (they must hold a seat in it, and
        it must be analysed): the ids of its puzzles."""
        game = self.games.load(game_id)
        seats = game.seats_of(owner)
        if not seats:
            raise NoSeat("only a player of the game can learn from its mistakes")
        kept = self.analyses.load(game_id)
        if kept is None or not kept.complete:
            raise NotNow("analyse the game first: its mistakes become puzzles once it is done")
        return self._keep(owner, mistakes_of(game, self._plain(kept), seats))

    def from_recent(self, owner: str) -> list[str]:
        """Make ``owner``'s puzzles from every analysed game of theirs lately."""
        made: list[JSONObject] = []
        for game in self.games.games_of(owner, limit=RECENT_GAMES):
            kept = self.analyses.load(game.id)
            if kept is not None and kept.complete:
                made += mistakes_of(game, self._plain(kept), game.seats_of(owner))
        return self._keep(owner, made)

    @staticmethod
    def _plain(kept: Kept) -> JSONObject:
        return {"moves": kept.moves, "positions": kept.positions}

    def _keep(self, owner: str, made: list[JSONObject]) -> list[str]:
        self.learn.save_own(owner, [(m["id"], json.dumps(m, separators=(",", ":"))) for m in made])
        return [str(m["id"]) for m in made]
