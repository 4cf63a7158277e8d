"""Where searches run: search processes (or threads, for tests) owned by one server worker,
each running one job at a time at a CPU priority of its own, watched over by its worker.

A :class:`SearchProcess` is a child process started with ``spawn`` after the server worker's
fork, talking over a pipe: the worker sends a job (one typed value,
:class:`app.computer.job.SearchJob`), the process runs it and sends back the answer with
the CPU seconds it took and its resident memory.  Its worker replaces it when it dies, when a
job runs far past its budget (killed: no job holds a process for long), and, between jobs, when
its memory passes the limit: its share of the host's memory budget beyond what it held once started
(:mod:`app.computer.memory`, which also sizes its tables), at most ``AI_PROCESS_MEGABYTES``.
:class:`SearchThread` runs jobs on the calling thread instead (tests).
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import logging
import os
import pickle
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import get_context
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnProcess
from pathlib import Path
from typing import Protocol

from app.computer import job, memory, pages
from app.computer.job import Ready, SearchJob
from app.computer.lanes import Lane, slots
from app.computer.memory import MemoryBudget, Sizes
from app.store.json_types import JSONObject

log = logging.getLogger(__name__)

MEMORY_LIMIT = 300 * 1024 * 1024  # a search process holding more after a job is replaced
START_SECONDS = 60.0  # for a new search process to answer (imports, a loaded machine)
TABLE_PAGES = 8 * 1024 * 1024  # a table's pages a process keeps mapped between jobs, at most
GIVE_BACK_ABOVE = 4 * 1024 * 1024  # a job growing its process more: what it freed is given back


class SearchFailed(RuntimeError):
    """A job could not run: its process died, or ran far past the job's budget and was
    replaced."""


@dataclass(frozen=True)
class Outcome:
    """What a job gave: its answer (or the exception it raised), the CPU seconds it took and
    the memory its process holds after it (bytes resident; 0 when unknown)."""

    value: JSONObject | None
    error: BaseException | None
    cpu: float
    rss: int


def resident_bytes() -> int:
    """This process's own resident memory in bytes (0 where /proc is missing): resident pages
    less the shared ones, so an endgame table mapped from its file (the host's page cache, one
    copy for every process) does not count against a search process."""
    try:
        with Path("/proc/self/statm").open(encoding="ascii") as f:
            fields = f.read().split()
        return (int(fields[1]) - int(fields[2])) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def all_resident_bytes() -> int:
    """This process's resident memory in bytes, mapped files' pages included (0 unknown)."""
    try:
        with Path("/proc/self/statm").open(encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


_settled = 0  # all_resident_bytes() after the last give-back


def given_back() -> int:
    """After a job that grew the process by more than :data:`GIVE_BACK_ABOVE`: give the memory
    the job freed back to the host (its objects' cycles collected, the C heap's free pages
    returned: Python and glibc keep them otherwise, so a process would go on holding its
    largest job's tables; the pages of endgame tables it read past :data:`TABLE_PAGES`, which
    stay in the page cache); then :func:`resident_bytes`.  A job that grew it less (most
    short moves) answers at once."""
    global _settled  # noqa: PLW0603 (one search process, one job at a time)
    if all_resident_bytes() > _settled + GIVE_BACK_ABOVE:
        gc.collect()
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL("libc.so.6").malloc_trim(0)
        if job.TABLES is not None:
            pages.drop(job.TABLES, TABLE_PAGES)
        _settled = all_resident_bytes()
    return resident_bytes()


def run_job(
    work: SearchJob, clock: Callable[[], float], memory: Callable[[], int] = resident_bytes
) -> Outcome:
    """Run the job ``work``, timing it with ``clock`` (a CPU clock); ``memory`` reads what the
    process holds after it."""
    start = clock()
    try:
        value, error = work.run(), None
    except Exception as exc:  # noqa: BLE001 (handed to whoever waits on the job)
        value, error = None, exc
    return Outcome(value, error, clock() - start, memory())


def serve(
    conn: Connection,
    tables: str | None,
    niceness: int,
    cache_bytes: int,
    sizes: Sizes | None = None,
) -> None:
    """A search process's life: set up, then run the jobs its worker sends until told to stop
    (``None``) or the worker is gone."""
    search_process_setup(tables, niceness, cache_bytes, sizes)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        outcome = run_job(message, time.process_time, memory=given_back)
        try:
            conn.send(outcome)
        except (pickle.PicklingError, TypeError, AttributeError):  # an exception that won't pickle
            error = SearchFailed(repr(outcome.error) if outcome.error else "unpicklable answer")
            conn.send(Outcome(None, error, outcome.cpu, outcome.rss))


def search_process_setup(
    tables: str | None = None,
    niceness: int = 10,
    cache_bytes: int | None = None,
    sizes: Sizes | None = None,
) -> None:
    """A search process: ``niceness`` lower CPU priority than the web workers, and deaf to
    Ctrl+C and SIGTERM sent to the whole process group, so that its server worker can finish
    the running search before stopping it (the process ends when its worker does); its
    endgame tables are read from the folder ``tables``, and the solvers and tables it keeps
    between jobs hold at most ``cache_bytes``; ``sizes`` (its share of the host's memory
    budget) size those and its jobs' tables instead."""
    job.use_tables(tables)
    if sizes is not None:
        memory.apply(sizes)
    elif cache_bytes is not None:
        from engine.solver import cache

        cache.set_budget(cache_bytes)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    with contextlib.suppress(OSError):  # not permitted here: run at the normal priority
        os.nice(niceness)
    parent = os.getppid()
    threading.Thread(target=exit_with_parent, args=(parent,), daemon=True).start()


def exit_with_parent(parent: int, every: float = 1.0) -> None:
    """End this search process once its server worker is gone (killed: nobody would ever
    send it work or its end again)."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(0)


class Runner(Protocol):
    """Something that runs one job at a time."""

    @property
    def pid(self) -> int | None: ...

    @property
    def base(self) -> int:
        """The memory its process held once started (bytes; 0 when unknown)."""
        ...

    def run(self, work: SearchJob, timeout: float) -> Outcome: ...

    def start(self) -> None: ...

    def stop(self) -> None: ...


class SearchProcess:
    """One search process at ``niceness``, started on first use and replaced when it dies;
    ``sizes``: its share of the host's memory budget."""

    def __init__(
        self, tables: str | None, niceness: int, cache_bytes: int, sizes: Sizes | None = None
    ) -> None:
        self.tables = tables
        self.niceness = niceness
        self.cache_bytes = cache_bytes
        self.sizes = sizes
        self._process: SpawnProcess | None = None
        self._conn: Connection | None = None
        self._base = 0

    @property
    def base(self) -> int:
        return self._base

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    def start(self) -> None:
        """Start the process if it is not running, and wait until it answers."""
        if self.alive:
            return
        self.stop()
        ctx = get_context("spawn")
        mine, theirs = ctx.Pipe()
        args = (theirs, self.tables, self.niceness, self.cache_bytes, self.sizes)
        process = ctx.Process(target=serve, args=args, daemon=True)
        process.start()
        theirs.close()
        self._process, self._conn = process, mine
        try:
            self._base = self._call(Ready(), START_SECONDS).rss
        except SearchFailed:
            log.error("a search process did not start in %.0f s", START_SECONDS)

    def run(self, work: SearchJob, timeout: float) -> Outcome:
        """Run the job ``work``; a process that dies, or does not answer within ``timeout``
        seconds, is stopped (the next job starts a new one) and the job fails."""
        self.start()
        return self._call(work, timeout)

    def _call(self, work: SearchJob, timeout: float) -> Outcome:
        conn = self._conn
        if conn is None:
            raise SearchFailed("the search process is not running")
        try:
            conn.send(work)
            end = time.monotonic() + timeout
            while not conn.poll(min(0.5, max(0.0, end - time.monotonic()))):
                if time.monotonic() >= end:
                    self.stop()
                    raise SearchFailed(f"the search ran past {timeout:.1f} s and was stopped")
                if not self.alive:
                    raise EOFError("it died")
            answer: Outcome = conn.recv()
        except (EOFError, OSError, BrokenPipeError) as exc:
            self.stop()
            raise SearchFailed(f"the search process ended ({exc!r})") from None
        return answer

    def stop(self) -> None:
        """Stop the process now (a running job is lost)."""
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            with contextlib.suppress(OSError):
                conn.send(None)
            conn.close()
        if process is not None:
            process.join(0.5)
            if process.is_alive():
                process.kill()
                process.join(5)


class SearchThread:
    """Runs jobs on the calling thread (``AI_EXECUTOR=thread``: tests, no processes)."""

    def __init__(self, tables: str | None) -> None:
        job.use_tables(tables)

    @property
    def pid(self) -> int | None:
        return None

    @property
    def base(self) -> int:
        return 0

    def run(self, work: SearchJob, timeout: float) -> Outcome:
        return run_job(work, time.thread_time, memory=lambda: 0)  # (the server's memory)

    def start(self) -> None:
        pass

    def stop(self) -> None:
        pass


class SearchPool:
    """The search processes of one server worker: ``workers`` in the people lane, ``quick``
    in the quick lane and ``background`` in the background lane (see :mod:`app.computer.lanes`),
    as processes (``kind="process"``) or threads (tests); ``tables`` is the folder their
    endgame tables are cached in.  ``memory`` (MB) is the host's budget for its searches
    (:mod:`app.computer.memory`), ``servers`` the server workers that share it; without it a
    process may hold up to ``memory_limit`` bytes after a job."""

    def __init__(
        self,
        kind: str = "process",
        workers: int = 1,
        tables: str | None = None,
        quick: int = 1,
        background: int = 1,
        memory_limit: int = MEMORY_LIMIT,
        memory_megabytes: int | None = None,
        servers: int = 1,
    ) -> None:
        if kind not in ("process", "thread"):
            raise ValueError(f"AI_EXECUTOR must be 'process' or 'thread', not {kind!r}")
        self.kind = kind
        self.workers = max(1, int(workers))
        self.tables = tables
        self.lanes = slots(quick, self.workers, background)
        self.lane_names = frozenset(lane.name for lane in self.lanes)
        self.memory_limit = memory_limit
        self.budget = (
            None
            if memory_megabytes is None
            else MemoryBudget(int(memory_megabytes) * memory.MB, servers, tuple(self.lanes))
        )

    def runner(self, lane: Lane) -> Runner:
        if self.kind == "thread":
            return SearchThread(self.tables)
        sizes = None if self.budget is None else self.budget.sizes(lane)
        return SearchProcess(self.tables, lane.niceness, self.memory_limit // 2, sizes)

    def limit(self, lane: Lane, runner: Runner) -> int:
        """The memory (bytes) a process of ``lane`` may hold after a job before it is
        replaced: what it held once started plus its share of the budget, at most
        ``memory_limit``."""
        if self.budget is None:
            return self.memory_limit
        return min(self.memory_limit, runner.base + self.budget.share(lane))
