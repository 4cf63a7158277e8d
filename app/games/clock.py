"""Chess clocks for games between people: minutes per side plus an increment, kept by the server.

A game's clock is part of its stored data (``data["clock"]``, None for a game without one)::

    {"initial_ms": 300000, "increment_ms": 2000,
     "remaining_ms": [300000, 300000],   # each side's time when its clock last stopped
     "running": 0 | 1 | None,            # whose time runs now (None before the first move, and
                                         #   once the game is over)
     "since": 1700000000.0}              # when the running clock started (epoch seconds)

The first mover's clock starts with the first move's answer: thinking over the first move is
free (the other player may not have sat down yet).  Each move charges the mover the time since
their clock started; the increment is added when the turn passes to the other side (a run of
extra-turn moves earns it once).  When the running side's time is used up the game is lost on
time: :func:`flag_due` says so and the service writes the end (``data["flagged"]``).

Every function is pure: it takes the stored clock and ``now`` and returns a new one.
"""

from __future__ import annotations

from typing import Any

from app.games.errors import BadInput

MAX_MINUTES = 180
MAX_INCREMENT = 60
PEOPLE = ("local", "remote")  # the modes a clock applies to: games between people

Clock = dict[str, Any]


def from_params(value: Any, mode: str) -> Clock | None:
    """A new game's clock from the create request's ``clock``: null / absent for none, or
    ``{"minutes": m, "increment": s}`` (minutes per side, 0 < m <= 180; seconds added per turn,
    0-60)."""
    if value is None:
        return None
    if mode not in PEOPLE:
        raise BadInput("'clock' is for games between people (mode local or remote)")
    if not isinstance(value, dict) or set(value) - {"minutes", "increment"}:
        raise BadInput('\'clock\' must be null or {"minutes": m, "increment": seconds}')
    minutes = value.get("minutes")
    increment = value.get("increment", 0)
    if (
        isinstance(minutes, bool)
        or not isinstance(minutes, int | float)
        or not 0 < minutes <= MAX_MINUTES
    ):
        raise BadInput(f"'clock.minutes' must be a number of minutes over 0, up to {MAX_MINUTES}")
    if (
        isinstance(increment, bool)
        or not isinstance(increment, int | float)
        or not 0 <= increment <= MAX_INCREMENT
    ):
        raise BadInput(f"'clock.increment' must be a number of seconds from 0 to {MAX_INCREMENT}")
    initial = round(minutes * 60_000)
    return {
        "initial_ms": initial,
        "increment_ms": round(increment * 1000),
        "remaining_ms": [initial, initial],
        "running": None,
        "since": None,
    }


def fresh(clock: Clock | None) -> Clock | None:
    """The same clock settings, reset for a new game (a rematch)."""
    if clock is None:
        return None
    initial = int(clock["initial_ms"])
    return dict(clock, remaining_ms=[initial, initial], running=None, since=None)


def left_ms(clock: Clock, seat: int, now: float) -> int:
    """What ``seat`` has left at ``now`` (never below 0)."""
    left = int(clock["remaining_ms"][seat])
    if clock["running"] == seat and clock["since"] is not None:
        left -= round((now - float(clock["since"])) * 1000)
    return max(0, left)


def flag_due(clock: Clock | None, now: float) -> int | None:
    """The seat whose time has run out at ``now`` (its clock running), or None."""
    if clock is None or clock["running"] is None:
        return None
    seat = int(clock["running"])
    return seat if left_ms(clock, seat, now) <= 0 else None


def seconds_to_flag(clock: Clock | None, now: float) -> float | None:
    """Seconds until the running side's time runs out (None when no clock runs)."""
    if clock is None or clock["running"] is None:
        return None
    return left_ms(clock, int(clock["running"]), now) / 1000


def stopped(clock: Clock | None, now: float) -> Clock | None:
    """The clock with the running side charged its time and nobody's time running."""
    if clock is None:
        return None
    remaining = list(clock["remaining_ms"])
    running = clock["running"]
    if running is not None:
        remaining[running] = left_ms(clock, running, now)
    return dict(clock, remaining_ms=remaining, running=None, since=None)


def moved(clock: Clock | None, mover: int, next_mover: int | None, now: float) -> Clock | None:
    """After ``mover``'s move: they are charged their time, earn the increment if the turn
    passes, and ``next_mover``'s clock runs (nobody's once the game is over)."""
    if clock is None:
        return None
    after = stopped(clock, now)
    assert after is not None
    if next_mover != mover:
        after["remaining_ms"][mover] += int(clock["increment_ms"])
    if next_mover is not None:
        after.update(running=next_mover, since=now)
    return after


def switched(clock: Clock | None, next_mover: int | None, now: float) -> Clock | None:
    """After a take-back: the running side is charged, then ``next_mover``'s clock runs (no
    increment; before the first move's answer, nobody's runs)."""
    after = stopped(clock, now)
    if after is None or next_mover is None or clock is None or clock["running"] is None:
        return after
    after.update(running=next_mover, since=now)
    return after


def flagged(clock: Clock, seat: int) -> Clock:
    """The clock of a game lost on time by ``seat``: their time 0, nothing running."""
    remaining = list(clock["remaining_ms"])
    remaining[seat] = 0
    return dict(clock, remaining_ms=remaining, running=None, since=None)


def view(clock: Clock | None, now: float) -> dict[str, Any] | None:
    """What the page shows: each side's time left as of ``server_time_ms`` (the page counts the
    running side down from when it received this), whose clock runs, and the settings."""
    if clock is None:
        return None
    return {
        "initial_ms": clock["initial_ms"],
        "increment_ms": clock["increment_ms"],
        "remaining_ms": [left_ms(clock, seat, now) for seat in (0, 1)],
        "running": clock["running"],
        "server_time_ms": round(now * 1000),
    }
