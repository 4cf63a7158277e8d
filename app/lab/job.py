"""One game of a lab match, played in a search process (no Flask here)."""

from __future__ import annotations

from typing import Any

from engine import get_variant
from engine.match import play_match_game


def play_lab_game(
    variant: str,
    options: dict[str, Any],
    a: str,
    b: str,
    index: int,
    seed: int,
    time_scale: float,
) -> dict[str, Any]:
    """Game ``index`` of the match between agent specs ``a`` and ``b``, as plain data."""
    rules = get_variant(variant, **options)
    game = play_match_game(rules, a, b, index, seed=seed, time_scale=time_scale)
    result = game.result
    return {
        "index": index,
        "a_player": game.a_player,
        "outcome": game.outcome,
        "margin": game.margin,
        "scores": list(result.scores),
        "first_player": result.first_player,
        "moves": list(result.moves),
        "seconds": [round(sum(result.times[p]), 3) for p in (0, 1)],
    }
