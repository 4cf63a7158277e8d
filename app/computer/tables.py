"""Endgame tables built in the background, before the searches that read them.

The Expert, Master and Perfect levels read a Kalah endgame table from the instance's ``tables``
folder once it is there, and play without it until then: a table is never built inside a move's
time (``engine.solver.table``).  This module builds the table a rule set needs, once per server
worker and rule set, in a process of its own at the lowest CPU priority: at start for the
default Kalah, and when a game of another Kalah rule set first asks the computer.  The two
workers of a server may both start one: the engine writes a table to a temporary name and
renames it, and a build that finds the table there does nothing.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import threading
from collections import deque
from multiprocessing import get_context
from pathlib import Path

from app.store.json_types import JSONObject
from engine import get_variant
from engine.solver import prepare_tables, table

log = logging.getLogger(__name__)

BUILD_SECONDS = 15 * 60.0  # a build still running after this is stopped (the next asks again)
Key = tuple[str, tuple[tuple[str, object], ...]]


def build(variant: str, options: JSONObject, folder: str) -> None:
    """Build the table of a rule set into ``folder`` (in a process at niceness 19), one build
    at a time on the host: a build waits for another worker's, then finds its table there."""
    with contextlib.suppress(OSError):
        os.nice(19)
    with (Path(folder) / ".build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        prepare_tables(get_variant(variant, **options), folder)


class TableBuilder:
    """Builds the tables the computer's rule sets need, one at a time, in the background
    (``kind="thread"``: on a thread of this process, for tests)."""

    def __init__(self, folder: str, kind: str = "process") -> None:
        self.folder = folder
        self.kind = kind
        self._asked: set[Key] = set()
        self._todo: deque[tuple[str, JSONObject]] = deque()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.built = 0

    def status(self) -> dict[str, int]:
        """Tables built by this worker, and being built or waiting to be."""
        with self._lock:
            busy = self._thread is not None and self._thread.is_alive()
            return {"built": self.built, "building": len(self._todo) + busy}

    def want(self, variant: str, options: JSONObject) -> bool:
        """Have the table of ``variant`` with ``options`` built, unless it was asked for
        already or none is needed; True if a build was queued."""
        key: Key = (variant, tuple(sorted(options.items())))
        with self._lock:
            if key in self._asked:
                return False
            self._asked.add(key)
        try:
            rules = get_variant(variant, **options)
            spec, seeds = table.spec_of(rules), table.table_seeds(rules)
            # a look for the file: mapping the table would keep it in this web worker's cache
            found = None if spec is None or seeds is None else table.find(spec, seeds, self.folder)
            needed = spec is not None and seeds is not None and found is None
        except (ValueError, OSError):
            return False
        if not needed:
            return False
        with self._lock:
            self._todo.append((variant, dict(options)))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="mancala-tables", daemon=True
                )
                self._thread.start()
        return True

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._todo:
                    self._thread = None
                    return
                variant, options = self._todo.popleft()
            try:
                self._build(variant, options)
                self.built += 1
                log.info("built the endgame table of %s %s", variant, options)
            except Exception:  # a build that failed is asked for again after a restart
                log.exception("could not build the endgame table of %s %s", variant, options)

    def _build(self, variant: str, options: JSONObject) -> None:
        Path(self.folder).mkdir(parents=True, exist_ok=True)
        if self.kind == "thread":
            prepare_tables(get_variant(variant, **options), self.folder)
            return
        process = get_context("spawn").Process(
            target=build, args=(variant, options, self.folder), daemon=True
        )
        process.start()
        process.join(BUILD_SECONDS)
        if process.is_alive():
            process.kill()
            process.join(5)
            raise TimeoutError(f"the build ran past {BUILD_SECONDS:.0f} s")
        if process.exitcode:
            raise RuntimeError(f"the build process ended with code {process.exitcode}")

    def wait(self, timeout: float) -> bool:
        """Wait until nothing is being built (tests); True if so."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self._thread is None or not self._thread.is_alive()
