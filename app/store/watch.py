"""Long-polls made cheap: one watcher per app wakes the requests waiting on a game's version.

Each store brings its own (:meth:`app.store.base.GameStore.watcher`): on SQLite a thread that
notices commits of any worker of this machine (:class:`app.store.sqlite.SQLiteWatcher`), on
PostgreSQL one that LISTENs for the moves of every host (:class:`app.store.postgres.NotifyWatcher`).
"""

from __future__ import annotations

from flask import current_app

from app.store import Watcher, get_store


def get_watcher() -> Watcher:
    """This app's watcher, made on first use."""
    found = current_app.extensions.get("mancala_watcher")
    if found is None:
        found = current_app.extensions.setdefault("mancala_watcher", get_store().watcher())
    return found  # type: ignore[no-any-return]
