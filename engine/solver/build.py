"""Building a large endgame table into its file, resumably (``python -m engine tables build``).

Rule: the table is built in place in a file mapped into memory, rank by rank in chunks, so it
needs disk for its bytes but not as much RAM (the page cache holds what fits). The file is first
filled with ``UNKNOWN`` (a byte no value takes) and made durable under a ``.part`` name; from
then on every byte is either ``UNKNOWN`` or a position's final value, whenever the build stops
(killed, a power cut: a page reaches the disk whole or not at all, and either way holds only
such bytes). A smaller complete table in the folder is copied in first: a table is a prefix of
every larger one, so growing 18 seeds to 24 builds only the new positions. Running the build
again continues from the first ``UNKNOWN`` byte, and only a complete table is renamed to the
name searches look for (``table.file_name``).
"""

from __future__ import annotations

import mmap
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine.solver import native
from engine.solver.rules import KalahSpec
from engine.solver.table import UNKNOWN, count, file_name, fill_python, find

CHUNK = 1 << 22
"""Positions built between two progress reports (about 3 s natively on 6 pits)."""
FLUSH_EVERY = 16
"""Chunks between two writes of the mapped file to disk (what a power cut can lose)."""
NATIVE_RATE = 2_300_000
"""Positions a CPU second the native build fills on 6 pits, measured here (2026-11-26: the
18-seed table's 86.5 M positions in 28 s of CPU, the 24-seed table's 1.25 G in about 9 minutes
of CPU); the estimate printed before a build (on a busy machine the wall time is longer)."""
PURE_RATE = 100_000
"""The same for the pure-Python build."""

Progress = Callable[[int, int], object]
"""Called after each chunk with (positions done, positions in the table)."""


@dataclass(frozen=True)
class Plan:
    """What building the table of ``seeds`` seeds for ``spec`` takes."""

    spec: KalahSpec
    seeds: int
    positions: int
    done: int
    """Positions an earlier build (or a smaller table, a prefix of this one) holds already."""
    seconds: float
    """The estimated CPU time for the rest, on one core like the one measured."""
    path: Path
    disk: int = 0
    """Bytes the build still writes to a new file: the whole table unless its ``.part`` file is
    there (a smaller table is copied into a new file of the full size, so growing 24 seeds to
    28 needs the 28-seed table's 5.6 GB free, not the 4.3 GB it adds)."""

    @property
    def nbytes(self) -> int:
        return self.positions


def part_name(spec: KalahSpec, seeds: int) -> str:
    """The file a build in progress writes (renamed to ``file_name`` once complete)."""
    return file_name(spec, seeds) + ".part"


def plan(spec: KalahSpec, seeds: int, folder: str | os.PathLike[str], pure: bool = False) -> Plan:
    """The size of the table, how much of it an earlier build left and how long the rest takes."""
    positions = count(seeds, spec.pits)
    path = Path(folder) / file_name(spec, seeds)
    done, disk = 0, 0
    if find(spec, seeds, folder) is not None:
        done = positions
    else:
        part = Path(folder) / part_name(spec, seeds)
        smaller = _smaller(spec, seeds, Path(folder))
        if part.exists() and part.stat().st_size == positions:
            done = _first_unknown(part, positions)
        else:
            disk = positions
            if smaller is not None:
                done = smaller.stat().st_size
    rate = PURE_RATE if pure or native.solve_core() is None else NATIVE_RATE
    return Plan(spec, seeds, positions, done, (positions - done) / rate, path, disk)


def _first_unknown(path: Path, positions: int) -> int:
    with path.open("rb") as f, mmap.mmap(f.fileno(), positions, access=mmap.ACCESS_READ) as m:
        at = m.find(bytes([UNKNOWN]))
    return positions if at < 0 else at


def build_file(
    spec: KalahSpec,
    seeds: int,
    folder: str | os.PathLike[str],
    progress: Progress | None = None,
    pure: bool = False,
    chunk: int = CHUNK,
) -> Path:
    """Build (or finish building) the table of ``seeds`` seeds in ``folder``; its path.  A
    table already there is left as it is; an interrupted build continues where it stopped."""
    found = find(spec, seeds, folder)
    if found is not None:
        return found
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    positions = count(seeds, spec.pits)
    part = folder / part_name(spec, seeds)
    if not part.exists() or part.stat().st_size != positions:
        _start(part, positions, _smaller(spec, seeds, folder))
    with part.open("r+b") as f:
        values = mmap.mmap(f.fileno(), positions, access=mmap.ACCESS_WRITE)
        try:
            at = values.find(bytes([UNKNOWN]))
            at = positions if at < 0 else at
            chunks = 0
            while at < positions:
                stop = min(positions, at + chunk)
                fill(spec, values, at, stop, pure)
                at, chunks = stop, chunks + 1
                if chunks % FLUSH_EVERY == 0:
                    values.flush()
                if progress is not None:
                    progress(at, positions)
            values.flush()
        finally:
            values.close()
        os.fsync(f.fileno())
    part.chmod(0o644)  # readable by every process of the host
    final = folder / file_name(spec, seeds)
    part.replace(final)
    return final


def _smaller(spec: KalahSpec, seeds: int, folder: Path) -> Path | None:
    """The largest complete table of fewer seeds in ``folder`` (a prefix of the one to build)."""
    for n in range(seeds - 1, 0, -1):
        path = folder / file_name(spec, n)
        if path.exists() and path.stat().st_size == count(n, spec.pits):
            return path
    return None


def _start(part: Path, positions: int, prefix: Path | None) -> None:
    """A new partial file of ``positions`` bytes, durable before any value is built: a smaller
    table's values (``prefix``: a table is a prefix of every larger one), then UNKNOWN."""
    fresh = part.with_name(part.name + ".new")
    block = bytes([UNKNOWN]) * min(positions, 1 << 24)
    with fresh.open("wb") as f:
        left = positions
        if prefix is not None:
            with prefix.open("rb") as small:
                shutil.copyfileobj(small, f, 1 << 24)
            left -= prefix.stat().st_size
        while left:
            f.write(block[: min(left, len(block))])
            left -= min(left, len(block))
        f.flush()
        os.fsync(f.fileno())
    fresh.replace(part)


def fill(spec: KalahSpec, values: bytearray | mmap.mmap, start: int, stop: int, pure: bool) -> None:
    """Fill the ``UNKNOWN`` values of ranks ``start..stop-1`` (natively unless ``pure``)."""
    core = None if pure else native.solve_core()
    if core is not None:
        core.fill_table(spec.pits, spec.capture, spec.empty_capture, values, start, stop)
    else:
        fill_python(spec, values, start, stop)
