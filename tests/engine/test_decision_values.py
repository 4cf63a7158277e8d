"""An agent's decision names the best of its own move values (what the UI shows on the pits
and in the line under the board): one search, one move."""

from __future__ import annotations

import random

import pytest

from engine import get_variant
from engine.agents import LEVELS, Limit
from engine.agents.levels import CONFIGS, level_agent
from engine.core import State


def positions() -> list[State]:
    """A few positions of Kalah 6x4, Oware and Kalah 4x3, from the start to the middle game."""
    rng = random.Random(11)
    out = []
    small = get_variant("kalah", pits=4, seeds=3)
    for rules in (get_variant("kalah"), get_variant("oware"), small):
        for plies in (0, 7, 16):
            state = rules.initial_state()
            for _ in range(plies):
                if state.is_over:
                    break
                state = state.play(rng.choice(state.legal_moves()))
            if not state.is_over and len(state.legal_moves()) > 1:
                out.append(state)
    return out


def limit_of(level: str, algorithm: str) -> Limit:
    """The level's own limit, its time cut to 0.1 s (the timed levels: a shared machine)."""
    config = CONFIGS[algorithm][level]
    return Limit(min(config.seconds, 0.1), config.depth, config.iterations)


@pytest.mark.parametrize("algorithm", ["minimax", "evolutionary"])
@pytest.mark.parametrize("level", LEVELS)
def test_the_move_is_the_best_of_the_move_values(level: str, algorithm: str) -> None:
    for i, state in enumerate(positions()):
        decision = level_agent(level, algorithm, seed=i).choose(state, limit_of(level, algorithm))
        values = decision.move_values
        assert values, (level, algorithm, state)
        if decision.extra.get("random"):  # a deliberate slip (Beginner), flagged as one
            continue
        assert values[decision.move] == max(values.values()), (level, algorithm, state)
        if decision.value is not None:
            assert decision.value == values[decision.move]
