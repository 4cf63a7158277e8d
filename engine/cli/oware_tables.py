"""``python -m engine tables build oware [grand_slam=...] [--seeds N] [--dir D]``.

Prints the table's size and an estimate of its time first, then a layer at a time; resumable
(the same command continues a stopped build at its first unfinished layer).  The default size
is the host's large table (24 seeds, 5.0 GB: ``engine.solver.oware_table.LARGE_BYTES``).
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import time
from pathlib import Path
from typing import TextIO

from engine import get_variant
from engine.cli.arena import parse_options
from engine.solver import oware_table as ot

CPU_SECONDS = {12: 5.0, 14: 22.0, 16: 107.0, 18: 375.0, 20: 1300.0}
"""CPU seconds measured here for the whole table of that many seeds (docs/engine.md); larger
sizes are extrapolated from the last: each seed about 1.8 times the one before."""


def estimate(seeds: int) -> float:
    """The CPU seconds a table of ``seeds`` seeds takes, measured or extrapolated."""
    known = max((n for n in CPU_SECONDS if n <= seeds), default=12)
    return CPU_SECONDS[known] * 1.8 ** (seeds - known)


def large_seeds(limit: int = ot.LARGE_BYTES) -> int:
    """The most seeds whose table fits ``limit`` bytes."""
    seeds = 0
    while ot.nbytes(seeds + 1) <= limit and seeds < ot.MAX_SEEDS:
        seeds += 1
    return seeds


def main(args: argparse.Namespace, parser: argparse.ArgumentParser, out: TextIO) -> int:
    try:
        rules = get_variant("oware", **parse_options(args.options))
    except ValueError as exc:
        parser.error(str(exc))
    flag = ot.flag_of(rules)
    assert flag is not None
    seeds = large_seeds() if args.seeds is None else args.seeds
    if not 0 <= seeds <= ot.MAX_SEEDS:
        parser.error(f"--seeds must be 0..{ot.MAX_SEEDS}")
    return build(flag, seeds, Path(args.dir), args.pure, out)


def build(flag: int, seeds: int, folder: Path, pure: bool, out: TextIO) -> int:
    """Say what the build takes, then build a layer at a time; 1 if the disk is too small."""
    folder.mkdir(parents=True, exist_ok=True)
    free = shutil.disk_usage(folder).free
    out.write(
        f"Oware grand_slam={ot.FLAGS[flag]}: every position of up to {seeds} seeds, "
        f"{ot.count(seeds):,} positions, {ot.nbytes(seeds) / 1e6:.1f} MB on disk in {folder} "
        f"({free / 1e9:.1f} GB free)\n"
    )
    final = folder / ot.file_name(flag, seeds)
    if final.exists() and final.stat().st_size == ot.nbytes(seeds):
        out.write(f"already built: {final}\n")
        return 0
    done = ot.layers_done(folder, flag, seeds)
    smaller = ot.largest(flag, folder)
    if done:
        out.write(f"continuing an earlier build: {done} of {seeds + 1} layers done\n")
    elif smaller is not None and smaller < seeds:
        done = smaller + 1  # build_file copies the smaller table in
        out.write(f"starting from the {smaller}-seed table: {done} of {seeds + 1} layers done\n")
    elif free < ot.nbytes(seeds):
        out.write("not enough free disk for the table\n")
        return 1
    out.write(
        f"about {estimate(seeds) / 60:.0f} min of one core like the one measured (longer on a "
        "busy machine); Ctrl-C stops it, the same command continues it\n"
    )
    start = time.perf_counter()

    def progress(layers: int, total: int) -> None:
        out.write(
            f"  layer {layers - 1} ({layers}/{total} layers, "
            f"{ot.count(layers - 1) / ot.count(total - 1):.1%} of the positions) "
            f"at {time.perf_counter() - start:.0f} s\n"
        )
        out.flush()

    try:
        path = ot.build_file(flag, seeds, folder, progress, pure)
    except KeyboardInterrupt:
        out.write("stopped: run the same command to continue\n")
        return 130
    usage = resource.getrusage(resource.RUSAGE_SELF)
    seconds, cpu = time.perf_counter() - start, usage.ru_utime + usage.ru_stime
    out.write(f"built {path} in {seconds:.0f} s ({cpu:.0f} s of CPU)\n")
    note = {"seconds": round(seconds, 1), "cpu_seconds": round(cpu, 1), "continued_from": done}
    Path(f"{path}.json").write_text(json.dumps(note) + "\n")
    return 0
