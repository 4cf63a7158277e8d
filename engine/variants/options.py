"""Rule options more than one variant offers, written once.

* the pie rule (``pie=True``, :data:`PIE`): after the opener's first turn, the other player may,
  as their first action, swap sides instead of sowing: they take over the opener's position and
  the opener, now on the other side, moves next (played by :class:`engine.core.Rules`).
"""

from __future__ import annotations

from engine.core import Option
from engine.texts import N_

PIE = Option(
    bool,
    False,
    N_(
        "Pie rule: after the opener's first turn, the other player may swap sides (take "
        "over the opening) instead of sowing"
    ),
    quiet_default=True,
)
"""The pie rule's option (off by default, and then left out of a text record)."""
PIE_RULE = N_(
    "the pie rule (pie=True): the second player may swap sides instead of their first sowing."
)
"""The pie rule as one line of a variant's rules (its ``rules_lines``)."""
