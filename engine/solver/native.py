"""The solver's native core (``engine/native/_solve.c``), or None where it isn't built or the
pure-Python fallback is forced (``MANCALA_PURE=1``, as for the rest of the native core)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.native import load, pure_forced


@lru_cache(maxsize=1)
def _load() -> Any:
    return load("_solve")


def solve_core() -> Any:
    """The compiled module, or None to use the pure-Python twin."""
    return None if pure_forced() else _load()
