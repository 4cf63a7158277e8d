"""One answer per version, shared: what every reader of one version of a room or a tournament
sees alike is built once per process and handed to every request (and every long-poll) that
asks for that version, not rebuilt per request.

Rule: :meth:`Versioned.get` builds the value of a key at most once while the key is kept;
requests that ask for a key being built wait for that one build (and build it themselves if it
failed); at most ``size`` keys are kept, the oldest made dropped first.  A value is shared, so
nobody may change it in place.  Asked with ``fresh``, a value built longer ago than that many
seconds is built again (for what moves on without the key: a game's moves under one version of
the room).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Versioned(Generic[K, V]):
    """A small cache of values by key (a version), each built once (see the module docstring)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.builds = 0  # how many values were built (for tests and figures)
        self._lock = threading.Lock()
        self._kept: dict[K, tuple[V, float]] = {}  # each value and when it was built
        self._building: dict[K, threading.Event] = {}

    def get(self, key: K, build: Callable[[], V], fresh: float | None = None) -> V:
        """The value of ``key``: kept (built less than ``fresh`` seconds ago, if given), or
        built now by ``build`` (once for every request that asks at the same time)."""
        while True:
            with self._lock:
                kept = self._kept.get(key)
                if kept is not None and (fresh is None or time.monotonic() - kept[1] < fresh):
                    return kept[0]
                busy = self._building.get(key)
                if busy is None:
                    busy = self._building[key] = threading.Event()
                    break
            busy.wait()  # another request builds it: take theirs (or build it if theirs failed)
        try:
            value = build()
            with self._lock:
                self.builds += 1
                self._kept.pop(key, None)  # a stale value of the key: this one is the newest
                while len(self._kept) >= self.size:
                    self._kept.pop(next(iter(self._kept)))
                self._kept[key] = (value, time.monotonic())
            return value
        finally:
            with self._lock:
                self._building.pop(key, None)
            busy.set()

    def peek(self, key: K) -> V | None:
        """The value of ``key`` if it is kept (nothing is built)."""
        with self._lock:
            kept = self._kept.get(key)
            return None if kept is None else kept[0]
