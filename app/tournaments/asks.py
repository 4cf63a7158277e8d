"""What a client sends to the tournaments: the bodies :mod:`app.tournaments.service` parses, as
TypedDicts the API document is written from."""

from __future__ import annotations

from typing import Annotated, Literal, Required

from annotated_types import Ge, Le, MaxLen
from typing_extensions import TypedDict

from app.games.asks import Algorithm, ClockSettings, Level, Variant
from app.store.json_types import JSONObject


class NewTournament(TypedDict, total=False):
    """A tournament's settings: you are its director."""

    name: Required[Annotated[str, MaxLen(60)]]
    system: Literal["round_robin", "swiss", "arena"]
    variant: Variant
    options: JSONObject
    clock: ClockSettings | None
    rated: bool
    cycles: Literal[1, 2]
    """Round robin: each pair once or twice."""
    rounds: Annotated[int, Ge(1), Le(20)]
    """Swiss: the rounds."""
    minutes: Annotated[int, Ge(1), Le(600)]
    """Arena: its length."""
    you: str | None
    """Your name, to play in it too."""


class JoinTournament(TypedDict, total=False):
    """Joining (or coming back to an arena)."""

    name: str
    """Your name: needed while this device has no player's name (PUT /api/me)."""


class SeatComputer(TypedDict, total=False):
    """The computer seated by the director."""

    level: Level
    algorithm: Algorithm


class PauseTournament(TypedDict):
    """Paused (no new pairings) or resumed."""

    paused: bool


class RemovePlayer(TypedDict):
    """A player the director removes."""

    player: str
    """The player's id in the tournament."""


class ExportQuery(TypedDict, total=False):
    """The results' file."""

    format: Literal["json", "csv"]
    """json (everything public, the default) or csv."""
    table: Literal["standings", "games"]
    """csv: a line a player (default) or a line a game."""
