"""The settlement: when a rated game ends, both players' ratings in its pool change, once.

Registered as an end-of-game hook (:mod:`app.games.ends`), so it runs on the host where the
game ended and, should that host die first, on the next sweep of any host.  Exactly once: the
store claims the game in its ``settled`` table in the same transaction as the two ratings and
their history rows (:meth:`app.store.players.PlayerTables.settle`); of two hosts settling one
game at once, the second finds it claimed and writes nothing.

Each rated game is a rating period of its own, as lichess rates: both players are rated on
the ratings they had before it (a newcomer starts at 1500 ± 350, volatility 0.06).
"""

from __future__ import annotations

from collections.abc import Callable

from app.games import ends
from app.games.model import Game
from app.ratings.glicko2 import Rating, rate_game
from app.ratings.pools import pool_of, rated_pair, score_of
from app.store.base import GameStore
from app.store.players import KeptRating, NewRating

HOOK = "ratings"


def rating_of(kept: KeptRating | None) -> Rating:
    """A kept rating as Glicko-2 takes it (a newcomer's when there is none)."""
    return Rating() if kept is None else Rating(kept.rating, kept.deviation, kept.volatility)


def values(rating: Rating) -> tuple[float, float, float]:
    return (rating.r, rating.rd, rating.sigma)


def settle(store: GameStore, game: Game) -> bool:
    """Change the ratings of a finished rated game's players, unless done already: True if
    this call changed them."""
    pair = rated_pair(game)
    score = score_of(game)
    if pair is None or score is None:
        return False
    if len(store.players.names_of(pair)) < 2:
        return False  # a seat of a device without a player's name: not rated
    first, second = pair

    def rate(read: Callable[[str], KeptRating | None]) -> list[NewRating]:
        a, b = rating_of(read(first)), rating_of(read(second))
        return [
            NewRating(first, values(a), values(rate_game(a, b, score))),
            NewRating(second, values(b), values(rate_game(b, a, 1.0 - score))),
        ]

    pool = pool_of(game.record.rules.name, dict(game.record.rules.options))
    return store.players.settle(game.id, pool, rate)


def hook(store: GameStore, game: Game) -> None:
    settle(store, game)


def register() -> None:
    """Settle every rated game that ends (see :mod:`app.games.ends`)."""
    ends.on_end(HOOK, hook)
