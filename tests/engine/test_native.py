"""The native core plays, counts and searches exactly as the pure-Python engine does: the same
children, perft counts, moves, values, principal variations, node counts and MCTS trees, on
many random positions of every Kalah option set and Oware."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest

from engine import get_variant
from engine.agents import Limit, make_agent
from engine.agents.kernels import generic_children, kernel_spec
from engine.core import Rules, State
from engine.perft import perft, pure_perft
from tests.engine.native_cores import native_core, native_rule_sets, on_both, random_positions

RULE_SETS = native_rule_sets()


@pytest.fixture(scope="module")
def core() -> ModuleType:
    return native_core()


def test_every_kalah_and_oware_option_set_has_a_native_kernel() -> None:
    names = {r.name for r in RULE_SETS}
    assert names == {"kalah", "oware"}
    assert len([r for r in RULE_SETS if r.name == "kalah"]) == 3 * 3 * 2 * 2 * 2 * 2
    assert len([r for r in RULE_SETS if r.name == "oware"]) == 3


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_children_equal_the_rules(core: ModuleType, rules: Rules) -> None:
    spec, reference = kernel_spec(rules), generic_children(rules)
    assert spec is not None
    rng = random.Random(7)
    positions = 0
    for first in (0, 1) * 2:
        state = rules.initial_state(first)
        while not state.is_over:
            board, player = list(state.board), state.to_move
            assert player is not None
            assert core.children(spec, board, player) == list(reference(board, player))
            positions += 1
            state = state.play(rng.choice(state.legal_moves()))
    assert positions > 8


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_perft_counts_are_the_same(
    core: ModuleType, rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    positions = [rules.initial_state(), *random_positions(rules, 3, seed=5)]
    for state in positions:
        depth = 4 if rules.pits <= 6 else 3
        fast, slow = on_both(core, monkeypatch, lambda s=state, d=depth: perft(s, d))
        assert fast == slow == pure_perft(state, depth)


def test_oware_perft_keeps_the_repetition_rule(
    core: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Late Oware positions with few seeds repeat within a few plies: both count the same."""
    rules = get_variant("oware")
    state = rules.position([0, 0, 0, 0, 0, 1, 23, 0, 0, 0, 0, 0, 1, 23], 0)
    for depth in range(1, 12):
        fast, slow = on_both(core, monkeypatch, lambda d=depth: perft(state, d))
        assert fast == slow == pure_perft(state, depth)
    assert pure_perft(state, 11) < 2**11  # some lines ended by repetition


def decide(agent: str, state: State, limit: Limit, **params: Any) -> dict[str, Any]:
    decision = make_agent(agent, seed=11, **params).choose(state, limit).to_dict()
    decision.pop("seconds")
    return decision


SEARCHES: list[dict[str, Any]] = [
    {"heuristic": "diff"},
    {"heuristic": "tuned"},
    {"heuristic": "mix", "ordering": False},
    {"heuristic": "store", "table": False},
    {"heuristic": "side", "ordering": False, "table": False, "exact_wins": False},
    {"heuristic": "seeds", "weights": (1.0, 0.2, 0.5, -0.3)},
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_minimax_decisions_are_the_same(
    core: ModuleType, rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(hash(repr(rules)) & 0xFFFF)
    for k, state in enumerate(random_positions(rules, 4, seed=rng.randrange(1000))):
        params = SEARCHES[(k + rng.randrange(len(SEARCHES))) % len(SEARCHES)]
        depth = 5 if rules.name == "kalah" and rules.pits > 6 else 6
        fast, slow = on_both(
            core,
            monkeypatch,
            lambda s=state, p=params, d=depth: decide("minimax", s, Limit(depth=d), **p),
        )
        assert fast == slow, (state, params)


@pytest.mark.parametrize("name", ["kalah", "oware"])
@pytest.mark.parametrize("params", SEARCHES, ids=str)
def test_deep_minimax_decisions_are_the_same(
    core: ModuleType, name: str, params: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    for state in random_positions(get_variant(name), 4, seed=21):
        fast, slow = on_both(
            core, monkeypatch, lambda s=state: decide("minimax", s, Limit(depth=8), **params)
        )
        assert fast == slow, state


def test_endgames_are_solved_the_same_and_exactly(
    core: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Small boards searched to the end: both cores prove the same exact values."""
    for options in ({"pits": 3, "seeds": 2}, {"pits": 4, "seeds": 2, "empty_capture": True}):
        rules = get_variant("kalah", **options)
        fast, slow = on_both(
            core, monkeypatch, lambda r=rules: decide("minimax", r.initial_state(), Limit(depth=40))
        )
        assert fast == slow
        assert fast["exact"] and fast["depth"] < 40


@pytest.mark.parametrize(
    "options",
    [{}, {"pits": 4, "seeds": 4, "empty_capture": True}, {"pits": 5, "seeds": 3, "capture": False}],
    ids=str,
)
def test_searches_reading_an_endgame_table_are_the_same(
    core: ModuleType, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Positions with few seeds valued exactly from the table, on both cores alike."""
    rules = get_variant("kalah", **options)
    for state in random_positions(rules, 6, seed=3):
        fast, slow = on_both(
            core,
            monkeypatch,
            lambda s=state: decide("minimax", s, Limit(depth=7), heuristic="tuned", endgame=True),
        )
        assert fast == slow, state


@pytest.mark.parametrize("playout", ["random", "greedy"])
def test_mcts_playouts_ending_in_the_endgame_table_are_the_same(
    core: ModuleType, playout: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = get_variant("kalah", pits=4, seeds=3)
    for state in random_positions(rules, 6, seed=4):
        fast, slow = on_both(
            core,
            monkeypatch,
            lambda s=state: decide("mcts", s, Limit(iterations=300), playout=playout, endgame=True),
        )
        assert fast == slow, state


MCTS_RULE_SETS = RULE_SETS[:-3:13] + RULE_SETS[-3:]
"""Every 13th Kalah option set (each option takes each value at least once) and every Oware."""


@pytest.mark.parametrize("rules", MCTS_RULE_SETS, ids=repr)
@pytest.mark.parametrize("playout", ["random", "greedy"])
def test_mcts_decisions_are_the_same(
    core: ModuleType, rules: Rules, playout: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def game() -> list[dict[str, Any]]:
        """A few moves of one agent's game, so the kept tree is reused too."""
        agent = make_agent("mcts", seed=5, playout=playout, node_limit=200)
        state, out = rules.initial_state(), []
        while not state.is_over and len(out) < 3:
            decision = agent.choose(state, Limit(iterations=150)).to_dict()
            decision.pop("seconds")
            out.append(decision)
            state = state.play(decision["move"])
        return out

    fast, slow = on_both(core, monkeypatch, game)
    assert fast == slow
    assert any(d["reused_visits"] for d in fast[1:]) or len(fast) < 2
