"""What a client sends about players: the body and queries :mod:`app.players.routes` parses, as
TypedDicts the API document is written from."""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

from app.games.asks import Name


class NameAsk(TypedDict):
    """The name this device takes: 1-24 visible characters (single spaces between words),
    unique on the server without case."""

    name: Name


class PlayerFilters(TypedDict, total=False):
    """Which finished games a player's page lists."""

    variant: str
    """A variant's name."""
    result: Literal["win", "loss", "draw"]
    """The player's result."""
    opponent: str
    """The opponent's name."""
    kind: str
    """A kind of game as the page names it: the game, its board and changed rules (kalah-4x3,
    kalah-6x4+empty_capture=True; a game's `kind`, the choices' `kinds`)."""


class PoolQuery(TypedDict, total=False):
    """One rating pool only."""

    pool: str
