"""Analysis values come from a search of a fixed size: the same position gets the same values
on any load, the cost is known before the job starts, and memory stays bounded."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from app.analysis.step import budget, evaluate_position
from engine import get_variant
from engine.agents import analysis as search
from engine.agents.analysis import Searcher, evaluate, size_for

POSITIONS = [
    ("kalah", {"pits": 6, "seeds": 4}, []),
    ("kalah", {"pits": 6, "seeds": 4}, [2, 5, 1]),
    ("oware", {}, []),
    ("oware", {}, [0, 3, 1, 4]),
]


def without_time(found: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in found.items() if k != "seconds"}


@contextmanager
def cpu_burner() -> Iterator[None]:
    """A thread spinning in Python for as long as the block runs (it takes the GIL from the
    search half of the time, as a loaded machine would)."""
    stop = threading.Event()

    def burn() -> None:
        n = 0
        while not stop.is_set():
            n = (n * 7 + 1) % 1_000_003

    thread = threading.Thread(target=burn, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


@pytest.mark.parametrize("variant,options,moves", POSITIONS)
def test_the_same_position_gets_the_same_values_on_any_load(
    variant: str, options: dict[str, Any], moves: list[int]
) -> None:
    quiet = evaluate_position(variant, options, 0, moves, 0.1)
    again = evaluate_position(variant, options, 0, moves, 0.1)
    with cpu_burner():
        loaded = evaluate_position(variant, options, 0, moves, 0.1)
    assert not quiet["capped"] and not loaded["capped"]
    assert without_time(again) == without_time(quiet)
    assert without_time(loaded) == without_time(quiet)


def test_fresh_searchers_agree_and_a_searcher_forgets_the_last_position() -> None:
    rules = get_variant("kalah", pits=6, seeds=4)
    start = rules.initial_state()
    later = start.play(2).play(5)
    first = Searcher(rules).evaluate(start, nodes=30_000)
    used = Searcher(rules)
    used.evaluate(later, nodes=30_000)  # its table is full of another position's lines
    second = used.evaluate(start, nodes=30_000)
    assert (second.values, second.exact, second.depth, second.nodes) == (
        first.values,
        first.exact,
        first.depth,
        first.nodes,
    )


def test_the_search_keeps_to_its_node_budget() -> None:
    state = get_variant("kalah", pits=6, seeds=4).initial_state()
    found = Searcher(state.rules).evaluate(state, nodes=20_000)
    assert found.nodes == 20_000 and not found.all_exact and found.depth >= 1
    size = size_for(state.rules, 0.2)
    whole = evaluate(state, size=size)
    slack = search.SOLVER_EVERY * 2  # the solver checks its budget this often
    assert whole.nodes <= size.nodes + size.solver_nodes + slack


def test_the_guard_stops_a_search_and_says_so() -> None:
    state = get_variant("kalah", pits=6, seeds=4).initial_state()
    found = Searcher(state.rules).evaluate(state, nodes=10**9, cap=0.05)
    assert found.capped
    assert set(found.values) == set(state.legal_moves())


def test_the_budget_is_known_before_the_job_starts() -> None:
    args = ("kalah", {"pits": 6, "seeds": 4}, 0, [], 0.35)
    planned = budget(*args)
    assert planned["seconds"] == 0.35
    assert planned["cap"] == search.guard(0.35)
    assert planned["nodes"] == int(0.35 * (1 - search.SOLVE_SHARE) * search.FUSED_RATE)
    assert planned["solver_nodes"] == int(0.35 * search.SOLVE_SHARE * search.solver_rate())
    assert planned["bytes"] <= 40_000_000
    oware = budget("oware", {}, 0, [], 0.35)
    assert oware["solver_nodes"] == 0  # no solver for Oware: all of it is search
    assert oware["nodes"] == int(0.35 * search.FUSED_RATE)
    found = evaluate_position(*args)
    assert found["nodes"] <= planned["nodes"] + planned["solver_nodes"] + 2 * search.SOLVER_EVERY
    with pytest.raises(ValueError):
        budget("kalah", {"pits": 99}, 0, [], 0.35)


def test_a_searchers_table_is_bounded() -> None:
    state = get_variant("kalah", pits=6, seeds=4).initial_state()
    searcher = Searcher(state.rules, table_limit=2_000)
    found = searcher.evaluate(state, nodes=50_000)
    assert searcher.table_size() == 2_000
    assert (
        found.values
        == Searcher(state.rules, table_limit=2_000).evaluate(state, nodes=50_000).values
    )
    assert search.table_limit_for(state.rules) * search.BOARD_ENTRY_BYTES <= search.TABLE_BYTES


def test_no_search_state_outlives_an_evaluation() -> None:
    from engine.solver import Solver

    def alive() -> set[int]:  # other tests' agents may keep solvers in the engine's cache
        gc.collect()
        # by type(): isinstance asks a weak proxy its referent's class, and a dead one raises
        return {id(o) for o in gc.get_objects() if issubclass(type(o), (Searcher, Solver))}

    class Gone:
        pass

    gone = Gone()
    dead = weakref.proxy(gone)  # a dead weak proxy among the objects, as another test's can be
    del gone
    before = alive()
    del dead
    for options in ({"pits": 6, "seeds": 4}, {"pits": 4, "seeds": 3}, {"pits": 5, "seeds": 2}):
        evaluate(get_variant("kalah", **options).initial_state(), 0.05)
    evaluate(get_variant("oware").initial_state(), 0.05)
    assert alive() - before == set()


MEMORY_SCRIPT = """
import json, sys
from app.analysis.step import evaluate_position

def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024

evaluate_position("kalah", {"pits": 6, "seeds": 4}, 0, [], 0.05)  # imports, first tables
before = rss()
rule_sets = [(6, 4), (6, 3), (5, 4), (4, 4), (5, 3), (6, 5), (4, 5), (3, 6)]
for k in range(40):
    pits, seeds = rule_sets[k % len(rule_sets)]
    evaluate_position("kalah", {"pits": pits, "seeds": seeds}, 0, [k % pits], 0.1)
for moves in ([], [0], [1], [2]):
    evaluate_position("oware", {}, 0, moves, 0.1)
print(json.dumps({"grew": rss() - before}))
"""


def test_a_search_process_holds_little_analysis_state() -> None:
    """Many positions over many rule sets: the process grows by less than 60 MB (it kept one
    16 MB solver table per rule set, and searchers of up to 2,000,000 positions)."""
    done = subprocess.run(
        [sys.executable, "-c", MEMORY_SCRIPT],
        check=False,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    grew = json.loads(done.stdout.splitlines()[-1])["grew"]
    assert grew < 60_000_000, grew
