"""A tournament's answers as the API sends them (one tournament from a viewer's side, the
list): TypedDicts the API document's schemas are written from (app.contract). The views
(app.tournaments.view) build them; every answer of the test suite is checked against them."""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from app.store.json_types import JSONObject


class SheetCell(TypedDict):
    """An arena game's result for the player and the points it earned."""

    result: float
    points: int


class StandingLine(TypedDict):
    """A player's line in the standings, with each system's numbers."""

    rank: int
    place: str
    """the place, shared by complete ties ("2-3")"""
    player: str
    name: str
    state: str
    """in, left or removed"""
    dropped: str | None
    """why the rules paused or withdrew them (missed: two games missed in a row)"""
    points: float
    games: int
    wins: int
    draws: NotRequired[int]
    losses: NotRequired[int]
    byes: NotRequired[int]
    sonneborn_berger: NotRequired[float]
    buchholz: NotRequired[float]
    fire: NotRequired[bool]
    """an arena's: on a winning streak (double points)"""
    playing: NotRequired[bool]
    """an arena's: at a board now"""
    sheet: NotRequired[list[SheetCell]]
    """an arena's: each game's result and points"""


class CrossRow(TypedDict):
    """A player's row of the cross-table: their results against each player, in standings
    order."""

    player: str
    name: str
    cells: list[str]


class TournamentGame(TypedDict):
    """A game (or a bye) of the tournament."""

    order: int
    round: int
    white: str
    black: str | None
    """null: a bye"""
    white_name: str
    black_name: str | None
    game: str | None
    """the game's id once paired"""
    score: float | None
    """white's score (1, ½, 0), null until it ends"""
    result: str
    """1-0, ½-½, 0-1, a forfeit (+/−, −/+, −/−), bye or playing"""
    forfeit: bool
    forfeit_reason: str | None
    double_forfeit: bool


class Entrant(TypedDict):
    """A player of the tournament."""

    id: str
    name: str
    state: str
    computer: JSONObject | None
    """a computer entrant's level and algorithm"""


class TournamentPublic(TypedDict):
    """Everything anyone may see of a tournament (its export as JSON: every game)."""

    id: str
    version: int
    name: str
    system: str
    """round_robin, swiss or arena"""
    system_label: str
    variant: str
    options: JSONObject
    title: str
    clock: JSONObject | None
    rated: bool
    status: str
    """open, running, paused or finished"""
    round: int
    rounds: int | None
    cycles: int | None
    minutes: float | None
    started: float | None
    ends: float | None
    seconds_left: float | None
    """an arena's seconds left now (null: no countdown, or over)"""
    countdown_stopped: bool
    legend: str
    players: list[Entrant]
    standings: list[StandingLine]
    cross_table: list[CrossRow] | None
    """round robin and Swiss"""
    games: list[TournamentGame]


class TournamentViewer(TypedDict):
    """What only the viewer sees of a tournament: who they are in it, their game now, what
    they may do."""

    you: str | None
    """your player id in it"""
    your_state: str | None
    your_notice: str | None
    your_game: str | None
    your_round: int | None
    director: bool
    can_join: bool
    can_leave: bool
    can_start: bool
    can_pause: bool
    can_resume: bool
    can_end: bool
    can_add_computer: bool


class TournamentView(TournamentPublic, TournamentViewer):
    """A tournament from a viewer's side: what everyone sees of it, what the viewer may do and
    their game now."""


class TournamentLeader(TypedDict):
    """Who leads a tournament."""

    name: str
    points: float


class TournamentLine(TypedDict):
    """A tournament in a list, with who leads (once games were played)."""

    leader: TournamentLeader | None
    round: int
    id: str
    name: str
    system: str
    system_label: str
    variant: str
    title: str
    status: str
    players: int
    """the players in it now"""
    clock: JSONObject | None


class YourGame(TypedDict):
    """A tournament game of yours waiting to be played."""

    game: str
    url: str
    tournament: str
    name: str
    round: int | None
    """null in an arena"""


class TournamentList(TypedDict):
    """The tournaments in the room, their version, and your games waiting to be played."""

    version: int
    tournaments: list[TournamentLine]
    yours: list[YourGame]
