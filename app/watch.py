"""Long-polls made cheap: one thread per server process watches the games its requests wait on.

A waiting request registers the game and the version it has seen, then sleeps on a condition.
The watcher asks SQLite every few milliseconds whether anything was committed at all
(``PRAGMA data_version``, a counter read without touching a table), and only then reads the
versions of the watched games, in one query, waking the requests whose game moved.  Writes from
any server worker are seen, since they all share the one database file.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections import Counter
from contextlib import closing

from app.store import Store

log = logging.getLogger(__name__)


class VersionWatcher:
    """Wakes requests waiting for a game's version to change (see the module docstring)."""

    def __init__(self, store: Store, interval: float = 0.01) -> None:
        self.store = store
        self.interval = interval
        self._cond = threading.Condition()
        self._watched: Counter[str] = Counter()
        self._versions: dict[str, int] = {}
        self._fresh: set[str] = set()  # registered since the last read of versions
        self._thread: threading.Thread | None = None
        self._generation = 0  # how many times versions were read

    def wait(self, game_id: str, seen: int, timeout: float) -> int:
        """Block until the game's version is not ``seen`` or ``timeout`` passes: the version.

        A game that no longer exists gives -1.
        """
        end = time.monotonic() + timeout
        with self._cond:
            self._watched[game_id] += 1
            self._fresh.add(game_id)
            registered = self._generation  # versions read before this are not trusted
            try:
                while True:
                    self._start()
                    version = seen
                    if self._generation > registered:
                        version = self._versions.get(game_id, seen)
                    left = end - time.monotonic()
                    if version != seen or left <= 0:
                        return version
                    self._cond.wait(left)
            finally:
                self._watched[game_id] -= 1
                if self._watched[game_id] <= 0:
                    del self._watched[game_id]
                    self._versions.pop(game_id, None)

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="mancala-watch", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        """Poll while anyone waits; stop when nobody has for a while (started again on need)."""
        idle_since = time.monotonic()
        last_change = None
        try:
            with closing(self.store.open()) as db:
                while True:
                    with self._cond:
                        ids = list(self._watched)
                        fresh = bool(self._fresh)
                        self._fresh.clear()
                        if not ids and time.monotonic() - idle_since > 5.0:
                            self._thread = None
                            return
                    if ids:
                        idle_since = time.monotonic()
                        change = db.execute("PRAGMA data_version").fetchone()[0]
                        if fresh or change != last_change:
                            last_change = change
                            self._publish(ids, self.store.versions(db, ids))
                    time.sleep(self.interval)
        except sqlite3.Error:
            log.exception("the long-poll watcher stopped; requests will start it again")
            with self._cond:
                self._thread = None
                self._cond.notify_all()

    def _publish(self, ids: list[str], versions: dict[str, int]) -> None:
        with self._cond:
            for game_id in ids:
                if game_id in self._watched:
                    self._versions[game_id] = versions.get(game_id, -1)
            self._generation += 1
            self._cond.notify_all()


def get_watcher() -> VersionWatcher:
    """This app's watcher, made on first use."""
    from flask import current_app

    from app.store import get_store

    found = current_app.extensions.get("mancala_watcher")
    if found is None:
        found = current_app.extensions.setdefault("mancala_watcher", VersionWatcher(get_store()))
    return found  # type: ignore[no-any-return]
