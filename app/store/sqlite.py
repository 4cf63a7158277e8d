"""The game store on SQLite: one file in the instance folder, shared by every server worker of
one machine (the default; ``make run`` needs nothing else).

A game is kept as its record (variant, options, first player, moves) plus the app's settings,
as JSON, with a version number.  Every write names the version it read; of two racing writes
one wins and the other is told it is stale (:class:`StaleVersion`).  Long-polls are woken by
:class:`SQLiteWatcher`, which notices commits from any worker of this machine.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from typing import Any, TypeVar

from app.store.base import (
    IDLE_SECONDS,
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
    Waiters,
    decode_all,
    plain_facts,
)

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    data TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    think_version INTEGER,
    think_at REAL,
    think_pid INTEGER
);
CREATE TABLE IF NOT EXISTS maintenance (
    job TEXT PRIMARY KEY,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    owner TEXT NOT NULL,
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    PRIMARY KEY (owner, game_id, seat)
);
CREATE INDEX IF NOT EXISTS seats_by_owner ON seats(owner);
CREATE TABLE IF NOT EXISTS limits (
    key TEXT PRIMARY KEY,
    tokens REAL NOT NULL,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS presence (
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    seen REAL NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS analyses (
    game_id TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    updated REAL NOT NULL
);
"""


# What lists filter and sort on, kept in real columns beside the JSON (see :class:`Facts`).
FACT_COLUMNS = {
    "mode": "TEXT",
    "device": "TEXT",
    "finished": "INTEGER NOT NULL DEFAULT 0",
    "open_seat": "INTEGER NOT NULL DEFAULT 0",
    "running": "INTEGER NOT NULL DEFAULT 0",
    "size": "INTEGER NOT NULL DEFAULT 0",
    "lab": "INTEGER NOT NULL DEFAULT 0",
}
INDEXES = """
CREATE INDEX IF NOT EXISTS games_open ON games(mode, open_seat, finished, updated);
CREATE INDEX IF NOT EXISTS games_by_device ON games(device, mode, running);
CREATE INDEX IF NOT EXISTS games_finished ON games(finished, updated);
CREATE INDEX IF NOT EXISTS seats_by_game ON seats(game_id);
CREATE INDEX IF NOT EXISTS games_lab ON games(lab, updated);
"""
SCHEMA_VERSION = 3  # PRAGMA user_version once the fact columns are filled in (3: lab)
RESTORE_HINT = "python -m app.backup restore FILE (python -m app.backup list shows the backups)"


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
    if path and not os.path.exists(path):
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
            f"python -m app.backup restore {rescued}"
        )
    else:
        then = f"The server's host can restore a backup: {RESTORE_HINT}"
    return StoreGone(
        f"the game store's file {os.path.basename(path)} was deleted or moved while the server "
        f"runs; nothing was changed. {then}"
    )


T = TypeVar("T")
CHECKPOINT_EVERY = 100  # committed writes (per process) between two checkpoints
WAL_LIMIT = 4 * 1024 * 1024  # bytes of write-ahead log kept after a checkpoint
COLUMNS = "id, version, data, created, updated"
FACT_SET = ", ".join(f"{name} = ?" for name in FACT_COLUMNS)
FACT_MARKS = ", ".join("?" for _ in FACT_COLUMNS)


class SQLiteStore(GameStore):
    """SQLite access; every call opens its own short connection (safe across threads).

    A write blocked by another writer waits (SQLite's busy timeout) and is retried until
    ``busy_seconds`` have passed, then fails with :class:`StoreBusy`; other failures are named
    by kind (:class:`StoreFull`, :class:`StoreReadOnly`, :class:`StoreCorrupt`,
    :class:`StoreGone`).  Either way the transaction is rolled back, so nothing half-written
    stays.  The file is watched: a store file deleted or replaced while the server runs is
    noticed before and after every write (a replaced one is reopened, a deleted one refused),
    so no write is acknowledged that went to a file nobody will read again.
    """

    kind = "sqlite"

    def __init__(
        self, path: str, busy_seconds: float = 10.0, describe: Describe | None = None
    ) -> None:
        super().__init__()
        self.path = path
        self.busy_seconds = busy_seconds
        self.describe: Describe = describe or plain_facts
        self._writes = 0
        self._local = threading.local()
        self._rescue_lock = threading.Lock()
        self._rescued: dict[tuple[int, int], str] = {}  # a deleted file -> its saved last state
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        try:
            with setting_up(path), closing(self.open(timeout=max(busy_seconds, 600.0))) as db:
                db.execute("PRAGMA journal_mode=WAL")
                db.executescript(SCHEMA)
                self.migrate(db)
                db.execute("DELETE FROM limits WHERE at < ?", (time.time() - 24 * 3600,))
        except sqlite3.DatabaseError as exc:
            raise _store_error(exc, path) from exc

    def migrate(self, db: sqlite3.Connection) -> None:
        """Bring an older store up to date: the claim's process, the fact columns (filled in
        from each game's data, once; from version 2, only the lab games' new column) and their
        indexes."""
        columns = {r[1] for r in db.execute("PRAGMA table_info(games)")}
        if "think_pid" not in columns:  # a store from before claims named their process
            db.execute("ALTER TABLE games ADD COLUMN think_pid INTEGER")
        with transaction(db):  # one worker fills the columns; the others wait, then see it done
            before = db.execute("PRAGMA user_version").fetchone()[0]
            if before >= SCHEMA_VERSION:
                return
            columns = {r[1] for r in db.execute("PRAGMA table_info(games)")}
            for name, kind in FACT_COLUMNS.items():
                if name not in columns:
                    db.execute(f"ALTER TABLE games ADD COLUMN {name} {kind}")
            which = "" if before < 2 else """ WHERE instr(data, '"lab"') > 0"""
            rows = db.execute(f"SELECT id, data FROM games{which}").fetchall()
            for game_id, text in rows:
                db.execute(
                    f"UPDATE games SET {FACT_SET} WHERE id = ?",
                    (*self.facts_of(text), game_id),
                )
            for statement in filter(str.strip, INDEXES.split(";")):
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            if rows:
                log.info("the store's fact columns were filled in for %d games", len(rows))

    def facts_of(self, text: str) -> tuple[Any, ...]:
        """The fact columns' values for a game's JSON text (in FACT_SET's order)."""
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
        """The identity (device, inode) of the store's file now; StoreGone if there is none."""
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            raise gone(self.path, self.rescue()) from None
        except OSError as exc:
            raise StoreGone(f"the server can't see its game store's file ({exc})") from None
        return (st.st_dev, st.st_ino)

    def rescue(self) -> str | None:
        """Save the last state of the store's file, deleted while this process runs, from this
        thread's connection, which still holds the deleted file and its write-ahead log open,
        into ``<folder>/backups/mancala-<time>-rescued-<inode>.sqlite3`` (a backup that ``python
        -m app.backup list`` shows and ``restore`` takes): once per deleted file across the
        server's workers.  Where it is; None if this thread had no connection to it."""
        local = self._local
        db = getattr(local, "db", None)
        if db is None or getattr(local, "pid", 0) != os.getpid():
            return None
        deleted: tuple[int, int] = local.file
        folder = os.path.join(os.path.dirname(os.path.abspath(self.path)), "backups")
        with self._rescue_lock:
            if deleted in self._rescued:
                return self._rescued[deleted]
            mark = f"-rescued-{deleted[1]}.sqlite3"
            found = (
                [n for n in os.listdir(folder) if n.endswith(mark)] if os.path.isdir(folder) else []
            )
            if found:  # another worker saved it
                self._rescued[deleted] = os.path.join(folder, found[0])
                return self._rescued[deleted]
            at = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
            target = os.path.join(folder, f"mancala-{at}{mark}")
            tmp = f"{target}.{os.getpid()}.tmp"
            try:
                os.makedirs(folder, exist_ok=True)
                with closing(sqlite3.connect(tmp)) as out:
                    db.backup(out)
                os.replace(tmp, target)
            except (OSError, sqlite3.Error) as exc:
                log.error(
                    "the store's file was deleted and its last state could not be saved: %s", exc
                )
                if os.path.exists(tmp):
                    os.unlink(tmp)
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
        now = self.file_id()
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
        if db is not None:
            try:
                db.close()
            except sqlite3.Error:
                pass

    def create(self, game_id: str, data: dict[str, Any], owners: list[tuple[str, int]]) -> Row:
        now = time.time()
        text = json.dumps(data)
        facts = self.facts_of(text)

        def insert(db: sqlite3.Connection) -> None:
            with transaction(db):
                db.execute(
                    "INSERT INTO games (id, version, data, created, updated, "
                    f"{', '.join(FACT_COLUMNS)}) VALUES (?, 1, ?, ?, ?, {FACT_MARKS})",
                    (game_id, text, now, now, *facts),
                )
                db.executemany(
                    "INSERT OR IGNORE INTO seats (owner, game_id, seat) VALUES (?, ?, ?)",
                    [(owner, game_id, seat) for owner, seat in owners],
                )

        self.run(insert)
        return Row(game_id, 1, data, now, now)

    def load(self, game_id: str) -> Row | None:
        """The stored game, None if there is none; CorruptGame if its data can't be decoded."""
        query = f"SELECT {COLUMNS} FROM games WHERE id = ?"
        found = self.run(lambda db: db.execute(query, (game_id,)).fetchone())
        return None if found is None else Row.decode(found)

    def version(self, game_id: str) -> int | None:
        found = self.run(
            lambda db: db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        )
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
        text = json.dumps(data)
        facts = self.facts_of(text)

        def write(db: sqlite3.Connection) -> float:
            found = db.execute(
                f"UPDATE games SET data = ?, version = version + 1, updated = ?, {FACT_SET} "
                "WHERE id = ? AND version = ? RETURNING created",
                (text, now, *facts, game_id, version),
            ).fetchall()
            if not found:
                raise StaleVersion(game_id)
            if add_owner is not None:
                db.execute(
                    "INSERT OR IGNORE INTO seats (owner, game_id, seat) VALUES (?, ?, ?)",
                    (add_owner[0], game_id, add_owner[1]),
                )
            return float(found[0][0])

        def update(db: sqlite3.Connection) -> float:
            if add_owner is None:
                return write(db)  # one statement: its own transaction
            with transaction(db):
                return write(db)

        created = self.run(update)
        return Row(game_id, version + 1, data, created, now)

    def versions(self, db: sqlite3.Connection, game_ids: list[str]) -> dict[str, int]:
        """The current version of each of ``game_ids`` that exists (on an open connection)."""
        out: dict[str, int] = {}
        for i in range(0, len(game_ids), 500):
            chunk = game_ids[i : i + 500]
            marks = ",".join("?" * len(chunk))
            for gid, version in db.execute(
                f"SELECT id, version FROM games WHERE id IN ({marks})", chunk
            ):
                out[gid] = int(version)
        return out

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

    def games_of(self, owner: str, limit: int = 20) -> list[Row]:
        """The games a browser holds a seat in, most recently played first."""
        rows = self.run(
            lambda db: db.execute(
                "SELECT DISTINCT g.id, g.version, g.data, g.created, g.updated "
                "FROM games g JOIN seats s ON s.game_id = g.id WHERE s.owner = ? "
                "ORDER BY g.updated DESC LIMIT ?",
                (owner, limit),
            ).fetchall()
        )
        return decode_all(rows)

    def presence(self, game_id: str) -> dict[int, float]:
        """When each seat of a game was last seen (seat -> time.time())."""
        rows = self.run(
            lambda db: db.execute(
                "SELECT seat, seen FROM presence WHERE game_id = ?", (game_id,)
            ).fetchall()
        )
        return {int(r[0]): float(r[1]) for r in rows}

    def recent(self, mode: str, limit: int = 200) -> list[Row]:
        """The most recently changed games of one mode (an indexed column, not the JSON)."""
        rows = self.run(
            lambda db: db.execute(
                f"SELECT {COLUMNS} FROM games WHERE mode = ? ORDER BY updated DESC LIMIT ?",
                (mode, limit),
            ).fetchall()
        )
        return decode_all(rows)

    def open_invites(self, since: float, limit: int = 20) -> list[Row]:
        """Games between two devices, not over, with a seat nobody has taken, changed since
        ``since`` (time.time()), newest first: the home page's open games, found by index."""
        rows = self.run(
            lambda db: db.execute(
                f"SELECT {COLUMNS} FROM games WHERE mode = 'remote' AND open_seat = 1 "
                "AND finished = 0 AND updated >= ? ORDER BY updated DESC LIMIT ?",
                (since, limit),
            ).fetchall()
        )
        return decode_all(rows)

    def running(self, mode: str, device: str, since: float) -> int:
        """How many games of ``mode`` charged to ``device`` have a computer to move (not over,
        not paused) and changed since ``since``: e.g. the watch games a device runs now."""
        found = self.run(
            lambda db: db.execute(
                "SELECT COUNT(*) FROM games WHERE device = ? AND mode = ? AND running = 1 "
                "AND updated >= ?",
                (device, mode, since),
            ).fetchone()
        )
        return int(found[0])

    def expire(
        self,
        finished_before: float,
        invites_before: float,
        batch: int = 500,
        *,
        unfinished_before: float | None = None,
        lab_before: float | None = None,
    ) -> int:
        """Delete the games that ended before ``finished_before``, the invites nobody took
        that were last changed before ``invites_before``, the games not over last changed
        before ``unfinished_before`` and the lab games last changed before ``lab_before`` (a
        None keeps that kind), with their seats, presence and analyses: how many went."""
        total = 0
        while True:

            def sweep(db: sqlite3.Connection) -> int:
                with transaction(db):
                    ids = [
                        r[0]
                        for r in db.execute(
                            "SELECT id FROM games WHERE finished = 1 AND updated < ? UNION "
                            "SELECT id FROM games WHERE mode = 'remote' AND open_seat = 1 "
                            "AND finished = 0 AND updated < ? UNION "
                            "SELECT id FROM games WHERE finished = 0 AND updated < ? UNION "
                            "SELECT id FROM games WHERE lab = 1 AND updated < ? LIMIT ?",
                            (
                                finished_before,
                                invites_before,
                                unfinished_before,
                                lab_before,
                                batch,
                            ),
                        )
                    ]
                    for table, column in (
                        ("seats", "game_id"),
                        ("presence", "game_id"),
                        ("analyses", "game_id"),
                    ):
                        db.executemany(
                            f"DELETE FROM {table} WHERE {column} = ?", [(i,) for i in ids]
                        )
                    db.executemany("DELETE FROM games WHERE id = ?", [(i,) for i in ids])
                    return len(ids)

            done = self.run(sweep)
            total += done
            if done < batch:
                return total

    def claim_job(self, job: str, every: float) -> bool:
        """Whether this process should run a periodic ``job`` now (once per ``every`` seconds
        across every server process: the first to ask after that long gets it)."""
        now = time.time()

        def claim(db: sqlite3.Connection) -> bool:
            cur = db.execute(
                "INSERT INTO maintenance (job, at) VALUES (?, ?) ON CONFLICT(job) "
                "DO UPDATE SET at = excluded.at WHERE maintenance.at <= ?",
                (job, now, now - every),
            )
            return cur.rowcount == 1

        return self.run(claim)

    def set_mark(self, name: str, at: float, replace: bool = True) -> bool:
        action = "DO UPDATE SET at = excluded.at" if replace else "DO NOTHING"
        sql = f"INSERT INTO maintenance (job, at) VALUES (?, ?) ON CONFLICT(job) {action}"
        return self.run(lambda db: db.execute(sql, (name, at)).rowcount == 1)

    def marks(self, prefix: str) -> dict[str, float]:
        rows = self.run(
            lambda db: db.execute(
                "SELECT job, at FROM maintenance WHERE substr(job, 1, ?) = ?",
                (len(prefix), prefix),
            ).fetchall()
        )
        return {str(job): float(at) for job, at in rows}

    def probe(self) -> int:
        """Prove the store works now: a write (and its rollback-free commit) on a new
        connection, then a read.  The number of games stored; a StoreError of its kind if not."""
        with self.connect() as db:
            opened = self.file_id()
            db.execute(
                "INSERT INTO maintenance (job, at) VALUES ('health', ?) "
                "ON CONFLICT(job) DO UPDATE SET at = excluded.at",
                (time.time(),),
            )
            if self.file_id() != opened:
                raise gone(self.path)
            return int(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def count(self) -> int:
        """How many games are stored, on a new connection (proof that the store file can be
        opened and read now)."""
        with self.connect() as db:
            return int(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def take_token(self, key: str, burst: float, per_second: float) -> float:
        """Take one token from ``key``'s rate-limit bucket (``burst`` tokens, refilled at
        ``per_second``; a new bucket starts full): 0.0 if taken, else seconds until one is."""
        now = time.time()

        def take(db: sqlite3.Connection) -> float:
            level = "MIN(?, tokens + (? - at) * ?)"
            taken = db.execute(  # one statement: a new bucket starts full, less this token
                "INSERT INTO limits (key, tokens, at) VALUES (?, ? - 1, ?) ON CONFLICT(key) "
                f"DO UPDATE SET tokens = {level} - 1, at = ? WHERE {level} >= 1",
                (key, burst, now, burst, now, per_second, now, burst, now, per_second),
            ).rowcount
            if taken:
                return 0.0
            query = "SELECT tokens, at FROM limits WHERE key = ?"
            tokens, at = db.execute(query, (key,)).fetchone()
            have = min(burst, tokens + (now - at) * per_second)
            return (1 - have) / per_second if per_second > 0 else 3600.0

        return self.run(take)

    def write_presence(self, game_id: str, seats: list[int], now: float) -> None:
        """Note that ``seats`` of the game were seen at ``now``."""
        self.run(
            lambda db: db.executemany(
                "INSERT INTO presence (game_id, seat, seen) VALUES (?, ?, ?) "
                "ON CONFLICT(game_id, seat) DO UPDATE SET seen = excluded.seen",
                [(game_id, seat, now) for seat in seats],
            )
        )

    def load_analysis(self, game_id: str) -> tuple[str, float] | None:
        query = "SELECT data, updated FROM analyses WHERE game_id = ?"
        found = self.run(lambda db: db.execute(query, (game_id,)).fetchone())
        return None if found is None else (str(found[0]), float(found[1]))

    def save_analysis(self, game_id: str, data: str) -> float:
        now = time.time()
        self.run(
            lambda db: db.execute(
                "INSERT INTO analyses (game_id, data, updated) VALUES (?, ?, ?) "
                "ON CONFLICT(game_id) DO UPDATE SET data = excluded.data, "
                "updated = excluded.updated",
                (game_id, data, now),
            )
        )
        return now

    def watcher(self) -> SQLiteWatcher:
        """A new long-poll watcher over this store (see :class:`SQLiteWatcher`)."""
        return SQLiteWatcher(self)

    def close(self) -> None:
        """Nothing to close: every call opens its own short connection."""

    def backup(self, target: str) -> None:
        """Copy the whole store, consistently, into ``target`` while it is in use (SQLite's
        online backup), via a temporary file renamed into place when complete."""
        tmp = f"{target}.{os.getpid()}.tmp"
        try:
            with self.connect() as db, closing(sqlite3.connect(tmp)) as out:
                db.backup(out, pages=1024, sleep=0.01)
            os.replace(tmp, target)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)


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
            try:
                db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
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

    def __init__(self, store: SQLiteStore, interval: float = 0.01) -> None:
        super().__init__(interval)
        self.store = store

    def _run(self) -> None:
        """Poll while anyone waits; stop when nobody has for a while (started again on need)."""
        idle_since = time.monotonic()
        last_change = None
        try:
            with closing(self.store.open()) as db:
                while True:
                    with self._lock:
                        ids = list(self._waiters)
                        fresh, self._fresh = self._fresh, False
                        if not ids and time.monotonic() - idle_since > IDLE_SECONDS:
                            self._thread = None
                            return
                    if ids:
                        idle_since = time.monotonic()
                        change = db.execute("PRAGMA data_version").fetchone()[0]
                        if fresh or change != last_change:
                            last_change = change
                            with self._lock:
                                self._reads += 1
                                read = self._reads
                            self._wake(read, ids, self.store.versions(db, ids))
                    time.sleep(self.interval)
        except sqlite3.Error:
            log.exception("the long-poll watcher stopped; the next request starts it again")
            self._stopped()
