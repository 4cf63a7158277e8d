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
from dataclasses import replace

from engine.agents.analysis import Evaluation, Size, evaluate, guard, size_for, solver_rate
from engine.core import State
from engine.solver.exact import exact_values, large_table, long_solve


def long_size(size: Size, solve_seconds: float) -> Size:
    """``size`` with the long solve: at least ``solve_seconds`` of solver nodes at the solver's
    planned rate, its planned seconds and wall-time cap grown with them."""
    nodes = max(size.solver_nodes, int(solve_seconds * solver_rate()))
    seconds = size.seconds + (nodes - size.solver_nodes) / solver_rate()
    return replace(size, solver_nodes=nodes, seconds=seconds, cap=guard(seconds))


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
    start = time.perf_counter()
    size = size_for(state.rules, seconds)
    seeds = large_table(state, tables)
    nodes = size.solver_nodes
    if nodes and solve_seconds > 0 and long_solve(state, seeds):
        nodes = long_size(size, solve_seconds).solver_nodes
    found = exact_values(state, tables, nodes, cap)
    if found is not None:
        values = {m: float(v) for m, v in found.values.items()}
        return Evaluation(values, dict.fromkeys(values, True), 0, found.nodes, 0.0, found.source)
    if seeds is not None:  # the solver had its nodes: search with the rest
        size = replace(size, solver_nodes=0)
    left = None if cap is None else cap - (time.perf_counter() - start)
    timed_out = left is not None and left <= 0
    if left is not None:
        size = replace(size, cap=min(size.cap, max(0.0, left)))
    found_now = evaluate(state, size=size)
    found_now.capped = found_now.capped or timed_out
    return found_now
