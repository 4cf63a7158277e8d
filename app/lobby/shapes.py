"""The lobby's answers as the API sends them (the room, a seek, the device's lobby settings, a
game's quick messages): TypedDicts its builders (app.lobby.service, routes, messages) return,
and the API document's schemas are written from (app.contract)."""

from __future__ import annotations

from typing_extensions import TypedDict

from app.store.json_types import JSONObject


class LobbyYou(TypedDict):
    """The viewer: its tag, name and whether it chose one (nulls: no cookie)."""

    tag: str | None
    name: str | None
    named: bool


class Present(TypedDict):
    """A device in the room."""

    tag: str
    """the public tag others see it by"""
    name: str
    you: bool
    playing: bool
    """at a table: its game page open"""


class SeekView(TypedDict):
    """A seek (or a challenge) as the lobby lists it: "Ama waits: Oware, 5+3, rated"."""

    id: str
    by: str
    """its maker's name"""
    to: str | None
    """a challenge's challenged player, null for an open seek"""
    mine: bool
    variant: str
    clock: str | None
    """e.g. 5+3 (minutes + seconds a turn), null without a clock"""
    rated: bool
    colour: str
    """who moves first, from the maker's side"""
    game: str
    """the game in words, e.g. Oware, 5+3, rated"""
    text: str


class Declined(TypedDict):
    """A challenge of yours that was declined (told once)."""

    id: str
    to: str


class Challenges(TypedDict):
    """Challenges to you, yours still open, and yours declined."""

    to_you: list[SeekView]
    yours: list[SeekView]
    declined: list[Declined]


class WatchGame(TypedDict):
    """A game being played, to watch."""

    id: str
    title: str
    """the variant's title with its options, in English (the page names it in its language)"""
    variant: str
    players: list[str]
    moves: int
    url: str


class Lobby(TypedDict):
    """The room as a device sees it: who is here, the open seeks, challenges, games being
    played, finished tournament games, and where to go if a seek or challenge was taken."""

    version: int
    you: LobbyYou
    in_room: bool
    retry_after: float | None
    """a heartbeat refused: seconds before the next one counts"""
    beat_seconds: float
    here: list[Present]
    seeks: list[SeekView]
    challenges: Challenges
    games: list[WatchGame]
    tournament_games: list[JSONObject]
    """the finished tournament games of the groups, in one list"""
    finished: list[JSONObject]
    """finished tournament games by tournament: {tournament, url, games, more}"""
    go: str | None
    """the page of the game a seek or challenge of yours started"""


class Left(TypedDict):
    """Whether the device was in the room and left it."""

    left: bool


class Cancelled(TypedDict):
    """The seek called off."""

    cancelled: str


class DeclinedAnswer(TypedDict):
    """The challenge declined."""

    declined: str


class LobbyMe(TypedDict):
    """This device's tag, name and whether its quick messages are off (nulls: no cookie)."""

    tag: str | None
    name: str | None
    quiet: bool


class Message(TypedDict):
    """A quick message of a game."""

    n: int
    seat: int
    text: str
    at: float
    yours: bool
    by: str | None
    """the player's name on the board (null: none)"""


class Messages(TypedDict):
    """A game's quick messages as a device sees them (none if it turned them off)."""

    version: int
    quiet: bool
    opponent_quiet: bool
    quick: list[str]
    """the messages one may send"""
    can_send: bool
    player: bool
    messages: list[Message]
