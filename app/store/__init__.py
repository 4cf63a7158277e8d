"""The game store: everything the app's processes (and hosts) share, behind one interface.

:class:`~app.store.base.GameStore` is what the app is written against;
:class:`~app.store.sql.SQLStore` holds its queries, once, for two implementations (each with
its connections, schema, watcher and a small SQL dialect):

- :class:`~app.store.sqlite.SQLiteStore` (the default): one file in the instance folder,
  shared by the server workers of one machine; ``make run`` needs nothing else.
- :class:`~app.store.postgres.PostgresStore`, chosen by ``MANCALA_DATABASE_URL=postgresql://…``:
  one database shared by several app hosts, live across them by LISTEN/NOTIFY.

``python -m app.upkeep.copy SQLITE_FILE POSTGRES_URL`` copies every game from one to the other.
"""

from __future__ import annotations

import logging
from pathlib import Path

from flask import Flask, current_app

from app.store.base import (
    CorruptGame,
    Describe,
    Facts,
    GameStore,
    Row,
    StaleVersion,
    StoreBusy,
    StoreCorrupt,
    StoreError,
    StoreFull,
    StoreGone,
    StoreReadOnly,
    Watcher,
    decode_all,
    plain_facts,
)
from app.store.sqlite import SQLiteStore

log = logging.getLogger(__name__)
Store = SQLiteStore  # the default store (``Store(path)`` opens an SQLite file)

__all__ = [
    "CorruptGame",
    "Describe",
    "Facts",
    "GameStore",
    "Row",
    "SQLiteStore",
    "StaleVersion",
    "Store",
    "StoreBusy",
    "StoreCorrupt",
    "StoreError",
    "StoreFull",
    "StoreGone",
    "StoreReadOnly",
    "Watcher",
    "decode_all",
    "get_store",
    "init_app",
    "open_store",
    "plain_facts",
]


def open_store(
    url: str | None,
    path: str,
    busy_seconds: float = 10.0,
    describe: Describe | None = None,
    pool_size: int = 10,
) -> GameStore:
    """PostgreSQL if ``url`` names a database, else the SQLite file at ``path``."""
    if url:
        from app.store.postgres import PostgresStore  # psycopg only when it is used

        return PostgresStore(url, pool_size, busy_seconds, describe)
    return SQLiteStore(path, busy_seconds, describe)


def init_app(app: Flask, describe: Describe | None = None) -> None:
    """Open the app's store: ``DATABASE_URL`` (PostgreSQL) if set, else the SQLite file named
    by ``DATABASE`` (created if needed).  ``describe`` gives a game's indexed facts."""
    url = app.config.get("DATABASE_URL")
    path = app.config.get("DATABASE") or str(Path(app.instance_path) / "mancala.sqlite3")
    if not url:
        app.config["DATABASE"] = path
    try:
        app.extensions["mancala_store"] = open_store(
            url,
            path,
            float(app.config["DATABASE_BUSY_SECONDS"]),
            describe,
            int(app.config["DATABASE_POOL"]),
        )
    except StoreError as exc:  # say what to do, once, instead of only a traceback per worker
        log.critical("the server can't start: %s%s", exc.message, "" if url else advice(path, exc))
        raise
    app.before_request(lambda: request_scope(app, begin=True))
    app.teardown_request(lambda _exc: request_scope(app, begin=False))


def request_scope(app: Flask, begin: bool) -> None:
    """Tell the app's store that a request begins or ends on this thread (a SQLite store
    checks its file once per request, not once per call)."""
    store = app.extensions.get("mancala_store")
    if isinstance(store, SQLiteStore):
        if begin:
            store.begin_request()
        else:
            store.end_request()


def advice(path: str, exc: StoreError) -> str:
    """The latest backup of the SQLite store at ``path`` and, for a damaged store, the command
    that restores it."""
    folder = Path(path).parent / "backups"
    found = sorted((p.name for p in folder.iterdir()), reverse=True) if folder.is_dir() else []
    latest = folder / found[0] if found else None
    text = f"\n  the latest backup: {latest}" if latest else "\n  (no backup was found)"
    if isinstance(exc, StoreCorrupt) and latest:
        text += f"\n  restore it with:   python -m app.upkeep.backup restore {latest}"
    return text


def get_store() -> GameStore:
    """The current app's store."""
    return current_app.extensions["mancala_store"]  # type: ignore[no-any-return]
