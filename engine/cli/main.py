"""``python -m engine COMMAND``: one entry point for every command-line front end of the engine."""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Sequence
from typing import TextIO

USAGE = """usage: python -m engine COMMAND ...

commands:
  play [--new] [--save-dir DIR]           play in the terminal (human or computer on each side)
  perft VARIANT DEPTH [--option K=V ...]  count the positions reached at each depth
  arena match A B ... | arena sweep ...   play agents against each other (Elo with its interval)
  bench [--quick]                         time the rules and the searches
  ladder [--games N ...]                  measure the difficulty ladder, step by step
  evolve [--variant V ...]                tune the weighted heuristic by self-play
  solve kalah [K=V ...] [--build-table]   exact value of a Kalah start and its moves
  puzzles build [--variant V ...]         mine the puzzle set from seeded self-play
  puzzles check [--variant V ...]         re-verify the puzzle set
  tables build kalah [K=V ...] [--seeds N] [--dir D]   build the large endgame table (resumable)
  book build kalah [K=V ...]              build the opening book of exact values
"""


# The command each front-end module answers to (perft is small enough to live here).
FRONT_ENDS = {
    "play": "play",
    "arena": "arena",
    "bench": "bench",
    "ladder": "ladder",
    "evolve": "evolve_weights",
    "solve": "solve",
    "puzzles": "puzzles",
    "tables": "tables",
    "book": "book",
}


def perft_main(argv: Sequence[str], out: TextIO) -> int:
    """Print the perft count, time and nodes per second for every depth up to DEPTH."""
    from engine import get_variant, variant_names
    from engine.cli.arena import parse_options
    from engine.perft import perft

    parser = argparse.ArgumentParser(prog="python -m engine perft")
    parser.add_argument("variant", choices=variant_names())
    parser.add_argument("depth", type=int)
    parser.add_argument("--option", action="append", metavar="K=V", help="a rule option")
    args = parser.parse_args(argv)
    try:
        rules = get_variant(args.variant, **parse_options(args.option or []))
    except ValueError as exc:
        parser.error(str(exc))
    state = rules.initial_state()
    out.write(f"perft {args.variant} {' '.join(args.option or [])}".rstrip() + "\n")
    out.write(f"{'depth':>5} {'positions':>12} {'seconds':>9} {'positions/s':>12}\n")
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        count = perft(state, depth)
        seconds = time.perf_counter() - start
        rate = count / seconds if seconds > 0 else float("inf")
        out.write(f"{depth:>5} {count:>12,} {seconds:>9.3f} {rate:>12,.0f}\n")
        out.flush()
    return 0


def warn_if_stale(err: TextIO) -> None:
    """Say so when a built native module is older than its sources: the engine then runs in
    pure Python (the same results, slower) until it is rebuilt."""
    from engine.native import pure_forced, stale_reason

    reason = None if pure_forced() else stale_reason()
    if reason is not None:
        err.write(f"note: the engine runs in pure Python (slower): {reason}\n")


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        sys.stdout.write(USAGE)
        return 0 if args else 2
    command, rest = args[0], args[1:]
    warn_if_stale(sys.stderr)
    if command == "perft":
        return perft_main(rest, sys.stdout)
    front_end = FRONT_ENDS.get(command)
    if front_end is None:
        sys.stderr.write(f"unknown command {command!r}\n\n{USAGE}")
        return 2
    module = importlib.import_module(f"engine.cli.{front_end}")
    return int(module.main(rest) or 0)


if __name__ == "__main__":
    sys.exit(main())
