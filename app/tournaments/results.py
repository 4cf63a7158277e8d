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

from collections.abc import Iterable
from dataclasses import dataclass, replace

from app.games import Game, new_game_id
from app.tournaments.model import Match, Player, Tournament

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


def record(t: Tournament, finished: dict[str, Ended], now: float) -> Tournament:
    """``t`` with the results of the ``finished`` games noted: a no-show forfeits (see the
    module docstring); a game a player aborted by hand is played again (a new game, the same
    pairing)."""
    for index, entry in enumerate(t.games):
        gid = entry.game
        if gid is None or gid not in finished or entry.black is None:
            continue
        ended = finished[gid]
        pair = (entry.white, entry.black)
        if ended.score is not None:
            t = came(at(t, index, replace(entry, score=ended.score, ended=now)), pair)
            continue
        gone = t.gone()
        if entry.white in gone or entry.black in gone:
            t = at(t, index, forfeit(entry, gone, now))
        elif ended.late is not None:  # a first-move window closed: whoever did not come loses
            absent = [pid for seat, pid in enumerate(pair) if not ended.came[seat]]
            if not absent:  # both came: the one who did not move in time loses
                absent = [pair[ended.late]]
            lost = replace(forfeit(entry, set(absent), now, reason="no-show"), aborted_game=gid)
            t = at(t, index, lost)
            t = missed(came(t, [p for p in pair if p not in absent]), absent)
        else:
            replays = entry.replays + 1
            if replays > MAX_REPLAYS:  # aborted again and again: the aborter loses
                seat = ended.aborted_by if ended.aborted_by is not None else 0
                quitter = entry.white if seat == 0 else entry.black
                lost = forfeit(entry, {quitter}, now, reason="aborted")
                t = at(t, index, replace(lost, replays=replays, aborted_game=gid))
            else:
                t = at(t, index, replace(entry, replays=replays, game=new_game_id()))
    return t


def at(t: Tournament, index: int, entry: Match) -> Tournament:
    """``t`` with its listed game ``index`` now ``entry``."""
    games = list(t.games)
    games[index] = entry
    return t.with_games(games)


def back(player: Player) -> Player:
    """A player comes back (to an arena): in again, their no-shows forgotten."""
    return replace(player, state="in", dropped=None, missed=0)


def came(t: Tournament, players: Iterable[str]) -> Tournament:
    """The ``players`` came to a game: their run of no-shows ends."""
    ids = set(players)
    return replace(t, players=tuple(replace(p, missed=0) if p.id in ids else p for p in t.players))


def missed(t: Tournament, players: Iterable[str]) -> Tournament:
    """The ``players`` did not come to a game: counted, and at ``MISSES_TO_DROP`` in a row
    paused (arena) or withdrawn (round robin, Swiss)."""
    ids = set(players)
    return replace(t, players=tuple(missed_one(p) if p.id in ids else p for p in t.players))


def missed_one(player: Player) -> Player:
    """A player who did not come (the computer always comes)."""
    if player.computer is not None:
        return player
    counted = replace(player, missed=player.missed + 1)
    if counted.missed >= MISSES_TO_DROP and counted.state == "in":
        return replace(counted, state="left", dropped="missed")
    return counted


def forfeit(entry: Match, gone: set[str], now: float, reason: str = "gone") -> Match:
    """A game decided without playing it (a player gone, a no-show): the player in ``gone``
    loses by forfeit; both in it, a double forfeit (0 points each)."""
    white_gone, black_gone = entry.white in gone, entry.black in gone
    return replace(
        entry,
        score=0.0 if white_gone else 1.0,
        double_forfeit=entry.double_forfeit or (white_gone and black_gone),
        forfeit=reason,
        game=None,
        ended=now,
    )


def points_of(entry: Match) -> tuple[float, float]:
    """White's and black's points in a decided game (a double forfeit: none)."""
    if entry.double_forfeit:
        return (0.0, 0.0)
    score = float(entry.score or 0.0)
    return (score, 1.0 - score)
