"""Solve a Kalah position exactly, or build an endgame table.

    python -m engine solve kalah pits=6 seeds=4 [empty_capture=true]
    python -m engine solve kalah pits=6 seeds=5 --value-only --guess 10 --table-seeds 24
    python -m engine solve kalah pits=6 --build-table [--table-seeds 18]

prints the exact value of the start position (the final margin in seeds the first player forces,
both sides playing perfectly) and of each opening move, with a progress bar and the time taken.
``--value-only`` skips the opening moves' values; ``--guess`` starts MTD(f) from an expected
value (a good guess saves null-window searches; the value found is the same).
Endgame tables are read from and saved to ``--cache`` (default ``instance/tables``, the app's
instance folder; never committed).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time
from pathlib import Path
from typing import TextIO

from engine import get_variant
from engine.cli.arena import parse_options
from engine.solver import KalahSpec, Solver

DEFAULT_CACHE = str(Path("instance") / "tables")


class Bar:
    """A one-line progress bar on a terminal (plain lines elsewhere, at most one a second)."""

    def __init__(self, out: TextIO, width: int = 30, unit: str = "nodes") -> None:
        self.out, self.width, self.unit = out, width, unit
        self.start = time.perf_counter()
        self.last = 0.0
        self.tty = out.isatty()
        self.first: float | None = None  # the share done when the bar started (a resumed build)

    def __call__(self, share: float, nodes: int) -> None:
        elapsed = time.perf_counter() - self.start
        if self.first is None:
            self.first = share
        if elapsed - self.last < (0.2 if self.tty else 10.0) and share < 1.0:
            return
        self.last = elapsed
        filled = int(self.width * share)
        bar = "#" * filled + "-" * (self.width - filled)
        line = f"[{bar}] {share:4.0%} {nodes:>15,} {self.unit} {elapsed:7.1f} s"
        if self.first < share < 1.0:
            line += f", about {elapsed * (1 - share) / (share - self.first):.0f} s left"
        self.out.write(("\r" + line) if self.tty else line + "\n")
        self.out.flush()

    def done(self) -> None:
        if self.tty:
            self.out.write("\n")


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m engine solve", description=__doc__)
    parser.add_argument("variant", choices=["kalah"])
    parser.add_argument("options", nargs="*", metavar="K=V", help="rule options, e.g. pits=6")
    parser.add_argument("--cache", default=DEFAULT_CACHE, help="endgame table folder")
    parser.add_argument("--table-seeds", type=int, help="endgame table size in seeds")
    parser.add_argument("--tt-bits", type=int, default=24, help="log2 transposition entries")
    parser.add_argument("--build-table", action="store_true", help="only build the table")
    parser.add_argument("--pure", action="store_true", help="use the pure-Python solver")
    parser.add_argument("--value-only", action="store_true", help="skip each move's value")
    parser.add_argument("--guess", type=int, default=0, help="MTD(f)'s first guess")
    args = parser.parse_args(argv)
    try:
        rules = get_variant(args.variant, **parse_options(args.options))
        KalahSpec.of(rules)  # only the rule sets the solver solves
    except ValueError as exc:
        parser.error(str(exc))
    seeds = args.table_seeds  # None: the rule set's table (engine.solver.table.table_seeds)
    setting = " ".join(args.options) or "defaults"
    out.write(
        f"Kalah {setting}: {datetime.datetime.now():%Y-%m-%d %H:%M}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}\n"
    )
    start = time.perf_counter()
    solver = Solver(rules, args.cache, seeds, args.tt_bits, args.pure)
    size = len(solver.table.values) if solver.table else 0
    out.write(
        f"endgame table: up to {solver.table.seeds if solver.table else 0} seeds, {size:,} bytes "
        f"({time.perf_counter() - start:.1f} s); {'native' if solver.native else 'pure Python'}\n"
    )
    if args.build_table:
        return 0
    state = rules.initial_state()
    bar = Bar(out)
    cpu = time.process_time()
    solution = solver.solve(state, report=bar, guess=args.guess, each_move=not args.value_only)
    cpu = time.process_time() - cpu
    bar.done()
    rate = solution.nodes / solution.seconds if solution.seconds else 0.0
    scope = "with every move's value: " if solution.move_values else ""
    out.write(
        f"value {solution.value:+d} (first player's final margin, perfect play), "
        f"found in {solution.value_seconds:.1f} s\n"
        f"{scope}{solution.nodes:,} nodes in {solution.seconds:.1f} s "
        f"({cpu:.1f} s of CPU, {rate:,.0f} nodes/s)\n"
    )
    for move, value in solution.move_values.items():
        best = "  best" if value == solution.value else ""
        out.write(f"  {chr(ord('A') + move)} (pit {move}): {value:+d}{best}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
