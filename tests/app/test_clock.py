"""The clock's arithmetic (app/games/clock.py), with ``now`` given: each case a literal clock,
one event, the whole resulting clock compared."""

from __future__ import annotations

import pytest

from app.games import clock
from app.games.errors import BadInput

FIVE_PLUS_TWO = {
    "initial_ms": 300_000,
    "increment_ms": 2000,
    "remaining_ms": [300_000, 300_000],
    "running": None,
    "since": None,
}


def test_a_new_clock_from_minutes_and_increment() -> None:
    assert clock.from_params({"minutes": 5, "increment": 2}, "remote") == FIVE_PLUS_TWO
    assert clock.from_params(None, "computer") is None
    with pytest.raises(BadInput, match="between people"):
        clock.from_params({"minutes": 5}, "watch")


def test_the_first_move_starts_the_other_sides_clock_and_earns_the_increment() -> None:
    after = clock.moved(FIVE_PLUS_TWO, 0, 1, now=100.0)
    assert after == dict(FIVE_PLUS_TWO, remaining_ms=[302_000, 300_000], running=1, since=100.0)


def test_a_move_charges_the_mover_the_time_since_their_clock_started() -> None:
    running = dict(FIVE_PLUS_TWO, remaining_ms=[302_000, 300_000], running=1, since=100.0)
    assert (
        clock.left_ms(running, 1, 112.5) == 287_500 and clock.left_ms(running, 0, 112.5) == 302_000
    )
    after = clock.moved(running, 1, 0, now=112.5)
    assert after == dict(FIVE_PLUS_TWO, remaining_ms=[302_000, 289_500], running=0, since=112.5)


def test_an_extra_turn_keeps_the_clock_running_without_an_increment() -> None:
    running = dict(FIVE_PLUS_TWO, running=0, since=10.0)
    after = clock.moved(running, 0, 0, now=13.0)
    assert after == dict(FIVE_PLUS_TWO, remaining_ms=[297_000, 300_000], running=0, since=13.0)


def test_the_last_move_stops_the_clock() -> None:
    running = dict(FIVE_PLUS_TWO, running=0, since=10.0)
    after = clock.moved(running, 0, None, now=11.0)
    assert after == dict(FIVE_PLUS_TWO, remaining_ms=[301_000, 300_000], running=None, since=None)


def test_time_runs_out_and_the_flag_is_due() -> None:
    running = dict(FIVE_PLUS_TWO, remaining_ms=[1000, 5000], running=0, since=50.0)
    assert clock.flag_due(running, 50.9) is None
    assert clock.seconds_to_flag(running, 50.5) == 0.5
    assert clock.flag_due(running, 51.0) == 0 and clock.left_ms(running, 0, 60.0) == 0
    assert clock.flagged(running, 0) == dict(
        FIVE_PLUS_TWO, remaining_ms=[0, 5000], running=None, since=None
    )
    assert clock.flag_due(FIVE_PLUS_TWO, 1e12) is None  # not started: nobody's time runs


def test_a_takeback_hands_the_clock_over_without_an_increment() -> None:
    running = dict(FIVE_PLUS_TWO, remaining_ms=[302_000, 300_000], running=1, since=100.0)
    after = clock.switched(running, 0, now=104.0)
    assert after == dict(FIVE_PLUS_TWO, remaining_ms=[302_000, 296_000], running=0, since=104.0)
    assert clock.switched(FIVE_PLUS_TWO, 0, now=5.0) == FIVE_PLUS_TWO  # before the first move


def test_the_view_counts_the_running_side_down_to_now() -> None:
    running = dict(FIVE_PLUS_TWO, running=1, since=100.0)
    assert clock.view(running, 101.25) == {
        "initial_ms": 300_000,
        "increment_ms": 2000,
        "remaining_ms": [300_000, 298_750],
        "running": 1,
        "server_time_ms": 101_250,
    }
    assert clock.fresh(dict(running, remaining_ms=[1, 2])) == FIVE_PLUS_TWO
