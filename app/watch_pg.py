"""Long-polls across hosts: PostgreSQL's LISTEN/NOTIFY wakes the requests waiting on a game.

The PostgreSQL store's trigger sends ``NOTIFY mancala_games, '<id> <version>'`` whenever a
game's version changes, from any host.  One thread per server process LISTENs on its own
connection while anyone waits, and wakes just the requests whose game moved, the moment the
notification arrives: nothing is polled.  A request that registers reads its game's version
once more on that connection after LISTEN is in place (with every other newcomer, in one
query), so a move committed between the request's own read and its registration still wakes it.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import psycopg

from app.stores.postgres import CHANNEL, PostgresStore
from app.watch import IDLE_SECONDS, VersionWatcher

log = logging.getLogger(__name__)


def parse(payload: str) -> tuple[str, int] | None:
    """``'<game id> <version>'`` -> (id, version); None if it isn't one."""
    game_id, _, version = payload.rpartition(" ")
    try:
        return game_id, int(version)
    except ValueError:
        return None


class NotifyWatcher(VersionWatcher):
    """Wakes requests waiting for a game's version to change (see the module docstring)."""

    def __init__(self, store: PostgresStore, interval: float = 0.1) -> None:
        # interval: how soon newcomers' versions are read (the notifications come at once)
        super().__init__(store, interval)  # type: ignore[arg-type]
        self.pg = store

    def _run(self) -> None:
        """LISTEN while anyone waits; stop when nobody has for a while (started again on need)."""
        idle_since = time.monotonic()
        try:
            with self.pg.connect(application_name="mancala-listen") as db:
                db.execute(f"LISTEN {CHANNEL}")
                while True:
                    with self._lock:
                        ids = list(self._waiters)
                        fresh, self._fresh = self._fresh, False
                        if not ids and time.monotonic() - idle_since > IDLE_SECONDS:
                            self._thread = None
                            return
                    if ids:
                        idle_since = time.monotonic()
                    if fresh:  # newcomers: their game may have moved before they registered
                        self._read(db, ids)
                    self._listen(db)
        except psycopg.Error:
            log.exception("the long-poll listener stopped; the next request starts it again")
            with self._lock:
                self._thread = None

    def _read(self, db: psycopg.Connection[Any], ids: list[str]) -> None:
        with self._lock:
            self._reads += 1
            read = self._reads
        self._wake(read, ids, self.pg.versions(db, ids))

    def _listen(self, db: psycopg.Connection[Any]) -> None:
        """Wait up to ``interval`` for notifications; wake the waiters of the games in them."""
        changed: dict[str, int] = {}
        for note in db.notifies(timeout=self.interval):
            found = parse(note.payload)
            if found is not None:
                game_id, version = found
                changed[game_id] = version if version < 0 else max(version, changed.get(game_id, 0))
        if changed:
            with self._lock:
                self._reads += 1
                read = self._reads
            self._wake(read, list(changed), changed)
