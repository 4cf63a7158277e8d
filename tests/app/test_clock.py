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
    "started": [False, False],
}
BOTH_STARTED = dict(FIVE_PLUS_TWO, started=[True, True])


def test_a_new_clock_from_minutes_and_increment() -> None:
    assert clock.from_params({"minutes": 5, "increment": 2}, "remote") == FIVE_PLUS_TWO
    assert clock.from_params(None, "computer") is None
    with pytest.raises(BadInput, match="between people"):
        clock.from_params({"minutes": 5}, "watch")


def test_each_clock_starts_after_that_players_first_move() -> None:
    """As on lichess: the first move of each side is free; the opponent's clock does not run
    after the first move, only once they have made their own first move."""
    after = clock.moved(FIVE_PLUS_TWO, 0, 1, now=100.0)
    assert after == dict(
        FIVE_PLUS_TWO, remaining_ms=[302_000, 300_000], running=None, started=[True, False]
    )
    assert clock.flag_due(after, 1e12) is None and clock.seconds_to_flag(after, 1e9) is None
    answered = clock.moved(after, 1, 0, now=160.0)  # a minute over the first reply: free
    assert answered == dict(BOTH_STARTED, remaining_ms=[302_000, 302_000], running=0, since=160.0)


def test_an_extra_turn_on_the_first_move_starts_the_movers_clock() -> None:
    after = clock.moved(FIVE_PLUS_TWO, 0, 0, now=100.0)
    assert after == dict(FIVE_PLUS_TWO, running=0, since=100.0, started=[True, False])


def test_a_move_charges_the_mover_the_time_since_their_clock_started() -> None:
    running = dict(BOTH_STARTED, remaining_ms=[302_000, 300_000], running=1, since=100.0)
    assert (
        clock.left_ms(running, 1, 112.5) == 287_500 and clock.left_ms(running, 0, 112.5) == 302_000
    )
    after = clock.moved(running, 1, 0, now=112.5)
    assert after == dict(BOTH_STARTED, remaining_ms=[302_000, 289_500], running=0, since=112.5)


def test_a_clock_kept_before_first_moves_were_noted_runs_as_it_did() -> None:
    old = {k: v for k, v in FIVE_PLUS_TWO.items() if k != "started"}
    running = dict(old, remaining_ms=[302_000, 300_000], running=1, since=100.0)
    after = clock.moved(running, 1, 0, now=112.5)
    assert after == dict(BOTH_STARTED, remaining_ms=[302_000, 289_500], running=0, since=112.5)


def test_an_extra_turn_keeps_the_clock_running_without_an_increment() -> None:
    running = dict(BOTH_STARTED, running=0, since=10.0)
    after = clock.moved(running, 0, 0, now=13.0)
    assert after == dict(BOTH_STARTED, remaining_ms=[297_000, 300_000], running=0, since=13.0)


def test_the_last_move_stops_the_clock() -> None:
    running = dict(BOTH_STARTED, running=0, since=10.0)
    after = clock.moved(running, 0, None, now=11.0)
    assert after == dict(BOTH_STARTED, remaining_ms=[301_000, 300_000], running=None, since=None)


def test_time_runs_out_and_the_flag_is_due() -> None:
    running = dict(BOTH_STARTED, remaining_ms=[1000, 5000], running=0, since=50.0)
    assert clock.flag_due(running, 50.9) is None
    assert clock.seconds_to_flag(running, 50.5) == 0.5
    assert clock.flag_due(running, 51.0) == 0 and clock.left_ms(running, 0, 60.0) == 0
    assert clock.flagged(running, 0) == dict(
        BOTH_STARTED, remaining_ms=[0, 5000], running=None, since=None
    )
    assert clock.flag_due(FIVE_PLUS_TWO, 1e12) is None  # not started: nobody's time runs


def test_a_takeback_hands_the_clock_over_without_an_increment() -> None:
    running = dict(BOTH_STARTED, remaining_ms=[302_000, 300_000], running=1, since=100.0)
    after = clock.switched(running, 0, now=104.0, begun=[True, True])
    assert after == dict(BOTH_STARTED, remaining_ms=[302_000, 296_000], running=0, since=104.0)
    # back to before seat 0's first move: nobody's clock runs
    assert clock.switched(running, 0, now=104.0, begun=[False, False]) == dict(
        FIVE_PLUS_TWO, remaining_ms=[302_000, 296_000]
    )
    one_moved = dict(FIVE_PLUS_TWO, started=[True, False])
    assert clock.switched(one_moved, 1, now=5.0, begun=[True, False]) == one_moved


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


def test_time_when_no_server_was_up_is_not_charged() -> None:
    """Ben's clock ran from 100; no server was up from 105 to 125 (and from 20 to 30, before
    it ran); at 130 he has used 5 + 5 s, not 30.  Rebasing again changes nothing."""
    running = dict(BOTH_STARTED, remaining_ms=[300_000, 60_000], running=1, since=100.0)
    outages = [(105.0, 125.0), (20.0, 30.0)]
    rebased = clock.rebased(running, outages, now=130.0)
    assert rebased == dict(BOTH_STARTED, remaining_ms=[300_000, 55_000], running=1, since=125.0)
    assert clock.left_ms(rebased, 1, 130.0) == 50_000
    assert clock.rebased(rebased, outages, now=131.0) == rebased
    assert clock.rebased(running, [(105.0, 140.0)], now=130.0) == running  # not over yet
    assert clock.rebased(FIVE_PLUS_TWO, outages, now=130.0) == FIVE_PLUS_TWO  # nothing runs
    # a clock started in the last second before the last beat seen: nothing before it charged
    late = dict(running, since=106.0)
    assert clock.rebased(late, outages, now=130.0) == dict(late, since=125.0)


def test_the_first_move_window_closes_and_waits_out_an_outage() -> None:
    window = clock.start_window(1, now=100.0)
    assert window == {"seat": 1, "since": 100.0, "until": 100.0 + clock.START_SECONDS}
    assert clock.start_missed(window, 129.9) is None and clock.start_missed(window, 130.0) == 1
    assert clock.seconds_to_start(window, 110.0) == 20.0
    assert clock.start_missed(None, 1e12) is None and clock.seconds_to_start(None, 0) is None
    later = clock.rebased_window(window, [(110.0, 150.0)], now=151.0)
    assert later == {"seat": 1, "since": 150.0, "until": 170.0}
    assert clock.rebased_window(later, [(110.0, 150.0)], now=152.0) == later
    assert clock.rebased_window(window, [(140.0, 150.0)], now=151.0) == window  # closed before
