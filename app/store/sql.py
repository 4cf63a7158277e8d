"""The game store's queries, written once for every SQL database.

:class:`SQLStore` holds every query of :class:`~app.store.base.GameStore` and the logic around
it; a store (:mod:`app.store.sqlite`, :mod:`app.store.postgres`) brings its connections
(:meth:`SQLStore.run`), its schema, its watcher, what only its database can do (claims of the
computer's moves) and a :class:`Dialect`: what differs between the databases' SQL.

Queries name their parameters (``:game``) and read the store's clock as ``:clock``: the
database's own where its dialect names one (PostgreSQL: the same for every host), else the
``time.time()`` the caller passes.  Everything else is SQL both databases speak
(``INSERT … ON CONFLICT … DO UPDATE``, ``RETURNING``, ``substr``).
"""

from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from typing import Any, TypeVar

from app.store.base import (
    Describe,
    Facts,
    GameStore,
    Row,
    StaleVersion,
    Watcher,
    decode_all,
    plain_facts,
)
from app.store.json_types import JSONObject
from app.store.queries import Connection, Versions, among, versions_in

T = TypeVar("T")
Args = JSONObject

COLUMNS = "id, version, data, created, updated"  # a Row, in Row.decode's order
# What lists filter and sort on, kept in real columns beside the JSON (see Facts), in
# facts_of's order.
FACTS = ("mode", "device", "finished", "open_seat", "running", "size", "lab", "deadline")
FACT_SET = ", ".join(f"{name} = :{name}" for name in FACTS)
FACT_VALUES = ", ".join(f":{name}" for name in FACTS)
DAY = 24 * 3600.0
PRESENCE = "SELECT seat, seen FROM presence WHERE game_id = :game"
WRITE_PRESENCE = (
    "INSERT INTO presence (game_id, seat, seen) VALUES (:game, :seat, :seen) "
    "ON CONFLICT (game_id, seat) DO UPDATE SET seen = excluded.seen"
)
# The tables that keep rows for one game (with their column naming it), the games' own and
# those a feature keeps per game (the analyses'; every table is in app.store.schema): a game
# deleted (expired) goes with its rows there.
PER_GAME: tuple[tuple[str, str], ...] = (
    ("seats", "game_id"),
    ("presence", "game_id"),
    ("analyses", "game_id"),
    ("game_ends", "game_id"),
)


class Dialect(ABC):
    """What differs between two SQL databases in :class:`SQLStore`'s queries.  By default
    SQLite's SQL: parameters as the queries write them, ``:clock`` one of them."""

    least = "min"  # the smaller of its arguments
    greatest = "max"  # the larger of its arguments
    for_update = ""  # after a SELECT in a transaction: lock its rows (SQLite locks the file)
    unique: tuple[type[Exception], ...] = ()  # the driver's error for a unique key taken
    # Inside a transaction: hold ``{table}`` against other writers until it ends, reads of it
    # allowed ("": the transaction already holds the whole database, as SQLite's does).
    lock = ""

    def sql(self, text: str) -> str:
        """The query ``text`` as the database's driver takes it (a dialect may read the
        database's own clock for ``:clock``)."""
        return text

    @abstractmethod
    def transaction(self, db: Connection) -> AbstractContextManager[Any]:
        """Several statements as one write: committed together, or rolled back on an error."""

    def many(self, db: Connection, text: str, rows: list[Args]) -> None:
        """One statement, run for each of ``rows`` (already in the driver's SQL)."""
        db.executemany(text, rows)


class SQLStore(GameStore):
    """A game store on an SQL database: every query, once (see the module docstring)."""

    dialect: Dialect

    def __init__(self, describe: Describe | None = None) -> None:
        super().__init__()
        self.describe: Describe = describe or plain_facts

    @abstractmethod
    def run(self, work: Callable[[Connection], T]) -> T:
        """``work(db)`` on one of the store's connections (autocommit, each statement its own
        transaction unless the dialect opens one); a failure is a StoreError of its kind."""

    @abstractmethod
    def watcher_on(self, channel: str, versions: Versions) -> Watcher:
        """A long-poll watcher over versioned rows beside the games (the lobby's, …):
        ``versions`` reads them, and on PostgreSQL a NOTIFY on ``channel`` says one moved."""

    def fresh(self, work: Callable[[Connection], T]) -> T:
        """``work(db)`` where it proves the store answers now (the health check's)."""
        return self.run(work)

    def execute(self, db: Connection, text: str, **args: Any) -> Any:
        """Run one query on ``db``: its cursor."""
        return db.execute(self.dialect.sql(text), args)

    def many(self, db: Connection, text: str, rows: Iterable[Args]) -> None:
        """Run one statement for each of ``rows`` (none: nothing)."""
        found = list(rows)
        if found:
            self.dialect.many(db, self.dialect.sql(text), found)

    # -- facts --------------------------------------------------------------------------------

    def facts_of(self, text: str) -> tuple[Any, ...]:
        """The fact columns' values for a game's JSON text (in FACTS' order)."""
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        if not isinstance(data, dict):
            facts = Facts()  # a damaged game has no facts; it is still kept
        else:
            try:
                facts = self.describe(data)
            except Exception:  # noqa: BLE001 (a game that doesn't replay: what its data says)
                facts = plain_facts(data)
        return self.columns(facts, text)

    @staticmethod
    def columns(facts: Facts, text: str) -> tuple[Any, ...]:
        """The fact columns' values of ``facts`` for a game whose JSON is ``text``."""
        return (
            facts.mode,
            facts.device,
            int(facts.finished),
            int(facts.open_seat),
            int(facts.running),
            len(text),
            int(facts.lab),
            facts.deadline,
        )

    def facts(self, text: str) -> Args:
        """The fact columns of a game's JSON text, by name (the queries' parameters)."""
        return dict(zip(FACTS, self.facts_of(text), strict=True))

    def fill_facts(self, db: Connection, which: str, only: tuple[str, ...] = FACTS) -> int:
        """Fill in the fact columns (``only`` those: a migration's new ones, when a later
        migration's are not there yet) of the games the condition ``which`` picks (a
        migration, inside its transaction): how many games."""
        columns = ", ".join(f"{name} = :{name}" for name in only)
        rows = self.execute(db, f"SELECT id, data FROM games WHERE {which}").fetchall()
        for game_id, text in rows:
            facts = self.facts(text)
            self.execute(
                db,
                f"UPDATE games SET {columns} WHERE id = :game",
                game=game_id,
                **{name: facts[name] for name in only},
            )
        return len(rows)

    def clear_limits(self, db: Connection) -> None:
        """Forget the rate-limit buckets not used for a day (at start)."""
        self.execute(db, "DELETE FROM limits WHERE at < :clock - :day", clock=time.time(), day=DAY)

    # -- games --------------------------------------------------------------------------------

    def create(self, game_id: str, data: JSONObject, owners: list[tuple[str, int]]) -> Row:
        now = time.time()
        text = json.dumps(data)
        facts = self.facts(text)

        def insert(db: Connection) -> None:
            with self.dialect.transaction(db):
                self.execute(
                    db,
                    f"INSERT INTO games ({COLUMNS}, {', '.join(FACTS)}) "
                    f"VALUES (:game, 1, :data, :at, :at, {FACT_VALUES})",
                    game=game_id,
                    data=text,
                    at=now,
                    **facts,
                )
                self.add_owners(db, game_id, owners)

        self.run(insert)
        return Row(game_id, 1, data, now, now)

    def add_owners(self, db: Connection, game_id: str, owners: list[tuple[str, int]]) -> None:
        """Note the owners of a game's seats (an owner already noted stays as it is)."""
        self.many(
            db,
            "INSERT INTO seats (owner, game_id, seat) VALUES (:owner, :game, :seat) "
            "ON CONFLICT DO NOTHING",
            ({"owner": owner, "game": game_id, "seat": seat} for owner, seat in owners),
        )

    def load(self, game_id: str) -> Row | None:
        query = f"SELECT {COLUMNS} FROM games WHERE id = :game"
        found = self.run(lambda db: self.execute(db, query, game=game_id).fetchone())
        return None if found is None else Row.decode(found)

    def version(self, game_id: str) -> int | None:
        query = "SELECT version FROM games WHERE id = :game"
        found = self.run(lambda db: self.execute(db, query, game=game_id).fetchone())
        return None if found is None else int(found[0])

    def save(
        self,
        game_id: str,
        version: int,
        data: JSONObject,
        add_owner: tuple[str, int] | None = None,
        facts: Facts | None = None,
    ) -> Row:
        now = time.time()
        text = json.dumps(data)
        values = (
            self.facts(text)
            if facts is None
            else dict(zip(FACTS, self.columns(facts, text), strict=True))
        )

        def write(db: Connection) -> float:
            found = self.execute(
                db,
                f"UPDATE games SET data = :data, version = version + 1, updated = :at, "
                f"{FACT_SET} WHERE id = :game AND version = :version RETURNING created",
                data=text,
                at=now,
                game=game_id,
                version=version,
                **values,
            ).fetchall()
            if not found:
                raise StaleVersion(game_id)
            self.add_owners(db, game_id, [add_owner] if add_owner else [])
            return float(found[0][0])

        def update(db: Connection) -> float:
            if add_owner is None:
                return write(db)  # one statement: its own transaction
            with self.dialect.transaction(db):
                return write(db)

        created = self.run(update)
        return Row(game_id, version + 1, data, created, now)

    def versions(self, db: Connection, game_ids: list[str]) -> dict[str, int]:
        """The current version of each of ``game_ids`` that exists (on an open connection)."""
        return versions_in(self, db, "games", "id", game_ids)

    def games_of(self, owner: str, limit: int = 20) -> list[Row]:
        query = (
            f"SELECT {COLUMNS} FROM games WHERE id IN "
            "(SELECT game_id FROM seats WHERE owner = :owner) ORDER BY updated DESC LIMIT :limit"
        )
        return self.rows(query, owner=owner, limit=limit)

    def recent(self, mode: str, limit: int = 200) -> list[Row]:
        """The most recently changed games of one mode (an indexed column, not the JSON)."""
        query = f"SELECT {COLUMNS} FROM games WHERE mode = :mode ORDER BY updated DESC LIMIT :limit"
        return self.rows(query, mode=mode, limit=limit)

    def open_invites(self, since: float, limit: int = 20) -> list[Row]:
        query = (
            f"SELECT {COLUMNS} FROM games WHERE mode = 'remote' AND open_seat = 1 "
            "AND finished = 0 AND updated >= :since ORDER BY updated DESC LIMIT :limit"
        )
        return self.rows(query, since=since, limit=limit)

    def rows(self, query: str, **args: Any) -> list[Row]:
        """The games a query finds (skipping damaged ones)."""
        return decode_all(self.run(lambda db: self.execute(db, query, **args).fetchall()))

    def running(self, mode: str, device: str, since: float) -> int:
        query = (
            "SELECT COUNT(*) FROM games WHERE device = :device AND mode = :mode "
            "AND running = 1 AND updated >= :since"
        )
        found = self.run(
            lambda db: self.execute(db, query, device=device, mode=mode, since=since).fetchone()
        )
        return int(found[0])

    def count(self) -> int:
        return self.fresh(self._count)

    def _count(self, db: Connection) -> int:
        return int(self.execute(db, "SELECT COUNT(*) FROM games").fetchone()[0])

    def expire(
        self,
        finished_before: float,
        invites_before: float,
        batch: int = 500,
        *,
        unfinished_before: float | None = None,
        lab_before: float | None = None,
    ) -> int:
        picked = {
            "finished": finished_before,
            "invites": invites_before,
            "unfinished": unfinished_before,
            "lab": lab_before,
            "batch": batch,
        }

        def sweep(db: Connection) -> int:
            with self.dialect.transaction(db):
                ids = [r[0] for r in self.execute(db, EXPIRED, **picked).fetchall()]
                for marks, chunk in among(ids):
                    for table, column in (*PER_GAME, ("games", "id")):
                        self.execute(
                            db, f"DELETE FROM {table} WHERE {column} IN ({marks})", **chunk
                        )
                return len(ids)

        total = 0
        while (done := self.run(sweep)) == batch:
            total += done
        return total + done

    def past_deadline(self, now: float, limit: int = 50) -> list[str]:
        # ``now`` is the caller's clock, the one the game's deadline was written with (not the
        # database's): the flag is then due by the same clock that ends the game.
        query = (
            "SELECT id FROM games WHERE deadline IS NOT NULL AND deadline <= :now "
            "ORDER BY deadline LIMIT :limit"
        )
        rows = self.run(lambda db: self.execute(db, query, now=now, limit=limit).fetchall())
        return [str(r[0]) for r in rows]

    def may_be_over(self, game_ids: list[str], now: float) -> set[str]:
        # From the fact columns (written with every game): finished, or its deadline (early,
        # never late) passed by the caller's clock.
        found: set[str] = set()

        def read(db: Connection) -> None:
            for marks, chunk in among(game_ids):
                query = (
                    f"SELECT id FROM games WHERE id IN ({marks}) AND (finished = 1 OR "
                    "(deadline IS NOT NULL AND deadline <= :now))"
                )
                found.update(str(r[0]) for r in self.execute(db, query, now=now, **chunk))

        if game_ids:
            self.run(read)
        return found

    # -- upkeep -------------------------------------------------------------------------------

    def claim_job(self, job: str, every: float) -> bool:
        query = (
            "INSERT INTO maintenance (job, at) VALUES (:job, :clock) ON CONFLICT (job) "
            "DO UPDATE SET at = excluded.at WHERE maintenance.at <= :clock - :every"
        )
        return self.wrote(query, job=job, every=every, clock=time.time())

    def set_mark(self, name: str, at: float, replace: bool = True) -> bool:
        action = "DO UPDATE SET at = excluded.at" if replace else "DO NOTHING"
        query = f"INSERT INTO maintenance (job, at) VALUES (:job, :at) ON CONFLICT (job) {action}"
        return self.wrote(query, job=name, at=at)

    def wrote(self, query: str, **args: Any) -> bool:
        """Whether a write of one row wrote it."""
        return bool(self.run(lambda db: self.execute(db, query, **args).rowcount) == 1)

    def marks(self, prefix: str) -> dict[str, float]:
        query = "SELECT job, at FROM maintenance WHERE substr(job, 1, :length) = :prefix"
        rows = self.run(
            lambda db: self.execute(db, query, length=len(prefix), prefix=prefix).fetchall()
        )
        return {str(job): float(at) for job, at in rows}

    def probe(self) -> int:
        """A write (the health mark) and a read (the games stored), where :meth:`fresh` runs."""

        def write_and_count(db: Connection) -> int:
            self.execute(
                db,
                "INSERT INTO maintenance (job, at) VALUES ('health', :clock) "
                "ON CONFLICT (job) DO UPDATE SET at = excluded.at",
                clock=time.time(),
            )
            return self._count(db)

        return self.fresh(write_and_count)

    # -- shared by every process: rate limits, presence ------------------------------------------

    def take_token(self, key: str, burst: float, per_second: float) -> float:
        d = self.dialect
        level = f"{d.least}(:burst, limits.tokens + {d.greatest}(0, :clock - limits.at) * :rate)"
        args = {"key": key, "burst": burst, "rate": per_second, "clock": time.time()}

        def take(db: Connection) -> float:
            taken = self.execute(  # one statement: a new bucket starts full, less this token
                db,
                "INSERT INTO limits (key, tokens, at) VALUES (:key, :burst - 1, :clock) "
                f"ON CONFLICT (key) DO UPDATE SET tokens = {level} - 1, at = :clock "
                f"WHERE {level} >= 1",
                **args,
            ).rowcount
            if taken:
                return 0.0
            found = self.execute(db, f"SELECT {level} FROM limits WHERE key = :key", **args)
            row = found.fetchone()
            have = float(row[0]) if row else burst
            return (1 - have) / per_second if per_second > 0 else 3600.0

        return self.run(take)

    def write_presence(self, game_id: str, seats: list[int], now: float) -> None:
        self.run(
            lambda db: self.many(
                db,
                WRITE_PRESENCE,
                ({"game": game_id, "seat": seat, "seen": now} for seat in seats),
            )
        )

    def presence(self, game_id: str) -> dict[int, float]:
        rows = self.run(lambda db: self.execute(db, PRESENCE, game=game_id).fetchall())
        return {int(r[0]): float(r[1]) for r in rows}

    def touch_and_read(self, game_id: str, due: list[int], now: float) -> dict[int, float]:
        """The write (when seats are due) and the read in one trip to the store."""

        def both(db: Connection) -> list[Any]:
            if due:
                rows = ({"game": game_id, "seat": seat, "seen": now} for seat in due)
                self.many(db, WRITE_PRESENCE, rows)
            found: list[Any] = self.execute(db, PRESENCE, game=game_id).fetchall()
            return found

        return {int(r[0]): float(r[1]) for r in self.run(both)}

    def playing(self, since: float, limit: int = 20) -> list[tuple[str, JSONObject]]:
        query = (
            "SELECT id, data FROM games WHERE mode = 'remote' AND open_seat = 0 AND "
            "finished = 0 AND updated >= :since ORDER BY updated DESC LIMIT :limit"
        )
        rows = self.run(lambda db: self.execute(db, query, since=since, limit=limit).fetchall())
        out = []
        for game_id, text in rows:
            try:
                data = json.loads(text)
            except ValueError:
                continue
            if isinstance(data, dict):
                out.append((str(game_id), data))
        return out

    def seen_since(self, game_ids: list[str], since: float) -> set[tuple[str, int]]:
        found: set[tuple[str, int]] = set()

        def read(db: Connection) -> None:
            for marks, chunk in among(game_ids):
                query = (
                    f"SELECT game_id, seat FROM presence WHERE game_id IN ({marks}) "
                    "AND seen >= :since"
                )
                for gid, seat in self.execute(db, query, since=since, **chunk).fetchall():
                    found.add((str(gid), int(seat)))

        self.run(read)
        return found

    def next_version(self, db: Connection, game_id: str) -> None:
        self.execute(db, "UPDATE games SET version = version + 1 WHERE id = :game", game=game_id)

    # -- the ends of games whose hooks all ran ----------------------------------------------

    def unswept_ends(self, since: float, limit: int = 200) -> list[str]:
        query = (
            "SELECT id FROM games WHERE finished = 1 AND updated >= :since AND id NOT IN "
            "(SELECT game_id FROM game_ends) ORDER BY updated LIMIT :limit"
        )
        rows = self.run(lambda db: self.execute(db, query, since=since, limit=limit).fetchall())
        return [str(r[0]) for r in rows]

    def mark_swept(self, game_id: str) -> None:
        query = (
            "INSERT INTO game_ends (game_id, at) VALUES (:game, :at) "
            "ON CONFLICT (game_id) DO NOTHING"
        )
        self.run(lambda db: self.execute(db, query, game=game_id, at=time.time()))

    def is_swept(self, game_id: str) -> bool:
        query = "SELECT 1 FROM game_ends WHERE game_id = :game"
        return self.run(lambda db: self.execute(db, query, game=game_id).fetchone()) is not None


# The games expire() deletes: over, untaken invites, not over, lab (a None time keeps none).
EXPIRED = (
    "SELECT id FROM games WHERE finished = 1 AND updated < :finished UNION "
    "SELECT id FROM games WHERE mode = 'remote' AND open_seat = 1 "
    "AND finished = 0 AND updated < :invites UNION "
    "SELECT id FROM games WHERE finished = 0 AND updated < :unfinished UNION "
    "SELECT id FROM games WHERE lab = 1 AND updated < :lab LIMIT :batch"
)
