"""Perfect and the analysis share one fallback (issue 34): where no book, table or solver gives
an exact value, Perfect with ``one_fallback`` plays the best move of the values the analysis
shows (``engine.agents.exact_first.estimate``), the same values and the same best move, natively
and in pure Python alike."""

from __future__ import annotations

from functools import partial
from types import ModuleType
from typing import Any

import pytest

from engine import get_variant
from engine.agents import exact_first
from engine.agents.base import Limit
from engine.agents.levels import level_agent
from engine.agents.perfect import ONE_FALLBACK_ON, PerfectAgent, one_fallback_plays, solver_for
from engine.core import Rules, State
from tests.engine.native_cores import native_core, on_both, random_positions

PLAN = 0.02
"""Planned seconds of each search (4,000 nodes: quick in pure Python too)."""
RULE_SETS = [
    get_variant("oware"),
    get_variant("kalah", leftovers="none"),
    get_variant("kalah", end="mover_cannot_move"),
]
"""Rule sets the fallback decides: no book, no solver, no table (tables=None)."""


@pytest.fixture(scope="module")
def core() -> ModuleType:
    return native_core()


def perfect(one_fallback: bool = True) -> PerfectAgent:
    """The Perfect level, the shared fallback on or off, planning :data:`PLAN` seconds."""
    agent = level_agent("perfect", seed=5)
    assert isinstance(agent, PerfectAgent)
    agent.one_fallback_on = ("kalah", "oware") if one_fallback else ()
    agent.fallback_seconds = PLAN
    return agent


def positions(rules: Rules) -> list[State]:
    return random_positions(rules, 4, seed=34)


def played(state: State) -> dict[str, Any]:
    """Perfect's decision in ``state`` with no time limit (the fallback's plan), as a dict."""
    return perfect().choose(state, Limit()).to_dict()


def names(rules: Rules) -> str:
    return f"{rules.name}-{rules.options}"


@pytest.mark.parametrize("rules", RULE_SETS, ids=names)
def test_the_fallback_decides_here(rules: Rules) -> None:
    assert solver_for(rules, None) is None
    assert one_fallback_plays(rules)


@pytest.mark.parametrize("rules", RULE_SETS, ids=names)
def test_perfect_plays_the_best_move_the_analysis_shows(rules: Rules) -> None:
    for state in positions(rules):
        shown = exact_first.evaluation(state, None, PLAN)
        assert not shown.capped
        decision = perfect().choose(state, Limit())
        assert decision.extra["fallback"] == "analysis"
        assert not decision.extra["solved"]
        assert decision.move_values == shown.values
        assert decision.move == shown.best
        assert decision.value == shown.value
        assert decision.exact == shown.all_exact


@pytest.mark.parametrize("rules", RULE_SETS, ids=names)
def test_the_shared_fallback_is_the_same_natively_and_in_pure_python(
    rules: Rules, core: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    for state in positions(rules):
        fast, slow = on_both(core, monkeypatch, partial(played, state))
        del fast["seconds"], slow["seconds"]
        assert fast == slow


def test_with_a_time_limit_it_plays_the_best_of_the_values_it_shows() -> None:
    state = positions(get_variant("oware"))[0]
    decision = perfect().choose(state, Limit(seconds=0.2))
    assert decision.extra["fallback"] == "analysis"
    best = max(decision.move_values.values())
    assert decision.value == best
    assert decision.move == min(m for m, v in decision.move_values.items() if v == best)


def test_off_it_plays_the_level_search_as_before() -> None:
    state = positions(get_variant("oware"))[0]
    decision = perfect(one_fallback=False).choose(state, Limit(seconds=0.2))
    assert "fallback" not in decision.extra
    assert not decision.extra["solved"]


def test_the_level_agent_has_the_measured_default() -> None:
    agent = level_agent("perfect")
    assert isinstance(agent, PerfectAgent)
    assert agent.one_fallback_on == ONE_FALLBACK_ON
