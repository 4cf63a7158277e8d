"""Toguz Kumalak rules, one test per rule: a literal position, one move, the whole board, the
tuzdyks and the player to move compared.

Boards are in the canonical layout [A..I, store0, a..i, store1] (9 pits, 162 stones).  The
tuzdyks are kept beside the board in ``state.extra``: (player 0's, player 1's), each the board
index of a pit on the opponent's row, or -1.  Drawn as a person sees it (T marks a tuzdyk):

        i  h  g  f  e  d  c  b  a          player 1 (indices 18..10)
    s1                             s0
        A  B  C  D  E  F  G  H  I          player 0 (indices 0..8)
"""

from __future__ import annotations

import pytest

from engine import IllegalMove, get_variant

TOGUZ = get_variant("toguz_kumalak")
NONE = (-1, -1)


def after(
    board: list[int], to_move: int, pit: int, tuzdyks: tuple[int, int] = NONE
) -> tuple[list[int], tuple[int, ...], int | None]:
    state = TOGUZ.position(board, to_move, tuzdyks).play(pit)
    return list(state.board), state.extra, state.to_move


def test_start_position_is_nine_by_nine() -> None:
    state = TOGUZ.initial_state()
    assert state.board == (9,) * 9 + (0,) + (9,) * 9 + (0,)
    assert state.extra == NONE and state.legal_moves() == tuple(range(9))


def test_the_first_stone_goes_back_into_its_pit() -> None:
    #     9  9  9  9  9  9  9  9  9
    #  0                             6
    #     3  9  9  9  9  9  9  9  9      A (3): A, B, C
    board = [3] + [9] * 8 + [6] + [9] * 9 + [0]
    assert after(board, 0, 0) == ([1, 10, 10] + [9] * 6 + [6] + [9] * 9 + [0], NONE, 1)


def test_a_single_stone_moves_on() -> None:
    #     9  9  9  9  9  9  9  9  9
    #  0                             8
    #     1  9  9  9  9  9  9  9  9      A (1): B
    board = [1] + [9] * 8 + [8] + [9] * 9 + [0]
    assert after(board, 0, 0) == ([0, 10] + [9] * 7 + [8] + [9] * 9 + [0], NONE, 1)


def test_last_stone_making_an_opponent_pit_even_captures_it() -> None:
    #     9  9  9  9  9  9  9  9  9
    #  0                             0
    #     9  9  9  9  9  9  9  9  9      I (9): I, a..h; h becomes 10 and is captured
    board = [9] * 9 + [0] + [9] * 9 + [0]
    expected = [9] * 8 + [1] + [10] + [10] * 7 + [0, 9] + [0]
    assert after(board, 0, 8) == (expected, NONE, 1)


def test_an_odd_count_on_an_opponent_pit_captures_nothing() -> None:
    #     9  9  9  9  9  9  9  9  4
    #  0                            12
    #     9  9  9  9  9  9  9  9  2      I (2): I, a; a becomes 5
    board = [9] * 8 + [2] + [12] + [4] + [9] * 8 + [0]
    assert after(board, 0, 8) == ([9] * 8 + [1] + [12] + [5] + [9] * 8 + [0], NONE, 1)


def test_a_three_on_an_opponent_pit_becomes_the_movers_tuzdyk() -> None:
    #     9  9  9  9  9  9  9  9  2
    #  0                            14
    #     9  9  9  9  9  9  9  9  2      I (2): I, a; a becomes 3: player 0's tuzdyk, 3 taken
    board = [9] * 8 + [2] + [14] + [2] + [9] * 8 + [0]
    assert after(board, 0, 8) == ([9] * 8 + [1] + [17] + [0] + [9] * 8 + [0], (10, -1), 1)


def test_stones_sown_into_a_tuzdyk_go_to_its_owner() -> None:
    #     5  5  5  5  4  5  T  5  5        c (index 12) is player 0's tuzdyk
    # 35                             40
    #     5 13  5  T  5  5  5  5  5        D (index 3) is player 1's tuzdyk
    # B (13): B, C, D -> s1, E..I, a, b, c -> s0, d, e; e becomes 5 (odd): no capture
    board = [5, 13, 5, 0, 5, 5, 5, 5, 5, 40, 5, 5, 0, 5, 4, 5, 5, 5, 5, 35]
    expected = [5, 1, 6, 0, 6, 6, 6, 6, 6, 41, 6, 6, 0, 6, 5, 5, 5, 5, 5, 36]
    assert after(board, 0, 1, (12, 3)) == (expected, (12, 3), 1)


def test_a_tuzdyk_can_not_be_played() -> None:
    board = [5, 13, 5, 0, 5, 5, 5, 5, 5, 40, 5, 5, 0, 5, 4, 5, 5, 5, 5, 35]
    state = TOGUZ.position(board, 0, (12, 3))
    assert state.legal_moves() == (0, 1, 2, 4, 5, 6, 7, 8)
    with pytest.raises(IllegalMove, match="the opponent's tuzdyk"):
        state.play(3)


def test_no_tuzdyk_on_the_opponents_ninth_pit() -> None:
    #     2  9  9  9  9  9  9  9  9
    #  0                             6
    #     9  9  9  9  9  9  9  9 10      I (10): I, a..i; i becomes 3 but is their ninth pit
    board = [9] * 8 + [10] + [6] + [9] * 8 + [2] + [0]
    assert after(board, 0, 8) == ([9] * 8 + [1] + [6] + [10] * 8 + [3] + [0], NONE, 1)


def test_only_one_tuzdyk_per_player() -> None:
    #     9  9  9  9  9  9  T  9  2        c (index 12) is player 0's tuzdyk already
    #  0                            23
    #     9  9  9  9  9  9  9  9  2      I (2): I, a; a becomes 3: no second tuzdyk
    board = [9] * 8 + [2] + [23] + [2, 9, 0] + [9] * 6 + [0]
    expected = [9] * 8 + [1] + [23] + [3, 9, 0] + [9] * 6 + [0]
    assert after(board, 0, 8, (12, -1)) == (expected, (12, -1), 1)


def test_no_tuzdyk_with_the_number_of_the_opponents_tuzdyk() -> None:
    #     9  9  9  9  9  9  9  9  2
    # 12                            11
    #     T  9  9  9  9  9  9  9  2      A (index 0) is player 1's tuzdyk, number 0; I (2): I, a;
    #                                    a (number 0) becomes 3: no tuzdyk, nothing taken
    board = [0] + [9] * 7 + [2] + [11] + [2] + [9] * 8 + [12]
    expected = [0] + [9] * 7 + [1] + [11] + [3] + [9] * 8 + [12]
    assert after(board, 0, 8, (-1, 0)) == (expected, (-1, 0), 1)


def test_82_wins_at_once_and_the_stones_on_the_rows_stay() -> None:
    #     2  2  2  2  2  2  2  2  1
    # 63                            80
    #     0  0  0  0  0  0  0  0  2      I (2): I, a; a becomes 2 and is taken: 82 ends the game;
    #                                    the stores stand (82-63), nothing is banked
    board = [0] * 8 + [2] + [80] + [1] + [2] * 8 + [63]
    state, rec = TOGUZ.position(board, 0).play_record(8)
    assert list(state.board) == [0] * 8 + [1] + [82] + [0] + [2] * 8 + [63]
    assert state.is_over and state.winner == 0 and state.scores == (82, 63)
    assert rec.ended and rec.banked == (0, 0) and rec.end_reason == "a store holds 82"


def test_82_for_the_player_behind_on_the_rows_still_wins() -> None:
    #     9  9  9  9  9  9  9  9  1
    # 20                            80
    #     0  0  0  0  0  0  0  0  2      I (2): I, a; a becomes 2 and is taken: 82 wins although
    #                                    banking the rows would have given 20 + 73 = 93 to 82
    board = [0] * 8 + [2] + [80] + [1] + [9] * 8 + [8]
    board[-1] = 162 - sum(board[:-1])
    state = TOGUZ.position(board, 0).play(8)
    assert list(state.board) == [0] * 8 + [1] + [82] + [0] + [9] * 8 + [board[-1]]
    assert state.is_over and state.winner == 0 and state.scores == (82, board[-1])


def test_81_each_is_a_draw() -> None:
    #     0  0  0  0  0  0  0  0  1
    # 81                            79
    #     0  0  0  0  0  0  0  0  1      I (1): a becomes 2 and is taken: 81-81
    board = [0] * 8 + [1] + [79] + [1] + [0] * 8 + [81]
    state = TOGUZ.position(board, 0).play(8)
    assert list(state.board) == [0] * 9 + [81] + [0] * 9 + [81]
    assert state.is_over and state.winner is None


def test_a_player_who_cannot_move_ends_the_game() -> None:
    #     0  0  0  0  0  0  0  0  0
    # 80                            80
    #     2  0  0  0  0  0  0  0  0      A (2): A, B; player 1 cannot move: the game ends and
    #                                    player 0 takes the stones on their row
    board = [2] + [0] * 8 + [80] + [0] * 9 + [80]
    state, rec = TOGUZ.position(board, 0).play_record(0)
    assert list(state.board) == [0] * 9 + [82] + [0] * 9 + [80]
    assert state.is_over and state.winner == 0
    assert rec.end_reason == "player 1 cannot move" and rec.banked == (2, 0)


def test_a_player_who_cannot_move_below_81_ends_the_game_and_the_other_banks() -> None:
    #     0  0  0  0  0  0  0  0  0
    # 75                            70
    #     2  0 15  0  0  0  0  0  0      A (2): A, B; player 1 cannot move: player 0 takes the
    #                                    17 stones on their row (70 + 17 = 87 to 75)
    board = [2, 0, 15] + [0] * 6 + [70] + [0] * 9 + [75]
    state, rec = TOGUZ.position(board, 0).play_record(0)
    assert list(state.board) == [0] * 9 + [87] + [0] * 9 + [75]
    assert state.is_over and state.winner == 0 and state.scores == (87, 75)
    assert rec.end_reason == "player 1 cannot move" and rec.banked == (17, 0)


def test_tuzdyks_are_part_of_the_position() -> None:
    # The same board with and without a tuzdyk is a different position, and replays differently.
    board = [0] + [9] * 7 + [2] + [11] + [2] + [9] * 8 + [12]
    with_tuzdyk = TOGUZ.position(board, 0, (-1, 0))
    without = TOGUZ.position(board, 0)
    assert with_tuzdyk != without and with_tuzdyk.key() != without.key()
    assert with_tuzdyk.play(8).board != without.play(8).board
    assert "tuzdyks: none, A" in str(with_tuzdyk) and "tuzdyks: none, none" in str(without)
    with pytest.raises(ValueError, match="first 8 pits"):
        TOGUZ.position(board, 0, (18, -1))  # the opponent's ninth pit
    with pytest.raises(ValueError, match="never holds stones"):
        TOGUZ.position(board, 0, (11, -1))
    with pytest.raises(ValueError, match="same number"):
        TOGUZ.position([0] + [9] * 7 + [2] + [11] + [0] + [9] * 8 + [14], 0, (10, 0))
