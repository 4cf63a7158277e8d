"""Kalah 6x4 exact from the first move: ``python -m engine bench --exact [--tables D] ...``.

Prints, for the host's tables folder (default ``instance/tables``):

* the shipped opening book: its file, bytes, positions, plies and build time (from its head);
* the largest endgame table in the folder: its seeds, bytes and build time (the note
  ``python -m engine tables build`` leaves beside it);
* the analysis of a fixed 60-move 6x4 game (:data:`GAME`, a random game, seed 8) with
  ``--analysis-seconds`` a position and ``--solve-seconds`` of solver nodes where the table is
  there (the app's defaults), on ``--processes`` processes, two ways back to back: each
  position alone on a new solver (before: ``positions``), and as the app's analysis sends
  them (after: ``lines``: each process takes the next consecutive positions from the last
  back, ``exact_first.take_line``, and values them on one transposition table within the
  app's time slice, ``--line-seconds``, ``exact_first.evaluations``; what a line did not
  reach is taken next), and ``--ways shared`` those lines with one transposition table
  shared by the processes (:mod:`engine.solver.exact_shared`, not the app's); for each way
  asked for (``--ways``, default ``positions,lines``), its wall and CPU time (target: 15 s),
  how many positions
  got every move's value exact (target: all) and whether both ways gave the same values
  (target: yes);
* ``--games`` games of Perfect against Perfect from the start, colours alternating: each one's
  final margin for the first player (Kalah(6,4) is worth +8) and the share of exact moves;
* ``--openings`` games of Perfect against Master from random two-move openings (seed 1), Perfect
  on the side to move after them: the opening's exact value for Perfect (solved here) and the
  game's final margin (target: at least the value).

Perfect and Master get their level's time (5 s, 3 s) times ``--scale``; each game starts with
the solver's tables cold, as in a new search process.  On a loaded machine a
solve that runs out of time falls back on the Master search: the share of exact moves shows it.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from functools import partial
from multiprocessing import get_context
from pathlib import Path
from typing import TextIO

from engine import get_variant
from engine.agents import Agent, Limit
from engine.agents.exact_first import (
    LINE_POSITIONS,
    LINE_SECONDS,
    evaluation,
    evaluations,
    take_line,
)
from engine.agents.levels import level_agent, level_seconds
from engine.core import State
from engine.solver import KalahSpec, Solver, book, cache
from engine.solver.exact_shared import SHARED_BITS, SharedTable
from engine.solver.table import count, file_name, largest

GAME = "124110021335034434150422253340210543124125541504"
GAME += "150322154533"
"""The first 60 moves of a random Kalah(6,4) game (``random.Random(8)``, the first seed whose
game lasts 60 moves), one digit a pit."""
RULES = get_variant("kalah", pits=6, seeds=4)


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def bench_book(out: TextIO) -> None:
    path = book.BOOKS / book.file_name(KalahSpec(6), 4)
    if not path.exists():
        out.write(f"book: none shipped ({path})\n")
        return
    found, about = book.read(path)
    out.write(
        f"book: {path.name}, {path.stat().st_size:,} bytes, {len(found.values):,} positions, "
        f"every position of the first {about['plies']} moves; built in {about['seconds']} s "
        f"({about['cpu_seconds']} s of CPU) with the {about['table_seeds']}-seed table: "
        f"{about['command']}\n"
    )


def bench_table(tables: Path, out: TextIO) -> str | None:
    """Say which table the folder holds; its folder, or None without one."""
    spec = KalahSpec(6)
    seeds = largest(spec, tables) if tables.is_dir() else None
    if seeds is None:
        out.write(f"table: none in {tables} (python -m engine tables build kalah pits=6)\n")
        return None
    path = tables / file_name(spec, seeds)
    note = Path(f"{path}.json")
    built = "build time unknown"
    if note.exists():
        about = json.loads(note.read_text())
        built = f"built in {about['seconds']} s ({about['cpu_seconds']} s of CPU)"
        if about.get("continued_from"):
            built += f", continuing from {about['continued_from']:.0%}"
    out.write(f"table: {path.name}, {count(seeds, 6):,} bytes, up to {seeds} seeds; {built}\n")
    return str(tables)


Valued = tuple[int, bool, str, float]
"""A position's ply, whether every move's value is exact, its values, and its CPU seconds."""


def position(ply: int) -> State:
    """The fixed game's position before move ``ply``."""
    state = RULES.initial_state()
    for digit in GAME[:ply]:
        state = state.play(int(digit))
    return state


def evaluate_ply(tables: str | None, seconds: float, solve: float, ply: int) -> list[Valued]:
    """The fixed game's position before move ``ply`` valued alone, on a new solver (run in a
    worker process, as the app's search processes do)."""
    used = cpu()
    found = evaluation(position(ply), tables, seconds, solve)
    return [(ply, found.all_exact, repr(sorted(found.values.items())), cpu() - used)]


def evaluate_line(
    tables: str | None,
    seconds: float,
    solve: float,
    slice_seconds: float | None,
    plies: tuple[int, ...],
    shared: str | None = None,
) -> list[Valued]:
    """The fixed game's positions before each of ``plies`` valued as one line, in that order
    (one solver's table kept from each to the next), within the time slice (the app's line
    job: ``app.analysis.step.EvaluateLine``): the first of them, at least one; ``shared``: on
    that shared transposition table (:mod:`engine.solver.exact_shared`)."""
    done: list[Valued] = []
    used = cpu()
    states = [position(p) for p in plies]
    found = evaluations(states, tables, seconds, solve, None, slice_seconds, None, shared)
    share = (cpu() - used) / max(1, len(found))  # (a line's CPU, spread over its positions)
    for ply, each in zip(plies, found, strict=False):
        done.append((ply, each.all_exact, repr(sorted(each.values.items())), share))
    return done


def by_lines(
    pool: ProcessPoolExecutor,
    tables: str | None,
    seconds: float,
    solve: float,
    slice_seconds: float | None,
    processes: int,
    shared: str | None = None,
) -> tuple[list[Valued], int]:
    """The fixed game valued as the app's analysis runs it: ``processes`` line jobs at a time,
    each the next consecutive positions from the last back, what a job did not reach taken
    again next; the values, and how many jobs."""
    todo = list(range(len(GAME)))
    running: dict[Future[list[Valued]], tuple[int, ...]] = {}
    found: list[Valued] = []
    jobs = 0
    work = partial(evaluate_line, tables, seconds, solve, slice_seconds, shared=shared)
    while todo or running:
        while todo and len(running) < processes:
            plies = take_line(todo, LINE_POSITIONS)
            running[pool.submit(work, plies)] = plies
            jobs += 1
        finished, _ = wait(running, return_when=FIRST_COMPLETED)
        for future in finished:
            plies = running.pop(future)
            done = future.result()
            found.extend(done)
            todo.extend(sorted(plies[len(done) :]))
    return found, jobs


def bench_analysis(
    tables: str | None,
    seconds: float,
    solve: float,
    processes: int,
    out: TextIO,
    slice_seconds: float | None = LINE_SECONDS,
    ways: tuple[str, ...] = ("positions", "lines"),
) -> None:
    """Value the fixed game's positions on ``processes`` processes, ``solve`` seconds of solver
    nodes each (a fixed search size), ``ways`` back to back: each position alone on a new
    solver, the last first (``positions``: before), as the app's analysis sends them, lines
    within ``slice_seconds`` (``lines``: after, :func:`by_lines`), and those lines with one
    transposition table shared by the processes (``shared``, :mod:`engine.solver.exact_shared`:
    not the app's); say whether all gave the same values."""
    plies = list(reversed(range(len(GAME))))
    alone = partial(evaluate_ply, tables, seconds, solve)
    answers = []
    for way in ways:
        wall = time.perf_counter()
        with (
            SharedTable(SHARED_BITS) as table,
            ProcessPoolExecutor(processes, mp_context=get_context("spawn")) as pool,
        ):
            if way == "positions":
                found, name = [v for each in pool.map(alone, plies) for v in each], way
            else:
                shared = table.name if way == "shared" else None
                found, jobs = by_lines(
                    pool, tables, seconds, solve, slice_seconds, processes, shared
                )
                name = f"{way} ({jobs} jobs, slice {slice_seconds} s)"
        wall = time.perf_counter() - wall
        exact = sum(e for _, e, _, _ in found)
        answers.append(sorted((p, v) for p, _, v, _ in found))
        out.write(
            f"analysis of the fixed 60-move game at {seconds:g} s a position and {solve:g} s of "
            f"solver, {processes} processes, {name}: {wall:.1f} s "
            f"({sum(c for _, _, _, c in found):.1f} s of CPU), {exact} of {len(GAME)} "
            "positions exact\n"
        )
        out.flush()
    same = "the same values" if all(a == answers[0] for a in answers) else "DIFFERENT values"
    out.write(f"  {' and '.join(ways)}: {same} for every position\n")


def play(first: Agent, second: Agent, state: State, scale: float) -> tuple[State, int, int]:
    """Play to the end; the final state, Perfect's exact moves and all its moves."""
    agents = (first, second)
    exact = moves = 0
    while not state.is_over:
        assert state.to_move is not None
        agent = agents[state.to_move]
        seconds = level_seconds(agent.level or "perfect") * scale
        decision = agent.choose(state, Limit(seconds=seconds))
        if agent.level == "perfect":
            moves += 1
            exact += decision.exact or len(state.legal_moves()) == 1
        state = state.play(decision.move)
    return state, exact, moves


def bench_perfect_pair(tables: str | None, games: int, scale: float, out: TextIO) -> None:
    for game in range(games):
        cache.clear()  # each game as in a new search process: the solver's table cold
        first = level_agent("perfect", seed=2 * game, tables=tables)
        second = level_agent("perfect", seed=2 * game + 1, tables=tables)
        start = time.perf_counter()
        end, exact, moves = play(first, second, RULES.initial_state(game % 2), scale)
        a, b = end.scores
        margin = a - b if game % 2 == 0 else b - a
        out.write(
            f"  Perfect vs Perfect, game {game + 1}: the first player ends {margin:+d} "
            f"(target +8), {exact} of {moves} moves exact, {time.perf_counter() - start:.0f} s\n"
        )


def bench_perfect_master(
    tables: str | None, openings: int, scale: float, out: TextIO, seed: int = 1
) -> None:
    rng = random.Random(seed)
    judge = Solver(RULES, tables, largest(KalahSpec(6), tables) if tables else None, 24)
    for k in range(openings):
        state = RULES.initial_state()
        for _ in range(2):
            state = state.play(rng.choice(state.legal_moves()))
        seat = state.to_move
        assert seat is not None
        start = time.perf_counter()
        value = judge.solve(state, each_move=False).value
        cache.clear()  # Perfect starts cold, as in a new search process
        solved = time.perf_counter() - start
        perfect = level_agent("perfect", seed=k, tables=tables)
        master = level_agent("master", seed=k, tables=tables)
        agents = (perfect, master) if seat == 0 else (master, perfect)
        end, exact, moves = play(*agents, state, scale)
        a, b = end.scores
        margin = a - b if seat == 0 else b - a
        verdict = "ok" if margin >= value else "BELOW"
        out.write(
            f"  Perfect vs Master, opening {k + 1}: worth {value:+d} for Perfect (solved in "
            f"{solved:.0f} s), ends {margin:+d} {verdict}; {exact} of {moves} moves exact\n"
        )


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    import sys

    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m engine bench --exact", description=__doc__)
    parser.add_argument("--tables", default=str(Path("instance") / "tables"))
    parser.add_argument("--analysis-seconds", type=float, default=0.35)
    parser.add_argument("--solve-seconds", type=float, default=25.0, help="the app's default")
    parser.add_argument("--processes", type=int, default=2, help="positions valued at once")
    parser.add_argument(
        "--line-seconds", type=float, default=LINE_SECONDS, help="a line's slice (the app's)"
    )
    parser.add_argument(
        "--ways",
        default="positions,lines",
        help="the fixed game's analyses, in order: positions, lines, shared (lines on one table)",
    )
    parser.add_argument("--games", type=int, default=10, help="Perfect vs Perfect games")
    parser.add_argument("--openings", type=int, default=10, help="Perfect vs Master openings")
    parser.add_argument("--scale", type=float, default=1.0, help="times the levels' time")
    args = parser.parse_args(argv)
    ways = tuple(w for w in args.ways.split(",") if w)
    if not ways or set(ways) - {"positions", "lines", "shared"}:
        parser.error("--ways: a list of positions, lines, shared")
    out.write("Kalah 6x4 exact from the first move\n")
    bench_book(out)
    tables = bench_table(Path(args.tables), out)
    bench_analysis(
        tables,
        args.analysis_seconds,
        args.solve_seconds,
        args.processes,
        out,
        args.line_seconds,
        ways,
    )
    out.flush()
    bench_perfect_pair(tables, args.games, args.scale, out)
    bench_perfect_master(tables, args.openings, args.scale, out)
    return 0
