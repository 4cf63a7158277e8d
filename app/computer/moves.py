"""The computer's moves, made off the request thread so that no request waits on a search.

When a game reaches a computer's turn, the first server worker to see it claims the move in the
store and queues the search (:mod:`app.computer.queue`).  When the decision comes back it is
written as the next version, after the game's pace (a watched game's delay), unless the game
changed meanwhile (undo, resign): then it is dropped.  A claim left by a worker that died is
taken up on the next read, so a crash or restart loses nothing.  Browsers learn of the move by
long-polling the game's version.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
import weakref
from concurrent.futures import Future
from pathlib import Path

from flask import Flask, current_app

from app.computer.job import Think
from app.computer.memory import server_workers
from app.computer.pool import SearchPool
from app.computer.queue import FairQueue
from app.computer.tables import TableBuilder
from app.games import changes, ends
from app.games.model import Game
from app.store import GameStore, StaleVersion, StoreError
from app.store.json_types import JSONObject
from engine.agents.levels import level_seconds

log = logging.getLogger(__name__)

TABLE_LEVELS = frozenset({"expert", "master", "perfect"})  # the levels that read endgame tables
CLAIM_SLACK = 15.0  # seconds past a level's time cap after which a claim is taken as lost


def seed(game_id: str, ply: int) -> int:
    """A seed per game and ply: the same game replays to the same computer moves."""
    digest = hashlib.sha256(f"{game_id}:{ply}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def search_job(game: Game, level: str, algorithm: str) -> Think:
    """The computer's move (or a level's hint) in ``game`` as one typed job: the game's spec,
    the level, the algorithm and the seed of this game and ply."""
    return Think(game.spec, level, algorithm, seed(game.id, len(game.record.moves)))


class Computer:
    """Plays the computer's seats of stored games, and suggests moves, through ``queue``."""

    def __init__(
        self, store: GameStore, queue: FairQueue, tables: TableBuilder | None = None
    ) -> None:
        self.store = store
        self.queue = queue
        self.tables = tables
        self._lock = threading.Lock()
        # decisions waiting for a game's pace: (game id, version, decision, client)
        self._paced: dict[int, tuple[str, int, JSONObject, str]] = {}

    @property
    def closed(self) -> bool:
        return self.queue.closed

    def ensure(self, game: Game, client: str = "server") -> bool:
        """Start the computer's move if it is its turn and nobody is on it; True if started.

        A game with a person in it is interactive work (someone waits for the move); a
        computer-vs-computer game is background work.  The search is charged to the device the
        game names (the one whose move or game caused
        it, kept in its data as ``device``), whoever's request noticed it; ``client`` only for
        a game that names none."""
        client = str(game.data.get("device") or client)
        seat = game.computer_to_move()
        if seat is None or self.closed:
            return False
        assert seat.level is not None and seat.algorithm is not None
        if self.tables is not None and seat.level in TABLE_LEVELS:
            self.tables.want(game.data["variant"], game.data["options"])
        stale = level_seconds(seat.level) + CLAIM_SLACK
        try:
            if not self.store.claim_thinking(game.id, game.version, stale):
                return False
            future = self.queue.submit(
                client,
                search_job(game, seat.level, seat.algorithm),
                interactive=not all(s.is_computer for s in game.seats),
            )
        except Exception:  # never fail the request that noticed; the claim goes stale, retried
            log.exception("could not start the computer's move in game %s", game.id)
            return False
        due = float(game.data.get("last_move_at", 0.0)) + float(game.data.get("delay", 0.0))
        future.add_done_callback(lambda f: self._done(game.id, game.version, due, client, f))
        return True

    def _done(
        self, game_id: str, version: int, due: float, client: str, future: Future[JSONObject]
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

    def _apply(self, game_id: str, version: int, decision: JSONObject, client: str) -> None:
        """Write the decision as the next version, unless the game moved on meanwhile."""
        try:
            row = self.store.load(game_id)
            if row is None or row.version != version:
                return
            game = Game.from_row(row)
            if game.computer_to_move() is None:
                return
            saved = Game.from_row(
                self.store.save(game_id, version, changes.computer_move(game, decision))
            )
            if saved.over:
                ends.ended(self.store, saved)
            self.ensure(saved, client)
        except StaleVersion:
            return
        except StoreError as exc:  # busy or full: the claim goes stale, the next read retries
            log.error("could not save the computer's move in game %s: %s", game_id, exc)
        except Exception:
            log.exception("could not apply the computer's move in game %s", game_id)

    def admit(self, client: str, interactive: bool = True) -> None:
        """Refuse a request that would start a search when the queue can't take it."""
        self.queue.admit(client, interactive)

    def hint(
        self, game: Game, level: str, algorithm: str, timeout: float, client: str = "server"
    ) -> JSONObject:
        """The move a level's agent suggests for the player to move (waits, off this thread)."""
        return self.queue.submit(client, search_job(game, level, algorithm)).result(timeout=timeout)

    def drain(self, timeout: float) -> bool:
        """Take no new searches, finish the running and queued ones and save their moves.

        Paced moves waiting on a timer are saved at once.  True if all finished in ``timeout``.
        """
        done = self.queue.drain(timeout)
        with self._lock:
            paced = list(self._paced.values())
            self._paced.clear()
        for args in paced:
            self._apply(*args)
        return done

    def shutdown(self) -> None:
        """Stop taking work and wait for the pool (tests; a server process ends with it)."""
        self.queue.shutdown()


_live: weakref.WeakSet[Computer] = weakref.WeakSet()  # for the server's shutdown hook


def warm_up_all() -> None:
    """Start this process's search processes now (gunicorn's ``post_worker_init`` hook), so
    that none is still starting up, and not yet deaf to Ctrl+C, when a move needs it."""
    for computer in list(_live):
        computer.queue.warm_up()
        if computer.tables is not None:  # the default game's table, before it is needed
            computer.tables.want("kalah", {})
            computer.tables.want("oware", {})  # then Oware's (app.computer.tables)


def drain_all(timeout: float) -> bool:
    """Finish every running search of this process and stop its search processes (gunicorn's
    ``worker_exit`` hook)."""
    done = all([computer.drain(timeout) for computer in _live])
    for computer in list(_live):
        computer.shutdown()
    return done


def init_app(app: Flask, store: GameStore) -> None:
    tables = str(Path(app.instance_path) / "tables")
    pool = SearchPool(
        app.config["AI_EXECUTOR"],
        app.config["AI_WORKERS"],
        tables,
        quick=app.config["AI_QUICK_WORKERS"],
        background=app.config["AI_BACKGROUND_WORKERS"],
        memory_limit=int(app.config["AI_PROCESS_MEGABYTES"]) * 1024 * 1024,
        memory_megabytes=app.config["AI_MEMORY_MEGABYTES"],
        servers=server_workers(),
    )
    queue = FairQueue(
        pool,
        app.config["AI_QUEUE"],
        app.config["AI_QUEUE_PER_CLIENT"],
        app.config["AI_QUEUE_SECONDS"],
    )
    builder = None
    if app.config["AI_BUILD_TABLES"] and app.config["AI_EXECUTOR"] == "process":
        builder = TableBuilder(tables)
    computer = Computer(store, queue, builder)
    app.extensions["mancala_computer"] = computer
    _live.add(computer)


def get_computer() -> Computer:
    return current_app.extensions["mancala_computer"]  # type: ignore[no-any-return]
