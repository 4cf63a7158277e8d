"""Where searches run: a small pool of processes (or threads, for tests) owned by one server
worker, started after the fork, at a lower CPU priority than the web workers."""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import (
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
)
from typing import Any

from app.computer import job

log = logging.getLogger(__name__)

Task = Callable[..., dict[str, Any]]
"""A job a search process runs: a module-level function of plain arguments (picklable)."""

SEARCH_NICENESS = 10  # search processes yield the CPU to the web workers


def search_process_setup(tables: str | None = None) -> None:
    """A search process: lower CPU priority than the web workers, and deaf to Ctrl+C and
    SIGTERM sent to the whole process group, so that its server worker can finish the running
    search before shutting the pool down (the process ends when its worker does); its endgame
    tables are cached in the folder ``tables``."""
    job.use_tables(tables)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        os.nice(SEARCH_NICENESS)
    except OSError:  # not permitted here: run at the normal priority
        pass
    parent = os.getppid()
    threading.Thread(target=exit_with_parent, args=(parent,), daemon=True).start()


def exit_with_parent(parent: int, every: float = 1.0) -> None:
    """End this search process once its server worker is gone (killed: nobody would ever
    send it work or its end again)."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(0)


class SearchPool:
    """``workers`` search processes (``kind="process"``) or threads, created on first use in
    this process, and created again if a search process was killed.  ``tables`` is the folder
    the searches cache their endgame tables in."""

    def __init__(self, kind: str = "process", workers: int = 1, tables: str | None = None) -> None:
        if kind not in ("process", "thread"):
            raise ValueError(f"AI_EXECUTOR must be 'process' or 'thread', not {kind!r}")
        self.kind = kind
        self.workers = max(1, int(workers))
        self.tables = tables
        self._executor: Executor | None = None
        self._pid = 0

    def executor(self) -> Executor:
        """The pool of this process (a forked copy of another process's pool is not used)."""
        if self._executor is None or self._pid != os.getpid():
            if self.kind == "process":
                ctx = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(
                    self.workers,
                    mp_context=ctx,
                    initializer=search_process_setup,
                    initargs=(self.tables,),
                )
            else:
                job.use_tables(self.tables)
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="mancala-ai")
            self._pid = os.getpid()
        return self._executor

    @property
    def forked(self) -> bool:
        """Whether the pool was made by another process (its searches are not this one's)."""
        return self._pid not in (0, os.getpid())

    def search(self, args: tuple[Any, ...], task: Task | None = None) -> Future[dict[str, Any]]:
        """Start ``task`` (default :func:`app.computer.job.think`) on ``args``; a broken pool
        is replaced once."""
        think: Task = task or job.think
        try:
            return self.executor().submit(think, *args)
        except BrokenExecutor:  # a search process was killed: start a new pool once
            log.warning("the computer's pool broke; starting a new one")
            self._executor = None
            return self.executor().submit(think, *args)

    def warm_up(self, timeout: float = 60.0) -> None:
        """Start the search processes now and wait until they answer."""
        if self.kind == "process":
            futures = [self.executor().submit(job.ready) for _ in range(self.workers)]
            for future in futures:
                future.result(timeout=timeout)

    def shutdown(self) -> None:
        """Finish the running searches and stop (a pool of another process is left alone)."""
        executor = self._executor if self._pid == os.getpid() else None
        self._executor = None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
