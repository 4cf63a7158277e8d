"""Alpha-beta over store-independent Kalah values: the pure-Python twin of the native Solver.

Fail-soft alpha-beta (negamax on view values, a move's gain added on the way up, through the
loop every search of the engine shares: :func:`engine.cutoff.best_of`) with an endgame table at
the leaves and a transposition table of value bounds keyed by the view, so a position reached
with any stores shares one entry.  Move order: the table's best move, then
extra turns nearest the store first, then by seeds gained.  Both twins return the same values;
node counts differ (the native table has fixed size and replaces entries).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from engine.cutoff import best_of
from engine.native import SolverCore
from engine.solver import native
from engine.solver.rules import NEXT_OVER, NEXT_SAME, KalahSpec, View, deep_enough, play
from engine.solver.table import Table

CHECK_EVERY = 512
"""Positions between two looks at the clock (a few ms in pure Python)."""
PY_MAX_TT_BITS = 18
"""The pure twin holds at most 2**18 entries (73 MB; it searches ~30 k positions a second)."""
PY_ENTRY_BYTES = 280
"""Bytes a pure-Python transposition entry takes (tuple key, value tuple, slot: 267 measured)."""

Kid = tuple[int, int, int, int, int, View]
"""A move of a view: its pit, its place in the move order, what it leads to (over, same mover,
other mover), the seeds it gains, the seeds left and the view it leaves."""
Progress = Callable[[int], object]
BUDGET_EVERY = 1 << 16
"""Nodes between two looks at a :class:`Budgeted` search's budget (it is counted in these
steps)."""
"""Called now and then with the nodes searched so far (raise to stop the search)."""


SearchCore = SolverCore
"""What the driver needs from either twin (:class:`engine.native.SolverCore`)."""


class PySolver:
    """The pure-Python search (same interface as ``engine.native._solve.Solver``)."""

    def __init__(self, spec: KalahSpec, table: Table | None = None, limit: int = 2_000_000):
        deep_enough()
        self.spec = spec
        self.table = table
        self.limit = limit
        self.tt: dict[View, tuple[int, int, int]] = {}
        self.nodes = 0
        self._end = 0.0
        self._next_check = 0
        self._callback: Progress | None = None
        self._every = 1 << 22
        self._next_callback = 0

    @property
    def tt_bytes(self) -> int:
        """The most bytes its transposition table holds (``limit`` entries, then cleared)."""
        return self.limit * PY_ENTRY_BYTES

    def clear(self) -> None:
        self.tt.clear()

    def search(
        self,
        board: Sequence[int],
        alpha: int,
        beta: int,
        seconds: float | None = None,
        callback: Progress | None = None,
        every: int = 1 << 22,
    ) -> int:
        """The view's value if inside (alpha, beta), else a bound on the side it fell."""
        b = tuple(board)
        p = self.spec.pits
        own, s = sum(b[:p]), sum(b)
        if own in (0, s):
            return own - (s - own)
        self._end = 0.0 if seconds is None else time.perf_counter() + seconds
        self._next_check = self.nodes
        self._callback, self._every = callback, max(1, every)
        self._next_callback = self.nodes + self._every
        if len(self.tt) > self.limit:
            self.tt.clear()
        try:
            return self._search(b, s, alpha, beta)
        finally:
            self._callback = None

    def _check(self) -> None:
        self._next_check = self.nodes + CHECK_EVERY
        if self._end and time.perf_counter() >= self._end:
            raise TimeoutError("the solver ran out of time")
        if self._callback is not None and self.nodes >= self._next_callback:
            self._next_callback = self.nodes + self._every
            self._callback(self.nodes)

    def _search(self, b: View, s: int, alpha: float, beta: float) -> int:
        self.nodes += 1
        table = self.table
        if table is not None and s <= table.seeds:
            return table.value(b)
        if alpha >= s:
            return s
        if beta <= -s:
            return -s
        if self.nodes >= self._next_check:
            self._check()
        lower, upper, hint = -s, s, -1
        entry = self.tt.get(b)
        if entry is not None:
            lower, upper, hint = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
        alpha, beta = max(alpha, lower), min(beta, upper)
        kids = []
        for i in range(self.spec.pits):
            if b[i]:
                kind, gain, left, child = play(self.spec, b, i)
                order = 1000 if i == hint else 500 + i if kind == NEXT_SAME else gain * 8 + i
                kids.append((i, order, kind, gain, left, child))
        kids.sort(key=lambda k: -k[1])
        found, best_move = best_of(kids, self._kid_value, 0, 0, alpha, beta)
        best = int(found)  # (a position in play has a move: never -inf)
        if best <= alpha:
            upper = min(upper, best)
        elif best >= beta:
            lower = max(lower, best)
        else:
            lower = upper = best
        self.tt[b] = (lower, upper, best_move)
        return best

    def _kid_value(
        self, kid: Kid, side: int, depth: int, alpha: float, beta: float, best: float
    ) -> float:
        """A move's value for the mover: what it gains, plus (extra turn) or minus the value of
        the view it leaves, searched in the window shifted by the gain."""
        _, _, kind, gain, left, child = kid
        if kind == NEXT_OVER:
            return gain
        if kind == NEXT_SAME:
            return gain + self._search(child, left, alpha - gain, beta - gain)
        return gain - self._search(child, left, gain - beta, gain - alpha)


def make_core(
    spec: KalahSpec, table: Table | None, tt_bits: int = 22, pure: bool = False
) -> tuple[SearchCore, bool]:
    """A search over ``spec`` using ``table`` at its leaves, and whether it is native."""
    core = None if pure else native.solve_core()
    if core is None:
        return PySolver(spec, table, limit=1 << min(tt_bits, PY_MAX_TT_BITS)), False
    if table is None:
        return core.Solver(spec.pits, spec.capture, spec.empty_capture, tt_bits=tt_bits), True
    solver = core.Solver(
        spec.pits, spec.capture, spec.empty_capture, table.values, table.seeds, tt_bits
    )
    return solver, True


class BudgetSpent(Exception):
    """A search's node budget (or its wall-time guard) is spent."""


class Budgeted:
    """A solver's search core that stops (:class:`BudgetSpent`) once ``budget`` more nodes are
    spent, looking every :data:`BUDGET_EVERY` nodes in place of a caller's progress callback."""

    def __init__(self, core: SearchCore, budget: int) -> None:
        self.core = core
        self.limit = core.nodes + budget

    @property
    def nodes(self) -> int:
        return int(self.core.nodes)

    @property
    def tt_bytes(self) -> int:
        return int(self.core.tt_bytes)

    def stop(self, nodes: int) -> None:
        if nodes >= self.limit:
            raise BudgetSpent

    def search(
        self,
        board: Sequence[int],
        alpha: int,
        beta: int,
        seconds: float | None = None,
        callback: Progress | None = None,
        every: int = BUDGET_EVERY,
    ) -> int:
        """The core's search, with this budget's check in place of ``callback``."""
        if self.core.nodes >= self.limit:
            raise BudgetSpent
        return int(self.core.search(board, alpha, beta, seconds, self.stop, BUDGET_EVERY))

    def clear(self) -> None:
        self.core.clear()
