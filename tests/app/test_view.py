"""The sentence under the board says how the board reads, true for each variant and layout."""

from __future__ import annotations

import pytest

from app.games.view import board_help
from engine import get_variant
from engine.variants import VARIANTS


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_board_help_names_the_variants_own_words_and_your_row(name: str) -> None:
    rules = get_variant(name)
    text = board_help(rules)
    assert rules.store_word in text and "the bottom one" in text
    assert text.startswith(rules.seed_word.capitalize())


def test_where_the_stores_lie_is_said_for_both_layouts() -> None:
    text = board_help(get_variant("kalah"))
    assert "at the right end of your row" in text
    assert "on a narrow screen: yours below the board, theirs above" in text  # the phone layout


def test_a_variant_whose_stores_are_off_the_path_says_they_are_beside_the_board() -> None:
    text = board_help(get_variant("oware"))
    assert "around both rows" in text and "beside the board" in text
    assert "right end" not in text
