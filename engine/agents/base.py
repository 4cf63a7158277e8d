"""What every agent shares: the search limit, the decision it returns, and the deadline clock."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from engine.core import State


@dataclass(frozen=True)
class Limit:
    """How long an agent may think: any of wall time, search depth and iterations (playouts)."""

    seconds: float | None = None
    depth: int | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        for name in ("seconds", "depth", "iterations"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or value <= 0):
                raise ValueError(f"Limit.{name} must be positive, not {value!r}")

    def scaled(self, factor: float) -> Limit:
        """The same limit with its time multiplied by ``factor``."""
        seconds = None if self.seconds is None else self.seconds * factor
        return Limit(seconds, self.depth, self.iterations)


@dataclass
class Decision:
    """An agent's move and what it found, so the UI can explain the computer's thinking."""

    move: int
    value: float | None = None
    """The position's value for the mover (agent-specific scale: seeds, or a win rate 0..1)."""
    depth: int | None = None
    nodes: int = 0
    """Positions searched (minimax), playouts (MCTS) or sequences evaluated (evolutionary)."""
    pv: tuple[int, ...] = ()
    """Principal variation: the moves the agent expects, its own move first."""
    move_values: dict[int, float] = field(default_factory=dict)
    """A value for every legal move it considered, on the same scale as ``value``."""
    seconds: float = 0.0
    agent: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    exact: bool = False
    """True when ``value`` is the position's exact game value (a search that reached the end
    of every line), not an estimate."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "move": self.move,
            "value": self.value,
            "depth": self.depth,
            "nodes": self.nodes,
            "pv": list(self.pv),
            "move_values": {str(k): v for k, v in self.move_values.items()},
            "seconds": round(self.seconds, 4),
            "agent": self.agent,
            "exact": self.exact,
            **self.extra,
        }


class Deadline:
    """A monotonic clock that says when the time budget is spent (None: no time limit)."""

    __slots__ = ("start", "end")

    def __init__(self, seconds: float | None, margin: float = 0.0) -> None:
        self.start = time.perf_counter()
        self.end = None if seconds is None else self.start + max(0.0, seconds - margin)

    def expired(self) -> bool:
        return self.end is not None and time.perf_counter() >= self.end

    def elapsed(self) -> float:
        return time.perf_counter() - self.start


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
