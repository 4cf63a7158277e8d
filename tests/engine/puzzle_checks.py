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
import threading
from collections.abc import Callable
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


def in_a_fresh_thread(call: Callable[[Puzzle], str | None], puzzle: Puzzle) -> str | None:
    """``call(puzzle)`` in a thread of its own, its Python frames starting on a stack of their
    own.  CPython 3.11 keeps frames in 16 KiB chunks and unmaps a chunk as soon as the frame at
    its base returns: a deep pure-Python search that happens to recurse across a chunk's edge
    maps and unmaps a chunk on nearly every call.  Under a pytest-xdist worker the frames
    beneath a test put a Toguz Kumalak check's search right there (127,000 mmap/munmap calls in
    8 s; 40-100 s instead of 7 s, most of it system time); in a fresh thread the whole search
    fits in its first chunk."""
    said: list[str | None] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            said.append(call(puzzle))
        except BaseException as exc:  # raised again in the caller
            failed.append(exc)

    thread = threading.Thread(target=run, name=f"check {puzzle.id}")
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return said[0]


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
        problem = in_a_fresh_thread(check_puzzle, puzzle)
        partial = kept.with_suffix(f".{os.getpid()}.part")
        partial.write_text(json.dumps({"problem": problem}))
        partial.replace(kept)
        return problem
