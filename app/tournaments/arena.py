"""Arena (lichess style): for a fixed time, free players are paired again at once.

The rules taken:

- **points**: a win is 2, a draw 1, a loss 0; a player whose last two games (in this arena)
  were both wins is *on fire* and the game's points are doubled (a win 4, a draw 2); a draw
  or a loss puts the fire out;
- **pairing**: the players waiting (free, not paused, not in a game) are ranked by points; from
  the top, each is paired with the nearest-ranked waiting player who is not the opponent of
  their last game; that rematch is allowed only when the arena has just the two of them
  active; a player left without a fit waits for the next game to end;
- **colours**: white goes to the player who has had white less often (whites minus blacks),
  then to the higher-ranked;
- a paused player is never paired; coming back makes them free again (their points stay);
- standings: points, then the number of wins, then the fewest games, then joining order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.tournaments.roundrobin import Pairing

WIN, DRAW = 2, 1


def game_points(outcomes: list[float]) -> list[int]:
    """The points each game earned, in order: ``outcomes`` are the player's results (1, ½, 0)."""
    points = []
    streak = 0
    for outcome in outcomes:
        base = WIN if outcome == 1.0 else DRAW if outcome == 0.5 else 0
        points.append(2 * base if streak >= 2 else base)
        streak = streak + 1 if outcome == 1.0 else 0
    return points


def on_fire(outcomes: list[float]) -> bool:
    """True when the next game's points are doubled (the last two games were wins)."""
    return len(outcomes) >= 2 and outcomes[-1] == 1.0 and outcomes[-2] == 1.0


@dataclass
class ArenaPlayer:
    """A player's arena so far: their results in order, the opponent of their last game,
    colours had, and whether they are paused or in a game."""

    player: str
    order: int
    outcomes: list[float] = field(default_factory=list)
    last_opponent: str | None = None
    whites: int = 0
    blacks: int = 0
    paused: bool = False
    playing: bool = False

    @property
    def points(self) -> int:
        return sum(game_points(self.outcomes))

    @property
    def wins(self) -> int:
        return sum(1 for o in self.outcomes if o == 1.0)


def ranked(players: list[ArenaPlayer]) -> list[ArenaPlayer]:
    """The arena's standings, best first."""
    return sorted(players, key=lambda p: (-p.points, -p.wins, len(p.outcomes), p.order))


def pair_waiting(players: list[ArenaPlayer]) -> list[Pairing]:
    """New games for the players waiting among ``players`` (everyone in the arena)."""
    active = [p for p in players if not p.paused]
    waiting = [p for p in ranked(active) if not p.playing]
    games: list[Pairing] = []
    taken: set[str] = set()
    for i, a in enumerate(waiting):
        if a.player in taken:
            continue
        free = [b for b in waiting[i + 1 :] if b.player not in taken and b.player != a.player]
        fits = [b for b in free if b.player != a.last_opponent and a.player != b.last_opponent]
        if not fits and len(active) == 2:
            fits = free
        if not fits:
            continue
        b = fits[0]
        taken.update((a.player, b.player))
        if a.whites - a.blacks <= b.whites - b.blacks:
            games.append(Pairing(a.player, b.player))
        else:
            games.append(Pairing(b.player, a.player))
    return games
