"""The native core: C twins of the searches' hot loops, built from ``engine/native/_*.c``.

``core`` is the compiled ``engine.native._core`` module, or None where it is not built (a fresh
clone before ``make native``) or where ``MANCALA_PURE=1`` is set; callers then use the
pure-Python code, which gives identical results.  Nothing else in the engine needs to know
which one ran.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

PURE_SETTING = "MANCALA_PURE"


def load(name: str = "_core") -> ModuleType | None:
    """The built module ``engine.native.<name>``, or None if it is not built."""
    try:
        return importlib.import_module(f"engine.native.{name}")
    except ImportError:
        return None


def pure_forced() -> bool:
    """Whether the setting ``MANCALA_PURE=1`` asks for the pure-Python fallback."""
    return os.environ.get(PURE_SETTING, "") not in ("", "0")


core: ModuleType | None = None if pure_forced() else load()
"""The native core the engine uses, or None for the pure-Python fallback."""
