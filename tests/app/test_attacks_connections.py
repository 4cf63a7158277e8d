"""Connection attacks from one address against the real server (``python -m app.web.serve``, as
``make run`` starts it): 2,100 idle connections, 700 slowloris connections, 1,000 long-polls.

Loopback only, each attack bounded in count and time (tools/attacks.py).  While it lasts, other
devices read their games; the test asserts their p95 stays under 1 s, that ``/health`` answers
within 3 s after the attack, and that no game changed.
"""

from __future__ import annotations

import resource
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from app.web.polls import open_polls
from tests.server import Server
from tools.attacks import Slowloris, trial

SECONDS = 8.0  # each attack's length
P95_LIMIT = 1.0  # seconds, other devices' plain reads during the attack
HEALTH_LIMIT = 3.0  # seconds after the attack


def open_files(wanted: int) -> int:
    """Raise this process's (and so the server's) open-file limit towards ``wanted``; the
    limit there is now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return soft


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    open_files(8192)
    server = Server(tmp_path / "instance").start()
    try:
        yield server
    finally:
        server.stop()


def host_port(server: Server) -> tuple[str, int]:
    return "127.0.0.1", server.port


def check(result_line: str, p95: float | None, health: float, unchanged: bool) -> None:
    assert p95 is not None and p95 < P95_LIMIT, result_line
    assert health < HEALTH_LIMIT, result_line
    assert unchanged, result_line


@pytest.mark.slow
def test_idle_connection_flood(server: Server) -> None:
    count = min(2100, open_files(8192) - 300)  # the client holds them all
    result = trial("idle", *host_port(server), victims=6, count=count, seconds=SECONDS)
    print(result.line())
    assert result.attack.opened >= count * 0.9, result.line()
    check(result.line(), result.victim_p95_s, result.health_after_s, result.games_unchanged)
    assert result.victim_reads >= 6 * SECONDS, result.line()  # they were served all along


@pytest.mark.slow
def test_slowloris(server: Server) -> None:
    result = trial("slowloris", *host_port(server), victims=6, count=700, seconds=SECONDS)
    print(result.line())
    assert result.attack.peak_open >= 600, result.line()
    check(result.line(), result.victim_p95_s, result.health_after_s, result.games_unchanged)
    assert result.attack.closed_by_server > 0, "slow connections are cut: " + result.line()


@pytest.mark.slow
def test_long_polls_from_one_address(server: Server) -> None:
    result = trial("longpolls", *host_port(server), victims=6, count=1000, seconds=SECONDS)
    print(result.line())
    assert result.attack.peak_open >= 900, result.line()
    check(result.line(), result.victim_p95_s, result.health_after_s, result.games_unchanged)
    assert result.attack.answers.get(429, 0) > 0, "beyond the cap: 429: " + result.line()


def exchange(port: int, pieces: list[bytes], pause: float = 0.3) -> bytes:
    """Send ``pieces`` with a pause between them on one connection; all that comes back."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        for piece in pieces:
            sock.sendall(piece)
            time.sleep(pause)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


@pytest.mark.slow
def test_a_slow_request_is_served_once_it_has_arrived(server: Server) -> None:
    """The event loop gathers a request sent in pieces (within the time allowed), body and all,
    and serves it; one that never finishes is closed."""
    pieces = [b"GET /hea", b"lth HTTP/1.1\r\nHost: x\r\n", b"Connection: close\r\n\r\n"]
    answer = exchange(server.port, pieces)
    assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
    body = b'{"mode": "local"}'
    head = (
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\nConnection: close\r\n" % len(body)
    )
    answer = exchange(server.port, [head + b"\r\n", body[:5], body[5:]])
    assert answer.startswith(b"HTTP/1.1 201"), answer[:200]
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(head + b"Expect: 100-continue\r\n\r\n")  # as curl sends a body over 1 KiB
        assert sock.recv(100) == b"HTTP/1.1 100 Continue\r\n\r\n"  # the body is not waited for
        sock.sendall(body)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 201"), answer[:200]
    attack = Slowloris("127.0.0.1", server.port, count=1, every=0.5, seconds=8.0).start()
    report = attack.wait(30)
    assert report.closed_by_server >= 1, report.line()


def test_long_polls_beyond_the_device_cap_are_refused_with_429(app: Flask) -> None:
    """The app's own cap (app/web/polls.py), also where no worker counts: here the cap is 1 and one
    long-poll of this device is waiting already."""
    client = app.test_client()
    game = client.post("/api/games", json={"mode": "local"}).json
    path = f"/api/games/{game['id']}?since={game['version']}"
    app.config["LONG_POLLS_PER_DEVICE"] = 1
    app.config["LONG_POLL_SECONDS"] = 3.0
    first: list[int] = []
    waiting = threading.Thread(target=lambda: first.append(app.test_client().get(path).status_code))
    waiting.start()
    deadline = time.monotonic() + 10
    while open_polls("127.0.0.1") < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    response = client.get(path)
    assert response.status_code == 429 and response.headers["Retry-After"] == "1"
    assert response.json["status"] == 429 and "updates waiting" in response.json["message"]
    assert client.get(f"/api/games/{game['id']}").status_code == 200  # a plain read is not capped
    waiting.join(10)
    assert first == [200] and open_polls("127.0.0.1") == 0
