"""perft counts pin move generation (an extra turn counts as a ply)."""

from __future__ import annotations

import pytest

from engine import get_variant
from engine.perft import perft

# Depth: positions, for depths 1..8 from the start position.
PERFT = {
    "kalah": [6, 35, 185, 942, 4690, 23233, 114430, 563055],
    "oware": [6, 36, 190, 1014, 5219, 27332, 139157, 711414],
}


@pytest.mark.parametrize("name", PERFT)
def test_perft_from_the_start(name: str) -> None:
    start = get_variant(name).initial_state()
    assert [perft(start, d) for d in range(1, 9)] == PERFT[name]
