"""`make run`: print the LAN addresses, then hand over to gunicorn on 0.0.0.0.

Gunicorn's settings (port, workers, threads, the request log, graceful shutdown) are in
:mod:`app.web.gunicorn_conf`.  The server says when it is ready, on its output: the master
once it listens, with the number of server workers it starts (:func:`announce_workers`), then
each worker once its search processes answer and it takes requests (:func:`announce_ready`).
Whoever starts a server (the tests, the benches) waits for those lines, not for a guess of time.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from app.web.lan import urls
from engine.native import pure_reason

WORKERS_LINE = re.compile(r"Mancala starts (\d+) server workers\b")
READY_LINE = re.compile(r"Mancala is ready: server worker (\d+) takes requests")


def say(line: str) -> None:
    """Write ``line`` to the output in one write, newline included: lines of processes sharing
    the output (the workers starting at once) never run into each other."""
    sys.stdout.flush()
    os.write(sys.stdout.fileno(), f"{line}\n".encode())


def announce_workers(count: int) -> None:
    """The master's line once it listens: how many server workers it starts."""
    say(f"Mancala starts {count} server workers")


def announce_ready(pid: int) -> None:
    """A server worker's line once it takes requests (its search processes answered)."""
    say(f"Mancala is ready: server worker {pid} takes requests")


def ready_workers(lines: list[str]) -> tuple[int | None, set[int]]:
    """From a server's output: the server workers its master starts (None: not said yet) and
    the process ids of those that said they are ready (wherever in a line: another process's
    output may run into it)."""
    count = None
    ready: set[int] = set()
    for line in lines:
        for started in WORKERS_LINE.finditer(line):
            count = int(started.group(1))
        ready.update(int(up.group(1)) for up in READY_LINE.finditer(line))
    return count, ready


def main() -> None:
    port = int(os.environ.get("PORT", "8000"))
    print("Mancala is starting. Open one of these on any device on your network:", flush=True)
    for url in urls(port):
        print(f"    {url}", flush=True)
    print(f"    http://localhost:{port}/  (this machine)", flush=True)
    print("Stop it with Ctrl+C (running computer moves are finished and saved).", flush=True)
    reason = pure_reason()
    if reason is not None:
        print(
            f"Note: the computer thinks in pure Python (the same moves, slower): {reason}.",
            flush=True,
        )
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    os.execv(gunicorn, [gunicorn, "--config", "python:app.web.gunicorn_conf"])


if __name__ == "__main__":
    main()
