"""The native core: C twins of the searches' hot loops, built from ``engine/native/_*.c``.

``core`` is the compiled ``engine.native._core`` module, or None where it is not built (a fresh
clone before ``make native``), is stale (older than its sources: see :mod:`.sources`), or where
``MANCALA_PURE=1`` is set; callers then use the pure-Python code, which gives identical results.
Nothing else in the engine needs to know which one ran.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

from engine.native.sources import HERE, stale, stale_modules

PURE_SETTING = "MANCALA_PURE"


def load(name: str = "_core") -> ModuleType | None:
    """The built module ``engine.native.<name>``, or None if it is not built or is stale (older
    than its C sources, as after a ``git pull`` without ``make native``: its functions may
    take other arguments than the Python code now passes)."""
    source = HERE / f"{name}.c"
    if source.exists() and stale(source):
        return None
    try:
        return importlib.import_module(f"engine.native.{name}")
    except ImportError:
        return None


def pure_forced() -> bool:
    """Whether the setting ``MANCALA_PURE=1`` asks for the pure-Python fallback."""
    return os.environ.get(PURE_SETTING, "") not in ("", "0")


core: ModuleType | None = None if pure_forced() else load()
"""The native core the engine uses, or None for the pure-Python fallback."""


def stale_reason() -> str | None:
    """What to do about built modules older than their sources (None: there are none)."""
    stale = stale_modules()
    if not stale:
        return None
    return (
        f"the native core is older than its C sources ({', '.join(stale)}); "
        "rebuild it: python -m engine.native.build"
    )


def pure_reason() -> str | None:
    """Why the engine runs in pure Python (None: it runs the native core), with what to do."""
    if core is not None:
        return None
    if pure_forced():
        return f"{PURE_SETTING}=1 is set"
    return stale_reason() or (
        "the native core is not built; make native says why (it needs gcc and Python's headers)"
    )
