"""The use cases of a game's analysis: start it, read it, value one of its positions; each
charged to the asking device (its limit, room in the computer's fair queue) when it is new work
for the computer."""

from __future__ import annotations

from flask import current_app

from app.analysis import get_analyses
from app.analysis.runner import Analyses, answer
from app.games.errors import N_, BadInput, NotNow, QueueFull
from app.games.fairplay import POSITION_GUARDED, Guard, check_game, get_guard
from app.games.model import Game
from app.games.service import Device, Games, get_games
from app.store.json_types import JSONObject

POSITION_TIMEOUT = 30.0  # the longest a request waits for a position's values


def check_reviewable(game: Game) -> None:
    """A game between two devices may be reviewed and analysed once it is over (not while its
    players could use it); the others at any time."""
    check_game(game)  # a rated game: the clearer word first
    if game.mode == "remote" and not game.over:
        raise NotNow("a game between two devices can be reviewed and analysed once it is over")


def withheld(game: Game, why: str) -> JSONObject:
    """The analysis of a game whose positions a rated game being played passes through: none
    of it shown until that game ends (``status`` "withheld", why in ``error``)."""
    out = answer(game, None, False)
    out.update(status="withheld", error=why)
    return out


class Review:
    """A stored game's analysis, over the games and the analyses."""

    def __init__(self, games: Games, analyses: Analyses, guard: Guard) -> None:
        self.games = games
        self.analyses = analyses
        self.guard = guard

    def start(self, device: Device, game_id: str) -> JSONObject:
        """Analyse the game's moves (its ``status`` is "done" once every position is)."""
        game = self.games.load(game_id)
        check_reviewable(game)
        self.check_positions(game, fresh=True)
        if not game.record.moves:
            raise NotNow("there is no move to analyse yet")
        kept, running = self.analyses.kept(game)
        done = kept is not None and kept.moves == list(game.record.moves) and kept.complete
        if not done and not running:  # new work for the computer: the device's limit, the queue
            self.analyses.admit(device)
        return self.analyses.start(game, device.address)[0]

    def read(self, device: Device, game_id: str) -> JSONObject:
        """The analysis so far: status, progress, each analysed move, the players' summary."""
        game = self.games.load(game_id)
        check_reviewable(game)
        try:
            self.check_positions(game)
        except NotNow as refused:  # a read asks nothing of the engine: told, not refused
            return withheld(game, str(refused))
        return self.analyses.read(game, device.address)

    def check_positions(self, game: Game, fresh: bool = False) -> None:
        """Refuse (409) the analysis of a game that passes through a position a rated game
        being played is at or reaches in one move (the same moves replayed on one screen)."""
        if self.guard.any_guarded(game.record.rules, game.record.states, fresh):
            raise NotNow(POSITION_GUARDED)

    def position(self, device: Device, game_id: str, body: JSONObject) -> JSONObject:
        """Every legal move's value (seeds of final margin for the mover, exact where solved)
        in the position before move ``ply`` (default: the current position).

        Any position of a reviewable game; in a game between two devices still going on, only
        the current position and only for the player to move (what a hint would tell them); in
        a rated game going on, none, to anyone; nor a position a rated game going on is at or
        reaches in one move (:mod:`app.games.fairplay`)."""
        game = self.games.load(game_id)
        check_game(game)
        moves = len(game.record.moves)
        ply = body.get("ply", moves)
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= moves:
            raise BadInput(
                N_("%(field)s must be a whole number from %(low)s to %(high)s"),
                field="'ply'",
                low=0,
                high=moves,
            )
        if game.mode == "remote" and not game.over:
            mover = game.to_move
            if ply != moves or mover is None or mover not in game.seats_of(device.owner):
                raise NotNow("in a game between two devices, only your own turn can be valued")
        state = game.record.states[ply]
        if state.to_move is None:
            raise NotNow("the game is over in that position: there is no move to value")
        self.guard.check(game.record.rules, state)
        self.analyses.admit(device)
        try:
            found = self.analyses.position(game, ply, device.address, timeout=POSITION_TIMEOUT)
        except Exception as exc:  # noqa: BLE001 (a timeout or a broken pool: nothing changed)
            raise QueueFull(
                N_("the computer could not value the position just now (%(problem)s)"),
                problem=repr(exc),
            ) from None
        return {"ply": ply, "player": state.to_move, "version": game.version, **found}


def get_review() -> Review:
    """This app's reviews (made on first use, over its games and analyses)."""
    review: Review | None = current_app.extensions.get("mancala_review")
    if review is None:
        review = Review(get_games(), get_analyses(), get_guard())
        current_app.extensions["mancala_review"] = review
    return review
