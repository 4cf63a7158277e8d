"""Adi rules, one test per rule: a literal position, one move, the whole board compared.

Boards are in the canonical layout [A..F, captured0, a..f, captured1]; the store slots hold the
seeds each player has captured and are never sown into.  Seeds are captured in fours, so the
seeds in play are a multiple of 4.

        f  e  d  c  b  a          player 1 (indices 12..7)
    c1                    c0
        A  B  C  D  E  F          player 0 (indices 0..5)
"""

from __future__ import annotations

import pytest

from engine import State, get_variant
from engine.variants.adi import CYCLE, LAST_FOUR

ADI = get_variant("adi")


def after(board: list[int], to_move: int, pit: int) -> tuple[list[int], int | None]:
    state = ADI.position(board, to_move).play(pit)
    return list(state.board), state.to_move


def test_sowing_goes_over_all_twelve_pits_and_the_origin() -> None:
    #     0  0  0  0  0  0
    # 20                    16
    #    12  0  0  0  0  0      A (12): B..F, a..f, then A itself, which was emptied: 1 ends
    board = [12, 0, 0, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 20]
    assert after(board, 0, 0) == ([1, 1, 1, 1, 1, 1, 16, 1, 1, 1, 1, 1, 1, 20], 1)


def test_last_seed_in_an_empty_pit_ends_the_turn() -> None:
    #     1  1  1  1  1  1
    # 20                    16
    #     2  1  0  2  0  1      A (2): B, C; C now holds 1: turn ends
    board = [2, 1, 0, 2, 0, 1, 16, 1, 1, 1, 1, 1, 1, 20]
    assert after(board, 0, 0) == ([0, 2, 1, 2, 0, 1, 16, 1, 1, 1, 1, 1, 1, 20], 1)


def test_last_seed_making_another_number_lifts_the_pit_and_sows_on() -> None:
    #     0  1  1  2  2  2
    # 20                    16
    #     2  0  1  0  0  1      A (2): B, C; C holds 2, so lift 2: D, E; E holds 1: turn ends
    board = [2, 0, 1, 0, 0, 1, 16, 2, 2, 2, 1, 1, 0, 20]
    assert after(board, 0, 0) == ([0, 1, 0, 1, 1, 1, 16, 2, 2, 2, 1, 1, 0, 20], 1)


def test_last_seed_making_four_is_captured_by_the_mover() -> None:
    #     2  1  1  1  3  0
    # 20                    16
    #     2  0  0  0  0  2      F (2): a, b; b holds 4: player 0 captures them
    board = [2, 0, 0, 0, 0, 2, 16, 0, 3, 1, 1, 1, 2, 20]
    assert after(board, 0, 5) == ([2, 0, 0, 0, 0, 0, 20, 1, 0, 1, 1, 1, 2, 20], 1)


def test_a_seed_on_the_way_making_four_goes_to_that_pits_owner() -> None:
    #     2  1  1  0  0  3
    # 20                    16
    #     2  0  0  0  0  3      F (3): a holds 4 with seeds still to sow: player 1 takes them;
    #                           then b, c; c holds 1: turn ends
    board = [2, 0, 0, 0, 0, 3, 16, 3, 0, 0, 1, 1, 2, 20]
    state, rec = ADI.position(board, 0).play_record(5)
    assert list(state.board) == [2, 0, 0, 0, 0, 0, 16, 0, 1, 1, 1, 1, 2, 24]
    assert state.to_move == 1
    assert rec.opponent_captures == [(7, 4)] and rec.captures == []


def test_a_seed_on_the_way_making_four_in_your_own_pit_is_yours() -> None:
    #     2  0  0  0  1  1
    # 20                    16
    #     2  3  0  0  1  2      A (2): B holds 4 with a seed still to sow: player 0 takes them;
    #                           then C holds 1: turn ends
    board = [2, 3, 0, 0, 1, 2, 16, 1, 1, 0, 0, 0, 2, 20]
    assert after(board, 0, 0) == ([0, 0, 1, 0, 1, 2, 20, 1, 1, 0, 0, 0, 2, 20], 1)


def test_whoever_captures_when_eight_are_left_takes_the_last_four() -> None:
    #     0  1  1  0  3  0
    # 20                    20
    #     1  0  0  0  0  2      F (2): a, b; b holds 4: player 0 captures them, which leaves 4
    #                           seeds in play: player 0 takes those too, and the game ends
    board = [1, 0, 0, 0, 0, 2, 20, 0, 3, 0, 1, 1, 0, 20]
    state, rec = ADI.position(board, 0).play_record(5)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 28, 0, 0, 0, 0, 0, 0, 20]
    assert state.is_over and state.winner == 0 and rec.end_reason == LAST_FOUR


def test_the_last_four_include_seeds_still_being_sown() -> None:
    #     1  0  0  0  0  3
    # 20                    20
    #     1  0  0  0  0  3      F (3): a holds 4 with 2 seeds still in hand: player 1 takes
    #                           them, and 4 are left in play (A, f and the 2 in hand): player 1
    #                           takes those too, and the game ends
    board = [1, 0, 0, 0, 0, 3, 20, 3, 0, 0, 0, 0, 1, 20]
    state, rec = ADI.position(board, 0).play_record(5)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 28]
    assert state.is_over and state.winner == 1
    assert rec.opponent_captures == [(7, 4), (7, 2), (0, 1), (12, 1)]


def test_a_player_without_seeds_passes() -> None:
    #     0  0  0  0  0  0
    # 24                    16
    #     1  0  1  0  2  4      A (1): B holds 1: turn ends; player 1 has no seeds: player 0 again
    board = [1, 0, 1, 0, 2, 4, 16, 0, 0, 0, 0, 0, 0, 24]
    assert after(board, 0, 0) == ([0, 1, 1, 0, 2, 4, 16, 0, 0, 0, 0, 0, 0, 24], 0)


def test_the_game_ends_when_the_board_is_empty() -> None:
    #     0  0  0  0  0  3
    # 24                    20
    #     0  0  0  0  0  1      F (1): a holds 4: player 0 captures them and the board is empty
    board = [0, 0, 0, 0, 0, 1, 20, 3, 0, 0, 0, 0, 0, 24]
    state = ADI.position(board, 0).play(5)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 24]
    assert state.is_over and state.winner is None


def _sows_forever(board: list[int], pit: int, lifts: int) -> bool:
    """An independent plain sowing of ``pit`` (player 0): True if it is still going, with no
    capture, after ``lifts`` lifts."""
    board = list(board)
    houses = [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12]
    at = houses.index(pit)
    for _ in range(lifts):
        hand, board[houses[at]] = board[houses[at]], 0
        for _ in range(hand):
            at = (at + 1) % 12
            board[houses[at]] += 1
            if board[houses[at]] == 4:
                return False
        if board[houses[at]] == 1:
            return False
    return True


def test_a_move_that_cycles_forever_splits_the_board_evenly() -> None:
    #     1  0  1  2  0  1
    # 32                     4
    #     0  2  1  2  0  2      D (2): E, F; F holds 3, lift: a, b, c; c holds 3, lift ... the
    #                           same board comes back at the same lift: the move would never end,
    #                           so the 12 seeds in play are split 6-6 and the game ends
    board = [0, 2, 1, 2, 0, 2, 4, 1, 0, 2, 1, 0, 1, 32]
    assert _sows_forever(board, 3, 10_000)
    state, rec = ADI.position(board, 0).play_record(3)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 38]
    assert state.is_over and state.winner == 1
    assert rec.end_reason == CYCLE and rec.banked == (6, 6)
    # Detected exactly: the 61st lift would repeat the first (the board as it was, pit D), so
    # the move made 60 lifts.
    assert len(rec.lifted) == 60


def test_a_repeated_position_splits_the_board_evenly() -> None:
    #     3  1  0  0  0  2
    # 20                    20
    #     1  0  0  1  0  0      A (1): B holds 1; the position after it, with player 1 to move,
    #                           was seen before: the 8 seeds in play are split 4-4
    before = (1, 0, 0, 1, 0, 0, 20, 2, 0, 0, 0, 1, 3, 20)
    repeated = ((0, 1, 0, 1, 0, 0, 20, 2, 0, 0, 0, 1, 3, 20), 1)
    state = State(ADI, before, 0, frozenset({(before, 0), repeated}))
    after_move = state.play(0)
    assert list(after_move.board) == [0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 24]
    assert after_move.is_over and after_move.winner is None


def test_captured_seeds_come_in_fours() -> None:
    with pytest.raises(ValueError, match="multiple of 4"):
        ADI.position([4, 4, 4, 4, 4, 3, 1, 4, 4, 4, 4, 4, 4, 0], 0)
