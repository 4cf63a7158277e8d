"""Gunicorn's threaded worker, made safe against one device's connection attacks.

``make run`` serves with this worker class (``app.web.worker.Worker``, see
:mod:`app.web.gunicorn_conf`).
It is gunicorn's ``gthread`` worker with four changes, all in the worker's event loop (its main
thread), so that a thread of the pool is only ever given a request that has fully arrived:

* **A request is read before a thread takes it.**  A new connection, and a kept-alive one that
  becomes readable, stays in the event loop until its request head (and a body of known
  length up to :data:`MAX_BUFFERED_BODY`) is in; the bytes are handed to gunicorn's parser.
  A connection that does not deliver a whole request within :data:`HEAD_SECONDS` of its first
  byte (or of being accepted) is closed.  Idle connections and slow senders (slowloris) cost a
  socket and a few bytes, never a thread.  (Stock gthread gives each new connection a thread
  that waits up to 5 s for a first byte and then reads the request with no time limit.)
* **A cap on connections per device**: a device (its client address, as
  :func:`app.web.limits.client_address` sees it) with :data:`CONNECTIONS_PER_DEVICE` open
  connections to this worker has its next one answered ``429`` and closed at once, without a
  thread.  A flood of connections from one address fills neither the worker's connection slots
  (``worker_connections``) nor its listen backlog.
* **Caps on waiting requests per device**: with :data:`REQUESTS_PER_DEVICE` of its requests
  queued for or running on threads, a device's next request is answered ``429`` from the
  event loop; likewise with :data:`LONG_POLLS_PER_DEVICE` of its long-polls
  (``GET /api/games/<id>?since=N``) there, its next long-poll.  A device that keeps asking
  beyond its cap costs the worker a few system calls a request, not a trip through the app.
  (The app caps long-polls itself too, the same way: :mod:`app.web.polls`.)
* **No blocking in the event loop**: a connection closed after its response is shut down for
  writing and drained without waiting (stock gthread lingers up to 2 s on each, in the loop),
  and a thread's socket reads and writes time out after :data:`IO_SECONDS`.

The caps are per worker process: with ``WORKERS=2`` a device can hold up to twice each.  They
are read from the environment at start: ``MANCALA_CONNECTIONS_PER_DEVICE``,
``MANCALA_REQUESTS_PER_DEVICE``, ``MANCALA_LONG_POLLS_PER_DEVICE`` (the app's setting),
``MANCALA_HEAD_SECONDS``.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import selectors
import socket
import time
from collections import Counter, deque
from concurrent.futures import Future
from functools import partial
from typing import Any

import gunicorn
from gunicorn.workers.gthread import TConn, ThreadWorker

from app.web.polls import LONG_POLLS_PER_DEVICE as LONG_POLLS
from app.web.polls import refusal as long_poll_refusal

if tuple(gunicorn.version_info) < (27, 0, 1):  # it builds on 27's event loop (murder_pending ...)
    raise RuntimeError(
        f"app.web.worker needs gunicorn 27.0.1 (requirements.txt), not {gunicorn.__version__}: "
        "run `make run` (it installs it) or `pip install -r requirements.txt`"
    )


def _setting(name: str, default: float) -> float:
    try:
        return float(os.environ.get(f"MANCALA_{name}", default))
    except ValueError:
        return default


CONNECTIONS_PER_DEVICE = int(_setting("CONNECTIONS_PER_DEVICE", 32))
REQUESTS_PER_DEVICE = int(_setting("REQUESTS_PER_DEVICE", 24))
LONG_POLLS_PER_DEVICE = int(_setting("LONG_POLLS_PER_DEVICE", LONG_POLLS))
HEAD_SECONDS = _setting("HEAD_SECONDS", 5.0)  # for a whole request to arrive, once begun
REFUSALS_LOG_SECONDS = 10.0  # refusals are logged (counted by device) at most this often
IO_SECONDS = 10.0  # a thread's socket read or write (a chunked body, a slow reader)
MAX_HEAD = 64 * 1024  # beyond this the parser is given what came (and refuses it)
MAX_BUFFERED_BODY = 1024 * 1024  # larger bodies are read by the thread (the app says 413)
END_OF_HEAD = b"\r\n\r\n"
CONTENT_LENGTH = re.compile(rb"\r\ncontent-length:[ \t]*(\d+)[ \t]*\r\n", re.IGNORECASE)


def too_many(message: str, retry: int = 1) -> bytes:
    """A whole ``429`` response in the app's error shape, closing the connection."""
    fields = {"error": "Too Many Requests", "message": message, "status": 429}
    body = json.dumps(fields | {"retry_after": retry}).encode()
    head = (
        "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\n"
        f"Retry-After: {retry}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    )
    return head.encode() + body


TOO_MANY_CONNECTIONS = too_many("too many connections from your device; close some and retry")
TOO_MANY_REQUESTS = too_many("too many requests from your device are waiting; try again in 1 s")
TOO_MANY_POLLS = too_many(long_poll_refusal(LONG_POLLS_PER_DEVICE))
LONG_POLL = re.compile(rb"GET /api/games/[^/?\s]+\?(?:[^\s]*&)?since=")


class TimedSocket(socket.socket):
    """An accepted socket whose blocking mode has a time limit (gunicorn sets a thread's socket
    blocking before it reads; this makes that mean :data:`IO_SECONDS` at most)."""

    def setblocking(self, flag: bool) -> None:
        if flag:
            self.settimeout(IO_SECONDS)
        else:
            super().setblocking(False)


class Conn(TConn):  # type: ignore[misc]
    """A connection with the bytes of its next request gathered by the event loop."""

    def __init__(self, worker: Worker, cfg: Any, sock: socket.socket, client: Any, server: Any):
        super().__init__(cfg, sock, client, server)
        self.worker = worker
        self.device = client[0] if isinstance(client, tuple) else str(client)
        self.incoming = bytearray()
        self.deadline = 0.0
        self.counted = True  # in the worker's per-device count until closed
        self.busy = False  # handed to a thread
        self.polls = False  # the request gathered is a long-poll
        self.polling = False  # handed to a thread with a long-poll

    def init(self) -> None:
        fresh = not self.initialized
        super().init()
        if fresh:
            self.hand_over()

    def hand_over(self) -> None:
        """Give the gathered bytes to the parser (which reads them before the socket)."""
        if self.incoming and self.parser is not None:
            self.parser.unreader.unread(bytes(self.incoming))
            self.incoming = bytearray()

    def complete(self) -> bool:
        """Whether the gathered bytes hold a whole request (or as much as is worth waiting for)."""
        data = self.incoming
        end = data.find(END_OF_HEAD)
        if end < 0:
            return len(data) >= MAX_HEAD
        head = bytes(data[: end + 2]).lower()
        if b"\r\ntransfer-encoding:" in head or b"\r\nexpect:" in head:
            return True  # chunked, or waiting for "100 Continue": the thread reads the body
        found = CONTENT_LENGTH.search(head)
        length = int(found.group(1)) if found else 0
        return length > MAX_BUFFERED_BODY or len(data) >= end + 4 + length

    def close(self, graceful: bool = False) -> None:
        if graceful:  # without lingering: the event loop must not wait for the peer
            try:
                self.sock.shutdown(socket.SHUT_WR)
                self.sock.setblocking(False)
                while self.sock.recv(65536):
                    pass
            except OSError:
                pass
        with contextlib.suppress(OSError):
            self.sock.close()
        self.worker.forget(self)


class Worker(ThreadWorker):  # type: ignore[misc]
    """See the module docstring."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.open_by_device: Counter[str] = Counter()
        self.busy_by_device: Counter[str] = Counter()
        self.polls_by_device: Counter[str] = Counter()
        self.refused: Counter[tuple[str, str]] = Counter()  # (device, what) since the last log
        self.refusals_logged = 0.0
        self.gathering: deque[Conn] = deque()  # connections whose request is on its way

    # -- connections -----------------------------------------------------------------------

    def accept(self, listener: socket.socket) -> None:
        try:
            sock, client = listener.accept()
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        sock = TimedSocket(sock.family, sock.type, sock.proto, fileno=sock.detach())
        device = client[0] if isinstance(client, tuple) else str(client)
        if self.open_by_device[device] >= CONNECTIONS_PER_DEVICE:
            refuse(sock, TOO_MANY_CONNECTIONS)
            self.refused[
                device, f"connections refused (over its cap of {CONNECTIONS_PER_DEVICE})"
            ] += 1
            return
        self.nr_conns += 1
        self.open_by_device[device] += 1
        conn = Conn(self, self.cfg, sock, client, listener.getsockname())
        self.gather(conn, time.monotonic() + HEAD_SECONDS)

    def forget(self, conn: Conn) -> None:
        """A connection closed: out of its device's count (once)."""
        if conn.counted:
            conn.counted = False
            self.open_by_device[conn.device] -= 1
            if self.open_by_device[conn.device] <= 0:
                del self.open_by_device[conn.device]

    def gather(self, conn: Conn, deadline: float) -> None:
        """Wait in the event loop for ``conn``'s next request, until ``deadline``."""
        conn.deadline = deadline
        conn.sock.setblocking(False)
        self.gathering.append(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_bytes, conn))

    def on_bytes(self, conn: Conn, _sock: Any) -> None:
        try:
            chunk = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        if not chunk:  # the client went away
            self.drop(conn)
            return
        conn.incoming += chunk
        if not conn.complete():
            return
        self.poller.unregister(conn.sock)
        self.gathering.remove(conn)
        conn.data_ready = True
        conn.polls = LONG_POLL.match(conn.incoming) is not None
        if conn.initialized:
            conn.hand_over()
        self.enqueue_req(conn)

    def drop(self, conn: Conn) -> None:
        """Close a connection waiting in the event loop."""
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(conn.sock)
        with contextlib.suppress(ValueError):
            self.gathering.remove(conn)
        self.nr_conns -= 1
        conn.close()

    def on_client_socket_readable(self, conn: Conn, client: Any) -> None:
        """A kept-alive connection has bytes: gather its request (it has ``HEAD_SECONDS``)."""
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        self.gather(conn, time.monotonic() + HEAD_SECONDS)
        self.on_bytes(conn, client)

    def murder_pending(self) -> None:
        super().murder_pending()
        now = time.monotonic()
        for conn in [c for c in self.gathering if c.deadline <= now]:
            self.refused[
                conn.device, f"connections closed (no whole request in {HEAD_SECONDS:g} s)"
            ] += 1
            self.drop(conn)
        if self.refused and now - self.refusals_logged >= REFUSALS_LOG_SECONDS:
            self.refusals_logged = now
            for (device, what), n in sorted(self.refused.items()):
                self.log.warning("device %s: %d %s", device, n, what)
            self.refused.clear()

    # -- requests --------------------------------------------------------------------------

    def enqueue_req(self, conn: Conn) -> None:
        """To a thread, unless the device has too many requests waiting there already."""
        device = conn.device
        polls, conn.polls = conn.polls, False
        refusal = what = None
        if self.busy_by_device[device] >= REQUESTS_PER_DEVICE:
            refusal, what = TOO_MANY_REQUESTS, "requests refused (too many waiting)"
        elif polls and self.polls_by_device[device] >= LONG_POLLS_PER_DEVICE:
            refusal, what = TOO_MANY_POLLS, "long-polls refused (too many waiting)"
        if refusal is not None and what is not None:
            self.nr_conns -= 1
            refuse(conn.sock, refusal)
            self.refused[device, what] += 1
            self.forget(conn)
            return
        conn.busy, conn.polling = True, polls
        self.busy_by_device[device] += 1
        self.polls_by_device[device] += polls
        super().enqueue_req(conn)

    def finish_request(self, conn: Conn, fs: Future[Any]) -> None:
        if conn.busy:
            conn.busy = False
            self.busy_by_device[conn.device] -= 1
            if self.busy_by_device[conn.device] <= 0:
                del self.busy_by_device[conn.device]
        if conn.polling:
            conn.polling = False
            self.polls_by_device[conn.device] -= 1
            if self.polls_by_device[conn.device] <= 0:
                del self.polls_by_device[conn.device]
        super().finish_request(conn, fs)


def refuse(sock: socket.socket, response: bytes) -> None:
    """Answer with ``response`` if the socket takes it at once, and close it."""
    try:
        sock.setblocking(False)
        sock.send(response)
        sock.shutdown(socket.SHUT_WR)
    except OSError:
        pass
    with contextlib.suppress(OSError):
        sock.close()
