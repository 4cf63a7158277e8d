"""Build the large Kalah endgame table a host shares (every search of the app reads it).

    python -m engine tables build kalah pits=6 [--seeds N] [--dir D]
    python -m engine tables build oware [grand_slam=no_capture] [--seeds N] [--dir D]
    python -m engine tables list [--dir D]

``build`` prints the table's size and the time it will take first, then a progress bar; it is
resumable: stopped (Ctrl-C, a kill, a reboot) and run again, it continues where it stopped.
The default size is the large table (``engine.solver.table.LARGE_TABLE_BYTES``: 26 seeds on 6
pits, 2.71 GB) and the default folder the app's (``instance/tables``); docs/hosting.md says
which size fits which machine.  ``list`` shows the tables (and builds in progress) in a folder.
"""

from __future__ import annotations

import argparse
import datetime
import json
import resource
import shutil
import sys
import time
from pathlib import Path
from typing import TextIO

from engine import get_variant
from engine.cli import oware_tables
from engine.cli.arena import parse_options
from engine.cli.solve import DEFAULT_CACHE, Bar
from engine.solver import KalahSpec
from engine.solver import oware_table as ot
from engine.solver.build import build_file, plan
from engine.solver.table import MAX_SEEDS, large_seeds


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m engine tables", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="build (or finish building) a table")
    build.add_argument("variant", choices=["kalah", "oware"])
    build.add_argument("options", nargs="*", metavar="K=V", help="rule options, e.g. pits=6")
    build.add_argument("--seeds", type=int, help="the most seeds a position holds (default: large)")
    build.add_argument("--dir", default=DEFAULT_CACHE, help="the folder the table goes into")
    build.add_argument("--pure", action="store_true", help="build in pure Python (slow)")
    listing = commands.add_parser("list", help="the tables in a folder")
    listing.add_argument("--dir", default=DEFAULT_CACHE, help="the folder to look in")
    args = parser.parse_args(argv)
    if args.command == "list":
        return list_tables(Path(args.dir), out)
    if args.variant == "oware":
        return oware_tables.main(args, parser, out)
    try:
        rules = get_variant(args.variant, **parse_options(args.options))
        spec = KalahSpec.of(rules)
    except ValueError as exc:
        parser.error(str(exc))
    seeds = large_seeds(rules) if args.seeds is None else args.seeds
    if seeds is None or not 0 <= seeds <= min(MAX_SEEDS, rules.total_seeds):
        parser.error(f"--seeds must be 0..{min(MAX_SEEDS, rules.total_seeds)}")
    return build_table(spec, seeds, Path(args.dir), args.pure, out)


def build_table(spec: KalahSpec, seeds: int, folder: Path, pure: bool, out: TextIO) -> int:
    """Say what the build takes, then build with a progress bar; 1 if the disk is too small."""
    folder.mkdir(parents=True, exist_ok=True)
    p = plan(spec, seeds, folder, pure)
    free = shutil.disk_usage(folder).free
    out.write(
        f"Kalah {spec.tag}: every position of up to {seeds} seeds, {p.positions:,} positions, "
        f"{_size(p.nbytes)} on disk in {folder} ({_size(free)} free)\n"
    )
    if p.done == p.positions:
        out.write(f"already built: {p.path}\n")
        return 0
    if free < p.disk:  # a new file of the whole size, even when a smaller table is its start
        out.write(f"not enough free disk for the table ({_size(p.disk)} needed)\n")
        return 1
    if p.done:
        out.write(
            f"continuing (a smaller table, an earlier build): {p.done / p.positions:.0%} done\n"
        )
    out.write(
        f"about {_duration(p.seconds)} of one core like the one measured (longer on a busy "
        "machine; docs/hosting.md); Ctrl-C stops it, the same command continues it\n"
    )
    bar = Bar(out, unit="positions")
    start = time.perf_counter()
    try:
        path = build_file(spec, seeds, folder, lambda at, total: bar(at / total, at), pure)
    except KeyboardInterrupt:
        bar.done()
        out.write("stopped: run the same command to continue\n")
        return 130
    bar.done()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    seconds, cpu = time.perf_counter() - start, usage.ru_utime + usage.ru_stime
    out.write(f"built {path} in {seconds:.0f} s ({cpu:.0f} s of CPU)\n")
    note: dict[str, object] = {"seconds": round(seconds, 1), "cpu_seconds": round(cpu, 1)}
    note |= {"continued_from": round(p.done / p.positions, 3), "built": f"{datetime.date.today()}"}
    Path(f"{path}.json").write_text(json.dumps(note) + "\n")  # what the bench prints
    return 0


def list_tables(folder: Path, out: TextIO) -> int:
    """Every table file (complete or being built) in ``folder``, with its size."""
    paths = sorted(folder.glob("kalah-*.v1.bin*")) if folder.is_dir() else []
    paths += sorted(folder.glob(f"oware-*.v{ot.FORMAT}.bin*")) if folder.is_dir() else []
    if not paths:
        out.write(f"no tables in {folder}\n")
    for path in paths:
        state = "being built" if path.name.endswith(".part") else "complete"
        out.write(f"{path.name:32} {path.stat().st_size:>15,} bytes  {state}\n")
    return 0


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _size(nbytes: float) -> str:
    return f"{nbytes / 1e9:.2f} GB" if nbytes >= 1e9 else f"{nbytes / 1e6:.1f} MB"
