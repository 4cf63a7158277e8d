"""What every game store offers the app, whichever database is underneath.

:class:`GameStore` is the interface the app's code is written against; SQLite (one machine,
the default) and PostgreSQL (several app hosts) implement it.  A store holds everything the
app's processes must share: games and their seat owners, the claims of computer moves, the
rate-limit buckets and presence, and which finished games' end-of-game hooks all ran.  The games'
own queries are written once in :mod:`app.store.sql` (both stores run them).

A feature's tables are the feature's own (``app/<feature>/store.py``: the lobby's, the
ratings', the analyses', …): a class there takes the store as
:class:`~app.store.queries.Queries` (:meth:`GameStore.run`, :meth:`GameStore.execute` and its
dialect) and writes its queries once over it; the store imports no feature.  Every table, the
games' and the features', is a migration of the one schema (:mod:`app.store.schema`).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from app.store.json_types import JSONObject
from app.store.queries import Connection, Transactions

log = logging.getLogger(__name__)
IDLE_SECONDS = 5.0  # a watcher's thread stops after this long with nobody waiting
T = TypeVar("T")


@dataclass(frozen=True)
class Facts:
    """What the store keeps in columns about a game, for lists and limits that must not read
    every game's JSON: its mode, the device its computer moves are charged to, whether it is
    over, has a seat waiting for a friend, has a computer to move (not paused), or was played in
    the lab (kept for days only), and its ``deadline``: when it ends by time if nobody moves
    (a clock's flag or a first-move window; None when no time runs)."""

    mode: str | None = None
    device: str | None = None
    finished: bool = False
    open_seat: bool = False
    running: bool = False
    lab: bool = False
    deadline: float | None = None


def plain_facts(data: JSONObject) -> Facts:
    """The facts read from the data alone (the app's describer also replays the moves)."""
    seats = data.get("seats") or []
    return Facts(
        mode=data.get("mode"),
        device=data.get("device"),
        finished=data.get("resigned") is not None,
        open_seat=any(
            isinstance(s, dict) and s.get("kind") == "human" and s.get("owner") is None
            for s in seats
        ),
        lab=data.get("lab") is not None,
    )


Describe = Callable[[JSONObject], Facts]


class StaleVersion(Exception):
    """The game changed since the version a write was based on."""


class StoreError(Exception):
    """The store can't be used just now; nothing was written.  ``retry_after`` in seconds."""

    retry_after = 5

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class StoreBusy(StoreError):
    """Another writer held the database for longer than the busy timeout."""

    retry_after = 1


class StoreFull(StoreError):
    """The disk is full (or a file may not grow), or it failed writing."""

    retry_after = 30


class StoreReadOnly(StoreError):
    """The store's file or folder can't be written (permissions, a read-only disk)."""

    retry_after = 30


class StoreCorrupt(StoreError):
    """The store's file is damaged: restore a backup."""

    retry_after = 60


class StoreGone(StoreError):
    """The store's file was deleted or moved away while the server runs."""

    retry_after = 30


class CorruptGame(Exception):
    """One stored game can't be decoded; the others are unaffected."""


@dataclass
class StoredRow:
    """A row kept as a JSON document: its id, version, data and times (a game's, a
    tournament's); each kind decodes its own."""

    id: str
    version: int
    data: JSONObject
    created: float
    updated: float


@dataclass
class Row(StoredRow):
    """One stored game: its id, version, JSON data and times."""

    @classmethod
    def decode(cls, found: tuple[Any, ...]) -> Row:
        """A row from ``(id, version, data, created, updated)``; CorruptGame if data is bad."""
        try:
            data = json.loads(found[2])
        except (TypeError, ValueError) as exc:
            raise CorruptGame(f"game {found[0]!r}: its stored data is not JSON ({exc})") from None
        if not isinstance(data, dict):
            raise CorruptGame(f"game {found[0]!r}: its stored data is not an object")
        return cls(found[0], int(found[1]), data, float(found[3]), float(found[4]))


def decode_all(rows: list[tuple[Any, ...]]) -> list[Row]:
    """The rows that decode, skipping (and logging) damaged ones so a list still shows."""
    out = []
    for found in rows:
        try:
            out.append(Row.decode(found))
        except CorruptGame as exc:
            log.error("skipping a damaged game: %s", exc)
    return out


class Watcher(Protocol):
    """Wakes long-polls: blocks a request until a game's version moves on."""

    def wait(self, game_id: str, seen: int, timeout: float) -> int:
        """The game's version once it is not ``seen`` (-1: gone), or ``seen`` at ``timeout``."""
        ...


class Touches:
    """When this process last wrote each seat's presence: such writes are thinned out, since
    presence is approximate and a write per long-poll round would queue moves behind it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._touched: dict[tuple[str, int], float] = {}

    def due(self, game_id: str, seats: list[int], every: float, now: float) -> list[int]:
        """Of ``seats``, those not written in the last ``every`` seconds (noted as written)."""
        with self._lock:
            due = [s for s in seats if now - self._touched.get((game_id, s), 0.0) >= every]
            for seat in due:
                self._touched[(game_id, seat)] = now
            if len(self._touched) > 50_000:
                self._touched = {k: t for k, t in self._touched.items() if now - t < every}
        return due


class GameStore(ABC):
    """The games and everything else the app's processes share (see the module docstring).

    Every write of a game names the version it read; of two racing writes one wins and the
    other gets :class:`StaleVersion`.  A store that can't be used just now raises
    :class:`StoreError` (busy, full or unreachable) having written nothing.
    """

    kind = "?"  # "sqlite" or "postgresql", for /health and logs
    dialect: Transactions  # what differs in its SQL (a feature's tables run theirs through it)

    def __init__(self) -> None:
        self._touches = Touches()

    @abstractmethod
    def run(self, work: Callable[[Connection], T]) -> T:
        """``work(db)`` on one of the store's connections (a feature's queries run so)."""

    @abstractmethod
    def execute(self, db: Connection, text: str, **args: Any) -> Any:
        """One query with named parameters on ``db``, in the store's dialect: its cursor."""

    @abstractmethod
    def create(self, game_id: str, data: JSONObject, owners: list[tuple[str, int]]) -> Row:
        """Store a new game (version 1) and the owners of its seats."""

    @abstractmethod
    def load(self, game_id: str) -> Row | None:
        """The stored game, None if there is none; CorruptGame if its data can't be decoded."""

    @abstractmethod
    def version(self, game_id: str) -> int | None:
        """The game's current version, None if there is no such game."""

    @abstractmethod
    def save(
        self,
        game_id: str,
        version: int,
        data: JSONObject,
        add_owner: tuple[str, int] | None = None,
        facts: Facts | None = None,
    ) -> Row:
        """Write ``data`` as the version after ``version``; StaleVersion if someone was first.
        ``facts``, when given, are ``data``'s (the caller replayed it already): not re-derived."""

    @abstractmethod
    def claim_thinking(self, game_id: str, version: int, stale_after: float) -> bool:
        """Claim the computer's move at ``version`` for this process: True once, for whoever
        asks first, until the claim is older than ``stale_after`` seconds or its process died."""

    @abstractmethod
    def games_of(self, owner: str, limit: int = 20) -> list[Row]:
        """The games a browser holds a seat in, most recently played first."""

    @abstractmethod
    def recent(self, mode: str, limit: int = 200) -> list[Row]:
        """The most recently changed games of one mode (e.g. remote games to list as open)."""

    @abstractmethod
    def count(self) -> int:
        """How many games are stored (the health check's proof that the store answers now)."""

    @abstractmethod
    def open_invites(self, since: float, limit: int = 20) -> list[Row]:
        """Games between two devices, not over, with a seat nobody has taken, changed since
        ``since``, newest first (by index: the home page's cost must not grow with the store)."""

    @abstractmethod
    def running(self, mode: str, device: str, since: float) -> int:
        """How many games of ``mode`` charged to ``device`` have a computer to move (not over,
        not paused) and changed since ``since`` (a device's running watch games)."""

    @abstractmethod
    def expire(
        self,
        finished_before: float,
        invites_before: float,
        batch: int = 500,
        *,
        unfinished_before: float | None = None,
        lab_before: float | None = None,
    ) -> int:
        """Delete games over before ``finished_before``, untaken invites last changed before
        ``invites_before``, games not over last changed before ``unfinished_before`` and lab
        games last changed before ``lab_before`` (None: that kind is kept), with every row
        kept for them (:data:`app.store.sql.PER_GAME`): how many went."""

    @abstractmethod
    def past_deadline(self, now: float, limit: int = 50) -> list[str]:
        """The games whose deadline (:class:`Facts`) is ``now`` or earlier, the earliest
        first, at most ``limit`` (by index: the cost does not grow with the games stored)."""

    @abstractmethod
    def claim_job(self, job: str, every: float) -> bool:
        """Whether this process should run the periodic ``job`` now (once per ``every``
        seconds across every process and host)."""

    @abstractmethod
    def set_mark(self, name: str, at: float, replace: bool = True) -> bool:
        """Keep the time ``at`` under ``name`` (a server's liveness, an outage): replacing an
        older one, or with ``replace`` False only if there is none.  Whether it was written."""

    @abstractmethod
    def marks(self, prefix: str) -> dict[str, float]:
        """The kept times whose names start with ``prefix``."""

    @abstractmethod
    def probe(self) -> int:
        """A write and a read that prove the store works now (/health): the games stored."""

    @abstractmethod
    def take_token(self, key: str, burst: float, per_second: float) -> float:
        """Take one token from ``key``'s rate-limit bucket (``burst`` tokens, refilled at
        ``per_second``; a new bucket starts full): 0.0 if taken, else seconds until one is."""

    @abstractmethod
    def write_presence(self, game_id: str, seats: list[int], now: float) -> None:
        """Note that ``seats`` of the game were seen at ``now`` (see :meth:`touch`)."""

    @abstractmethod
    def presence(self, game_id: str) -> dict[int, float]:
        """When each seat of a game was last seen (seat -> time.time())."""

    @abstractmethod
    def playing(self, since: float, limit: int = 20) -> list[tuple[str, JSONObject]]:
        """Games between two devices, both seats taken, not over, changed since ``since``:
        (id, data), most recently changed first (by the fact columns, not replays); a damaged
        game is left out."""

    @abstractmethod
    def seen_since(self, game_ids: list[str], since: float) -> set[tuple[str, int]]:
        """Of these games' seats, those whose holder looked at the game since ``since`` (the
        games' presence, kept by every read of a game between two devices)."""

    @abstractmethod
    def next_version(self, db: Connection, game_id: str) -> None:
        """Move a game to its next version on an open connection: inside a feature's
        transaction, a change beside the game's data that its long-polls must see."""

    def may_be_over(self, game_ids: list[str], now: float) -> set[str]:
        """Of ``game_ids``, those that may be over when read at ``now``: over already, or past
        their deadline (a read then ends them by time).  The others exist unfinished with no
        time run out, so a read finds them in play: a caller waiting for games to end reads
        only these.  This default names them all."""
        return set(game_ids)

    @abstractmethod
    def unswept_ends(self, since: float, limit: int = 200) -> list[str]:
        """Finished games changed since ``since`` whose end-of-game hooks have not all run."""

    @abstractmethod
    def mark_swept(self, game_id: str) -> None:
        """Note that every end-of-game hook ran for the game."""

    @abstractmethod
    def is_swept(self, game_id: str) -> bool:
        """Whether every end-of-game hook ran for the game."""

    @abstractmethod
    def watcher(self) -> Watcher:
        """A new long-poll watcher over this store (one per app)."""

    def touch(self, game_id: str, seats: list[int], every: float = 2.0) -> None:
        """Note that the holder of ``seats`` is looking at the game now (its presence),
        at most once per ``every`` seconds per seat from this process."""
        now = time.time()
        due = self._touches.due(game_id, seats, every, now)
        if due:
            self.write_presence(game_id, due, now)

    def look(self, game_id: str, seats: list[int], every: float = 2.0) -> dict[int, float]:
        """:meth:`touch` the viewer's ``seats``, then the game's :meth:`presence`."""
        now = time.time()
        return self.touch_and_read(game_id, self._touches.due(game_id, seats, every, now), now)

    def touch_and_read(self, game_id: str, due: list[int], now: float) -> dict[int, float]:
        """Write the ``due`` seats' presence at ``now`` (if any), then read the game's; a store
        may do both in one trip."""
        if due:
            self.write_presence(game_id, due, now)
        return self.presence(game_id)

    def close(self) -> None:  # noqa: B027 (most stores hold nothing open)
        """Close what the store holds open (its connections); it may not be used after."""


class Waiter:
    """One waiting request: the version it has seen, and the version that woke it."""

    __slots__ = ("event", "registered", "seen", "version")

    def __init__(self, seen: int, registered: int) -> None:
        self.seen = seen
        self.version = seen
        self.registered = registered
        self.event = threading.Event()


class Waiters:
    """The requests waiting for games' versions to change, and waking them.  A watcher
    subclass runs :meth:`_run` on a thread while anyone waits: it learns of changes its own
    way and calls :meth:`_wake`.  A waiter trusts only reads of versions begun after it came
    (``_reads``); ``_fresh`` says someone came since the last read."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self._lock = threading.Lock()
        self._waiters: dict[str, list[Waiter]] = {}
        self._fresh = False  # someone registered since the last read of versions
        self._reads = 0  # reads of versions started; a waiter trusts only reads after it came
        self._thread: threading.Thread | None = None

    def wait(self, game_id: str, seen: int, timeout: float) -> int:
        """Block until the game's version is not ``seen`` or ``timeout`` passes: the version.

        A game that no longer exists gives -1.
        """
        with self._lock:
            waiter = Waiter(seen, self._reads)
            self._waiters.setdefault(game_id, []).append(waiter)
            self._fresh = True
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="mancala-watch")
                self._thread.daemon = True
                self._thread.start()
        try:
            waiter.event.wait(timeout)
            return waiter.version
        finally:
            with self._lock:
                waiting = self._waiters.get(game_id, [])
                if waiter in waiting:
                    waiting.remove(waiter)
                if not waiting:
                    self._waiters.pop(game_id, None)

    def _waiting(self, idle_since: float) -> tuple[list[str], bool] | None:
        """The games waited on now, and whether anyone came since the last call; None once
        nobody has waited for IDLE_SECONDS since ``idle_since`` (the thread then ends)."""
        with self._lock:
            ids = list(self._waiters)
            fresh, self._fresh = self._fresh, False
            if not ids and time.monotonic() - idle_since > IDLE_SECONDS:
                self._thread = None
                return None
        return ids, fresh

    def _next_read(self) -> int:
        """Number a read of versions about to start (waiters trust reads after they came)."""
        with self._lock:
            self._reads += 1
            return self._reads

    def _wake(self, read: int, ids: list[str], versions: dict[str, int]) -> None:
        """Wake the waiters (registered before this read) whose game's version moved."""
        with self._lock:
            for game_id in ids:
                waiting = self._waiters.get(game_id, [])
                version = versions.get(game_id, -1)  # -1: the game is gone
                for waiter in waiting:
                    if waiter.registered < read and version != waiter.seen:
                        waiter.version = version
                        waiter.event.set()

    def _run(self) -> None:
        raise NotImplementedError

    def _stopped(self) -> None:
        """The watcher thread ends after an error; the next request starts it again."""
        with self._lock:
            self._thread = None
