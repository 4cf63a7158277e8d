"""Relay rules, one test per rule: a literal position, one move, the whole board compared.

Boards are in the canonical layout [A..F, store0, a..f, store1].  Drawn as a person sees it:

        f  e  d  c  b  a          player 1 (indices 12..7)
    s1                    s0
        A  B  C  D  E  F          player 0 (indices 0..5)
"""

from __future__ import annotations

import random

from engine import get_variant

RELAY = get_variant("relay")


def after(board: list[int], to_move: int, pit: int) -> tuple[list[int], int | None]:
    state = RELAY.position(board, to_move).play(pit)
    return list(state.board), state.to_move


def test_sowing_skips_the_opponents_store() -> None:
    #     1  1  1  1  1  1
    # 21                    10
    #     2  0  0  0  0  9      F (9 seeds): s0, a..f, skip s1, A, B; B was empty: turn ends
    board = [2, 0, 0, 0, 0, 9, 10, 1, 1, 1, 1, 1, 1, 21]
    assert after(board, 0, 5) == ([3, 1, 0, 0, 0, 0, 11, 2, 2, 2, 2, 2, 2, 21], 1)


def test_last_seed_in_own_store_moves_again() -> None:
    #     4  4  4  4  4  4
    #  0                     0
    #     4  4  4  4  4  4      C (4 seeds): D, E, F, s0
    board = [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0]
    assert after(board, 0, 2) == ([4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0], 0)


def test_last_seed_in_an_own_pit_that_held_seeds_sows_on() -> None:
    #     1  1  1  1  1  1
    # 24                    10
    #     2  0  1  0  0  5      A (2): B, C; C held 1, so lift 2: D, E; E was empty: turn ends
    board = [2, 0, 1, 0, 0, 5, 10, 1, 1, 1, 1, 1, 1, 24]
    assert after(board, 0, 0) == ([0, 1, 0, 1, 1, 5, 10, 1, 1, 1, 1, 1, 1, 24], 1)


def test_a_relay_that_ends_in_the_store_moves_again() -> None:
    #     1  1  1  1  1  1
    # 27                    10
    #     2  0  3  0  0  0      A (2): B, C; C held 3, so lift 4: D, E, F, s0: move again
    board = [2, 0, 3, 0, 0, 0, 10, 1, 1, 1, 1, 1, 1, 27]
    assert after(board, 0, 0) == ([0, 1, 0, 1, 1, 1, 11, 1, 1, 1, 1, 1, 1, 27], 0)


def test_last_seed_in_an_opponent_pit_ends_the_turn() -> None:
    #     4  4  4  4  4  4
    #  0                     1
    #     4  4  4  4  4  3      F (3): s0, a, b; b held 4 but is the opponent's: turn ends
    board = [4, 4, 4, 4, 4, 3, 1, 4, 4, 4, 4, 4, 4, 0]
    assert after(board, 0, 5) == ([4, 4, 4, 4, 4, 0, 2, 5, 5, 4, 4, 4, 4, 0], 1)


def test_no_capture_in_an_own_empty_pit() -> None:
    #     4  4  4  4  4  4
    #  0                     7
    #     1  0  4  4  4  4      A (1): B was empty, e opposite holds 4: nothing is taken
    board = [1, 0, 4, 4, 4, 4, 7, 4, 4, 4, 4, 4, 4, 0]
    assert after(board, 0, 0) == ([0, 1, 4, 4, 4, 4, 7, 4, 4, 4, 4, 4, 4, 0], 1)


def test_a_player_without_seeds_passes() -> None:
    #     0  0  0  0  0  0
    # 26                    20
    #     0  0  0  1  0  1      D (1): E; player 1 has no seeds, so player 0 moves again
    board = [0, 0, 0, 1, 0, 1, 20, 0, 0, 0, 0, 0, 0, 26]
    assert after(board, 0, 3) == ([0, 0, 0, 0, 1, 1, 20, 0, 0, 0, 0, 0, 0, 26], 0)


def test_the_game_ends_when_every_seed_is_in_a_store() -> None:
    #     0  0  0  0  0  0
    # 24                    23
    #     0  0  0  0  0  1      F (1): s0; every seed is in a store: 24-24
    board = [0, 0, 0, 0, 0, 1, 23, 0, 0, 0, 0, 0, 0, 24]
    state, rec = RELAY.position(board, 0).play_record(5)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 24]
    assert state.to_move is None and state.winner is None
    assert rec.end_reason == "every seed is in a store"


def test_a_move_always_ends() -> None:
    # The sowing only moves forward, so every 13 seeds sown pass the mover's store once: a move
    # sows fewer than 13 seeds per seed its store gains, plus 13.  Every move of many random
    # positions ends within that bound (a move that cycled would never return).
    rng = random.Random(8)
    for _ in range(1000):
        board = [0] * 14
        for _ in range(48):
            board[rng.randrange(14)] += 1
        for player in (0, 1):
            state = RELAY.position(board, player)
            for pit in state.legal_moves():
                after_move, rec = state.play_record(pit)
                gained = after_move.board[RELAY.store(player)] - board[RELAY.store(player)]
                assert len(rec.sown) < 13 * (gained + 1)
