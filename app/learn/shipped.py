"""The engine's shipped puzzle set (:mod:`engine.puzzles`) as the app's problems, read once per
process."""

from __future__ import annotations

from functools import cache

from app.learn.puzzles import Problem
from engine.notation import parse_move
from engine.puzzles import Puzzle, load_puzzles


def problem_of(puzzle: Puzzle) -> Problem:
    """A shipped puzzle as a problem: its one good move is its ``best``."""
    pit = parse_move(puzzle.best, puzzle.rules().pits).pit
    return Problem(
        id=puzzle.id,
        variant=puzzle.variant,
        options=dict(puzzle.options),
        board=tuple(puzzle.board),
        extra=None if puzzle.extra is None else tuple(puzzle.extra),
        to_move=puzzle.to_move,
        good=frozenset({pit}),
        solution=tuple(tuple(turn) for turn in puzzle.solution),
        gain=float(puzzle.gain),
        margin=float(puzzle.margin),
        exact=puzzle.exact,
        depth=puzzle.depth,
        themes=tuple(puzzle.themes),
        rating=puzzle.rating,
        confirm=puzzle.confirm,
    )


@cache
def shipped_problems() -> tuple[Problem, ...]:
    """Every shipped puzzle of every variant."""
    return tuple(problem_of(p) for p in load_puzzles())
