"""Benchmarks: ``python -m engine bench [--quick]``.

* perft positions/s from the start of Kalah(6,4) and Oware (through ``State.play``);
* minimax nodes/s and the depth it reaches in 1 s from the 10 fixed positions of each variant
  listed in :data:`POSITIONS` (each a move sequence from the start, one digit a move);
* plain alpha-beta (no move ordering, no transposition table, margin-only end values) to depth 12
  from the Kalah(6,4) start, against the reference figures: 2,669,913 nodes, C ~30 M nodes/s,
  tuned pure Python ~0.7 M nodes/s;
* MCTS playouts/s from the start of each variant.

``--quick`` runs a short version of each (for tests and a smoke check).  The counts are what the
agents report in ``Decision.nodes`` and ``Decision.depth``; rates are per CPU second of this
process (wall time is shown too), so other work on the machine disturbs them less.  Time-limited
searches still stop on the wall clock, so on a busy machine they reach less depth.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from engine import get_variant
from engine.agents import Agent, Limit, make_agent
from engine.core import Rules, State
from engine.perft import perft

VARIANTS = ("kalah", "oware")

POSITIONS: dict[str, tuple[str, ...]] = {
    "kalah": (
        "",
        "315",
        "215325",
        "155324451",
        "255240231524",
        "024301242332343",
        "414120203425402412",
        "321133243521514112001",
        "014512102315423445103321",
        "452404214151235055400212354",
    ),
    "oware": (
        "",
        "315",
        "214524",
        "155323551",
        "245240145114",
        "025330224231243",
        "241311020452442255",
        "114211345512432550551",
        "215500102451220321442353",
        "103221455240321514123055400",
    ),
}
"""Ten positions a variant, as moves from the start (pit indices, one digit a move)."""

REFERENCE_NODES = 2_669_913
REFERENCE_C = 30_000_000
REFERENCE_PYTHON = 700_000
TARGET = 500_000


def position(rules: Rules, moves: str) -> State:
    """The state after ``moves`` (one digit a move) from the start.

    >>> position(get_variant("kalah"), "2").to_move
    0
    """
    state = rules.initial_state()
    for digit in moves:
        state = state.play(int(digit))
    return state


@dataclass
class Row:
    """One measured line: what, positions or nodes, seconds, and extra columns."""

    what: str
    nodes: int
    seconds: float
    cpu: float
    """CPU seconds of this process (rates use them: steadier than wall time on a busy machine)."""
    depth: int | None = None
    note: str = ""

    @property
    def rate(self) -> float:
        return self.nodes / self.cpu if self.cpu > 0 else 0.0


def timed(call: Any, *args: Any) -> tuple[Any, float, float]:
    """``call(*args)``'s result, wall seconds and CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = call(*args)
    return result, time.perf_counter() - wall, time.process_time() - cpu


def bench_perft(name: str, depth: int) -> Row:
    state = get_variant(name).initial_state()
    count, wall, cpu = timed(perft, state, depth)
    return Row(f"perft {name} depth {depth}", count, wall, cpu)


def minimax_agent() -> Agent:
    """The minimax agent benchmarked from the fixed positions (its default settings)."""
    return make_agent("minimax", seed=1)


def plain_agent() -> tuple[Agent, str]:
    """Plain alpha-beta if minimax offers it, else minimax with the store-difference heuristic."""
    try:
        agent = make_agent(
            "minimax", seed=1, heuristic="diff", ordering=False, table=False, exact_wins=False
        )
        return agent, "plain alpha-beta (ordering=False, table=False, exact_wins=False)"
    except ValueError:
        return make_agent("minimax", seed=1, heuristic="diff"), "minimax heuristic=diff"


def bench_minimax(name: str, seconds: float, count: int) -> list[Row]:
    rules = get_variant(name)
    rows = []
    for k, moves in enumerate(POSITIONS[name][:count]):
        agent, state = minimax_agent(), position(rules, moves)
        decision, wall, cpu = timed(agent.choose, state, Limit(seconds=seconds))
        what = f"minimax {name} #{k} ({len(moves)} plies)"
        rows.append(Row(what, decision.nodes, wall, cpu, decision.depth))
    return rows


def bench_plain(depth: int) -> Row:
    agent, how = plain_agent()
    state = get_variant("kalah").initial_state()
    decision, wall, cpu = timed(agent.choose, state, Limit(depth=depth))
    return Row(f"kalah start depth {depth}", decision.nodes, wall, cpu, decision.depth, how)


def bench_mcts(name: str, seconds: float) -> Row:
    agent, state = make_agent("mcts", seed=1), get_variant(name).initial_state()
    decision, wall, cpu = timed(agent.choose, state, Limit(seconds=seconds))
    return Row(f"mcts {name} start", decision.nodes, wall, cpu)


def machine() -> str:
    """A line naming the machine: processor, cores and Python."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    text = f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"
    if hasattr(os, "getloadavg"):
        text += f", load average {os.getloadavg()[0]:.1f} at the start"
    return text


def table(rows: Sequence[Row], unit: str, depth: bool = False) -> str:
    head = f"  {'':<34} {unit:>11} {'wall s':>7} {'cpu s':>7} {unit + '/s':>13}"
    lines = [head + (f" {'depth':>5}" if depth else "")]
    for r in rows:
        line = f"  {r.what:<34} {r.nodes:>11,} {r.seconds:>7.3f} {r.cpu:>7.3f} {r.rate:>13,.0f}"
        if depth:
            line += f" {r.depth if r.depth is not None else '-':>5}"
        lines.append(line)
    return "\n".join(lines)


def run(quick: bool, out: TextIO) -> dict[str, Any]:
    """Run every benchmark, print the tables to ``out``; returns the figures."""
    perft_depth = 5 if quick else 7
    seconds = 0.1 if quick else 1.0
    count = 2 if quick else 10
    plain_depth = 6 if quick else 12
    mcts_seconds = 0.2 if quick else 1.0
    figures: dict[str, Any] = {}

    def say(text: str = "") -> None:
        out.write(text + "\n")
        out.flush()

    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    say(f"engine benchmark{' (quick)' if quick else ''}, {now}")
    say(f"machine: {machine()}")
    say()
    say("perft (every move through State.play):")
    rows = [bench_perft(name, perft_depth) for name in VARIANTS]
    say(table(rows, "positions"))
    figures["perft"] = {name: r.rate for name, r in zip(VARIANTS, rows, strict=True)}

    say()
    say(f"minimax (default settings), {seconds:g} s a position, {count} positions a variant:")
    figures["minimax"] = {}
    for name in VARIANTS:
        rows = bench_minimax(name, seconds, count)
        say(table(rows, "nodes", depth=True))
        nodes = sum(r.nodes for r in rows)
        secs = sum(r.cpu for r in rows)
        depths = [r.depth or 0 for r in rows]
        rate = nodes / secs if secs else 0.0
        say(
            f"  {name}: {nodes:,} nodes in {secs:.2f} CPU s = {rate:,.0f} nodes/s; depth reached "
            f"{min(depths)}-{max(depths)} (mean {sum(depths) / len(depths):.1f})"
        )
        figures["minimax"][name] = {"rate": rate, "depths": depths}

    say()
    plain = bench_plain(plain_depth)
    say(f"alpha-beta from the Kalah(6,4) start to depth {plain_depth}, {plain.note}:")
    say(table([plain], "nodes", depth=True))
    if plain_depth == 12:
        say(f"  nodes: {plain.nodes:,} (reference {REFERENCE_NODES:,})")
    say(
        f"  {plain.rate:,.0f} nodes/s = {plain.rate / REFERENCE_C:.3f} x C (~30 M nodes/s), "
        f"{plain.rate / REFERENCE_PYTHON:.2f} x tuned pure Python (~0.7 M nodes/s); "
        f"target >= 0.5 M nodes/s: {'met' if plain.rate >= TARGET else 'not met'}"
    )
    figures["plain"] = {"nodes": plain.nodes, "rate": plain.rate, "depth": plain_depth}

    say()
    say(f"MCTS (default settings), {mcts_seconds:g} s from the start:")
    rows = [bench_mcts(name, mcts_seconds) for name in VARIANTS]
    say(table(rows, "playouts"))
    figures["mcts"] = {name: r.rate for name, r in zip(VARIANTS, rows, strict=True)}
    return figures


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    args = parser.parse_args(argv)
    run(args.quick, out if out is not None else sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
