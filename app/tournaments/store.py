"""Tournaments in the store: one row each, its JSON document and a version, written like a game.

Every write names the version it read (:class:`~app.store.base.StaleVersion` otherwise), so of
two hosts that see the same game end, one records it and pairs the next games, the other finds
the tournament changed, reads it again and has nothing left to do.  The queries are written once
for both databases (:class:`~app.store.sql.SQLStore` runs them through its dialect); the table
is migration 7 of the store's one schema (:mod:`app.store.schema`).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from app.store.base import StaleVersion, StoredRow, Watcher
from app.store.json_types import JSONObject
from app.store.queries import Connection, Queries, among, versions_in
from app.store.sql import SQLStore

COLUMNS = "id, version, data, created, updated"
LISTED = "*"  # the key a list's long-poll watches: the stamp of every tournament (no id is "*")
CHANNEL = "mancala_tournaments"  # PostgreSQL NOTIFY channel: "<id> <version>", "* <stamp>"


@dataclass
class TournamentRow(StoredRow):
    """One stored tournament: its id, version, JSON document and times."""

    @classmethod
    def decode(cls, found: tuple[str, int, str, float, float]) -> TournamentRow:
        return cls(str(found[0]), int(found[1]), json.loads(found[2]), found[3], found[4])


class TournamentStore:
    """The tournaments kept in one game store's database.

    Long-polls wait on :meth:`watcher`: a tournament's key is its id (its version), a list's is
    :data:`LISTED` (the :meth:`stamp`).  On SQLite the store's watcher sees every commit of this
    machine; on PostgreSQL each write of a tournament also sends a NOTIFY on :data:`CHANNEL`
    (its id and version, and the list's new stamp), so the requests waiting on any host wake.
    """

    def __init__(self, store: Queries) -> None:
        self.store = store
        self.notifies = getattr(store, "kind", "") == "postgresql"

    def watcher(self) -> Watcher:
        """A long-poll watcher on the tournaments' versions and the list's stamp (one per
        app: its thread serves every waiting request)."""
        if not isinstance(self.store, SQLStore):
            raise TypeError("a tournaments' watcher needs an SQL store")
        return self.store.watcher_on(CHANNEL, self.versions)

    def versions(self, db: Connection, keys: list[str]) -> dict[str, int]:
        """The versions of ``keys`` (tournament ids, or :data:`LISTED` for the stamp) on an
        open connection; a tournament that is gone is left out (-1 to a waiter)."""
        ids = [key for key in keys if key != LISTED]
        found = versions_in(self.store, db, "tournaments", "id", ids)
        if LISTED in keys:
            found[LISTED] = self.stamp_on(db)
        return found

    def notify(self, db: Connection, tournament_id: str | None, version: int) -> None:
        """On PostgreSQL: tell every host's watcher that a tournament changed (``version``
        -1: deleted) and the list's new stamp (nothing to do on SQLite)."""
        if not self.notifies:
            return
        notes = [f"{LISTED} {self.stamp_on(db)}"]
        if tournament_id is not None:
            notes.insert(0, f"{tournament_id} {version}")
        for note in notes:
            self.store.execute(db, "SELECT pg_notify(:channel, :note)", channel=CHANNEL, note=note)

    def create(self, tournament_id: str, data: JSONObject) -> TournamentRow:
        now = time.time()
        text = json.dumps(data)

        def write(db: Connection) -> None:
            self.store.execute(
                db,
                f"INSERT INTO tournaments ({COLUMNS}, status) "
                "VALUES (:id, 1, :data, :at, :at, :status)",
                id=tournament_id,
                data=text,
                at=now,
                status=str(data.get("status", "")),
            )
            self.notify(db, tournament_id, 1)

        self.store.run(write)
        return TournamentRow(tournament_id, 1, data, now, now)

    def load(self, tournament_id: str) -> TournamentRow | None:
        query = f"SELECT {COLUMNS} FROM tournaments WHERE id = :id"
        found = self.store.run(
            lambda db: self.store.execute(db, query, id=tournament_id).fetchone()
        )
        return None if found is None else TournamentRow.decode(found)

    def version(self, tournament_id: str) -> int | None:
        query = "SELECT version FROM tournaments WHERE id = :id"
        found = self.store.run(
            lambda db: self.store.execute(db, query, id=tournament_id).fetchone()
        )
        return None if found is None else int(found[0])

    def save(self, tournament_id: str, version: int, data: JSONObject) -> TournamentRow:
        """Write the next version; StaleVersion if ``version`` is no longer the stored one."""
        now = time.time()
        text = json.dumps(data)

        def write(db: Connection) -> list[tuple[float]]:
            found: list[tuple[float]] = self.store.execute(
                db,
                "UPDATE tournaments SET data = :data, version = version + 1, updated = :at, "
                "status = :status WHERE id = :id AND version = :version RETURNING created",
                data=text,
                at=now,
                status=str(data.get("status", "")),
                id=tournament_id,
                version=version,
            ).fetchall()
            if found:
                self.notify(db, tournament_id, version + 1)
            return found

        found = self.store.run(write)
        if not found:
            raise StaleVersion(tournament_id)
        return TournamentRow(tournament_id, version + 1, data, float(found[0][0]), now)

    def latest(self, limit: int = 10) -> list[tuple[str, int]]:
        """The ids and versions of the tournaments changed last, newest first."""
        query = "SELECT id, version FROM tournaments ORDER BY updated DESC LIMIT :limit"
        rows = self.store.run(lambda db: self.store.execute(db, query, limit=limit).fetchall())
        return [(str(r[0]), int(r[1])) for r in rows]

    def stamp(self) -> int:
        """A number that changes whenever a tournament is made, changed or deleted (a list's
        long-poll waits for it to change)."""
        return self.store.run(self.stamp_on)

    def stamp_on(self, db: Connection) -> int:
        """:meth:`stamp`, on an open connection."""
        query = "SELECT COUNT(*), COALESCE(MAX(updated), 0) FROM tournaments"
        found = self.store.execute(db, query).fetchone()
        return int(float(found[1]) * 1000) + int(found[0])

    def heads(self, unfinished: int = 500, finished: int = 50) -> list[tuple[str, int]]:
        """The ids and versions a list shows, in its order: the tournaments not finished,
        newest made first, then the finished, the latest changed first."""
        queries = [
            "SELECT id, version FROM tournaments WHERE status <> 'finished' "
            "ORDER BY created DESC LIMIT :limit",
            "SELECT id, version FROM tournaments WHERE status = 'finished' "
            "ORDER BY updated DESC LIMIT :limit",
        ]

        def read(db: Connection) -> list[tuple[str, int]]:
            found = []
            for query, limit in zip(queries, (unfinished, finished), strict=True):
                rows = self.store.execute(db, query, limit=limit).fetchall()
                found += [(str(r[0]), int(r[1])) for r in rows]
            return found

        return self.store.run(read)

    def load_many(self, ids: list[str]) -> list[TournamentRow]:
        """The tournaments ``ids`` that exist (in no order)."""

        def read(db: Connection) -> list[TournamentRow]:
            found = []
            for marks, chunk in among(ids):
                query = f"SELECT {COLUMNS} FROM tournaments WHERE id IN ({marks})"
                found += [TournamentRow.decode(r) for r in self.store.execute(db, query, **chunk)]
            return found

        return self.store.run(read)

    def open_rows(self) -> list[TournamentRow]:
        """The tournaments not started yet (kept few by the caps on making them)."""
        query = f"SELECT {COLUMNS} FROM tournaments WHERE status = 'open'"
        rows = self.store.run(lambda db: self.store.execute(db, query).fetchall())
        return [TournamentRow.decode(r) for r in rows]

    def expire_open(self, before: float) -> None:
        """Delete the tournaments made before ``before`` and never started."""

        def delete(db: Connection) -> None:
            gone = self.store.execute(
                db,
                "DELETE FROM tournaments WHERE status = 'open' AND created < :before RETURNING id",
                before=before,
            ).fetchall()
            for (tid,) in gone:
                self.notify(db, str(tid), -1)

        self.store.run(delete)

    def recent(self, limit: int = 50) -> list[TournamentRow]:
        """The tournaments not finished first, then the latest changed."""
        query = (
            f"SELECT {COLUMNS} FROM tournaments ORDER BY "
            "CASE WHEN status = 'finished' THEN 1 ELSE 0 END, updated DESC LIMIT :limit"
        )
        rows = self.store.run(lambda db: self.store.execute(db, query, limit=limit).fetchall())
        return [TournamentRow.decode(r) for r in rows]
