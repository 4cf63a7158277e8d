"""What a game's answer shares across its viewers, kept per version in this process.

Every player and spectator of one version of a game is sent the same board, legal moves, move
list and settings; only a few fields (the seats' names, "you", what the viewer may do, the
result in their words, the clock as of now) are their own.  The shared part is built once per
(game id, version, last change) and its JSON once per encoding, then reused until the game moves
on: a new version is a new key, so nothing is ever invalidated, and the oldest entries go first
when the count or the bytes kept pass their caps.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Generic, TypeVar

Value = TypeVar("Value")

KEPT_COUNT = 512  # entries kept per process
KEPT_BYTES = 32 * 1024 * 1024  # their estimated size at most
MOVE_TEXTS_KEPT = 256  # games whose move texts are kept (as many as their lists, app.games.view)


class Kept(Generic[Value]):
    """A bounded store of values by key, the least recently used dropped first: at most
    ``count`` entries and ``most_bytes`` of their sizes (as ``size`` measures them); a value
    larger than the byte cap alone is not kept."""

    def __init__(
        self,
        size: Callable[[Value], int],
        count: int = KEPT_COUNT,
        most_bytes: int = KEPT_BYTES,
    ) -> None:
        self.size = size
        self.count = count
        self.most_bytes = most_bytes
        self.bytes = 0
        self._entries: OrderedDict[Hashable, tuple[Value, int]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: Hashable) -> Value | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                return None
            self._entries.move_to_end(key)
            return found[0]

    def put(self, key: Hashable, value: Value) -> Value:
        """Keep ``value`` for ``key``, dropping the least recently used beyond the caps;
        ``value`` back."""
        size = self.size(value)
        if size > self.most_bytes:
            return value
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            self._entries[key] = (value, size)
            self.bytes += size
            while len(self._entries) > self.count or self.bytes > self.most_bytes:
                _, (_, dropped) = self._entries.popitem(last=False)
                self.bytes -= dropped
        return value

    def get_or_make(self, key: Hashable, make: Callable[[], Value]) -> Value:
        """The value kept for ``key``, else ``make()`` kept."""
        found = self.get(key)
        return found if found is not None else self.put(key, make())

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.bytes = 0


texts: Kept[str] = Kept(len)
"""The shared part of a game's answer as JSON text, by (game id, version, last change, how it
was encoded, its variant)."""


class MoveTexts:
    """A game's move list as JSON text, each move's text kept and reused by the next version's
    list: a version's list extends the one before it with the same entries (the very objects,
    :func:`app.games.view.move_list`), so only the new moves are encoded.  Rule: an entry's
    text is reused only for that same entry object, encoded by the same encoder with the same
    hiding of decisions (the objects are held, so no other can take their identity); the text
    is what ``dumps`` writes of the whole list.  At most ``count`` games are kept and
    ``most_bytes`` of their estimated size (the texts, and ``ENTRY_BYTES`` a move for the
    entries held), the least recently used dropped first."""

    ENTRY_BYTES = 1024  # a held move entry's objects, about

    def __init__(self, count: int = MOVE_TEXTS_KEPT, most_bytes: int = KEPT_BYTES) -> None:
        self.count = count
        self.most_bytes = most_bytes
        self.bytes = 0
        self._games: OrderedDict[Hashable, tuple[object, str, list[object], list[str], int]] = (
            OrderedDict()
        )
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._games)

    def text(
        self,
        game: Hashable,
        moves: Sequence[Mapping[str, object]],
        hidden: bool,
        encoder: object,
        dumps: Callable[[object], str],
    ) -> str:
        """The JSON text of ``moves`` (each decision null if ``hidden``) as ``dumps`` (the
        ``encoder``'s) writes it, the texts of the entries the game's last list shares
        reused."""
        key = (game, hidden)
        with self._lock:
            last = self._games.get(key)
        shared = 0
        if last is not None and last[0] is encoder:
            comma, kept_moves, kept_texts = last[1], last[2], last[3]
            most = min(len(moves), len(kept_moves))
            while shared < most and moves[shared] is kept_moves[shared]:
                shared += 1
            texts = kept_texts[:shared]
        else:
            comma, texts = dumps([0, 0])[2:-2], []  # how the encoder separates a list's items
        for entry in moves[shared:]:
            texts.append(dumps({**entry, "decision": None} if hidden else entry))
        size = sum(map(len, texts)) + self.ENTRY_BYTES * len(texts)
        with self._lock:
            old = self._games.pop(key, None)
            if old is not None:
                self.bytes -= old[4]
            if size <= self.most_bytes:
                self._games[key] = (encoder, comma, list(moves), texts, size)
                self.bytes += size
            while len(self._games) > self.count or self.bytes > self.most_bytes:
                self.bytes -= self._games.popitem(last=False)[1][4]
        return f"[{comma.join(texts)}]"

    def clear(self) -> None:
        with self._lock:
            self._games.clear()
            self.bytes = 0


move_texts = MoveTexts()
"""Each game's latest move list as JSON, by (game id, whether its decisions are hidden)."""
