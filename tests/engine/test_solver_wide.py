"""Every Kalah board the menu offers (pits 3-8, seeds 1-8, each capture option) is solved and
searched natively, with the same results as the pure-Python twin.

The largest board, 8 pits of 8 seeds, puts 128 seeds on a 16-pit view: more than the old
96-bit transposition key held.  A full solve takes far too long for a test, so the twins are
compared on null-window searches near the extremes of the margin (exact answers to "can the
mover force at least this?", found in a few thousand to a hundred thousand positions).
"""

from __future__ import annotations

import pytest

from engine import get_variant
from engine.agents import Limit, make_agent
from engine.solver import KalahSpec, Solver
from engine.solver.native import solve_core
from engine.solver.rules import view
from engine.solver.search import PySolver

NATIVE = solve_core() is not None
CAPTURE_OPTIONS = [{}, {"empty_capture": True}, {"capture": False}]

needs_native = pytest.mark.skipif(not NATIVE, reason="the native core is not built")


@needs_native
@pytest.mark.parametrize("options", CAPTURE_OPTIONS, ids=str)
def test_the_largest_board_searches_the_same_natively_and_in_pure_python(options: dict) -> None:
    rules = get_variant("kalah", pits=8, seeds=8, **options)
    spec = KalahSpec.of(rules)
    # The start (128 seeds on the view) and a position two moves in, seen by either player.
    for state in (rules.initial_state(), rules.initial_state().play(3).play(1)):
        b, _ = view(state)
        assert sum(b) > 96 - 16  # wider than the old keys
        for target in (-120, -118, 120):
            native = solve_core().Solver(8, spec.capture, spec.empty_capture, tt_bits=18)
            pure = PySolver(spec)
            got = [core.search(b, target - 1, target) for core in (native, pure)]
            assert got[0] == got[1]


@needs_native
@pytest.mark.parametrize("options", CAPTURE_OPTIONS[:2], ids=str)
def test_a_late_position_of_the_largest_board_solves_the_same_in_both_twins(
    options: dict,
) -> None:
    """A literal 8x8 position with 89 seeds on the board, solved to the end by both twins (a
    few thousand positions, each with a key wider than the old 96 bits).  Without capture no
    position this wide was found that solves in seconds in pure Python: the null-window test
    above covers that option."""
    rules = get_variant("kalah", pits=8, seeds=8, **options)
    board = [0, 0, 0, 1, 0, 0, 0, 1, 38, 0, 1, 0, 21, 17, 14, 18, 16, 1]
    state = rules.position(board, 0)
    b, _ = view(state)
    assert sum(b) == 89
    native = Solver(rules, table_seeds=0).solve(state)
    pure = Solver(rules, table_seeds=0, pure=True).solve(state)
    assert native.value == pure.value == -6
    assert native.move_values == pure.move_values == {3: -6, 7: -6}


@needs_native
@pytest.mark.parametrize("pits", [6, 7, 8])
def test_the_native_solver_runs_out_of_time_on_big_boards_instead_of_failing(pits: int) -> None:
    rules = get_variant("kalah", pits=pits, seeds=8)
    with pytest.raises(TimeoutError):
        Solver(rules, table_seeds=0).solve(rules.initial_state(), seconds=0.05)


@pytest.mark.parametrize("pits", [6, 8])
def test_perfect_moves_on_the_biggest_boards(pits: int) -> None:
    rules = get_variant("kalah", pits=pits, seeds=8)
    agent = make_agent(level="perfect", seed=1)
    state = rules.initial_state()
    for _ in range(2):
        decision = agent.choose(state, Limit(seconds=0.2))
        assert decision.move in state.legal_moves()
        state = state.play(decision.move)


@needs_native
def test_the_native_solver_refuses_boards_its_bytes_cannot_hold() -> None:
    """A pit is a byte: boards of more than 255 seeds are refused, not searched wrongly."""
    solver = solve_core().Solver(8, True, False, tt_bits=8)
    with pytest.raises(ValueError, match="at most 255 seeds"):
        solver.search([16] * 16, -1, 0)  # 256 seeds
    with pytest.raises(ValueError, match="0..255"):
        solver.search([256] + [0] * 15, -1, 0)
