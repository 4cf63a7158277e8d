"""A shipped puzzle's check, done once per test run: tests/engine/test_puzzles_hold.py's fixed
subset is also in tests/engine/test_puzzles_set.py's sample, and each check is a deep search
(a Toguz Kumalak one up to 20 s).  The verdict of :func:`engine.puzzles.check_puzzle` is kept
in the run's own temporary folder (shared by its test processes, new each run), by the
puzzle's whole content; a test run alone checks for itself."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
from pathlib import Path

import pytest

from engine.puzzles import Puzzle, check_puzzle


def run_folder(factory: pytest.TempPathFactory) -> Path:
    """This run's temporary folder that every test process of it shares (under xdist each
    process has a folder of its own inside it)."""
    base = factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = root / "puzzle-checks"
    folder.mkdir(exist_ok=True)
    return folder


def checked(puzzle: Puzzle, folder: Path) -> str | None:
    """``check_puzzle(puzzle)`` (None when it holds, else what is wrong), from ``folder`` if
    this run already checked the same puzzle; a process that finds another checking it waits
    for that verdict rather than search the same again."""
    text = json.dumps(puzzle.to_dict(), sort_keys=True)
    kept = folder / f"{hashlib.sha256(text.encode()).hexdigest()}.json"
    with kept.with_suffix(".lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if kept.exists():
            said: str | None = json.loads(kept.read_text())["problem"]
            return said
        problem = check_puzzle(puzzle)
        partial = kept.with_suffix(f".{os.getpid()}.part")
        partial.write_text(json.dumps({"problem": problem}))
        partial.replace(kept)
        return problem
