"""SQLite stores of the old count, mapped onto the one schema count (:mod:`app.store.schema`).

Before one schema, SQLite ran a script of ``CREATE … IF NOT EXISTS`` at every start and counted
only its games' fact columns, in ``PRAGMA user_version``: 0 none, 2 the first ones, 3 ``lab``,
4 ``deadline``.  (PostgreSQL already counted in ``schema_migrations`` the numbers that
:data:`app.store.schema.MIGRATIONS` keeps: its migrations 1 to 11 are the same there.)

The mapping from the old numbers (each file once, under the store's start lock, in one
transaction):

==========================================  =====================================================
before                                      after
==========================================  =====================================================
SQLite, user_version 0 or 1                 migration 11; every game's facts filled in
SQLite, user_version 2 (no ``lab``)          migration 11; unfinished games' and lab games' facts
SQLite, user_version 3 (no ``deadline``)     migration 11; unfinished games' facts
SQLite, user_version 4 (today's old code)    migration 11; nothing to fill
PostgreSQL, ``schema_migrations`` 1 to n     migration n (the same numbers, the same SQL)
==========================================  =====================================================

In detail:

- A file with ``games`` and no ``schema_migrations`` is of the old count, at any user_version
  0 to 4: its games get the columns they lack (:data:`COLUMNS`); every table and index of
  migrations 1 to :data:`MAPPED_TO` is made where missing; the fact columns are filled in for the
  games they may differ for (by its user_version, as the old count did); the index SQLite alone
  had goes (:data:`DROPPED`); and migrations 1 to :data:`MAPPED_TO` are recorded as applied.
- ``PRAGMA user_version`` stays :data:`OLD_VERSION` on every store of the one count: a file set
  below it (a store copied back from an older build, or a test making one) is treated the same
  way, its columns and indexes made where missing and its facts filled in again.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

from app.store.queries import Connection
from app.store.schema import MIGRATIONS, applied
from app.store.sql import FACTS

if TYPE_CHECKING:
    from app.store.sql import SQLStore

log = logging.getLogger(__name__)

OLD_VERSION = 4  # SQLite's last user_version of the old count; kept on every store since
MAPPED_TO = 11  # a file of the old count, brought up to date, is at this migration
# games' columns a file of the old count may lack, in the order they came; think_started is
# PostgreSQL's claim's session (unused on SQLite, made so both databases have one schema)
COLUMNS = {
    "think_pid": "INTEGER",
    "mode": "TEXT",
    "device": "TEXT",
    "finished": "INTEGER NOT NULL DEFAULT 0",
    "open_seat": "INTEGER NOT NULL DEFAULT 0",
    "running": "INTEGER NOT NULL DEFAULT 0",
    "size": "INTEGER NOT NULL DEFAULT 0",
    "lab": "INTEGER NOT NULL DEFAULT 0",
    "deadline": "REAL",
    "think_started": "TIMESTAMPTZ",
}
# The games whose facts may differ, by the old user_version (below it, every game).
FILL = {2: """finished = 0 OR data LIKE '%"lab"%'""", 3: "finished = 0"}
DROPPED = ("seats_by_owner",)  # the seats' primary key (owner, game_id, seat) serves its reads
CREATE = re.compile(r"^CREATE (TABLE|INDEX) (?!IF NOT EXISTS )")
assert set(FACTS) <= set(COLUMNS)


def if_missing(statement: str) -> str | None:
    """A migration's CREATE as one that leaves what exists alone; None for an ALTER (the
    columns it adds are in :data:`COLUMNS`)."""
    text = statement.strip()
    if text.startswith("ALTER TABLE"):
        return None
    return CREATE.sub(r"CREATE \1 IF NOT EXISTS ", text)


def upgrade(store: SQLStore, db: Connection) -> bool:
    """Bring a file of the old count (or one set below :data:`OLD_VERSION`) onto the one count,
    as the module docstring says: whether there was anything to do."""
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    before = int(db.execute("PRAGMA user_version").fetchone()[0])
    if "games" not in tables:  # a new file: the migrations make it, of the one count at once
        if before != OLD_VERSION:
            db.execute(f"PRAGMA user_version = {OLD_VERSION}")
        return False
    old = "schema_migrations" not in tables
    if not old and (before >= OLD_VERSION or max(applied(store, db), default=0) < MAPPED_TO):
        return False  # of the one count (a file set back below needs what MAPPED_TO made)
    with store.dialect.transaction(db):
        present = {r[1] for r in db.execute("PRAGMA table_info(games)")}
        for name, kind in COLUMNS.items():
            if name not in present:
                db.execute(f"ALTER TABLE games ADD COLUMN {name} {kind}")
        for migration in MIGRATIONS[:MAPPED_TO]:
            for statement in migration.sql("sqlite"):
                made = if_missing(statement)
                if made is not None:
                    db.execute(made)
        filled = 0
        if before < OLD_VERSION:
            filled = store.fill_facts(db, FILL.get(before, "1 = 1"))
        if old:
            for index in DROPPED:
                db.execute(f"DROP INDEX IF EXISTS {index}")
            applied(store, db)
            for number in range(1, MAPPED_TO + 1):
                store.execute(db, "INSERT INTO schema_migrations (version) VALUES (:n)", n=number)
        db.execute(f"PRAGMA user_version = {OLD_VERSION}")
    log.info(
        "the store's schema was brought from SQLite's old count (%d) to migration %d; "
        "facts filled in for %d games",
        before,
        MAPPED_TO,
        filled,
    )
    return True
