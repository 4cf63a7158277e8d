"""Exact values for the analysis (``engine.solver.exact``): the book first, then the solver with
the largest table of the folder within a fixed number of nodes, the same answer every time."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import get_variant
from engine.cli.book import main as book_main
from engine.solver import Solver, book, cache
from engine.solver.build import build_file
from engine.solver.exact import exact_values, large_table
from engine.solver.native import solve_core
from engine.solver.rules import KalahSpec

pytestmark = pytest.mark.skipif(solve_core() is None, reason="reads tables natively only")


@pytest.fixture(autouse=True)
def own_books(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "books"
    monkeypatch.setattr(book, "BOOKS", folder)
    book.shipped.cache_clear()
    cache.clear()
    yield folder
    book.shipped.cache_clear()
    cache.clear()


def test_without_a_table_or_a_book_there_is_no_exact_value(tmp_path: Path) -> None:
    state = get_variant("kalah", pits=5, seeds=4).initial_state()
    assert exact_values(state, None, 10**9) is None
    assert exact_values(state, tmp_path, 10**9) is None


def test_the_solver_with_the_folders_table_gives_every_moves_exact_value(tmp_path: Path) -> None:
    rules = get_variant("kalah", pits=5, seeds=3)
    build_file(KalahSpec(5), 14, tmp_path)
    assert large_table(rules.initial_state(), str(tmp_path)) == 14
    judge = Solver(rules, table_seeds=0, tt_bits=22)
    rng = random.Random(2)
    state = rules.initial_state()
    for _ in range(6):
        state = state.play(rng.choice(state.legal_moves()))
    found = exact_values(state, str(tmp_path), 10**9)
    assert found is not None and found.source == "solver"
    assert found.values == judge.solve(state).move_values
    again = exact_values(state, str(tmp_path), 10**9)
    assert again is not None and again.nodes == found.nodes  # a new table each time: same work
    assert exact_values(state, str(tmp_path), found.nodes // 2) is None  # budget too small


def test_the_book_comes_first(tmp_path: Path, own_books: Path) -> None:
    rules = get_variant("kalah", pits=4, seeds=3)
    tables = str(tmp_path / "tables")
    build_file(KalahSpec(4), 8, tables)
    assert (
        book_main(["build", "kalah", "pits=4", "seeds=3", "--plies", "2", "--tables", tables]) == 0
    )
    found = exact_values(rules.initial_state(), None, 0)
    assert found is not None and found.source == "book"
    assert found.values == Solver(rules).solve(rules.initial_state()).move_values
