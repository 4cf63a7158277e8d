"""Placeholder while the real evolutionary agent is written: plays greedily."""

from __future__ import annotations

from typing import Any

from engine.agents.simple import GreedyAgent


class EvolutionaryAgent(GreedyAgent):
    name = "evolutionary"

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        super().__init__(seed)
