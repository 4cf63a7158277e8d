"""The computer shared fairly whatever is asked of it: lanes that keep a process for a person's
short move, background work after interactive work, devices charged in CPU seconds, and search
processes replaced when a job runs far past its budget or a process holds too much memory."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from flask import Flask

from app.computer import job as ai_job
from app.computer import queue as queue_module
from app.computer.job import as_job
from app.computer.pool import SearchFailed, SearchPool
from app.computer.queue import FairQueue
from tests.app.hoarding import hoard

EASY = ("kalah", {}, 0, [], "easy", "minimax", "easy")
PERFECT = ("kalah", {}, 0, [], "perfect", "minimax", "perfect")


class Gate:
    """Stands in for the search: records whose job starts and holds the ones named ``held``
    until released."""

    def __init__(self, held: tuple[str, ...] = ()) -> None:
        self.started: list[str] = []
        self.held = held
        self.release = threading.Event()

    def think(self, *args: Any) -> dict[str, Any]:
        name = str(args[-1])
        self.started.append(name)
        if name.startswith(self.held):
            assert self.release.wait(20)
        return {"move": 0, "name": name}


def background(name: str) -> dict[str, Any]:
    """A background job (module level, so a search process can run it)."""
    return ai_job.think("kalah", {}, 0, [], "easy", "minimax", name)


def burn(seconds: float) -> dict[str, Any]:
    """A job that spends ``seconds`` of CPU."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    return {"move": 0}


def sleep(seconds: float) -> dict[str, Any]:
    time.sleep(seconds)
    return {"move": 0}


def test_interactive_work_goes_before_background_work(monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate(held=("bg0",))
    monkeypatch.setattr(ai_job, "think", gate.think)
    thinker = FairQueue(SearchPool("thread", 1, quick=0, background=0))  # one process for all
    try:
        jobs = [thinker.submit("lab", (*EASY[:-1], f"bg{i}"), interactive=False) for i in range(3)]
        jobs.append(thinker.submit("person", EASY))
        gate.release.set()
        for job in jobs:
            job.result(timeout=10)
        assert gate.started == ["bg0", "easy", "bg1", "bg2"]
    finally:
        thinker.shutdown()


def test_a_device_s_own_move_goes_before_its_own_background_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Interactive first holds within one device too: its move queued behind its own lab
    moves starts before them."""
    gate = Gate(held=("bg0",))
    monkeypatch.setattr(ai_job, "think", gate.think)
    thinker = FairQueue(SearchPool("thread", 1, quick=0, background=0))
    try:
        jobs = [thinker.submit("me", (*EASY[:-1], f"bg{i}"), interactive=False) for i in range(3)]
        time.sleep(0.1)  # bg0 holds the one process
        jobs.append(thinker.submit("me", EASY))
        gate.release.set()
        for job in jobs:
            job.result(timeout=10)
        assert gate.started == ["bg0", "easy", "bg1", "bg2"]
    finally:
        gate.release.set()
        thinker.shutdown()


def test_a_short_move_finds_a_process_while_long_and_background_work_holds_the_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Perfect moves hold the people lane and a lab game the background lane; another device's
    Easy move runs at once in the quick lane, and no background job ever takes it."""
    gate = Gate(held=("perfect", "bg"))
    monkeypatch.setattr(ai_job, "think", gate.think)
    thinker = FairQueue(SearchPool("thread", 1))
    try:
        held = [thinker.submit("host", PERFECT) for _ in range(3)]
        held += [thinker.submit("lab", (*EASY[:-1], f"bg{i}"), interactive=False) for i in range(3)]
        time.sleep(0.1)
        assert thinker.status()["busy"] == {"quick": 0, "people": 1, "background": 1}
        assert thinker.submit("guest", EASY).result(timeout=5)["name"] == "easy"
        assert thinker.status()["busy"]["quick"] == 0  # the background work waits for its lane
        gate.release.set()
        for job in held:
            job.result(timeout=10)
    finally:
        gate.release.set()
        thinker.shutdown()


def test_a_device_that_spent_more_cpu_waits_behind_the_others() -> None:
    """Charges are CPU seconds, not job counts: after its long job, the hog's next job waits
    behind a newcomer's although it was queued first."""
    thinker = FairQueue(SearchPool("thread", 1, quick=0, background=0))
    order: list[str] = []
    try:
        thinker.submit("hog", (0.4,), task=burn, seconds=1.0).result(timeout=10)
        assert thinker.spent("hog") > 0.3
        blocker = thinker.submit("x", (0.2,), task=sleep, seconds=1.0)
        hog = thinker.submit("hog", (0.0,), task=burn, seconds=1.0)
        newcomer = thinker.submit("new", (0.0,), task=burn, seconds=1.0)
        hog.add_done_callback(lambda f: order.append("hog"))
        newcomer.add_done_callback(lambda f: order.append("new"))
        for job in (blocker, hog, newcomer):
            job.result(timeout=10)
        assert order == ["new", "hog"]
    finally:
        thinker.shutdown()


def test_a_job_far_past_its_budget_is_stopped_and_its_process_replaced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(queue_module, "KILL_GRACE", 0.5)
    thinker = FairQueue(SearchPool("process", 1, quick=0, background=0))
    try:
        thinker.warm_up()
        [(_, first)] = thinker.pids()
        runaway = thinker.submit("a", (30.0,), task=sleep, seconds=0.1)
        with pytest.raises(SearchFailed, match="ran past"):
            runaway.result(timeout=20)
        assert thinker.submit("b", EASY).result(timeout=60)["move"] in range(6)
        [(_, second)] = thinker.pids()
        assert second != first
    finally:
        thinker.shutdown()


def test_a_search_process_over_its_memory_limit_is_replaced_between_jobs() -> None:
    pool = SearchPool("process", 1, quick=0, background=0, memory_limit=150 << 20)
    thinker = FairQueue(pool)
    try:
        thinker.warm_up()
        [(_, first)] = thinker.pids()
        assert thinker.submit("a", (10,), task=hoard, seconds=1.0).result(timeout=60)
        [(_, still)] = thinker.pids()
        assert still == first  # under the limit: kept
        assert thinker.submit("a", (200,), task=hoard, seconds=1.0).result(timeout=60)
        thinker.submit("a", EASY).result(timeout=60)
        [(_, second)] = thinker.pids()
        assert second != first and thinker.status()["replaced_for_memory"] == 1
    finally:
        thinker.shutdown()


def test_refusals_follow_what_waits_now_not_past_slow_searches() -> None:
    thinker = FairQueue(SearchPool("thread", 1, quick=0, background=0), max_wait=1.0)
    try:
        thinker.submit("a", (1.5,), task=sleep, seconds=5.0).result(timeout=10)
        thinker.admit("b")  # a slow search is over and nothing waits: b gets in
    finally:
        thinker.shutdown()


def submitted(app: Flask, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every job the app's queue is given from now on: its kind ("think" for the computer's
    move, without its level) and how it was submitted (client, seconds, interactive)."""
    queue = app.extensions["mancala_computer"].queue
    seen: list[dict[str, Any]] = []
    submit = queue.submit

    def spy(client: str, args: Any, task: Any = None, **how: Any) -> Any:
        name = as_job(args, task).kind.split(":")[0]
        seen.append({"client": client, "task": name, "interactive": True, **how})
        return submit(client, args, task, **how)

    monkeypatch.setattr(queue, "submit", spy)
    return seen


def test_a_lab_game_is_played_a_move_at_a_time_as_background_jobs(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = submitted(app, monkeypatch)
    body = {"variant": "kalah", "options": {"pits": 4, "seeds": 3}, "a": "perfect", "b": "hard"}
    answer = app.test_client().post("/api/lab/games", json={**body, "games": 2, "game": 0})
    assert answer.status_code == 200, answer.json
    kept = app.test_client().get(f"/api/games/{answer.json['game_id']}").json
    assert len(seen) == len(kept["moves"]) - 2  # every move but the opening's two, one job each
    assert all(not s["interactive"] for s in seen)
    assert {s["seconds"] for s in seen} == {0.5, 0.05}  # Perfect's 5 s and Hard's 0.5 s, scaled


def test_a_person_s_moves_and_hints_are_interactive_and_watch_games_background(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = submitted(app, monkeypatch)
    client = app.test_client()
    game = client.post("/api/games", json={"level": "easy", "first": "computer"}).json
    assert client.post("/api/games", json={"mode": "local"}).status_code == 201
    deadline = time.monotonic() + 10
    while game["thinking"] and time.monotonic() < deadline:
        game = client.get(f"/api/games/{game['id']}?since={game['version']}").json
    assert client.post(f"/api/games/{game['id']}/hint", json={}).status_code == 200
    body = {"mode": "watch", "levels": ["beginner", "beginner"], "delay": 0}
    assert client.post("/api/games", json=body).status_code == 201
    time.sleep(0.3)
    kinds = [(s["task"], s["interactive"]) for s in seen]
    assert kinds[0] == ("think", True)  # the computer's move against a person
    assert ("evaluate_position", True) in kinds  # the hint
    assert ("think", False) in kinds  # the watch game's moves
