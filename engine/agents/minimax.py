"""Placeholder while the real minimax agent is written: plays greedily."""

from __future__ import annotations

from typing import Any

from engine.agents.simple import GreedyAgent


class MinimaxAgent(GreedyAgent):
    name = "minimax"

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        super().__init__(seed)
