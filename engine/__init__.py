"""Mancala rules and agents, pure Python, standard library only.

>>> from engine import get_variant
>>> state = get_variant("kalah", pits=6, seeds=4).initial_state()
>>> state.legal_moves()
(0, 1, 2, 3, 4, 5)
>>> state.play(2).to_move  # the last seed lands in the store: move again
0
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalMove, MoveRecord, Rules, State
from engine.variants import VARIANTS

__all__ = ["IllegalMove", "MoveRecord", "Rules", "State", "get_variant", "variant_names"]


def variant_names() -> tuple[str, ...]:
    """Names accepted by :func:`get_variant`, in menu order."""
    return tuple(VARIANTS)


def get_variant(name: str, **options: Any) -> Rules:
    """The rules of variant ``name`` with ``options``; ValueError for unknown names or options."""
    try:
        cls = VARIANTS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown variant {name!r} (variants: {', '.join(VARIANTS)})") from None
    return cls(**options)
