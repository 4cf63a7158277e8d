"""Ratings as people see them: whole points, a change with its sign, "?" when provisional."""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from app.games.model import Game
from app.games.player_names import PlayerNames
from app.games.versioned import Versioned
from app.ratings.glicko2 import BASE, MAX_RD, PROVISIONAL_RD
from app.ratings.policy import why_not
from app.ratings.pools import pool_of, rated_pair, title_of
from app.ratings.store import RatingTables
from app.store.base import GameStore


class SeatRating(TypedDict):
    """A seat's rating in a rated game: before it and, once settled, after it and the
    change."""

    seat: int
    before: int
    before_text: str
    """e.g. 1500? (a question mark while provisional)"""
    after: int | None
    after_text: str | None
    change: int | None
    change_text: str | None
    """e.g. +12"""
    provisional: bool


class GameRatings(TypedDict):
    """A rated game's ratings: its pool, whether its end is settled, each seat's rating."""

    pool: str
    title: str
    settled: bool
    reason: NotRequired[str]
    """why a finished rated game changed no rating, in words"""
    seats: list[SeatRating]


def shown(rating: float, deviation: float) -> str:
    """ "1532", or "1532?" while the rating is provisional (deviation above 110)."""
    return f"{round(rating)}{'?' if deviation > PROVISIONAL_RD else ''}"


def signed(change: int) -> str:
    """A change with its sign: "+12", "−7" (a minus sign), "±0"."""
    if change == 0:
        return "±0"
    return f"+{change}" if change > 0 else f"\u2212{-change}"


_per_version: Versioned[tuple[int, str, int], GameRatings | None] = Versioned(512)


def game_ratings(store: GameStore, game: Game) -> GameRatings | None:
    """A rated game's ratings per seat: before it and, once settled, after it and the change
    (None for a game that is not rated); a finished game that changed no rating says why in
    ``reason`` (see :mod:`app.ratings.policy`).  Read once per version of the game in this
    process and shared by every answer of that version (the mover's and each long-poll it
    wakes; a settlement is a version of its own), so never changed in place."""
    key = (id(store), game.id, game.version)
    return _per_version.get(key, lambda: read_ratings(store, game))


def read_ratings(store: GameStore, game: Game) -> GameRatings | None:
    """:func:`game_ratings` read from the store now."""
    pair = rated_pair(game)
    if pair is None:
        return None
    rules = game.record.rules
    pool = pool_of(rules.name, dict(rules.options))
    made = {c.device: c for c in RatingTables(store).changes_in(game.id)}
    seats: list[SeatRating] = []
    for seat, device in enumerate(pair):
        change = made.get(device)
        if change is not None:
            before = (change.before_rating, change.before_deviation)
            after: tuple[float, float] | None = (change.after_rating, change.after_deviation)
        else:
            kept = RatingTables(store).rating_in(device, pool)
            before = (BASE, MAX_RD) if kept is None else (kept.rating, kept.deviation)
            after = None
        delta = None if after is None else round(after[0]) - round(before[0])
        seats.append(
            {
                "seat": seat,
                "before": round(before[0]),
                "before_text": shown(*before),
                "after": None if after is None else round(after[0]),
                "after_text": None if after is None else shown(*after),
                "change": delta,
                "change_text": None if delta is None else signed(delta),
                "provisional": (after or before)[1] > PROVISIONAL_RD,
            }
        )
    found: GameRatings = {"pool": pool, "title": title_of(pool), "settled": bool(made), "seats": []}
    if game.over and not made:  # why it changed nothing, once that is known
        named = len(PlayerNames(store).names_of(pair)) == 2
        reason = why_not(game, named, RatingTables(store).is_settled(game.id))
        if reason is not None:
            found["reason"] = reason
    found["seats"] = seats
    return found
