"""A game's positions solved as one line (``engine.solver.exact.Line``): one transposition table
kept from each position to the next, the same exact values as each position alone, the same
answers and node counts every time, and less work than solving each position afresh."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import get_variant
from engine.agents.exact_first import evaluation, evaluations
from engine.core import State
from engine.solver import book, cache
from engine.solver.build import build_file
from engine.solver.exact import exact_line, exact_values
from engine.solver.native import solve_core
from engine.solver.rules import KalahSpec

pytestmark = pytest.mark.skipif(solve_core() is None, reason="reads tables natively only")


@pytest.fixture(autouse=True)
def no_books(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(book, "BOOKS", tmp_path / "books")
    book.shipped.cache_clear()
    cache.clear()
    yield
    book.shipped.cache_clear()
    cache.clear()


def game(seed: int, plies: int) -> list[State]:
    """The positions of a random Kalah 5x3 game, the last first (as the analysis runs them)."""
    state = get_variant("kalah", pits=5, seeds=3).initial_state()
    rng = random.Random(seed)
    states = [state]
    while len(states) < plies and not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return [s for s in reversed(states) if not s.is_over]


@pytest.fixture
def tables(tmp_path: Path) -> str:
    folder = tmp_path / "tables"
    build_file(KalahSpec(5), 14, folder)
    return str(folder)


def test_a_line_gives_each_position_its_own_exact_values_with_less_work(tables: str) -> None:
    states = game(3, 14)
    alone = [exact_values(s, tables, 10**9) for s in states]
    line = exact_line(states, tables, [10**9] * len(states))
    assert all(a is not None for a in alone) and all(found is not None for found in line)
    assert [f.values for f in line if f] == [a.values for a in alone if a]
    work_alone = sum(a.nodes for a in alone if a)
    work_line = sum(f.nodes for f in line if f)
    assert work_line < work_alone  # the later positions' work reused by the earlier ones


def test_the_same_line_gets_the_same_answers_and_node_counts(tables: str) -> None:
    states = game(5, 12)
    first = exact_line(states, tables, [10**9] * len(states))
    again = exact_line(states, tables, [10**9] * len(states))
    assert [(f.values, f.nodes) for f in first if f] == [(a.values, a.nodes) for a in again if a]


def test_a_position_past_its_nodes_is_left_to_the_estimate_and_the_line_goes_on(
    tables: str,
) -> None:
    states = game(7, 12)
    alone = [exact_values(s, tables, 10**9) for s in states]
    assert all(a is not None for a in alone)
    hardest = max(range(len(states)), key=lambda i: alone[i].nodes)  # type: ignore[union-attr]
    nodes = [10**9] * len(states)
    nodes[hardest] = 1
    line = exact_line(states, tables, nodes)
    assert line[hardest] is None
    rest = [f.values for i, f in enumerate(line) if i != hardest and f]
    assert rest == [a.values for i, a in enumerate(alone) if i != hardest and a]


def test_the_analysis_of_a_line_is_each_positions_evaluation(tables: str) -> None:
    states = game(11, 10)
    line = evaluations(states, tables, 0.35, 25.0)
    for state, found in zip(states, line, strict=True):
        alone = evaluation(state, tables, 0.35, 25.0)
        assert (found.values, found.exact, found.source) == (alone.values, alone.exact, "solver")
