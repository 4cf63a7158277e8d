"""Congkak rules, one test per rule: a literal position, one move, the whole board compared.

Boards are in the canonical layout [A..G, store0, a..g, store1] (7 pits, 98 seeds).  Drawn as a
person sees it:

        g  f  e  d  c  b  a          player 1 (indices 14..8)
    s1                       s0
        A  B  C  D  E  F  G          player 0 (indices 0..6)
"""

from __future__ import annotations

from engine import get_variant

CONGKAK = get_variant("congkak")


def after(board: list[int], to_move: int, pit: int) -> tuple[list[int], int | None]:
    state = CONGKAK.position(board, to_move).play(pit)
    return list(state.board), state.to_move


def test_start_position_is_seven_by_seven() -> None:
    state = CONGKAK.initial_state()
    assert state.board == (7,) * 7 + (0,) + (7,) * 7 + (0,)
    assert state.legal_moves() == (0, 1, 2, 3, 4, 5, 6)


def test_sowing_skips_the_opponents_store_and_not_the_origin() -> None:
    #     2  2  2  2  2  2  2
    # 52                       10
    #     1  1  1  1  1  1 16     G (16): s0, a..g, skip s1, A..F, G itself, s0: move again
    board = [1, 1, 1, 1, 1, 1, 16, 10, 2, 2, 2, 2, 2, 2, 2, 52]
    assert after(board, 0, 6) == ([2, 2, 2, 2, 2, 2, 1, 12, 3, 3, 3, 3, 3, 3, 3, 52], 0)


def test_last_seed_in_own_store_moves_again() -> None:
    #     7  7  7  7  7  7  7
    #  0                        0
    #     7  7  7  7  7  7  7      A (7): B..G, s0
    board = [7] * 7 + [0] + [7] * 7 + [0]
    assert after(board, 0, 0) == ([0, 8, 8, 8, 8, 8, 8, 1] + [7] * 7 + [0], 0)


def test_last_seed_in_a_pit_that_held_seeds_on_either_side_sows_on() -> None:
    #     7  7  7  0  0  0  2
    # 30                        0
    #     7  7  7  7  7  3  7      F (3): G, s0, a; a held 2, so lift 3: b, c, d; d was empty
    board = [7, 7, 7, 7, 7, 3, 7, 0, 2, 0, 0, 0, 7, 7, 7, 30]
    assert after(board, 0, 5) == ([7, 7, 7, 7, 7, 0, 8, 1, 0, 1, 1, 1, 7, 7, 7, 30], 1)


def test_last_seed_in_an_own_empty_pit_captures_it_and_the_pit_opposite() -> None:
    #     7  7  7  7  7  7  7
    # 13                        0
    #     1  0  7  7  7  7  7      A (1): B was empty; B and f opposite (7) go to s0
    board = [1, 0, 7, 7, 7, 7, 7, 0, 7, 7, 7, 7, 7, 7, 7, 13]
    assert after(board, 0, 0) == ([0, 0, 7, 7, 7, 7, 7, 8, 7, 7, 7, 7, 7, 0, 7, 13], 1)


def test_the_capture_takes_the_lone_seed_when_the_pit_opposite_is_empty() -> None:
    #     7  0  7  7  7  7  7
    # 20                        0
    #     1  0  7  7  7  7  7      A (1): B was empty, f opposite is empty: B's seed goes to s0
    board = [1, 0, 7, 7, 7, 7, 7, 0, 7, 7, 7, 7, 7, 0, 7, 20]
    assert after(board, 0, 0) == ([0, 0, 7, 7, 7, 7, 7, 1, 7, 7, 7, 7, 7, 0, 7, 20], 1)


def test_last_seed_in_an_empty_opponent_pit_ends_the_turn() -> None:
    #     7  7  7  7  7  7  0
    # 12                        0
    #     7  7  7  7  7  7  2      G (2): s0, a; a was empty: turn ends
    board = [7, 7, 7, 7, 7, 7, 2, 0, 0, 7, 7, 7, 7, 7, 7, 12]
    assert after(board, 0, 6) == ([7, 7, 7, 7, 7, 7, 0, 1, 1, 7, 7, 7, 7, 7, 7, 12], 1)


def test_the_game_ends_when_the_player_to_move_has_no_seeds() -> None:
    #     0  0  0  0  3  2  1
    # 51                       40
    #     0  0  0  0  0  0  1      G (1): s0, move again, but player 0 has no seeds: the game
    #                              ends and player 1 banks their row (6)
    board = [0, 0, 0, 0, 0, 0, 1, 40, 1, 2, 3, 0, 0, 0, 0, 51]
    state = CONGKAK.position(board, 0).play(6)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 0, 41, 0, 0, 0, 0, 0, 0, 0, 57]
    assert state.is_over and state.winner == 1


def test_nobody_passes_when_the_opponent_has_no_seeds() -> None:
    #     0  0  0  0  0  0  0
    # 56                       40
    #     0  0  0  0  2  0  0      E (2): F, G; G was empty: G and a (empty) are captured.
    #                              Player 1 has no seeds: the game ends, player 0 banks F
    board = [0, 0, 0, 0, 2, 0, 0, 40, 0, 0, 0, 0, 0, 0, 0, 56]
    state = CONGKAK.position(board, 0).play(4)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 0, 42, 0, 0, 0, 0, 0, 0, 0, 56]
    assert state.is_over and state.winner == 1
