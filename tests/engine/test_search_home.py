"""The engine's searches share one home: the same history test, children, keys, order and
table flags (engine.agents.nodes), and one typed loader for both native modules."""

from __future__ import annotations

import random
from typing import get_type_hints

import pytest

from engine import cutoff, get_variant, native, variant_names
from engine.agents import alphabeta, analysis, mcts, minimax, nodes
from engine.agents.kernels import kernel_for
from engine.solver import native as solver_native
from engine.solver import search as solver_search


def test_one_history_test_serves_every_search() -> None:
    assert minimax.has_history is nodes.has_history
    assert analysis.has_history is nodes.has_history
    with_history = {name for name in variant_names() if nodes.has_history(get_variant(name))}
    assert with_history == {"oware", "adi"}


def test_a_table_entry_answers_a_probe_by_its_depth_and_bound() -> None:
    assert cutoff.flag_of(3.0, 3.0, 9.0) == cutoff.UPPER  # failed low
    assert cutoff.flag_of(9.0, 3.0, 9.0) == cutoff.LOWER  # failed high
    assert cutoff.flag_of(5.0, 3.0, 9.0) == cutoff.EXACT
    exact = (4, 5.0, cutoff.EXACT, 2)
    assert cutoff.answers(exact, 4, 6.0, 9.0) and not cutoff.answers(exact, 5, 0.0, 9.0)
    lower = (4, 5.0, cutoff.LOWER, 2)
    assert cutoff.answers(lower, 3, 0.0, 5.0) and not cutoff.answers(lower, 3, 0.0, 6.0)
    upper = (4, 5.0, cutoff.UPPER, 2)
    assert cutoff.answers(upper, 3, 5.0, 9.0) and not cutoff.answers(upper, 3, 4.0, 9.0)


@pytest.mark.parametrize("name", ["kalah", "oware", "congkak"])
def test_children_are_ordered_table_move_first_then_extra_turns_then_pit_order(
    name: str,
) -> None:
    """The order both searches used before they shared it: a stable sort on (table move,
    keeps the turn, the rest)."""
    rules = get_variant(name)
    expand = kernel_for(rules)
    rng = random.Random(5)
    state = rules.initial_state()
    for _ in range(30):
        if state.is_over:
            break
        board, player = list(state.board), state.to_move
        assert player is not None
        children = list(expand(board, player))
        for first in (-1, *(c[0] for c in children)):
            old = sorted(children, key=lambda c: 0 if c[0] == first else 1 if c[2] == player else 2)
            assert nodes.ordered(children, player, first) == old
        state = state.play(rng.choice(state.legal_moves()))


def test_the_root_children_are_search_nodes() -> None:
    kalah = get_variant("kalah").initial_state()
    assert nodes.root_children(kalah)[2] == (2, [4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0], 0)
    toguz = get_variant("toguz_kumalak").initial_state()
    move, child, nxt = nodes.root_children(toguz)[0]
    assert (move, child, nxt) == (0, toguz.play(0), 1)


def test_the_factories_are_typed_by_the_loaders_protocols() -> None:
    assert get_type_hints(alphabeta.make_searcher)["return"] is native.SearcherCore
    assert get_type_hints(mcts.make_tree)["return"] is native.TreeCore
    assert solver_search.SearchCore is native.SolverCore


def test_both_native_modules_load_the_same_way() -> None:
    assert solver_native.solve_core() is native.solve
    if native.pure_forced():
        assert native.core is None and native.solve is None
    else:
        assert (native.core is None) == (native.load_core() is None)
        assert (native.solve is None) == (native.load_solve() is None)
