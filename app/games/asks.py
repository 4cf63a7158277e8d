"""What a client sends about games: the request bodies and queries that :mod:`app.games.params`
(``new_game_data``, ``check_version``, ``pit``, ``action``; the clock's ``from_params``) and the
games' routes parse, as TypedDicts (the one source: the API document's request schemas
are written from them by pydantic in :mod:`app.contract`, and a test holds each parser to its
shape: an example is accepted, each required field left out is refused naming it).

Rules: a field's docstring is its description; a field the parser requires is ``Required``;
choices the engine registers (variants, levels, algorithms) are ``Literal`` of its registry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, Required

from annotated_types import Ge, Gt, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from app.games.clock import MAX_INCREMENT, MAX_MINUTES
from app.games.model import MODES
from app.store.json_types import JSONObject
from engine import variant_names
from engine.agents import ALGORITHMS, LEVELS

MAX_DELAY = 5.0
MAX_NAME = 24

if TYPE_CHECKING:
    Variant = str
    Level = str
    Algorithm = str
    Mode = str
else:  # the registries' names as choices (a tuple in Literal[...] is its members)
    Variant = Literal[tuple(variant_names())]
    Level = Literal[tuple(LEVELS)]
    Algorithm = Literal[tuple(ALGORITHMS)]
    Mode = Literal[tuple(MODES)]

Action = Literal["request", "accept", "decline"]
Name = Annotated[str, MinLen(1), MaxLen(MAX_NAME)]
"""A player's name: stripped of spaces around it, 1 to 24 characters, no control characters;
shown as text, never as markup."""
Side = Literal[0, 1]
Delay = Annotated[float, Ge(0), Le(MAX_DELAY)]
SeatToken = Literal[True]


class ClockSettings(TypedDict, total=False):
    """Minutes per side plus an increment."""

    minutes: Required[Annotated[float, Gt(0), Le(MAX_MINUTES)]]
    """Minutes per side."""
    increment: Annotated[float, Ge(0), Le(MAX_INCREMENT)]
    """Seconds added when a turn passes."""


class StartFrom(TypedDict, total=False):
    """Start from this position (the analysis board's 'play the computer from here'; not with
    record or first), checked by the engine; the game replays from it."""

    board: Required[list[int]]
    """Seeds per pit and store, in the canonical layout."""
    to_move: Required[Side]
    """Who moves first from it."""
    extra: list[int]
    """Toguz Kumalak: each player's tuzdyk as a board index, or -1."""
    seat: Side
    """Mode computer: your seat (default 0)."""


class NewGame(TypedDict, total=False):
    """A new game's settings, or an import."""

    variant: Variant
    """The rules (default kalah)."""
    options: JSONObject
    """The variant's rule options: see GET /api/variants."""
    mode: Mode
    """Who plays: computer, local (one screen), remote (two devices) or watch."""
    name: Name
    """Your seat's name (not for watch)."""
    names: Annotated[list[Name | None], MinLen(2), MaxLen(2)]
    """Mode local only: a name per seat, null for the default (instead of name)."""
    level: Level
    """The computer's level."""
    algorithm: Algorithm
    """The computer's algorithm."""
    levels: Annotated[list[Level], MinLen(2), MaxLen(2)]
    """Mode watch: each computer's level."""
    algorithms: Annotated[list[Algorithm], MinLen(2), MaxLen(2)]
    """Mode watch: each computer's algorithm."""
    first: Literal["me", "computer", "random", 0, 1]
    """Who moves first."""
    delay: Delay
    """Seconds between the computer's moves."""
    seat_token: SeatToken
    """A bot's request for a seat token: the answer's seat_token (given once) holds the seats
    taken; send it as 'Authorization: Bearer <token>'."""
    hints: bool
    """Hints allowed (default: on against the computer, off between people; both players see
    the choice)."""
    rated: bool
    """Mode remote only: the game counts for both players' ratings (default false). Both
    devices must have a player's name (409 otherwise, also on joining); no hints, no position
    or record."""
    clock: ClockSettings | None
    """Modes local and remote only: minutes per side plus an increment; none by default."""
    record: JSONObject | str
    """Import: a record object or its one-line text."""
    position: StartFrom


class Versioned(TypedDict, total=False):
    """A write to a game names the version it saw."""

    version: Required[int]
    """The version you saw."""


class MoveAsk(Versioned, total=False):
    """A move."""

    pit: Required[Annotated[int, Ge(-1)] | Literal["swap"]]
    """A pit number, or the pie rule's swap of sides ("swap" or -1, the game's swap_move)
    where the game says can_swap."""
    wait: bool
    """Also wait for the computer's reply."""


class OfferAnswer(Versioned, total=False):
    """An offer (takeback, draw, rematch) made or answered."""

    action: Action
    """request (the default), accept or decline."""


class Seen(TypedDict, total=False):
    """A write that may name the version it saw."""

    version: int
    """The version you saw."""


class RematchAsk(Seen, total=False):
    """A rematch: against the computer nothing; between two devices an offer made or answered."""

    action: Action
    """request (the default), accept or decline."""


class SettingsAsk(Seen, total=False):
    """The computer paused or resumed, or the pace of its moves."""

    paused: bool
    delay: Delay


class HintAsk(TypedDict, total=False):
    """A hint: the analysis search's best move, or a level's."""

    level: Level


class JoinAsk(TypedDict, total=False):
    """Taking the open seat of a game between two devices."""

    name: Name
    """Your seat's name."""
    seat_token: SeatToken
    """A bot's request for a seat token, as for a new game."""


class RecordQuery(TypedDict, total=False):
    """A record's export."""

    format: Literal["json", "text"]
    """json (default) or one line of text."""
