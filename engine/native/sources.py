"""Where the native core's C sources and built modules are, and whether a build is stale.

Every ``engine/native/_NAME.c`` is built into the module ``engine.native._NAME`` beside it.  A
module is stale when it is older than its C source, any header here, or the build script: it
may then take other arguments than the Python code passes, so the engine does not load it.
"""

from __future__ import annotations

import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent


def sources() -> list[Path]:
    """The C files that are modules (``_*.c``), in name order."""
    return sorted(HERE.glob("_*.c"))


def target(source: Path) -> Path:
    """Where the module built from ``source`` goes."""
    return source.with_name(source.stem + sysconfig.get_config_var("EXT_SUFFIX"))


def stale(source: Path) -> bool:
    """Whether ``source``'s module is missing or older than it or any header here."""
    built = target(source)
    if not built.exists():
        return True
    inputs = [source, *HERE.glob("*.h"), HERE / "build.py"]
    newest = max(p.stat().st_mtime for p in inputs if p.exists())
    return built.stat().st_mtime < newest


def stale_modules() -> list[str]:
    """The built modules older than their sources (the engine runs without them)."""
    return [target(s).name for s in sources() if target(s).exists() and stale(s)]
