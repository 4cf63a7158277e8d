"""The searches' fused kernels play exactly like the rules they stand in for."""

from __future__ import annotations

import random

import pytest
from variant_options import all_rule_sets

from engine.agents.kernels import generic_children, kernel_for


@pytest.mark.parametrize("rules", [r for r in all_rule_sets() if r.board_only], ids=repr)
def test_kernel_children_equal_the_rules(rules) -> None:
    fast, reference = kernel_for(rules), generic_children(rules)
    rng = random.Random(99)
    positions = 0
    for first in (0, 1) * 3:
        state = rules.initial_state(first)
        while not state.is_over:
            board, player = list(state.board), state.to_move
            expected = list(reference(board, player))
            assert list(fast(board, player)) == expected, (board, player)
            assert board == list(state.board)  # the kernel does not touch its input
            positions += 1
            state = state.play(rng.choice(state.legal_moves()))
    assert positions > 10
