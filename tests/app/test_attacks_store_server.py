"""Issue 13's attacks on the store, against the real server (``python -m app.web.serve``, as
``make run``): the database file deleted while it runs, and corrupted while it runs and then
restarted.  Before the fix the first kept answering 200/201 into a deleted file (every game
gone after a restart) and the second said "disk may be full", /health said ok, and a restart
failed in a loop with no backup to restore."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.server import ROOT, Server


def store_file(instance: Path) -> Path:
    return instance / "mancala.sqlite3"


def create_games(server: Server, n: int) -> list[dict[str, Any]]:
    games = []
    for _ in range(n):
        status, game = server.request("POST", "/api/games", {"mode": "local"})
        assert status == 201, game
        games.append(game)
    return games


def backup_command(instance: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.upkeep.backup", *args],
        check=False,
        cwd=ROOT,
        env=dict(os.environ, MANCALA_INSTANCE=str(instance)),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_database_deleted_while_running_acknowledges_no_write_and_a_restore_brings_it_back(
    tmp_path: Path,
) -> None:
    instance = tmp_path / "instance"
    server = Server(instance).start()
    try:
        games = create_games(server, 3)
        made = backup_command(instance, "now")
        assert made.returncode == 0, made.stderr
        backup = Path(made.stdout.strip())
        for suffix in ("", "-wal", "-shm"):
            Path(f"{store_file(instance)}{suffix}").unlink(missing_ok=True)
        answers = [server.request("POST", "/api/games", {"mode": "local"}) for _ in range(6)]
        answers += [server.request("GET", f"/api/games/{g['id']}") for g in games]
        assert [status for status, _ in answers] == [503] * len(answers), answers
        assert "deleted or moved" in answers[0][1]["message"]
        assert "app.upkeep.backup restore" in answers[0][1]["message"]
        status, health = server.request("GET", "/health")
        assert status == 503 and health["status"] == "unavailable", health
        assert not store_file(instance).exists()  # nothing was written in its place
        restored = backup_command(instance, "restore", str(backup))
        assert restored.returncode == 0, restored.stderr
        for game in games:  # served again, without a restart
            status, seen = server.request("GET", f"/api/games/{game['id']}")
            assert status == 200 and seen["version"] == game["version"]
        status, _ = server.request("POST", "/api/games", {"mode": "local"})
        assert status == 201
        assert server.request("GET", "/health")[0] == 200
    finally:
        server.stop(signal.SIGKILL)
    with sqlite3.connect(store_file(instance)) as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 4


def corrupt(path: Path) -> None:
    """Junk over every page but the first (the header stays: SQLite opens it, then fails)."""
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = path.stat().st_size
    with path.open("r+b") as f:
        f.seek(4096)
        f.write(b"\xa5" * max(0, size - 4096))


def test_a_corrupted_database_is_named_so_and_a_restart_says_how_to_restore(
    tmp_path: Path,
) -> None:
    instance = tmp_path / "instance"
    server = Server(instance).start()
    try:
        games = create_games(server, 20)
        made = backup_command(instance, "now")
        assert made.returncode == 0, made.stderr
        corrupt(store_file(instance))
        status, health = server.request("GET", "/health")
        assert status == 503 and "damaged" in health["message"], health
        status, refused = server.request("POST", "/api/games", {"mode": "local"})
        assert status == 503 and "damaged" in refused["message"], refused
        assert "disk may be full" not in refused["message"]
    finally:
        server.stop(signal.SIGKILL)
    broken = Server(instance)
    started = time.monotonic()
    with pytest.raises(RuntimeError) as failed:
        broken.start(timeout=60, attempts=1)
    took = time.monotonic() - started
    assert broken.proc is not None and broken.proc.wait(timeout=30) is not None  # it stopped
    assert "python -m app.upkeep.backup restore" in str(failed.value), str(failed.value)[-3000:]
    assert took < 60
    broken.stop(signal.SIGKILL)
    backups = sorted((instance / "backups").iterdir())
    restored = backup_command(instance, "restore", str(backups[-1]))
    assert restored.returncode == 0, restored.stderr
    server = Server(instance).start()
    try:
        for game in games:
            status, seen = server.request("GET", f"/api/games/{game['id']}")
            assert status == 200 and seen["version"] == game["version"]
    finally:
        server.stop()


def raw_request(server: Server, method: str, path: str, headers: dict[str, str]) -> int:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=15)
    try:
        body = b'{"mode": "local"}' if method == "POST" else None
        conn.request(
            method, path, body=body, headers={"Content-Type": "application/json", **headers}
        )
        return conn.getresponse().status
    finally:
        conn.close()


def test_a_foreign_host_and_a_chosen_bot_token_are_refused_by_the_real_server(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path / "instance").start()
    try:
        rebinding = {"Host": "evil.example:8000", "Origin": "http://evil.example:8000"}
        assert raw_request(server, "POST", "/api/games", rebinding) == 421
        assert raw_request(server, "GET", "/", rebinding) == 421
        assert (
            raw_request(server, "POST", "/api/games", {"Host": f"localhost:{server.port}"}) == 201
        )
        status, answer = server.request("POST", "/api/games", {"mode": "remote"}, token="a" * 20)
        assert status == 401 and "seat_token" in answer["message"], answer
        status, game = server.request("POST", "/api/games", {"mode": "remote", "seat_token": True})
        assert status == 201 and game["seat_token"]
        status, mine = server.request("GET", f"/api/games/{game['id']}", token=game["seat_token"])
        assert status == 200 and mine["you"] == [0]
        status, health = server.request("GET", "/health")
        assert status == 200 and health["games"] == 2
    finally:
        server.stop()
