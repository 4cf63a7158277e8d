"""Perfect and the analysis read the Oware endgame table where the board's seeds are within it
(engine.agents.oware_exact); without the table they are as before."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine import get_variant
from engine.agents.analysis import Evaluation
from engine.agents.exact_first import evaluation
from engine.agents.levels import level_agent
from engine.agents.oware_exact import decide, move_bounds, position_bounds
from engine.agents.perfect import PerfectAgent
from engine.core import State
from engine.solver import oware_table as ot
from engine.solver.table import compositions

SEEDS = 6


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("tables")
    ot.build_file(0, SEEDS, folder)
    return str(folder)


def positions(exact: bool) -> list[State]:
    """Oware positions of up to SEEDS seeds (stores 20 and the rest) whose every move's bounds
    meet (``exact``) or not."""
    rules = get_variant("oware")
    table = ot.OwareTable(0, SEEDS, ot.build(0, SEEDS))
    found = []
    for n in (4, 5):
        for view in compositions(n, 12)[::7]:
            board = [*view[:6], 20, *view[6:], 28 - n]
            state = rules.position(board, 0)
            if state.to_move != 0:
                continue
            bounds = move_bounds(state, table)
            if bounds and all(lo == hi for lo, hi in bounds.values()) == exact:
                found.append(state)
    return found


def test_the_analysis_is_exact_from_the_table(tables: str) -> None:
    state = positions(exact=True)[3]
    found = evaluation(state, tables, 0.05)
    assert found.source == "oware-table" and found.all_exact
    assert found.value == position_bounds(state, tables)[0]  # type: ignore[index]
    before = evaluation(state, None, 0.05)
    assert before.source != "oware-table" and not before.all_exact


def test_a_move_with_bounds_apart_keeps_the_estimate_within_them(tables: str) -> None:
    state = positions(exact=False)[0]
    table = ot.open_table(0, tables)
    assert table is not None
    bounds = move_bounds(state, table)
    assert bounds is not None
    found: Evaluation = evaluation(state, tables, 0.05)
    for move, (lo, hi) in bounds.items():
        assert lo <= found.values[move] <= hi
        assert found.exact[move] == (lo == hi)


def test_perfect_plays_the_tables_best_move_and_says_it_is_exact(tables: str) -> None:
    decided = 0
    for state in positions(exact=True)[:30]:
        table = ot.open_table(0, tables)
        assert table is not None
        bounds = move_bounds(state, table)
        assert bounds is not None
        best = max(lo for lo, _ in bounds.values())
        agent = level_agent("perfect", seed=1, tables=tables)
        assert isinstance(agent, PerfectAgent)
        agent.oware_table_moves = True  # off in the app's levels (see PerfectAgent)
        decision = agent.choose(state)
        assert bounds[decision.move][0] == best
        if decision.exact:
            decided += 1
            assert decision.value == best
    assert decided > 0


def test_without_a_folder_the_table_decides_nothing() -> None:
    state = positions(exact=True)[0]
    assert decide(state, None, random.Random(1)) is None
    assert position_bounds(state, None) is None


def test_a_table_file_is_mapped_from_the_largest_in_the_folder(tables: str) -> None:
    table = ot.open_table(0, tables)
    assert table is not None and table.seeds == SEEDS and table.held == 0
    assert ot.open_table(1, tables) is None
    assert (Path(tables) / ot.file_name(0, SEEDS)).stat().st_size == ot.nbytes(SEEDS)
