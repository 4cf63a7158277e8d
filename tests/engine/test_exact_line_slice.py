"""A line's time slice (``engine.agents.exact_first.evaluations``): it starts no position once
the positions done used its planned work (the solver's nodes at its planned rate), always
does one, splits at the same place every time, and each position keeps its values alone."""

from __future__ import annotations

import time

import pytest

from engine.agents.analysis import solver_rate
from engine.agents.exact_first import evaluation, evaluations, work
from engine.solver.native import solve_core
from tests.engine.test_solver_line import game, no_books, tables  # noqa: F401 (fixtures)

pytestmark = pytest.mark.skipif(solve_core() is None, reason="reads tables natively only")


def test_a_slice_splits_a_line_by_the_solver_nodes_it_used(request: pytest.FixtureRequest) -> None:
    folder: str = request.getfixturevalue("tables")  # a 5-pit table of 14 seeds
    states = game(5, 14)
    whole = evaluations(states, folder, 1.0)
    assert all(e.source == "solver" for e in whole)
    spent = [work(e, 1.0) for e in whole]
    assert spent == [e.nodes / solver_rate() for e in whole]
    # A slice the first three positions' work fills: exactly those, then the caller's turn.
    assert spent[2] > 0
    part = spent[0] + spent[1] + spent[2]  # (added in the line's order)
    sliced = evaluations(states, folder, 1.0, slice_seconds=part)
    assert len(sliced) == 3 and len(sliced) < len(states)
    assert evaluations(states, folder, 1.0, slice_seconds=part) == sliced  # the same split
    assert [e.values for e in sliced] == [e.values for e in whole[:3]]
    assert [e.nodes for e in sliced] == [e.nodes for e in whole[:3]]  # the same line's start
    assert [e.values for e in sliced] == [evaluation(s, folder, 1.0).values for s in states[:3]]


def test_a_line_does_one_position_at_least_and_none_after_its_deadline(
    request: pytest.FixtureRequest,
) -> None:
    folder: str = request.getfixturevalue("tables")
    states = game(6, 10)
    assert len(evaluations(states, folder, 1.0, slice_seconds=0.0)) == 1
    past = time.perf_counter() - 1.0
    assert len(evaluations(states, folder, 1.0, deadline=past)) == 1
    assert len(evaluations(states, folder, 1.0, deadline=past + 3600.0)) == len(states)
