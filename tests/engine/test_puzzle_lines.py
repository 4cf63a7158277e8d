"""Each shipped puzzle's line is played to where its seeds are won (engine.puzzles.lines): it
ends after the solver's turn that first puts the gain in the stores, or where the game ends, or
at the longest line; never earlier, never on a reply that leaves the game going; and the
``lines`` command gives the shipped files again."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from engine.cli.puzzles import main as puzzles_main
from engine.core import State
from engine.notation import parse_move
from engine.puzzles import load_puzzles
from engine.puzzles.builder import PLANS
from engine.puzzles.checks import best_of, depth_values
from engine.puzzles.lines import MOST_TURNS, gained, won_line
from engine.puzzles.loader import DATA


def turn_ends(state: State, solution: tuple[tuple[str, ...], ...]) -> list[State]:
    """The position after each turn of the line."""
    ends = []
    for turn in solution:
        for text in turn:
            state = state.play(parse_move(text, state.rules.pits).pit)
        ends.append(state)
    return ends


@pytest.mark.parametrize("variant", list(PLANS))
def test_every_shipped_line_ends_where_its_seeds_are_won(variant: str) -> None:
    puzzles = load_puzzles(variant)
    assert puzzles
    reached = 0
    for puzzle in puzzles:
        start = puzzle.state()
        ends = turn_ends(start, puzzle.solution)
        last = ends[-1]
        banked = [gained(start, s, puzzle.to_move) >= puzzle.gain for s in ends]
        solver_turns = [n for n in range(len(ends)) if n % 2 == 0]
        assert not any(banked[n] for n in solver_turns[:-1] if n < len(ends) - 1), puzzle.id
        if last.to_move is None:
            reached += 1  # the game ended in the line: its final margin is in the stores
            continue
        assert len(puzzle.solution) % 2 == 1, f"{puzzle.id} ends on the engine's reply"
        assert banked[-1] or len(puzzle.solution) == MOST_TURNS, puzzle.id
        reached += banked[-1]
    assert reached >= len(puzzles) // 2  # most lines reach it within the longest line


def test_a_line_stops_once_the_gain_is_in_the_stores() -> None:
    puzzle = load_puzzles("oware")[0]
    state = puzzle.state()

    def choose(s: State, _: int) -> int:
        return best_of(depth_values(s, 4))

    first = (puzzle.solution[0],)
    whole = won_line(state, first, puzzle.gain, choose)
    assert whole[0] == puzzle.solution[0]
    short = won_line(state, first, 0.5, choose)  # any seed won ends it after a solver's turn
    assert len(short) <= len(whole) and len(short) % 2 == 1


def test_the_lines_command_gives_the_shipped_files_again(tmp_path: Path) -> None:
    for variant in ("congkak", "kalah"):
        lines = (DATA / f"{variant}.jsonl").read_text().splitlines(keepends=True)
        (tmp_path / f"{variant}.jsonl").write_text("".join(lines[:12]))
    shutil.copy(tmp_path / "kalah.jsonl", tmp_path / "kalah.before")
    said = io.StringIO()
    argv = ["lines", "--variant", "congkak", "--variant", "kalah", "--folder", str(tmp_path)]
    assert puzzles_main(argv, said) == 0
    assert "kalah: 12 lines played to where their seeds are won" in said.getvalue()
    assert (tmp_path / "kalah.jsonl").read_text() == (tmp_path / "kalah.before").read_text()
    assert load_puzzles("congkak", tmp_path) == load_puzzles("congkak")[:12]
