"""Build the opening book of a Kalah game: the exact value of every position of its first plies.

    python -m engine book build kalah pits=6 seeds=4 [empty_capture=true] [--plies K]
        [--tables D] [--out FILE]

solves every position reached within ``--plies`` moves of the start (extra turns count as
moves) with the solver and the largest endgame table in ``--tables`` (``python -m engine tables
build``), and writes the book (default: ``engine/data/books/``, shipped with the engine).  The
build is resumable: it saves what it has solved every half minute, and run again it keeps the
values the file holds and solves the rest.  It prints the positions to solve first, then a
progress bar, then the book's size and the time taken.  Deterministic: no random seed.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import resource
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from engine import get_variant
from engine.cli.arena import parse_options
from engine.cli.solve import DEFAULT_CACHE, Bar
from engine.solver import KalahSpec, Solver
from engine.solver import book as books
from engine.solver.book import Book, file_name, guess, read, to_json, tree
from engine.solver.table import largest

SAVE_EVERY = 30.0
"""Seconds between two saves of a book being built."""


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m engine book", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="build (or finish building) a book")
    build.add_argument("variant", choices=["kalah"])
    build.add_argument("options", nargs="*", metavar="K=V", help="rule options, e.g. pits=6")
    build.add_argument("--plies", type=int, default=2, help="moves from the start it covers")
    build.add_argument("--tables", default=DEFAULT_CACHE, help="the endgame tables' folder")
    build.add_argument("--out", help="the book file (default: the engine's shipped book)")
    build.add_argument("--tt-bits", type=int, default=24, help="log2 transposition entries")
    args = parser.parse_args(argv)
    try:
        rules = get_variant(args.variant, **parse_options(args.options))
        spec = KalahSpec.of(rules)
    except ValueError as exc:
        parser.error(str(exc))
    if args.plies < 0:
        parser.error("--plies must be at least 0")
    seeds = largest(spec, args.tables) if Path(args.tables).is_dir() else None
    if seeds is None:
        parser.error(
            f"no endgame table in {args.tables}: build one first "
            f"(python -m engine tables build kalah pits={spec.pits} --dir {args.tables})"
        )
    target = Path(args.out) if args.out else books.BOOKS / file_name(spec, rules.seeds)
    command = " ".join(["python -m engine book build", args.variant, *args.options])
    command += f" --plies {args.plies}"
    solver = Solver(rules, args.tables, seeds, args.tt_bits)
    return build_book(rules, args.plies, solver, target, command, out)


def build_book(
    rules: Any, plies: int, solver: Solver, target: Path, command: str, out: TextIO
) -> int:
    """Solve every position of the first ``plies`` moves into the book at ``target``."""
    spec = KalahSpec.of(rules)
    book, about = Book(spec), dict[str, Any]()
    if target.exists():
        book, about = read(target)
        if book.spec != spec:
            out.write(f"{target} is the book of other rules\n")
            return 1
    views = list(tree(rules, plies))
    todo = [(b, link) for _, b, link in views if b not in book.values]
    table = solver.table.seeds if solver.table else 0
    out.write(
        f"Kalah {spec.tag} {rules.seeds} seeds: {len(views):,} positions within {plies} plies, "
        f"{len(views) - len(todo):,} solved already; endgame table of {table} seeds\n"
    )
    spent = float(about.get("seconds", 0.0)) if todo and len(todo) < len(views) else 0.0
    cpu_spent = float(about.get("cpu_seconds", 0.0)) if spent else 0.0
    start, cpu, saved = time.perf_counter(), time.process_time(), time.perf_counter()
    bar = Bar(out, unit="positions")

    covered = book.plies.get(rules.seeds, 0)  # what the file covers whole already

    def save(done: int) -> None:
        book.plies[rules.seeds] = plies if done == len(views) else min(covered, plies)
        head = {
            "command": command,
            "built": f"{datetime.date.today()}",
            "machine": f"{platform.machine()}, Python {platform.python_version()}",
            "table_seeds": table,
            "seconds": round(spent + time.perf_counter() - start, 1),
            "cpu_seconds": round(cpu_spent + time.process_time() - cpu, 1),
            "positions": len(book.values),
        }
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(to_json(book, rules.seeds, head))

    done = len(views) - len(todo)
    try:
        for b, link in todo:
            book.values[b] = solver.value(b, guess(book.values, link))
            done += 1
            bar(done / len(views), done)
            if time.perf_counter() - saved > SAVE_EVERY:
                save(done)
                saved = time.perf_counter()
    except KeyboardInterrupt:
        save(done)
        bar.done()
        out.write(f"stopped: {done:,} of {len(views):,} solved; the same command continues\n")
        return 130
    bar.done()
    save(done)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    out.write(
        f"wrote {target}: {len(book.values):,} positions, {target.stat().st_size:,} bytes, "
        f"in {time.perf_counter() - start:.0f} s ({usage.ru_utime + usage.ru_stime:.0f} s of "
        f"CPU); start value {book.values[views[0][1]]:+d}\n"
    )
    return 0
