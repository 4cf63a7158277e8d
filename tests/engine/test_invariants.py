"""Invariants over random games of every variant and option set."""

from __future__ import annotations

import random

import pytest

from engine.record import GameRecord
from tests.engine.variant_options import all_rule_sets

RULE_SETS = all_rule_sets()


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_random_games_keep_the_invariants(rules) -> None:
    rng = random.Random(1234)
    for first in (0, 1, 0, 1, 0):
        state = rules.initial_state(first)
        game = GameRecord(rules, first)
        for _ in range(2000):
            legal = state.legal_moves()
            # legal_moves() is empty exactly when the game is over.
            assert (legal == ()) == state.is_over
            if state.is_over:
                break
            assert list(legal) == sorted(set(legal))
            board_before = state.board
            pit = rng.choice(legal)
            after, record = state.play_record(pit)
            # play() never changes its input.
            assert state.board == board_before and state.legal_moves() == legal
            # Seeds are conserved.
            assert sum(after.board) == rules.total_seeds
            assert all(x >= 0 for x in after.board)
            assert record.ended == after.is_over
            game.push(pit)
            state = after
        else:
            pytest.fail("a random game did not end in 2000 moves")
        # Once over, the board is banked: the scores hold every seed; except that with Kalah's
        # leftovers="none" nothing is banked and the seeds left on the rows count for nobody,
        # and Toguz Kumalak ended at 82 (or 81 each) leaves the stores as they stand.
        toguz_at_82 = rules.name == "toguz_kumalak" and record.end_reason.startswith(
            ("a store holds", "both stores hold")
        )
        if rules.options.get("leftovers") == "none" or toguz_at_82:
            assert record.banked == (0, 0)
        else:
            assert sum(state.scores) == rules.total_seeds
        assert state.winner in (0, 1, None)
        # Records round-trip through JSON and text to the same game.
        for again in (
            GameRecord.from_json(game.to_json()),
            GameRecord.from_text(game.to_text()),
        ):
            assert again.moves == game.moves
            assert again.state == state
            assert again.notation() == game.notation()


@pytest.mark.parametrize("rules", [r for r in RULE_SETS if r.board_only], ids=repr)
def test_board_only_rules_play_the_same_on_bare_boards(rules) -> None:
    # Searches call rules.moves / rules.apply on bare board lists when board_only is True: they
    # must agree with State.play, except for endings by repetition (history is not on the board).
    rng = random.Random(99)
    for first in (0, 1):
        state = rules.initial_state(first)
        while not state.is_over:
            board = list(state.board)
            assert rules.moves(board, state.to_move) == list(state.legal_moves())
            pit = rng.choice(state.legal_moves())
            nxt = rules.apply(board, state.to_move, pit)
            state, record = state.play_record(pit)
            if "repeated" not in record.end_reason:
                assert (tuple(board), nxt) == (state.board, state.to_move)


def test_rules_with_state_beside_the_board_are_not_board_only() -> None:
    for rules in RULE_SETS:
        assert rules.board_only == (rules.initial_state().extra == ()), rules
