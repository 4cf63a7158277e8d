"""Operations: the health endpoint, one log line per request with its time, graceful shutdown."""

from __future__ import annotations

import os
import re
import signal
import threading
import time
from pathlib import Path

import pytest
from flask import Flask

from app.computer import job as ai_job
from app.computer.moves import Computer
from app.computer.pool import SearchPool
from app.computer.queue import FairQueue
from app.store import Store
from tests.server import Server


def test_health_says_ok_with_figures_and_503_when_the_store_is_gone(app: Flask) -> None:
    client = app.test_client()
    client.post("/api/games", json={"mode": "local"})
    response = client.get("/health")
    assert response.status_code == 200
    body = response.json
    assert body["status"] == "ok" and body["games"] == 1 and body["store"] == "sqlite"
    assert body["computer"]["accepting"] and body["computer"]["running"] == 0
    app.extensions["mancala_store"].path = "/nonexistent/folder/mancala.sqlite3"
    response = client.get("/health")
    assert response.status_code == 503 and response.json["status"] == "unavailable"
    assert "store" in response.json["message"] and response.headers["Retry-After"]


def test_every_request_is_logged_once_with_its_time(tmp_path: Path) -> None:
    server = Server(tmp_path / "instance").start()
    try:
        status, game = server.request("POST", "/api/games", {"mode": "local"})
        assert status == 201
        server.request("GET", f"/api/games/{game['id']}")
        server.request("GET", "/api/games/no-such-game")
        time.sleep(0.5)  # the access log is written after the response
    finally:
        server.stop()
    log = server.log()
    line = r'"{} {} HTTP/1\.1" {} \d+ bytes \d+ ms pid <\d+>'
    for method, path, status in [
        ("POST", "/api/games", 201),
        ("GET", f"/api/games/{game['id']}", 200),
        ("GET", "/api/games/no-such-game", 404),
    ]:
        found = re.findall(line.format(method, re.escape(path), status), log)
        assert len(found) == 1, (method, path, log)


@pytest.mark.parametrize(
    ("sig", "group"), [(signal.SIGTERM, False), (signal.SIGINT, True)], ids=["sigterm", "ctrl-c"]
)
def test_stopping_finishes_a_running_computer_move_and_saves_it(
    tmp_path: Path, sig: int, group: bool
) -> None:
    """The computer (Master: a 3 s search) moves first; the server is stopped while it thinks,
    by SIGTERM to gunicorn, or by SIGINT to every process of the group (Ctrl+C)."""
    server = Server(tmp_path / "instance").start()
    try:
        status, game = server.request(
            "POST", "/api/games", {"level": "master", "first": "computer"}
        )
        assert status == 201 and game["thinking"] and game["moves"] == []
        time.sleep(0.5)
        started = time.monotonic()
        assert server.stop(sig, group=group) == 0
        took = time.monotonic() - started
    finally:
        if server.proc and server.proc.poll() is None:
            server.stop(signal.SIGKILL)
    row = Store(str(tmp_path / "instance" / "mancala.sqlite3")).load(game["id"])
    assert row is not None and len(row.data["moves"]) >= 1, server.log()
    assert row.data["decisions"]["0"]["level"] == "master"
    assert took < 30, f"the shutdown waited past gunicorn's graceful timeout:\n{server.log()}"


def test_drain_finishes_queued_moves_and_refuses_new_ones(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    calls: list[tuple] = []
    real_think = ai_job.think

    def think(*args):  # type: ignore[no-untyped-def]
        calls.append(args)
        release.wait(10)
        return real_think(*args)

    monkeypatch.setattr(ai_job, "think", think)
    client = app.test_client()
    game = client.post("/api/games", json={"level": "beginner", "first": "computer"}).json
    thinker: Computer = app.extensions["mancala_computer"]
    assert thinker.queue.status()["running"] == 1
    threading.Timer(0.3, release.set).start()
    assert thinker.drain(10)
    store = app.extensions["mancala_store"]
    row = store.load(game["id"])
    assert row is not None and len(row.data["moves"]) >= 1 and len(calls) >= 1
    refused = client.post("/api/games", json={"level": "beginner"})
    assert refused.status_code == 503 and "shutting down" in refused.json["message"]
    assert client.get("/health").status_code == 503


def test_search_processes_run_at_a_lower_priority(tmp_path: Path) -> None:
    """Each lane's processes yield the CPU to the web workers, the background lane most."""
    thinker = FairQueue(SearchPool("process", 1))
    try:
        args = ("kalah", {}, 0, [], "beginner", "minimax", 1)
        assert "move" in thinker.submit("a", args).result(timeout=60)
        thinker.warm_up()
        pids = thinker.pids()
        assert sorted(lane for lane, _ in pids) == ["background", "people", "quick"]
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        least = {"quick": 5, "people": 10, "background": 19}
        for lane, pid in pids:
            assert os.getpriority(os.PRIO_PROCESS, pid) >= min(19, mine + least[lane]), lane
    finally:
        thinker.shutdown()
