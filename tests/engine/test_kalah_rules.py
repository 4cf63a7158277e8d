"""Kalah rules, one test per rule: a literal position, one move, the whole board compared.

Boards are in the canonical layout [A..F, store0, a..f, store1].  Drawn as a person sees it:

        f  e  d  c  b  a          player 1 (indices 12..7)
    s1                    s0
        A  B  C  D  E  F          player 0 (indices 0..5)
"""

from __future__ import annotations

import pytest

from engine import IllegalMove, get_variant

KALAH = get_variant("kalah")


def after(rules, board, to_move, pit):
    state = rules.position(board, to_move).play(pit)
    return list(state.board), state.to_move


def test_capture_takes_last_seed_and_opposite_pit() -> None:
    #     1  1  1  5  4  4
    # 15                    10
    #     3  1  1  0  2  0      A (3 seeds) ends in empty D, opposite c holds 5
    board = [3, 1, 1, 0, 2, 0, 10, 4, 4, 5, 1, 1, 1, 15]
    assert after(KALAH, board, 0, 0) == ([0, 2, 2, 0, 2, 0, 16, 4, 4, 0, 1, 1, 1, 15], 1)


def test_player_one_captures_on_own_side() -> None:
    #     4  4  4  0  1  2      a (2 seeds) ends in empty c, opposite D holds 5
    #  8                     0
    #     4  4  4  5  4  4
    board = [4, 4, 4, 5, 4, 4, 0, 2, 1, 0, 4, 4, 4, 8]
    assert after(KALAH, board, 1, 0) == ([4, 4, 4, 0, 4, 4, 0, 0, 2, 0, 4, 4, 4, 14], 0)


def test_no_capture_when_opposite_pit_is_empty() -> None:
    #     1  1  6  0  4  4
    # 15                    10
    #     3  1  1  0  2  0      A ends in empty D, opposite c is empty: no capture
    board = [3, 1, 1, 0, 2, 0, 10, 4, 4, 0, 6, 1, 1, 15]
    assert after(KALAH, board, 0, 0) == ([0, 2, 2, 1, 2, 0, 10, 4, 4, 0, 6, 1, 1, 15], 1)


def test_empty_capture_takes_the_lone_seed() -> None:
    # Same position as above with empty_capture=True: the lone seed in D goes to the store.
    rules = get_variant("kalah", empty_capture=True)
    board = [3, 1, 1, 0, 2, 0, 10, 4, 4, 0, 6, 1, 1, 15]
    assert after(rules, board, 0, 0) == ([0, 2, 2, 0, 2, 0, 11, 4, 4, 0, 6, 1, 1, 15], 1)


def test_capture_off_leaves_both_pits() -> None:
    # The capture position of the first test with capture=False ("no stealing").
    rules = get_variant("kalah", capture=False)
    board = [3, 1, 1, 0, 2, 0, 10, 4, 4, 5, 1, 1, 1, 15]
    assert after(rules, board, 0, 0) == ([0, 2, 2, 1, 2, 0, 10, 4, 4, 5, 1, 1, 1, 15], 1)


def test_no_capture_from_a_pit_that_was_not_empty() -> None:
    #     1  1  1  5  4  4
    # 15                    10
    #     3  1  1  1  2  0      A ends in D, which already held a seed: no capture
    board = [3, 1, 1, 1, 2, 0, 10, 4, 4, 5, 1, 1, 0, 15]
    assert after(KALAH, board, 0, 0) == ([0, 2, 2, 2, 2, 0, 10, 4, 4, 5, 1, 1, 0, 15], 1)


def test_sowing_skips_the_opponents_store() -> None:
    #     5  5  5  5  5  5
    #  8                     5
    #     1  1  0  0  0  9      F (9 seeds): own store, a..f, skips s1, then A, B
    board = [1, 1, 0, 0, 0, 9, 5, 4, 4, 4, 4, 4, 4, 8]
    assert after(KALAH, board, 0, 5) == ([2, 2, 0, 0, 0, 0, 6, 5, 5, 5, 5, 5, 5, 8], 1)


def test_last_seed_in_own_store_gives_an_extra_turn() -> None:
    # Start position, C (4 seeds): D, E, F, store.  Player 0 moves again.
    board = [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0]
    assert after(KALAH, board, 0, 2) == ([4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0], 0)


def test_empty_row_ends_the_game_and_each_side_banks_its_row() -> None:
    #     4  0  0  1  2  3
    # 17                    20
    #     0  0  0  0  0  1      F: last seed in the store, but the row is empty: game over
    board = [0, 0, 0, 0, 0, 1, 20, 3, 2, 1, 0, 0, 4, 17]
    state = KALAH.position(board, 0).play(5)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27]
    assert state.to_move is None and state.is_over
    assert state.scores == (21, 27) and state.winner == 1
    assert state.legal_moves() == ()


def test_capture_that_empties_the_opponents_row_ends_the_game() -> None:
    #     0  2  0  0  0  0
    # 20                    20
    #     1  0  0  0  5  0      A ends in empty B, opposite e holds the opponent's last 2 seeds
    board = [1, 0, 0, 0, 5, 0, 20, 0, 0, 0, 0, 2, 0, 20]
    state = KALAH.position(board, 0).play(0)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 28, 0, 0, 0, 0, 0, 0, 20]
    assert state.is_over and state.winner == 0


def test_empty_pit_is_illegal_with_a_reason() -> None:
    state = KALAH.position([0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0], 0)
    with pytest.raises(IllegalMove, match="move 0 is illegal for player 0: that pit is empty"):
        state.play(0)
    with pytest.raises(IllegalMove, match="pits are numbered 0-5"):
        state.play(6)
    with pytest.raises(IllegalMove, match="a move is a pit number"):
        state.play("2")  # type: ignore[arg-type]


def test_other_sizes() -> None:
    rules = get_variant("kalah", pits=3, seeds=2)
    state = rules.initial_state()
    assert state.board == (2, 2, 2, 0, 2, 2, 2, 0)
    # C (2 seeds): store, then a (the opponent's first pit).
    assert state.play(2).board == (2, 2, 0, 1, 3, 2, 2, 0)
