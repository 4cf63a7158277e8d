"""The game store on SQLite: one file in the instance folder, shared by every server worker of
one machine (the default; ``make run`` needs nothing else).

A game is kept as its record (variant, options, first player, moves) plus the app's settings,
as JSON, with a version number.  Every write names the version it read; of two racing writes
one wins and the other is told it is stale (:class:`StaleVersion`).  Long-polls are woken by
:class:`SQLiteWatcher`, which notices commits from any worker of this machine.
"""

from __future__ import annotations

import fcntl
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, closing, contextmanager, suppress
from pathlib import Path
from typing import TypeVar

from app.store import old_sqlite, schema
from app.store.base import (
    Describe,
    StoreBusy,
    StoreCorrupt,
    StoreError,
    StoreFull,
    StoreGone,
    StoreReadOnly,
    Waiters,
)
from app.store.queries import Versions
from app.store.sql import Dialect, SQLStore

log = logging.getLogger(__name__)

CHECK_KEPT_SECONDS = 1.0  # within a request, the file's check is taken again after this long

RESTORE_HINT = (
    "python -m app.upkeep.backup restore FILE (python -m app.upkeep.backup list shows the backups)"
)


def _code(exc: sqlite3.Error) -> str:
    return str(getattr(exc, "sqlite_errorname", "") or "")


def _busy(exc: sqlite3.Error) -> bool:
    text = str(exc).lower()
    return _code(exc).startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or (
        "locked" in text or "busy" in text
    )


def _store_error(exc: sqlite3.Error, path: str = "") -> StoreError:
    """What an SQLite failure means, by kind: busy, full, read-only, corrupt or gone."""
    code, text = _code(exc), str(exc).lower()
    if _busy(exc):
        return StoreBusy("the game store is busy just now; nothing was changed, try again")
    if path and not Path(path).exists():
        return gone(path)
    if (
        code.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))
        or "malformed" in text
        or ("not a database" in text)
    ):
        return StoreCorrupt(
            f"the game store is damaged ({exc}); nothing was changed. The server's host can "
            f"restore the last backup: {RESTORE_HINT}"
        )
    if code.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        return StoreReadOnly(
            f"the server may not write its game store ({exc}); nothing was changed. The "
            "store's file or folder is read-only: its host must allow writing to it."
        )
    if code.startswith("SQLITE_CANTOPEN") or "unable to open" in text:
        return StoreGone(
            f"the server can't open its game store ({exc}); nothing was changed. Its folder "
            "may be missing or not readable."
        )
    if code.startswith("SQLITE_FULL") or "full" in text:
        return StoreFull(
            f"the server's disk is full ({exc}); nothing was changed. Free some space on the "
            "server."
        )
    return StoreFull(
        f"the disk failed writing the game store ({exc}); nothing was changed. The disk may "
        "be full or failing: the server's host should look."
    )


def gone(path: str, rescued: str | None = None) -> StoreGone:
    """The store's file is gone; ``rescued``: where its last state was saved (see rescue)."""
    if rescued:
        then = (
            f"Its last state was saved as {rescued}: the server's host can put it back with "
            f"python -m app.upkeep.backup restore {rescued}"
        )
    else:
        then = f"The server's host can restore a backup: {RESTORE_HINT}"
    return StoreGone(
        f"the game store's file {Path(path).name} was deleted or moved while the server "
        f"runs; nothing was changed. {then}"
    )


T = TypeVar("T")
CHECKPOINT_EVERY = 100  # committed writes (per process) between two checkpoints
WAL_LIMIT = 4 * 1024 * 1024  # bytes of write-ahead log kept after a checkpoint


class SQLiteDialect(Dialect):
    """SQLite's SQL as the queries write it; a transaction takes the write lock at once."""

    unique: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)

    def transaction(self, db: sqlite3.Connection) -> AbstractContextManager[None]:
        return transaction(db)


class SQLiteStore(SQLStore):
    """SQLite access; every call opens its own short connection (safe across threads).

    A write blocked by another writer waits (SQLite's busy timeout) and is retried until
    ``busy_seconds`` have passed, then fails with :class:`StoreBusy`; other failures are named
    by kind (:class:`StoreFull`, :class:`StoreReadOnly`, :class:`StoreCorrupt`,
    :class:`StoreGone`).  Either way the transaction is rolled back, so nothing half-written
    stays.  The file is watched: a store file deleted or replaced while the server runs is
    noticed by every call outside a request, by a request's first call (then once a second,
    :meth:`begin_request`) and after every write (a replaced one is reopened, a deleted one
    refused), so no write is acknowledged that went to a file nobody will read again.
    """

    kind = "sqlite"
    dialect = SQLiteDialect()

    def __init__(
        self, path: str, busy_seconds: float = 10.0, describe: Describe | None = None
    ) -> None:
        super().__init__(describe)
        self.path = path
        self.busy_seconds = busy_seconds
        self._writes = 0
        self._local = threading.local()
        self._rescue_lock = threading.Lock()
        self._rescued: dict[tuple[int, int], str] = {}  # a deleted file -> its saved last state
        Path(path).resolve().parent.mkdir(parents=True, exist_ok=True)
        try:
            with setting_up(path), closing(self.open(timeout=max(busy_seconds, 600.0))) as db:
                db.execute("PRAGMA journal_mode=WAL")
                self.migrate(db)
                self.clear_limits(db)
        except sqlite3.DatabaseError as exc:
            raise _store_error(exc, path) from exc

    def migrate(self, db: sqlite3.Connection) -> list[int]:
        """Bring the store's schema up to date (the caller holds the start lock): a file of
        SQLite's old count mapped onto the one count (:mod:`app.store.old_sqlite`), then the
        migrations it lacks (:mod:`app.store.schema`); the numbers applied."""
        old_sqlite.upgrade(self, db)
        done = schema.migrate(self, db)
        if done:
            log.info("store schema migrated to version %d", done[-1])
        return done

    def open(self, timeout: float | None = None) -> sqlite3.Connection:
        """A new connection in autocommit mode, waiting up to ``busy_seconds`` for locks.

        Each statement is its own transaction unless :func:`transaction` opens one: most writes
        are one statement, so the write lock is held only while SQLite runs it.
        """
        seconds = self.busy_seconds if timeout is None else timeout
        db = sqlite3.connect(self.path, timeout=seconds, isolation_level=None)
        db.execute(f"PRAGMA busy_timeout={int(seconds * 1000)}")
        db.execute("PRAGMA synchronous=NORMAL")  # WAL: safe against a killed process
        # No checkpoint inside a commit: a failing one would fail a commit that did happen.
        db.execute("PRAGMA wal_autocheckpoint=0")
        db.execute(f"PRAGMA journal_size_limit={WAL_LIMIT}")  # a checkpoint shrinks the WAL
        return db

    def checkpoint(self, mode: str = "PASSIVE") -> tuple[int, int, int] | None:
        """Copy the write-ahead log into the database file (every CHECKPOINT_EVERY writes
        PASSIVE; the maintenance job's TRUNCATE also empties the WAL file).

        A failure here (a full disk) changes nothing that was committed; it is only logged.
        The answer is SQLite's (busy, log pages, pages checkpointed), or None on failure.
        """
        assert mode in ("PASSIVE", "TRUNCATE")
        try:
            with closing(self.open()) as db:
                found = db.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
                return (int(found[0]), int(found[1]), int(found[2]))
        except sqlite3.Error as exc:
            log.warning("could not checkpoint the store: %s", exc)
            return None

    def file_id(self) -> tuple[int, int]:
        """The identity (device, inode) of the store's file now; StoreGone if there is none.

        Asked before a call (once per request: :meth:`checked_file_id`) and after every
        write: one ``stat`` of the path as it is
        (no ``Path`` built per call, a third of the check's cost)."""
        try:
            st = os.stat(self.path)  # noqa: PTH116 (a Path per call costs more than the stat)
        except FileNotFoundError:
            raise gone(self.path, self.rescue()) from None
        except OSError as exc:
            raise StoreGone(f"the server can't see its game store's file ({exc})") from None
        return (st.st_dev, st.st_ino)

    def begin_request(self) -> None:
        """A request starts on this thread: its first call checks the store's file, and its
        later calls take that answer for :data:`CHECK_KEPT_SECONDS` (a long-poll's read after
        its wait checks again).  A file deleted or replaced between two requests is noticed by
        the next one's first call; a write is still checked once it is done (:meth:`run`)."""
        self._local.scope = True
        self._local.checked = None

    def end_request(self) -> None:
        """The request is over: calls on this thread check the file each time again."""
        self._local.scope = False
        self._local.checked = None

    def checked_file_id(self) -> tuple[int, int]:
        """:meth:`file_id`, at most once per request on this thread (see :meth:`begin_request`);
        outside a request, every call."""
        local = self._local
        if not getattr(local, "scope", False):
            return self.file_id()
        checked: tuple[tuple[int, int], float] | None = local.checked
        now = time.monotonic()
        if checked is not None and now - checked[1] < CHECK_KEPT_SECONDS:
            return checked[0]
        found = self.file_id()
        local.checked = (found, now)
        return found

    def rescue(self) -> str | None:
        """Save the last state of the store's file, deleted while this process runs, from this
        thread's connection, which still holds the deleted file and its write-ahead log open,
        into ``<folder>/backups/mancala-<time>-rescued-<inode>.sqlite3`` (a backup that ``python
        -m app.upkeep.backup list`` shows and ``restore`` takes): once per deleted file across the
        server's workers.  Where it is; None if this thread had no connection to it."""
        local = self._local
        db = getattr(local, "db", None)
        if db is None or getattr(local, "pid", 0) != os.getpid():
            return None
        deleted: tuple[int, int] = local.file
        folder = Path(self.path).resolve().parent / "backups"
        with self._rescue_lock:
            if deleted in self._rescued:
                return self._rescued[deleted]
            mark = f"-rescued-{deleted[1]}.sqlite3"
            found = (
                [p for p in folder.iterdir() if p.name.endswith(mark)] if folder.is_dir() else []
            )
            if found:  # another worker saved it
                self._rescued[deleted] = str(found[0])
                return self._rescued[deleted]
            at = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
            target = str(folder / f"mancala-{at}{mark}")
            tmp = Path(f"{target}.{os.getpid()}.tmp")
            try:
                folder.mkdir(parents=True, exist_ok=True)
                with closing(sqlite3.connect(tmp)) as out:
                    db.backup(out)
                tmp.replace(target)
            except (OSError, sqlite3.Error) as exc:
                log.error(
                    "the store's file was deleted and its last state could not be saved: %s", exc
                )
                tmp.unlink(missing_ok=True)
                return None
            log.warning("the store's file was deleted; its last state was saved as %s", target)
            self._rescued[deleted] = target
            return target

    @contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """A new connection (autocommit, see :meth:`open`) that always closes."""
        self.file_id()
        try:
            with closing(self.open()) as db:
                yield db
        except sqlite3.DatabaseError as exc:
            raise _store_error(exc, self.path) from exc

    def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(db)`` on this thread's connection, retried while the database is locked.

        SQLite's busy timeout already waits for a lock; a few cases fail at once, so the work
        is retried with backoff.  A failed transaction is rolled back (its connection closed).
        A write that finds the store's file deleted or replaced once it is done is reported
        as :class:`StoreGone`, never as done.
        """
        end = time.monotonic() + self.busy_seconds
        pause = 0.005
        while True:
            db, opened = self.thread_connection()
            try:
                changes = db.total_changes
                result = work(db)
                if db.total_changes != changes:
                    if self.file_id() != opened:  # the write went to a file that is gone
                        self.drop_thread_connection()
                        raise gone(self.path)
                    self._writes += 1
                    if self._writes % CHECKPOINT_EVERY == 0:
                        self.checkpoint()
                return result
            except sqlite3.DatabaseError as exc:  # locked, busy, disk full, I/O error...
                self.drop_thread_connection()
                if not _busy(exc) or time.monotonic() + pause > end:
                    raise _store_error(exc, self.path) from exc
                time.sleep(pause)
                pause = min(pause * 2, 0.2)

    def thread_connection(self) -> tuple[sqlite3.Connection, tuple[int, int]]:
        """This thread's own connection, kept open between calls (not shared after a fork), and
        the identity of the file it has open.  A store file replaced since (a restored backup)
        is opened anew; a deleted one is :class:`StoreGone`."""
        local = self._local
        now = self.checked_file_id()
        if getattr(local, "db", None) is not None and local.pid == os.getpid():
            if local.file == now:
                return local.db, now
            log.warning("the store's file was replaced; opening the new one")
            self.drop_thread_connection()
        try:
            local.db = self.open()
        except sqlite3.DatabaseError as exc:
            raise _store_error(exc, self.path) from exc
        local.pid = os.getpid()
        local.file = now
        return local.db, now

    def drop_thread_connection(self) -> None:
        """Close this thread's connection after an error; the next call opens a new one."""
        db = getattr(self._local, "db", None)
        self._local.db = None
        self._local.checked = None  # the next call checks the file again
        if db is not None:
            with suppress(sqlite3.Error):
                db.close()

    def claim_thinking(self, game_id: str, version: int, stale_after: float) -> bool:
        """Claim the computer's move at ``version`` for this process.

        False while another claim on that version is fresh and its process is alive: a claim
        older than ``stale_after`` seconds, or made by a process that has died (a killed
        server worker), is taken over.
        """
        now = time.time()
        pid = os.getpid()

        def claim(db: sqlite3.Connection) -> bool:
            found = db.execute(  # a read first: most calls find the move claimed already
                "SELECT version, think_version, think_at, think_pid FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
            if found is None or found[0] != version:
                return False
            held = found[1] == version and found[2] is not None and found[2] >= now - stale_after
            if held and process_alive(found[3]):
                return False
            cur = db.execute(  # only if nobody claimed it since the read
                "UPDATE games SET think_version = ?, think_at = ?, think_pid = ? "
                "WHERE id = ? AND version = ? AND think_version IS ? AND think_at IS ?",
                (version, now, pid, game_id, version, found[1], found[2]),
            )
            return cur.rowcount == 1

        return self.run(claim)

    def fresh(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(db)`` on a new connection (proof that the store's file can be opened now);
        a write that went to a file deleted or replaced meanwhile is :class:`StoreGone`."""
        with self.connect() as db:
            opened = self.file_id()
            changes = db.total_changes
            result = work(db)
            if db.total_changes != changes and self.file_id() != opened:
                raise gone(self.path)
            return result

    def watcher(self) -> SQLiteWatcher:
        """A new long-poll watcher over this store (see :class:`SQLiteWatcher`)."""
        return SQLiteWatcher(self)

    def watcher_on(self, channel: str, versions: Versions) -> SQLiteWatcher:
        """A long-poll watcher over other versioned rows of this store (every writer shares
        the file, so ``channel`` is not needed: a commit is seen by ``PRAGMA data_version``)."""
        return SQLiteWatcher(self, versions, interval=0.05)

    def close(self) -> None:
        """Nothing to close: every call opens its own short connection."""

    def backup(self, target: str) -> None:
        """Copy the whole store, consistently, into ``target`` while it is in use (SQLite's
        online backup), via a temporary file renamed into place when complete."""
        tmp = Path(f"{target}.{os.getpid()}.tmp")
        try:
            with self.connect() as db, closing(sqlite3.connect(tmp)) as out:
                db.backup(out, pages=1024, sleep=0.01)
            tmp.replace(target)
        finally:
            tmp.unlink(missing_ok=True)


@contextmanager
def setting_up(path: str) -> Iterator[None]:
    """Hold ``<store>.lock`` (an exclusive ``flock``) while a process creates or migrates the
    store, so that server workers starting together set it up one after the other.

    SQLite answers "busy" at once, without waiting, when two connections turn a new file into
    a WAL database (or recover its log) at the same moment: without this, one of two workers
    starting on a fresh instance failed, and gunicorn stopped.  A folder where the lock file
    can't be made (read-only) goes without it: the store then fails by itself, saying why.
    """
    try:
        fd = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the file releases the lock


@contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[None]:
    """Several statements as one write: BEGIN IMMEDIATE (the write lock at once), COMMIT, or
    ROLLBACK on any error."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            with suppress(sqlite3.Error):
                db.execute("ROLLBACK")
        raise


def process_alive(pid: int | None) -> bool:
    """Whether a process with this id runs on this machine (claims name server workers)."""
    if not pid:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class SQLiteWatcher(Waiters):
    """Wakes long-polls on SQLite: one thread per server process, while anyone waits, asks
    SQLite every ``interval`` seconds whether anything was committed at all (``PRAGMA
    data_version``, a counter read without touching a table), and only then reads the versions
    of the watched games, in one query, waking just the requests whose game moved.  Writes from
    any server worker are seen, since they all share the one database file."""

    def __init__(
        self, store: SQLiteStore, versions: Versions | None = None, interval: float = 0.01
    ) -> None:
        # versions: reads the watched keys' versions on a connection (default: the games')
        super().__init__(interval)
        self.store = store
        self.versions = versions or store.versions

    def _run(self) -> None:
        """Poll while anyone waits; stop when nobody has for a while (started again on need)."""
        idle_since = time.monotonic()
        last_change = None
        try:
            with closing(self.store.open()) as db:
                while (waiting := self._waiting(idle_since)) is not None:
                    ids, fresh = waiting
                    if ids:
                        idle_since = time.monotonic()
                        change = db.execute("PRAGMA data_version").fetchone()[0]
                        if fresh or change != last_change:
                            last_change = change
                            read = self._next_read()
                            self._wake(read, ids, self.versions(db, ids))
                    time.sleep(self.interval)
        except sqlite3.Error:
            log.exception("the long-poll watcher stopped; the next request starts it again")
            self._stopped()
