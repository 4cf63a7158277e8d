"""The engine says each thing once and its imports run one way (issue 34): the pie rule's option
has one home (engine.variants.options), and no import climbs back: the engine's parts (its
top-level modules and packages) import each other without a circle, so the solver, a floor
below the agents, imports nothing from them."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

from engine import get_variant, variant_names
from engine.variants import VARIANTS
from engine.variants.options import PIE

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_the_pie_option_is_written_once_and_offered_where_it_was() -> None:
    offering = {name for name, cls in VARIANTS.items() if "pie" in cls.options_spec}
    assert offering == {"kalah", "oware"}
    assert all(VARIANTS[name].options_spec["pie"] is PIE for name in offering)
    assert PIE.to_dict()["default"] is False and PIE.quiet_default
    for name in variant_names():
        assert get_variant(name).pie is False
    assert get_variant("oware", pie=True).pie and get_variant("kalah", pie=True).pie


def part_of(module: str) -> str:
    """The engine part a dotted module name is in: ``engine.solver.exact`` -> ``solver``;
    ``engine`` itself -> ``engine``."""
    bits = module.split(".")
    return bits[1] if len(bits) > 1 else "engine"


def imported_parts() -> dict[str, set[str]]:
    """Each engine part's imports of the other parts, at any depth of its code (functions too)."""
    found: dict[str, set[str]] = {}
    for path in ENGINE.rglob("*.py"):
        inside = path.relative_to(ENGINE.parent).with_suffix("").parts
        me = part_of(".".join(p for p in inside if p != "__init__"))
        for node in ast.walk(ast.parse(path.read_text())):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]  # (the engine imports nothing relatively)
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                if name == "engine" or name.startswith("engine."):
                    other = part_of(name)
                    if other != me:
                        found.setdefault(me, set()).add(other)
    return found


def test_no_import_climbs_back_between_the_engines_parts() -> None:
    graph = imported_parts()
    assert "solver" in graph and "agents" in graph["cli"]  # the walk reads the imports
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as err:
        raise AssertionError(
            f"the engine's parts import each other in a circle: {err.args[1]}"
        ) from None
    assert order.index("solver") < order.index("agents")
    assert "agents" not in graph["solver"]
