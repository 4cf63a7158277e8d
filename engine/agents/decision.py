"""What an agent is given and gives back: the search limit, the decision it returns, and the
deadline clock (:mod:`engine.agents.base` builds the agent on them)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any


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
