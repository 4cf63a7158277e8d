"""The settlement: when a rated game ends, both players' ratings in its pool change, once.

Registered as an end-of-game hook (:mod:`app.games.ends`), so it runs on the host where the
game ended and, should that host die first, on the next sweep of any host.  Exactly once: the
store claims the game in its ``settled`` table in the same transaction as the two ratings and
their history rows (:meth:`app.ratings.store.RatingTables.settle`); of two hosts settling one
game at once, the second finds it claimed and writes nothing.

Each rated game is a rating period of its own, as lichess rates: both players are rated on
the ratings they had before it (a newcomer starts at 1500 ± 350, volatility 0.06).  Each whole
day a player went without a rated game in the pool first counts as a period without games
(the paper's step 6: the deviation widens, never past 350), so a rating grows uncertain again
when it is not played.

Which games count at all is the rating policy's (:mod:`app.ratings.policy`): the check of a
pair's games of the day runs inside the settlement's transaction, so two of a pair's games
ending at once count once.
"""

from __future__ import annotations

import time

from app.games import ends
from app.games.model import Game
from app.games.player_names import PlayerNames
from app.ratings import policy
from app.ratings.glicko2 import MAX_RD, Rating, rate, rate_game
from app.ratings.pools import pool_of, rated_pair, score_of
from app.ratings.store import KeptRating, NewRating, RatingTables, Settling
from app.store.base import GameStore

HOOK = "ratings"
DAY = 86400.0


def rating_of(kept: KeptRating | None, now: float) -> Rating:
    """A kept rating as Glicko-2 takes it at ``now`` (a newcomer's when there is none), its
    deviation widened by one empty period per whole day since its last rated game."""
    if kept is None:
        return Rating()
    rating = Rating(kept.rating, kept.deviation, kept.volatility)
    for _ in range(int(max(0.0, now - kept.updated) // DAY)):
        if rating.rd >= MAX_RD:
            break
        rating = rate(rating, [])
    return rating


def values(rating: Rating) -> tuple[float, float, float]:
    return (rating.r, rating.rd, rating.sigma)


def settle(store: GameStore, game: Game) -> bool:
    """Change the ratings of a finished rated game's players, unless done already or the
    rating policy (:mod:`app.ratings.policy`) says it does not count: True if this call
    changed them.  A game that does not count is claimed all the same (decided once)."""
    pair = rated_pair(game)
    score = score_of(game)
    if pair is None or score is None:
        return False
    if len(PlayerNames(store).names_of(pair)) < 2:
        return False  # a seat of a device without a player's name: not rated
    first, second = pair
    short = policy.too_short(game)
    changed = False

    def new_ratings(read: Settling) -> list[NewRating]:
        nonlocal changed
        now = time.time()
        if short or read.pair_games(first, second, now - policy.PAIR_WINDOW) >= policy.PAIR_GAMES:
            return []  # claimed, and nothing changes (see app.ratings.policy)
        a, b = rating_of(read.rating(first), now), rating_of(read.rating(second), now)
        changed = True
        return [
            NewRating(first, values(a), values(rate_game(a, b, score))),
            NewRating(second, values(b), values(rate_game(b, a, 1.0 - score))),
        ]

    pool = pool_of(game.record.rules.name, dict(game.record.rules.options))
    return RatingTables(store).settle(game.id, pool, new_ratings) and changed


def hook(store: GameStore, game: Game) -> None:
    settle(store, game)


def register() -> None:
    """Settle every rated game that ends (see :mod:`app.games.ends`)."""
    ends.on_end(HOOK, hook)
