"""Chess clocks for games between people: minutes per side plus an increment, kept by the server.

A game's clock is part of its stored data (``data["clock"]``, None for a game without one)::

    {"initial_ms": 300000, "increment_ms": 2000,
     "remaining_ms": [300000, 300000],   # each side's time when its clock last stopped
     "running": 0 | 1 | None,            # whose time runs now (None until the player to move
                                         #   has made a first move, and once the game is over)
     "since": 1700000000.0,              # when the running clock started (epoch seconds)
     "started": [true, false]}           # which sides have made their first move

Each side's clock starts after that side's first move (as on lichess): thinking over your
first move is free, so that nobody loses time before sitting down.  Each move charges the mover
the time since their clock started; the increment is added when the turn passes to the other
side (a run of extra-turn moves earns it once).  When the running side's time is used up the
game is lost on time: :func:`flag_due` says so and the service writes the end
(``data["flagged"]``).  A first move has its own window instead (:func:`start_window`): a
player who makes none within ``START_SECONDS`` has the game aborted, without a result.

Time when no server was up (an *outage*, see :mod:`app.games.liveness`) is never charged:
:func:`rebased` and :func:`rebased_window` move a running clock or window past it.

Every function is pure: it takes the stored clock and ``now`` and returns a new one.
"""

from __future__ import annotations

from collections.abc import Sequence

from typing_extensions import TypedDict

from app.games.errors import N_, BadInput
from app.store.json_types import JSONObject

START_SECONDS = 30.0  # the window for each player's first move in a game with a clock
MAX_MINUTES = 180
MAX_INCREMENT = 60
PEOPLE = ("local", "remote")  # the modes a clock applies to: games between people

Clock = JSONObject
Window = JSONObject  # a first-move window: {"seat": s, "since": t0, "until": t1}
Outages = Sequence[tuple[float, float]]  # spans (start, end) when no server was up


def from_params(value: object, mode: str) -> Clock | None:
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
        raise BadInput(
            N_("'clock.minutes' must be a number of minutes over 0, up to %(most)s"),
            most=MAX_MINUTES,
        )
    if (
        isinstance(increment, bool)
        or not isinstance(increment, int | float)
        or not 0 <= increment <= MAX_INCREMENT
    ):
        raise BadInput(
            N_("'clock.increment' must be a number of seconds from 0 to %(most)s"),
            most=MAX_INCREMENT,
        )
    initial = round(minutes * 60_000)
    return {
        "initial_ms": initial,
        "increment_ms": round(increment * 1000),
        "remaining_ms": [initial, initial],
        "running": None,
        "since": None,
        "started": [False, False],
    }


def fresh(clock: Clock | None) -> Clock | None:
    """The same clock settings, reset for a new game (a rematch)."""
    if clock is None:
        return None
    initial = int(clock["initial_ms"])
    return dict(
        clock, remaining_ms=[initial, initial], running=None, since=None, started=[False, False]
    )


def started(clock: Clock) -> list[bool]:
    """Which sides have made their first move (a clock kept before this was noted: both, if
    one runs)."""
    found = clock.get("started")
    if found is None:
        return [clock["running"] is not None] * 2
    return [bool(found[0]), bool(found[1])]


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
    """After ``mover``'s move: they are charged their time (none for their first move), earn
    the increment if the turn passes, and ``next_mover``'s clock runs if they have made their
    first move already (nobody's once the game is over)."""
    if clock is None:
        return None
    after = stopped(clock, now)
    assert after is not None
    if next_mover != mover:
        after["remaining_ms"][mover] += int(clock["increment_ms"])
    begun = started(clock)
    begun[mover] = True
    after["started"] = begun
    if next_mover is not None and begun[next_mover]:
        after.update(running=next_mover, since=now)
    return after


def switched(
    clock: Clock | None, next_mover: int | None, now: float, begun: list[bool]
) -> Clock | None:
    """After a take-back: the running side is charged, then ``next_mover``'s clock runs if
    they still have a move in the game (``begun``, per side; no increment)."""
    after = stopped(clock, now)
    if after is None:
        return None
    after["started"] = list(begun)
    if next_mover is not None and begun[next_mover]:
        after.update(running=next_mover, since=now)
    return after


def deadline(clock: Clock | None, window: Window | None) -> float | None:
    """When the game ends by time if nobody moves (epoch seconds): the running side's flag or
    the close of the first-move window, whichever is first; None when no time runs.  The
    store keeps it in a column (:mod:`app.games.flags` ends the games past it); an outage
    since makes it early, never late (:func:`rebased` only moves it later)."""
    found = []
    if clock is not None and clock["running"] is not None and clock["since"] is not None:
        seat = int(clock["running"])
        found.append(float(clock["since"]) + int(clock["remaining_ms"][seat]) / 1000)
    if window is not None:
        found.append(float(window["until"]))
    return min(found) if found else None


def flagged(clock: Clock, seat: int) -> Clock:
    """The clock of a game lost on time by ``seat``: their time 0, nothing running."""
    remaining = list(clock["remaining_ms"])
    remaining[seat] = 0
    return dict(clock, remaining_ms=remaining, running=None, since=None)


def rebased(clock: Clock | None, outages: Outages, now: float) -> Clock | None:
    """The clock with every outage that ended since its running side's clock started taken
    out: that side is charged the time up to the outage and runs on from its end.  Rebasing
    again changes nothing (the clock then runs from after the outage)."""
    if clock is None or clock["running"] is None or clock["since"] is None:
        return clock
    seat = int(clock["running"])
    since = float(clock["since"])
    left = int(clock["remaining_ms"][seat])
    for start, end in sorted(outages):
        if since < end <= now:
            left -= max(0, round((start - since) * 1000))
            since = end
    if since == float(clock["since"]):
        return clock
    remaining = list(clock["remaining_ms"])
    remaining[seat] = max(0, left)
    return dict(clock, remaining_ms=remaining, since=since)


def start_window(seat: int, now: float) -> Window:
    """The window for ``seat``'s first move, opening ``now``."""
    return {"seat": seat, "since": now, "until": now + START_SECONDS}


def start_missed(window: Window | None, now: float) -> int | None:
    """The seat that let its first-move window close by ``now``, or None."""
    if window is None or now < float(window["until"]):
        return None
    return int(window["seat"])


def seconds_to_start(window: Window | None, now: float) -> float | None:
    """Seconds left of the first-move window (None without one)."""
    return None if window is None else max(0.0, float(window["until"]) - now)


def rebased_window(window: Window | None, outages: Outages, now: float) -> Window | None:
    """The first-move window lengthened by the outages that began while it was open."""
    if window is None:
        return None
    since, until = float(window["since"]), float(window["until"])
    for start, end in sorted(outages):
        if since < end <= now and max(start, since) < until:
            until += end - max(start, since)
            since = end
    if since == float(window["since"]):
        return window
    return dict(window, since=since, until=until)


class ClockView(TypedDict):
    """The clocks as the page shows them (it counts the running side down from
    server_time_ms)."""

    initial_ms: int
    increment_ms: int
    remaining_ms: list[int]
    """each side's time left at server_time_ms"""
    running: int | None
    """whose time runs (null until the player to move has made a first move, and once over)"""
    server_time_ms: int


def view(clock: Clock | None, now: float) -> ClockView | None:
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
