"""Under load the computer degrades, it never fails (issue 32, "Under load").

A server the tests start is awaited by its own ready signal and stopped, its whole process
group, if it never becomes ready.  A position whose search runs long is reported as an estimate
(``capped``) and the analysis goes on: its search stops itself at a wall-time cap well before
its process would be stopped, and a position whose process was stopped anyway gets a quick
estimate.  The cap is forced tiny here (``ANALYSIS_CAP_SECONDS``) so that the tests are
deterministic on any load.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app import create_app
from app.analysis.runner import Budget
from app.analysis.step import evaluate_position, quick_estimate
from app.computer.pool import SearchFailed, SearchPool
from app.computer.queue import FairQueue, kill_after
from app.web.serve import ready_workers
from engine import get_variant
from tests.app.test_analysis import finish, play_out
from tests.app.test_api import create
from tests.server import Server

SMALL = {"pits": 5, "seeds": 2}  # the "small Kalah 5x2" games (20 seeds: solved)


def capped_app(tmp_path: Path, cap: float | None) -> Iterator[Flask]:
    config: dict[str, Any] = {
        "TESTING": True,
        "INSTANCE_PATH": str(tmp_path / "instance"),
        "AI_EXECUTOR": "thread",
        "LONG_POLL_SECONDS": 0.3,
    }
    if cap is not None:
        config["ANALYSIS_CAP_SECONDS"] = cap
    app = create_app(config)
    yield app
    app.extensions["mancala_computer"].shutdown()


@pytest.fixture
def tiny_cap(tmp_path: Path) -> Iterator[Flask]:
    """The app with every position's search capped at a millisecond of wall time."""
    yield from capped_app(tmp_path, 0.001)


def small_game(client: FlaskClient, seed: int) -> dict[str, Any]:
    game = create(client, mode="local", variant="kalah", options=SMALL)
    return play_out(client, game, seed)


def test_a_search_past_its_cap_is_an_estimate_and_the_analysis_goes_on(tiny_cap: Flask) -> None:
    client = tiny_cap.test_client()
    game = play_out(client, create(client, mode="local", variant="kalah"), seed=5)
    url = f"/api/games/{game['id']}/analysis"
    client.post(url)
    found = finish(client, url)
    assert found["status"] == "done" and "error" not in found, found
    assert found["done"] == found["total"] == len(game["moves"])
    assert all(m["capped"] is False for m in found["moves"][:4])  # the opening book's: exact
    middle = found["moves"][8]
    # A 6x4 position off the book takes far more than the cap: cut short, an estimate...
    assert middle["capped"] is True and middle["exact"] is False, middle
    # ...with a value for every legal move all the same.
    assert len(middle["values"]) >= 1
    assert found["capped"] == sum(1 for m in found["moves"] if m["capped"]) >= 1
    assert "estimates" in found["note"] and "busy" in found["note"]


def test_without_a_forced_cap_a_small_game_is_solved_and_not_capped(tmp_path: Path) -> None:
    app = next(capped_app(tmp_path, None))
    try:
        client = app.test_client()
        game = create(client, mode="local", variant="kalah", options={"pits": 3, "seeds": 3})
        game = play_out(client, game, seed=2)
        url = f"/api/games/{game['id']}/analysis"
        client.post(url)
        found = finish(client, url)
        assert found["capped"] == 0 and "note" not in found
        assert all(m["exact"] and m["capped"] is False for m in found["moves"])
    finally:
        app.extensions["mancala_computer"].shutdown()


def test_a_position_whose_search_was_stopped_gets_a_quick_estimate(app: Flask) -> None:
    """The search process stopped past its time (the issue's "ran past 9.0 s and was stopped")
    for one position: that position is estimated, the others are searched, the run finishes."""
    client = app.test_client()
    game = small_game(client, seed=6)
    queue = app.extensions["mancala_computer"].queue
    submit = queue.submit
    stopped: list[tuple[int, ...]] = []

    def one_stopped(client_id: str, args: Any, task: Any = None, **how: Any) -> Any:
        if 0 in args.plies:  # the first position (no moves yet) and the line holding it
            stopped.append(args.plies)
            failed: Future[Any] = Future()
            failed.set_exception(SearchFailed("the search ran past 9.0 s and was stopped"))
            return failed
        return submit(client_id, args, task, **how)

    queue.submit = one_stopped
    url = f"/api/games/{game['id']}/analysis"
    client.post(url)
    found = finish(client, url)
    assert stopped[-1] == (0,)  # the line holding it stopped, then the position alone
    assert found["status"] == "done" and "error" not in found, found
    first = found["moves"][0]
    assert first["capped"] is True and set(first["values"]) == {"0", "1", "2", "3", "4"}
    assert all(m["capped"] is False for m in found["moves"][1:])
    assert found["capped"] == 1


def test_the_quick_estimate_values_every_move_and_says_it_is_one() -> None:
    found = quick_estimate("kalah", {}, 0, [])
    state = get_variant("kalah").initial_state()
    assert set(found["values"]) == {str(m) for m in state.legal_moves()}
    assert found["capped"] is True and not all(found["exact"].values())
    assert found["nodes"] <= 2000


def off_the_book(plies: int = 8) -> list[int]:
    """The moves of a 6x4 game past the opening book (each mover's last pit)."""
    state, moves = get_variant("kalah").initial_state(), []
    for _ in range(plies):
        moves.append(state.legal_moves()[-1])
        state = state.play(moves[-1])
    return moves


def test_a_capped_step_stops_at_its_cap_not_at_its_planned_size() -> None:
    # 60 planned seconds of search on 6x4: far past a 0.2 s cap, which stops it.
    found = evaluate_position("kalah", {}, 0, off_the_book(), 60.0, 0.0, None, 0.2)
    assert found["capped"] is True
    assert found["nodes"] < 60 * 200_000  # nowhere near the planned size


@pytest.mark.parametrize("seconds", [0.05, 0.35, 2.0, 25.35, 60.0])
def test_the_default_cap_comes_before_the_process_is_stopped(seconds: float) -> None:
    cap = Budget().cap_for(seconds)
    assert seconds < cap <= kill_after(seconds) - 2.0
    assert Budget(cap_seconds=0.5).cap_for(seconds) == min(0.5, cap)


def test_a_search_process_answers_at_its_cap_long_before_it_would_be_killed() -> None:
    """In a real search process (at its niceness): a step of 30 planned seconds capped at
    half a second answers, capped, instead of being killed at 65 s."""
    queue = FairQueue(SearchPool("process", workers=1, quick=0, background=1))
    try:
        args: tuple[object, ...] = ("kalah", {}, 0, off_the_book(), 30.0, 0.0, None, 0.5)
        future = queue.submit("d", args, task=evaluate_position, seconds=30.0, interactive=False)
        found = future.result(timeout=kill_after(30.0) + 60)  # generous: a shared machine
        assert found["capped"] is True
    finally:
        queue.shutdown()


# -- the servers the tests start -------------------------------------------------------------------


def group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_server_is_awaited_by_its_own_ready_signal(tmp_path: Path) -> None:
    server = Server(tmp_path / "instance", WORKERS="2").start()
    try:
        count, ready = ready_workers(server.lines)
        assert count == 2 and ready == set(server.worker_pids()), server.log()
        assert server.ready()
        assert server.request("GET", "/health")[0] == 200
    finally:
        server.stop()


def test_a_server_that_never_became_ready_is_stopped_with_its_whole_group(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path / "instance")
    with pytest.raises(RuntimeError, match="did not start"):
        server.start(timeout=0.01, attempts=1)  # given up long before its workers are ready
    assert server.proc is not None
    group = server.proc.pid
    end = time.monotonic() + 60  # generous: a loaded machine reaps slowly
    while group_alive(group):
        assert time.monotonic() < end, "a server that failed to start was left running"
        time.sleep(0.1)
    assert server.proc.poll() is not None


def test_two_workers_ready_lines_run_together_still_count_both() -> None:
    """Two workers starting at once wrote into one line ("...takes requestsMancala is ready:
    ..."): a CI run waited 120 s for a server that was up.  Each is found wherever it stands."""
    lines = [
        "Mancala starts 2 server workers",
        "Mancala is ready: server worker 2848 takes requestsMancala is ready: server worker "
        "2847 takes requests",
    ]
    assert ready_workers(lines) == (2, {2847, 2848})
