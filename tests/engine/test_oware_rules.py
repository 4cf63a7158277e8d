"""Oware abapa rules, one test per rule: a literal position, one move, the whole board compared.

Boards are in the canonical layout [A..F, captured0, a..f, captured1]; the store slots hold the
seeds each player has captured and are never sown into.

        f  e  d  c  b  a          player 1 (indices 12..7)
    c1                    c0
        A  B  C  D  E  F          player 0 (indices 0..5)
"""

from __future__ import annotations

import pytest

from engine import IllegalMove, State, get_variant

OWARE = get_variant("oware")


def test_twelve_seeds_skip_the_house_they_came_from() -> None:
    #     2  2  2  2  2  2
    # 14                    10
    #    12  0  0  0  0  0      A (12 seeds): B..F, a..f, skip A, then B
    state = OWARE.position([12, 0, 0, 0, 0, 0, 10, 2, 2, 2, 2, 2, 2, 14], 0).play(0)
    assert list(state.board) == [0, 2, 1, 1, 1, 1, 10, 3, 3, 3, 3, 3, 3, 14]
    assert state.to_move == 1


def test_chain_capture_takes_the_run_of_twos_and_threes() -> None:
    #     0  0  5  1  2  1
    # 22                    10
    #     4  0  0  0  0  3      F (3 seeds): a=2, b=3, c=2; captures c, b, a (7 seeds)
    state = OWARE.position([4, 0, 0, 0, 0, 3, 10, 1, 2, 1, 5, 0, 0, 22], 0).play(5)
    assert list(state.board) == [4, 0, 0, 0, 0, 0, 17, 0, 0, 0, 5, 0, 0, 22]
    assert state.to_move == 1


def test_chain_stops_at_a_house_that_is_not_two_or_three() -> None:
    #     0  0  5  1  2  3
    # 20                    10
    #     4  0  0  0  0  3      F: a=4, b=3, c=2; captures c and b, a (4) breaks the run
    state = OWARE.position([4, 0, 0, 0, 0, 3, 10, 3, 2, 1, 5, 0, 0, 20], 0).play(5)
    assert list(state.board) == [4, 0, 0, 0, 0, 0, 15, 4, 0, 0, 5, 0, 0, 20]


def test_grand_slam_captures_nothing() -> None:
    #     0  0  0  0  2  1
    # 19                    20
    #     4  0  0  0  0  2      F: a=2, b=3 would take all the opponent's seeds: no capture
    state = OWARE.position([4, 0, 0, 0, 0, 2, 20, 1, 2, 0, 0, 0, 0, 19], 0).play(5)
    assert list(state.board) == [4, 0, 0, 0, 0, 0, 20, 2, 3, 0, 0, 0, 0, 19]
    assert state.to_move == 1


def test_must_feed_an_opponent_who_has_no_seeds() -> None:
    #     0  0  0  0  0  0
    # 23                    20
    #     1  3  0  0  0  1      only F reaches the opponent's row
    state = OWARE.position([1, 3, 0, 0, 0, 1, 20, 0, 0, 0, 0, 0, 0, 23], 0)
    assert state.legal_moves() == (5,)
    with pytest.raises(IllegalMove, match="does not give them any"):
        state.play(1)
    after = state.play(5)
    assert list(after.board) == [1, 3, 0, 0, 0, 0, 20, 1, 0, 0, 0, 0, 0, 23]
    assert after.to_move == 1


def test_game_ends_when_the_opponent_cannot_be_fed() -> None:
    #     1  0  0  0  0  0
    # 23                    22
    #     0  2  0  0  0  0      f sows into A; no move of player 0 reaches player 1's row
    state = OWARE.position([0, 2, 0, 0, 0, 0, 22, 0, 0, 0, 0, 0, 1, 23], 1).play(5)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 25, 0, 0, 0, 0, 0, 0, 23]
    assert state.is_over and state.winner == 0


def test_repeated_position_ends_the_game() -> None:
    #     0  0  5  0  0  0
    # 19                    23
    #     1  0  0  0  0  0      A -> B gives a position already seen since the last capture
    repeated = ((0, 1, 0, 0, 0, 0, 23, 0, 0, 0, 5, 0, 0, 19), 1)
    before = (1, 0, 0, 0, 0, 0, 23, 0, 0, 0, 5, 0, 0, 19)
    state = State(OWARE, before, 0, frozenset({(before, 0), repeated}))
    after = state.play(0)
    assert list(after.board) == [0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 24]
    assert after.is_over


def test_repetition_needs_the_same_player_to_move() -> None:
    before = (1, 0, 0, 0, 0, 0, 23, 0, 0, 0, 5, 0, 0, 19)
    seen_with_other_mover = ((0, 1, 0, 0, 0, 0, 23, 0, 0, 0, 5, 0, 0, 19), 0)
    state = State(OWARE, before, 0, frozenset({(before, 0), seen_with_other_mover}))
    assert not state.play(0).is_over


def test_majority_wins_at_once() -> None:
    #     0  0  0  4  2  1
    # 17                    22
    #     0  0  0  0  0  2      F: a=2, b=3 captured (5): 27 > 24 ends the game
    state = OWARE.position([0, 0, 0, 0, 0, 2, 22, 1, 2, 4, 0, 0, 0, 17], 0).play(5)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 27, 0, 0, 0, 0, 0, 0, 21]
    assert state.is_over and state.winner == 0 and state.scores == (27, 21)


def test_twenty_four_each_is_a_draw() -> None:
    #     2  0  0  0  0  0
    # 24                    21
    #     0  0  0  0  1  0      f sows into A and B; player 0 can't feed: each banks, 24-24
    state = OWARE.position([0, 0, 0, 0, 1, 0, 21, 0, 0, 0, 0, 0, 2, 24], 1).play(5)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 24]
    assert state.is_over and state.winner is None and state.scores == (24, 24)
