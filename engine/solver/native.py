"""The solver's native core (``engine/native/_solve.c``), or None where it isn't built or the
pure-Python fallback is forced (``MANCALA_PURE=1``, as for the rest of the native core)."""

from __future__ import annotations

from engine import native
from engine.native import SolveModule


def solve_core() -> SolveModule | None:
    """The compiled module (loaded by :mod:`engine.native`), or None to use the pure twin."""
    return native.solve
