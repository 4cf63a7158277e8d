"""Fair sharing of the computer's CPU: a capped, fair queue of searches, per-device rate limits
(429 with a retry hint) and a clear 503 when the queue is full — each leaving the game as it was."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from app import create_app
from app.computer import job as ai_job
from app.computer.pool import SearchPool
from app.computer.queue import FairQueue
from app.games.errors import QueueFull, TooManySearches
from app.web.errors import status_of


def one_process() -> SearchPool:
    """A pool of one search thread (no quick or background lane): every job waits its turn."""
    return SearchPool("thread", workers=1, quick=0, background=0)


class Gate:
    """Stands in for the search: records whose job starts, holds each until released."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.release = threading.Semaphore(0)

    def think(self, *args: Any) -> dict[str, Any]:
        self.started.append(str(args[-1]))  # the seed carries the client's name in these tests
        assert self.release.acquire(timeout=10)
        return {"move": 0}


def test_clients_take_turns_in_the_queue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate()
    monkeypatch.setattr(ai_job, "think", gate.think)
    thinker = FairQueue(one_process())
    try:
        jobs = [
            thinker.submit("busy", ("kalah", {}, 0, [], "easy", "minimax", f"busy{i}"))
            for i in range(4)
        ]
        time.sleep(0.1)
        jobs.append(thinker.submit("other", ("kalah", {}, 0, [], "easy", "minimax", "other")))
        for _ in jobs:
            gate.release.release()
        for job in jobs:
            job.result(timeout=10)
        assert gate.started == ["busy0", "other", "busy1", "busy2", "busy3"]
    finally:
        thinker.shutdown()


def test_a_newer_board_job_replaces_the_clients_waiting_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stepping through positions on the analysis board, a device wants the values of the last
    one: its board jobs still waiting are cancelled by a newer one (not the running one, not
    its other jobs, not another device's)."""
    gate = Gate()
    monkeypatch.setattr(ai_job, "think", gate.think)
    thinker = FairQueue(one_process())
    try:
        args = ("kalah", {}, 0, [], "easy", "minimax")
        running = thinker.submit("a", (*args, "a0"), replaces="board")
        time.sleep(0.1)
        other = thinker.submit("a", (*args, "a-move"))
        stale = thinker.submit("a", (*args, "a1"), replaces="board")
        theirs = thinker.submit("b", (*args, "b1"), replaces="board")
        newest = thinker.submit("a", (*args, "a2"), replaces="board")
        assert stale.cancelled() and not running.cancelled() and not theirs.cancelled()
        for _ in range(4):
            gate.release.release()
        for job in (running, other, theirs, newest):
            assert job.result(timeout=10) == {"move": 0}
        assert sorted(gate.started) == ["a-move", "a0", "a2", "b1"]
    finally:
        thinker.shutdown()


def test_a_full_queue_and_a_greedy_client_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client at its own cap gets 429; a full queue refuses (429) the client with the most
    searches waiting while the others get in; only a queue whose turns are too long for
    everyone alike is a 503."""
    gate = Gate()
    monkeypatch.setattr(ai_job, "think", gate.think)
    capped = FairQueue(one_process(), max_queued=3, per_client=2)
    thinker = FairQueue(one_process(), max_queued=3, per_client=8)
    jobs = []
    try:
        args = ("kalah", {}, 0, [], "easy", "minimax", "x")
        jobs += [capped.submit("a", args) for _ in range(3)]  # one running, two waiting
        with pytest.raises(TooManySearches) as greedy:
            capped.admit("a")
        assert status_of(greedy.value) == 429 and greedy.value.retry_after
        capped.admit("b")

        jobs += [thinker.submit("a", args) for _ in range(4)]  # one running, three waiting: full
        with pytest.raises(TooManySearches) as most:
            thinker.admit("a")  # a has the most waiting
        assert status_of(most.value) == 429 and "most" in most.value.message
        assert most.value.retry_after
        thinker.admit("b")  # b has none waiting: it still gets in
        jobs.append(thinker.submit("b", args))
        thinker.admit("c")
        slow = ("kalah", {}, 0, [], "easy", "minimax", "slow")
        jobs.append(thinker.submit("d", slow, seconds=30.0))  # a 30 s job waits before c's turn
        with pytest.raises(QueueFull) as full:
            thinker.admit("c")
        assert status_of(full.value) == 503 and "busy" in full.value.message
        assert thinker.status()["queued"] == 5 and thinker.status()["running"] == 1
        for _ in jobs:
            gate.release.release()
        for job in jobs:
            job.result(timeout=10)
        thinker.admit("c")  # nothing waits now: however slow the past, c gets in
    finally:
        for _ in range(10):
            gate.release.release()
        capped.shutdown()
        thinker.shutdown()


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Flask]:
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "AI_EXECUTOR": "thread",
            "LONG_POLL_SECONDS": 0.3,
            "RATE_LIMITS": {"create": [3, 0.01], "computer": [2, 0.01]},
        }
    )
    yield app
    app.extensions["mancala_computer"].shutdown()


def device(app: Flask, address: str) -> Any:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def test_creating_games_is_rate_limited_per_device(limited: Flask) -> None:
    phone = device(limited, "192.168.1.20")
    for _ in range(3):
        assert phone.post("/api/games", json={"mode": "local"}).status_code == 201
    refused = phone.post("/api/games", json={"mode": "local"})
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) >= 1
    assert refused.json["retry_after"] == int(refused.headers["Retry-After"])
    assert "try again" in refused.json["message"]
    assert len(phone.get("/api/games").json["games"]) == 3
    laptop = device(limited, "192.168.1.21")
    assert laptop.post("/api/games", json={"mode": "local"}).status_code == 201


def settle(client: Any, game: dict[str, Any]) -> dict[str, Any]:
    end = time.monotonic() + 10
    while game["thinking"] and time.monotonic() < end:
        game = client.get(f"/api/games/{game['id']}?since={game['version']}").json
    return game


def test_moves_against_the_computer_are_rate_limited_and_the_game_is_unchanged(
    limited: Flask,
) -> None:
    phone = device(limited, "192.168.1.30")
    game = phone.post("/api/games", json={"level": "beginner"}).json
    for _ in range(2):
        pit = game["legal_moves"][0]
        answer = phone.post(
            f"/api/games/{game['id']}/moves", json={"pit": pit, "version": game["version"]}
        )
        assert answer.status_code == 200
        game = settle(phone, answer.json)
        if game["status"] == "over":
            pytest.skip("the game ended early")  # (not with these first moves)
    before = limited.extensions["mancala_store"].load(game["id"])
    refused = phone.post(
        f"/api/games/{game['id']}/moves",
        json={"pit": game["legal_moves"][0], "version": game["version"]},
    )
    assert refused.status_code == 429 and refused.headers["Retry-After"]
    hint = phone.post(f"/api/games/{game['id']}/hint", json={})
    assert hint.status_code == 429
    after = limited.extensions["mancala_store"].load(game["id"])
    assert before is not None and after is not None
    assert (after.version, after.data) == (before.version, before.data)
    friend = phone.post("/api/games", json={"mode": "local"}).json  # no computer: no limit
    for pit in (2, 3, 4):
        answer = phone.post(
            f"/api/games/{friend['id']}/moves", json={"pit": pit, "version": friend["version"]}
        )
        assert answer.status_code == 200
        friend = answer.json


def test_a_full_search_queue_answers_503_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = Gate()
    monkeypatch.setattr(ai_job, "think", gate.think)
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "AI_EXECUTOR": "thread",
            "AI_QUEUE": 1,
            "AI_QUICK_WORKERS": 0,  # one process for people's moves: the second one waits
        }
    )
    try:
        clients = [device(app, f"10.0.0.{i}") for i in range(4)]
        games = [
            c.post("/api/games", json={"level": "easy", "first": "computer"}) for c in clients[:2]
        ]
        assert [g.status_code for g in games] == [201, 201]  # one searching, one waiting: full
        more = clients[1].post("/api/games", json={"level": "easy", "first": "computer"})
        assert more.status_code == 429 and more.headers["Retry-After"]  # the most waiting
        assert "most" in more.json["message"]
        assert len(clients[1].get("/api/games").json["games"]) == 1
        other = clients[2].post("/api/games", json={"level": "easy", "first": "computer"})
        assert other.status_code == 201  # a device with nothing waiting still plays
        app.extensions["mancala_computer"].queue.max_wait = 0.1  # every turn too far away
        busy = clients[3].post("/api/games", json={"level": "easy", "first": "computer"})
        assert busy.status_code == 503 and busy.headers["Retry-After"]
        assert "busy" in busy.json["message"]
        assert clients[3].get("/api/games").json["games"] == []
        local = clients[3].post("/api/games", json={"mode": "local"})
        assert local.status_code == 201  # games without the computer go on
        for _ in range(3):
            gate.release.release()
    finally:
        for _ in range(5):
            gate.release.release()
        app.extensions["mancala_computer"].shutdown()


def test_the_queue_is_full_when_its_searches_would_take_too_long(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two slow searches (0.6 s each, as the last one took) waiting for one process would take
    longer than the 1 s allowed: a newcomer is refused, however short the queue is; once they
    have run, nothing waits and it gets in, however slow they were."""
    gate = Gate()
    monkeypatch.setattr(ai_job, "think", gate.think)
    thinker = FairQueue(one_process(), 1000, 100, max_wait=1.0)
    args = ("kalah", {}, 0, [], "master", "minimax", "x")
    try:
        first = thinker.submit("a", args)
        threading.Timer(0.6, gate.release.release).start()
        first.result(timeout=10)
        jobs = [thinker.submit("a", args)]  # running
        thinker.admit("b")  # nothing waiting
        jobs.append(thinker.submit("b", args))
        thinker.admit("c")  # one waiting: about 0.6 s
        jobs.append(thinker.submit("d", args))
        with pytest.raises(QueueFull) as full:
            thinker.admit("c")  # two waiting: about 1.2 s
        assert status_of(full.value) == 503 and "about 1 s" in full.value.message
        assert full.value.retry_after and full.value.retry_after >= 1
        assert 1.0 <= thinker.status()["expected_wait_seconds"] < 3.0  # 0.6 s each, not 3 s
        for _ in jobs:
            gate.release.release()
        for job in jobs:
            job.result(timeout=10)
        thinker.admit("c")
    finally:
        thinker.shutdown()
