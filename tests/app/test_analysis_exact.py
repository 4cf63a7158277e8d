"""The analysis's values on Kalah come from the opening book, then from the solver reading the
host's large table in the search process's tables folder, exact; the rest is estimated by the
fixed-size search, the same on every load."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from app.analysis.runner import Budget
from app.analysis.step import budget, evaluate_position
from app.computer import job
from engine import get_variant
from engine.agents.analysis import solver_rate
from engine.solver import KalahSpec, Solver, book, cache
from engine.solver import table as table_module
from engine.solver.build import build_file
from engine.solver.native import solve_core

native_only = pytest.mark.skipif(solve_core() is None, reason="the large table is read natively")


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[str]:
    """A tables folder with a table larger than the analysis holds in memory (16 seeds of
    5 pits against 14), set as the search process's."""
    folder = str(tmp_path / "tables")
    build_file(KalahSpec(5), 16, folder)
    before = job.TABLES
    job.use_tables(folder)
    cache.clear()
    yield folder
    job.use_tables(before)
    cache.clear()


@native_only
def test_the_large_table_makes_positions_exact_that_were_estimated(tables: str) -> None:
    rules = get_variant("kalah", pits=5, seeds=4)
    judge = Solver(rules, table_seeds=0, tt_bits=22)
    rng = random.Random(4)
    state, moves = rules.initial_state(), []
    estimated = 0
    while len(moves) < 12:
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state = state.play(move)
        if len(moves) < 5:
            continue  # the first positions need more than the analysis's nodes
        found = evaluate_position("kalah", {"pits": 5, "seeds": 4}, 0, moves, 0.35)
        assert found["source"] == "solver" and all(found["exact"].values())
        solved = judge.solve(state).move_values
        assert found["values"] == {str(m): v for m, v in sorted(solved.items())}
        again = evaluate_position("kalah", {"pits": 5, "seeds": 4}, 0, moves, 0.35)
        assert without_time(again) == without_time(found)
        job.use_tables(None)  # the same position without the host's table
        alone = evaluate_position("kalah", {"pits": 5, "seeds": 4}, 0, moves, 0.35)
        job.use_tables(tables)
        estimated += not all(alone["exact"].values())
    assert estimated > 0


def without_time(found: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in found.items() if k != "seconds"}


def test_the_opening_book_answers_the_first_positions_of_6x4() -> None:
    shipped = book.shipped(KalahSpec(6))
    rules = get_variant("kalah", pits=6, seeds=4)
    assert shipped.depth(rules) >= 1
    found = evaluate_position("kalah", {}, 0, [], 0.35)
    assert found["source"] == "book" and all(found["exact"].values())
    assert found["value"] == 8  # the published value of Kalah(6,4)


def test_the_menu_says_under_the_difficulty_from_where_perfect_is_exact(
    client: FlaskClient,
) -> None:
    page = client.get("/").get_data(as_text=True)
    plies = book.shipped(KalahSpec(6)).depth(get_variant("kalah"))
    line = (
        "Perfect on Kalah up to 4x5, 5x3 and 6x3, and on 6x4 from its opening book "
        f"(to move {plies})"
    )
    assert f'value="perfect" data-note="{line}' in page
    assert 'id="level-note"' in page


@native_only
def test_a_background_evaluation_solves_with_its_longer_solve(
    tables: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The analysis of a game and the analysis board give the solver ``solve_seconds`` where
    the host has its large table: a position whose solve needs more than the share of 0.35 s
    is then exact, the same on every call; a hint (no solve seconds) estimates it, and so does
    a host with only the rule set's own table."""
    rules = get_variant("kalah", pits=5, seeds=4)
    own = table_module.count(15, 5)  # the rule set's own table: 15 seeds, the folder's is 16
    monkeypatch.setattr(table_module, "TABLE_BYTES", own)
    judge = Solver(rules, table_seeds=0, tt_bits=22)
    options = {"pits": 5, "seeds": 4}
    moves = [2]
    hint = evaluate_position("kalah", options, 0, moves, 0.35)
    assert not all(hint["exact"].values())  # the share of 0.35 s is too few nodes here
    found = evaluate_position("kalah", options, 0, moves, 0.35, 5.0)
    assert found["source"] == "solver" and all(found["exact"].values())
    solved = judge.solve(rules.initial_state().play(2)).move_values
    assert found["values"] == {str(m): v for m, v in sorted(solved.items())}
    assert without_time(evaluate_position("kalah", options, 0, moves, 0.35, 5.0)) == (
        without_time(found)
    )
    monkeypatch.setattr(table_module, "TABLE_BYTES", table_module.count(16, 5))  # not larger
    same = evaluate_position("kalah", options, 0, moves, 0.35, 5.0)
    assert without_time(same) == without_time(hint)


def test_the_budget_of_a_longer_solve_counts_its_solver_nodes() -> None:
    short = budget("kalah", {}, 0, [], 0.35)
    long = budget("kalah", {}, 0, [], 0.35, 25.0)
    assert long["solver_nodes"] == 25 * solver_rate() > short["solver_nodes"]
    assert long["nodes"] == short["nodes"]
    assert long["seconds"] == pytest.approx(short["seconds"] - 0.35 / 2 + 25.0)
    assert long["cap"] > long["seconds"]
    oware = budget("oware", {}, 0, [], 0.35, 25.0)  # the solver does not play Oware
    assert oware == budget("oware", {}, 0, [], 0.35)


def test_the_longer_solve_is_for_kalah_boards_the_short_budget_does_not_solve() -> None:
    budget_ = Budget(solve_seconds=25.0)
    assert budget_.solve_for(get_variant("kalah", pits=6, seeds=4)) == 25.0
    assert budget_.solve_for(get_variant("kalah", pits=6, seeds=5, empty_capture=True)) == 25.0
    assert budget_.solve_for(get_variant("kalah", pits=4, seeds=4)) == 0.0  # small: 2 s solve it
    assert budget_.solve_for(get_variant("oware")) == 0.0
