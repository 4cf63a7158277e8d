"""When a server was up: the spans with no server running are not charged to a player's clock.

Every server process notes in the store that it is alive, once a second (``alive``).  A
process that starts after a silence longer than ``GAP_SECONDS`` records the silence as an
*outage* (``outage:<last beat>`` = its start): the first process to start after it records it,
whichever host it runs on.  :func:`app.games.clock.rebased` takes the outages out of a running
clock, :func:`app.games.clock.rebased_window` out of a first-move window.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from flask import Flask

from app.store import StoreError
from app.store.base import GameStore

log = logging.getLogger(__name__)

BEAT_SECONDS = 1.0
GAP_SECONDS = 3.0  # a silence longer than this, seen at a start, was an outage
READ_EVERY = 10.0  # a process reads the outages again this often (others' starts)
KEPT_SECONDS = 3 * 24 * 3600.0  # older outages can't matter to a clock (at most 3 h a side)
ALIVE = "alive"
OUTAGE = "outage:"
_serving: Callable[[], bool] = lambda: True  # noqa: E731 (see serving_while)


def serving_while(check: Callable[[], bool]) -> None:
    """Beat only while ``check()`` holds: a gunicorn worker told to stop (SIGTERM) takes no new
    requests while it finishes the running ones, so nobody can move: its silence counts as an
    outage from then (app.web.gunicorn_conf sets this to the worker's ``alive``)."""
    global _serving  # noqa: PLW0603 (set once per gunicorn worker, as it starts)
    _serving = check


def serving() -> bool:
    """Whether this process counts as a server up now (see :func:`serving_while`): what it
    does on its own on a timer (the beat, ending games by time) it does only then."""
    return _serving()


class Liveness:
    """A process's view of when servers were up, kept in ``store`` (its marks)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._outages: list[tuple[float, float]] = []
        self._read_at = float("-inf")
        self._failing = False

    def start(self, now: float | None = None) -> tuple[float, float] | None:
        """Note this process's start: the outage before it, if the last beat is that old (the
        outage is also returned), then the first beat."""
        now = time.time() if now is None else now
        outage = None
        try:
            last = self.store.marks(ALIVE).get(ALIVE)
            if last is not None and now - last > GAP_SECONDS:
                outage = (last, now)
                if self.store.set_mark(f"{OUTAGE}{last!r}", now, replace=False):
                    log.info("no server was up for %.1f s: not charged to clocks", now - last)
            self.beat(now)
        except StoreError as exc:
            log.warning("could not note the server's start in the store: %s", exc)
        self._read_at = float("-inf")
        return outage

    def beat(self, now: float | None = None) -> None:
        """Note that this process is alive now."""
        self.store.set_mark(ALIVE, time.time() if now is None else now)

    def outages(self, now: float | None = None) -> list[tuple[float, float]]:
        """The recent outages, (start, end) each, oldest first (read again every few seconds)."""
        now = time.time() if now is None else now
        with self._lock:
            if now - self._read_at < READ_EVERY:
                return self._outages
        try:
            marks = self.store.marks(OUTAGE)
        except StoreError:
            return self._outages
        found = sorted(
            (float(name[len(OUTAGE) :]), end)
            for name, end in marks.items()
            if end > now - KEPT_SECONDS
        )
        with self._lock:
            self._outages, self._read_at = found, now
        return found

    def run(self, stop: threading.Event) -> None:
        """Beat every ``BEAT_SECONDS`` until ``stop`` (a store failure is logged once)."""
        while not stop.wait(BEAT_SECONDS):
            if not serving():
                continue
            try:
                self.beat()
                self._failing = False
            except StoreError as exc:
                if not self._failing:
                    log.warning("could not note the server's liveness in the store: %s", exc)
                self._failing = True
            except Exception:
                log.exception("the liveness beat failed")


def init_app(app: Flask) -> None:
    """Note this process's start and (outside tests) beat on a thread of its own."""
    liveness = Liveness(app.extensions["mancala_store"])
    app.extensions["mancala_liveness"] = liveness
    liveness.start()
    if app.testing:
        return
    stop = threading.Event()
    thread = threading.Thread(target=liveness.run, args=(stop,), name="mancala-alive")
    thread.daemon = True
    thread.start()
    app.extensions["mancala_liveness_stop"] = stop
