"""Perfect on Kalah 6x4 keeps the exact value with every move it plays: from the shipped
opening book at the start, and by solving (with an endgame table built in the test's time)
once the board holds few enough seeds for a test; the middle of the game, where a solve needs
the host's large table and seconds a move, is measured by ``python -m engine bench --exact``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine import get_variant
from engine.agents import Limit
from engine.agents.levels import level_agent
from engine.core import State
from engine.solver import KalahSpec, Solver, book, cache
from engine.solver import table as tables
from engine.solver.build import build_file
from engine.solver.native import solve_core

pytestmark = pytest.mark.skipif(solve_core() is None, reason="6x4 solves need the native core")
RULES = get_variant("kalah", pits=6, seeds=4)
TABLE = 14  # seeds: 9.7 M positions, a few seconds to build
LATE = 30  # seeds on the board from which the test's solver judges every move


def on_board(state: State) -> int:
    b = state.board
    return sum(b) - b[6] - b[13]


def test_random_6x4_games_perfect_keeps_the_exact_value_from_book_and_solver(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tables, "TABLE_BYTES", tables.count(TABLE, 6))  # the test's table
    build_file(KalahSpec(6), TABLE, tmp_path)
    cache.clear()
    judge = Solver(RULES, tmp_path, TABLE, tt_bits=22)
    shipped = book.shipped(KalahSpec(6))
    rng = random.Random(7)
    from_book = solved = 0
    for game in range(6):
        seat = game % 2
        perfect = level_agent("perfect", seed=game, tables=str(tmp_path))
        state = RULES.initial_state()
        while not state.is_over:
            in_book = shipped.move_values(state)
            mine = state.to_move == seat
            if mine and (in_book is not None or on_board(state) <= LATE):
                decision = perfect.choose(state, Limit(seconds=120.0))
                if len(state.legal_moves()) == 1:
                    pass  # a lone move is played without a look at the book or a solve
                elif in_book is not None:
                    assert decision.extra["book"] and decision.exact
                    assert in_book[decision.move] == max(in_book.values())
                    from_book += 1
                elif len(state.legal_moves()) > 1:
                    solution = judge.solve(state)
                    assert decision.exact and decision.value == solution.value
                    assert solution.move_values[decision.move] == solution.value, state
                    solved += 1
                state = state.play(decision.move)
            else:  # the opponent, and the middle game the test does not judge: random moves
                state = state.play(rng.choice(state.legal_moves()))
    assert from_book >= 3 and solved >= 20
    cache.clear()
