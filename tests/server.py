"""A real server for fault and operations tests: ``python -m app.web.serve`` (the README's command)
in its own process group, on a free port, with its output collected from a pipe.

A server is awaited by its own ready signal (:mod:`app.web.serve`: the master's count of server
workers, then each worker's ready line), then /health, for as long as it makes progress (a new
line of output) and at most ``timeout`` seconds without any: at a load of 20 on 2 cores a start
takes a minute and more.  A server that never became ready is stopped, its whole process group,
and so is any server a test left running when the test process exits.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from app.web.lan import free_port
from app.web.serve import ready_workers

ROOT = Path(__file__).resolve().parents[1]
_TOKENS: dict[str, str] = {}  # a seat token per instance folder (valid across restarts)
START_SECONDS = 120.0
"""How long a starting server may go without progress (a new line of output) before it is
given up; it gets at most :data:`START_CEILING` times that in all."""
START_CEILING = 3
_RUNNING: set[int] = set()  # the process groups of servers started and not yet stopped


@atexit.register
def _stop_left_running() -> None:
    """At the test process's end, kill every server a test left running (its whole group)."""
    for group in list(_RUNNING):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(group, signal.SIGKILL)
    _RUNNING.clear()


class Server:
    """One gunicorn server (master and workers) started as the README does."""

    def __init__(self, instance: Path, port: int | None = None, **env: str) -> None:
        self.instance = instance
        self.fixed_port = port is not None
        self.extra_env = env
        self.lines: list[str] = []
        self.proc: subprocess.Popen[str] | None = None
        self._use_port(port or free_port())

    def _use_port(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.env = dict(
            os.environ, PORT=str(port), MANCALA_INSTANCE=str(self.instance), **self.extra_env
        )

    def start(self, timeout: float = START_SECONDS, attempts: int = 3) -> Server:
        """Start and wait for its ready signal and /health (at most ``timeout`` seconds without
        progress); on a port taken meanwhile, try another (unless fixed).  A server that did
        not become ready is stopped (RuntimeError with its output)."""
        for attempt in range(attempts):
            try:
                return self._start(timeout)
            except RuntimeError:
                taken = "Address already in use" in self.log()
                if self.fixed_port or not taken or attempt == attempts - 1:
                    raise
                self.stop(signal.SIGKILL)
                self.lines.clear()
                self._use_port(free_port())
        raise AssertionError("unreachable")

    def _start(self, timeout: float) -> Server:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app.web.serve"],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,  # its own process group: the test can kill all of it
        )
        _RUNNING.add(self.proc.pid)
        self._collector = threading.Thread(target=self._collect, args=(self.proc,), daemon=True)
        self._collector.start()
        began = last = time.monotonic()
        seen = 0
        while True:
            if self.ready() and self._healthy():
                return self
            now = time.monotonic()
            if len(self.lines) != seen:  # progress: the server said something new
                seen, last = len(self.lines), now
            if self.proc.poll() is not None:
                self._given_up()
                raise RuntimeError("the server did not start (it exited):\n" + self.log())
            if now - last > timeout or now - began > START_CEILING * timeout:
                self._given_up()
                raise RuntimeError(
                    f"the server did not start ({now - began:.0f} s, the last {now - last:.0f} s "
                    "without progress); it was stopped:\n" + self.log()
                )
            time.sleep(0.1)

    def ready(self) -> bool:
        """Whether every server worker its master starts said it is ready."""
        count, ready = ready_workers(list(self.lines))
        return count is not None and len(ready) >= count

    def _healthy(self) -> bool:
        try:
            return self.request("GET", "/health", timeout=10)[0] == 200
        except OSError:
            return False

    def _given_up(self) -> None:
        """Stop a server that did not become ready: its whole process group, now."""
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=30)
        self._collector.join(timeout=5)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        _RUNNING.discard(self.proc.pid)

    def _collect(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def log(self) -> str:
        return "\n".join(self.lines)

    def worker_pids(self) -> list[int]:
        """The gunicorn workers: the master's children (search processes are theirs)."""
        assert self.proc is not None
        with Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").open() as f:
            return [int(p) for p in f.read().split()]

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 40.0, group: bool = False) -> int:
        """Signal the master (SIGTERM: graceful) and wait; SIGKILL, or ``group``, signals the
        whole process group (as Ctrl+C in a terminal does)."""
        assert self.proc is not None
        try:
            if sig == signal.SIGKILL or group:
                os.killpg(self.proc.pid, sig)
            else:
                self.proc.send_signal(sig)
        except ProcessLookupError:  # it had exited already
            pass
        try:
            return self.proc.wait(timeout=timeout)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)  # anything left over
            _RUNNING.discard(self.proc.pid)
            self._collector.join(timeout=5)
            if self.proc.stdout is not None:
                self.proc.stdout.close()

    def seat_token(self) -> str:
        """A seat token this server issued, as a bot gets one (asking with "seat_token": true
        on creating a game), the same for every server on this instance folder."""
        key = str(self.instance)
        if key not in _TOKENS:
            body = {"mode": "local", "seat_token": True}
            status, game = self.request("POST", "/api/games", body)
            assert status == 201 and game["seat_token"], game
            _TOKENS[key] = game["seat_token"]
        return _TOKENS[key]

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        timeout: float = 15.0,
    ) -> tuple[int, Any]:
        """(status, decoded JSON) of one request; a seat token goes as a Bearer header."""
        data = None if body is None else json.dumps(body).encode()
        headers = {"Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Bearer {token}"
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"null")
