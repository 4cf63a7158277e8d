"""Benchmarks: ``python -m engine bench [--quick]``, the native core and the pure-Python
fallback side by side.

* perft positions/s from the start of Kalah(6,4) and Oware;
* minimax nodes/s and the depth it reaches in 1 s from the 10 fixed positions of each variant
  listed in :data:`POSITIONS` (each a move sequence from the start, one digit a move);
* plain alpha-beta (no move ordering, no transposition table, margin-only end values) to depth 12
  from the Kalah(6,4) start (2,669,913 nodes), against a C program doing the same search
  (``tools/bench_reference/alphabeta.c``, compiled here with gcc -O2; target: the native core at
  least 0.9 x its nodes/s; ``tools/bench_reference/instructions.sh`` counts both searches'
  instructions);
* MCTS playouts/s from the start of each variant, against OpenSpiel's C++ MCTS (its MCTSBot
  with one random rollout a simulation) where ``open_spiel`` is installed (a benchmark-only
  dependency: ``pip install open_spiel``; target: at least 0.5 x its simulations/s);
* the analysis of a fixed game, the native core against the pure twin, and a hint's time
  (:mod:`engine.cli.bench_analysis`; alone with ``--analysis``).

``--exact`` runs the Kalah 6x4 exact-play bench instead (``engine/cli/exactbench.py``: the
opening book, the large table, an analysis's exact moves, Perfect's games).

``--quick`` runs a short version of each (for tests and a smoke check).  Rates are per CPU
second of this process (or of the C program), so other work on the machine disturbs them
less; time-limited searches still stop on the wall clock, so on a busy machine they reach less
depth.  Counts are what the agents report in ``Decision.nodes`` and ``Decision.depth``.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from engine import get_variant, native
from engine.agents import Agent, Limit, make_agent
from engine.cli import bench_analysis
from engine.core import Rules, State
from engine.perft import perft

VARIANTS = ("kalah", "oware")
OPENSPIEL_NAMES = {"kalah": "mancala", "oware": "oware"}
"""OpenSpiel's names for the same games (its "mancala" is Kalah 6 x 4)."""

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
REFERENCE_SOURCE = Path(__file__).resolve().parents[2] / "tools" / "bench_reference" / "alphabeta.c"
PLAIN_TARGET = 0.9
"""Native plain alpha-beta: at least this times the C reference's nodes per CPU second."""
MCTS_TARGET = 0.5
"""Native MCTS: at least this times OpenSpiel's C++ MCTS simulations per CPU second."""


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


def timed(call: Callable[..., Any], *args: Any) -> tuple[Any, float, float]:
    """``call(*args)``'s result, wall seconds and CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = call(*args)
    return result, time.perf_counter() - wall, time.process_time() - cpu


@contextmanager
def core_in_use(core: native.CoreModule | None) -> Iterator[None]:
    """Run the block on ``core`` (None: the pure-Python fallback)."""
    kept = native.core
    native.core = core
    try:
        yield
    finally:
        native.core = kept


def bench_perft(name: str, depth: int) -> Row:
    state = get_variant(name).initial_state()
    count, wall, cpu = timed(perft, state, depth)
    return Row(f"perft {name} depth {depth}", count, wall, cpu)


def minimax_agent() -> Agent:
    """The minimax agent benchmarked from the fixed positions (its default settings)."""
    return make_agent("minimax", seed=1)


def plain_agent() -> Agent:
    """Plain alpha-beta: pit order, no table, the store difference, margin-only end values."""
    return make_agent(
        "minimax", seed=1, heuristic="diff", ordering=False, table=False, exact_wins=False
    )


def bench_minimax(name: str, seconds: float, count: int) -> list[Row]:
    rules = get_variant(name)
    rows = []
    for k, moves in enumerate(POSITIONS[name][:count]):
        agent, state = minimax_agent(), position(rules, moves)
        decision, wall, cpu = timed(agent.choose, state, Limit(seconds=seconds))
        what = f"minimax {name} #{k} ({len(moves)} plies)"
        rows.append(Row(what, decision.nodes, wall, cpu, decision.depth))
    return rows


def bench_plain(depth: int, runs: int = 1) -> Row:
    """The fastest of ``runs`` plain alpha-beta searches from the Kalah(6,4) start."""
    state = get_variant("kalah").initial_state()
    best: Row | None = None
    for _ in range(runs):
        decision, wall, cpu = timed(plain_agent().choose, state, Limit(depth=depth))
        row = Row(f"kalah start depth {depth}", decision.nodes, wall, cpu, decision.depth)
        if best is None or row.cpu < best.cpu:
            best = row
    assert best is not None
    return best


def bench_reference(depth: int, runs: int = 3) -> Row | str:
    """The C reference's fastest of ``runs`` (compiled now), or why it could not run."""
    gcc = shutil.which("gcc")
    if gcc is None or not REFERENCE_SOURCE.exists():
        return "not run (needs gcc and tools/bench_reference/alphabeta.c)"
    with tempfile.TemporaryDirectory() as folder:
        program = str(Path(folder) / "alphabeta")
        try:
            subprocess.run([gcc, "-O2", str(REFERENCE_SOURCE), "-o", program], check=True)
            best = None
            for _ in range(runs):
                out = subprocess.run([program, str(depth)], check=True, capture_output=True)
                nodes, cpu = out.stdout.split()[:2]
                row = Row("C reference (gcc -O2)", int(nodes), float(cpu), float(cpu), depth)
                if best is None or row.cpu < best.cpu:
                    best = row
        except (OSError, subprocess.CalledProcessError) as exc:
            return f"not run ({exc})"
    assert best is not None
    return best


def bench_mcts(name: str, seconds: float) -> Row:
    agent, state = make_agent("mcts", seed=1), get_variant(name).initial_state()
    decision, wall, cpu = timed(agent.choose, state, Limit(seconds=seconds))
    return Row(f"mcts {name} start", decision.nodes, wall, cpu)


def bench_openspiel(name: str, simulations: int) -> Row | str:
    """OpenSpiel's C++ MCTS (one random rollout a simulation) from the start, or why not."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return "not installed (pip install open_spiel: a benchmark-only dependency)"
    game = pyspiel.load_game(OPENSPIEL_NAMES[name])
    evaluator = pyspiel.RandomRolloutEvaluator(1, 1)
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, simulations, 1000, False, 1, False)
    _, wall, cpu = timed(bot.step, game.new_initial_state())
    return Row(f"OpenSpiel mcts {name} start", simulations, wall, cpu)


def machine() -> str:
    """A line naming the machine: processor, cores and Python."""
    cpu = platform.processor() or platform.machine()
    try:
        with Path("/proc/cpuinfo").open(encoding="utf-8") as f:
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


def met(ratio: float, target: float) -> str:
    return "met" if ratio >= target else "not met"


def run(quick: bool, out: TextIO) -> dict[str, Any]:
    """Run every benchmark on each core, print the tables to ``out``; returns the figures:
    ``figures[core]`` for "native" (when built) and "pure", and the references."""
    perft_depth = 5 if quick else 7
    seconds = 0.1 if quick else 1.0
    count = 2 if quick else 10
    plain_depth = 6 if quick else 12
    mcts_seconds = 0.2 if quick else 1.0
    simulations = 500 if quick else 20_000
    built = native.core or native.load_core()
    cores: list[tuple[str, native.CoreModule | None]] = [("pure", None)]
    if built is not None:
        cores.insert(0, ("native", built))
    figures: dict[str, Any] = {name: {} for name, _ in cores}

    def say(text: str = "") -> None:
        out.write(text + "\n")
        out.flush()

    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    say(f"engine benchmark{' (quick)' if quick else ''}, {now}")
    say(f"machine: {machine()}")
    say(f"native core: {'built' if built is not None else 'not built (make native)'}")

    say()
    say("perft from the start:")
    for core_name, core in cores:
        with core_in_use(core):
            rows = [bench_perft(name, perft_depth) for name in VARIANTS]
        for r in rows:
            r.what = f"{core_name:<6} {r.what}"
        say(table(rows, "positions"))
        figures[core_name]["perft"] = {n: r.rate for n, r in zip(VARIANTS, rows, strict=True)}

    say()
    say(f"minimax (default settings), {seconds:g} s a position, {count} positions a variant:")
    for core_name, core in cores:
        figures[core_name]["minimax"] = {}
        for name in VARIANTS:
            with core_in_use(core):
                rows = bench_minimax(name, seconds, count)
            nodes = sum(r.nodes for r in rows)
            secs = sum(r.cpu for r in rows)
            depths = [r.depth or 0 for r in rows]
            rate = nodes / secs if secs else 0.0
            say(
                f"  {core_name:<6} {name:<6} {nodes:>11,} nodes in {secs:6.2f} CPU s = "
                f"{rate:>11,.0f} nodes/s; depth {min(depths)}-{max(depths)} "
                f"(mean {sum(depths) / len(depths):.1f})"
            )
            figures[core_name]["minimax"][name] = {"rate": rate, "depths": depths}

    say()
    say(
        f"plain alpha-beta from the Kalah(6,4) start to depth {plain_depth} "
        "(pit order, no table, store difference, margin-only end values; fastest of 3):"
    )
    reference = bench_reference(plain_depth)
    rows = []
    if isinstance(reference, Row):
        rows.append(reference)
        figures["reference"] = {"nodes": reference.nodes, "rate": reference.rate}
    for core_name, core in cores:
        with core_in_use(core):
            row = bench_plain(plain_depth, runs=3 if core is not None else 1)
        row.what = f"{core_name} engine"
        rows.append(row)
        figures[core_name]["plain"] = {"nodes": row.nodes, "rate": row.rate}
    say(table(rows, "nodes", depth=True))
    if plain_depth == 12:
        say(f"  nodes: {rows[-1].nodes:,} (reference {REFERENCE_NODES:,})")
    if isinstance(reference, Row):
        for core_name, _ in cores:
            ratio = figures[core_name]["plain"]["rate"] / reference.rate
            figures[core_name]["plain"]["ratio"] = ratio
            target = (
                f"; target >= {PLAIN_TARGET} x C: {met(ratio, PLAIN_TARGET)}"
                if core_name == "native"
                else ""
            )
            say(f"  {core_name}: {ratio:.3f} x C{target}")
    else:
        say(f"  C reference: {reference}")

    say()
    say(f"MCTS (default settings: random playouts, c = 1.4), {mcts_seconds:g} s from the start:")
    rows = []
    for core_name, core in cores:
        with core_in_use(core):
            core_rows = [bench_mcts(name, mcts_seconds) for name in VARIANTS]
        for r in core_rows:
            r.what = f"{core_name:<6} {r.what}"
        rows.extend(core_rows)
        figures[core_name]["mcts"] = {n: r.rate for n, r in zip(VARIANTS, core_rows, strict=True)}
    spiel = {name: bench_openspiel(name, simulations) for name in VARIANTS}
    rows.extend(r for r in spiel.values() if isinstance(r, Row))
    say(table(rows, "playouts"))
    for name, found in spiel.items():
        if not isinstance(found, Row):
            say(f"  OpenSpiel: {found}")
            break
        figures.setdefault("openspiel", {})[name] = found.rate
        for core_name, _ in cores:
            ratio = figures[core_name]["mcts"][name] / found.rate
            target = (
                f"; target >= {MCTS_TARGET} x: {met(ratio, MCTS_TARGET)}"
                if core_name == "native"
                else ""
            )
            say(f"  {core_name} {name}: {ratio:.2f} x OpenSpiel's C++ MCTS{target}")

    say()
    figures["analysis"] = bench_analysis.run(quick, out)
    return figures


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    parser.add_argument("--analysis", action="store_true", help="only the analysis rows")
    parser.add_argument(
        "--exact", action="store_true", help="Kalah 6x4 exact: book, table, analysis, Perfect"
    )
    args, rest = parser.parse_known_args(argv)
    if args.exact:
        from engine.cli import exactbench

        return exactbench.main(rest, out)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.analysis:
        bench_analysis.run(args.quick, out if out is not None else sys.stdout)
        return 0
    run(args.quick, out if out is not None else sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
