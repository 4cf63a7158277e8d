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


KALAH_8 = {"pits": 8, "seeds": 3}
ROW_ENDS: list[tuple[str, dict[str, Any], list[int], int, list[tuple[int, list[int], Any]]]] = [
    (
        "the mover's row empties while their store holds seeds: the game ends",
        {},
        [0, 0, 0, 0, 0, 1, 20, 4, 4, 4, 4, 4, 4, 3],
        0,
        [(5, [0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27], None)],
    ),
    (
        "a row holding seeds only in its last pit is not empty",
        {},
        [0, 0, 0, 0, 1, 1, 20, 0, 0, 0, 0, 0, 2, 24],
        0,
        [
            (4, [0, 0, 0, 0, 0, 2, 20, 0, 0, 0, 0, 0, 2, 24], 1),
            (5, [0, 0, 0, 0, 1, 0, 21, 0, 0, 0, 0, 0, 2, 24], 0),
        ],
    ),
    (
        "eight pits: the second row ends at the board's last pit, before the store",
        KALAH_8,
        [1, 2, 3, 4, 5, 6, 7, 0, 10, 0, 0, 0, 0, 0, 0, 0, 1, 9],
        1,
        [(7, [0, 0, 0, 0, 0, 0, 0, 0, 38, 0, 0, 0, 0, 0, 0, 0, 0, 10], None)],
    ),
    (
        "eight pits: a second row holding seeds only in its first pit is not empty",
        KALAH_8,
        [1, 0, 0, 0, 0, 0, 0, 2, 10, 3, 0, 0, 0, 0, 0, 0, 0, 32],
        0,
        [
            (0, [0, 1, 0, 0, 0, 0, 0, 2, 10, 3, 0, 0, 0, 0, 0, 0, 0, 32], 1),
            (7, [1, 0, 0, 0, 0, 0, 0, 0, 11, 4, 0, 0, 0, 0, 0, 0, 0, 32], 1),
        ],
    ),
]


@pytest.mark.parametrize(("rule", "options", "board", "player", "children"), ROW_ENDS, ids=str)
def test_rows_are_read_pit_by_pit_to_their_ends(
    core: ModuleType,
    rule: str,
    options: dict[str, Any],
    board: list[int],
    player: int,
    children: list[tuple[int, list[int], Any]],
) -> None:
    """The native core reads a row in one 8-byte load: its first and last pits count, the
    stores beside it do not (Kalah's end: a row is empty, each banks their own row)."""
    rules = get_variant("kalah", **options)
    spec = kernel_spec(rules)
    assert core.children(spec, board, player) == children
    assert list(generic_children(rules)(board, player)) == children


def float_bits(value: Any) -> Any:
    """``value`` with every number as the hex of its float (a zero's sign shows: -0x0.0p+0)."""
    if isinstance(value, dict):
        return {k: float_bits(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [float_bits(v) for v in value]
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value).hex()
    return value


STORES_ONLY: list[dict[str, Any]] = [
    {"heuristic": "diff", "ordering": False, "table": False, "exact_wins": False},
    {"heuristic": "store"},
    {"weights": (1.0, 0.0, 0.0, 0.0)},
]


@pytest.mark.parametrize("name", ["kalah", "oware"])
@pytest.mark.parametrize("params", STORES_ONLY, ids=str)
def test_stores_only_values_are_the_same_to_the_bit(
    core: ModuleType, name: str, params: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The native core skips the row terms of a heuristic whose row weights are +0.0 (adding
    0.0 instead): the values stay the pure search's to the bit, a zero's sign included."""
    for state in random_positions(get_variant(name), 4, seed=8):
        fast, slow = on_both(
            core, monkeypatch, lambda s=state: decide("minimax", s, Limit(depth=5), **params)
        )
        assert float_bits(fast) == float_bits(slow), state
