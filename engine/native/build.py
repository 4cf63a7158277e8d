"""Build the native core: ``python -m engine.native.build [--force]``.

Every ``engine/native/_NAME.c`` becomes the extension module ``engine.native._NAME`` next to
it (one gcc call each, with this Python's headers), rebuilt only when it is missing or older
than its C source or any header in the folder.  Exits non-zero when a build fails.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path

from engine.native.sources import sources, stale, target

FLAGS = ("-O3", "-fPIC", "-shared", "-std=gnu11", "-Wall", "-Wextra", "-Wno-unused-parameter")
# Values must be bit-for-bit those of the pure-Python search: no fused multiply-add, no
# fast-math reassociation.
STRICT_FLOAT = ("-ffp-contract=off", "-fno-fast-math")


def compile_one(source: Path) -> None:
    """Compile ``source`` into its module (written to a temporary name, then moved in place)."""
    include = sysconfig.get_paths()["include"]
    built = target(source)
    partial = built.with_suffix(".tmp")
    command = ["gcc", *FLAGS, *STRICT_FLOAT, f"-I{include}", str(source), "-o", str(partial)]
    subprocess.run(command, check=True)
    partial.replace(built)


def build(force: bool = False, quiet: bool = False) -> list[Path]:
    """Build every stale module (all with ``force``); returns the modules built."""
    done = []
    for source in sources():
        if force or stale(source):
            if not quiet:
                print(f"building {target(source).name} from {source.name}", file=sys.stderr)
            compile_one(source)
            done.append(target(source))
    return done


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.native.build", description=__doc__)
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    args = parser.parse_args(argv)
    try:
        build(args.force)
    except (OSError, subprocess.CalledProcessError) as exc:
        print(f"native core build failed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
