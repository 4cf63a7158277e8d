"""The start of a game between two devices, for the packages above that list such games (the
lobby's "being played").

A package registers a hook with :func:`on_start` (the registry: :mod:`app.games.hooks`); it is
called once a game between two devices has both seats taken and is not over: when such a game
is stored (a seek taken, a tournament's pairing) and when a device takes the open seat of one.
A hook that fails is logged; the game stands (it started whatever a listing does).
"""

from __future__ import annotations

from collections.abc import Callable

from app.games.hooks import Hooks
from app.games.model import Game
from app.store import GameStore

Hook = Callable[[GameStore, Game], None]

HOOKS: Hooks[Hook] = Hooks("start-of-game")


def on_start(name: str, hook: Hook) -> None:
    """Call ``hook(store, game)`` for every game between two devices that starts (registering
    a name again replaces its hook)."""
    HOOKS.add(hook, name)


def forget(name: str) -> None:
    """Stop calling the hook registered as ``name`` (tests)."""
    HOOKS.remove(name)


def started(store: GameStore, game: Game) -> None:
    """``game`` was just stored: if it is a game between two devices with both seats taken and
    not over, every start hook is run for it (each failure logged, none raised)."""
    if game.mode == "remote" and not game.has_open_seat and not game.over:
        HOOKS.run(lambda hook: hook(store, game), f" for game {game.id}")
