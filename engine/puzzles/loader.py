"""Reading puzzle files: JSON lines, one puzzle a line, one file a variant.

The engine ships its puzzle set in ``engine/data/puzzles/<variant>.jsonl`` (package data, like
``engine/data/tuned-weights.json``).  A bad file is rejected whole, with the file, the line
and what is wrong.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path

from engine.puzzles.model import Puzzle

DATA = Path(__file__).resolve().parent.parent / "data" / "puzzles"
"""The folder of the shipped puzzle set."""


class PuzzleDataError(ValueError):
    """A puzzle file that can't be read: which file, which line, what is wrong."""


def puzzle_file(variant: str, folder: str | os.PathLike[str] | None = None) -> Path:
    """Where ``variant``'s puzzles live in ``folder`` (default: the shipped set)."""
    return Path(folder if folder is not None else DATA) / f"{variant}.jsonl"


def read_puzzles(path: str | os.PathLike[str]) -> list[Puzzle]:
    """Every puzzle of one file, in file order; PuzzleDataError on the first bad line, on a
    repeated id or position, or on a puzzle of another variant than the file's name says."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PuzzleDataError(f"{path}: can't read it: {exc}") from None
    puzzles: list[Puzzle] = []
    ids: set[str] = set()
    keys: set[object] = set()
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise PuzzleDataError(f"{where}: not JSON: {exc.msg}") from None
        try:
            puzzle = Puzzle.from_dict(data)
        except ValueError as exc:
            raise PuzzleDataError(f"{where}: {exc}") from None
        if puzzle.variant != path.stem:
            raise PuzzleDataError(f"{where}: a {puzzle.variant} puzzle in the {path.stem} file")
        if puzzle.id in ids:
            raise PuzzleDataError(f"{where}: the id {puzzle.id!r} is used twice")
        if puzzle.key() in keys:
            raise PuzzleDataError(f"{where}: {puzzle.id} repeats an earlier puzzle's position")
        ids.add(puzzle.id)
        keys.add(puzzle.key())
        puzzles.append(puzzle)
    return puzzles


def load_puzzles(
    variant: str | None = None, folder: str | os.PathLike[str] | None = None
) -> list[Puzzle]:
    """The puzzles of ``variant`` (default: every variant's, by file name order) from
    ``folder`` (default: the shipped set).  A variant without a file has none."""
    base = Path(folder if folder is not None else DATA)
    if variant is not None:
        path = puzzle_file(variant, base)
        return read_puzzles(path) if path.exists() else []
    puzzles: list[Puzzle] = []
    for path in sorted(base.glob("*.jsonl")):
        puzzles.extend(read_puzzles(path))
    return puzzles


def puzzle_lines(puzzles: Iterable[Puzzle]) -> str:
    """The text of a puzzle file: one compact JSON object a line (what :func:`read_puzzles`
    reads back).  Writing it is the caller's (the command line's) job."""
    return "".join(json.dumps(p.to_dict(), separators=(",", ":")) + "\n" for p in puzzles)
