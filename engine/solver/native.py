"""The solver's native core (``engine/native/_solve.c``), or None where it isn't built or the
pure-Python fallback is forced (environment variable ``MANCALA_PURE_PYTHON=1``)."""

from __future__ import annotations

import importlib
import os
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def _load() -> Any:
    try:
        return importlib.import_module("engine.native._solve")
    except ImportError:
        return None


def solve_core() -> Any:
    """The compiled module, or None to use the pure-Python twin."""
    if os.environ.get("MANCALA_PURE_PYTHON", "") not in ("", "0"):
        return None
    return _load()
