"""The Perfect level plays exactly: no mistake against a perfect opponent on small Kalah boards."""

from __future__ import annotations

import pytest

from engine import get_variant
from engine.agents import LEVELS, Limit, make_agent
from engine.agents.levels import DESCRIPTIONS, level_seconds
from engine.core import State
from engine.solver import Solver
from engine.solver.book import book_for

BOARDS = [(3, 3), (4, 2), (4, 3), (5, 2), (4, 4), (3, 4)]


@pytest.mark.parametrize("pits,seeds", BOARDS)
@pytest.mark.parametrize("seat", [0, 1])
def test_no_mistake_against_a_perfect_opponent(pits: int, seeds: int, seat: int) -> None:
    rules = get_variant("kalah", pits=pits, seeds=seeds)
    judge = Solver(rules)
    perfect = make_agent(level="perfect", seed=seat)
    state = rules.initial_state()
    start = judge.solve(state).value
    moves = 0
    while not state.is_over:
        solution = judge.solve(state)
        if state.to_move == seat:
            # A generous cap: a loaded machine must not turn a solve into a guess.
            decision = perfect.choose(state, Limit(seconds=60.0))
            legal = len(state.legal_moves())
            assert decision.exact or legal == 1
            assert solution.move_values[decision.move] == solution.value, (state, decision)
            if legal > 1:
                assert decision.value == solution.value
            moves += 1
            state = state.play(decision.move)
        else:
            state = state.play(solution.best_moves[-1])
    a, b = state.scores
    margin = a - b if seat == 0 else b - a
    assert margin == (start if seat == 0 else -start)
    assert moves > 0


def test_perfect_is_the_seventh_level_and_each_level_has_a_line() -> None:
    assert LEVELS[-2:] == ("master", "perfect")
    assert set(DESCRIPTIONS) == set(LEVELS)
    assert "Kalah" in DESCRIPTIONS["perfect"]
    assert level_seconds("perfect") >= level_seconds("master")


@pytest.mark.parametrize("algorithm", ["minimax", "mcts", "evolutionary"])
def test_perfect_falls_back_to_the_deepest_search_where_it_cannot_solve(algorithm: str) -> None:
    oware = get_variant("oware").initial_state().play(2)
    agent = make_agent(level="perfect", algorithm=algorithm, seed=3)
    decision = agent.choose(oware, Limit(seconds=0.3))
    assert decision.move in oware.legal_moves()
    assert decision.extra["solved"] is False
    assert agent.describe().startswith("perfect(")


def past_the_book() -> State:
    """A Kalah 6x4 position 8 moves in (43 seeds on the board), beyond the shipped book."""
    state = get_variant("kalah").initial_state()
    for move in (3, 1, 4, 0, 5, 2, 1, 3):
        state = state.play(move)
    assert book_for(state.rules) is not None
    assert book_for(state.rules).move_values(state) is None  # type: ignore[union-attr]
    return state


def test_perfect_says_when_its_value_is_exact(tmp_path) -> None:
    rules = get_variant("kalah", pits=4, seeds=3)
    agent = make_agent(level="perfect", seed=1)
    decision = agent.choose(rules.initial_state(), Limit(seconds=30.0))
    assert decision.exact and decision.value == 6.0 and decision.to_dict()["exact"] is True
    # Kalah 6x4 past the opening book, 8 moves in, is far beyond a tenth of 0.2 s: Master's
    # search plays instead.
    start = past_the_book()
    decision = agent.choose(start, Limit(seconds=0.2))
    assert decision.extra["solved"] is False and decision.move in start.legal_moves()


def test_monte_carlo_perfect_falls_back_on_alpha_beta_where_that_is_stronger() -> None:
    agent = make_agent(level="perfect", algorithm="mcts", seed=2)
    # Kalah 6x4 past the opening book is beyond its solve in 0.2 s: the alpha-beta search plays,
    # the analysis's (the one fallback on Kalah, perfect.ONE_FALLBACK_ON).
    start = past_the_book()
    decision = agent.choose(start, Limit(seconds=0.2))
    assert decision.extra["solved"] is False and decision.move in start.legal_moves()
    assert "visits" not in decision.extra and decision.extra["fallback"] == "analysis"
    # Oware (no solver): alpha-beta too.
    oware = get_variant("oware").initial_state().play(2)
    decision = agent.choose(oware, Limit(seconds=0.2))
    assert decision.extra["solved"] is False and "upper_bounds" in decision.extra
    # Elsewhere its own Monte-Carlo search.
    relay = get_variant("relay").initial_state()
    decision = agent.choose(relay, Limit(seconds=0.2))
    assert decision.extra["solved"] is False and "visits" in decision.extra
    # The minimax Perfect level has no second fallback.
    assert make_agent(level="perfect", seed=2).stronger is None


def test_the_menu_line_says_from_where_perfect_is_exact_on_6x4(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from engine.agents.perfect import REACH, menu_line
    from engine.solver import KalahSpec, book
    from engine.solver import table as tables
    from engine.solver.build import build_file

    plies = book.shipped(KalahSpec(6)).depth(get_variant("kalah"))
    line = menu_line(None).english()
    assert f"from its opening book (to move {plies})" in line
    assert f"once about {REACH} seeds are left;" in line and "large table" not in line
    assert "the analysis's search on Kalah" in line  # the one fallback (ONE_FALLBACK_ON)
    monkeypatch.setattr(tables, "TABLE_BYTES", tables.count(8, 6))  # the regular table: 8 seeds
    build_file(KalahSpec(6), 9, tmp_path)  # a larger one: the host's large table
    large = menu_line(tmp_path).english()
    assert f"(to move {plies}), then with this host's large table" in large
