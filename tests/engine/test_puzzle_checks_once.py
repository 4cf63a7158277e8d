"""A shipped puzzle's check is done once a run (tests/engine/puzzle_checks.py): a second test
asking for the same puzzle gets the first one's verdict, problems included; another run (another
folder) or another puzzle checks again."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.puzzles import Puzzle, load_puzzles
from tests.engine import puzzle_checks as memo
from tests.engine.puzzle_checks import checked


def test_a_puzzle_is_checked_once_a_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def check(puzzle: Puzzle) -> str | None:
        calls.append(puzzle.id)
        return None if len(calls) % 2 else f"{puzzle.id}: wrong"

    monkeypatch.setattr(memo, "check_puzzle", check)
    first, second = load_puzzles("kalah")[:2]
    run, other_run = tmp_path / "run", tmp_path / "other"
    run.mkdir()
    other_run.mkdir()
    assert checked(first, run) is None
    assert checked(first, run) is None
    assert calls == [first.id]
    assert checked(second, run) == f"{second.id}: wrong"
    assert checked(second, run) == f"{second.id}: wrong"  # a problem is kept as well
    assert checked(first, other_run) is None
    assert calls == [first.id, second.id, first.id]


def test_the_run_folder_is_shared_by_the_run_s_processes(
    tmp_path_factory: pytest.TempPathFactory, puzzle_checks: Path
) -> None:
    assert puzzle_checks.is_dir()
    base = tmp_path_factory.getbasetemp()
    assert puzzle_checks.parent in (base, base.parent)  # under xdist: above each process's own
