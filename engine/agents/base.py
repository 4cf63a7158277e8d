"""What every agent shares: ``choose`` around its own ``search`` (the limit, the decision and the
deadline clock it uses are :mod:`engine.agents.decision`'s, named here too)."""

from __future__ import annotations

import random
import time

from engine.agents.decision import Deadline, Decision, Limit
from engine.core import State

__all__ = ["Agent", "Deadline", "Decision", "Limit"]


class Agent:
    """Base class: ``choose(state, limit)`` returns a :class:`Decision` with a legal move.

    Agents are deterministic for a given seed under a depth or iteration limit.
    """

    name = "agent"
    level: str | None = None

    def __init__(self, seed: int | None = None, limit: Limit | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.default_limit = limit or Limit(seconds=1.0)

    def choose(self, state: State, limit: Limit | None = None) -> Decision:
        legal = state.legal_moves()
        if not legal:
            raise ValueError("the game is over: there is no move to choose")
        limit = limit or self.default_limit
        seconds = limit.seconds
        # Stop searching a little early so that wrapping up stays inside the time limit.
        clock = Deadline(seconds, margin=min(0.03, 0.1 * seconds) if seconds else 0.0)
        if state.opener is not None:  # the pie rule's opening: the swap is offered or to come
            from engine.agents import pie

            decision = pie.decide(self, state, limit, clock)
        elif len(legal) == 1:
            decision = Decision(legal[0], nodes=0, pv=(legal[0],))
        else:
            decision = self.search(state, limit, clock)
        decision.seconds = time.perf_counter() - clock.start
        decision.agent = self.describe()
        return decision

    def search(self, state: State, limit: Limit, clock: Deadline) -> Decision:
        raise NotImplementedError

    def even_value(self, state: State, decision: Decision) -> float | None:
        """The value of an even game on the scale of ``decision`` (searched in ``state``): 0
        for a margin or a store difference; None when the value is not zero-sum (a heuristic
        of the mover's own seeds alone) or there is none."""
        return None if decision.value is None else 0.0

    def describe(self) -> str:
        return self.name

    def reset(self) -> None:
        """Forget anything kept between the moves of one game (e.g. a reused search tree)."""
