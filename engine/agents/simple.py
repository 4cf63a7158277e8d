"""The two simplest agents: random, and greedy (best immediate gain)."""

from __future__ import annotations

from engine.agents.base import Agent, Deadline, Decision, Limit
from engine.core import State


class RandomAgent(Agent):
    """Plays a uniformly random legal move."""

    name = "random"

    def search(self, state: State, limit: Limit, clock: Deadline) -> Decision:
        move = self.rng.choice(state.legal_moves())
        return Decision(move, nodes=1, pv=(move,))


class GreedyAgent(Agent):
    """Plays the move that gains the most for the mover right now (store difference after it).

    Ties are broken at random (with the agent's seed), so greedy play is not all the same game.
    """

    name = "greedy"

    def search(self, state: State, limit: Limit, clock: Deadline) -> Decision:
        me = state.to_move
        values: dict[int, float] = {}
        for move in state.legal_moves():
            after = state.play(move)
            mine, theirs = after.scores if me == 0 else after.scores[::-1]
            # A move that keeps the turn is worth a little more than the seeds it banks.
            values[move] = mine - theirs + (0.5 if after.to_move == me else 0.0)
        best = max(values.values())
        move = self.rng.choice([m for m, v in values.items() if v == best])
        return Decision(
            move, value=best, depth=1, nodes=len(values), pv=(move,), move_values=values
        )
