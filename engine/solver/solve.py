"""Exact values of Kalah positions: MTD(f) over the alpha-beta search, move by move.

``Solver(rules).solve(state)`` gives the final margin (stores included, the mover's view) that
the player to move forces, and the same for each legal move.  A value is found by a sequence
of null-window searches that close in on it from a first guess (MTD(f)); the transposition
table is kept between searches and positions, so an agent re-solving each move of one game
reuses its work.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.core import Rules, State
from engine.solver.rules import NEXT_OVER, NEXT_SAME, KalahSpec, View, over_value, play, view
from engine.solver.search import SearchCore, make_core
from engine.solver.table import Table, load, prepare, ready

Report = Callable[[float, int], object]
"""Progress: (share of the root's moves done, nodes searched so far)."""


@dataclass
class Solution:
    """The exact outcome of a position under perfect play by both sides."""

    value: int
    """The final margin (mover's seeds minus the opponent's) the mover forces."""
    move_values: dict[int, int] = field(default_factory=dict)
    """The final margin after each legal move, both sides playing perfectly after it."""
    nodes: int = 0
    seconds: float = 0.0
    value_seconds: float = 0.0
    """How long the position's value took (the moves' values come after it)."""

    @property
    def best_moves(self) -> tuple[int, ...]:
        return tuple(m for m, v in sorted(self.move_values.items()) if v == self.value)


class Solver:
    """Solves positions of one Kalah rule set, keeping its tables between calls.

    ``cache`` is the folder endgame tables are read from (and, with ``build``, built into);
    ``table_seeds`` picks a table size (default: the rule set's, see ``table.table_seeds``, or
    a quick one in memory without a folder; 0: none).  ``build=False`` builds no table worth
    a move's time (the Perfect level): the rule set's table is read from ``cache`` if
    ``table.prepare`` put it there, else the solver searches without one; without a folder it
    reads the small in-memory table every agent reads (``table.ready``).  ``pure=True`` forces the
    pure-Python twin."""

    def __init__(
        self,
        rules: Rules,
        cache: str | os.PathLike[str] | None = None,
        table_seeds: int | None = None,
        tt_bits: int = 20,
        pure: bool = False,
        build: bool = True,
    ) -> None:
        self.spec = KalahSpec.of(rules)
        self.table: Table | None = None
        if table_seeds == 0:
            pass
        elif table_seeds is not None:
            self.table = load(self.spec, rules.total_seeds, cache, table_seeds, pure)
        elif not build:
            self.table = ready(rules, cache, pure)
        elif cache is None:
            self.table = load(self.spec, rules.total_seeds, None, None, pure)
        else:
            prepare(rules, cache, pure)
            self.table = ready(rules, cache, pure)
        self.core: SearchCore
        self.core, self.native = make_core(self.spec, self.table, tt_bits, pure)

    @property
    def tt_bytes(self) -> int:
        """The most bytes its transposition table holds (its endgame table counted apart)."""
        return int(self.core.tt_bytes)

    @property
    def nodes(self) -> int:
        return self.core.nodes

    def value(
        self,
        b: View,
        guess: int = 0,
        deadline: float | None = None,
        on_nodes: Callable[[int], object] | None = None,
    ) -> int:
        """The exact value of view ``b`` by MTD(f) from ``guess``; TimeoutError past
        ``deadline`` (a ``time.perf_counter()`` instant)."""
        done = over_value(self.spec, b)
        if done is not None:
            return done
        s = sum(b)
        low, high = -s, s
        g = min(max(guess, low), high)
        while low < high:
            beta = g + 1 if g == low else g
            seconds = None
            if deadline is not None:
                seconds = deadline - time.perf_counter()
                if seconds <= 0:
                    raise TimeoutError("the solver ran out of time")
            g = self.core.search(b, beta - 1, beta, seconds, on_nodes)
            if g < beta:
                high = g
            else:
                low = g
        return low

    def move_value(
        self,
        b: View,
        move: int,
        guess: int = 0,
        deadline: float | None = None,
        on_nodes: Callable[[int], object] | None = None,
    ) -> int:
        """The exact value of view ``b`` after ``move`` (the mover's margin from ``b`` on)."""
        kind, gain, _, child = play(self.spec, b, move)
        if kind == NEXT_OVER:
            return gain
        if kind == NEXT_SAME:
            return gain + self.value(child, guess - gain, deadline, on_nodes)
        return gain - self.value(child, gain - guess, deadline, on_nodes)

    def at_least(self, b: View, move: int, target: int, deadline: float | None = None) -> bool:
        """Whether ``move`` from view ``b`` keeps a margin of at least ``target`` (one
        null-window search)."""
        kind, gain, _, child = play(self.spec, b, move)
        if kind == NEXT_OVER:
            return gain >= target
        seconds = None if deadline is None else deadline - time.perf_counter()
        if seconds is not None and seconds <= 0:
            raise TimeoutError("the solver ran out of time")
        if kind == NEXT_SAME:
            need = target - gain
            return self.core.search(child, need - 1, need, seconds) >= need
        most = gain - target  # the opponent's value from the child must be at most this
        return self.core.search(child, most, most + 1, seconds) <= most

    def best(
        self,
        state: State,
        order: list[int] | None = None,
        seconds: float | None = None,
        guess: int | None = None,
        known: int | None = None,
    ) -> tuple[int, int]:
        """A best move and the exact final margin it keeps, more cheaply than :meth:`solve`:
        the position's value first, then the first move of ``order`` (default: pit order)
        shown to keep it.  TimeoutError after ``seconds``.  ``guess`` (the final margin
        expected, e.g. the one the last move kept) only changes how fast the value is found;
        ``known`` (the exact final margin, e.g. the opening book's) skips finding it."""
        deadline = None if seconds is None else time.perf_counter() + seconds
        b, lead = view(state)
        if known is not None:
            value = known - lead
        else:
            value = self.value(b, 0 if guess is None else guess - lead, deadline)
        for move in order or state.legal_moves():
            if self.at_least(b, move, value, deadline):
                return move, value + lead
        raise AssertionError("no move keeps the position's value")  # pragma: no cover

    def solve(
        self,
        state: State,
        seconds: float | None = None,
        report: Report | None = None,
        guess: int = 0,
        each_move: bool = True,
        known: int | None = None,
    ) -> Solution:
        """The position's exact final margin, then every legal move's unless not ``each_move``;
        TimeoutError after ``seconds``.  ``guess`` (the final margin expected) only changes how
        fast MTD(f) closes in on the value, never the value; ``known`` (the exact final margin,
        e.g. the opening book's) skips finding it."""
        start = time.perf_counter()
        deadline = None if seconds is None else start + seconds
        b, lead = view(state)
        first = self.nodes
        moves = state.legal_moves() if each_move else []
        steps = len(moves) + 1

        def on_nodes(k: int) -> Callable[[int], object] | None:
            if report is None:
                return None
            report(k / steps, self.nodes - first)
            return lambda nodes: report(k / steps, nodes - first)

        if known is not None:
            root = known - lead
        else:
            root = self.value(b, guess - lead, deadline, on_nodes(0))
        found = time.perf_counter() - start
        values: dict[int, int] = {}
        for k, move in enumerate(moves, 1):
            values[move] = lead + self.move_value(b, move, root, deadline, on_nodes(k))
        if report is not None:
            report(1.0, self.nodes - first)
        assert not values or max(values.values()) == root + lead
        return Solution(root + lead, values, self.nodes - first, time.perf_counter() - start, found)
