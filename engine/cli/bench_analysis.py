"""The analysis rows of ``python -m engine bench`` (alone: ``python -m engine bench --analysis``).

A fixed game of each variant (:func:`fixed_game`: 40 moves of Kalah(6,4) and of Oware, the
first seeded random game that lasts that long) is analysed position by position at the
analysis's own size (:data:`SECONDS` planned a position, as the app's ``ANALYSIS_SECONDS``):

* **the search** (``engine.agents.analysis.Searcher``, the node budget the size gives it) on the
  native core and in pure Python, in the same process: their nodes, CPU seconds and the ratio,
  and whether every position got the very same evaluation (it must: the two are twins);
* **the whole analysis as the app runs it** (``evaluate``: in Kalah the solver's share first,
  then the search), on each core: the game's CPU and wall seconds and how many positions came
  out exact, and a **hint** (one position's evaluation: the position after half the game).  Here
  the cores differ by design: the solver plans for its own rate on each (``solver_rate``).

Rates are per CPU second of this process; the endgame table the solver reads is built before
the clock starts (once a process, as in a search process of the app).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TextIO

from engine import get_variant, native
from engine.agents.analysis import Evaluation, Searcher, Size, evaluate, size_for
from engine.core import State

VARIANTS = ("kalah", "oware")
MOVES, QUICK_MOVES = 40, 6
"""Positions of the fixed game analysed (the quick run: its first few)."""
SECONDS, QUICK_SECONDS = 0.35, 0.05
"""Seconds planned a position: the app's ``ANALYSIS_SECONDS`` (a game's analysis, a hint)."""
GUARDLESS = 3600.0
"""The wall-time guard of the twins' comparison: none that a loaded machine would reach (the
guard is the one thing that may make the twins' values differ)."""


def fixed_game(name: str, moves: int, seed: int = 1) -> list[State]:
    """The positions before each of the first ``moves`` moves of the first random game (seeds
    ``seed``, ``seed + 1``, ...) that lasts that long."""
    rules = get_variant(name)
    for attempt in range(seed, seed + 1000):
        rng = random.Random(attempt)
        state, seen = rules.initial_state(), list[State]()
        while not state.is_over and len(seen) < moves:
            seen.append(state)
            state = state.play(rng.choice(state.legal_moves()))
        if len(seen) == moves:
            return seen
    raise ValueError(f"no {name} game of {moves} moves")


@contextmanager
def cores(pure: bool) -> Iterator[None]:
    """Run the block on the native core and solver, or (``pure``) on their pure twins."""
    kept = native.core, native.solve
    if pure:
        native.core, native.solve = None, None
    else:
        native.core = native.core or native.load_core()
        native.solve = native.solve or native.load_solve()
    try:
        yield
    finally:
        native.core, native.solve = kept


@dataclass
class Timed:
    """What a run over the positions found and took."""

    found: list[dict[str, Any]]
    nodes: int
    wall: float
    cpu: float

    @property
    def exact(self) -> int:
        return sum(1 for f in self.found if all(f["exact"].values()))


def timed_over(states: list[State], value: Callable[[State], Evaluation]) -> Timed:
    """``value`` of every state, timed together; the evaluations without their seconds."""
    found, nodes = [], 0
    wall, cpu = time.perf_counter(), time.process_time()
    for state in states:
        evaluation = value(state)
        nodes += evaluation.nodes
        found.append({k: v for k, v in evaluation.to_dict().items() if k != "seconds"})
    return Timed(found, nodes, time.perf_counter() - wall, time.process_time() - cpu)


def search_only(size: Size) -> Callable[[State], Evaluation]:
    return lambda state: Searcher(state.rules).evaluate(state, nodes=size.nodes, cap=GUARDLESS)


def whole(size: Size) -> Callable[[State], Evaluation]:
    return lambda state: evaluate(state, size=size)


def run(quick: bool, out: TextIO) -> dict[str, Any]:
    """Print the analysis rows to ``out``; returns the figures by variant."""
    moves = QUICK_MOVES if quick else MOVES
    seconds = QUICK_SECONDS if quick else SECONDS
    built = (native.core or native.load_core()) is not None
    labels = ("native", "pure") if built else ("pure",)
    figures: dict[str, Any] = {}

    def say(text: str = "") -> None:
        out.write(text + "\n")
        out.flush()

    say(
        f"analysis of a fixed {MOVES}-move game (seed 1; {moves} positions), {seconds:g} s "
        "planned a position:"
    )
    for name in VARIANTS:
        states = fixed_game(name, MOVES)[:moves]
        runs: dict[str, dict[str, Timed]] = {}
        sizes: dict[str, Size] = {}
        for label in labels:
            with cores(label == "pure"):
                size = sizes[label] = size_for(states[0].rules, seconds)  # the solver's rate
                evaluate(states[0], size=size)  # the solver's endgame table, once a process
                runs[label] = {
                    "search": timed_over(states, search_only(size)),
                    "whole": timed_over(states, whole(size)),
                    "hint": timed_over([states[len(states) // 2]], whole(size)),
                }
        figures[name] = {label: dict(r) for label, r in runs.items()}
        say(f"  {name}: the search, {sizes[labels[0]].nodes:,} nodes a position:")
        for label, r in runs.items():
            s = r["search"]
            say(
                f"    {label:<6} {s.nodes:>11,} nodes {s.wall:7.3f} wall s {s.cpu:7.3f} cpu s "
                f"{s.nodes / max(s.cpu, 1e-9):>11,.0f} nodes/s"
            )
        if len(runs) == 2:
            fast, slow = runs["native"]["search"], runs["pure"]["search"]
            same = fast.found == slow.found
            ratio = slow.cpu / max(fast.cpu, 1e-9)
            figures[name]["same"], figures[name]["ratio"] = same, ratio
            verdict = "the same evaluations" if same else "EVALUATIONS DIFFER"
            say(f"    {verdict} on both cores; native {ratio:.1f} x pure (CPU s)")
        say(f"  {name}: the whole analysis as the app runs it (the solver's share first):")
        for label, r in runs.items():
            g, h = r["whole"], r["hint"]
            solver = sizes[label].solver_nodes
            say(
                f"    {label:<6} {solver:>7,} solver nodes a position; "
                f"game {g.wall:6.2f} wall s {g.cpu:6.2f} cpu s, "
                f"{g.exact} of {len(g.found)} positions exact; "
                f"a hint {h.wall:5.3f} wall s {h.cpu:5.3f} cpu s"
            )
    return figures
