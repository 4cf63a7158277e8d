"""What every game store offers the app, whichever database is underneath.

:class:`GameStore` is the interface the app's code is written against; SQLite (one machine,
the default) and PostgreSQL (several app hosts) implement it.  A store holds everything the
app's processes must share: games and their seat owners, the claims of computer moves, the
rate-limit buckets and presence.  A new shared thing (say, analyses) is a new method here and
a table in each implementation's schema.
"""

from __future__ import annotations

import threading
import time
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from app.store import Row


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
    other gets :class:`app.store.StaleVersion`.  A store that can't be used just now raises
    :class:`app.store.StoreError` (busy, full or unreachable) having written nothing.
    """

    kind = "?"  # "sqlite" or "postgresql", for /health and logs

    def __init__(self) -> None:
        self._touches = Touches()

    @abstractmethod
    def create(self, game_id: str, data: dict[str, Any], owners: list[tuple[str, int]]) -> Row:
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
        data: dict[str, Any],
        add_owner: tuple[str, int] | None = None,
    ) -> Row:
        """Write ``data`` as the version after ``version``; StaleVersion if someone was first."""

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
    def expire(self, finished_before: float, invites_before: float, batch: int = 500) -> int:
        """Delete games over before ``finished_before`` and untaken invites last changed before
        ``invites_before`` (with their seats and presence): how many went."""

    @abstractmethod
    def claim_job(self, job: str, every: float) -> bool:
        """Whether this process should run the periodic ``job`` now (once per ``every``
        seconds across every process and host)."""

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
    def load_analysis(self, game_id: str) -> tuple[str, float] | None:
        """A game's kept analysis (its JSON text, as :mod:`app.analysis.store` wrote it) and
        when it was last written, or None."""

    @abstractmethod
    def save_analysis(self, game_id: str, data: str) -> float:
        """Keep (replace) a game's analysis; the time it was written."""

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

    def close(self) -> None:  # noqa: B027 (most stores hold nothing open)
        """Close what the store holds open (its connections); it may not be used after."""
