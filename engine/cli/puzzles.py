"""Build and check the engine's puzzle set.

    python -m engine puzzles build [--variant V ...] [--count N] [--seed S] [--out DIR]
                                   [--records FILE] [--resume]
    python -m engine puzzles check [--variant V ...] [--sample N] [--folder DIR] [--tables DIR]
    python -m engine puzzles confirm [--variant V ...] [--folder DIR]
    python -m engine puzzles lines [--variant V ...] [--folder DIR]

``build`` mines puzzles from seeded self-play (see :mod:`engine.puzzles.builder`), one variant
after the other, and writes ``DIR/<variant>.jsonl`` (default: the shipped set in
``engine/data/puzzles``), saving as it goes; the same seed gives the same file; ``--resume``
tops up the file there to the count, going on with self-play after its last game.  ``--records``
mines the games of a file of game records first (one a line, as JSON or as the one-line text of
:mod:`engine.record`), e.g. games played on the server.  ``check`` re-verifies puzzles of a
file: every one, or an evenly spread sample of N (an exact puzzle by the solver, a searched one
at its two depths; an exact Oware one by the endgame table, found or built in ``--tables``).
``confirm`` re-searches every searched puzzle of a file at its variant's
two depths (:data:`engine.puzzles.builder.PLANS`: ``confirm`` and ``depth``, at least 4 plies
apart), keeps those where both agree on the move and the margin (with the margin both give and
the deeper gain) and drops the rest, naming each.  ``lines`` plays each puzzle's line on from
its first turns to where its seeds are won (:mod:`engine.puzzles.lines`), as ``build`` does.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from engine.puzzles.builder import PLANS, Plan, Progress, build
from engine.puzzles.checks import LINE_TURNS, confirm_puzzle
from engine.puzzles.lines import MOST_TURNS, line_chooser, line_gain, won_line
from engine.puzzles.loader import DATA, PuzzleDataError, load_puzzles, puzzle_file, puzzle_lines
from engine.puzzles.model import Puzzle
from engine.puzzles.oware_proof import find_table, needs_table
from engine.puzzles.verify import check_puzzle
from engine.record import GameRecord, RecordError
from engine.solver.oware_table import OwareTable

REPORT_EVERY = 10.0
"""Seconds between progress lines."""


def write_puzzles(path: str | os.PathLike[str], puzzles: Iterable[Puzzle]) -> int:
    """Write ``puzzles`` to ``path`` (replacing the file through a temporary one, so a reader
    never sees half a file); their count."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    puzzles = list(puzzles)
    temporary = path.with_suffix(".jsonl.tmp")
    temporary.write_text(puzzle_lines(puzzles), encoding="utf-8")
    temporary.replace(path)
    return len(puzzles)


class Reporter:
    """Prints a build's progress, a line every :data:`REPORT_EVERY` seconds and at the end."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.start = self.last = time.perf_counter()

    def __call__(self, progress: Progress) -> None:
        now = time.perf_counter()
        if now - self.last < REPORT_EVERY and progress.found < progress.count:
            return
        self.last = now
        self.out.write(
            f"{progress.variant}: {progress.games} games ({progress.recorded} recorded), "
            f"{progress.valued} positions valued, {progress.found}/{progress.count} puzzles, "
            f"{now - self.start:.0f} s\n"
        )
        self.out.flush()


def spread(puzzles: list[Puzzle], sample: int | None) -> list[Puzzle]:
    """``sample`` puzzles spread evenly over the list (all of them without a sample)."""
    if sample is None or sample >= len(puzzles):
        return puzzles
    step = len(puzzles) / sample
    return [puzzles[int(k * step)] for k in range(sample)]


def read_records(path: str) -> list[tuple[str, GameRecord]]:
    """The game records of a file, one a line (JSON or one-line text), each with its file and
    line; RecordError naming the line of the first bad one."""
    games: list[tuple[str, GameRecord]] = []
    text = Path(path).read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            game = (
                GameRecord.from_json(line)
                if line.lstrip().startswith("{")
                else GameRecord.from_text(line)
            )
        except RecordError as exc:
            raise RecordError(f"{where}: {exc}") from None
        games.append((f"record {where}", game))
    return games


def build_main(args: argparse.Namespace, out: TextIO) -> int:
    folder = Path(args.out)
    records: list[tuple[str, GameRecord]] = []
    if args.records:
        try:
            records = read_records(args.records)
        except (OSError, UnicodeDecodeError, RecordError) as exc:
            out.write(f"can't read the records: {exc}\n")
            return 2
    for variant in args.variant or list(PLANS):
        started, cpu = time.perf_counter(), time.process_time()
        path = puzzle_file(variant, folder)

        def save(puzzles: list[Puzzle], path: Path = path) -> None:
            write_puzzles(path, puzzles)

        resume = load_puzzles(variant, folder) if args.resume and path.exists() else []
        puzzles = build(
            variant,
            args.count,
            args.seed,
            Reporter(out),
            args.max_games,
            save,
            records=records,
            resume=resume,
        )
        out.write(
            f"{variant}: {len(puzzles)} puzzles in {path} (seed {args.seed}); "
            f"{time.perf_counter() - started:.0f} s wall, {time.process_time() - cpu:.0f} s CPU\n"
        )
    return 0


def _loaded(variant: str, args: argparse.Namespace, out: TextIO) -> list[Puzzle] | None:
    """The variant's puzzles from ``args.folder``; None, with the reason said on ``out``, when
    its file is missing or damaged (each command then decides whether to go on)."""
    try:
        return load_puzzles(variant, args.folder)
    except PuzzleDataError as exc:
        out.write(f"{exc}\n")
        return None


def check_main(args: argparse.Namespace, out: TextIO) -> int:
    failures = 0
    for variant in args.variant or list(PLANS):
        loaded = _loaded(variant, args, out)
        if loaded is None:
            failures += 1
            continue
        puzzles = spread(loaded, args.sample)
        started = time.process_time()
        table = oware_table_for(puzzles, args.tables, out)
        bad = [(p, problem) for p in puzzles if (problem := check_puzzle(p, table)) is not None]
        for puzzle, problem in bad:
            out.write(f"{puzzle.id}: {problem}\n")
        out.write(
            f"{variant}: {len(puzzles) - len(bad)}/{len(puzzles)} puzzles hold "
            f"({time.process_time() - started:.1f} s CPU)\n"
        )
        failures += len(bad)
    return 1 if failures else 0


def oware_table_for(puzzles: list[Puzzle], folder: str, out: TextIO) -> OwareTable | None:
    """The Oware table that proves the exact Oware puzzles among ``puzzles``, found or built in
    ``folder`` (saying which); None when none needs it."""
    exact = [p for p in puzzles if needs_table(p)]
    if not exact:
        return None
    seeds = max(p.state().on_rows for p in exact)
    found = find_table(exact[0].rules(), folder, seeds)
    out.write(f"{found.said}\n")
    return found.table


def confirm_main(args: argparse.Namespace, out: TextIO) -> int:
    for variant in args.variant or list(PLANS):
        plan = PLANS[variant]
        if plan.depth is None or plan.confirm is None:
            out.write(f"{variant}: exact puzzles, nothing to confirm\n")
            continue
        puzzles = _loaded(variant, args, out)
        if puzzles is None:
            return 1
        started = time.process_time()
        kept: list[Puzzle] = []
        for puzzle in puzzles:
            held = puzzle if puzzle.exact else confirm_puzzle(puzzle, plan.confirm, plan.depth)
            if held is None:
                out.write(
                    f"{puzzle.id}: dropped, depths {plan.confirm} and {plan.depth} disagree\n"
                )
            else:
                kept.append(held)
        write_puzzles(puzzle_file(variant, args.folder), kept)
        out.write(
            f"{variant}: {len(kept)}/{len(puzzles)} puzzles hold at depths {plan.confirm} and "
            f"{plan.depth} ({time.process_time() - started:.1f} s CPU)\n"
        )
        out.flush()
    return 0


def lines_main(args: argparse.Namespace, out: TextIO) -> int:
    for variant in args.variant or list(PLANS):
        plan = PLANS[variant]
        puzzles = _loaded(variant, args, out)
        if puzzles is None:
            return 1
        started = time.process_time()
        done = [p if needs_table(p) else extended(p, plan) for p in puzzles]  # table's lines
        write_puzzles(puzzle_file(variant, args.folder), done)
        banked = sum(line_gain(p.state(), p.solution) >= p.gain for p in done)
        out.write(
            f"{variant}: {len(done)} lines played to where their seeds are won "
            f"({banked} reach it within {MOST_TURNS} turns; "
            f"{time.process_time() - started:.1f} s CPU)\n"
        )
        out.flush()
    return 0


def extended(puzzle: Puzzle, plan: Plan) -> Puzzle:
    """``puzzle`` with its line played on from its first turns to where its seeds are won, as
    the builder plays it (:func:`engine.puzzles.lines.won_line`)."""
    known = puzzle.solution[:LINE_TURNS]
    choose = line_chooser(puzzle.exact, plan.extend)
    return replace(puzzle, solution=won_line(puzzle.state(), known, puzzle.gain, choose))


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m engine puzzles", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("build", help="mine puzzles from seeded self-play")
    make.add_argument("--variant", action="append", choices=list(PLANS), help="(default: all)")
    make.add_argument("--count", type=int, help="puzzles a variant (default: its target)")
    make.add_argument("--seed", type=int, default=1, help="self-play seed (default 1)")
    make.add_argument("--out", default=str(DATA), help="folder of the files (default: shipped)")
    make.add_argument("--max-games", type=int, default=100_000, help="stop after these games")
    make.add_argument("--records", help="a file of game records to mine first, one a line")
    make.add_argument(
        "--resume", action="store_true", help="top up the file's puzzles (after a confirm)"
    )
    check = commands.add_parser("check", help="re-verify puzzles")
    check.add_argument("--variant", action="append", choices=list(PLANS), help="(default: all)")
    check.add_argument("--sample", type=int, help="check this many, spread over the file")
    check.add_argument("--folder", default=str(DATA), help="folder of the files (default: shipped)")
    check.add_argument(
        "--tables",
        default=str(Path("instance") / "tables"),
        help="folder the Oware table proving exact Oware puzzles is found or built in "
        "(default: instance/tables)",
    )
    confirm = commands.add_parser("confirm", help="re-search at two depths, drop what fails")
    confirm.add_argument("--variant", action="append", choices=list(PLANS), help="(default: all)")
    confirm.add_argument(
        "--folder", default=str(DATA), help="folder of the files (default: shipped)"
    )
    lines = commands.add_parser(
        "lines", help="play each line on to where its seeds are won (as the builder does)"
    )
    lines.add_argument("--variant", action="append", choices=list(PLANS), help="(default: all)")
    lines.add_argument("--folder", default=str(DATA), help="folder of the files (default: shipped)")
    args = parser.parse_args(argv)
    if args.command == "lines":
        return lines_main(args, out)
    if args.command == "confirm":
        return confirm_main(args, out)
    if args.command == "build":
        if args.count is not None and args.count < 1:
            parser.error("--count must be at least 1")
        return build_main(args, out)
    if args.sample is not None and args.sample < 1:
        parser.error("--sample must be at least 1")
    return check_main(args, out)
