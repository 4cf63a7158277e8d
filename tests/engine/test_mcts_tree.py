"""A kept MCTS tree holds only the new root's subtree: after each re-root its node count is the
size of that subtree, so it keeps growing below the root for a whole game under a small
``node_limit``, and the native tree and the pure one stay twins through every re-root."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest

from engine import get_variant
from engine.agents.mcts import make_tree
from engine.agents.tree import PyTree, _Node
from engine.core import Rules
from tests.engine.native_cores import native_core, using

NODE_LIMIT = 320
ITERATIONS = 300
"""A tree of a few hundred nodes: the limit is reached on some moves of each game."""


@pytest.fixture(scope="module")
def core() -> ModuleType:
    return native_core()


def walk(node: _Node) -> int:
    """The size of ``node``'s subtree, checking each child points back at its parent."""
    size = 1
    for child in node.children:
        assert child.parent is node
        size += walk(child)
    return size


def play(tree: Any, rules: Rules, seed: int, check: Any = None) -> list[tuple[Any, ...]]:
    """One game with the tree kept: the tree picks player 0's moves (its most visited), a seeded
    random player player 1's, so each re-root is one or more plies down.  After each ``start``
    ``check(tree)`` runs; returns what the tree showed at each of its moves."""
    rng = random.Random(seed)
    state, seen = rules.initial_state(), []
    while not state.is_over:
        if state.to_move == 1:
            state = state.play(rng.choice(state.legal_moves()))
            continue
        root = list(state.board) if rules.board_only else state
        kept = tree.start(root, state.to_move, True)
        if check is not None:
            check(tree)
        start_nodes, start_children = tree.nodes, len(tree.root_stats())
        tree.run(ITERATIONS, None)
        stats, path = tree.root_stats(), tree.best_path(30)
        seen.append((kept, start_nodes, start_children, tree.nodes, stats, path, tree.rng_state))
        state = state.play(max(stats, key=lambda s: s[1])[0])
    return seen


@pytest.mark.parametrize("name", ["kalah", "oware"])
def test_a_kept_tree_counts_only_the_new_roots_subtree(name: str) -> None:
    rules = get_variant(name)
    tree = PyTree(rules, 1.4, False, NODE_LIMIT, rng_state=11)

    def check(tree: PyTree) -> None:
        assert tree.root is not None and tree.root.parent is None
        assert tree.nodes == walk(tree.root)

    seen = play(tree, rules, seed=3, check=check)
    reroots = [s for s in seen if s[0] > 0]
    assert len(reroots) >= 10
    assert any(s[1] > 1 for s in reroots)  # a subtree was kept, not just its root
    assert any(s[3] >= NODE_LIMIT for s in seen)
    for move, (_, start_nodes, start_children, nodes, stats, _, _) in enumerate(seen):
        assert start_nodes < NODE_LIMIT
        assert nodes <= NODE_LIMIT + rules.pits
        if move < len(seen) // 2:  # (near the end a small tree can hold the whole game)
            # The tree grew below the root, not only by new children of the root.
            assert nodes - start_nodes > len(stats) - start_children


@pytest.mark.parametrize("name", ["kalah", "oware"])
@pytest.mark.parametrize("playout", ["random", "greedy"])
def test_native_and_pure_trees_stay_twins_through_re_roots(
    core: ModuleType, name: str, playout: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = get_variant(name)
    greedy = playout == "greedy"
    with using(core, monkeypatch):
        fast_tree = make_tree(rules, 1.4, greedy, NODE_LIMIT, 21)
    assert not isinstance(fast_tree, PyTree)
    fast = play(fast_tree, rules, seed=4)
    slow = play(PyTree(rules, 1.4, greedy, NODE_LIMIT, 21), rules, seed=4)
    assert fast == slow
    assert sum(s[0] > 0 for s in fast) >= 10
    assert any(s[3] >= NODE_LIMIT for s in fast)
    assert all(s[1] < NODE_LIMIT for s in fast)
