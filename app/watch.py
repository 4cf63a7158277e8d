"""Long-polls made cheap: one thread per server process watches the games its requests wait on.

A waiting request registers the game and the version it has seen, then sleeps on its own event.
The watcher asks SQLite every few milliseconds whether anything was committed at all
(``PRAGMA data_version``, a counter read without touching a table), and only then reads the
versions of the watched games, in one query, waking just the requests whose game moved.
Writes from any server worker are seen, since they all share the one database file.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from contextlib import closing

from app.store import Store

log = logging.getLogger(__name__)

IDLE_SECONDS = 5.0  # the watcher thread stops after this long with nobody waiting


class Waiter:
    """One waiting request: the version it has seen, and the version that woke it."""

    __slots__ = ("event", "registered", "seen", "version")

    def __init__(self, seen: int, registered: int) -> None:
        self.seen = seen
        self.version = seen
        self.registered = registered
        self.event = threading.Event()


class VersionWatcher:
    """Wakes requests waiting for a game's version to change (see the module docstring)."""

    def __init__(self, store: Store, interval: float = 0.01) -> None:
        self.store = store
        self.interval = interval
        self._lock = threading.Lock()
        self._waiters: dict[str, list[Waiter]] = {}
        self._fresh = False  # someone registered since the last read of versions
        self._reads = 0  # reads of versions started; a waiter trusts only reads after it came
        self._thread: threading.Thread | None = None

    def wait(self, game_id: str, seen: int, timeout: float) -> int:
        """Block until the game's version is not ``seen`` or ``timeout`` passes: the version.

        A game that no longer exists gives -1.
        """
        with self._lock:
            waiter = Waiter(seen, self._reads)
            self._waiters.setdefault(game_id, []).append(waiter)
            self._fresh = True
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="mancala-watch")
                self._thread.daemon = True
                self._thread.start()
        try:
            waiter.event.wait(timeout)
            return waiter.version
        finally:
            with self._lock:
                waiting = self._waiters.get(game_id, [])
                if waiter in waiting:
                    waiting.remove(waiter)
                if not waiting:
                    self._waiters.pop(game_id, None)

    def _run(self) -> None:
        """Poll while anyone waits; stop when nobody has for a while (started again on need)."""
        idle_since = time.monotonic()
        last_change = None
        try:
            with closing(self.store.open()) as db:
                while True:
                    with self._lock:
                        ids = list(self._waiters)
                        fresh, self._fresh = self._fresh, False
                        if not ids and time.monotonic() - idle_since > IDLE_SECONDS:
                            self._thread = None
                            return
                    if ids:
                        idle_since = time.monotonic()
                        change = db.execute("PRAGMA data_version").fetchone()[0]
                        if fresh or change != last_change:
                            last_change = change
                            with self._lock:
                                self._reads += 1
                                read = self._reads
                            self._wake(read, ids, self.store.versions(db, ids))
                    time.sleep(self.interval)
        except sqlite3.Error:
            log.exception("the long-poll watcher stopped; the next request starts it again")
            with self._lock:
                self._thread = None

    def _wake(self, read: int, ids: list[str], versions: dict[str, int]) -> None:
        """Wake the waiters (registered before this read) whose game's version moved."""
        with self._lock:
            for game_id in ids:
                waiting = self._waiters.get(game_id, [])
                version = versions.get(game_id, -1)  # -1: the game is gone
                for waiter in waiting:
                    if waiter.registered < read and version != waiter.seen:
                        waiter.version = version
                        waiter.event.set()


def get_watcher() -> VersionWatcher:
    """This app's watcher, made on first use."""
    from flask import current_app

    from app.store import get_store

    found = current_app.extensions.get("mancala_watcher")
    if found is None:
        found = current_app.extensions.setdefault("mancala_watcher", get_store().watcher())
    return found  # type: ignore[no-any-return]
