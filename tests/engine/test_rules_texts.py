"""Issue 36: the engine speaks no language. A variant's rules, summary and option help are
English message ids marked with ``engine.texts.N_``; the app translates them.

The rules a person reads (``rules_lines``) say what the module's docstring says to a programmer.
"""

from __future__ import annotations

import pytest

from engine import get_variant
from engine.texts import N_, Text
from engine.variants import variant_names


@pytest.mark.parametrize("name", variant_names())
def test_the_rules_lines_are_the_docstring_bullets(name: str) -> None:
    rules = type(get_variant(name))
    assert rules.rules_text() == rules.rules_doc()
    assert rules.rules_text(), f"{name} has no rules to show"


def test_the_rules_stay_in_english() -> None:
    kalah = type(get_variant("kalah")).rules_text()
    assert kalah[1] == "last seed in your own store: you move again;"
    assert kalah[-1] == (
        "the pie rule (pie=True): the second player may swap sides instead of their first sowing."
    )


def test_a_marker_changes_nothing_and_a_text_fills_its_placeholders() -> None:
    assert N_("Pits per row") == "Pits per row"
    text = Text("%(num)s seeds", {"num": 3})
    assert text.english() == "3 seeds"
    assert text.render(lambda s: s.replace("seeds", "graines")) == "3 graines"
    assert Text("No captures").english() == "No captures"
