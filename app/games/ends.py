"""The end of a game, for the packages above that act on it (ratings, tournament pairings).

A package registers a hook with :func:`on_end` (the registry: :mod:`app.games.hooks`); every
finished game (aborted ones included: a hook looks at how it ended) is passed to every hook at
least once, however many hosts see it end and whichever of them dies meanwhile:

- the request (or computer move) that ends a game runs the hooks for it at once, and then
  sweeps: it runs them for the other finished games whose hooks have not all run yet;
- the maintenance job (claimed by one process per period across hosts) sweeps too, so a game
  whose host died between its end and its hooks is taken care of by another host;
- once every hook ran without error for a game, it is marked (``game_ends``) and no longer
  swept.

So a hook may be called more than once for one game (two hosts sweeping at once, a host dying
after its hook but before the mark): a hook does its work exactly once itself, e.g. by
claiming the game in the same transaction as its write (:mod:`app.ratings.settle`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from app.games.hooks import Hooks
from app.games.model import Game
from app.store import CorruptGame, GameStore, StoreError

log = logging.getLogger(__name__)

Hook = Callable[[GameStore, Game], None]
SWEEP_DAYS = 7.0  # how far back a sweep looks for finished games whose hooks did not all run
SWEEP_BATCH = 20  # games swept after a game ends (the maintenance job sweeps more) ...
SWEEP_RECENT_DAYS = 1 / 24  # ... among those that ended in the last hour (a cheap look)

HOOKS: Hooks[Hook] = Hooks("end-of-game")


def on_end(name: str, hook: Hook) -> None:
    """Call ``hook(store, game)`` for every finished game (registering a name again replaces
    its hook; hooks run in the order they were first registered)."""
    HOOKS.add(hook, name)


def forget(name: str) -> None:
    """Stop calling the hook registered as ``name`` (tests)."""
    HOOKS.remove(name)


def hooks() -> list[tuple[str, Hook]]:
    return HOOKS.named()


def run_hooks(store: GameStore, game: Game) -> bool:
    """Run every hook for a finished game (one failing does not stop the others: it is
    logged); mark the game done if they all ran without error."""
    if not game.over:
        return False
    about = f" for game {game.id}; swept again later"
    done = HOOKS.run(lambda hook: hook(store, game), about).ok
    if done:
        store.mark_swept(game.id)
    return done


def sweep(
    store: GameStore, limit: int = 200, days: float = SWEEP_DAYS, skip: str | None = None
) -> int:
    """Run the hooks for the finished games of the last ``days`` not yet marked done (but
    ``skip``): how many games were done now."""
    done = 0
    for game_id in store.unswept_ends(time.time() - days * 86400.0, limit):
        if game_id == skip:
            continue
        try:
            row = store.load(game_id)
            if row is None:
                continue
            game = Game.from_row(row)
        except StoreError:
            raise
        except (CorruptGame, Exception):  # noqa: BLE001 (a damaged game is left alone)
            log.error("game %s can't be replayed: its end is not swept", game_id)
            store.mark_swept(game_id)
            continue
        done += run_hooks(store, game)
    return done


def ended(store: GameStore, game: Game) -> bool:
    """A write left ``game`` over: its hooks (unless they all ran already), then a short sweep
    of others left over.  Whether its hooks were run now (a hook may have written a newer
    version of it).  A store that fails meanwhile only delays them (the maintenance job sweeps
    again); the write stands either way."""
    try:
        if store.is_swept(game.id):
            return False
        run_hooks(store, game)
    except StoreError as exc:
        log.warning("end-of-game hooks delayed for game %s: %s", game.id, exc)
        return True  # some may have run
    try:
        sweep(store, SWEEP_BATCH, SWEEP_RECENT_DAYS, skip=game.id)  # it had its turn
    except StoreError as exc:
        log.warning("the sweep after game %s's end was put off: %s", game.id, exc)
    return True
