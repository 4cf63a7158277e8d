"""The fair queue in front of the search pool: clients take turns, and a full queue says so.

One search per client in turn (the waiting client served longest ago goes first), so one client
with many games can't starve the others.  The queue is full when the searches waiting would take
more than ``max_wait`` seconds (from the mean time of the recent ones) or number ``max_queued``;
at most ``per_client`` may belong to one client.  When it is full, :meth:`FairQueue.admit`
refuses the client with the most searches waiting, not the others.
"""

from __future__ import annotations

import functools
import math
import threading
import time
from collections import deque
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from app.computer.pool import SearchPool, Task
from app.games.errors import QueueFull, TooManySearches


@dataclass
class Job:
    """One search waiting for (or holding) a place in the pool."""

    client: str
    args: tuple[Any, ...]
    result: Future[dict[str, Any]] = field(default_factory=Future)
    task: Task | None = None  # what runs on args (None: the computer's search)


class FairQueue:
    """Queues searches per client and starts them on ``pool`` in turns."""

    def __init__(
        self,
        pool: SearchPool,
        max_queued: int = 1000,
        per_client: int = 8,
        max_wait: float = 20.0,
    ) -> None:
        self.pool = pool
        self.max_queued = int(max_queued)
        self.per_client = int(per_client)
        self.max_wait = float(max_wait)
        self.mean_seconds = 0.0  # a moving mean of recent searches' times (0: none yet)
        self.lock = threading.Condition()
        self._queues: dict[str, deque[Job]] = {}  # each client's waiting jobs
        self._served: dict[str, int] = {}  # the turn at which each client was last served
        self._turn = 0
        self._running = 0
        self.closed = False
        self.searches = 0  # finished searches, for the health report

    def _waiting(self) -> int:
        """Searches queued, not yet running (the lock held)."""
        return sum(len(q) for q in self._queues.values())

    def expected_wait(self, jobs: int) -> float:
        """Seconds that ``jobs`` searches would take on this pool, from recent searches."""
        return jobs * self.mean_seconds / self.pool.workers

    def status(self) -> dict[str, Any]:
        """Searches running and waiting in this server process."""
        with self.lock:
            waiting = self._waiting()
            return {
                "running": self._running,
                "queued": waiting,
                "workers": self.pool.workers,
                "max_queued": self.max_queued,
                "mean_search_seconds": round(self.mean_seconds, 4),
                "expected_wait_seconds": round(self.expected_wait(waiting), 2),
                "finished": self.searches,
                "accepting": not self.closed,
            }

    def admit(self, client: str) -> None:
        """Refuse a request that would start a search when the queue can't take it.

        A client with ``per_client`` searches waiting is refused (:class:`TooManySearches`,
        429).  When the queue is full (``max_queued`` waiting, or more than ``max_wait``
        seconds of searches), the client with the most searches waiting is refused (429) and
        everyone else still gets in: the queue serves clients in turns, so their wait is their
        place in the turns, not the flooder's backlog.  Only when that place is itself more than
        ``max_wait`` away (the computer busy for everyone alike) is it :class:`QueueFull` (503).
        Both say when to try again; searches chained to a client's game (a reply's extra turn,
        a watch game's next move) are charged to it like its own.
        """
        with self.lock:
            if self.closed:
                raise QueueFull("the server is shutting down; try again in a moment", 5)
            mine = len(self._queues.get(client, ()))
            others = [len(q) for c, q in self._queues.items() if c != client]
        waiting = mine + sum(others)
        if mine >= self.per_client:
            raise TooManySearches(
                f"you already have {mine} computer moves waiting; nothing was changed", 2
            )
        wait = self.expected_wait(waiting + 1)
        if waiting < self.max_queued and wait <= self.max_wait:
            return
        if mine and mine >= max(others, default=0):
            raise TooManySearches(
                f"the computer is busy and your device has the most moves waiting for it "
                f"({mine}); nothing was changed",
                max(2, min(30, math.ceil(self.expected_wait(mine)))),
            )
        place = mine + 1 + sum(min(n, mine + 1) for n in others)  # my turn in the rotation
        fair = self.expected_wait(place)
        if fair > self.max_wait or waiting >= self.max_queued * 4:
            raise QueueFull(
                f"the computer is busy: {waiting} games are waiting for it (about {fair:.0f} s "
                "for yours); nothing was changed",
                max(1, min(30, math.ceil(fair / 2))),
            )

    def submit(
        self, client: str, args: tuple[Any, ...], task: Task | None = None
    ) -> Future[dict[str, Any]]:
        """Queue a search for ``client``; its decision arrives in the returned future.  ``task``
        (a module-level function, e.g. an analysis step) runs instead of the computer's search."""
        job = Job(client, args, task=task)
        with self.lock:
            if self.closed:
                raise RuntimeError("the computer's pool is shut down")
            self._queues.setdefault(client, deque()).append(job)
            self._dispatch()
        return job.result

    def _dispatch(self) -> None:
        """Start waiting jobs while the pool has room: clients take turns (lock held)."""
        if self.pool.forked:  # a forked copy: the parent's searches are not ours
            self._running = 0
        while self._queues and self._running < self.pool.workers:
            client = min(self._queues, key=lambda c: self._served.get(c, -1))
            queue = self._queues[client]
            job = queue.popleft()
            if not queue:
                del self._queues[client]
            self._turn += 1
            self._served[client] = self._turn
            if len(self._served) > 10_000:  # forget clients with nothing waiting
                self._served = {c: t for c, t in self._served.items() if c in self._queues}
            try:
                future = self.pool.search(job.args, job.task)
            except Exception as exc:  # could not start even on a fresh pool
                job.result.set_exception(exc)
                continue
            self._running += 1
            future.add_done_callback(
                functools.partial(self._finished, job, started=time.monotonic())
            )

    def _finished(self, job: Job, future: Future[dict[str, Any]], started: float) -> None:
        """Hand the decision on (its callbacks save the move), then start the next job."""
        took = time.monotonic() - started
        try:
            job.result.set_result(future.result())
        except BaseException as exc:  # noqa: BLE001 (handed to whoever waits on the job)
            job.result.set_exception(exc)
        with self.lock:
            self._running = max(0, self._running - 1)
            self.searches += 1
            mean = self.mean_seconds
            self.mean_seconds = took if not mean else 0.9 * mean + 0.1 * took
            self._dispatch()
            self.lock.notify_all()

    def drain(self, timeout: float) -> bool:
        """Take no new searches and wait for the running and queued ones (True if all ended)."""
        end = time.monotonic() + timeout
        with self.lock:
            self.closed = True
            while (self._running or self._queues) and time.monotonic() < end:
                self.lock.wait(min(0.1, max(0.0, end - time.monotonic())))
            return not self._running and not self._queues

    def shutdown(self) -> None:
        """Stop taking work, cancel what waits and stop the pool."""
        with self.lock:
            self.closed = True
            for queue in self._queues.values():
                for job in queue:
                    job.result.cancel()
            self._queues.clear()
        self.pool.shutdown()  # outside the lock: a finishing job's callback may want it
