"""Positions set up by hand: the engine says what is wrong with a bad one."""

from __future__ import annotations

import pytest

from engine import get_variant
from engine.position import playable_position


def test_a_good_position_is_played_from() -> None:
    rules = get_variant("kalah", pits=3, seeds=2)
    state = playable_position(rules, [1, 0, 2, 3, 2, 1, 2, 1], 1)
    assert state.to_move == 1 and state.legal_moves() == (0, 1, 2)
    assert state.play(2).board == (2, 0, 2, 3, 2, 1, 0, 2)  # store, then round


@pytest.mark.parametrize(
    ("board", "to_move", "words"),
    [
        ([1, 0, 2, 3, 2, 1, 2], 0, "has 8 entries, not 7"),
        ([1, 0, 2, 3, 2, 1, 2, 2], 0, "holds 13 seeds, not 12"),
        ([-1, 1, 2, 3, 2, 1, 2, 2], 0, ">= 0"),
        ([1.5, 0, 2, 3, 2, 1, 2, 0.5], 0, "whole numbers"),
        ([1, 0, 2, 3, 2, 1, 2, 1], 2, "must be 0 or 1"),
        ([1, 0, 2, 3, 2, 1, 2, 1], True, "must be 0 or 1"),
        ([0, 0, 0, 9, 2, 1, 0, 0], 0, "game is over"),
        ("12345678", 0, "list of 8 seed counts"),
    ],
)
def test_a_bad_position_says_what_is_wrong(board: object, to_move: object, words: str) -> None:
    rules = get_variant("kalah", pits=3, seeds=2)
    with pytest.raises(ValueError, match=words):
        playable_position(rules, board, to_move)  # type: ignore[arg-type]


def test_a_mover_without_a_move_is_refused() -> None:
    rules = get_variant("oware")  # the game goes on while a row is empty: the mover must sow
    board = [0] * 6 + [20] + [4, 4, 4, 4, 4, 4] + [4]
    with pytest.raises(ValueError, match="no legal move|game is over"):
        playable_position(rules, board, 0)


def test_toguz_tuzdyks_are_checked_by_the_rules() -> None:
    rules = get_variant("toguz_kumalak")
    board = list(rules.initial_state().board)
    assert playable_position(rules, board, 0).extra == (-1, -1)
    with pytest.raises(ValueError, match="never holds stones"):
        playable_position(rules, board, 0, [10 + 2, -1])  # pit c of player 1's row: 9 stones
    board[12], board[9] = 0, board[9] + board[12]  # empty it (stones kept on the board)
    assert playable_position(rules, board, 0, [12, -1]).extra == (12, -1)
    with pytest.raises(ValueError, match="tuzdyk must be -1 or"):
        playable_position(rules, board, 0, [18, -1])  # the ninth pit can't be one
    with pytest.raises(ValueError, match="two tuzdyks"):
        playable_position(rules, board, 0, [12])
