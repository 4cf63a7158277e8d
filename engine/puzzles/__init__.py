"""Puzzles: positions with exactly one good first move, proven by the engine.

>>> from engine.puzzles import load_puzzles
>>> puzzles = load_puzzles("kalah")
>>> puzzles[0].exact, puzzles[0].variant
(True, 'kalah')

* :mod:`engine.puzzles.model`: the :class:`Puzzle` record and its JSON form;
* :mod:`engine.puzzles.loader`: the shipped set (``engine/data/puzzles/<variant>.jsonl``);
* :mod:`engine.puzzles.checks`: what makes a puzzle;
* :mod:`engine.puzzles.verify`: :func:`check_puzzle`, a shipped puzzle re-verified;
* :mod:`engine.puzzles.builder`: mining puzzles from seeded self-play
  (``python -m engine puzzles build``).
* :mod:`engine.puzzles.lines`: a line played to where its seeds are won
  (``python -m engine puzzles lines``).
"""

from __future__ import annotations

from engine.puzzles.loader import PuzzleDataError, load_puzzles, puzzle_lines, read_puzzles
from engine.puzzles.model import THEMES, Puzzle
from engine.puzzles.verify import check_puzzle

__all__ = [
    "THEMES",
    "Puzzle",
    "PuzzleDataError",
    "check_puzzle",
    "load_puzzles",
    "puzzle_lines",
    "read_puzzles",
]
