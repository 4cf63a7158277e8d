"""Every option set worth testing for every registered variant (new variants join by themselves)."""

from __future__ import annotations

import itertools
from typing import Any

from engine import get_variant, variant_names
from engine.core import Rules


def option_values(spec: Any) -> list[Any]:
    if spec.kind is bool:
        return [False, True]
    if spec.choices:  # e.g. kalah's end and leftovers, oware's grand_slam: every choice
        return list(spec.choices)
    if spec.minimum is not None:
        return sorted({spec.minimum, spec.default, spec.maximum})
    return [spec.default]


def all_rule_sets() -> list[Rules]:
    """Each variant with each combination of its option values (ints at min, default, max)."""
    rule_sets = []
    for name in variant_names():
        specs = get_variant(name).options_spec
        keys = list(specs)
        # The pie rule changes only the opening (its own tests: test_pie_rule, test_pie_agents);
        # the board rules, kernels and searches are the same with it on or off.
        choices = [[False] if k == "pie" else option_values(specs[k]) for k in keys]
        for values in itertools.product(*choices):
            rule_sets.append(get_variant(name, **dict(zip(keys, values, strict=True))))
    return rule_sets
