"""What a client sends to the lobby: the bodies its routes parse (:mod:`app.lobby.routes`,
:func:`app.lobby.service.seek_settings`), as TypedDicts the API document is written from."""

from __future__ import annotations

from typing import Literal, Required

from typing_extensions import TypedDict

from app.games.asks import ClockSettings, Name, Variant
from app.store.json_types import JSONObject


class SeekAsk(TypedDict, total=False):
    """The settings of a game between two devices, as for POST /api/games (mode is always
    remote), and rated."""

    variant: Variant
    options: JSONObject
    first: Literal[0, 1, "me", "random"]
    """0: the maker moves first."""
    clock: ClockSettings | None
    hints: bool
    rated: bool
    name: Name


class ChallengeAsk(SeekAsk, total=False):
    """A seek made to one player."""

    to: Required[str]
    """The player to challenge: their tag or name."""


class QuietAsk(TypedDict):
    """Quick messages off (true) or on."""

    quiet: bool


class SayAsk(TypedDict):
    """A quick message to the opponent."""

    text: Literal["Good game", "Well played", "Thanks", "Oops"]
