"""The analysis search runs natively where the native core plays the rules, and finds exactly
what its pure-Python twin finds: the same values, exactness, depth and node counts for every
Kalah option set and Oware (random positions, fixed seeds), the same answer twice under load,
and the same stop at the node budget."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any, get_type_hints

import pytest

from engine import get_variant, variant_names
from engine import native as engine_native
from engine.agents import analysis
from engine.agents.analysis import ROW_SHARE, PyMarginSearcher, Searcher
from engine.agents.kernels import kernel_spec
from engine.core import Rules, State
from tests.engine.native_cores import (
    native_core,
    native_rule_sets,
    on_both,
    random_positions,
    using,
)

RULE_SETS = native_rule_sets()


@pytest.fixture(scope="module")
def core() -> ModuleType:
    return native_core()


def evaluation(state: State, nodes: int) -> tuple[dict[str, Any], int]:
    """A new searcher's evaluation of ``state`` (without its time) and its table's size.  No
    wall-time guard: on a loaded machine it could stop the slower twin (the one case where the
    values may differ, by design)."""
    searcher = Searcher(state.rules)
    found = searcher.evaluate(state, nodes=nodes, cap=3600.0).to_dict()
    assert not found["capped"]
    del found["seconds"]
    return found, searcher.table_size()


def test_the_analysis_runs_natively_where_the_core_plays_the_rules(
    core: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    with using(core, monkeypatch):
        for name in variant_names():
            rules = get_variant(name)
            searcher = Searcher(rules).core
            native = kernel_spec(rules) is not None
            assert isinstance(searcher, core.MarginSearcher) == native, name
            assert isinstance(searcher, PyMarginSearcher) != native, name
    with using(None, monkeypatch):
        assert isinstance(Searcher(get_variant("kalah")).core, PyMarginSearcher)


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_native_and_pure_evaluations_are_identical(
    core: ModuleType, rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Small boards are solved (exact values, SOLVED table entries), larger ones stop at the
    budget in the middle of a depth or while solving the rest: every path of the search."""
    for state in [rules.initial_state(), *random_positions(rules, 2, seed=11)]:
        fast, slow = on_both(core, monkeypatch, lambda s=state: evaluation(s, 2_500))
        assert fast == slow, state


@pytest.mark.parametrize("name", [n for n in variant_names() if n not in ("kalah", "oware")])
def test_the_other_variants_get_the_same_evaluations_with_or_without_the_core(
    core: ModuleType, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """Relay, Adi, Toguz Kumalak and Congkak are searched by the pure twin on either core."""
    rules = get_variant(name)
    for state in [rules.initial_state(), *random_positions(rules, 2, seed=11)]:
        fast, slow = on_both(core, monkeypatch, lambda s=state: evaluation(s, 1_500))
        assert fast == slow, state


@pytest.mark.parametrize(
    "name,options,moves,nodes",
    [
        ("kalah", {"pits": 6, "seeds": 4}, [], 60_000),
        ("kalah", {"pits": 6, "seeds": 4}, [2, 5, 1, 3], 60_000),
        ("kalah", {"pits": 4, "seeds": 3}, [1], 40_000),
        ("kalah", {"pits": 8, "seeds": 8}, [7], 30_000),
        ("kalah", {"pits": 6, "seeds": 6, "empty_capture": True}, [0], 30_000),
        ("oware", {}, [0, 3, 1, 4], 60_000),
        ("oware", {"grand_slam": "illegal"}, [5, 0], 30_000),
    ],
)
def test_native_and_pure_agree_on_full_size_searches(
    core: ModuleType,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    options: dict[str, Any],
    moves: list[int],
    nodes: int,
) -> None:
    """The analysis's own sizes (a game's positions: 0.35 s planned, 70,000 nodes), where the
    table holds tens of thousands of entries and deep searches cut and re-search."""
    state = get_variant(name, **options).initial_state()
    for move in moves:
        state = state.play(move)
    fast, slow = on_both(core, monkeypatch, lambda: evaluation(state, nodes))
    assert fast == slow
    assert fast[0]["nodes"] > nodes // 2


@pytest.mark.parametrize("name", ["kalah", "oware"])
def test_each_search_below_the_root_is_the_same(
    core: ModuleType, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """Searches one by one, as the root's MTD(f) makes them: the same value, horizon flag and
    node count after each, and the same stop (None) where the budget runs out mid-search."""
    rules = get_variant(name)
    spec = kernel_spec(rules)
    assert spec is not None
    rng = random.Random(3)
    for state in random_positions(rules, 6, seed=4):
        board, player = list(state.board), state.to_move
        assert player is not None
        limit = rng.randrange(50, 5_000)
        twins = [
            core.MarginSearcher(spec, ROW_SHARE, 1_000),
            PyMarginSearcher(rules, ROW_SHARE, 1_000),
        ]
        for twin in twins:
            twin.start(limit, float("inf"))
        for depth in range(1, 30):
            beta = rng.randrange(-20, 20) / 2
            found = [t.search(board, player, depth, beta - 0.5, beta) for t in twins]
            assert found[0] == found[1]
            assert [t.nodes for t in twins] == [twins[0].nodes] * 2
            assert [t.table_size() for t in twins] == [twins[0].table_size()] * 2
            if found[0] is None:
                assert twins[0].nodes == limit
                break
            assert twins[0].horizon == twins[1].horizon


@contextmanager
def cpu_burner() -> Iterator[None]:
    """Two threads spinning in Python for as long as the block runs (the native search runs
    without the GIL, so they compete with it for the machine's cores)."""
    stop = threading.Event()

    def burn() -> None:
        n = 0
        while not stop.is_set():
            n = (n * 7 + 1) % 1_000_003

    threads = [threading.Thread(target=burn, daemon=True) for _ in range(2)]
    for thread in threads:
        thread.start()
    try:
        yield
    finally:
        stop.set()
        for thread in threads:
            thread.join()


@pytest.mark.parametrize("name,moves", [("kalah", [2, 5, 1]), ("oware", [0, 3, 1, 4])])
def test_the_same_answer_twice_under_load(
    core: ModuleType, monkeypatch: pytest.MonkeyPatch, name: str, moves: list[int]
) -> None:
    state = get_variant(name).initial_state()
    for move in moves:
        state = state.play(move)
    size = analysis.size_for(state.rules, 0.35)
    with using(core, monkeypatch):
        quiet = analysis.evaluate(state, size=size).to_dict()
        with cpu_burner():
            loaded = analysis.evaluate(state, size=size).to_dict()
    assert not quiet["capped"] and not loaded["capped"]
    del quiet["seconds"], loaded["seconds"]
    assert loaded == quiet


def test_the_guard_stops_a_native_search(core: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    state = get_variant("kalah", pits=8, seeds=8).initial_state()
    with using(core, monkeypatch):
        found = Searcher(state.rules).evaluate(state, nodes=10**12, cap=0.05)
    assert found.capped and found.nodes < 10**12
    assert set(found.values) == set(state.legal_moves())


def test_the_factory_is_typed_by_the_protocol_both_twins_meet() -> None:
    assert get_type_hints(analysis.make_margin_searcher)["return"] is engine_native.MarginCore
