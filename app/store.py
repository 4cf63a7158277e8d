"""The game store: one SQLite file in the instance folder, shared by every server worker.

A game is kept as its record (variant, options, first player, moves) plus the app's settings,
as JSON, with a version number.  Every write names the version it read; of two racing writes
one wins and the other is told it is stale (:class:`StaleVersion`).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    data TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    think_version INTEGER,
    think_at REAL
);
CREATE TABLE IF NOT EXISTS seats (
    owner TEXT NOT NULL,
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    PRIMARY KEY (owner, game_id, seat)
);
CREATE INDEX IF NOT EXISTS seats_by_owner ON seats(owner);
CREATE TABLE IF NOT EXISTS presence (
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    seen REAL NOT NULL,
    PRIMARY KEY (game_id, seat)
);
"""


class StaleVersion(Exception):
    """The game changed since the version a write was based on."""


@dataclass
class Row:
    """One stored game: its id, version, JSON data and times."""

    id: str
    version: int
    data: dict[str, Any]
    created: float
    updated: float


class Store:
    """SQLite access; every call opens its own short connection (safe across threads)."""

    def __init__(self, path: str) -> None:
        self.path = path
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with self.connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)

    @contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """A connection in a transaction that commits on success and always closes."""
        with closing(sqlite3.connect(self.path, timeout=10.0)) as db:
            db.execute("PRAGMA busy_timeout=10000")
            with db:
                yield db

    def create(self, game_id: str, data: dict[str, Any], owners: list[tuple[str, int]]) -> Row:
        now = time.time()
        with self.connect() as db:
            db.execute(
                "INSERT INTO games (id, version, data, created, updated) VALUES (?, 1, ?, ?, ?)",
                (game_id, json.dumps(data), now, now),
            )
            db.executemany(
                "INSERT OR IGNORE INTO seats (owner, game_id, seat) VALUES (?, ?, ?)",
                [(owner, game_id, seat) for owner, seat in owners],
            )
        return Row(game_id, 1, data, now, now)

    def load(self, game_id: str) -> Row | None:
        with self.connect() as db:
            found = db.execute(
                "SELECT id, version, data, created, updated FROM games WHERE id = ?", (game_id,)
            ).fetchone()
        if found is None:
            return None
        return Row(found[0], found[1], json.loads(found[2]), found[3], found[4])

    def version(self, game_id: str) -> int | None:
        with self.connect() as db:
            found = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if found is None else int(found[0])

    def save(
        self,
        game_id: str,
        version: int,
        data: dict[str, Any],
        add_owner: tuple[str, int] | None = None,
    ) -> Row:
        """Write ``data`` as the version after ``version``; StaleVersion if someone was first."""
        now = time.time()
        with self.connect() as db:
            cur = db.execute(
                "UPDATE games SET data = ?, version = version + 1, updated = ? "
                "WHERE id = ? AND version = ?",
                (json.dumps(data), now, game_id, version),
            )
            if cur.rowcount != 1:
                raise StaleVersion(game_id)
            if add_owner is not None:
                db.execute(
                    "INSERT OR IGNORE INTO seats (owner, game_id, seat) VALUES (?, ?, ?)",
                    (add_owner[0], game_id, add_owner[1]),
                )
            created = db.execute("SELECT created FROM games WHERE id = ?", (game_id,)).fetchone()
        return Row(game_id, version + 1, data, created[0], now)

    def wait_version(self, game_id: str, seen: int, timeout: float, interval: float = 0.02) -> int:
        """Wait until the game's version is not ``seen`` (or ``timeout``); the version then.

        One connection polls a single indexed row, so many waiting browsers cost little.
        """
        end = time.monotonic() + timeout
        with closing(sqlite3.connect(self.path, timeout=10.0)) as db:
            while True:
                found = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
                version = -1 if found is None else int(found[0])
                if version != seen or time.monotonic() >= end:
                    return version
                time.sleep(interval)

    def claim_thinking(self, game_id: str, version: int, stale_after: float) -> bool:
        """Claim the computer's move at ``version``; False if another claim is still fresh."""
        now = time.time()
        with self.connect() as db:
            cur = db.execute(
                "UPDATE games SET think_version = ?, think_at = ? WHERE id = ? AND version = ? "
                "AND (think_version IS NULL OR think_version != ? OR think_at < ?)",
                (version, now, game_id, version, version, now - stale_after),
            )
            return cur.rowcount == 1

    def games_of(self, owner: str, limit: int = 20) -> list[Row]:
        """The games a browser holds a seat in, most recently played first."""
        with self.connect() as db:
            rows = db.execute(
                "SELECT DISTINCT g.id, g.version, g.data, g.created, g.updated "
                "FROM games g JOIN seats s ON s.game_id = g.id WHERE s.owner = ? "
                "ORDER BY g.updated DESC LIMIT ?",
                (owner, limit),
            ).fetchall()
        return [Row(r[0], r[1], json.loads(r[2]), r[3], r[4]) for r in rows]

    def touch(self, game_id: str, seats: list[int]) -> None:
        """Note that the holder of ``seats`` is looking at the game now (its presence)."""
        if not seats:
            return
        now = time.time()
        with self.connect() as db:
            db.executemany(
                "INSERT INTO presence (game_id, seat, seen) VALUES (?, ?, ?) "
                "ON CONFLICT(game_id, seat) DO UPDATE SET seen = excluded.seen",
                [(game_id, seat, now) for seat in seats],
            )

    def presence(self, game_id: str) -> dict[int, float]:
        """When each seat of a game was last seen (seat -> time.time())."""
        with self.connect() as db:
            rows = db.execute(
                "SELECT seat, seen FROM presence WHERE game_id = ?", (game_id,)
            ).fetchall()
        return {int(r[0]): float(r[1]) for r in rows}

    def recent(self, mode: str, limit: int = 200) -> list[Row]:
        """The most recently changed games of one mode (e.g. remote games to list as open)."""
        with self.connect() as db:
            rows = db.execute(
                "SELECT id, version, data, created, updated FROM games "
                "WHERE json_extract(data, '$.mode') = ? ORDER BY updated DESC LIMIT ?",
                (mode, limit),
            ).fetchall()
        return [Row(r[0], r[1], json.loads(r[2]), r[3], r[4]) for r in rows]


def init_app(app: Flask) -> None:
    """Open (and create if needed) the store named by ``DATABASE``."""
    path = app.config.get("DATABASE") or os.path.join(app.instance_path, "mancala.sqlite3")
    app.config["DATABASE"] = path
    app.extensions["mancala_store"] = Store(path)


def get_store() -> Store:
    """The current app's store."""
    return current_app.extensions["mancala_store"]  # type: ignore[no-any-return]
