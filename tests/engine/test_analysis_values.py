"""The analysis values of a few positions, recorded as literals before the analysis search
moved from app/analysis/search.py into the engine: the same position and size give the very
same evaluation (values, exactness, depth, nodes, source), natively and in pure Python."""

from __future__ import annotations

from typing import Any

import pytest

from engine import get_variant
from engine.agents.analysis import evaluate
from engine.solver import native

NATIVE = native.solve_core() is not None

# (variant, options, moves, seconds, solver share, evaluation with the native solver,
#  evaluation with the pure solver where that differs: it solves less in the same seconds)
CASES: list[
    tuple[str, dict[str, Any], list[int], float, float, dict[str, Any], dict[str, Any] | None]
] = [
    (
        "kalah",
        {"pits": 6, "seeds": 4},
        [2, 5, 1],
        0.3,
        0.0,
        {
            "values": {"0": -5, "2": -17.5, "3": -14, "4": -12.5, "5": -13.5},
            "exact": {"0": False, "2": False, "3": False, "4": False, "5": False},
            "best": 0,
            "value": -5,
            "depth": 10,
            "nodes": 60000,
            "source": "search",
            "capped": False,
        },
        None,
    ),
    (
        "kalah",
        {"pits": 4, "seeds": 3},
        [],
        0.2,
        0.0,
        {
            "values": {"0": -5, "1": 4.5, "2": 1, "3": -0.5},
            "exact": {"0": False, "1": False, "2": False, "3": False},
            "best": 1,
            "value": 4.5,
            "depth": 12,
            "nodes": 40000,
            "source": "search",
            "capped": False,
        },
        None,
    ),
    (
        "kalah",
        {"pits": 6, "seeds": 4},
        [],
        0.2,
        0.5,
        {
            "values": {"0": -1.5, "1": -2.5, "2": -0.5, "3": -0.5, "4": -3.5, "5": 0},
            "exact": {"0": False, "1": False, "2": False, "3": False, "4": False, "5": False},
            "best": 5,
            "value": 0,
            "depth": 8,
            "nodes": 282220,
            "source": "search",
            "capped": False,
        },
        {
            "values": {"0": -1.5, "1": -2.5, "2": -0.5, "3": -0.5, "4": -3.5, "5": 0},
            "exact": {"0": False, "1": False, "2": False, "3": False, "4": False, "5": False},
            "best": 5,
            "value": 0,
            "depth": 8,
            "nodes": 85563,
            "source": "search",
            "capped": False,
        },
    ),
    (
        "oware",
        {},
        [0, 3, 1, 4],
        0.2,
        0.5,
        {
            "values": {"0": 3, "1": -8.5, "2": -15.5, "3": -12, "4": -4.5, "5": -5.5},
            "exact": {"0": False, "1": False, "2": False, "3": False, "4": False, "5": False},
            "best": 0,
            "value": 3,
            "depth": 9,
            "nodes": 40000,
            "source": "search",
            "capped": False,
        },
        None,
    ),
    (
        "toguz_kumalak",
        {},
        [0],
        0.1,
        0.5,
        {
            "values": {
                "0": 2,
                "1": 4,
                "2": -11,
                "3": -12,
                "4": -7,
                "5": -8,
                "6": -17,
                "7": -19,
                "8": -16.5,
            },
            "exact": {
                "0": False,
                "1": False,
                "2": False,
                "3": False,
                "4": False,
                "5": False,
                "6": False,
                "7": False,
                "8": False,
            },
            "best": 1,
            "value": 4,
            "depth": 4,
            "nodes": 5000,
            "source": "search",
            "capped": False,
        },
        None,
    ),
    (
        "relay",
        {},
        [],
        0.1,
        0.5,
        {
            "values": {"0": -2, "1": -2.5, "2": -1, "3": -1.5, "4": -2.5, "5": 0},
            "exact": {"0": False, "1": False, "2": False, "3": False, "4": False, "5": False},
            "best": 5,
            "value": 0,
            "depth": 7,
            "nodes": 10000,
            "source": "search",
            "capped": False,
        },
        None,
    ),
    (
        "congkak",
        {},
        [3],
        0.1,
        0.5,
        {
            "values": {"0": -53.5, "1": 6, "4": 41.5, "5": 43.5, "6": 22.5},
            "exact": {"0": False, "1": False, "4": False, "5": False, "6": False},
            "best": 5,
            "value": 43.5,
            "depth": 7,
            "nodes": 10000,
            "source": "search",
            "capped": False,
        },
        None,
    ),
    (
        "adi",
        {},
        [],
        0.1,
        0.5,
        {
            "values": {"0": -5, "1": -7, "2": -2, "3": -8, "4": -6, "5": -10},
            "exact": {"0": False, "1": False, "2": False, "3": False, "4": False, "5": False},
            "best": 2,
            "value": -2,
            "depth": 7,
            "nodes": 10000,
            "source": "search",
            "capped": False,
        },
        None,
    ),
    (
        "kalah",
        {"pits": 3, "seeds": 2},
        [],
        0.1,
        0.0,
        {
            "values": {"0": -8, "1": 4, "2": 0},
            "exact": {"0": True, "1": True, "2": True},
            "best": 1,
            "value": 4,
            "depth": 17,
            "nodes": 2047,
            "source": "search",
            "capped": False,
        },
        None,
    ),
    (
        "kalah",
        {"pits": 4, "seeds": 3},
        [1],
        0.2,
        0.0,
        {
            "values": {"0": 0, "2": 6, "3": 6},
            "exact": {"0": False, "2": True, "3": True},
            "best": 2,
            "value": 6,
            "depth": 15,
            "nodes": 40000,
            "source": "search",
            "capped": False,
        },
        None,
    ),
    (
        "kalah",
        {"pits": 4, "seeds": 3},
        [],
        0.2,
        0.5,
        {
            "values": {"0": -6, "1": 6, "2": 2, "3": -2},
            "exact": {"0": True, "1": True, "2": True, "3": True},
            "best": 1,
            "value": 6,
            "depth": 0,
            "nodes": 633,
            "source": "solver",
            "capped": False,
        },
        {
            "values": {"0": -4, "1": 4, "2": 2, "3": 0.5},
            "exact": {"0": False, "1": False, "2": False, "3": False},
            "best": 1,
            "value": 4,
            "depth": 11,
            "nodes": 31209,
            "source": "search",
            "capped": False,
        },
    ),
]


@pytest.mark.parametrize("variant,options,moves,seconds,share,found,pure", CASES)
def test_an_evaluation_is_what_it_was_before_the_move(
    variant: str,
    options: dict[str, Any],
    moves: list[int],
    seconds: float,
    share: float,
    found: dict[str, Any],
    pure: dict[str, Any] | None,
) -> None:
    state = get_variant(variant, **options).initial_state()
    for move in moves:
        state = state.play(move)
    got = evaluate(state, seconds, solve_share=share).to_dict()
    del got["seconds"]
    assert got == (found if NATIVE or pure is None else pure)
