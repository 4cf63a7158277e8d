"""The fair queue in front of the search processes: devices are charged the CPU they use, the
device that has used least goes first, and a full queue says so.

Every job has a budget (the longest it may run) and a device it is charged to.  When a process
of a lane (:mod:`app.computer.lanes`) is free it takes, of the jobs it may run, an interactive
one before a background one, then the one whose device has spent the fewest search seconds
lately (CPU seconds, halved every :data:`HALF_LIFE` seconds; a job is charged its estimate when
it starts and its CPU time when it ends), first come first served within a device.  So a
device asking for Perfect moves, long analyses or lab matches spends its share fast and waits
behind the others, and its many cheap jobs don't crowd them out either.

:meth:`FairQueue.admit` refuses what the queue can't take, judged by what is waiting *now*: a
device with ``per_client`` jobs waiting gets 429; when the jobs waiting would take more than
``max_wait`` seconds (each counted at its kind's recent time, at most its budget) or number
``max_queued``, the device with the most waiting gets 429 and the others still get in; only when
a newcomer's own turn is more than ``max_wait`` away is it 503.
"""

from __future__ import annotations

import logging
import math
import os
import threading
import time
from collections import deque
from concurrent.futures import Future
from dataclasses import dataclass, field

from app.computer.job import SearchJob, Task, as_job
from app.computer.lanes import Lane
from app.computer.pool import Outcome, Runner, SearchFailed, SearchPool
from app.games.errors import N_, QueueFull, TooManySearches
from app.store.json_types import JSONObject

log = logging.getLogger(__name__)

HALF_LIFE = 60.0  # seconds for a device's charge to halve
# A device with moves waiting while the computer is busy: the one with the most, or not.
BUSY_MOST = N_(
    "the computer is busy and your device has %(count)s moves waiting for it (the most); nothing "
    "was changed"
)
BUSY_MINE = N_(
    "the computer is busy and your device has %(count)s moves waiting for it; nothing was changed"
)
KILL_GRACE = 5.0  # a job running past twice its budget and this is killed with its process
RETURN_SECONDS = 2.0  # before that, the time a search that stops itself has to answer


def kill_after(seconds: float) -> float:
    """The wall time after which a job of budget ``seconds`` is killed with its process."""
    return 2 * seconds + KILL_GRACE


def wall_cap(seconds: float) -> float:
    """The wall time at which a job of budget ``seconds`` that can stop itself (an analysis
    step) should: early enough to answer before :func:`kill_after`."""
    return kill_after(seconds) - RETURN_SECONDS


@dataclass
class Job:
    """One search (``work``, a typed job) waiting for (or holding) a process."""

    client: str
    work: SearchJob
    seconds: float  # its budget
    interactive: bool = True
    replaces: str | None = None  # a newer job with this tag drops it while it waits
    result: Future[JSONObject] = field(default_factory=Future)

    @property
    def kind(self) -> str:
        """Jobs of one kind take about as long: the typed job's kind (a level and algorithm for
        the computer's move)."""
        return self.work.kind


@dataclass
class Slot:
    """One search process (or thread) of a lane, and the job it runs."""

    lane: Lane
    runner: Runner
    job: Job | None = None
    replaced: int = 0  # times it was replaced for its memory


class FairQueue:
    """Queues jobs per device and runs them on ``pool``'s processes, each watched by a thread
    of this server worker."""

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
        self.lock = threading.Condition()
        self.closed = False
        self.searches = 0  # finished jobs, for the health report
        self._queues: dict[str, deque[Job]] = {}  # each device's waiting jobs
        self._charge: dict[str, tuple[float, float]] = {}  # device: (seconds, as of when)
        self._served: dict[str, int] = {}  # the turn at which each device was last served
        self._turn = 0
        self._took: dict[str, float] = {}  # a kind of job: its recent wall time (moving mean)
        self._slots: list[Slot] = []
        self._pid = 0

    # -- the processes ---------------------------------------------------------------------------

    def _ensure_slots(self) -> None:
        """This process's slots and their threads (a forked copy starts its own; lock held)."""
        if self._slots and self._pid == os.getpid():
            return
        self._pid = os.getpid()
        self._slots = [Slot(lane, self.pool.runner(lane)) for lane in self.pool.lanes]
        for slot in self._slots:
            threading.Thread(
                target=self._serve, args=(slot,), name=f"mancala-{slot.lane.name}", daemon=True
            ).start()

    def warm_up(self) -> None:
        """Start every search process now and wait until each answers."""
        with self.lock:
            self._ensure_slots()
            runners = [slot.runner for slot in self._slots]
        threads = [threading.Thread(target=r.start) for r in runners]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    def pids(self) -> list[tuple[str, int]]:
        """Each running search process of this worker: its lane and process id."""
        with self.lock:
            return [(s.lane.name, s.runner.pid) for s in self._slots if s.runner.pid is not None]

    def _serve(self, slot: Slot) -> None:
        """A slot's life: run the job it is given, hand its answer on, take the next."""
        while True:
            with self.lock:
                while slot.job is None:
                    if self.closed and not self._queues:
                        return
                    self.lock.wait(1.0)
                job = slot.job
            started = time.monotonic()
            try:
                outcome = slot.runner.run(job.work, kill_after(job.seconds))
            except SearchFailed as exc:
                log.error("a %s search failed: %s", slot.lane.name, exc)
                outcome = Outcome(None, exc, job.seconds, 0)
            if outcome.rss > self.pool.limit(slot.lane, slot.runner):
                log.warning(
                    "a %s search process holds %d MB after a job: replacing it",
                    slot.lane.name,
                    outcome.rss >> 20,
                )
                slot.replaced += 1
                slot.runner.stop()  # the next job starts a new one
            self._finished(slot, job, outcome, time.monotonic() - started)

    def _dispatch(self) -> None:
        """Give each idle slot the job it should run next, if any (lock held)."""
        for slot in self._slots:
            if slot.job is None and self._queues:
                slot.job = self._take(slot)
        self.lock.notify_all()

    def _take(self, slot: Slot) -> Job | None:
        """The job ``slot`` runs next, out of the queue, charged to its device (lock held)."""
        best: tuple[tuple[int, float, int], str, Job] | None = None
        now = time.monotonic()
        for client, queue in self._queues.items():
            job = self._next_of(queue, slot)
            if job is not None:
                first = 0 if job.interactive else 1
                key = (first, self.spent(client, now), self._served.get(client, -1))
                if best is None or key < best[0]:
                    best = (key, client, job)
        if best is None:
            return None
        _, client, job = best
        queue = self._queues[client]
        queue.remove(job)
        if not queue:
            del self._queues[client]
        self._turn += 1
        self._served[client] = self._turn
        if len(self._served) > 10_000:  # forget devices with nothing waiting
            self._served = {c: t for c, t in self._served.items() if c in self._queues}
            self._charge = {c: v for c, v in self._charge.items() if c in self._queues}
        self._add_charge(client, self.estimate(job), now)
        return job

    def _next_of(self, queue: deque[Job], slot: Slot) -> Job | None:
        """A device's next job for ``slot``: its first interactive job the lane takes, else its
        first background job the lane takes (interactive first, within a device too)."""
        lanes = self.pool.lane_names
        taken = [job for job in queue if slot.lane.takes(job.interactive, job.seconds, lanes)]
        return next((job for job in taken if job.interactive), taken[0] if taken else None)

    def _finished(self, slot: Slot, job: Job, outcome: Outcome, took: float) -> None:
        """Charge the device its CPU time, hand the answer on, and free the slot."""
        with self.lock:
            self._add_charge(job.client, outcome.cpu - self.estimate(job), time.monotonic())
            kind = job.kind
            before = self._took.get(kind)
            self._took[kind] = took if before is None else 0.8 * before + 0.2 * took
            self.searches += 1
        try:  # outside the lock: the answer's callbacks save moves and may queue the next job
            if outcome.error is not None:
                job.result.set_exception(outcome.error)
            else:
                job.result.set_result(outcome.value or {})
        except Exception:  # noqa: BLE001 (a cancelled future: nobody waits)
            pass
        with self.lock:
            slot.job = None
            if not self.closed or self._queues:
                self._dispatch()
            self.lock.notify_all()

    # -- charges and estimates ---------------------------------------------------------------------

    def spent(self, client: str, now: float | None = None) -> float:
        """The search seconds ``client`` has spent lately (halving every HALF_LIFE seconds)."""
        seconds, at = self._charge.get(client, (0.0, 0.0))
        now = time.monotonic() if now is None else now
        return seconds * 0.5 ** ((now - at) / HALF_LIFE) if seconds else 0.0

    def _add_charge(self, client: str, seconds: float, now: float) -> None:
        self._charge[client] = (max(0.0, self.spent(client, now) + seconds), now)

    def estimate(self, job: Job) -> float:
        """The seconds a job is expected to take: its kind's recent time, at most its budget."""
        took = self._took.get(job.kind)
        return job.seconds if took is None else min(job.seconds, took)

    def _ahead(self, client: str, interactive: bool) -> tuple[float, float]:
        """Seconds per process that could run a new job of ``client``'s: of all the work
        waiting that those processes would serve, and of the part that would run before it
        (the device's own jobs, and as many of each other device's as it has plus one; lock
        held)."""
        lanes = self.pool.lane_names
        able = sum(1 for lane in self.pool.lanes if lane.takes(interactive, 0.0, lanes))
        mine = len(self._queues.get(client, ()))
        total = before = 0.0
        for other, queue in self._queues.items():
            waiting = [self.estimate(j) for j in queue if j.interactive or not interactive]
            total += sum(waiting)
            before += sum(waiting if other == client else waiting[: mine + 1])
        return total / max(1, able), before / max(1, able)

    # -- the API -----------------------------------------------------------------------------------

    def _waiting(self) -> int:
        return sum(len(q) for q in self._queues.values())

    def status(self) -> JSONObject:
        """Searches running and waiting in this server process, by lane."""
        with self.lock:
            waiting = self._waiting()
            running = [s for s in self._slots if s.job is not None]
            wait, _ = self._ahead("", True)
            return {
                "running": len(running),
                "queued": waiting,
                "workers": len(self.pool.lanes),
                "lanes": {
                    lane.name: sum(1 for s in self.pool.lanes if s == lane)
                    for lane in self.pool.lanes
                },
                "busy": {
                    name: sum(1 for s in running if s.lane.name == name)
                    for name in ("quick", "people", "background")
                },
                "max_queued": self.max_queued,
                "expected_wait_seconds": round(wait, 2),
                "finished": self.searches,
                "replaced_for_memory": sum(s.replaced for s in self._slots),
                "memory_budget": None if self.pool.budget is None else self.pool.budget.to_dict(),
                "accepting": not self.closed,
            }

    def admit(self, client: str, interactive: bool = True) -> None:
        """Refuse a request that would start a search when the queue can't take it.

        A client with ``per_client`` searches waiting is refused (:class:`TooManySearches`,
        429).  When the queue is full (``max_queued`` waiting, or more than ``max_wait``
        seconds of searches waiting now), the client with the most searches waiting is refused
        (429) and everyone else still gets in: the queue serves the device that has used the
        least first, so their wait is their turn, not the flooder's backlog.  Only when that
        turn is itself more than ``max_wait`` away (the computer busy for everyone alike) is it
        :class:`QueueFull` (503).  Both say when to try again; searches chained to a client's
        game (a reply's extra turn, a watch game's next move) are charged to it like its own.
        """
        with self.lock:
            if self.closed:
                raise QueueFull("the server is shutting down; try again in a moment", 5)
            mine = len(self._queues.get(client, ()))
            counts = [len(q) for c, q in self._queues.items() if c != client]
            waiting = mine + sum(counts)
            total, turn = self._ahead(client, interactive)
        if mine >= self.per_client:
            raise TooManySearches(
                N_("you already have %(count)s computer moves waiting; nothing was changed"),
                2,
                count=mine,
            )
        if waiting < self.max_queued and total <= self.max_wait:
            return
        if mine and (mine >= max(counts, default=0) or turn > self.max_wait):
            raise TooManySearches(
                BUSY_MOST if mine >= max(counts, default=0) else BUSY_MINE,
                max(2, min(30, math.ceil(turn))),
                count=mine,
            )
        if turn > self.max_wait or waiting >= self.max_queued * 4:
            raise QueueFull(
                N_(
                    "the computer is busy: %(count)s games are waiting for it (about %(seconds)s "
                    "s for yours); nothing was changed"
                ),
                max(1, min(30, math.ceil(turn / 2))),
                count=waiting,
                seconds=f"{turn:.0f}",
            )

    def submit(
        self,
        client: str,
        work: SearchJob | tuple[object, ...],
        task: Task | None = None,
        seconds: float | None = None,
        interactive: bool = True,
        replaces: str | None = None,
    ) -> Future[JSONObject]:
        """Queue the job ``work`` for ``client``; its answer arrives in the returned future.
        ``work`` is a typed job (:class:`app.computer.job.SearchJob`), or plain arguments of
        ``task`` (default: the computer's move, :func:`app.computer.job.think`);
        ``seconds`` is its budget (default: the job's own); ``interactive``
        says whether a person is waiting for it.  ``replaces`` (a tag, e.g. the analysis
        board's) cancels the client's jobs with the same tag still waiting: only the newest
        of them is wanted."""
        typed = as_job(work, task)
        budget = typed.budget if seconds is None else seconds
        job = Job(client, typed, float(budget), interactive, replaces)
        with self.lock:
            if self.closed:
                raise RuntimeError("the computer's pool is shut down")
            self._ensure_slots()
            queue = self._queues.setdefault(client, deque())
            if replaces is not None:
                for old in [j for j in queue if j.replaces == replaces]:
                    queue.remove(old)
                    old.result.cancel()
            queue.append(job)
            self._dispatch()
        return job.result

    def drain(self, timeout: float) -> bool:
        """Take no new searches and wait for the running and queued ones (True if all ended)."""
        end = time.monotonic() + timeout
        with self.lock:
            self.closed = True
            self.lock.notify_all()
            while (self._busy() or self._queues) and time.monotonic() < end:
                self.lock.wait(min(0.1, max(0.0, end - time.monotonic())))
            return not self._busy() and not self._queues

    def _busy(self) -> bool:
        return self._pid == os.getpid() and any(s.job is not None for s in self._slots)

    def shutdown(self) -> None:
        """Stop taking work, cancel what waits and stop the processes."""
        with self.lock:
            self.closed = True
            for queue in self._queues.values():
                for job in queue:
                    job.result.cancel()
            self._queues.clear()
            self.lock.notify_all()
            slots_now = list(self._slots) if self._pid == os.getpid() else []
        for slot in slots_now:  # outside the lock: a finishing job's callback may want it
            slot.runner.stop()
