"""Mancala rules and agents: the standard library and its own native core only (pure Python
where the core is not built, with identical results).

>>> from engine import get_variant
>>> state = get_variant("kalah", pits=6, seeds=4).initial_state()
>>> state.legal_moves()
(0, 1, 2, 3, 4, 5)
>>> state.play(2).to_move  # the last seed lands in the store: move again
0
"""

from __future__ import annotations

from engine.core import Ending, EndKind, IllegalMove, MoveRecord, Outcome, Rules, State
from engine.variants import get_variant, variant_names

__all__ = [
    "EndKind",
    "Ending",
    "IllegalMove",
    "MoveRecord",
    "Outcome",
    "Rules",
    "State",
    "get_variant",
    "variant_names",
]
