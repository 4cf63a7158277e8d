"""The learning use cases of this app, made on first use over its store: the puzzles (the
shipped set and the players' own) and the mistakes that become puzzles."""

from __future__ import annotations

from flask import current_app

from app.games.service import get_games
from app.learn import get_learn_store
from app.learn.mistakes import Mistakes, own_problem
from app.learn.puzzles import Puzzles, Trier
from app.players.names import name_of
from app.store import get_store
from app.web.limits import client_address


def get_puzzles() -> Puzzles:
    """This app's puzzles (tests may set ``extensions["mancala_puzzles"]`` to their own)."""
    found: Puzzles | None = current_app.extensions.get("mancala_puzzles")
    if found is None:
        from app.learn.shipped import shipped_problems  # the set is read on first use

        found = Puzzles(get_learn_store(), list(shipped_problems()), own_problem, trier)
        current_app.extensions["mancala_puzzles"] = found
    return found


def trier(owner: str) -> Trier:
    """Who is trying a puzzle in this request: its address, and whether it has a player's
    name (the puzzle policy, :mod:`app.learn.puzzles`)."""
    return Trier(client_address(), name_of(get_store(), owner) is not None)


def get_mistakes() -> Mistakes:
    """This app's maker of puzzles from analysed games."""
    found: Mistakes | None = current_app.extensions.get("mancala_mistakes")
    if found is None:
        found = Mistakes(get_games(), get_store(), get_learn_store())
        current_app.extensions["mancala_mistakes"] = found
    return found
