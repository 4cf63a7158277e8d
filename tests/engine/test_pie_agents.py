"""The computer and the pie rule: offered the swap, every level decides from its own values for
the mover (exact ones where it solves the position), and the same on the native core as in pure
Python; as the opener it plays the move nearest even.

Kalah 4x3 with the pie rule, by the solver (the second player's final margin, both playing
perfectly): after B then C the second player is at -6 (swap: +6); after A at +6 (sow on).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import get_variant
from engine.agents import ALGORITHMS, LEVELS, Limit, make_agent
from engine.core import SWAP
from engine.solver import Solver
from tests.engine.native_cores import native_core, on_both

SMALL = get_variant("kalah", pits=4, seeds=3, pie=True)
STRONG = SMALL.initial_state().play(1).play(2)  # B3+ C4: the opener's turn ends 2-0 ahead
WEAK = SMALL.initial_state().play(0)  # A3: the opener gave the edge away
TRUSTED = [
    (level, algorithm)
    for algorithm in ALGORITHMS
    for level in LEVELS
    if (level, algorithm) != ("beginner", "mcts")  # 20 playouts: see the test below
]


def test_the_solver_says_which_openings_are_worth_a_swap() -> None:
    solver = Solver(SMALL)
    assert STRONG.can_swap and solver.solve(STRONG, each_move=False).value == -6
    assert WEAK.can_swap and solver.solve(WEAK, each_move=False).value == 6
    # Swapping turns the position round: the swapper then holds the opener's exact value.
    assert solver.solve(STRONG.play(SWAP), each_move=False).value == -6


@pytest.mark.parametrize(("level", "algorithm"), TRUSTED)
def test_every_level_swaps_after_a_strong_opening_and_not_after_a_weak_one(
    level: str, algorithm: str
) -> None:
    strong = make_agent(level=level, algorithm=algorithm, seed=1).choose(STRONG)
    assert strong.move == SWAP and strong.extra["swap"] is True
    weak = make_agent(level=level, algorithm=algorithm, seed=1).choose(WEAK)
    assert weak.move in WEAK.legal_moves() and weak.extra["swap"] is False


def test_the_weakest_monte_carlo_level_can_swap_too() -> None:
    # 20 random playouts a move make its value noisy: it swaps after the strong opening with
    # some seeds, and the move is always a legal action.
    moves = [
        make_agent(level="beginner", algorithm="mcts", seed=s).choose(STRONG).move for s in range(8)
    ]
    assert SWAP in moves and all(m == SWAP or m in STRONG.legal_moves() for m in moves)


def test_perfect_swaps_from_the_exact_value() -> None:
    decision = make_agent(level="perfect", seed=3).choose(STRONG)
    assert decision.exact and decision.move == SWAP and decision.value == 6
    decision = make_agent(level="perfect", seed=3).choose(WEAK)
    assert decision.exact and decision.move in WEAK.legal_moves() and decision.value == 6


def test_the_random_agent_swaps_as_often_as_it_plays_any_one_pit() -> None:
    agent = make_agent("random", seed=5)
    moves = [agent.choose(STRONG).move for _ in range(400)]
    share = moves.count(SWAP) / len(moves)
    assert 0.1 < share < 0.3  # one action of five (four pits and the swap)


def test_an_agent_counting_its_own_seeds_only_swaps_when_the_opener_leads_in_store() -> None:
    # The "store" heuristic's values are not zero-sum: it judges by the stores (opener ahead).
    agent = make_agent("minimax", heuristic="store", seed=1)
    assert STRONG.scores == (2, 0) and agent.choose(STRONG, Limit(depth=2)).move == SWAP
    assert WEAK.scores == (0, 0) and agent.choose(WEAK, Limit(depth=2)).move != SWAP


def test_as_the_opener_perfect_plays_towards_the_even_end_of_its_first_turn() -> None:
    # The first turn's ends by the solver, for the second player: B3+ C4 -6, B3+ D -6, C -2,
    # B3+ A 0, D +2, A +6.  The other player takes the better side of each, so the opener gets
    # minus its distance from even: B then A (even) is the one to play.
    # Without a time limit (Limit()): the ends are solved whatever the machine's load (in pure
    # Python at a load of 15 a timed end could fall back on an estimate); the time Perfect takes
    # is the benchmarks' business.
    untimed = Limit()
    agent = make_agent(level="perfect", seed=3)
    decision = agent.choose(SMALL.initial_state(), untimed)
    assert (decision.move, decision.pv, decision.value) == (1, (1, 0), 0.0)
    assert decision.move_values == {0: -6.0, 1: 0.0, 2: -2.0, 3: -2.0}
    assert decision.extra["ends"] == 6
    after = SMALL.initial_state().play(1)  # B3+: the turn goes on, and so does the aim
    assert agent.choose(after, untimed).pv == (0,)
    plain = get_variant("kalah", pits=4, seeds=3).initial_state()
    assert make_agent(level="perfect", seed=3).choose(plain, untimed).value == 6  # no pie: the best


def test_no_swap_is_chosen_once_the_offer_is_gone() -> None:
    after = STRONG.play(0)
    for level in ("medium", "expert"):
        assert make_agent(level=level, seed=1).choose(after).move in after.legal_moves()


@pytest.mark.parametrize(
    ("name", "params", "limit"),
    [
        ("minimax", {"heuristic": "mix"}, Limit(depth=6)),
        ("mcts", {}, Limit(iterations=400)),
        ("evolutionary", {"heuristic": "mix"}, Limit(iterations=50)),
    ],
)
def test_the_pie_decisions_are_the_same_on_the_native_core_and_in_pure_python(
    monkeypatch: pytest.MonkeyPatch, name: str, params: dict[str, Any], limit: Limit
) -> None:
    core = native_core()
    kalah = get_variant("kalah", pie=True)
    for state in (STRONG, WEAK, kalah.initial_state().play(2).play(5), SMALL.initial_state()):

        def decide(s: Any = state) -> tuple[int, float | None, tuple[int, ...], Any]:
            d = make_agent(name, seed=7, **params).choose(s, limit)
            return d.move, d.value, d.pv, d.extra.get("swap")

        fast, slow = on_both(core, monkeypatch, decide)
        assert fast == slow


@pytest.mark.parametrize(
    "rules",
    [
        get_variant("kalah", pits=3, seeds=1, pie=True),
        get_variant("kalah", pits=8, seeds=8, empty_capture=True, pie=True),
        get_variant("kalah", end="mover_cannot_move", leftovers="none", pie=True),
        get_variant("oware", pie=True),
        get_variant("oware", grand_slam="illegal", pie=True),
    ],
    ids=repr,
)
def test_every_agent_plays_legal_actions_to_the_end_with_the_pie_rule(rules: Any) -> None:
    agents = [
        make_agent("random", seed=1),
        make_agent("greedy", seed=1),
        make_agent("minimax", seed=1, heuristic="store"),
        make_agent("mcts", seed=1),
        make_agent("evolutionary", seed=1),
    ]
    limits = {"minimax": Limit(depth=3), "mcts": Limit(iterations=30)}
    for first in (0, 1):
        for n in range(len(agents)):
            state, plies = rules.initial_state(first), 0
            while not state.is_over and plies < 200:
                player = agents[(n + plies) % len(agents)]
                move = player.choose(state, limits.get(player.name, Limit(iterations=3))).move
                assert move in state.legal_moves() or (move == SWAP and state.can_swap)
                seeds = sum(state.board)
                state = state.play(move)
                assert sum(state.board) == seeds
                plies += 1


# Kalah 6x4 by the solver (engine.solver, 18-seed table; minutes each, so not solved here): the
# second player's final margin after C4+ F5 is -8 (C is the opener's +8, the published value of
# the start) and after C4+ A5 it is +6 (the opener gave the edge away).
KALAH = get_variant("kalah", pie=True)
AFTER_C_F = KALAH.initial_state().play(2).play(5)
AFTER_C_A = KALAH.initial_state().play(2).play(0)


@pytest.mark.parametrize(("level", "depth"), [("medium", None), ("hard", 5), ("expert", 9)])
def test_on_6x4_the_computer_swaps_after_c_and_not_after_a_bad_opening(
    level: str, depth: int | None
) -> None:
    limit = Limit(depth=depth) if depth else None
    swapped = make_agent(level=level, seed=1).choose(AFTER_C_F, limit)
    assert swapped.move == SWAP and swapped.value is not None and swapped.value > 0
    sowed = make_agent(level=level, seed=1).choose(AFTER_C_A, limit)
    assert sowed.move in AFTER_C_A.legal_moves() and sowed.extra["swap"] is False
