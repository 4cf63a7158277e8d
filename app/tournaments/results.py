"""How a tournament records a game that ended: its result, or, for a game that was not played,
a forfeit.

- a game played to its end counts as it ended (white's points: 1, ½ or 0), and both players
  came: their run of no-shows ends;
- a first-move window that closed (the game aborted without a result) is a no-show: the one who
  came (who moved, or opened the game; a computer always came) wins by forfeit and nobody
  replays; when both came, the one whose window closed loses; when neither came it is a double
  forfeit (0 points each);
- a player who misses ``MISSES_TO_DROP`` games in a row is paused (arena: back by joining
  again) or withdrawn (round robin, Swiss: their games still to pair are lost by forfeit);
- a game a player aborts by hand before both moved is played again, the same pairing and
  colours, up to ``MAX_REPLAYS`` times; after that the one who aborted it loses it by forfeit;
- a game against a player who left or was removed is lost by forfeit, unplayed (both gone: a
  double forfeit).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games import Game, new_game_id
from app.store.json_types import JSONObject

MAX_REPLAYS = 3  # a pairing whose game a player aborted by hand is played again so often
MISSES_TO_DROP = 2  # no-shows in a row that pause (arena) or withdraw (round robin, Swiss)


@dataclass(frozen=True)
class Ended:
    """A listed game that is over: white's points, or (aborted, ``score`` None) who aborted
    it, whose first-move window closed, and which seats came (moved, or opened the game)."""

    score: float | None
    aborted_by: int | None = None
    late: int | None = None
    came: tuple[bool, bool] = (False, False)


def result_of(game: Game) -> float | None:
    """White's points in a finished game (seat 0 moves first in a tournament game)."""
    if not game.over or game.aborted is not None:
        return None
    winner = game.winner()
    return 0.5 if winner is None else 1.0 if winner == 0 else 0.0


def record(doc: JSONObject, finished: dict[str, Ended], now: float) -> bool:
    """Note the results of the ``finished`` games: a no-show forfeits (see the module
    docstring); a game a player aborted by hand is played again (a new game, the same
    pairing)."""
    changed = False
    for entry in doc["games"]:
        gid = entry.get("game")
        if gid not in finished:
            continue
        ended = finished[gid]
        changed = True
        if ended.score is not None:
            entry["score"] = ended.score
            entry["ended"] = now
            came(doc, [entry["white"], entry["black"]])
            continue
        gone = gone_players(doc)
        if entry["white"] in gone or entry["black"] in gone:
            forfeit(entry, gone, now)
        elif ended.late is not None:  # a first-move window closed: whoever did not come loses
            pair = (entry["white"], entry["black"])
            absent = [pid for seat, pid in enumerate(pair) if not ended.came[seat]]
            if not absent:  # both came: the one who did not move in time loses
                absent = [pair[ended.late]]
            forfeit(entry, set(absent), now, reason="no-show")
            entry["aborted_game"] = gid
            came(doc, [p for p in (entry["white"], entry["black"]) if p not in absent])
            missed(doc, absent)
        else:
            entry["replays"] = entry.get("replays", 0) + 1
            if entry["replays"] > MAX_REPLAYS:  # aborted again and again: the aborter loses
                seat = ended.aborted_by if ended.aborted_by is not None else 0
                quitter = entry["white"] if seat == 0 else entry["black"]
                forfeit(entry, {quitter}, now, reason="aborted")
                entry["aborted_game"] = gid
            else:
                entry["game"] = new_game_id()
    return changed


def back(player: JSONObject) -> None:
    """A player comes back (to an arena): their no-shows are forgotten."""
    player.pop("dropped", None)
    player.pop("missed", None)


def came(doc: JSONObject, players: list[str]) -> None:
    """The ``players`` came to a game: their run of no-shows ends."""
    for p in doc["players"]:
        if p["id"] in players:
            p.pop("missed", None)


def missed(doc: JSONObject, players: list[str]) -> None:
    """The ``players`` did not come to a game: counted, and at ``MISSES_TO_DROP`` in a row
    paused (arena) or withdrawn (round robin, Swiss)."""
    for p in doc["players"]:
        if p["id"] not in players or p.get("computer") is not None:
            continue
        p["missed"] = int(p.get("missed", 0)) + 1
        if p["missed"] >= MISSES_TO_DROP and p["state"] == "in":
            p["state"] = "left"
            p["dropped"] = "missed"


def gone_players(doc: JSONObject) -> set[str]:
    """The players who left or were removed."""
    return {p["id"] for p in doc["players"] if p["state"] != "in"}


def forfeit(entry: JSONObject, gone: set[str], now: float, reason: str = "gone") -> None:
    """A game decided without playing it (a player gone, a no-show): the player in ``gone``
    loses by forfeit; both in it, a double forfeit (0 points each)."""
    white_gone, black_gone = entry["white"] in gone, entry["black"] in gone
    entry["score"] = 0.0 if white_gone else 1.0
    if white_gone and black_gone:
        entry["double_forfeit"] = True
    entry.update(forfeit=reason, game=None, ended=now)


def points_of(entry: JSONObject) -> tuple[float, float]:
    """White's and black's points in a decided game (a double forfeit: none)."""
    if entry.get("double_forfeit"):
        return (0.0, 0.0)
    score = float(entry["score"])
    return (score, 1.0 - score)
