"""The searches' fused kernels play exactly like the rules they stand in for."""

from __future__ import annotations

import random

import pytest

from engine.agents.kernels import generic_children, kernel_for
from tests.engine.variant_options import all_rule_sets


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


@pytest.mark.parametrize("heuristic", ["diff", "mix", "store", "seeds", "side"])
@pytest.mark.parametrize("options", [{}, {"pits": 4, "seeds": 3, "empty_capture": True}])
def test_leaf_totals_give_the_same_search(heuristic: str, options: dict) -> None:
    """Evaluating leaves from move totals changes nothing: same moves, values and node counts."""
    from engine import get_variant
    from engine.agents import Limit, make_agent

    rules = get_variant("kalah", **options)
    rng = random.Random(3)
    state = rules.initial_state()
    for _ in range(12):
        if state.is_over:
            break
        for plain in (False, True):
            params = {"heuristic": heuristic, "ordering": not plain, "table": not plain}
            fast = make_agent("minimax", **params).choose(state, Limit(depth=5)).to_dict()
            slow = make_agent("minimax", leaf_kernel=False, **params)
            slow_decision = slow.choose(state, Limit(depth=5)).to_dict()
            fast.pop("seconds"), slow_decision.pop("seconds")
            assert fast == slow_decision
        state = state.play(rng.choice(state.legal_moves()))
