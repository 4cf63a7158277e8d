"""The evolutionary agent: how a plan is valued (the opponent's replies, searched or greedy), and
the timed levels' deepening."""

from __future__ import annotations

import random
import time

import pytest

from engine import get_variant
from engine.agents import Deadline, Limit, make_agent
from engine.agents.heuristics import WIN, final_value, make_evaluator
from engine.core import Rules, State
from engine.solver import Solver
from engine.solver import table as tables


def _minimax(state: State, depth: int, me: int, rules: Rules, evaluate) -> float:
    if state.is_over:
        return final_value(state.board, rules, me)
    if depth == 0:
        return float(evaluate(state.board))
    values = [_minimax(state.play(m), depth - 1, me, rules, evaluate) for m in state.legal_moves()]
    return max(values) if state.to_move == me else min(values)


def _plan_value(state: State, reply: int, me: int, rules: Rules, evaluate) -> float | None:
    """What a one-turn plan ending in ``state`` is worth: the opponent answers greedily (the
    reply that banks them most, the first such) or by a ``reply``-ply minimax, whose value is
    the plan's.  None where the opponent is not the one to move (not compared)."""
    if state.is_over:
        return final_value(state.board, rules, me)
    if state.to_move == me:
        return None
    if reply:
        return _minimax(state, reply, me, rules, evaluate)
    store = rules.store(1 - me)
    after = max((state.play(m) for m in state.legal_moves()), key=lambda s: s.board[store])
    if after.is_over:
        return final_value(after.board, rules, me)
    return float(evaluate(after.board)) if after.to_move == me else None


@pytest.mark.parametrize("variant", ["oware", "toguz_kumalak"])  # a board kernel, and states
@pytest.mark.parametrize("reply", [0, 1, 2, 3])
def test_a_plan_is_valued_after_the_opponents_reply(variant: str, reply: int) -> None:
    rules = get_variant(variant)
    rng = random.Random(reply)
    checked = 0
    for _ in range(6):
        state = rules.initial_state()
        for _ in range(rng.randrange(2, 30)):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if state.is_over or len(state.legal_moves()) < 2:
            continue
        me = state.to_move
        assert me is not None
        evaluate = make_evaluator(rules, me, "mix")
        expected = {
            m: _plan_value(state.play(m), reply, me, rules, evaluate) for m in state.legal_moves()
        }
        if None in expected.values():
            continue
        agent = make_agent(
            "evolutionary", seed=5, horizon=1, reply=reply, heuristic="mix", population=2
        )
        decision = agent.choose(state, Limit(iterations=1))
        assert decision.move_values == pytest.approx(expected)
        assert decision.extra["reply"] == reply
        checked += 1
    assert checked >= 3


def test_a_timed_run_deepens_the_replies_while_its_time_lasts() -> None:
    state = get_variant("kalah").initial_state().play(2)
    params = {"reply": 2, "deepen": True, "heuristic": "mix", "generations": 1000}
    # The search's own CPU time within its 0.3 s (wall time would count the moments a loaded
    # machine gave the thread nothing; a search that ignored its clock would still overrun).
    start = time.thread_time()
    decision = make_agent("evolutionary", seed=1, **params).choose(state, Limit(seconds=0.3))
    assert time.thread_time() - start <= 0.3 + 0.05
    assert decision.move in state.legal_moves() and decision.extra["reply"] > 2
    assert set(decision.move_values) == set(state.legal_moves())
    # Without a clock (a generation limit) there is no deepening, and without `deepen` neither.
    fixed = make_agent("evolutionary", seed=1, **params).choose(state, Limit(iterations=50))
    assert fixed.extra["reply"] == 2
    params["deepen"] = False
    plain = make_agent("evolutionary", seed=1, **params).choose(state, Limit(seconds=0.1))
    assert plain.extra["reply"] == 2


def test_a_timed_run_deepens_up_to_max_reply_and_stops_once_converged_there() -> None:
    state = get_variant("kalah").initial_state().play(2)
    params = {"reply": 2, "deepen": True, "max_reply": 3, "heuristic": "mix", "generations": 1000}
    decision = make_agent("evolutionary", seed=1, **params).choose(state, Limit(seconds=60))
    assert decision.extra["reply"] == 3
    # Converged at its deepest search it moves at once, not after breeding all 1000 generations.
    assert decision.extra["generations"] < 100
    with pytest.raises(ValueError, match="reply <= max_reply"):
        make_agent("evolutionary", reply=3, max_reply=2)


def test_evolutionary_levels_search_replies_deeper_as_they_go_up() -> None:
    from engine.agents.levels import CONFIGS

    configs = CONFIGS["evolutionary"]
    named = {name for config in configs.values() for name in config.variants}
    for variant in ("kalah", "oware", *named):
        replies = [
            {**configs[level].params, **configs[level].variants.get(variant, {})}.get("reply", 0)
            for level in ("easy", "medium", "hard")
        ]
        assert replies == sorted(replies) and replies[0] < replies[-1], variant
    assert all(configs[level].params["deepen"] for level in ("expert", "master", "perfect"))
    with pytest.raises(ValueError, match="0 <= reply"):
        make_agent("evolutionary", reply=-1)


def test_each_timed_evolutionary_level_searches_deeper_replies_than_the_one_below() -> None:
    """Time buys an evolutionary search little, so a timed level's reply search is capped
    below the next one's: Expert below Master, and in Oware (no tables) Master below Perfect."""
    from engine.agents.evolutionary import MAX_REPLY
    from engine.agents.levels import CONFIGS

    configs = CONFIGS["evolutionary"]

    def cap(level: str, variant: str) -> int:
        params = {**configs[level].params, **configs[level].variants.get(variant, {})}
        return int(params.get("max_reply", MAX_REPLY))

    for variant in ("kalah", "oware", "relay"):
        assert cap("expert", variant) < cap("master", variant) <= cap("perfect", variant)
    assert cap("master", "oware") < cap("perfect", "oware")


def test_a_level_plays_each_variant_with_its_own_parameters() -> None:
    """Medium searches the replies two plies, in Oware one (``LevelConfig.variants``)."""
    agent = make_agent(level="medium", algorithm="evolutionary", seed=3)
    assert agent.level == "medium" and agent.name == "evolutionary"
    for variant, reply in (("kalah", 2), ("oware", 1), ("relay", 2)):
        state = get_variant(variant).initial_state()
        decision = agent.choose(state)
        assert decision.extra["reply"] == reply and decision.move in state.legal_moves()
        assert decision.extra["generations"] == 10
        alone = make_agent(
            "evolutionary",
            seed=3,
            generations=10,
            population=20,
            horizon=2,
            reply=reply,
            heuristic="mix",
        ).choose(state, Limit(seconds=0.5))
        assert (alone.move, alone.move_values) == (decision.move, decision.move_values)
        searched = agent.search(state, Limit(seconds=0.5), Deadline(0.5))  # as Perfect calls it
        assert searched.extra["reply"] == reply
    agent.reset()


def test_plans_ending_within_the_endgame_table_are_valued_exactly(tmp_path, monkeypatch) -> None:
    """With ``endgame`` a Kalah position with few seeds left is valued from the table: the best
    plan's value is the solver's final margin, and its first move keeps it."""
    rules = get_variant("kalah")
    for budget in ("TABLE_BYTES", "PY_TABLE_BYTES"):  # the rule set's table: 8 seeds
        monkeypatch.setattr(tables, budget, tables.count(8, 6))
    assert tables.prepare(rules, tmp_path) is not None
    state = rules.position([0, 2, 0, 1, 2, 0, 21, 1, 0, 1, 0, 1, 0, 19], 0)  # 8 seeds
    solution = Solver(rules, table_seeds=0).solve(state)
    params = {"population": 20, "generations": 10, "horizon": 2, "reply": 2}
    exact = make_agent("evolutionary", seed=3, endgame=True, tables=str(tmp_path), **params)
    decision = exact.choose(state, Limit())
    assert decision.value == (WIN if solution.value > 0 else -WIN) + solution.value
    assert solution.move_values[decision.move] == solution.value
    guessed = make_agent("evolutionary", seed=3, **params).choose(state, Limit())
    assert guessed.value != decision.value  # the heuristic alone says something else
