"""Kalah endgame tables: the exact value of every view holding at most N seeds.

Views are ranked by seed count, then lexicographically, so the table for N seeds is a prefix of
the table for N + 1.  A value is an int8: the margin the mover forces from the view on (an empty
row is worth its banking).  A rule set's table has a size fixed by the rule set and the machine
(:func:`table_seeds`); :func:`prepare` builds it into a folder the caller names (nothing else in
the engine writes files), and searches only read it from there (:func:`ready`), mapped
read-only so that the processes of a host share one copy.
"""

from __future__ import annotations

import mmap
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from pathlib import Path

from engine.core import Rules
from engine.solver import cache, native
from engine.solver.rules import (
    NEXT_OPPONENT,
    NEXT_OVER,
    KalahSpec,
    View,
    deep_enough,
    over_value,
    play,
)

TABLE_BYTES = 100_000_000
"""The largest table a rule set's levels read natively (about 100 MB; 30 s to build on 6 pits)."""
LARGE_TABLE_BYTES = 2_750_000_000
"""The largest table a host builds once for the exact levels and the analysis (2.71 GB: every
view of up to 26 seeds on 6 pits; ``python -m engine tables build``, docs/hosting.md).  26, not
24, seeds since session 35: the exact analysis of ``bench --exact``'s fixed game takes 2.4-2.8
times less CPU with it (docs/engine.md, "The larger table"); a host of less than about 11 GB
of RAM or 5.4 GB of free disk builds the largest smaller table that fits (app.computer.tables)."""
PY_TABLE_BYTES = 20_000
"""The same where the solver runs in pure Python (a fraction of a second to build)."""
MEMORY_POSITIONS = 20_000
"""The largest table kept in memory for agents given no folder, in either twin (a few ms to
build natively, about 0.15 s in pure Python)."""
QUICK_POSITIONS = 3_000_000
"""The largest table a :class:`~engine.solver.Solver` builds in memory when asked to build one
without a folder (a second or so natively: the command line, tests)."""
PY_POSITIONS = 20_000
"""The same in pure Python."""
MAX_SEEDS = 64
"""The most seeds a table holds (the native core's limit)."""


def count(seeds: int, pits: int) -> int:
    """Views of ``2 * pits`` pits holding at most ``seeds`` seeds."""
    return comb(seeds + 2 * pits, 2 * pits) if seeds >= 0 else 0


@lru_cache(maxsize=8)
def _binomials(m: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(comb(n + k, k) for n in range(200)) for k in range(m))


def rank(b: View) -> int:
    """The index of view ``b`` in a table: views with fewer seeds first, then lexicographic."""
    m = len(b)
    rest = sum(b)
    r = count(rest - 1, m // 2)
    table = _binomials(m)
    for i in range(m - 1):
        if not rest:
            break
        k = m - 1 - i
        r += table[k][rest] - table[k][rest - b[i]]
        rest -= b[i]
    return r


def compositions(seeds: int, m: int) -> list[View]:
    """Every view of ``m`` pits holding exactly ``seeds`` seeds, in rank order."""
    if m == 1:
        return [(seeds,)]
    return [(a, *tail) for a in range(seeds + 1) for tail in compositions(seeds - a, m - 1)]


UNKNOWN = 0x80
"""The byte of a value not built yet (-128: no position is worth that)."""


def build_python(spec: KalahSpec, seeds: int) -> bytes:
    """The table for up to ``seeds`` seeds, built in pure Python (small tables, tests)."""
    values = bytearray([UNKNOWN]) * count(seeds, spec.pits)
    fill_python(spec, values, 0, len(values))
    return bytes(values)


def fill_python(spec: KalahSpec, values: bytearray | mmap.mmap, start: int, stop: int) -> None:
    """Fill the ``UNKNOWN`` values of ranks ``start..stop-1`` of a table (and those they need):
    the pure-Python twin of the native ``fill_table``."""
    deep_enough()
    m = 2 * spec.pits

    def value(b: View) -> int:
        r = rank(b)
        v = values[r]
        if v == UNKNOWN:
            found = over_value(spec, b)
            if found is None:
                found = max(child_value(b, i) for i in range(spec.pits) if b[i])
            values[r] = v = found & 0xFF
        return v - 256 if v > 127 else v

    def child_value(b: View, i: int) -> int:
        kind, gain, _, child = play(spec, b, i)
        if kind == NEXT_OVER:
            return gain
        return gain - value(child) if kind == NEXT_OPPONENT else gain + value(child)

    s = 0
    while count(s, spec.pits) <= start:
        s += 1
    while count(s - 1, spec.pits) < stop:
        for r, b in enumerate(compositions(s, m), count(s - 1, spec.pits)):
            if start <= r < stop:
                value(b)
        s += 1


def build(spec: KalahSpec, seeds: int, pure: bool = False) -> bytes:
    """The table for up to ``seeds`` seeds, natively unless ``pure`` or the core isn't built."""
    core = None if pure else native.solve_core()
    if core is None:
        return build_python(spec, seeds)
    return bytes(core.build_table(spec.pits, spec.capture, spec.empty_capture, seeds))


def best_seeds(spec: KalahSpec, total: int, limit: int = TABLE_BYTES) -> int:
    """The most seeds (up to ``total``, the game's) a table of at most ``limit`` bytes holds."""
    seeds = 0
    while count(seeds + 1, spec.pits) <= limit and seeds < min(total, MAX_SEEDS):
        seeds += 1
    return seeds


def native_built(pure: bool = False) -> bool:
    """Whether tables are built by the native core (not ``pure``, and the core is built)."""
    return not pure and native.solve_core() is not None


def table_seeds(rules: Rules, pure: bool = False) -> int | None:
    """The size (in seeds) of the table ``rules``' levels read from a folder: the largest whose
    bytes fit ``TABLE_BYTES`` natively, ``PY_TABLE_BYTES`` in pure Python, and no more seeds
    than the game has.  It depends on the rule set and the machine only.  None: no table (not a
    rule set the solver solves)."""
    spec = spec_of(rules)
    if spec is None:
        return None
    limit = TABLE_BYTES if native_built(pure) else PY_TABLE_BYTES
    return best_seeds(spec, rules.total_seeds, limit)


def large_seeds(rules: Rules, limit: int = LARGE_TABLE_BYTES) -> int | None:
    """The size (in seeds) of the large table of ``rules``: the most seeds whose table fits
    ``limit`` bytes (and the game's seeds); None where the solver does not solve ``rules``."""
    spec = spec_of(rules)
    return None if spec is None else best_seeds(spec, rules.total_seeds, limit)


def largest(spec: KalahSpec, folder: str | os.PathLike[str]) -> int | None:
    """The seeds of the largest complete table of ``spec`` in ``folder``, None if none is."""
    prefix = f"kalah-{spec.tag}-n"
    most = None
    for path in Path(folder).glob(f"{prefix}*.v1.bin"):
        digits = path.name[len(prefix) : -len(".v1.bin")]
        n = int(digits) if digits.isdigit() else -1
        if 0 <= n <= MAX_SEEDS and (most is None or n > most):
            most = n if path.stat().st_size == count(n, spec.pits) else most
    return most


def spec_of(rules: Rules) -> KalahSpec | None:
    """The solver's spec of ``rules``, None where the solver does not solve them."""
    try:
        return KalahSpec.of(rules)
    except ValueError:
        return None


Values = bytes | mmap.mmap
"""A table's int8 values: in memory, or mapped read-only from its file."""


@dataclass(frozen=True, eq=False)
class Table:
    """An endgame table: ``values[rank(view)]`` (int8) for every view of up to ``seeds`` seeds."""

    spec: KalahSpec
    seeds: int
    values: Values

    @property
    def nbytes(self) -> int:
        return len(self.values)

    @property
    def held(self) -> int:
        """The bytes the process holds for it: none for a table mapped from its file (those
        pages are the host's page cache, one copy shared by every process, dropped by the
        kernel under pressure), else its values."""
        return 0 if isinstance(self.values, mmap.mmap) else self.nbytes

    def value(self, b: View) -> int:
        """The exact value of a view holding at most ``seeds`` seeds."""
        v = self.values[rank(b)]
        return v - 256 if v > 127 else v

    def final_margin(self, board: Sequence[int], player: int) -> int | None:
        """The final margin (stores included) ``player``, to move on a Kalah ``board`` (pits
        and stores in the engine's layout), forces against perfect play; None if its pits hold
        more than ``seeds`` seeds."""
        n = self.spec.pits
        own, other = (n + 1) * player, (n + 1) * (1 - player)
        b = (*board[own : own + n], *board[other : other + n])
        if sum(b) > self.seeds:
            return None
        return board[own + n] - board[other + n] + self.value(b)


def file_name(spec: KalahSpec, seeds: int) -> str:
    return f"kalah-{spec.tag}-n{seeds}.v1.bin"


def find(spec: KalahSpec, seeds: int, folder: str | os.PathLike[str]) -> Path | None:
    """A complete table file in ``folder`` holding every view of up to ``seeds`` seeds: the one
    of that size, else the smallest larger one (a table is a prefix of every larger one)."""
    prefix = f"kalah-{spec.tag}-n"
    best: tuple[int, Path] | None = None
    for path in Path(folder).glob(f"{prefix}*.v1.bin"):
        digits = path.name[len(prefix) : -len(".v1.bin")]
        if not digits.isdigit() or int(digits) < seeds:
            continue
        n = int(digits)
        if (best is None or n < best[0]) and path.stat().st_size == count(n, spec.pits):
            best = (n, path)
    return None if best is None else best[1]


def _map(path: Path, size: int) -> mmap.mmap:
    """The first ``size`` bytes of ``path``, mapped read-only (shared by every process)."""
    with path.open("rb") as f:
        return mmap.mmap(f.fileno(), size, access=mmap.ACCESS_READ)


def _charge(table: Table) -> list[cache.Part]:
    return [(table, table.held)]


def open_table(spec: KalahSpec, seeds: int, folder: str | os.PathLike[str]) -> Table | None:
    """The table of ``seeds`` seeds from ``folder`` (mapped, kept in the byte cache), or None
    if the folder has no file holding it.  Never builds."""
    key = ("table", spec, seeds, os.fspath(folder))
    found = cache.kept(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    path = find(spec, seeds, folder)
    if path is None:
        return None
    size = count(seeds, spec.pits)
    return cache.keep(key, lambda: Table(spec, seeds, _map(path, size)), _charge)


def in_memory(spec: KalahSpec, seeds: int, pure: bool = False) -> Table:
    """The table of ``seeds`` seeds built in memory (kept in the byte cache)."""
    key = ("table", spec, seeds, None)
    return cache.keep(key, lambda: Table(spec, seeds, build(spec, seeds, pure)), _charge)


def prepare(rules: Rules, folder: str | os.PathLike[str], pure: bool = False) -> Path | None:
    """Build (unless it is there) the table ``rules``' levels read, in ``folder``; its path,
    or None where the levels read no table (not Kalah as the solver solves it).

    The step an app runs before (or beside) play, never inside a move: natively a few ms on
    small boards, up to about half a minute for the 100 MB tables of 6 and 8 pits.  The file
    is written to a temporary name and renamed, so two processes preparing at once both end
    with a complete table, and a reader never sees half of one."""
    spec, seeds = spec_of(rules), table_seeds(rules, pure)
    if spec is None or seeds is None:
        return None
    path = find(spec, seeds, folder)
    if path is None:
        path = _save(Path(folder), file_name(spec, seeds), build(spec, seeds, pure))
    return path


def ready(rules: Rules, folder: str | os.PathLike[str] | None, pure: bool = False) -> Table | None:
    """The table a search of ``rules`` reads at its leaves, never built inside a move.

    With a ``folder``: the rule set's table (:func:`table_seeds`) if :func:`prepare` has put it
    there, mapped read-only; None until then.  Without one: a small table built in memory, the
    same size in both twins (``MEMORY_POSITIONS``: a few ms natively).  None where the solver
    does not solve ``rules``."""
    spec = spec_of(rules)
    if spec is None:
        return None
    if folder is None:
        return in_memory(spec, best_seeds(spec, rules.total_seeds, MEMORY_POSITIONS), pure)
    seeds = table_seeds(rules, pure)
    assert seeds is not None
    return open_table(spec, seeds, folder)


def load(
    spec: KalahSpec,
    total: int,
    folder: str | os.PathLike[str] | None = None,
    seeds: int | None = None,
    pure: bool = False,
) -> Table:
    """The table for ``spec`` (games of ``total`` seeds) of ``seeds`` seeds (default: a quick
    one, ``QUICK_POSITIONS`` natively), read from ``folder`` or built now and saved there (no
    folder: in memory).  For explicit use (the command line, tests), not inside a move."""
    if seeds is None:
        quick = QUICK_POSITIONS if native_built(pure) else PY_POSITIONS
        seeds = best_seeds(spec, total, quick)
    if folder is None:
        return in_memory(spec, seeds, pure)
    if find(spec, seeds, folder) is None:
        _save(Path(folder), file_name(spec, seeds), build(spec, seeds, pure))
    table = open_table(spec, seeds, folder)
    assert table is not None
    return table


def _save(folder: Path, name: str, values: bytes) -> Path:
    """Write a table atomically (a half-written file is never read as a table)."""
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(values)
        Path(tmp).chmod(0o644)  # readable by every process of the host, as a built file is
        Path(tmp).replace(folder / name)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return folder / name
