"""Exact move values for the analysis: the opening book, else the solver reading the host's
large table, within a fixed number of nodes (so a position gets the same answer on every load);
the analysis falls back on its estimate where neither gives them (``engine.agents.exact_first``,
a floor above: the solver imports nothing from the agents).

Rule: where the shipped book (``engine.solver.book``) holds every move of the position, those
are its values, exact, without a search.  Else, where the tables folder holds a table (the
largest there: the host's large table once built), a solver with a new transposition table
solves the position and each move within ``nodes`` nodes, counted in steps of
``engine.solver.search.BUDGET_EVERY``; a solve that does not finish gives None, and the
caller estimates instead.  A game's positions may be solved as one :class:`Line`: one solver
whose transposition table is kept from each position to the next (each within its own nodes),
so a game solved from its last position back reuses the later positions' work; the same line
gives the same answers and node counts every time.  A line may keep its entries in a table
shared with other processes (:mod:`engine.solver.exact_shared`): the same values, node counts
that depend on the other processes' work.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.core import State
from engine.solver import native
from engine.solver.book import book_for
from engine.solver.exact_shared import share
from engine.solver.rules import KalahSpec
from engine.solver.search import Budgeted, BudgetSpent
from engine.solver.solve import Solver
from engine.solver.table import largest, spec_of, table_seeds

LONG_SOLVE_SEEDS = 47
"""Seeds on the board up to which a position gets the long solve (``solve_seconds``) with the
host's large table: every Kalah(6,4) position after the first move.  Measured with the 24-seed
table on a fixed 60-move game: its hardest positions (46-47 seeds) took 15-55 M nodes; a larger
board (6x5) fresh from the start would spend the whole long solve and still be estimated."""
TT_BITS = 22
"""The solver's transposition table for one position: 2**22 entries (96 MB natively)."""


@dataclass
class Exact:
    """Every legal move's exact final margin for the mover, and where they came from."""

    values: dict[int, int]
    source: str
    """"book" or "solver"."""
    nodes: int = 0


def from_book(state: State) -> Exact | None:
    """Every move's value from the shipped book, None unless it holds them all."""
    book = book_for(state.rules)
    values = None if book is None else book.move_values(state)
    return None if not values else Exact(values, "book")


def large_table(state: State, tables: str | os.PathLike[str] | None) -> int | None:
    """The seeds of the largest table in ``tables`` for ``state``'s rules (None: none there,
    rules the solver does not solve, or no native solver to read it fast)."""
    spec = spec_of(state.rules)
    if tables is None or spec is None or native.solve_core() is None:
        return None
    return largest(spec, tables) if Path(tables).is_dir() else None


def long_solve(state: State, seeds: int | None) -> bool:
    """Whether ``state`` gets the long solve with a table of ``seeds`` seeds in the folder
    (:func:`large_table`): the host's large table for its rules (larger than the rule set's
    own, which every host has) and at most :data:`LONG_SOLVE_SEEDS` seeds on the rows."""
    own = table_seeds(state.rules)
    return (
        seeds is not None and own is not None and seeds > own and state.on_rows <= LONG_SOLVE_SEEDS
    )


def exact_values(
    state: State,
    tables: str | os.PathLike[str] | None,
    nodes: int,
    seconds: float | None = None,
) -> Exact | None:
    """Every legal move's exact value: from the book, else solved within ``nodes`` nodes (and
    ``seconds`` of wall time, if given) with the largest table in ``tables`` and a new
    transposition table; None if neither gives them all."""
    return exact_line([state], tables, [nodes], seconds)[0]


def exact_line(
    states: Sequence[State],
    tables: str | os.PathLike[str] | None,
    nodes: Sequence[int],
    seconds: float | None = None,
) -> list[Exact | None]:
    """:func:`exact_values` of each of ``states`` in their order, solved as one :class:`Line`
    (one transposition table kept from each position to the next); position ``i`` gets
    ``nodes[i]`` nodes of its own."""
    line = Line(tables)
    return [line.values(s, n, seconds) for s, n in zip(states, nodes, strict=True)]


class Line:
    """Exact values of positions of one game, say, on ONE solver: a new transposition table
    for the line, kept from one position to the next, so a position reuses what the positions
    before it solved (a game solved from its last position back: each earlier position holds
    the later ones in its tree).  The same positions in the same order always get the same
    answers and node counts; a position's answer in a line differs from its answer alone
    (:func:`exact_values`) only where its solve alone does not finish within its nodes (the
    table the line kept may then let it finish: exact values, never other ones)."""

    def __init__(self, tables: str | os.PathLike[str] | None, shared: str | None = None) -> None:
        self.tables = tables
        self.shared = shared
        """A :class:`~engine.solver.exact_shared.SharedTable`'s name: the line's solver keeps
        its entries there, shared with other processes' lines (natively; no longer the same
        node counts on every load, the same values)."""
        self.solver: Solver | None = None
        self.key: tuple[KalahSpec, int] | None = None  # what the solver solves: rules, table

    def values(self, state: State, nodes: int, seconds: float | None = None) -> Exact | None:
        """Every legal move's exact value: from the book, else solved within ``nodes`` nodes
        of its own (and ``seconds`` of wall time, if given) with the largest table in the
        folder; None if neither gives them all."""
        if state.to_move is None:
            return None
        found = from_book(state)
        if found is not None:
            return found
        seeds = large_table(state, self.tables)
        if seeds is None or nodes <= 0:
            return None
        key = (KalahSpec.of(state.rules), seeds)
        if self.solver is None or self.key != key:
            self.solver, self.key = Solver(state.rules, self.tables, seeds, TT_BITS), key
            share(self.solver, self.shared)
        return _solved(self.solver, state, nodes, seconds)


def _solved(solver: Solver, state: State, nodes: int, seconds: float | None) -> Exact | None:
    """``state``'s move values by ``solver`` within ``nodes`` more nodes (None if not)."""
    core = solver.core
    budgeted = Budgeted(core, nodes)
    solver.core = budgeted
    first = budgeted.nodes
    book = book_for(state.rules)
    known = book.value(state) if book is not None else None  # the book's last ply: its value
    try:
        solution = solver.solve(state, seconds=seconds, known=known)
    except (BudgetSpent, TimeoutError):
        return None
    finally:
        solver.core = core
    return Exact(dict(solution.move_values), "solver", budgeted.nodes - first)
