"""What the engine keeps per process between moves, within a budget of bytes.

Rule: solvers (their transposition tables) and endgame tables are kept in one cache, least
recently used first out. Each kept object is charged the bytes it holds: a solver its
transposition table plus the endgame table it reads, a table its values in memory (a table
mapped from its file is charged nothing: its pages are the host's page cache, shared). Something
two kept objects share (a table a solver reads) is counted once. Keeping an object drops the
least recently used ones until the total fits the budget; an object larger than the whole budget
is handed out but not kept. The app sets the budget once per process (``set_budget``) and can
log ``held_bytes()``.

An object dropped here is freed once nobody else holds it (an agent keeps its MCTS tree and that
tree's table until the next rule set); tables mapped from files share one copy per host.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from threading import Lock
from typing import Any, TypeVar

T = TypeVar("T")

DEFAULT_BUDGET = 512 * 2**20
"""Bytes a process keeps by default (512 MiB)."""

Part = tuple[object, int]
"""Something held and its bytes (shared parts are counted once, by identity)."""

_budget = DEFAULT_BUDGET
_kept: OrderedDict[Hashable, tuple[Any, tuple[Part, ...]]] = OrderedDict()
_lock = Lock()


def set_budget(nbytes: int) -> None:
    """Keep at most ``nbytes`` from now on (dropping the least recently used to fit)."""
    global _budget  # noqa: PLW0603 (one cache per process: its budget is process-wide)
    if nbytes < 0:
        raise ValueError(f"the budget must be at least 0 bytes, not {nbytes}")
    with _lock:
        _budget = nbytes
        _shrink(0)


def budget() -> int:
    """The bytes this process keeps at most."""
    return _budget


def held_bytes() -> int:
    """The bytes the objects kept now hold (each shared part counted once)."""
    with _lock:
        return _total(_kept.values())


def clear() -> None:
    """Forget everything kept (for tests and for a process that switches work)."""
    with _lock:
        _kept.clear()


def kept(key: Hashable) -> Any | None:
    """The object kept under ``key`` (now the most recently used), or None."""
    with _lock:
        item = _kept.get(key)
        if item is None:
            return None
        _kept.move_to_end(key)
        return item[0]


def keep(key: Hashable, make: Callable[[], T], parts: Callable[[T], Sequence[Part]]) -> T:
    """The object kept under ``key``, else ``make()`` kept there if its ``parts`` fit."""
    found = kept(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    made = make()
    charged = tuple(parts(made))
    with _lock:
        if key in _kept:  # another thread made it meanwhile: keep the first one
            _kept.move_to_end(key)
            return _kept[key][0]  # type: ignore[no-any-return]
        if _total([(made, charged)]) <= _budget:
            _kept[key] = (made, charged)
            _shrink(1)
    return made


def _total(items: Any) -> int:
    seen: dict[int, int] = {}
    for _, parts in items:
        for obj, nbytes in parts:
            seen[id(obj)] = nbytes
    return sum(seen.values())


def _shrink(protect: int) -> None:
    """Drop the least recently used until the total fits (never the ``protect`` newest)."""
    while len(_kept) > protect and _total(_kept.values()) > _budget:
        _kept.popitem(last=False)
