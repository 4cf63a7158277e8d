"""Re-verifying a shipped puzzle: its data against the rules, then its values, by the check its
kind needs (the solver's, an Oware table's, or searches at two depths)."""

from __future__ import annotations

from engine.notation import parse_move
from engine.puzzles.checks import exact_values, lead, off_best_line, values_at
from engine.puzzles.model import APART, Puzzle
from engine.puzzles.oware_proof import check_by_table
from engine.solver.oware_table import OwareTable


def check_puzzle(puzzle: Puzzle, oware_table: OwareTable | None = None) -> str | None:
    """Re-verify one puzzle: its data against the rules, then its values (the solver's for an
    exact puzzle, an exact Oware one's by ``oware_table``
    (:func:`engine.puzzles.oware_proof.check_by_table`), else the searches at its two depths,
    ``confirm`` and ``depth``, at least :data:`APART` plies apart): at each, the named move is
    the best and every other move is worse by at least the margin; the gain is what the best
    line wins (exactly, or by the deeper search); in an exact puzzle every move of the
    solution line is a best move too.  None when it holds, else what is wrong."""
    try:
        puzzle.validate()
    except ValueError as exc:
        return str(exc)
    if puzzle.exact and puzzle.variant == "oware":
        return check_by_table(puzzle, oware_table)
    state = puzzle.state()
    checks: list[tuple[str, dict[int, float]]]
    if puzzle.exact:
        found = exact_values(state)
        if found is None:
            return f"the solver does not play these rules: {puzzle.variant} {puzzle.options}"
        checks = [("exactly", {m: float(v) for m, v in found.items()})]
    else:
        assert puzzle.depth is not None
        if puzzle.confirm is None or puzzle.depth - puzzle.confirm < APART:
            return (
                f"{puzzle.id}: searched at depth {puzzle.depth} only; a second search at least "
                f"{APART} plies shallower must agree ('confirm')"
            )
        both = values_at(state, (puzzle.confirm, puzzle.depth))
        checks = [(f"at depth {d}", both[d]) for d in (puzzle.confirm, puzzle.depth)]
    best = parse_move(puzzle.best, state.rules.pits).pit
    for how, values in checks:
        for move, value in sorted(values.items()):
            if move != best and value > values[best] - puzzle.margin:
                return (
                    f"{puzzle.id}: move {move} is worth {value:g} {how}, within "
                    f"{puzzle.margin:g} of {puzzle.best}'s {values[best]:g}"
                )
    how, values = checks[-1]
    gain = values[best] - lead(state)
    if abs(gain - puzzle.gain) > 1e-9:
        return f"{puzzle.id}: {puzzle.best} gains {gain:g} seeds {how}, not {puzzle.gain:g}"
    if puzzle.exact:
        off = off_best_line(state, puzzle.solution)
        if off is not None:
            return f"{puzzle.id}: {off}"
    return None
