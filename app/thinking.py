"""The computer's moves, made off the request thread so that no request waits on a search.

When a game reaches a computer's turn, the first server worker to see it claims the move in the
store and hands the search to its pool (processes by default).  When the decision comes back it
is written as the next version, unless the game changed meanwhile (undo, resign): then it is
dropped.  A claim left by a worker that died goes stale and is taken up on the next read, so a
restart loses nothing.  Browsers learn of the move by polling the game's version.
"""

from __future__ import annotations

import hashlib
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import (
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
)
from typing import Any

from flask import Flask, current_app

from app import ai_job
from app.games import Game
from app.store import StaleVersion, Store
from engine.agents.levels import level_seconds

log = logging.getLogger(__name__)

CLAIM_SLACK = 15.0  # seconds past a level's time cap after which a claim is taken as lost


class Thinker:
    """Schedules computer moves and hints on a pool owned by this server process."""

    def __init__(self, store: Store, kind: str = "process", workers: int = 1) -> None:
        if kind not in ("process", "thread"):
            raise ValueError(f"AI_EXECUTOR must be 'process' or 'thread', not {kind!r}")
        self.store = store
        self.kind = kind
        self.workers = max(1, int(workers))
        self._pool: Executor | None = None
        self._pid = 0
        self._lock = threading.Lock()
        self.closed = False

    def pool(self) -> Executor:
        """The pool, created on first use in this process (after a server's fork)."""
        with self._lock:
            if self.closed:
                raise RuntimeError("the computer's pool is shut down")
            if self._pool is None or self._pid != os.getpid():
                if self.kind == "process":
                    ctx = multiprocessing.get_context("spawn")
                    self._pool = ProcessPoolExecutor(self.workers, mp_context=ctx)
                else:
                    self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="mancala-ai")
                self._pid = os.getpid()
            return self._pool

    def shutdown(self) -> None:
        """Stop taking work and wait for the pool (tests; a server process ends with it)."""
        with self._lock:
            self.closed = True
            pool = self._pool if self._pid == os.getpid() else None
            self._pool = None
        if pool is not None:  # outside the lock: a finishing job's callback may want it
            pool.shutdown(wait=True, cancel_futures=True)

    @staticmethod
    def seed(game_id: str, ply: int) -> int:
        """A seed per game and ply: the same game replays to the same computer moves."""
        digest = hashlib.sha256(f"{game_id}:{ply}".encode()).digest()
        return int.from_bytes(digest[:4], "big")

    def submit(self, game: Game, level: str, algorithm: str) -> Future[dict[str, Any]]:
        """Hand the search to the pool; a broken pool (a killed process) is replaced once."""
        d = game.data
        args = (
            d["variant"],
            d["options"],
            d["first_player"],
            list(game.record.moves),
            level,
            algorithm,
            self.seed(game.id, len(game.record.moves)),
        )
        try:
            return self.pool().submit(ai_job.think, *args)
        except BrokenExecutor:
            log.warning("the computer's pool broke; starting a new one")
            with self._lock:
                self._pool = None
            return self.pool().submit(ai_job.think, *args)

    def ensure(self, game: Game) -> bool:
        """Start the computer's move if it is its turn and nobody is on it; True if started."""
        seat = game.computer_to_move()
        if seat is None or self.closed:
            return False
        stale = level_seconds(seat["level"]) + CLAIM_SLACK
        if not self.store.claim_thinking(game.id, game.version, stale):
            return False
        try:
            future = self.submit(game, seat["level"], seat["algorithm"])
        except Exception:  # never fail the request that noticed; the claim goes stale, retried
            log.exception("could not start the computer's move in game %s", game.id)
            return False
        due = float(game.data.get("last_move_at", 0.0)) + float(game.data.get("delay", 0.0))
        future.add_done_callback(lambda f: self._done(game.id, game.version, due, f))
        return True

    def _done(self, game_id: str, version: int, due: float, future: Future[dict[str, Any]]) -> None:
        try:
            decision = future.result()
        except Exception:  # a failed search: the claim goes stale and the next read retries
            log.exception("the computer's move in game %s failed", game_id)
            return
        wait = due - time.time()
        if wait > 0:
            timer = threading.Timer(wait, self._apply, (game_id, version, decision))
            timer.daemon = True
            timer.start()
        else:
            self._apply(game_id, version, decision)

    def _apply(self, game_id: str, version: int, decision: dict[str, Any]) -> None:
        """Write the decision as the next version, unless the game moved on meanwhile."""
        try:
            row = self.store.load(game_id)
            if row is None or row.version != version:
                return
            game = Game.load(row.id, row.version, row.data, row.updated)
            if game.computer_to_move() is None:
                return
            from app.games import apply_computer_move

            data = apply_computer_move(game, decision)
            saved = self.store.save(game_id, version, data)
            self.ensure(Game.load(saved.id, saved.version, saved.data, saved.updated))
        except StaleVersion:
            return
        except Exception:
            log.exception("could not apply the computer's move in game %s", game_id)

    def hint(self, game: Game, level: str, algorithm: str, timeout: float) -> dict[str, Any]:
        """The move a level's agent suggests for the player to move (waits, off this thread)."""
        return self.submit(game, level, algorithm).result(timeout=timeout)


def init_app(app: Flask, store: Store) -> None:
    app.extensions["mancala_thinker"] = Thinker(
        store, app.config["AI_EXECUTOR"], app.config["AI_WORKERS"]
    )


def get_thinker() -> Thinker:
    return current_app.extensions["mancala_thinker"]  # type: ignore[no-any-return]
