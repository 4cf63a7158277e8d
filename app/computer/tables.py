"""Endgame tables built in the background, before the searches that read them.

The Expert, Master and Perfect levels read a Kalah endgame table from the instance's ``tables``
folder once it is there, and play without it until then: a table is never built inside a move's
time (``engine.solver.table``).  This module builds the table a rule set needs, once per server
worker and rule set, in a process of its own at the lowest CPU priority: at start for the
default Kalah, and when a game of another Kalah rule set first asks the computer.  The two
workers of a server may both start one: the engine writes a table to a temporary name and
renames it, and a build that finds the table there does nothing.

For the default Kalah (6x4) it then builds the host's large table, the one the Perfect level
and the analysis read to be exact from the first move (``python -m engine tables build``: 26
seeds, 2.71 GB, about 20 minutes of one core from nothing), if it fits the machine: at most a
quarter of its RAM and half its free disk, else the largest table that does (24 seeds on a host
of 6 GB).  That build is resumable: a server
stopped during it continues it at the next start.

Memory (``app.computer.memory``): builds run one at a time on the host, at niceness 19.  A rule
set's table is built in the build process's memory (at most ``engine.solver.table.TABLE_BYTES``,
100 MB: the budget's tables reserve); the large table is built in its mapped file, and its build
keeps about :data:`LARGE_BUILD_PAGES` of it mapped (looked at every :data:`PAGES_EVERY`
seconds; the budget counts that too), the rest staying in the host's page cache.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import shutil
import threading
from collections import deque
from multiprocessing import get_context
from pathlib import Path

from app.computer import pages
from app.store.json_types import JSONObject
from engine import get_variant
from engine.solver import oware_table, prepare_tables, table
from engine.solver.build import build_file

log = logging.getLogger(__name__)

BUILD_SECONDS = 15 * 60.0  # a build still running after this is stopped (the next asks again)
LARGE_BUILD_SECONDS = 6 * 3600.0  # the large table's (resumable: the next start continues it)
RAM_SHARE = 4  # the large table takes at most a quarter of the machine's memory
LARGE_BUILD_PAGES = 32 * 1024 * 1024
"""The large table's pages its build keeps mapped (in its memory: PSS) between two chunks: the
rest are dropped, still in the page cache (app.computer.pages; app.computer.memory counts it)."""
PAGES_EVERY = 0.5  # seconds between two looks at the large build's pages
DISK_SHARE = 2  # and half the free disk
Key = tuple[str, tuple[tuple[str, object], ...]]


def build(variant: str, options: JSONObject, folder: str, seeds: int | None = None) -> None:
    """Build the table of a rule set into ``folder`` (in a process at niceness 19), one build
    at a time on the host: a build waits for another worker's, then finds its table there.
    ``seeds``: the large table of that many seeds (resumable), not the rule set's table."""
    background_priority()
    with (Path(folder) / ".build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        make(variant, options, folder, seeds)


def background_priority() -> None:
    """This process's CPU only when nothing else wants it: niceness 19, and Linux's idle
    scheduling class (``SCHED_IDLE``: below every niceness, so a game's search, even at
    niceness 19 in the background lane, goes first); each where the system allows it."""
    with contextlib.suppress(OSError):
        os.nice(19)
    with contextlib.suppress(OSError, AttributeError):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def make(variant: str, options: JSONObject, folder: str, seeds: int | None = None) -> None:
    """Build the rule set's table into ``folder``, or its large table of ``seeds`` seeds,
    holding about :data:`LARGE_BUILD_PAGES` of its mapped file (:func:`keep_pages`)."""
    rules = get_variant(variant, **options)
    flag = oware_table.flag_of(rules)
    if flag is not None and seeds is not None:  # Oware's tables: built a layer at a time
        oware_table.build_file(flag, seeds, folder)
        return
    spec = table.spec_of(rules)
    if seeds is None or spec is None:
        prepare_tables(rules, folder)
        return
    done = threading.Event()
    threading.Thread(target=keep_pages, args=(folder, done), daemon=True).start()
    try:  # the native build runs without the GIL: the watch drops pages while it fills
        build_file(spec, seeds, folder, lambda _, __: pages.drop(folder, LARGE_BUILD_PAGES))
    finally:
        done.set()


def keep_pages(folder: str, done: threading.Event, every: float = PAGES_EVERY) -> None:
    """While a large table is built: every ``every`` seconds, drop the pages of its file past
    :data:`LARGE_BUILD_PAGES` from this process (a chunk reads across the smaller tables)."""
    while not done.wait(every):
        pages.drop(folder, LARGE_BUILD_PAGES)


def large_target(variant: str, options: JSONObject, folder: str) -> int | None:
    """The seeds of the large table the host builds for ``variant`` with ``options``: the
    default Kalah only, the largest table up to ``LARGE_TABLE_BYTES`` that fits a quarter of
    the RAM and half the free disk; None if that is no larger than the rule set's table."""
    rules = get_variant(variant, **options)
    if variant != "kalah" or rules != get_variant("kalah"):
        return None
    ram = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    Path(folder).mkdir(parents=True, exist_ok=True)
    disk = shutil.disk_usage(folder).free
    fits = min(table.LARGE_TABLE_BYTES, ram // RAM_SHARE, disk // DISK_SHARE)
    seeds, regular = table.large_seeds(rules, fits), table.table_seeds(rules)
    return seeds if seeds is not None and regular is not None and seeds > regular else None


OWARE_FIRST_SEEDS = 12
"""The Oware table built first (10.8 MB, about 5 s of CPU), before the host's large one."""


def oware_target(folder: str) -> int:
    """The seeds of the largest Oware table the host builds: up to 24 (5.0 GB), within a
    quarter of the RAM and half the free disk."""
    ram = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    Path(folder).mkdir(parents=True, exist_ok=True)
    fits = min(
        oware_table.LARGE_BYTES, ram // RAM_SHARE, shutil.disk_usage(folder).free // DISK_SHARE
    )
    seeds = 0
    while oware_table.nbytes(seeds + 1) <= fits and seeds < 24:
        seeds += 1
    return seeds


class TableBuilder:
    """Builds the tables the computer's rule sets need, one at a time, in the background
    (``kind="thread"``: on a thread of this process, for tests)."""

    def __init__(self, folder: str, kind: str = "process") -> None:
        self.folder = folder
        self.kind = kind
        self._asked: set[Key] = set()
        self._todo: deque[tuple[str, JSONObject, int | None]] = deque()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.built = 0

    def status(self) -> dict[str, int]:
        """Tables built by this worker, and being built or waiting to be."""
        with self._lock:
            busy = self._thread is not None and self._thread.is_alive()
            built = {"built": self.built, "building": len(self._todo) + busy}
        oware = oware_table.largest(0, self.folder)  # the default rules' table (-1: none yet)
        return built | {"oware_seeds": -1 if oware is None else oware}

    def want(self, variant: str, options: JSONObject) -> bool:
        """Have the table of ``variant`` with ``options`` built, unless it was asked for
        already or none is needed; True if a build was queued."""
        key: Key = (variant, tuple(sorted(options.items())))
        with self._lock:
            if key in self._asked:
                return False
            self._asked.add(key)
        if variant == "oware":
            return self._want_oware(options)
        try:
            rules = get_variant(variant, **options)
            spec, seeds = table.spec_of(rules), table.table_seeds(rules)
            # a look for the file: mapping the table would keep it in this web worker's cache
            found = None if spec is None or seeds is None else table.find(spec, seeds, self.folder)
            needed = spec is not None and seeds is not None and found is None
        except (ValueError, OSError):
            return False
        large = self._large(variant, options)
        if not needed and large is None:
            return False
        with self._lock:
            if needed:
                self._todo.append((variant, dict(options), None))
            if large is not None:  # after the rule set's table: the levels read that first
                self._todo.append((variant, dict(options), large))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="mancala-tables", daemon=True
                )
                self._thread.start()
        return True

    def _want_oware(self, options: JSONObject) -> bool:
        """Oware: its small table first, then the largest the host fits (``oware_target``),
        each in a process of its own (minutes of CPU: never on a thread of a web worker, so a
        ``thread`` builder, the tests', builds none)."""
        if self.kind == "thread":
            return False
        try:
            flag = oware_table.flag_of(get_variant("oware", **options))
        except ValueError:
            return False
        have = None if flag is None else oware_table.largest(flag, self.folder)
        sizes = [n for n in (OWARE_FIRST_SEEDS, oware_target(self.folder)) if n > (have or -1)]
        if flag is None or not sizes:
            return False
        with self._lock:
            for n in sorted(set(sizes)):
                self._todo.append(("oware", dict(options), n))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="mancala-tables", daemon=True
                )
                self._thread.start()
        return True

    def _large(self, variant: str, options: JSONObject) -> int | None:
        """The large table to build for this rule set, None if none or it is there."""
        try:
            seeds = large_target(variant, options, self.folder)
            spec = table.spec_of(get_variant(variant, **options))
        except (ValueError, OSError):
            return None
        if seeds is None or spec is None or table.find(spec, seeds, self.folder) is not None:
            return None
        return seeds

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._todo:
                    self._thread = None
                    return
                variant, options, seeds = self._todo.popleft()
            try:
                self._build(variant, options, seeds)
                self.built += 1
                log.info("built the endgame table of %s %s (%s)", variant, options, seeds or "")
            except Exception:  # a build that failed is asked for again after a restart
                log.exception("could not build the endgame table of %s %s", variant, options)

    def _build(self, variant: str, options: JSONObject, seeds: int | None) -> None:
        Path(self.folder).mkdir(parents=True, exist_ok=True)
        if self.kind == "thread":
            make(variant, options, self.folder, seeds)
            return
        process = get_context("spawn").Process(
            target=build, args=(variant, options, self.folder, seeds), daemon=True
        )
        process.start()
        process.join(BUILD_SECONDS if seeds is None else LARGE_BUILD_SECONDS)
        if process.is_alive():
            process.kill()
            process.join(5)
            raise TimeoutError("the build ran past its time (a large one continues next start)")
        if process.exitcode:
            raise RuntimeError(f"the build process ended with code {process.exitcode}")

    def wait(self, timeout: float) -> bool:
        """Wait until nothing is being built (tests); True if so."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self._thread is None or not self._thread.is_alive()
