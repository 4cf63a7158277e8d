"""Kalah endgame tables: the exact value of every view holding at most N seeds.

Views are ranked by seed count, then lexicographically, so the table for N seeds is a prefix of
the table for N + 1.  A value is an int8: the margin the mover forces from the view on (an empty
row is worth its banking).  A table is built on first need (natively when the core is built)
and cached in a folder the caller names; nothing else in the engine writes files.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from pathlib import Path

from engine.core import Rules
from engine.solver import native
from engine.solver.rules import NEXT_OPPONENT, NEXT_OVER, KalahSpec, View, over_value, play

MAX_BYTES = 100_000_000
"""The largest table ``best_seeds`` picks (about 100 MB)."""
QUICK_POSITIONS = 3_000_000
"""The largest table built on first need without being asked (a second or two natively)."""
PY_POSITIONS = 20_000
"""The largest table the pure-Python fallback builds on first need."""


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


def build_python(spec: KalahSpec, seeds: int) -> bytes:
    """The table for up to ``seeds`` seeds, built in pure Python (small tables, tests)."""
    values: list[int | None] = [None] * count(seeds, spec.pits)

    def value(b: View) -> int:
        r = rank(b)
        v = values[r]
        if v is None:
            v = over_value(spec, b)
            if v is None:
                v = max(child_value(b, i) for i in range(spec.pits) if b[i])
            values[r] = v
        return v

    def child_value(b: View, i: int) -> int:
        kind, gain, _, child = play(spec, b, i)
        if kind == NEXT_OVER:
            return gain
        return gain - value(child) if kind == NEXT_OPPONENT else gain + value(child)

    for s in range(seeds + 1):
        for b in compositions(s, 2 * spec.pits):
            value(b)
    return bytes(v & 0xFF for v in values if v is not None)


def build(spec: KalahSpec, seeds: int, pure: bool = False) -> bytes:
    """The table for up to ``seeds`` seeds, natively unless ``pure`` or the core isn't built."""
    core = None if pure else native.solve_core()
    if core is None:
        return build_python(spec, seeds)
    return bytes(core.build_table(spec.pits, spec.capture, spec.empty_capture, seeds))


def best_seeds(spec: KalahSpec, total: int, limit: int = MAX_BYTES) -> int:
    """The most seeds (up to ``total``, the game's) a table of at most ``limit`` bytes holds."""
    seeds = 0
    while count(seeds + 1, spec.pits) <= limit and seeds < min(total, 60):
        seeds += 1
    return seeds


@dataclass(frozen=True)
class Table:
    """An endgame table: ``values[rank(view)]`` (int8) for every view of up to ``seeds`` seeds."""

    spec: KalahSpec
    seeds: int
    values: bytes

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


def cached(spec: KalahSpec, folder: str | os.PathLike[str]) -> int | None:
    """The largest table for ``spec`` already in ``folder`` (its seed count), if any."""
    prefix = f"kalah-{spec.tag}-n"
    best = None
    for path in Path(folder).glob(f"{prefix}*.v1.bin"):
        digits = path.name[len(prefix) : -len(".v1.bin")]
        if digits.isdigit() and path.stat().st_size == count(int(digits), spec.pits):
            best = max(best or 0, int(digits))
    return best


def load(
    spec: KalahSpec,
    total: int,
    folder: str | os.PathLike[str] | None = None,
    seeds: int | None = None,
    pure: bool = False,
) -> Table:
    """The table for ``spec`` (games of ``total`` seeds): ``seeds`` seeds (default: the largest
    in ``folder``, else a quick one), read from ``folder`` or built and saved there (no folder:
    built in memory)."""
    if seeds is None:
        have = cached(spec, folder) if folder is not None else None
        if have is not None:
            seeds = have
        else:
            quick = PY_POSITIONS if pure or native.solve_core() is None else QUICK_POSITIONS
            seeds = best_seeds(spec, total, quick)
    if folder is not None:
        path = Path(folder) / file_name(spec, seeds)
        if path.is_file() and path.stat().st_size == count(seeds, spec.pits):
            return Table(spec, seeds, path.read_bytes())
    values = build(spec, seeds, pure)
    if folder is not None:
        _save(Path(folder), file_name(spec, seeds), values)
    return Table(spec, seeds, values)


def _save(folder: Path, name: str, values: bytes) -> None:
    """Write a table atomically (a half-written file is never read as a table)."""
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(values)
        os.replace(tmp, folder / name)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@lru_cache(maxsize=8)
def shared(rules: Rules, folder: str | None = None, pure: bool = False) -> Table | None:
    """The table every search of ``rules`` in this process reads at its leaves (the solver,
    alpha-beta, MCTS playouts, the evolutionary agent's replies): as :func:`load` picks it,
    loaded once; None where the solver does not solve ``rules``."""
    try:
        spec = KalahSpec.of(rules)
    except ValueError:
        return None
    return load(spec, rules.total_seeds, folder, None, pure)
