"""Agents: crafted tactics, agreement with a brute-force solve, determinism, legality, time."""

from __future__ import annotations

import random
import time
from functools import cache
from typing import Any

import pytest

from engine import get_variant, variant_names
from engine.agents import AGENTS, ALGORITHMS, LEVELS, Limit, make_agent, parse_spec
from engine.agents.heuristics import HEURISTICS, WIN
from tests.engine.variant_options import all_rule_sets

KALAH = get_variant("kalah")


def test_minimax_takes_a_capture() -> None:
    #     1  1  1 10  1  1
    # 21                     8
    #     3  0  1  0  0  0      A (3 seeds) ends in empty D and takes the 10 in c
    state = KALAH.position([3, 0, 1, 0, 0, 0, 8, 1, 1, 10, 1, 1, 1, 21], 0)
    decision = make_agent("minimax").choose(state, Limit(depth=1))
    assert decision.move == 0


@pytest.mark.parametrize("player", [0, 1])
def test_minimax_wins_through_a_chain_of_extra_turns(player: int) -> None:
    #     1  1  1  1  1  1
    # 17                    22
    #     0  0  0  0  2  1      F+, E+, F+ empties the row first: 25-23; any other order draws
    board = [0, 0, 0, 0, 2, 1, 22, 1, 1, 1, 1, 1, 1, 17]
    if player == 1:
        board = board[7:] + board[:7]
    state = KALAH.position(board, player)
    decision = make_agent("minimax").choose(state, Limit(depth=6))
    assert decision.pv[:3] == (5, 4, 5)
    assert decision.value == WIN + 2


def test_minimax_finds_an_oware_chain_capture() -> None:
    #     0  0  5  1  2  1
    # 22                    10
    #     4  0  0  0  0  3      F takes c, b and a (7 seeds); A takes nothing
    state = get_variant("oware").position([4, 0, 0, 0, 0, 3, 10, 1, 2, 1, 5, 0, 0, 22], 0)
    assert make_agent("minimax").choose(state, Limit(depth=2)).move == 5


@cache
def _solve(board: tuple[int, ...], to_move: int) -> int:
    """Exact final margin (player 0 minus player 1) of Kalah(3, 2) under perfect play."""
    state = get_variant("kalah", pits=3, seeds=2).position(board, to_move)
    values = []
    for move in state.legal_moves():
        after = state.play(move)
        if after.is_over:
            values.append(after.scores[0] - after.scores[1])
        else:
            values.append(_solve(after.board, after.to_move))
    return max(values) if to_move == 0 else min(values)


def test_minimax_values_equal_a_brute_force_solve_of_kalah_3_2() -> None:
    rules = get_variant("kalah", pits=3, seeds=2)
    rng = random.Random(5)
    positions = []
    for _ in range(60):
        state = rules.initial_state(rng.choice((0, 1)))
        while not state.is_over:
            positions.append(state)
            state = state.play(rng.choice(state.legal_moves()))
    assert positions[0] == rules.initial_state(positions[0].to_move)
    for state in positions[:300]:
        margin = _solve(state.board, state.to_move)
        mine = margin if state.to_move == 0 else -margin
        expected = 0.0 if mine == 0 else (WIN + mine if mine > 0 else -WIN + mine)
        for table in (True, False):
            agent = make_agent("minimax", table=table)
            decision = agent.choose(state, Limit(depth=40))
            if len(state.legal_moves()) > 1:
                assert decision.value == expected, state
            after = state.play(decision.move)
            achieved = (
                after.scores[0] - after.scores[1]
                if after.is_over
                else _solve(after.board, after.to_move)
            )
            assert achieved == margin, (state, decision.move)


@pytest.mark.parametrize("name", ["mcts", "evolutionary", "minimax", "greedy", "random"])
def test_agents_are_deterministic_for_a_seed(name: str) -> None:
    limit = Limit(depth=4) if name == "minimax" else Limit(iterations=200)
    for variant in ("kalah", "oware"):
        state = get_variant(variant).initial_state().play(1)
        first = make_agent(name, seed=11).choose(state, limit).to_dict()
        again = make_agent(name, seed=11).choose(state, limit).to_dict()
        first.pop("seconds"), again.pop("seconds")
        assert first == again


def test_mcts_reports_visits_and_win_rates_and_reuses_its_tree() -> None:
    agent = make_agent("mcts", seed=3)
    state = KALAH.initial_state()
    decision = agent.choose(state, Limit(iterations=500))
    visits = decision.extra["visits"]
    assert sum(visits.values()) == 500 and len(visits) == 6
    assert all(0.0 <= v <= 1.0 for v in decision.move_values.values())
    assert visits[str(decision.move)] == max(visits.values())
    state = state.play(decision.move)
    while state.to_move == 0:
        state = state.play(state.legal_moves()[0])
    state = state.play(state.legal_moves()[0])
    if state.to_move == 0:
        again = agent.choose(state, Limit(iterations=100))
        assert again.extra["reused_visits"] > 0


@pytest.mark.parametrize("rules", all_rule_sets()[::7] + [get_variant(n) for n in variant_names()])
def test_every_agent_plays_legal_moves_in_every_variant(rules) -> None:
    rng = random.Random(8)
    agents = [
        make_agent("random", seed=1),
        make_agent("greedy", seed=1),
        make_agent("minimax", seed=1, heuristic=rng.choice(HEURISTICS)),
        make_agent("mcts", seed=1),
        make_agent("evolutionary", seed=1),
    ]
    state = rules.initial_state()
    limits = {"minimax": Limit(depth=3), "mcts": Limit(iterations=30)}
    plies = 0
    while not state.is_over and plies < 200:
        agent = agents[plies % len(agents)]
        decision = agent.choose(state, limits.get(agent.name, Limit(iterations=3)))
        assert decision.move in state.legal_moves()
        state = state.play(decision.move)
        plies += 1


@pytest.mark.parametrize("name", ["minimax", "mcts", "evolutionary"])
def test_time_limits_hold(name: str) -> None:
    agent = make_agent(name, seed=2)
    state = get_variant("oware").initial_state().play(2).play(3)
    # The CPU the search spent, not the wall time: a loaded machine (CI's two workers, other
    # sessions) stretches the wall time past the deadline without the search running longer,
    # while a search that overran its deadline would have spent the CPU.
    start = time.process_time()
    decision = agent.choose(state, Limit(seconds=0.3))
    spent = time.process_time() - start
    assert decision.move in state.legal_moves()
    assert spent <= 0.3 + 0.05
    assert decision.nodes > 0


def test_levels_and_algorithms() -> None:
    assert LEVELS == ("beginner", "easy", "medium", "hard", "expert", "master", "perfect")
    state = KALAH.initial_state().play(0)
    for algorithm in ALGORITHMS:
        for level in ("beginner", "easy"):
            agent = make_agent(level=level, algorithm=algorithm, seed=1)
            assert agent.level == level
            assert agent.choose(state).move in state.legal_moves()
    assert make_agent(level="expert").default_limit.seconds <= 1.0
    assert make_agent(level="master").default_limit.seconds <= 3.0


def test_monte_carlo_levels_leave_room_above_expert() -> None:
    """MCTS Expert is limited by playouts (four times Hard's), so Master's time is a real step;
    Master and Perfect explore less (c 0.5) with greedy playouts."""
    hard = make_agent(level="hard", algorithm="mcts")
    expert = make_agent(level="expert", algorithm="mcts")
    master = make_agent(level="master", algorithm="mcts")
    assert hard.default_limit.iterations is not None
    assert expert.default_limit.iterations == 4 * hard.default_limit.iterations
    assert expert.default_limit.seconds <= 1.0
    assert master.default_limit.iterations is None  # limited by its time alone
    assert master.c < expert.c and master.playout_policy == "greedy"


def test_monte_carlo_levels_keep_their_tree() -> None:
    """Every Monte-Carlo level keeps its tree between moves (a kept tree holds only the new
    root's subtree, so ``node_limit`` does not freeze it: tests/engine/test_mcts_tree.py)."""
    for level in ("expert", "master"):
        agent = make_agent(level=level, algorithm="mcts", seed=1)
        state = KALAH.initial_state()
        first = agent.choose(state, Limit(iterations=300))
        second = agent.choose(state.play(first.move), Limit(iterations=300))
        assert second.extra["reused_visits"] > 0, level
    perfect: Any = make_agent(level="perfect", algorithm="mcts", seed=1)
    assert perfect.fallback.reuse is True


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": "alphazero"}, "unknown agent 'alphazero'"),
        ({"level": "grandmaster"}, "unknown level 'grandmaster'"),
        ({"level": "easy", "algorithm": "qlearning"}, "unknown algorithm 'qlearning'"),
        ({"name": "minimax", "heuristic": "vibes"}, "unknown heuristic 'vibes'"),
        ({"name": "minimax", "depth": 3}, "bad parameters for minimax"),
        ({"name": "mcts", "playout": "smart"}, "unknown playout 'smart'"),
    ],
)
def test_bad_agent_settings_raise_value_error(kwargs, message) -> None:
    name = kwargs.pop("name", None)
    with pytest.raises(ValueError, match=message):
        make_agent(name, **kwargs)


def test_specs() -> None:
    agent = parse_spec("minimax:depth=6,heuristic=mix")
    assert agent.default_limit == Limit(depth=6) and agent.heuristic == "mix"
    assert parse_spec("mcts:iterations=50,c=0.7").c == 0.7
    assert parse_spec("expert:algorithm=mcts").name == "mcts"
    assert set(AGENTS) == {"random", "greedy", "minimax", "mcts", "evolutionary"}
    assert parse_spec("mcts:reuse=false").reuse is False  # not the string "false"
    assert parse_spec("mcts:reuse=True").reuse is True
    with pytest.raises(ValueError, match="a level takes no agent parameters"):
        parse_spec("master:algorithm=mcts,reuse=0")  # would be silently ignored


def test_shipped_tuned_weights_are_the_evolved_ones() -> None:
    import json
    from pathlib import Path

    from engine.agents.heuristics import FEATURES, TUNED_WEIGHTS

    data = json.loads((Path(__file__).parents[2] / "engine/data/tuned-weights.json").read_text())
    assert data["features"] == list(FEATURES)
    assert {k: list(v) for k, v in TUNED_WEIGHTS.items()} == data["weights"]
    assert parse_spec("minimax:weights=1/0.5/0/0.25").weights == (1.0, 0.5, 0.0, 0.25)


def test_weights_files_are_read_by_the_command_line_front_ends() -> None:
    from engine.cli.evolve_weights import DEFAULT_OUT, resolve_weights_file

    spec = resolve_weights_file(f"minimax:depth=2,weights_file={DEFAULT_OUT}", "oware")
    from engine.agents.heuristics import TUNED_WEIGHTS

    assert spec == "minimax:depth=2,weights=" + "/".join(map(str, TUNED_WEIGHTS["oware"]))
    assert parse_spec(spec).weights == TUNED_WEIGHTS["oware"]
    with pytest.raises(ValueError, match="no weights for 'relay'"):
        resolve_weights_file(f"minimax:weights_file={DEFAULT_OUT}", "relay")
