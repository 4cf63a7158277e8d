"""Exact play and time where it matters (issue 14): searches that reach the end of the game
maximise the margin and say their value is exact; a proven value, a single legal move or a
settled best move ends a timed search early.  These run on whichever core the engine uses
(``make test`` runs them on both)."""

from __future__ import annotations

import time

import pytest

from engine import get_variant
from engine.agents import Limit, make_agent
from engine.agents.alphabeta import PROVEN, PySearcher
from engine.agents.heuristics import WIN, make_evaluator
from engine.agents.mcts import decided
from engine.agents.minimax import MAX_DEPTH, settled
from engine.solver import Solver
from engine.solver import table as tables

# Published values of Kalah from the start (standard rules), first player's margin.
PUBLISHED = [({"pits": 3, "seeds": 3}, 2), ({"pits": 5, "seeds": 2}, 2)]


@pytest.mark.parametrize(("options", "margin"), PUBLISHED, ids=str)
def test_a_search_to_the_end_finds_the_largest_margin(options: dict[str, int], margin: int) -> None:
    """Not just the first proven win: the search goes on until every line is resolved."""
    decision = make_agent("minimax", seed=1).choose(
        get_variant("kalah", **options).initial_state(), Limit(depth=MAX_DEPTH)
    )
    assert decision.exact
    assert decision.value == WIN + margin
    assert decision.depth is not None and decision.depth < MAX_DEPTH  # stopped once proven
    assert decision.to_dict()["exact"] is True


def test_a_proven_value_ends_a_timed_search() -> None:
    decision = make_agent("minimax", seed=1).choose(
        get_variant("kalah", pits=3, seeds=3).initial_state(), Limit(seconds=60.0)
    )
    assert decision.exact and decision.value == WIN + 2
    assert decision.seconds < 60.0


def test_estimates_are_not_exact() -> None:
    kalah = get_variant("kalah").initial_state()
    assert not make_agent("minimax", seed=1).choose(kalah, Limit(depth=4)).exact
    # Oware's repetition rule is not searched below the root: never claimed exact.
    rules = get_variant("oware")
    endgame = rules.position([0, 0, 0, 0, 0, 1, 23, 0, 0, 0, 0, 0, 1, 23], 0)
    assert not make_agent("minimax", seed=1).choose(endgame, Limit(depth=30)).exact


def test_a_single_legal_move_is_played_at_once() -> None:
    rules = get_variant("kalah")
    state = rules.position([0, 0, 0, 0, 0, 2, 20, 1, 1, 1, 1, 1, 1, 20], 0)
    assert state.legal_moves() == (5,)
    for agent in (make_agent(level="master"), make_agent(level="master", algorithm="mcts")):
        decision = agent.choose(state, Limit(seconds=60.0))
        assert decision.move == 5 and decision.nodes == 0
        assert decision.seconds < 60.0


def test_proven_values_are_kept_as_proven_in_the_table() -> None:
    """After a search that reached the end, the table holds entries of depth PROVEN, and a
    later shallow search answered from them uses no heuristic value."""
    rules = get_variant("kalah", pits=3, seeds=2)
    state = rules.initial_state()
    evaluate = make_evaluator(rules, 0, "diff")
    searcher = PySearcher(rules, 0, evaluate, WIN, ordering=True, table=True)
    value = searcher.alphabeta(list(state.board), 0, 40, -float("inf"), float("inf"), None)
    assert searcher.horizon == 0
    assert any(depth == PROVEN for depth, *_ in searcher.table.values())
    again = searcher.alphabeta(list(state.board), 0, 2, -float("inf"), float("inf"), None)
    assert again == value and searcher.horizon == 0


def test_a_settled_move_stops_deepening_only_when_the_next_depth_cannot_finish() -> None:
    times = [0.01, 0.02, 0.05, 0.1, 0.3, 0.6]
    assert settled([1, 3, 3, 3, 3, 3], times, left=1.0)  # next depth >= 1.2 s > 1.0 s left
    assert not settled([1, 3, 3, 3, 3, 3], times, left=1.5)  # it could finish: go on
    assert not settled([1, 1, 3, 3, 3, 3], times, left=0.1)  # changed within the last five
    assert not settled([3, 3, 3, 3], times[:4], left=0.0)  # too few depths to say
    # A jumpy ratio of two short depths is clamped: 0.3 / 0.001 counts as 4.
    assert not settled([3] * 6, [0.0, 0.0, 0.0, 0.0, 0.001, 0.3], left=1.3)


def test_mcts_stops_when_the_runner_up_cannot_catch_up() -> None:
    assert decided([500, 100, 50], playouts_left=399)
    assert not decided([500, 100, 50], playouts_left=400)


def test_an_endgame_table_makes_a_shallow_search_exact(tmp_path, monkeypatch) -> None:
    """With the endgame table at its leaves, a 2-ply search of a Kalah position with few seeds
    on the board is exact: the solver's final margin, and a move that keeps it."""
    rules = get_variant("kalah")
    for budget in ("TABLE_BYTES", "PY_TABLE_BYTES"):  # the rule set's table: 8 seeds
        monkeypatch.setattr(tables, budget, tables.count(8, 6))
    assert tables.prepare(rules, tmp_path) is not None
    state = rules.position([0, 2, 0, 1, 2, 0, 21, 1, 0, 1, 0, 1, 0, 19], 0)  # 8 seeds
    solution = Solver(rules, table_seeds=0).solve(state)
    plain = make_agent("minimax", seed=1, heuristic="tuned").choose(state, Limit(depth=2))
    assert not plain.exact
    decision = make_agent(
        "minimax", seed=1, heuristic="tuned", endgame=True, tables=str(tmp_path)
    ).choose(state, Limit(depth=2))
    assert decision.exact and decision.depth == 1
    assert decision.value == (WIN if solution.value > 0 else -WIN) + solution.value
    assert solution.move_values[decision.move] == solution.value


def test_mcts_playouts_end_with_the_endgame_tables_exact_result(tmp_path, monkeypatch) -> None:
    """Once the table holds a position, a playout from it has its exact result: with one
    playout for each root move, each scores the move's exact outcome (win 1, draw 1/2, loss 0)."""
    rules = get_variant("kalah")
    for budget in ("TABLE_BYTES", "PY_TABLE_BYTES"):  # the rule set's table: 8 seeds
        monkeypatch.setattr(tables, budget, tables.count(8, 6))
    assert tables.prepare(rules, tmp_path) is not None
    state = rules.position([0, 2, 0, 1, 2, 0, 21, 1, 0, 1, 0, 1, 0, 19], 0)  # 8 seeds
    solution = Solver(rules, table_seeds=0).solve(state)
    outcomes = {
        m: 1.0 if v > 0 else 0.5 if v == 0 else 0.0 for m, v in solution.move_values.items()
    }
    assert len(set(outcomes.values())) > 1
    agent = make_agent("mcts", seed=1, endgame=True, tables=str(tmp_path))
    agent.choose(state, Limit(iterations=len(state.legal_moves())))
    assert {move: wins for move, visits, wins in agent._tree.root_stats()} == outcomes


def test_a_long_search_on_the_biggest_board_keeps_its_table_bounded() -> None:
    """One deep iteration on Kalah 8x8 fills the transposition table to TABLE_MAX_ENTRIES (about
    3 s natively; 557 MB of memory for a 5 s move before the bound) and then adds no keys."""
    from engine import native
    from engine.agents.alphabeta import TABLE_MAX_ENTRIES, make_searcher

    if native.core is None:
        pytest.skip("the pure search takes minutes to fill its table")
    rules = get_variant("kalah", pits=8, seeds=8)
    searcher = make_searcher(rules, 0, make_evaluator(rules, 0, "diff"), WIN, True, True)
    deadline = time.perf_counter() + 4.0
    searcher.alphabeta(list(rules.initial_state().board), 0, 16, -1e9, 1e9, deadline)
    print(f"{searcher.nodes:,} nodes, {searcher.table_size():,} entries")
    assert searcher.table_size() <= TABLE_MAX_ENTRIES
