"""The analysis's values of a position, exact first: the solver's exact values where it has
them (:mod:`engine.solver.exact`: the opening book, else the host's large table within a fixed
number of nodes), else the analysis's own estimate (:func:`engine.agents.analysis.evaluate`).

Rule: the search's size comes from its ``seconds`` (:func:`engine.agents.analysis.size_for`,
fixed rates), so a position gets the same answer on any load; a position that gets the long
solve (:func:`engine.solver.exact.long_solve`) has at least ``solve_seconds`` of solver nodes
at the solver's planned rate; only a wall-time ``cap`` may make the answer an estimate
(``capped``).  It lives among the agents, above the solver it reads, because its fallback is
the analysis search.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from engine.agents.analysis import Evaluation, Size, evaluate, guard, size_for, solver_rate
from engine.agents.base import Decision
from engine.agents.oware_exact import table_first
from engine.core import State
from engine.solver.exact import Line, large_table, long_solve

LINE_SECONDS = 5.0
"""A game's analysis as lines (the app's and the bench's): a line's time slice in planned
seconds of work (:func:`evaluations`), so a line job holds a process about as long as one
position's job (measured in docs/engine.md)."""
LINE_POSITIONS = 16
"""The most positions one line takes (:func:`take_line`)."""


def long_size(size: Size, solve_seconds: float) -> Size:
    """``size`` with the long solve: at least ``solve_seconds`` of solver nodes at the solver's
    planned rate, its planned seconds and wall-time cap grown with them."""
    nodes = max(size.solver_nodes, int(solve_seconds * solver_rate()))
    seconds = size.seconds + (nodes - size.solver_nodes) / solver_rate()
    return replace(size, solver_nodes=nodes, seconds=seconds, cap=guard(seconds))


def solver_nodes(
    state: State, tables: str | os.PathLike[str] | None, seconds: float, solve_seconds: float
) -> int:
    """The solver nodes an evaluation of ``seconds`` plans for ``state`` (at least
    ``solve_seconds`` of them at the solver's planned rate where it gets the long solve)."""
    size = size_for(state.rules, seconds)
    nodes = size.solver_nodes
    if nodes and solve_seconds > 0 and long_solve(state, large_table(state, tables)):
        nodes = long_size(size, solve_seconds).solver_nodes
    return nodes


def evaluation(
    state: State,
    tables: str | os.PathLike[str] | None,
    seconds: float,
    solve_seconds: float = 0.0,
    cap: float | None = None,
) -> Evaluation:
    """The analysis's values of every legal move of ``state``, by a search of the size
    ``seconds`` plan for (``engine.agents.analysis.size_for``): exact from the book, else from
    the solver with the largest table in ``tables`` within the planned solver nodes (at least
    ``solve_seconds`` of them at the solver's planned rate where
    :func:`~engine.solver.exact.long_solve`), else the analysis's own evaluation (the solver's
    share skipped where the table had it).  ``cap`` seconds of wall time, if given, stop all of
    it sooner than its own guard: the deepest search finished by then is the answer
    (``capped``: an estimate)."""
    return evaluations([state], tables, seconds, solve_seconds, cap)[0]


def evaluations(
    states: Sequence[State],
    tables: str | os.PathLike[str] | None,
    seconds: float,
    solve_seconds: float = 0.0,
    cap: float | None = None,
    slice_seconds: float | None = None,
    deadline: float | None = None,
    shared: str | None = None,
) -> list[Evaluation]:
    """:func:`evaluation` of each of ``states`` (a game's positions, say, from the last back),
    their exact values solved as one line (:class:`engine.solver.exact.Line`: one
    transposition table kept from each position to the next); ``cap`` is each position's.

    A time slice: with ``slice_seconds``, no position is started once the positions done have
    used that much planned work (:func:`work`: their solver nodes at the solver's planned
    rate, an estimate's planned seconds), nor after ``deadline`` (a ``time.perf_counter()``
    value: a loaded machine); each position started keeps its whole ``cap``.  The answer is
    then the evaluations of the first states only (at least one), the rest left to the
    caller.  A position's values are the same in any slice (the line's table only saves
    work), short of its own ``cap``.  ``shared``: the name of a transposition table shared
    with other processes (:mod:`engine.solver.exact_shared`; the bench's, not the app's)."""
    line = Line(tables, shared)
    found: list[Evaluation] = []
    used = 0.0
    for state in states:
        start = time.perf_counter()
        if found and slice_seconds is not None and used >= slice_seconds:
            break
        if found and deadline is not None and start >= deadline:
            break
        solved = line.values(state, solver_nodes(state, tables, seconds, solve_seconds), cap)
        if solved is None:  # Oware: exact where its endgame table reaches
            later = partial(estimate, state, tables, seconds, cap, start)
            each = table_first(state, tables, later)
            used += work(each, seconds)
            found.append(each)
            continue
        values = {m: float(v) for m, v in solved.values.items()}
        exactly = dict.fromkeys(values, True)
        each = Evaluation(values, exactly, 0, solved.nodes, 0.0, solved.source)
        used += work(each, seconds)
        found.append(each)
    return found


def work(found: Evaluation, seconds: float) -> float:
    """The planned seconds ``found`` used, a line's time slice counts (load-free, so a line
    splits at the same positions on any load): the solver's nodes at its planned rate, an
    estimate's (or a table's partly exact values') whole plan of ``seconds``, a book's none."""
    if found.source == "solver":
        return found.nodes / solver_rate()
    return 0.0 if found.source in ("book", "oware-table") else seconds


def take_line(todo: list[int], most: int, alone: set[int] | None = None) -> tuple[int, ...]:
    """Take from ``todo`` (ascending plies) its last positions while they follow each other,
    at most ``most`` of them, none of ``alone`` but as a line of its own: a game's next line,
    from the last back (each position's tree holds the next one, which the line solved)."""
    alone = alone or set()
    plies = [todo.pop()]
    while todo and len(plies) < most and todo[-1] == plies[-1] - 1:
        if plies[0] in alone or todo[-1] in alone:
            break
        plies.append(todo.pop())
    return tuple(plies)


def estimate(
    state: State,
    tables: str | os.PathLike[str] | None,
    seconds: float,
    cap: float | None,
    start: float,
    solver_tried: bool = False,
) -> Evaluation:
    """The one fallback where the book and the solver give no exact values, the analysis's
    and Perfect's (:func:`fallback_decision`): the analysis's own evaluation of the size
    ``seconds`` plan for (the solver's share skipped where the folder's table had it, or
    ``solver_tried``: the caller's solver had its try), stopped at ``cap`` seconds after
    ``start`` if given.  The same state and size give the same values, natively or in pure
    Python (:mod:`engine.agents.analysis`), unless the cap stops it (``capped``)."""
    size = size_for(state.rules, seconds)
    if solver_tried or large_table(state, tables) is not None:  # the solver had its nodes
        size = replace(size, solver_nodes=0)
    left = None if cap is None else cap - (time.perf_counter() - start)
    timed_out = left is not None and left <= 0
    if left is not None:
        size = replace(size, cap=min(size.cap, max(0.0, left)))
    found_now = evaluate(state, size=size)
    found_now.capped = found_now.capped or timed_out
    return found_now


def fallback_decision(found: Evaluation) -> Decision:
    """The move a player makes by the fallback's values ``found`` (:func:`estimate`): the
    best the analysis shows (:attr:`Evaluation.best`, the lowest of equals), with every
    move's value; exact only where every value is."""
    move = found.best
    return Decision(
        move,
        value=found.values[move],
        depth=found.depth,
        nodes=found.nodes,
        pv=(move,),
        move_values=dict(found.values),
        exact=all(found.exact.values()),
        extra={"fallback": "analysis", "capped": found.capped},
    )
