"""Copy every game, its seat owners and its analysis, the players' names, ratings and their
history, the tournaments, and what the lessons and puzzles keep, from an SQLite store file into
PostgreSQL.

    python -m app.upkeep.copy instance/mancala.sqlite3 postgresql://user:pw@host/db

Moving a server from its SQLite file to PostgreSQL: stop the server (or not: the copy reads a
consistent snapshot, and running it again later brings over what changed since), copy, then
start the hosts with ``MANCALA_DATABASE_URL``.  The target's schema is created (or migrated)
first, and each game's indexed facts (mode, device, finished...) are worked out as the app
does.  A game already in PostgreSQL is replaced only by a newer version of itself, and an
analysis only by a newer one, so the copy may be repeated safely; damaged games are copied as
they are.  The lessons' and puzzles' rows (:mod:`app.learn.store`: steps passed, first tries,
own puzzles, and the players' and puzzles' ratings, a newer rating replacing an older one) come
along the same way.

Not copied, and said so when it is done (:data:`NOT_COPIED`): claims of computer moves,
presence, rate limits and upkeep times (short-lived: the next read of a game claims its
computer move again), backups, and the secret key, which is not in the store: players' seat
cookies are signed with it, so copy ``instance/secret_key`` to every new host (or set the same
``MANCALA_SECRET_KEY`` on each), or the new hosts refuse those cookies.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from typing import Any

from app.games.facts import describe
from app.store import StoreError
from app.store.postgres import PostgresStore
from app.store.sql import COLUMNS, FACT_VALUES, FACTS

# How each table of the players' names (app.games.player_names), their ratings
# (app.ratings.store) and the games' ends whose hooks ran comes from SQLite into PostgreSQL:
# its columns, and what a row already there becomes (a player's name and a rating: the newer
# one; a name another device holds there is not taken).  Repeating the copy changes nothing.
COPIES: list[tuple[str, str, str]] = [
    ("players", "device, name, name_key, created, updated", "ON CONFLICT DO NOTHING"),
    (
        "ratings",
        "device, pool, rating, deviation, volatility, games, updated",
        "ON CONFLICT (device, pool) DO UPDATE SET rating = excluded.rating, "
        "deviation = excluded.deviation, volatility = excluded.volatility, "
        "games = excluded.games, updated = excluded.updated "
        "WHERE ratings.updated < excluded.updated",
    ),
    (
        "rating_history",
        "device, pool, game_id, before_rating, before_deviation, after_rating, after_deviation, at",
        "ON CONFLICT DO NOTHING",
    ),
    ("settled", "game_id, pool, at", "ON CONFLICT DO NOTHING"),
    ("game_ends", "game_id, at", "ON CONFLICT DO NOTHING"),
]
# A name changed in SQLite since an earlier copy (when no other device holds it there).
RENAMED = (
    "UPDATE players SET name = :name, name_key = :name_key, updated = :updated "
    "WHERE device = :device AND updated < :updated AND NOT EXISTS "
    "(SELECT 1 FROM players p WHERE p.name_key = :name_key AND p.device <> :device)"
)
UPDATE = (
    ", ".join(
        f"{name} = excluded.{name}" for name in ("version", "data", "created", "updated", *FACTS)
    )
    + ", think_version = NULL, think_at = NULL"
)
# A game replaces only an older version of itself; a seat or analysis comes with its game.
GAME = (
    f"INSERT INTO games ({COLUMNS}, {', '.join(FACTS)}) "
    f"VALUES (:game, :version, :data, :created, :updated, {FACT_VALUES}) "
    f"ON CONFLICT (id) DO UPDATE SET {UPDATE} WHERE games.version < excluded.version "
    "RETURNING (xmax = 0) AS inserted"
)
SEAT = (
    "INSERT INTO seats (owner, game_id, seat) SELECT :owner, :game, :seat "
    "WHERE EXISTS (SELECT 1 FROM games WHERE id = :game) ON CONFLICT DO NOTHING"
)
ANALYSIS = (
    "INSERT INTO analyses (game_id, data, updated) SELECT :game, :data, :updated "
    "WHERE EXISTS (SELECT 1 FROM games WHERE id = :game) "
    "ON CONFLICT (game_id) DO UPDATE SET data = excluded.data, "
    "updated = excluded.updated WHERE analyses.updated < excluded.updated"
)

TOURNAMENT_NAMES = ("id", "version", "data", "status", "created", "updated")
# app.tournaments.store's table: a tournament replaces only an older version of itself.
TOURNAMENT = (
    f"INSERT INTO tournaments ({', '.join(TOURNAMENT_NAMES)}) "
    "VALUES (:id, :version, :data, :status, :created, :updated) "
    "ON CONFLICT (id) DO UPDATE SET version = excluded.version, data = excluded.data, "
    "status = excluded.status, updated = excluded.updated "
    "WHERE tournaments.version < excluded.version"
)
LEARN_TABLES = {  # app.learn.store's tables: their columns, their key, whether a row is updated
    "lesson_steps": (("owner", "variant", "step", "done"), "", False),
    "puzzle_tries": (("owner", "puzzle", "solved", "at"), "", False),
    "own_puzzles": (("owner", "id", "data", "created"), "", False),
    "puzzle_players": (("owner", "r", "rd", "sigma", "tries", "solved", "updated"), "owner", True),
    "puzzle_ratings": (
        ("puzzle", "r", "rd", "sigma", "tries", "solved", "updated"),
        "puzzle",
        True,
    ),
}


def learn_query(table: str) -> str:
    """The insert of one of ``table``'s rows: a kept row stays, a rating only for a newer one."""
    columns, key, updated = LEARN_TABLES[table]
    values = ", ".join(f":{c}" for c in columns)
    insert = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({values}) "
    if not updated:
        return insert + "ON CONFLICT DO NOTHING"
    sets = ", ".join(f"{c} = excluded.{c}" for c in columns if c != key)
    return (
        insert
        + f"ON CONFLICT ({key}) DO UPDATE SET {sets} WHERE {table}.updated < excluded.updated"
    )


BATCH = 500
NOT_COPIED = (
    "not copied: claims of computer moves, presence, rate limits and upkeep times (short-lived;"
    " they start afresh), backups (make them with pg_dump), and the secret key, which is not in"
    " the store: copy the old server's instance/secret_key file to every new host's instance"
    " folder (or set the same MANCALA_SECRET_KEY on each), or the new hosts refuse the seat"
    " cookies and bot tokens it signed"
)


@dataclass
class Copied:
    games: int = 0  # games read from the SQLite file
    new: int = 0  # inserted into PostgreSQL
    updated: int = 0  # replaced an older version there
    current: int = 0  # already there at this version or newer
    seats: int = 0  # seat owners inserted
    analyses: int = 0  # analyses read from the SQLite file
    analyses_copied: int = 0  # inserted or replacing an older one in PostgreSQL
    learning: int = 0  # lesson and puzzle rows read from the SQLite file
    learning_copied: int = 0  # inserted or replacing an older rating in PostgreSQL
    room: dict[str, int] | None = None  # the players' tables: rows written in PostgreSQL
    tournaments: int = 0  # tournaments read from the SQLite file
    tournaments_copied: int = 0  # inserted or replacing an older version in PostgreSQL

    def __str__(self) -> str:
        room = "; ".join(
            f"{n} {t.replace('_', ' ')} rows written" for t, n in (self.room or {}).items()
        )
        return (
            f"{self.games} games read: {self.new} new, {self.updated} updated, "
            f"{self.current} already current; {self.seats} seat owners added; "
            f"{self.analyses} analyses read: {self.analyses_copied} copied, "
            f"{self.analyses - self.analyses_copied} already current; "
            f"{self.learning} lesson and puzzle rows read: {self.learning_copied} copied"
            + (f"; {room}" if room else "")
            + f"; {self.tournaments} tournaments read: {self.tournaments_copied} copied"
        )


Rows = list[tuple[Any, ...]]


def read_room(path: str) -> dict[str, Rows]:
    """The players' tables of an SQLite store (those it has: an older store has none)."""
    out: dict[str, Rows] = {}
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        db.execute("BEGIN")
        for table, columns, _ in COPIES:
            if db.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (table,)).fetchone():
                out[table] = db.execute(f"SELECT {columns} FROM {table}").fetchall()
        db.execute("COMMIT")
    return out


def copy_room(store: PostgresStore, db: Any, rooms: dict[str, Rows], batch: int) -> dict[str, int]:
    """Write the players' tables into PostgreSQL (see COPIES): rows written per table."""
    done: dict[str, int] = {}
    for table, columns, conflict in COPIES:
        names = tuple(c.strip() for c in columns.split(","))
        marks = ", ".join(f":{n}" for n in names)
        query = f"INSERT INTO {table} ({columns}) VALUES ({marks}) {conflict}"
        rows = rooms.get(table, [])
        done[table] = written(store, db, query, names, rows, batch)
        if table == "players":
            done[table] += written(store, db, RENAMED, names, rows, batch)
    return done


def read_tournaments(path: str) -> Rows:
    """The tournaments of an SQLite store (none in a store from before them)."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'tournaments'").fetchone():
            return []
        return db.execute(f"SELECT {', '.join(TOURNAMENT_NAMES)} FROM tournaments").fetchall()


def read_sqlite(path: str) -> tuple[Rows, Rows, Rows]:
    """Every game row, seat owner and analysis of an SQLite store (one read transaction: a
    snapshot; a store from before analyses has none)."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        db.execute("BEGIN")
        games = db.execute(
            "SELECT id, version, data, created, updated FROM games ORDER BY created"
        ).fetchall()
        seats = db.execute("SELECT owner, game_id, seat FROM seats").fetchall()
        analyses = []
        if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'analyses'").fetchone():
            analyses = db.execute("SELECT game_id, data, updated FROM analyses").fetchall()
        db.execute("COMMIT")
    return games, seats, analyses


def read_learning(path: str) -> dict[str, Rows]:
    """The rows of each of the lessons' and puzzles' tables the SQLite store has."""
    found: dict[str, Rows] = {}
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        db.execute("BEGIN")
        for table, (columns, _, _) in LEARN_TABLES.items():
            exists = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"
            if db.execute(exists, (table,)).fetchone():
                found[table] = db.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall()
        db.execute("COMMIT")
    return found


def copy(sqlite_path: str, url: str, batch: int = BATCH) -> Copied:
    """Copy ``sqlite_path``'s games into the PostgreSQL database at ``url`` (see the module)."""
    games, seats, analyses = read_sqlite(sqlite_path)
    learning = read_learning(sqlite_path)
    store = PostgresStore(url, describe=describe)
    done = Copied(
        games=len(games), analyses=len(analyses), learning=sum(map(len, learning.values()))
    )
    try:
        with store.connect(application_name="mancala-copy") as db:
            for part in batches(games, batch):
                with db.transaction():
                    for gid, version, data, created, updated in part:
                        found = store.execute(
                            db,
                            GAME,
                            game=gid,
                            version=version,
                            data=data,
                            created=created,
                            updated=updated,
                            **store.facts(data),
                        ).fetchone()
                        if found is None:
                            done.current += 1
                        elif found[0]:
                            done.new += 1
                        else:
                            done.updated += 1
            done.seats = written(store, db, SEAT, ("owner", "game", "seat"), seats, batch)
            done.analyses_copied = written(
                store, db, ANALYSIS, ("game", "data", "updated"), analyses, batch
            )
            for table, rows in learning.items():
                columns = LEARN_TABLES[table][0]
                done.learning_copied += written(store, db, learn_query(table), columns, rows, batch)
            done.room = copy_room(store, db, read_room(sqlite_path), batch)
            tournaments = read_tournaments(sqlite_path)
            done.tournaments = len(tournaments)
            done.tournaments_copied = written(
                store, db, TOURNAMENT, TOURNAMENT_NAMES, tournaments, batch
            )
    finally:
        store.close()
    return done


def batches(rows: Rows, batch: int) -> Iterator[Rows]:
    """``rows``, ``batch`` at a time (each batch is copied in one transaction)."""
    for i in range(0, len(rows), batch):
        yield rows[i : i + batch]


def written(
    store: PostgresStore, db: Any, query: str, names: tuple[str, ...], rows: Rows, batch: int
) -> int:
    """Run ``query`` once for each of ``rows`` (its values, named ``names``), ``batch`` rows a
    transaction: how many rows it wrote."""
    count = 0
    for part in batches(rows, batch):
        with db.transaction():
            for row in part:
                count += store.execute(db, query, **dict(zip(names, row, strict=True))).rowcount
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m app.upkeep.copy", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("sqlite_file", help="the SQLite store, e.g. instance/mancala.sqlite3")
    parser.add_argument("postgres_url", help="postgresql://user:password@host:port/database")
    args = parser.parse_args(argv)
    try:
        done = copy(args.sqlite_file, args.postgres_url)
    except (sqlite3.Error, OSError) as exc:
        print(f"could not read {args.sqlite_file}: {exc}", file=sys.stderr)
        return 1
    except StoreError as exc:
        print(f"could not write to PostgreSQL: {exc.message}", file=sys.stderr)
        return 1
    print(done)
    print(NOT_COPIED)
    return 0


if __name__ == "__main__":
    sys.exit(main())
