"""The engine says each thing once and its imports run one way (issue 34): the pie rule's option
has one home (engine.variants.options), and the solver, a floor below the agents, imports
nothing from them."""

from __future__ import annotations

from engine import get_variant, variant_names
from engine.variants import VARIANTS
from engine.variants.options import PIE


def test_the_pie_option_is_written_once_and_offered_where_it_was() -> None:
    offering = {name for name, cls in VARIANTS.items() if "pie" in cls.options_spec}
    assert offering == {"kalah", "oware"}
    assert all(VARIANTS[name].options_spec["pie"] is PIE for name in offering)
    assert PIE.to_dict()["default"] is False and PIE.quiet_default
    for name in variant_names():
        assert get_variant(name).pie is False
    assert get_variant("oware", pie=True).pie and get_variant("kalah", pie=True).pie
