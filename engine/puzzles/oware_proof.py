"""Oware puzzles proved exact by the endgame table (:mod:`engine.solver.oware_table`).

Rule: an Oware position whose seeds on the board are within the table is a puzzle proved
exact when its best move's bounds meet (``L == U``: its value whatever a repetition scores),
every other move's ``U`` is at least :data:`~engine.puzzles.checks.MIN_MARGIN` seeds below
it, the mover has at least :data:`~engine.puzzles.checks.MIN_MOVES` moves and the best one
gains seeds.  Values are final margins, stores included, as the table gives them (the majority
end left out: it never changes who wins, see the table's module; a move that ends the game by
the real rules is valued as it ends).  The line: every move, either side's, keeps the exact
value of its position, and of those the one that comes first
(:func:`engine.agents.oware_exact.progress`: leaving the layer, else the child's value reached
first), so a line never comes back to a position; every position of the line is worth the
value it started with, and a line that ends the game ends at it (where the majority end cuts
a line short of the table's value, the puzzle is not proved).

The one I/O here is the table's: :func:`find_table` finds or builds it in a folder the
caller names.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

from engine.agents.oware_exact import move_bounds, progress
from engine.core import Rules, State
from engine.notation import parse_move
from engine.puzzles.checks import MIN_MARGIN, MIN_MOVES, Chooser, Verdict, lead
from engine.puzzles.model import Puzzle
from engine.solver import oware_table as ot

TABLE_SEEDS = 12
"""The shipped exact Oware puzzles hold at most this many seeds on the board: the table that
proves them builds in seconds (docs/engine.md)."""
PROOF = "oware-table"
"""How an exact Oware puzzle was proved (its origin says so)."""

Bounds = dict[int, tuple[int, int]]


class Unsettled(ValueError):
    """A line reached a position whose value the table does not settle (its moves' bounds
    don't meet, e.g. where a move ends the game by the majority, which the table leaves out)."""


@dataclass(frozen=True)
class Found:
    """A table for a rule set and what it took: found in the folder, or built there."""

    table: ot.OwareTable
    said: str


def find_table(
    rules: Rules, folder: str | os.PathLike[str], seeds: int = TABLE_SEEDS, pure: bool = False
) -> Found:
    """The Oware table of ``rules``' grand-slam option in ``folder`` reaching at least
    ``seeds`` seeds: the largest there, else built there (``seeds``) first."""
    flag = ot.flag_of(rules)
    if flag is None:
        raise ValueError(f"no Oware table plays {rules.name}")
    have = ot.largest(flag, folder)
    built = ""
    if have is None or have < seeds:
        started = time.process_time()
        ot.build_file(flag, seeds, folder, pure=pure)
        built = f"built it ({time.process_time() - started:.1f} s CPU)"
    table = ot.open_table(flag, folder)
    assert table is not None and table.seeds >= seeds
    where = Path(folder) / ot.file_name(flag, table.seeds)
    said = f"Oware table {ot.FLAGS[flag]} of {table.seeds} seeds: {where}, {built or 'found'}"
    return Found(table, said)


def table_bounds(state: State, table: ot.OwareTable) -> Bounds | None:
    """Each legal move's final margin ``(L, U)`` for the mover, None beyond the table or at
    the game's end."""
    if state.to_move is None or state.on_rows > table.seeds:
        return None
    return move_bounds(state, table)


def table_verdict(state: State, table: ot.OwareTable) -> Verdict | None:
    """The exact puzzle in ``state`` by the table (see the module's rule), or None."""
    bounds = table_bounds(state, table)
    if bounds is None or len(bounds) < MIN_MOVES:
        return None
    best = max(sorted(bounds), key=lambda m: bounds[m][0])
    lo, hi = bounds[best]
    if lo != hi:
        return None
    margin = lo - max(u for m, (_, u) in bounds.items() if m != best)
    gain = lo - lead(state)
    if margin < MIN_MARGIN or gain <= 0:
        return None
    return Verdict(best, float(gain), float(margin))


def exact_value(bounds: Bounds) -> int | None:
    """The position's exact value from its moves' bounds, None where they don't settle it."""
    lo = max(b[0] for b in bounds.values())
    hi = max(b[1] for b in bounds.values())
    return lo if lo == hi else None


def table_chooser(table: ot.OwareTable) -> Chooser:
    """A line's move: of those keeping the position's exact value, the one that comes first
    (:func:`~engine.agents.oware_exact.progress`), then the lowest pit."""

    def choose(state: State, _: int) -> int:
        bounds = table_bounds(state, table)
        value = None if bounds is None else exact_value(bounds)
        if bounds is None or value is None:
            raise Unsettled("the line reached a position the table does not settle")
        keep = [m for m, (lo, _) in sorted(bounds.items()) if lo == value]
        return min(keep, key=lambda m: progress(state, m, table))

    return choose


def off_table_line(
    state: State, solution: tuple[tuple[str, ...], ...], table: ot.OwareTable
) -> str | None:
    """The first move of a line that does not keep the value the line started with (for
    whichever side plays it, each position's exact value by the table, a move that ends the
    game by the real rules valued as it ends), or where the line ends the game with another
    margin; None when every move keeps it."""
    me = state.to_move
    assert me is not None
    start: int | None = None
    for turn in solution:
        for text in turn:
            if state.to_move is None:
                return None
            bounds = table_bounds(state, table)
            if bounds is None:
                return f"{text}: the position is beyond the table"
            value = exact_value(bounds)
            pit = parse_move(text, state.rules.pits).pit
            if value is None:
                return f"{text}: the table does not settle its position"
            mine = value if state.to_move == me else -value
            start = mine if start is None else start
            if bounds[pit][0] != value:
                return f"{text} in the solution gives away seeds: it is not a best move"
            if mine != start:
                return f"{text}: its position is worth {mine}, not the line's {start}"
            state = state.play(pit)
    if state.to_move is None and start is not None:
        mine, theirs = state.scores if me == 0 else state.scores[::-1]
        if mine - theirs != start:
            return f"the line ends the game {mine}-{theirs}, not at the margin {start}"
    return None


def check_by_table(puzzle: Puzzle, table: ot.OwareTable | None) -> str | None:
    """Re-prove an exact Oware puzzle by the table: the named move's bounds meet at its value,
    every other move's ``U`` is at least the margin below, the gain is that value minus the
    lead now, and every move of the line keeps the exact value.  None when it holds."""
    if table is None:
        return (
            f"{puzzle.id}: an exact Oware puzzle is proved by the endgame table: name the folder "
            "it is found or built in (python -m engine puzzles check --tables DIR)"
        )
    state = puzzle.state()
    if ot.flag_of(state.rules) != table.flag:
        return f"{puzzle.id}: the table is of grand_slam={ot.FLAGS[table.flag]}, not its rules"
    bounds = table_bounds(state, table)
    if bounds is None:
        return f"{puzzle.id}: {state.on_rows} seeds on the board, beyond the table's {table.seeds}"
    best = parse_move(puzzle.best, state.rules.pits).pit
    lo, hi = bounds[best]
    if lo != hi:
        return f"{puzzle.id}: {puzzle.best} is worth {lo} to {hi} by the table, not exactly"
    for move, (_, u) in sorted(bounds.items()):
        if move != best and u > lo - puzzle.margin:
            return (
                f"{puzzle.id}: move {move} may be worth {u} by the table, within "
                f"{puzzle.margin:g} of {puzzle.best}'s {lo}"
            )
    gain = lo - lead(state)
    if gain != puzzle.gain:
        return f"{puzzle.id}: {puzzle.best} gains {gain} seeds by the table, not {puzzle.gain:g}"
    off = off_table_line(state, puzzle.solution, table)
    return None if off is None else f"{puzzle.id}: {off}"


def needs_table(puzzle: Puzzle) -> bool:
    """Whether the puzzle is proved by the Oware table (an exact Oware puzzle)."""
    return puzzle.exact and puzzle.variant == "oware"
