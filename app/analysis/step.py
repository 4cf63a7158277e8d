"""One analysis step as a plain function, run in a search process (no Flask here)."""

from __future__ import annotations

from typing import Any

from app.analysis.search import evaluate
from app.replay import replay


def evaluate_position(
    variant: str,
    options: dict[str, Any],
    first_player: int,
    moves: list[int],
    seconds: float,
    start: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Replay ``moves`` (from ``start``, a position set up by hand, if given) and value every
    legal move of the position they reach (for its mover)."""
    state = replay(variant, options, first_player, moves, start).state
    return evaluate(state, seconds).to_dict()
