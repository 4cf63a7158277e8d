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
from typing import Any

from app.store.base import StaleVersion
from app.store.json_types import JSONObject
from app.store.queries import Connection, Queries, among

COLUMNS = "id, version, data, created, updated"
COPY_NAMES = ("id", "version", "data", "status", "created", "updated")
# Copying a store (app.upkeep.copy): a tournament replaces only an older version of itself.
COPY = (
    f"INSERT INTO tournaments ({', '.join(COPY_NAMES)}) "
    "VALUES (:id, :version, :data, :status, :created, :updated) "
    "ON CONFLICT (id) DO UPDATE SET version = excluded.version, data = excluded.data, "
    "status = excluded.status, updated = excluded.updated "
    "WHERE tournaments.version < excluded.version"
)


@dataclass
class TournamentRow:
    """One stored tournament: its id, version, JSON document and times."""

    id: str
    version: int
    data: JSONObject
    created: float
    updated: float

    @classmethod
    def decode(cls, found: tuple[Any, ...]) -> TournamentRow:
        return cls(str(found[0]), int(found[1]), json.loads(found[2]), found[3], found[4])


class TournamentStore:
    """The tournaments kept in one game store's database."""

    def __init__(self, store: Queries) -> None:
        self.store = store

    def create(self, tournament_id: str, data: JSONObject) -> TournamentRow:
        now = time.time()
        text = json.dumps(data)
        self.store.run(
            lambda db: self.store.execute(
                db,
                f"INSERT INTO tournaments ({COLUMNS}, status) "
                "VALUES (:id, 1, :data, :at, :at, :status)",
                id=tournament_id,
                data=text,
                at=now,
                status=str(data.get("status", "")),
            )
        )
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

        def write(db: Connection) -> list[Any]:
            found: list[Any] = self.store.execute(
                db,
                "UPDATE tournaments SET data = :data, version = version + 1, updated = :at, "
                "status = :status WHERE id = :id AND version = :version RETURNING created",
                data=text,
                at=now,
                status=str(data.get("status", "")),
                id=tournament_id,
                version=version,
            ).fetchall()
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
        query = "SELECT COUNT(*), COALESCE(MAX(updated), 0) FROM tournaments"
        found = self.store.run(lambda db: self.store.execute(db, query).fetchone())
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
        self.store.run(
            lambda db: self.store.execute(
                db,
                "DELETE FROM tournaments WHERE status = 'open' AND created < :before",
                before=before,
            )
        )

    def recent(self, limit: int = 50) -> list[TournamentRow]:
        """The tournaments not finished first, then the latest changed."""
        query = (
            f"SELECT {COLUMNS} FROM tournaments ORDER BY "
            "CASE WHEN status = 'finished' THEN 1 ELSE 0 END, updated DESC LIMIT :limit"
        )
        rows = self.store.run(lambda db: self.store.execute(db, query, limit=limit).fetchall())
        return [TournamentRow.decode(r) for r in rows]
