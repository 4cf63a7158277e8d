"""Learning: lessons (one idea a step on a real board, a task the engine checks) and puzzles
(find the move that wins, rated by Glicko-2 both ways), and puzzles made from a player's own
mistakes.

* :mod:`app.learn.lessons`: the courses as the page gets them, and a try at a step;
* :mod:`app.learn.puzzles`: the puzzle set, the next puzzle for a device, a try and its rating,
  the daily puzzle;
* :mod:`app.learn.mistakes`: a game's analysed mistakes and blunders as the player's puzzles;
* :mod:`app.learn.routes`: ``/learn``, ``/puzzles`` and their JSON under ``/api/learn`` and
  ``/api/puzzles``.

What is kept (steps passed, ratings, first tries, own puzzles) is in the game store
(:mod:`app.learn.store`); the lesson text and the puzzles are the engine's
(:mod:`engine.lessons`, :mod:`engine.puzzles`).
"""

from __future__ import annotations

from flask import current_app

from app.learn.store import LearnStore
from app.store import get_store
from app.store.sql import SQLStore


def named(text: str, most: int = 40) -> str:
    """A name a request sent, quoted for a message, cut short if long."""
    return repr(text if len(text) <= most else text[:most] + "…")


def get_learn_store() -> LearnStore:
    """This app's lesson and puzzle store, over its game store (made on first use)."""
    found: LearnStore | None = current_app.extensions.get("mancala_learn")
    if found is None:
        store = get_store()
        assert isinstance(store, SQLStore)
        found = current_app.extensions["mancala_learn"] = LearnStore(store)
    return found
