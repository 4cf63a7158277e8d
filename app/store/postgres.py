"""The game store on PostgreSQL, for several app hosts sharing one database.

Chosen with ``MANCALA_DATABASE_URL=postgresql://user:password@host:port/database``.  It keeps
what the SQLite store keeps, in the same shape (see :class:`app.store.base.GameStore`), with
three things that only matter across machines:

- **Live moves across hosts.**  A trigger on ``games`` sends ``NOTIFY mancala_games, 'id
  version'`` whenever a game's version changes, from whichever host wrote it; every app
  process LISTENs (:class:`NotifyWatcher`) and wakes its long-polls at once.
- **Claims of the computer's moves across hosts.**  A claim names the database session of the
  process that made it (``pg_backend_pid()`` and the session's start) on a connection that
  process keeps open for as long as it lives.  A host that dies (killed, crashed, cut off) drops
  that session, so its claims read as dead and the next host to see the game takes the move
  over; one whose session lingers is taken over once the claim is ``stale_after`` old.  The
  claim is one conditional UPDATE, so of two hosts asking at once exactly one gets it.
- **Schema versions.**  :data:`MIGRATIONS` are applied in order at start, under an advisory
  lock (hosts starting together apply each one once), and recorded in ``schema_migrations``.
  To add a table, append a migration (as 3 did for analyses): never edit one that has shipped.

Connections come from a pool per process (psycopg_pool), opened on first use after a fork.
A request that waits :data:`REACH_SECONDS` for a pooled connection asks whether the database
answers at all (a new connection of its own); a database that doesn't is a
:class:`~app.store.base.StoreError` (503) at once, not a "busy" after ``busy_seconds``, and
while it stays down each request asks first, so it is told within milliseconds.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import psycopg
import psycopg_pool
from psycopg import errors as pgerrors

from app.store.base import (
    IDLE_SECONDS,
    Describe,
    Facts,
    GameStore,
    Row,
    StaleVersion,
    StoreBusy,
    StoreError,
    StoreFull,
    Waiters,
    decode_all,
    plain_facts,
)

log = logging.getLogger(__name__)

T = TypeVar("T")
CHANNEL = "mancala_games"  # NOTIFY channel: payload "<game id> <version>" (-1: deleted)
MIGRATION_LOCK = 0x6D616E63  # pg_advisory_lock key while migrating ("manc")
COLUMNS = "id, version, data, created, updated"
NOW = "extract(epoch from clock_timestamp())"  # the database's clock, the same for every host
REACH_SECONDS = 0.5  # a wait for a pooled connection this long asks if the database answers
REACHED_SECONDS = 1.0  # an answer that it does is trusted this long

# Each migration is a list of statements, applied in one transaction.  Append, never edit.
MIGRATIONS: list[list[str]] = [
    [  # 1: games, seat owners, rate limits, presence, and the NOTIFY trigger
        """CREATE TABLE games (
            id TEXT PRIMARY KEY,
            version INTEGER NOT NULL,
            data TEXT NOT NULL,
            mode TEXT,
            created DOUBLE PRECISION NOT NULL,
            updated DOUBLE PRECISION NOT NULL,
            think_version INTEGER,
            think_at DOUBLE PRECISION,
            think_pid INTEGER,
            think_started TIMESTAMPTZ
        )""",
        "CREATE INDEX games_by_mode ON games (mode, updated DESC)",
        """CREATE TABLE seats (
            owner TEXT NOT NULL,
            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            PRIMARY KEY (owner, game_id, seat)
        )""",
        "CREATE INDEX seats_by_game ON seats (game_id)",
        """CREATE TABLE limits (
            key TEXT PRIMARY KEY,
            tokens DOUBLE PRECISION NOT NULL,
            at DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE presence (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            seen DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game_id, seat)
        )""",
        f"""CREATE FUNCTION mancala_game_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'DELETE' THEN
                PERFORM pg_notify('{CHANNEL}', OLD.id || ' -1');
                RETURN OLD;
            END IF;
            PERFORM pg_notify('{CHANNEL}', NEW.id || ' ' || NEW.version);
            RETURN NEW;
        END $$""",
        """CREATE TRIGGER games_changed AFTER INSERT OR UPDATE OF version OR DELETE ON games
            FOR EACH ROW EXECUTE FUNCTION mancala_game_changed()""",
    ],
    [  # 2: what lists and limits filter on, in columns (filled in from the data at start)
        "ALTER TABLE games ADD COLUMN device TEXT",
        "ALTER TABLE games ADD COLUMN finished INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN open_seat INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN running INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN size INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX games_open ON games (mode, open_seat, finished, updated)",
        "CREATE INDEX games_by_device ON games (device, mode, running)",
        "CREATE INDEX games_finished ON games (finished, updated)",
        """CREATE TABLE maintenance (
            job TEXT PRIMARY KEY,
            at DOUBLE PRECISION NOT NULL
        )""",
    ],
    [  # 3: each game's analysis (app.analysis), one small row per game
        """CREATE TABLE analyses (
            game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            data TEXT NOT NULL,
            updated DOUBLE PRECISION NOT NULL
        )""",
    ],
    [  # 4: lab games are kept for days only (the column is filled in at start, see migrate)
        "ALTER TABLE games ADD COLUMN lab INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX games_lab ON games (lab, updated)",
    ],
]
LAB_MIGRATION = 4
FACTS = "mode = %s, device = %s, finished = %s, open_seat = %s, running = %s, size = %s, lab = %s"


def store_error(exc: Exception) -> StoreError:
    """What a PostgreSQL failure means for a client: busy (retry soon), full, or unreachable."""
    if isinstance(exc, psycopg_pool.PoolTimeout | pgerrors.LockNotAvailable):
        return StoreBusy("the game store is busy just now; nothing was changed, try again")
    if isinstance(exc, pgerrors.QueryCanceled | pgerrors.DeadlockDetected):
        return StoreBusy("the game store is busy just now; nothing was changed, try again")
    if isinstance(exc, pgerrors.DiskFull | pgerrors.InsufficientResources):
        return StoreFull(
            f"the game store's database can't write ({exc}); nothing was changed. "
            "Its disk may be full: free some space on the database server."
        )
    return StoreError(f"the server can't reach its game store (PostgreSQL: {exc}); try again soon")


def decode(found: tuple[Any, ...] | None) -> Row | None:
    return None if found is None else Row.decode(found)


class PostgresStore(GameStore):
    """Games in PostgreSQL (see the module docstring); safe across threads, processes, hosts."""

    kind = "postgresql"

    def __init__(
        self,
        url: str,
        pool_size: int = 10,
        busy_seconds: float = 10.0,
        describe: Describe | None = None,
    ) -> None:
        super().__init__()
        self.describe: Describe = describe or plain_facts
        self.url = url
        self.pool_size = max(2, pool_size)
        self.busy_seconds = busy_seconds
        self._lock = threading.Lock()
        self._pool: psycopg_pool.ConnectionPool | None = None
        self._pool_pid = 0
        self._keeper: psycopg.Connection[Any] | None = None  # this process's claims' session
        self._keeper_pid = 0
        self._down = False  # the last check found the database not answering
        self._reached = -1e9  # when (monotonic) a check last found it answering
        self.migrate()
        try:
            self.run(lambda db: db.execute(f"DELETE FROM limits WHERE at < {NOW} - 86400"))
        except StoreError as exc:  # the database answers later: the app starts anyway
            log.warning("could not clear old rate limits: %s", exc)

    # -- connections --------------------------------------------------------------------------

    def connect(self, **kwargs: Any) -> psycopg.Connection[Any]:
        """A new connection of its own (autocommit), noticing a dead peer within ~30 s."""
        return psycopg.connect(
            self.url,
            autocommit=True,
            connect_timeout=max(2, int(self.busy_seconds)),
            keepalives=1,
            keepalives_idle=10,
            keepalives_interval=5,
            keepalives_count=3,
            **kwargs,
        )

    def _configure(self, db: psycopg.Connection[Any]) -> None:
        db.execute(f"SET lock_timeout = {int(self.busy_seconds * 1000)}")

    def pool(self) -> psycopg_pool.ConnectionPool:
        """This process's pool (a forked child makes its own, leaving its parent's alone)."""
        with self._lock:
            if self._pool is None or self._pool_pid != os.getpid():
                self._pool = psycopg_pool.ConnectionPool(
                    self.url,
                    min_size=1,
                    max_size=self.pool_size,
                    timeout=self.busy_seconds,
                    max_idle=60,
                    kwargs={
                        "autocommit": True,
                        "keepalives": 1,
                        "keepalives_idle": 10,
                        "keepalives_interval": 5,
                        "keepalives_count": 3,
                    },
                    configure=self._configure,
                    name=f"mancala-{os.getpid()}",
                    open=True,
                )
                self._pool_pid = os.getpid()
            return self._pool

    def run(self, work: Callable[[psycopg.Connection[Any]], T]) -> T:
        """``work(db)`` on a pooled connection (autocommit); failures become StoreError."""
        try:
            pool = self.pool()
            db = self.pooled(pool)
            try:
                return work(db)
            finally:
                pool.putconn(db)  # a broken connection is discarded, an open transaction ended
        except (psycopg.Error, psycopg_pool.PoolTimeout) as exc:
            if isinstance(exc, pgerrors.UniqueViolation):
                raise
            if isinstance(exc, psycopg.OperationalError):
                self._down = True  # a connection broke: the next request checks first
            raise store_error(exc) from exc

    def pooled(self, pool: psycopg_pool.ConnectionPool) -> psycopg.Connection[Any]:
        """A connection from ``pool`` within ``busy_seconds`` (PoolTimeout if none comes), or,
        when the database does not answer, a StoreError at once (see :meth:`check_reachable`):
        while it was down at the last check, before waiting; else after REACH_SECONDS."""
        if self._down:
            self.check_reachable()
        first = min(REACH_SECONDS, self.busy_seconds)
        try:
            return pool.getconn(timeout=first)
        except psycopg_pool.PoolTimeout:
            if self.busy_seconds <= first:
                raise
        self.check_reachable()  # the database answers: the pool is only busy, wait on
        return pool.getconn(timeout=self.busy_seconds - first)

    def check_reachable(self) -> None:
        """Whether the database takes a new connection now (trusted for REACHED_SECONDS):
        StoreError at once when it doesn't (a stopped server refuses in milliseconds)."""
        if not self._down and time.monotonic() - self._reached < REACHED_SECONDS:
            return
        try:
            psycopg.connect(self.url, connect_timeout=2, application_name="mancala-check").close()
        except psycopg.Error as exc:
            self._down = True
            raise StoreError(
                "the server can't reach its game store's database (PostgreSQL does not answer: "
                f"{str(exc).strip().splitlines()[0][:200]}); nothing was changed, try again soon"
            ) from exc
        self._down = False
        self._reached = time.monotonic()

    @contextmanager
    def _keeper_connection(self) -> Iterator[psycopg.Connection[Any]]:
        """The connection this process's claims are made on (its session names them)."""
        with self._lock:
            keeper = self._keeper
            if keeper is None or keeper.closed or keeper.broken or self._keeper_pid != os.getpid():
                if keeper is not None and self._keeper_pid == os.getpid():
                    keeper.close()
                keeper = self._keeper = self.connect(application_name="mancala-claims")
                self._keeper_pid = os.getpid()
        yield keeper

    def close(self) -> None:
        with self._lock:
            if self._pool is not None and self._pool_pid == os.getpid():
                self._pool.close()
            if self._keeper is not None and self._keeper_pid == os.getpid():
                self._keeper.close()
            self._pool = self._keeper = None

    def migrate(self) -> int:
        """Apply the migrations this database lacks (hosts starting at once: each once)."""
        try:
            with self.connect(application_name="mancala-migrate") as db:
                db.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
                db.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations "
                    "(version INTEGER PRIMARY KEY, applied TIMESTAMPTZ NOT NULL DEFAULT now())"
                )
                found = db.execute("SELECT max(version) FROM schema_migrations").fetchone()
                current = int(found[0] or 0) if found else 0
                for number, statements in enumerate(MIGRATIONS, 1):
                    if number <= current:
                        continue
                    with db.transaction():
                        for statement in statements:
                            db.execute(statement)
                        db.execute("INSERT INTO schema_migrations (version) VALUES (%s)", (number,))
                        if number == LAB_MIGRATION:  # the games that may be lab games
                            self.fill_facts(db, """strpos(data, '"lab"') > 0""")
                    log.info("store schema migrated to version %d", number)
                    current = number
                self.fill_facts(db)
                db.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))
                return current
        except psycopg.Error as exc:
            raise store_error(exc) from exc

    def fill_facts(self, db: psycopg.Connection[Any], which: str = "size = 0") -> None:
        """Fill in the fact columns of the games ``which`` picks (by default those stored
        before the columns existed: size 0)."""
        rows = db.execute(f"SELECT id, data FROM games WHERE {which}").fetchall()
        for game_id, text in rows:
            db.execute(f"UPDATE games SET {FACTS} WHERE id = %s", (*self.facts_of(text), game_id))

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
        return (
            facts.mode,
            facts.device,
            int(facts.finished),
            int(facts.open_seat),
            int(facts.running),
            len(text),
            int(facts.lab),
        )

    # -- games --------------------------------------------------------------------------------

    def create(self, game_id: str, data: dict[str, Any], owners: list[tuple[str, int]]) -> Row:
        now = time.time()

        def insert(db: psycopg.Connection[Any]) -> None:
            with db.transaction():
                text = json.dumps(data)
                db.execute(
                    "INSERT INTO games (id, version, data, created, updated, mode, device, "
                    "finished, open_seat, running, size, lab) "
                    "VALUES (%s, 1, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                    (game_id, text, now, now, *self.facts_of(text)),
                )
                if owners:
                    with db.cursor() as cur:
                        cur.executemany(
                            "INSERT INTO seats (owner, game_id, seat) VALUES (%s, %s, %s) "
                            "ON CONFLICT DO NOTHING",
                            [(owner, game_id, seat) for owner, seat in owners],
                        )

        self.run(insert)
        return Row(game_id, 1, data, now, now)

    def load(self, game_id: str) -> Row | None:
        query = f"SELECT {COLUMNS} FROM games WHERE id = %s"
        return decode(self.run(lambda db: db.execute(query, (game_id,)).fetchone()))

    def version(self, game_id: str) -> int | None:
        found = self.run(
            lambda db: db.execute("SELECT version FROM games WHERE id = %s", (game_id,)).fetchone()
        )
        return None if found is None else int(found[0])

    def save(
        self,
        game_id: str,
        version: int,
        data: dict[str, Any],
        add_owner: tuple[str, int] | None = None,
    ) -> Row:
        now = time.time()
        text = json.dumps(data)
        facts = self.facts_of(text)

        def write(db: psycopg.Connection[Any]) -> float:
            found = db.execute(
                f"UPDATE games SET data = %s, version = version + 1, updated = %s, {FACTS} "
                "WHERE id = %s AND version = %s RETURNING created",
                (text, now, *facts, game_id, version),
            ).fetchone()
            if found is None:
                raise StaleVersion(game_id)
            if add_owner is not None:
                db.execute(
                    "INSERT INTO seats (owner, game_id, seat) VALUES (%s, %s, %s) "
                    "ON CONFLICT DO NOTHING",
                    (add_owner[0], game_id, add_owner[1]),
                )
            return float(found[0])

        def update(db: psycopg.Connection[Any]) -> float:
            if add_owner is None:
                return write(db)  # one statement: its own transaction
            with db.transaction():
                return write(db)

        created = self.run(update)
        return Row(game_id, version + 1, data, created, now)

    def versions(self, db: psycopg.Connection[Any], game_ids: list[str]) -> dict[str, int]:
        """The current version of each of ``game_ids`` that exists (on an open connection)."""
        rows = db.execute(
            "SELECT id, version FROM games WHERE id = ANY(%s)", (game_ids,)
        ).fetchall()
        return {str(gid): int(version) for gid, version in rows}

    def claim_thinking(self, game_id: str, version: int, stale_after: float) -> bool:
        """See :meth:`GameStore.claim_thinking`; a claim held by a database session that no
        longer exists (its host died) is taken over at once."""
        query = f"""
            UPDATE games g SET think_version = %(version)s, think_at = {NOW},
                think_pid = pg_backend_pid(),
                think_started = (SELECT backend_start FROM pg_stat_activity
                                 WHERE pid = pg_backend_pid())
            WHERE g.id = %(id)s AND g.version = %(version)s AND NOT COALESCE(
                g.think_version = %(version)s AND g.think_at >= {NOW} - %(stale)s
                AND EXISTS (SELECT 1 FROM pg_stat_activity a
                            WHERE a.pid = g.think_pid AND a.backend_start = g.think_started),
                false)
        """
        args = {"id": game_id, "version": version, "stale": stale_after}
        try:
            with self._keeper_connection() as db:
                return db.execute(query, args).rowcount == 1
        except psycopg.Error as exc:
            raise store_error(exc) from exc

    def games_of(self, owner: str, limit: int = 20) -> list[Row]:
        rows = self.run(
            lambda db: db.execute(
                "SELECT g.id, g.version, g.data, g.created, g.updated FROM games g "
                "WHERE g.id IN (SELECT game_id FROM seats WHERE owner = %s) "
                "ORDER BY g.updated DESC LIMIT %s",
                (owner, limit),
            ).fetchall()
        )
        return decode_all(rows)

    def recent(self, mode: str, limit: int = 200) -> list[Row]:
        rows = self.run(
            lambda db: db.execute(
                f"SELECT {COLUMNS} FROM games WHERE mode = %s ORDER BY updated DESC LIMIT %s",
                (mode, limit),
            ).fetchall()
        )
        return decode_all(rows)

    def count(self) -> int:
        found = self.run(lambda db: db.execute("SELECT count(*) FROM games").fetchone())
        return int(found[0]) if found else 0

    def open_invites(self, since: float, limit: int = 20) -> list[Row]:
        rows = self.run(
            lambda db: db.execute(
                f"SELECT {COLUMNS} FROM games WHERE mode = 'remote' AND open_seat = 1 "
                "AND finished = 0 AND updated >= %s ORDER BY updated DESC LIMIT %s",
                (since, limit),
            ).fetchall()
        )
        return decode_all(rows)

    def running(self, mode: str, device: str, since: float) -> int:
        found = self.run(
            lambda db: db.execute(
                "SELECT count(*) FROM games WHERE device = %s AND mode = %s AND running = 1 "
                "AND updated >= %s",
                (device, mode, since),
            ).fetchone()
        )
        return int(found[0]) if found else 0

    def expire(
        self,
        finished_before: float,
        invites_before: float,
        batch: int = 500,
        *,
        unfinished_before: float | None = None,
        lab_before: float | None = None,
    ) -> int:
        def sweep(db: psycopg.Connection[Any]) -> int:
            with db.transaction():
                ids = [
                    r[0]
                    for r in db.execute(
                        "SELECT id FROM games WHERE finished = 1 AND updated < %s UNION "
                        "SELECT id FROM games WHERE mode = 'remote' AND open_seat = 1 "
                        "AND finished = 0 AND updated < %s UNION "
                        "SELECT id FROM games WHERE finished = 0 AND updated < %s UNION "
                        "SELECT id FROM games WHERE lab = 1 AND updated < %s LIMIT %s",
                        (finished_before, invites_before, unfinished_before, lab_before, batch),
                    ).fetchall()
                ]
                db.execute("DELETE FROM presence WHERE game_id = ANY(%s)", (ids,))
                db.execute("DELETE FROM games WHERE id = ANY(%s)", (ids,))  # seats cascade
                return len(ids)

        total = 0
        while (done := self.run(sweep)) == batch:
            total += done
        return total + done

    def claim_job(self, job: str, every: float) -> bool:
        def claim(db: psycopg.Connection[Any]) -> bool:
            cur = db.execute(
                f"INSERT INTO maintenance (job, at) VALUES (%s, {NOW}) ON CONFLICT (job) "
                f"DO UPDATE SET at = excluded.at WHERE maintenance.at <= {NOW} - %s",
                (job, every),
            )
            return cur.rowcount == 1

        return self.run(claim)

    def set_mark(self, name: str, at: float, replace: bool = True) -> bool:
        action = "DO UPDATE SET at = excluded.at" if replace else "DO NOTHING"
        sql = f"INSERT INTO maintenance (job, at) VALUES (%s, %s) ON CONFLICT (job) {action}"
        return self.run(lambda db: db.execute(sql, (name, at)).rowcount == 1)

    def marks(self, prefix: str) -> dict[str, float]:
        def read(db: psycopg.Connection[Any]) -> dict[str, float]:
            rows = db.execute(
                "SELECT job, at FROM maintenance WHERE left(job, %s) = %s", (len(prefix), prefix)
            ).fetchall()
            return {str(job): float(at) for job, at in rows}

        return self.run(read)

    def probe(self) -> int:
        def write_and_count(db: psycopg.Connection[Any]) -> int:
            db.execute(
                f"INSERT INTO maintenance (job, at) VALUES ('health', {NOW}) "
                "ON CONFLICT (job) DO UPDATE SET at = excluded.at"
            )
            found = db.execute("SELECT count(*) FROM games").fetchone()
            return int(found[0]) if found else 0

        return self.run(write_and_count)

    # -- shared by every host: rate limits, presence ------------------------------------------

    def take_token(self, key: str, burst: float, per_second: float) -> float:
        level = f"LEAST(%(burst)s, limits.tokens + GREATEST(0, {NOW} - limits.at) * %(rate)s)"
        args = {"key": key, "burst": burst, "rate": per_second}

        def take(db: psycopg.Connection[Any]) -> float:
            taken = db.execute(  # one statement: a new bucket starts full, less this token
                f"INSERT INTO limits (key, tokens, at) VALUES (%(key)s, %(burst)s - 1, {NOW}) "
                f"ON CONFLICT (key) DO UPDATE SET tokens = {level} - 1, at = {NOW} "
                f"WHERE {level} >= 1",
                args,
            ).rowcount
            if taken:
                return 0.0
            found = db.execute(f"SELECT {level} FROM limits WHERE key = %(key)s", args).fetchone()
            have = float(found[0]) if found else burst
            return (1 - have) / per_second if per_second > 0 else 3600.0

        return self.run(take)

    def write_presence(self, game_id: str, seats: list[int], now: float) -> None:
        def write(db: psycopg.Connection[Any]) -> None:
            with db.cursor() as cur:
                cur.executemany(
                    "INSERT INTO presence (game_id, seat, seen) VALUES (%s, %s, %s) "
                    "ON CONFLICT (game_id, seat) DO UPDATE SET seen = excluded.seen",
                    [(game_id, seat, now) for seat in seats],
                )

        self.run(write)

    def presence(self, game_id: str) -> dict[int, float]:
        rows = self.run(
            lambda db: db.execute(
                "SELECT seat, seen FROM presence WHERE game_id = %s", (game_id,)
            ).fetchall()
        )
        return {int(r[0]): float(r[1]) for r in rows}

    def load_analysis(self, game_id: str) -> tuple[str, float] | None:
        query = "SELECT data, updated FROM analyses WHERE game_id = %s"
        found = self.run(lambda db: db.execute(query, (game_id,)).fetchone())
        return None if found is None else (str(found[0]), float(found[1]))

    def save_analysis(self, game_id: str, data: str) -> float:
        now = time.time()
        self.run(
            lambda db: db.execute(
                "INSERT INTO analyses (game_id, data, updated) VALUES (%s, %s, %s) "
                "ON CONFLICT (game_id) DO UPDATE SET data = excluded.data, "
                "updated = excluded.updated",
                (game_id, data, now),
            )
        )
        return now

    def watcher(self) -> NotifyWatcher:
        return NotifyWatcher(self)


# -- long-polls ---------------------------------------------------------------------------------


def parse(payload: str) -> tuple[str, int] | None:
    """``'<game id> <version>'`` -> (id, version); None if it isn't one."""
    game_id, _, version = payload.rpartition(" ")
    try:
        return game_id, int(version)
    except ValueError:
        return None


class NotifyWatcher(Waiters):
    """Long-polls across hosts: PostgreSQL's LISTEN/NOTIFY wakes the requests waiting on a game.

    The PostgreSQL store's trigger sends ``NOTIFY mancala_games, '<id> <version>'`` whenever a
    game's version changes, from any host.  One thread per server process LISTENs on its own
    connection while anyone waits, and wakes just the requests whose game moved, the moment the
    notification arrives: nothing is polled.  A request that registers reads its game's version
    once more on that connection after LISTEN is in place (with every other newcomer, in one
    query), so a move committed between the request's own read and its registration still wakes it.
    """

    def __init__(self, store: PostgresStore, interval: float = 0.1) -> None:
        # interval: how soon newcomers' versions are read (the notifications come at once)
        super().__init__(interval)
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
            self._stopped()

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
