"""Oware puzzles proved exact by the endgame table, into the shipped set (issue 37, item 4).

    .venv/bin/python tools/oware_exact_puzzles.py --tables DIR [--count N] [--seed S]

Every shipped Oware puzzle within the table (at most ``TABLE_SEEDS`` seeds on the board) is
proved again by it: kept as an exact puzzle (its gain, margin and line the table's) where the
table names the same move, dropped where it does not.  The others stay as they are (searched
at two depths, re-checked by ``python -m engine puzzles check``).  Then positions of seeded
self-play (the builder's games, :func:`engine.puzzles.builder.self_play`) within the table
are proved one by one (:func:`engine.puzzles.oware_proof.table_verdict`) until ``--count``
exact puzzles are shipped, then only those with the grand-slam theme until
``--grand-slams`` puzzles have it; new ids follow the highest.  The same seed gives the same file.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import State  # noqa: E402
from engine.notation import move_text  # noqa: E402
from engine.puzzles.builder import (  # noqa: E402
    PLANS,
    candidate,
    puzzle_prefix,
    self_play,
    written_options,
)
from engine.puzzles.checks import RATING_DEPTH, rating_of, solution_line, themes_of  # noqa: E402
from engine.puzzles.lines import won_line  # noqa: E402
from engine.puzzles.loader import load_puzzles, puzzle_file, puzzle_lines  # noqa: E402
from engine.puzzles.model import Puzzle  # noqa: E402
from engine.puzzles.oware_proof import (  # noqa: E402
    PROOF,
    TABLE_SEEDS,
    Unsettled,
    check_by_table,
    find_table,
    off_table_line,
    table_chooser,
    table_verdict,
)
from engine.solver.oware_table import OwareTable  # noqa: E402
from engine.variants import get_variant  # noqa: E402

DROPPED = (
    ((1, 0, 3, 0, 0, 15, 10, 0, 0, 0, 0, 6, 3, 10), 0),  # oware-6x4-0112
    ((0, 0, 0, 0, 0, 3, 18, 2, 1, 0, 0, 1, 0, 23), 1),  # oware-6x4-0209
)
"""Positions once shipped with a wrong answer (docs/engine.md): not shipped again, so their
old answers stay caught by the check as shipped (tests/engine/test_puzzles_hold.py)."""
PER_GAME = 3
"""New exact puzzles taken from one self-play game at most (spread over many games)."""


def proved(state: State, table: OwareTable, ident: str, origin: str) -> Puzzle | None:
    """The exact puzzle the table proves in ``state``, or None."""
    found = table_verdict(state, table)
    if found is None:
        return None
    choose = table_chooser(table)
    try:
        first, records = solution_line(state, found.best, choose)
        line = won_line(state, first, found.gain, choose)
    except Unsettled:
        return None
    if off_table_line(state, line, table) is not None:
        return None  # e.g. the majority end cuts the line short of the table's value
    assert state.to_move is not None
    rules = state.rules
    return Puzzle(
        id=ident,
        variant=rules.name,
        options=written_options(rules),
        board=tuple(state.board),
        extra=None,
        to_move=state.to_move,
        best=move_text(records[0]),
        solution=line,
        gain=int(found.gain),
        margin=int(found.margin),
        themes=themes_of(state, records),
        rating=rating_of(state, found.best, RATING_DEPTH),
        exact=True,
        depth=None,
        origin=f"{origin}; proved exact by the {PROOF} ({table.seeds} seeds)",
    )


def reprove(puzzle: Puzzle, table: OwareTable) -> Puzzle | None:
    """A shipped puzzle within the table as the table proves it (same id and origin), None if
    the table names another move or no puzzle; one beyond the table as it is."""
    state = puzzle.state()
    if state.on_rows > TABLE_SEEDS:
        return puzzle
    if puzzle.exact:
        return puzzle if check_by_table(puzzle, table) is None else None
    found = proved(state, table, puzzle.id, puzzle.origin)
    if found is None or found.best != puzzle.best:
        return None
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", required=True, help="folder the Oware table is found in")
    parser.add_argument("--count", type=int, default=120, help="exact puzzles to ship")
    parser.add_argument(
        "--grand-slams", type=int, default=3, help="then only grand-slam ones up to this many"
    )
    parser.add_argument("--seed", type=int, default=1, help="self-play seed")
    parser.add_argument("--max-games", type=int, default=5000)
    parser.add_argument("--folder", default=None, help="puzzle folder (default: shipped)")
    args = parser.parse_args(argv)
    rules = get_variant("oware")
    found = find_table(rules, args.tables)
    print(found.said, flush=True)
    table = found.table
    shipped = load_puzzles("oware", args.folder)
    kept: list[Puzzle] = []
    for puzzle in shipped:
        again = reprove(puzzle, table)
        if again is None:
            print(f"{puzzle.id}: dropped, the table does not prove it", flush=True)
        else:
            kept.append(again)
    seen = {p.state().key() for p in shipped}
    number = max(int(p.id.rsplit("-", 1)[1]) for p in shipped)
    plan = PLANS["oware"]
    started = time.perf_counter()
    for game in range(args.max_games):
        slams = sum("grand-slam" in p.themes for p in kept)
        enough = sum(p.exact for p in kept) >= args.count
        if enough and slams >= args.grand_slams:
            break
        taken = 0
        for position, origin in self_play(rules, plan, args.seed, game):
            if position.on_rows > TABLE_SEEDS:
                continue
            state = candidate(position, plan)
            if (
                state is None
                or state.key() in seen
                or (tuple(state.board), state.to_move) in DROPPED
            ):
                continue
            seen.add(state.key())
            new = proved(state, table, f"{puzzle_prefix(rules)}-{number + 1:04d}", origin)
            if new is None or (enough and "grand-slam" not in new.themes):
                continue
            number += 1
            kept.append(new)
            taken += 1
            if taken >= PER_GAME:
                break
        exact = sum(p.exact for p in kept)
        print(f"game {game}: {exact} exact, {time.perf_counter() - started:.0f} s", flush=True)
    path = puzzle_file("oware", args.folder)
    path.write_text(puzzle_lines(kept), encoding="utf-8")
    themes: dict[str, int] = {}
    for p in kept:
        for t in p.themes:
            themes[t] = themes.get(t, 0) + 1
    exact = sum(p.exact for p in kept)
    print(f"{path}: {len(kept)} puzzles, {exact} exact; themes {themes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
