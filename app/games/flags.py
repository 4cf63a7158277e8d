"""Flags settled unwatched: a timer in every server process ends the games whose time ran out
(a clock's flag, or a first-move window that closed), whether anyone has the game open or not.

The store keeps each running game's *deadline* (:func:`app.games.clock.deadline`), a fact
column with an index of its own.  Every :data:`FLAG_SECONDS` each process asks the store for
the games past their deadline (a range of that index: nothing is read when none is due); when
there are some, it claims the turn in the store (the ``flags`` job: one process per period,
across every worker and host) and passes each game through the use case a request's read runs
(:meth:`app.games.service.Games.end_if_due`): the versioned write of its end (a move that
landed first wins, and the game plays on), the end-of-game hooks (ratings, a tournament's next
pairings), in this app's context, and the new version that wakes the game's long-polls.  A game
between two devices that ends moves the lobby's version on (the lobby's end-of-game hook,
:mod:`app.lobby.ends`), so the home page drops it from "being played" at once.

Time when no server was up is still never charged (:mod:`app.games.liveness`): a game whose
deadline an outage moved later is written rebased, with its new deadline, instead of ended;
and a process told to stop (no longer serving) ends nothing.
"""

from __future__ import annotations

import logging
import threading
import time

from flask import Flask

from app.games import clock
from app.games.errors import Damaged, NoGame
from app.games.liveness import serving
from app.games.service import get_games
from app.store import GameStore, StoreError

log = logging.getLogger(__name__)

FLAG_SECONDS = 1.0  # how often each process looks for games past their deadline
BATCH = 50  # games read from the store at once
BATCHES = 20  # batches in one turn at most (the next turn takes the rest)
REST_SECONDS = 30.0  # a game found past its deadline that would not end is looked at again then
JOB = "flags"  # the store's claim on the turn


class Flags:
    """The games past their deadline, ended by one process of ``app`` at a time."""

    def __init__(self, app: Flask, every: float = FLAG_SECONDS, batch: int = BATCH) -> None:
        self.app = app
        self.every = every
        self.batch = batch
        self._resting: dict[str, float] = {}  # game -> when to look at it again

    def run_once(self, now: float | None = None) -> int:
        """End the games past their deadline at ``now`` if this process has the turn: how
        many ended."""
        if not serving():
            return 0
        now = time.time() if now is None else now
        store: GameStore = self.app.extensions["mancala_store"]
        self._resting = {g: t for g, t in self._resting.items() if t > now}
        ended, claimed = 0, False
        for _ in range(BATCHES):
            found = store.past_deadline(now, self.batch)
            due = [g for g in found if g not in self._resting]
            if not due:
                break
            if not claimed:
                if not store.claim_job(JOB, self.every * 0.9):
                    return 0
                claimed = True
            ended += self.end(due, now)
            if len(found) < self.batch:
                break
        if ended:
            log.info("%d game(s) ended by time, unwatched", ended)
        return ended

    def end(self, due: list[str], now: float) -> int:
        """End each of the games ``due`` whose time ran out, in this app's context: how many
        ended.  One that won't (damaged, or its column and its data disagree) rests a while."""
        ended = 0
        with self.app.app_context():
            games = get_games()
            for game_id in due:
                try:
                    game = games.end_if_due(game_id)
                except NoGame:  # deleted meanwhile
                    continue
                except StoreError:
                    raise
                except Damaged:
                    self._resting[game_id] = now + REST_SECONDS
                    continue
                except Exception:  # one game's fault must not stop the others' ends
                    log.exception("game %s could not be ended by time", game_id)
                    self._resting[game_id] = now + REST_SECONDS
                    continue
                if game.over:
                    ended += 1
                    continue
                left = clock.deadline(game.data.get("clock"), game.data.get("start_wait"))
                if left is None or left <= now:
                    self._resting[game_id] = now + REST_SECONDS
        return ended

    def run(self, stop: threading.Event) -> None:
        """:meth:`run_once` every ``every`` seconds until ``stop`` (a failing store is logged
        once, until it answers again)."""
        failing = False
        while not stop.wait(self.every):
            try:
                self.run_once()
                failing = False
            except StoreError as exc:
                if not failing:
                    log.warning("games past their deadline were not ended just now: %s", exc)
                failing = True
            except Exception:
                log.exception("ending games by time failed")


def start(app: Flask, every: float = FLAG_SECONDS) -> threading.Event:
    """Run ``app``'s flags on a thread of their own: the event that stops it."""
    flags = Flags(app, every)
    app.extensions["mancala_flags"] = flags
    stop = threading.Event()
    thread = threading.Thread(target=flags.run, args=(stop,), name="mancala-flags", daemon=True)
    thread.start()
    app.extensions["mancala_flags_stop"] = stop
    return stop


def init_app(app: Flask) -> None:
    """End the games past their deadline on a timer (outside tests, unless ``FLAG_SECONDS``
    is 0).  Gunicorn loads the app in each worker after
    forking, so each worker has one; the store's claim lets one of them act at a time."""
    every = float(app.config.get("FLAG_SECONDS", FLAG_SECONDS))
    app.extensions["mancala_flags"] = Flags(app, every if every > 0 else FLAG_SECONDS)
    if app.testing or every <= 0:
        return
    start(app, every)
