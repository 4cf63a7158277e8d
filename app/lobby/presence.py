"""Who is in the room: devices whose home page is open, known by its heartbeat.

Reading the room is free: ``GET /api/lobby`` writes nothing, mints no cookie and moves no
version, so a loop of reads from anywhere neither fills "who is here" nor wakes other pages.
An open page beats (``POST /api/lobby/here``) every ``beat_seconds``; a device whose page has
not beaten for ``here_seconds`` is gone (its row is deleted and the room changes), and a page
that closes says so at once (``POST /api/lobby/leave``, a beacon).

Bounded per address: an address lists at most ``here_per_address`` devices in the room (a new
arrival unlists the address's earliest: still counted by the caps per address, not shown, nor
their seeks, until there is room again), and its arrivals wake the other pages at most
``arrivals_burst`` at once, then one per ``1 / arrivals_per_second`` seconds; an arrival beyond
that is not recorded yet (the page is told, and its next beat tries again), so a script making
cookies by the hundred neither writes rows nor wakes anyone.  A process writes one device's beat
at most every ``SEEN_EVERY`` seconds, so beating faster costs the store nothing.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from app.lobby.caps import RoomLimits
from app.lobby.store import LobbyStore

SEEN_EVERY = 3.0  # a device's beat is written at most this often per process
EXPIRE_EVERY = 2.0  # how often a process deletes the presence of pages that stopped beating
REMEMBERED = 10_000  # devices and addresses a process remembers before forgetting the old
# Takes a token from a rate-limit bucket (key, burst, tokens a second): seconds to wait, 0.0 if
# taken (the store's take_token).
Bucket = Callable[[str, float, float], float]


@dataclass(frozen=True)
class Arrival:
    """What a beat did: the device is ``here``; if not, another arrival from its address is
    taken in ``retry`` seconds."""

    here: bool
    retry: int = 0


class Presence:
    """The room's presence on one store, with its limits; one per app (per process)."""

    def __init__(self, store: LobbyStore, limits: RoomLimits) -> None:
        self.store = store
        self.limits = limits
        self._lock = threading.Lock()
        self._written: dict[str, float] = {}  # device -> when this process last wrote its beat
        self._closed: dict[str, float] = {}  # address -> until when its arrivals wait
        self._expired = 0.0

    def beat(self, device: str, address: str, bucket: Bucket, announce: bool = True) -> Arrival:
        """``device``'s page at ``address`` is open now; ``bucket`` takes one of the address's
        arrivals (0: taken, else seconds until one is).  An arrival moves the lobby's version
        if ``announce`` (not when the request makes a change of its own, which moves it)."""
        now = time.time()
        with self._lock:
            if now - self._written.get(device, 0.0) < SEEN_EVERY:
                return Arrival(True)  # written a moment ago by this process
            closed = self._closed.get(address, 0.0)
        self.expire(now)
        limits = self.limits
        if closed > now and not self.store.is_present(device, now - limits.here_seconds):
            return Arrival(False, max(1, round(closed - now)))
        result = self.store.beat(device, address, now, limits.here_seconds, limits.here_per_address)
        self.remember(device, now)
        if result.arrived:
            wait = bucket(f"arrive:{address}", limits.arrivals_burst, limits.arrivals_per_second)
            if wait > 0:  # arrived, but quietly: the others see it at their next look
                with self._lock:
                    self._closed[address] = now + wait
            elif announce:
                self.store.bump_now()
        return Arrival(True)

    def remember(self, device: str, now: float) -> None:
        with self._lock:
            self._written[device] = now
            if len(self._written) > REMEMBERED:
                self._written = {d: t for d, t in self._written.items() if now - t < SEEN_EVERY}
            if len(self._closed) > REMEMBERED:
                self._closed = {a: t for a, t in self._closed.items() if t > now}

    def leave(self, device: str) -> bool:
        """``device``'s page closed: it leaves the room at once (its open seeks are hidden)."""
        with self._lock:
            self._written.pop(device, None)
        return self.store.leave(device)

    def expire(self, now: float) -> None:
        """Delete the presence of pages that stopped beating (at most every EXPIRE_EVERY
        seconds per process): the room changes, so the others see them leave at once."""
        with self._lock:
            if now - self._expired < EXPIRE_EVERY:
                return
            self._expired = now
        self.store.expire(now - self.limits.here_seconds)
