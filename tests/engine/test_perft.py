"""perft counts pin move generation (an extra turn counts as a ply)."""

from __future__ import annotations

import pytest

from engine import get_variant, variant_names
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


# Depth: positions, for depths 1..6 from the start position, for the newer variants.
PERFT_6 = {
    "relay": [6, 35, 181, 911, 4623, 23604],
    "adi": [6, 32, 140, 638, 3029, 13799],
    "toguz_kumalak": [9, 73, 613, 5199, 43184, 360035],
    "congkak": [7, 36, 230, 1406, 8293, 48263],
}


@pytest.mark.parametrize("name", PERFT_6)
def test_perft_from_the_start_to_depth_six(name: str) -> None:
    start = get_variant(name).initial_state()
    assert [perft(start, d) for d in range(1, 7)] == PERFT_6[name]


def test_every_variant_has_pinned_perft_counts() -> None:
    assert set(PERFT) | set(PERFT_6) == set(variant_names())
