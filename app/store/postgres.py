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
- **Schema versions.**  The migrations of :mod:`app.store.schema` (one list for both
  databases) are applied in order at start, under an advisory lock (hosts starting together
  apply each one once), and recorded in ``schema_migrations``.

Connections come from a pool per process (psycopg_pool), opened on first use after a fork.
A request that waits :data:`REACH_SECONDS` for a pooled connection asks whether the database
answers at all (a new connection of its own); a database that doesn't is a
:class:`~app.store.base.StoreError` (503) at once, not a "busy" after ``busy_seconds``, and
while it stays down each request asks first, so it is told within milliseconds.
"""

from __future__ import annotations

import functools
import logging
import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TypeVar

import psycopg
import psycopg_pool
from psycopg import errors as pgerrors
from psycopg.rows import TupleRow

from app.store import schema
from app.store.base import Describe, StoreBusy, StoreError, StoreFull, Waiters
from app.store.queries import Versions
from app.store.sql import Args, Dialect, SQLStore

log = logging.getLogger(__name__)

T = TypeVar("T")
CHANNEL = schema.GAMES_CHANNEL  # NOTIFY channel: payload "<game id> <version>" (-1: deleted)
MIGRATION_LOCK = 0x6D616E63  # pg_advisory_lock key while migrating ("manc")
NOW = "extract(epoch from clock_timestamp())"  # the database's clock, the same for every host
REACH_SECONDS = 0.5  # a wait for a pooled connection this long asks if the database answers
REACHED_SECONDS = 1.0  # an answer that it does is trusted this long


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


PARAM = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")  # a query's named parameter, not a ::cast


@functools.lru_cache(maxsize=512)
def to_psycopg(text: str) -> str:
    """A query with ``:name`` parameters as psycopg takes it (``%(name)s``), reading the
    database's clock for ``:clock``."""
    return PARAM.sub(lambda m: NOW if m[1] == "clock" else f"%({m[1]})s", text.replace("%", "%%"))


class PostgresDialect(Dialect):
    """PostgreSQL's SQL: psycopg's parameters, the database's clock (the same for every host)
    and LEAST/GREATEST."""

    least = "LEAST"
    greatest = "GREATEST"
    for_update = " FOR UPDATE"
    unique: tuple[type[Exception], ...] = (pgerrors.UniqueViolation,)
    lock = "LOCK TABLE {table} IN SHARE ROW EXCLUSIVE MODE"

    def sql(self, text: str) -> str:
        return to_psycopg(text)

    def transaction(
        self, db: psycopg.Connection[TupleRow]
    ) -> AbstractContextManager[psycopg.Transaction]:
        return db.transaction()

    def many(self, db: psycopg.Connection[TupleRow], text: str, rows: list[Args]) -> None:
        with db.cursor() as cur:
            cur.executemany(text, rows)


class PostgresStore(SQLStore):
    """Games in PostgreSQL (see the module docstring); safe across threads, processes, hosts."""

    kind = "postgresql"
    dialect = PostgresDialect()

    def __init__(
        self,
        url: str,
        pool_size: int = 10,
        busy_seconds: float = 10.0,
        describe: Describe | None = None,
    ) -> None:
        super().__init__(describe)
        self.url = url
        self.pool_size = max(2, pool_size)
        self.busy_seconds = busy_seconds
        self._lock = threading.Lock()
        self._pool: psycopg_pool.ConnectionPool | None = None
        self._pool_pid = 0
        self._keeper: psycopg.Connection[TupleRow] | None = None  # this process's claims' session
        self._keeper_pid = 0
        self._down = False  # the last check found the database not answering
        self._reached = -1e9  # when (monotonic) a check last found it answering
        self.migrate()
        try:
            self.run(self.clear_limits)
        except StoreError as exc:  # the database answers later: the app starts anyway
            log.warning("could not clear old rate limits: %s", exc)

    # -- connections --------------------------------------------------------------------------

    def connect(self, application_name: str | None = None) -> psycopg.Connection[TupleRow]:
        """A new connection of its own (autocommit), noticing a dead peer within ~30 s."""
        return psycopg.connect(
            self.url,
            autocommit=True,
            connect_timeout=max(2, int(self.busy_seconds)),
            keepalives=1,
            keepalives_idle=10,
            keepalives_interval=5,
            keepalives_count=3,
            application_name=application_name,
        )

    def _configure(self, db: psycopg.Connection[TupleRow]) -> None:
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

    def run(self, work: Callable[[psycopg.Connection[TupleRow]], T]) -> T:
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

    def pooled(self, pool: psycopg_pool.ConnectionPool) -> psycopg.Connection[TupleRow]:
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
    def _keeper_connection(self) -> Iterator[psycopg.Connection[TupleRow]]:
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
        """Apply the migrations this database lacks (:mod:`app.store.schema`), under an
        advisory lock (hosts starting at once: each once): the version it is at."""
        try:
            with self.connect(application_name="mancala-migrate") as db:
                db.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
                for number in schema.migrate(self, db):
                    log.info("store schema migrated to version %d", number)
                current = max(schema.applied(self, db), default=0)
                db.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))
                return current
        except psycopg.Error as exc:
            raise store_error(exc) from exc

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

    def watcher(self) -> NotifyWatcher:
        return NotifyWatcher(self)

    def watcher_on(self, channel: str, versions: Versions) -> NotifyWatcher:
        """A long-poll watcher over other versioned rows, woken by NOTIFYs on ``channel``
        (payload ``'<key> <version>'``) from any host."""
        return NotifyWatcher(self, channel, versions)


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

    def __init__(
        self,
        store: PostgresStore,
        channel: str = CHANNEL,
        versions: Versions | None = None,
        interval: float = 0.1,
    ) -> None:
        # channel and versions: what it LISTENs to and how it reads the watched keys' versions
        # (default: the games'); interval: how soon newcomers' versions are read
        super().__init__(interval)
        self.pg = store
        self.channel = channel
        self.versions = versions or store.versions

    def _run(self) -> None:
        """LISTEN while anyone waits; stop when nobody has for a while (started again on need)."""
        idle_since = time.monotonic()
        try:
            with self.pg.connect(application_name="mancala-listen") as db:
                db.execute(f"LISTEN {self.channel}")
                while (waiting := self._waiting(idle_since)) is not None:
                    ids, fresh = waiting
                    if ids:
                        idle_since = time.monotonic()
                    if fresh:  # newcomers: their game may have moved before they registered
                        self._read(db, ids)
                    self._listen(db)
        except psycopg.Error:
            log.exception("the long-poll listener stopped; the next request starts it again")
            self._stopped()

    def _read(self, db: psycopg.Connection[TupleRow], ids: list[str]) -> None:
        read = self._next_read()
        self._wake(read, ids, self.versions(db, ids))

    def _listen(self, db: psycopg.Connection[TupleRow]) -> None:
        """Wait up to ``interval`` for notifications; wake the waiters of the games in them."""
        changed: dict[str, int] = {}
        for note in db.notifies(timeout=self.interval):
            found = parse(note.payload)
            if found is not None:
                game_id, version = found
                changed[game_id] = version if version < 0 else max(version, changed.get(game_id, 0))
        if changed:
            self._wake(self._next_read(), list(changed), changed)
