"""Connection attacks from one address, and other devices' view of the server meanwhile.

Shared by the attack tests (tests/app/test_attacks_connections.py) and the load benchmark
(``python -m tools.loadbench --attack NAME``).  Loopback only: every attack binds its sockets to
one address of 127.0.0.0/8 (:data:`ATTACKER`) and talks to a server on this machine.  Each is
bounded in count and time.  Standard library only.

The attacks (:data:`ATTACKS`), each as the issue that reported it saw it done:

``idle``
    2,100 TCP connections that send nothing, held 10 s, then closed.
``slowloris``
    700 connections that send half a request line, then a byte every 2 s; a connection the
    server closes is opened again at once (the attacker keeps up the count).
``longpolls``
    1,000 long-polls (``GET /api/games/<id>?since=<version>``) on one game of the attacker's:
    each is sent again at once when answered, a second after a refusal or an error.

:class:`Victims` are the other devices: each on its own address with its own game, reading it
(a plain ``GET /api/games/<id>``) in a loop and timing every read.
"""

from __future__ import annotations

import errno
import http.client
import json
import math
import selectors
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

ATTACKER = "127.66.0.1"  # the attacking device's address (the bench's devices are 127.0.x.y)


@dataclass
class Report:
    """What an attack did: connections opened, refused/closed by the server, requests, answers."""

    name: str
    opened: int = 0
    failed: int = 0  # connects that failed or timed out
    closed_by_server: int = 0
    sent: int = 0  # requests sent (long-polls)
    answers: dict[int, int] = field(default_factory=dict)  # status -> count
    peak_open: int = 0

    def line(self) -> str:
        answers = ", ".join(f"{s}: {n}" for s, n in sorted(self.answers.items())) or "none"
        return (
            f"attack {self.name}: {self.opened} connections opened (peak {self.peak_open} open), "
            f"{self.failed} failed to connect, {self.closed_by_server} closed by the server, "
            f"{self.sent} requests sent; answers {answers}"
        )


class Attack:
    """One attack run in a background thread from :meth:`start` until :meth:`stop` (or its own
    end).  Subclasses implement :meth:`run`, checking ``self.stopping`` often."""

    name = "attack"

    def __init__(self, host: str, port: int, source: str = ATTACKER, seconds: float = 10.0):
        self.host, self.port, self.source, self.seconds = host, port, source, seconds
        self.stopping = threading.Event()
        self.report = Report(self.name)
        self._thread: threading.Thread | None = None
        self.started = self.ended = 0.0

    def start(self) -> Attack:
        self.started = time.monotonic()
        self._thread = threading.Thread(target=self._main, name=f"attack-{self.name}", daemon=True)
        self._thread.start()
        return self

    def _main(self) -> None:
        try:
            self.run()
        finally:
            self.ended = time.monotonic()

    def run(self) -> None:
        raise NotImplementedError

    def stop(self, timeout: float = 30.0) -> Report:
        self.stopping.set()
        if self._thread is not None:
            self._thread.join(timeout)
        return self.report

    def wait(self, timeout: float | None = None) -> Report:
        """Until the attack ends by itself (its ``seconds``), then its report."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.report

    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def deadline(self) -> float:
        return self.started + self.seconds

    def connect(self, timeout: float = 2.0) -> socket.socket | None:
        """A new TCP connection from the attacker's address (None if it failed)."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.bind((self.source, 0))
            sock.settimeout(timeout)
            sock.connect((self.host, self.port))
        except OSError:
            sock.close()
            self.report.failed += 1
            return None
        self.report.opened += 1
        return sock


def _closed(sock: socket.socket) -> bool:
    """Whether the server closed, reset or answered (refused) this connection, which sent no
    whole request: a non-blocking peek."""
    try:
        sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except BlockingIOError:
        return False
    except OSError:
        return True
    return True  # b"" (closed) or the first byte of a refusal


class IdleFlood(Attack):
    """``count`` connections that send nothing, held ``seconds`` from the first, then closed."""

    name = "idle"

    def __init__(self, host: str, port: int, count: int = 2100, seconds: float = 10.0, **kw: Any):
        super().__init__(host, port, seconds=seconds, **kw)
        self.count = count

    def run(self) -> None:
        socks: list[socket.socket] = []
        try:
            while len(socks) < self.count and not self.stopping.is_set():
                if time.monotonic() > self.deadline():
                    break
                sock = self.connect(timeout=1.0)
                if sock is not None:
                    socks.append(sock)
                    self.report.peak_open = max(self.report.peak_open, len(socks))
            self.stopping.wait(max(0.0, self.deadline() - time.monotonic()))
            self.report.closed_by_server = sum(_closed(s) for s in socks)
        finally:
            for sock in socks:
                sock.close()


class Slowloris(Attack):
    """``count`` connections each sending half a request line, then one byte every ``every`` s,
    never finishing it; one closed by the server is opened again (at most ``count`` at once)."""

    name = "slowloris"

    def __init__(
        self,
        host: str,
        port: int,
        count: int = 700,
        every: float = 2.0,
        seconds: float = 10.0,
        **kw: Any,
    ):
        super().__init__(host, port, seconds=seconds, **kw)
        self.count, self.every = count, every

    def run(self) -> None:
        socks: list[socket.socket] = []
        try:
            next_drip = time.monotonic()
            while not self.stopping.is_set() and time.monotonic() < self.deadline():
                while len(socks) < self.count and time.monotonic() < self.deadline():
                    if self.stopping.is_set():
                        return
                    sock = self.connect(timeout=1.0)
                    if sock is None:
                        break
                    try:
                        sock.sendall(b"GET /api/games?x=")  # half a request line
                    except OSError:
                        sock.close()
                        self.report.closed_by_server += 1
                        continue
                    sock.setblocking(False)
                    socks.append(sock)
                self.report.peak_open = max(self.report.peak_open, len(socks))
                if time.monotonic() >= next_drip:
                    next_drip = time.monotonic() + self.every
                    alive = []
                    for sock in socks:
                        try:
                            if _closed(sock):
                                raise ConnectionResetError
                            sock.send(b"a")
                            alive.append(sock)
                        except OSError:
                            sock.close()
                            self.report.closed_by_server += 1
                    socks = alive
                self.stopping.wait(min(0.2, self.every))
        finally:
            for sock in socks:
                sock.close()


class LongPolls(Attack):
    """``count`` long-polls at once on one game of the attacker's, each sent again when
    answered (at once after a 200, ``retry`` s after anything else), for ``seconds``."""

    name = "longpolls"

    def __init__(
        self,
        host: str,
        port: int,
        count: int = 1000,
        seconds: float = 10.0,
        retry: float = 1.0,
        **kw: Any,
    ):
        super().__init__(host, port, seconds=seconds, **kw)
        self.count, self.retry = count, retry
        self.game: dict[str, Any] | None = None

    def prepare(self) -> dict[str, Any]:
        """The attacker's game (made once, before the attack)."""
        if self.game is None:
            status, game = request(
                self.host, self.port, "POST", "/api/games", {"mode": "local"}, source=self.source
            )
            if status != 201:
                raise RuntimeError(f"the attacker could not create a game: {status} {game}")
            self.game = game
        return self.game

    def start(self) -> Attack:
        self.prepare()
        return super().start()

    def run(self) -> None:
        assert self.game is not None
        path = f"/api/games/{self.game['id']}?since={self.game['version']}"
        head = (
            f"GET {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            "Accept: application/json\r\nConnection: close\r\n\r\n"
        ).encode()
        sel = selectors.DefaultSelector()
        buffers: dict[socket.socket, bytearray] = {}
        again: list[tuple[float, int]] = []  # (when, how many) polls to send again
        pending = self.count

        def send_one() -> None:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            try:
                sock.bind((self.source, 0))
                sock.setblocking(False)
                err = sock.connect_ex((self.host, self.port))
                if err not in (0, errno.EINPROGRESS):
                    raise OSError(err, "connect")
            except OSError:
                sock.close()
                self.report.failed += 1
                again.append((time.monotonic() + self.retry, 1))
                return
            self.report.opened += 1
            buffers[sock] = bytearray()
            sel.register(sock, selectors.EVENT_WRITE, "connecting")

        def finish(sock: socket.socket, status: int) -> None:
            sel.unregister(sock)
            buffers.pop(sock, None)
            sock.close()
            self.report.answers[status] = self.report.answers.get(status, 0) + 1
            if status == 200:
                again.append((time.monotonic(), 1))
            else:
                again.append((time.monotonic() + self.retry, 1))

        try:
            while not self.stopping.is_set() and time.monotonic() < self.deadline():
                now = time.monotonic()
                due = [n for when, n in again if when <= now]
                again = [(w, n) for w, n in again if w > now]
                pending += sum(due)
                while pending and len(buffers) < self.count:
                    pending -= 1
                    send_one()
                self.report.peak_open = max(self.report.peak_open, len(buffers))
                for key, _ in sel.select(0.05):
                    sock = key.fileobj
                    assert isinstance(sock, socket.socket)
                    if key.data == "connecting":
                        try:
                            err = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
                            if err:
                                raise OSError(err, "connect")
                            sock.sendall(head)
                            self.report.sent += 1
                        except OSError:
                            self.report.failed += 1
                            finish(sock, 0)
                            continue
                        sel.modify(sock, selectors.EVENT_READ, "reading")
                        continue
                    try:
                        chunk = sock.recv(65536)
                    except BlockingIOError:
                        continue
                    except OSError:
                        chunk = b""
                    if chunk:
                        buffers[sock] += chunk
                        continue
                    finish(sock, _status(bytes(buffers[sock])))  # the server closed: answered
        finally:
            for sock in list(buffers):
                sel.unregister(sock)
                sock.close()
            sel.close()


def _status(raw: bytes) -> int:
    """The status code of a raw HTTP response (0 if there is none)."""
    try:
        return int(raw.split(b" ", 2)[1])
    except (IndexError, ValueError):
        return 0


ATTACKS: dict[str, Callable[..., Attack]] = {
    "idle": IdleFlood,
    "slowloris": Slowloris,
    "longpolls": LongPolls,
}


# -- the other devices ------------------------------------------------------------------------


def request(
    host: str,
    port: int,
    method: str,
    path: str,
    body: Any = None,
    source: str | None = None,
    timeout: float = 30.0,
    token: str | None = None,
) -> tuple[int, Any]:
    """One request on a new connection from ``source`` (holding a seat by ``token``, as a bot
    does): (status, JSON or None)."""
    conn = http.client.HTTPConnection(
        host, port, timeout=timeout, source_address=(source, 0) if source else None
    )
    try:
        payload = None if body is None else json.dumps(body).encode()
        headers = {"Accept": "application/json"}
        if payload is not None:
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Bearer {token}"
        conn.request(method, path, body=payload, headers=headers)
        response = conn.getresponse()
        raw = response.read()
        try:
            data = json.loads(raw) if raw else None
        except ValueError:
            data = raw[:200].decode(errors="replace")
        return response.status, data
    finally:
        conn.close()


def victim_address(n: int) -> str:
    return f"127.77.{n // 250}.{1 + n % 250}"


class Victims:
    """``devices`` well-behaved devices, each on its own address with its own (local) game,
    reading it every ``every`` s on a new connection each time (as after a page load), timing
    each read; a read that fails or takes longer than ``timeout`` counts as ``timeout``."""

    def __init__(
        self, host: str, port: int, devices: int = 8, every: float = 0.25, timeout: float = 10.0
    ) -> None:
        self.host, self.port, self.devices = host, port, devices
        self.every, self.timeout = every, timeout
        self.games: list[dict[str, Any]] = []
        self.samples: list[tuple[float, float, int]] = []  # (when, seconds, status)
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()

    def prepare(self) -> None:
        """Each device makes its game (before the attack)."""
        for n in range(self.devices):
            status, game = request(
                self.host,
                self.port,
                "POST",
                "/api/games",
                {"mode": "local"},
                source=victim_address(n),
            )
            if status != 201:
                raise RuntimeError(f"a victim could not create a game: {status} {game}")
            self.games.append(game)

    def start(self) -> Victims:
        if not self.games:
            self.prepare()
        for n, game in enumerate(self.games):
            thread = threading.Thread(target=self._read, args=(n, game["id"]), daemon=True)
            self._threads.append(thread)
            thread.start()
        return self

    def _read(self, n: int, game_id: str) -> None:
        source = victim_address(n)
        while not self._stop.wait(self.every):
            begun = time.monotonic()
            try:
                status, _ = request(
                    self.host,
                    self.port,
                    "GET",
                    f"/api/games/{game_id}",
                    source=source,
                    timeout=self.timeout,
                )
            except OSError:
                status = 0
            took = time.monotonic() - begun
            if status != 200:
                took = max(took, self.timeout)
            with self._lock:
                self.samples.append((begun, took, status))

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(self.timeout + 5)

    def between(self, start: float, end: float) -> list[tuple[float, float, int]]:
        with self._lock:
            return [s for s in self.samples if start <= s[0] < end]

    def versions(self) -> list[int]:
        """Each victim game's version now (a fresh read; -1 if it can't be read)."""
        out = []
        for n, game in enumerate(self.games):
            try:
                status, data = request(
                    self.host,
                    self.port,
                    "GET",
                    f"/api/games/{game['id']}",
                    source=victim_address(n),
                    timeout=self.timeout,
                )
            except OSError:
                status, data = 0, None
            out.append(data["version"] if status == 200 else -1)
        return out


def p95(samples: list[tuple[float, float, int]]) -> float | None:
    """Nearest-rank 95th percentile of the samples' seconds."""
    values = sorted(took for _, took, _ in samples)
    if not values:
        return None
    return values[max(0, math.ceil(0.95 * len(values)) - 1)]


def health_within(host: str, port: int, seconds: float, source: str = "127.88.0.1") -> float:
    """Seconds until ``/health`` answers 200 (from a fresh address), polling for ``seconds``;
    ``math.inf`` if it never did."""
    begun = time.monotonic()
    while (left := seconds - (time.monotonic() - begun)) > 0:
        try:
            status, _ = request(host, port, "GET", "/health", source=source, timeout=left)
            if status == 200:
                return time.monotonic() - begun
        except OSError:
            pass
        time.sleep(0.05)
    return math.inf


@dataclass
class Trial:
    """An attack against a server while victims read their games: the figures the tests
    assert on and the bench prints."""

    attack: Report
    victim_p95_s: float | None
    victim_reads: int
    victim_failures: int
    health_after_s: float
    games_unchanged: bool

    def line(self) -> str:
        p95_text = "-" if self.victim_p95_s is None else f"{self.victim_p95_s * 1000:,.0f} ms"
        return (
            f"{self.attack.line()}\nother devices during the attack: {self.victim_reads} reads, "
            f"p95 {p95_text}, {self.victim_failures} failed or slower than the timeout; "
            f"/health answered {self.health_after_s:.2f} s after the attack; "
            f"games unchanged: {self.games_unchanged}"
        )


def trial(
    name: str,
    host: str,
    port: int,
    victims: int = 8,
    health_seconds: float = 10.0,
    **options: Any,
) -> Trial:
    """Run attack ``name`` (with ``options``) while ``victims`` devices read their games."""
    readers = Victims(host, port, victims)
    readers.prepare()
    before = readers.versions()
    attack = ATTACKS[name](host, port, **options)
    readers.start()
    try:
        attack.start()
        report = attack.wait(attack.seconds + 60)
        attack.stop()
        after_attack = time.monotonic()
        health = health_within(host, port, health_seconds)
    finally:
        readers.stop()
    during = readers.between(attack.started, after_attack)
    after = readers.versions()
    game = getattr(attack, "game", None)
    unchanged = before == after
    if game is not None:
        try:
            status, now = request(host, port, "GET", f"/api/games/{game['id']}", timeout=10)
        except OSError:
            status, now = 0, None
        unchanged = unchanged and status == 200 and now["version"] == game["version"]
    return Trial(
        report,
        p95(during),
        len(during),
        sum(1 for _, _, status in during if status != 200),
        health,
        unchanged,
    )


def main(argv: list[str] | None = None) -> int:
    """``python -m tools.attacks NAME --url http://127.0.0.1:8000``: one connection attack's
    trial, printed; ``python -m tools.attacks room``: the room's attacks (issue 32,
    :mod:`tools.roomattacks`) each printed held or broke, against ``--url`` or, without it, a
    server of its own started as ``make run`` starts it."""
    import argparse
    from urllib.parse import urlsplit

    from tools.roomattacks import ROOM_ATTACKS

    parser = argparse.ArgumentParser(description="attacks against a server")
    parser.add_argument("name", choices=[*sorted(ATTACKS), "room"])
    parser.add_argument("--url", help="a running server (default: 127.0.0.1:8000; room: its own)")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--count", type=int, help="connections (default: the issue's)")
    parser.add_argument("--victims", type=int, default=8)
    parser.add_argument("--only", nargs="*", choices=sorted(ROOM_ATTACKS), help="room attacks")
    parser.add_argument("--fast", action="store_true", help="room: the fast ones only")
    parser.add_argument("--farm-seconds", type=float, default=60.0, help="room: rating farm")
    args = parser.parse_args(argv)
    if args.name == "room":
        return room_main(args.url, args.only, args.fast, args.seconds, args.farm_seconds)
    parts = urlsplit(args.url or "http://127.0.0.1:8000")
    options: dict[str, Any] = {"seconds": args.seconds}
    if args.count:
        options["count"] = args.count
    result = trial(
        args.name, parts.hostname or "127.0.0.1", parts.port or 80, args.victims, **options
    )
    print(result.line(), flush=True)
    return 0


def room_main(
    url: str | None, only: list[str] | None, fast: bool, seconds: float, farm: float
) -> int:
    """The room's attacks, each printed as it ends, then how many held: 0 if all did."""
    import contextlib
    import tempfile
    from pathlib import Path
    from urllib.parse import urlsplit

    from tools.roomattacks import P95_TARGET_S, ROOM_ATTACKS, run_all
    from tools.servers import served

    names = only or [n for n, spec in ROOM_ATTACKS.items() if spec.fast or not fast]
    root = Path(__file__).resolve().parents[1]
    with contextlib.ExitStack() as stack:
        if url is None:
            log = Path(tempfile.mkdtemp(prefix="mancala-room-")) / "server.log"
            url = stack.enter_context(served(root, log)).url
            print(f"server: python -m app.web.serve at {url} (as make run starts it), log {log}")
        parts = urlsplit(url)
        print(f"{len(names)} attacks; floods {seconds:.0f} s, rating farm {farm:.0f} s", flush=True)
        results = run_all(
            parts.hostname or "127.0.0.1",
            parts.port or 80,
            names,
            flood_seconds=seconds,
            farm_seconds=farm,
            report=lambda r: print(r.line(), flush=True),
        )
    held = [r for r in results if r.held]
    slow = [r.name for r in results if r.flood and not r.fast_enough]
    print(f"held {len(held)} of {len(results)}; broke: {[r.name for r in results if not r.held]}")
    target = f"{P95_TARGET_S * 1000:.0f} ms"
    print(f"victim p95 over {target} during: {slow or 'none'}", flush=True)
    return 0 if len(held) == len(results) and not slow else 1


if __name__ == "__main__":
    raise SystemExit(main())
