"""The computer's moves, made off the request thread so that no request waits on a search.

When a game reaches a computer's turn, the first server worker to see it claims the move in the
store and queues the search.  Searches run in a small pool (processes by default, at a lower CPU
priority than the web workers, so pages and moves stay quick while the computer thinks); the
queue is shared out fairly: one search per client in turn, so one client with many games can't
starve the others.  When a decision comes back it is written as the next version, unless the
game changed meanwhile (undo, resign): then it is dropped.  A claim left by a worker that died
is taken up on the next read, so a crash or restart loses nothing.  Browsers learn of the move
by long-polling the game's version.
"""

from __future__ import annotations

import hashlib
import logging
import math
import multiprocessing
import os
import signal
import threading
import time
import weakref
from collections import deque
from concurrent.futures import (
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
)
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, current_app

from app import ai_job
from app.errors import APIError
from app.games import Game, apply_computer_move
from app.store import StaleVersion, Store, StoreError
from engine.agents.levels import level_seconds

log = logging.getLogger(__name__)

CLAIM_SLACK = 15.0  # seconds past a level's time cap after which a claim is taken as lost
SEARCH_NICENESS = 10  # search processes yield the CPU to the web workers


@dataclass
class Job:
    """One search waiting for (or holding) a place in the pool."""

    client: str
    args: tuple[Any, ...]
    result: Future[dict[str, Any]] = field(default_factory=Future)


def search_process_setup() -> None:
    """A search process: lower CPU priority than the web workers, and deaf to Ctrl+C and
    SIGTERM sent to the whole process group, so that its server worker can finish the running
    search before shutting the pool down (the process ends when its worker does)."""
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


class Thinker:
    """Queues computer moves and hints fairly and runs them on a pool owned by this process.

    At most ``workers`` searches run at once.  The queue is full when the searches waiting
    would take more than ``max_wait`` seconds (from the mean time of the recent ones) or number
    ``max_queued``; at most ``per_client`` may belong to one client (its address).  Beyond
    that a new request that would start a search is refused (:meth:`admit`).
    """

    def __init__(
        self,
        store: Store,
        kind: str = "process",
        workers: int = 1,
        max_queued: int = 1000,
        per_client: int = 8,
        max_wait: float = 20.0,
    ) -> None:
        if kind not in ("process", "thread"):
            raise ValueError(f"AI_EXECUTOR must be 'process' or 'thread', not {kind!r}")
        self.store = store
        self.kind = kind
        self.workers = max(1, int(workers))
        self.max_queued = int(max_queued)
        self.per_client = int(per_client)
        self.max_wait = float(max_wait)
        self.mean_seconds = 0.0  # a moving mean of recent searches' times (0: none yet)
        self._pool: Executor | None = None
        self._pid = 0
        self._lock = threading.Condition()
        self._queues: dict[str, deque[Job]] = {}  # each client's waiting jobs
        self._served: dict[str, int] = {}  # the turn at which each client was last served
        self._turn = 0
        self._running = 0
        self._paced: dict[int, tuple[Any, ...]] = {}  # decisions waiting for a game's pace
        self.closed = False
        self.searches = 0  # finished searches, for the health report

    # -- the pool ---------------------------------------------------------------------------------

    def pool(self) -> Executor:
        """The pool, created on first use in this process (after a server's fork)."""
        if self._pool is None or self._pid != os.getpid():
            if self._pid != os.getpid():  # a forked copy: the parent's searches are not ours
                self._running = 0
            if self.kind == "process":
                ctx = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    self.workers, mp_context=ctx, initializer=search_process_setup
                )
            else:
                self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="mancala-ai")
            self._pid = os.getpid()
        return self._pool

    def warm_up(self, timeout: float = 60.0) -> None:
        """Start the pool's processes and wait until they answer."""
        if self.kind == "process":
            with self._lock:
                futures = [self.pool().submit(ai_job.ready) for _ in range(self.workers)]
            for future in futures:
                future.result(timeout=timeout)

    def _waiting(self) -> int:
        """Searches queued, not yet running (the lock held)."""
        return sum(len(q) for q in self._queues.values())

    def status(self) -> dict[str, Any]:
        """Searches running and waiting in this server process."""
        with self._lock:
            waiting = self._waiting()
            return {
                "running": self._running,
                "queued": waiting,
                "workers": self.workers,
                "max_queued": self.max_queued,
                "mean_search_seconds": round(self.mean_seconds, 4),
                "expected_wait_seconds": round(self.expected_wait(waiting), 2),
                "finished": self.searches,
                "accepting": not self.closed,
            }

    def expected_wait(self, jobs: int) -> float:
        """Seconds that ``jobs`` searches would take on this pool, from recent searches."""
        return jobs * self.mean_seconds / self.workers

    def admit(self, client: str) -> None:
        """Refuse a request that would start a search when the queue can't take it.

        503 when shutting down or the queue is full; 429 when this client already has
        ``per_client`` searches waiting.  Both say when to try again.
        """
        with self._lock:
            if self.closed:
                raise APIError(503, "the server is shutting down; try again in a moment", 5)
            mine = len(self._queues.get(client, ()))
            waiting = self._waiting()
        wait = self.expected_wait(waiting + 1)
        if waiting >= self.max_queued or wait > self.max_wait:
            raise APIError(
                503,
                f"the computer is busy: {waiting} games are waiting for it (about {wait:.0f} s);"
                " nothing was changed",
                max(1, min(30, math.ceil(wait / 2))),
            )
        if mine >= self.per_client:
            raise APIError(
                429, f"you already have {mine} computer moves waiting; nothing was changed", 2
            )

    def submit(self, client: str, args: tuple[Any, ...]) -> Future[dict[str, Any]]:
        """Queue a search for ``client``; its decision arrives in the returned future."""
        job = Job(client, args)
        with self._lock:
            if self.closed:
                raise RuntimeError("the computer's pool is shut down")
            self._queues.setdefault(client, deque()).append(job)
            self._dispatch()
        return job.result

    def _dispatch(self) -> None:
        """Start waiting jobs while the pool has room: clients take turns (lock held)."""
        while self._queues and self._running < self.workers:
            # The waiting client served longest ago (or never) goes first.
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
                future = self._start(job.args)
            except Exception as exc:  # could not start even on a fresh pool
                job.result.set_exception(exc)
                continue
            self._running += 1
            started = time.monotonic()
            future.add_done_callback(lambda f, job=job, t=started: self._finished(job, f, t))

    def _start(self, args: tuple[Any, ...]) -> Future[dict[str, Any]]:
        try:
            return self.pool().submit(ai_job.think, *args)
        except BrokenExecutor:  # a search process was killed: start a new pool once
            log.warning("the computer's pool broke; starting a new one")
            self._pool = None
            return self.pool().submit(ai_job.think, *args)

    def _finished(self, job: Job, future: Future[dict[str, Any]], started: float) -> None:
        """Hand the decision on (its callbacks save the move), then start the next job."""
        took = time.monotonic() - started
        try:
            job.result.set_result(future.result())
        except BaseException as exc:  # noqa: BLE001 (handed to whoever waits on the job)
            job.result.set_exception(exc)
        with self._lock:
            self._running = max(0, self._running - 1)
            self.searches += 1
            mean = self.mean_seconds
            self.mean_seconds = took if not mean else 0.9 * mean + 0.1 * took
            self._dispatch()
            self._lock.notify_all()

    # -- computer moves ---------------------------------------------------------------------------

    @staticmethod
    def seed(game_id: str, ply: int) -> int:
        """A seed per game and ply: the same game replays to the same computer moves."""
        digest = hashlib.sha256(f"{game_id}:{ply}".encode()).digest()
        return int.from_bytes(digest[:4], "big")

    def job_args(self, game: Game, level: str, algorithm: str) -> tuple[Any, ...]:
        d = game.data
        moves = list(game.record.moves)
        seed = self.seed(game.id, len(moves))
        return (d["variant"], d["options"], d["first_player"], moves, level, algorithm, seed)

    def ensure(self, game: Game, client: str = "server") -> bool:
        """Start the computer's move if it is its turn and nobody is on it; True if started."""
        seat = game.computer_to_move()
        if seat is None or self.closed:
            return False
        stale = level_seconds(seat["level"]) + CLAIM_SLACK
        try:
            if not self.store.claim_thinking(game.id, game.version, stale):
                return False
            future = self.submit(client, self.job_args(game, seat["level"], seat["algorithm"]))
        except Exception:  # never fail the request that noticed; the claim goes stale, retried
            log.exception("could not start the computer's move in game %s", game.id)
            return False
        due = float(game.data.get("last_move_at", 0.0)) + float(game.data.get("delay", 0.0))
        future.add_done_callback(lambda f: self._done(game.id, game.version, due, client, f))
        return True

    def _done(
        self, game_id: str, version: int, due: float, client: str, future: Future[dict[str, Any]]
    ) -> None:
        try:
            decision = future.result()
        except Exception:  # a failed search: the claim goes stale and the next read retries
            log.exception("the computer's move in game %s failed", game_id)
            return
        args = (game_id, version, decision, client)
        wait = due - time.time()
        if wait > 0 and not self.closed:  # a watched game's pace; no waiting when shutting down
            with self._lock:
                key = id(args)
                self._paced[key] = args
            timer = threading.Timer(wait, self._fire, (key,))
            timer.daemon = True
            timer.start()
        else:
            self._apply(*args)

    def _fire(self, key: int) -> None:
        with self._lock:
            args = self._paced.pop(key, None)
        if args is not None:  # not already saved by drain()
            self._apply(*args)

    def _apply(self, game_id: str, version: int, decision: dict[str, Any], client: str) -> None:
        """Write the decision as the next version, unless the game moved on meanwhile."""
        try:
            row = self.store.load(game_id)
            if row is None or row.version != version:
                return
            game = Game.load(row.id, row.version, row.data, row.updated)
            if game.computer_to_move() is None:
                return
            saved = self.store.save(game_id, version, apply_computer_move(game, decision))
            self.ensure(Game.load(saved.id, saved.version, saved.data, saved.updated), client)
        except StaleVersion:
            return
        except StoreError as exc:  # busy or full: the claim goes stale, the next read retries
            log.error("could not save the computer's move in game %s: %s", game_id, exc)
        except Exception:
            log.exception("could not apply the computer's move in game %s", game_id)

    def hint(
        self, game: Game, level: str, algorithm: str, timeout: float, client: str = "server"
    ) -> dict[str, Any]:
        """The move a level's agent suggests for the player to move (waits, off this thread)."""
        return self.submit(client, self.job_args(game, level, algorithm)).result(timeout=timeout)

    # -- stopping ---------------------------------------------------------------------------------

    def drain(self, timeout: float) -> bool:
        """Take no new searches, finish the running and queued ones and save their moves.

        Paced moves waiting on a timer are saved at once.  True if all finished in ``timeout``.
        """
        end = time.monotonic() + timeout
        with self._lock:
            self.closed = True
            while (self._running or self._queues) and time.monotonic() < end:
                self._lock.wait(min(0.1, max(0.0, end - time.monotonic())))
            done = not self._running and not self._queues
            paced = list(self._paced.values())
            self._paced.clear()
        for args in paced:
            self._apply(*args)
        return done

    def shutdown(self) -> None:
        """Stop taking work and wait for the pool (tests; a server process ends with it)."""
        with self._lock:
            self.closed = True
            pool = self._pool if self._pid == os.getpid() else None
            self._pool = None
            for queue in self._queues.values():
                for job in queue:
                    job.result.cancel()
            self._queues.clear()
        if pool is not None:  # outside the lock: a finishing job's callback may want it
            pool.shutdown(wait=True, cancel_futures=True)


def warm_up_all() -> None:
    """Start this process's search processes now (gunicorn's ``post_worker_init`` hook), so
    that none is still starting up, and not yet deaf to Ctrl+C, when a move needs it."""
    for thinker in list(_live):
        thinker.warm_up()


_live: weakref.WeakSet[Thinker] = weakref.WeakSet()  # for the server's shutdown hook


def drain_all(timeout: float) -> bool:
    """Finish every running search of this process (gunicorn's ``worker_exit`` hook)."""
    return all([thinker.drain(timeout) for thinker in _live])


def init_app(app: Flask, store: Store) -> None:
    thinker = Thinker(
        store,
        app.config["AI_EXECUTOR"],
        app.config["AI_WORKERS"],
        app.config["AI_QUEUE"],
        app.config["AI_QUEUE_PER_CLIENT"],
        app.config["AI_QUEUE_SECONDS"],
    )
    app.extensions["mancala_thinker"] = thinker
    _live.add(thinker)


def get_thinker() -> Thinker:
    return current_app.extensions["mancala_thinker"]  # type: ignore[no-any-return]
