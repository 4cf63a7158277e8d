"""A stored game as the app knows it: its seats, its record replayed through the engine, its state.

A game's data (what the store keeps) is its record (variant, options, first player, moves) plus
the app's settings; it is replayed through the engine on every read, which keeps history rules
(Oware's repetition) exact.  :class:`Seat` is the typed view of one seat of that data.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Literal, Protocol

from app.games.spec import GameSpec
from app.store.json_types import JSONObject
from engine.record import GameRecord

Mode = Literal["computer", "local", "remote", "watch"]
Ended = Literal["rules", "resignation", "time", "aborted", "agreement"]
"""How a game ended (:attr:`Game.ended_by`)."""
MODES: dict[str, str] = {
    "computer": "Play the computer",
    "local": "Play a friend here",
    "remote": "Play a friend on another device",
    "watch": "Watch computer vs computer",
}
DEFAULT_LEVEL = "medium"
DEFAULT_ALGORITHM = "minimax"
HINT_LEVEL = "hard"


def owner_hash(token: str) -> str:
    """What the store keeps of a browser's seat token (never the token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_game_id() -> str:
    """A game id no one can guess (96 random bits)."""
    return secrets.token_urlsafe(12)


@dataclass(frozen=True)
class Seat:
    """One side of the board: a person (``owner`` is their device's hash, None while the seat
    is open) or the computer at a level."""

    kind: Literal["human", "computer"]
    owner: str | None = None
    level: str | None = None
    algorithm: str | None = None
    name: str | None = None

    @classmethod
    def from_dict(cls, data: JSONObject) -> Seat:
        return cls(
            data["kind"],
            data.get("owner"),
            data.get("level"),
            data.get("algorithm"),
            data.get("name"),
        )

    def to_dict(self) -> JSONObject:
        """The stored form: only the fields that apply to the seat's kind."""
        data: JSONObject = {"kind": self.kind}
        if self.kind == "human":
            data["owner"] = self.owner
        else:
            data.update(level=self.level, algorithm=self.algorithm)
        if self.name is not None:
            data["name"] = self.name
        return data

    @property
    def is_open(self) -> bool:
        """A person's seat nobody has taken yet (a LAN invite)."""
        return self.kind == "human" and self.owner is None

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"

    def held_by(self, owner: str | None) -> bool:
        return owner is not None and self.kind == "human" and self.owner == owner


class StoredRow(Protocol):
    """What the store hands back for a game."""

    id: str
    version: int
    data: JSONObject
    updated: float


@dataclass
class Game:
    """A stored game replayed: its data, version and the engine's record."""

    id: str
    version: int
    data: JSONObject
    record: GameRecord
    updated: float = 0.0
    _seats: tuple[object, tuple[Seat, ...]] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    _ended: tuple[object, object, Ended | None] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    @classmethod
    def from_row(cls, row: StoredRow) -> Game:
        """The game a store row holds, replayed (raises whatever a damaged record raises)."""
        return cls(row.id, row.version, row.data, GameSpec.of(row.data).replay(), row.updated)

    @property
    def spec(self) -> GameSpec:
        """The game as a search process needs it."""
        return GameSpec.of(self.data)

    @property
    def mode(self) -> Mode:
        return self.data["mode"]  # type: ignore[no-any-return]

    @property
    def seats(self) -> list[Seat]:
        """The seats, built once per list of them in the data (a request asks a few dozen
        times; data given a new list of seats is read anew); a list of its own each time."""
        return list(self._seat_tuple())

    def _seat_tuple(self) -> tuple[Seat, ...]:
        """The seats as built once per list of seats in the data (shared: not a copy)."""
        raw = self.data["seats"]
        kept = self._seats
        if kept is None or kept[0] is not raw:
            kept = self._seats = (raw, tuple(Seat.from_dict(s) for s in raw))
        return kept[1]

    @property
    def resigned(self) -> int | None:
        value = self.data.get("resigned")
        return None if value is None else int(value)

    @property
    def flagged(self) -> int | None:
        """The seat that lost on time (its clock ran out), or None."""
        value = self.data.get("flagged")
        return None if value is None else int(value)

    @property
    def aborted(self) -> JSONObject | None:
        """How the game was called off before it started: ``{"by": seat}`` (a player aborted
        it) or ``{"by": None, "late": seat}`` (that seat made no first move in time)."""
        value = self.data.get("aborted")
        return value if isinstance(value, dict) else None

    @property
    def drawn(self) -> bool:
        """Whether the players agreed to a draw."""
        return bool(self.data.get("drawn"))

    @property
    def ended_by(self) -> Ended | None:
        """How the game ended: by the rules, a resignation, a clock running out, an abort
        before it started or a draw agreed (None in play).  Worked out once per data and
        position (a request asks a few dozen times): a game given new data or a record moved
        on (its last state another object) is read anew; data is never changed in place (a
        change is a new dict, as :mod:`app.games.changes` makes them)."""
        data = self.data
        state = self.record.states[-1]
        kept = self._ended
        if kept is not None and kept[0] is data and kept[1] is state:
            return kept[2]
        found: Ended | None
        if isinstance(data.get("aborted"), dict):
            found = "aborted"
        elif data.get("drawn"):
            found = "agreement"
        elif data.get("resigned") is not None:
            found = "resignation"
        elif data.get("flagged") is not None:
            found = "time"
        else:
            found = "rules" if state.is_over else None
        self._ended = (data, state, found)
        return found

    @property
    def over(self) -> bool:
        return self.ended_by is not None

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.record.state.to_move

    @property
    def has_open_seat(self) -> bool:
        return any(s.is_open for s in self._seat_tuple())

    @property
    def has_computer(self) -> bool:
        return any(s.is_computer for s in self._seat_tuple())

    @property
    def waiting_for_seat(self) -> bool:
        """A game between two devices whose second seat is still open: nobody moves yet."""
        return self.mode == "remote" and self.has_open_seat

    def has_moved(self, seat: int) -> bool:
        """Whether ``seat`` has played a move in this game."""
        return any(r.player == seat for r in self.record.records)

    @property
    def abortable(self) -> bool:
        """A game between two devices in play where a player has yet to make a first move:
        either player may call it off, without a result."""
        return (
            self.mode == "remote"
            and not self.over
            and not (self.has_moved(0) and self.has_moved(1))
        )

    def seats_of(self, owner: str | None) -> list[int]:
        """The seats a browser (by owner hash) holds."""
        return [i for i, s in enumerate(self._seat_tuple()) if s.held_by(owner)]

    def computer_to_move(self) -> Seat | None:
        """The computer seat whose turn it is, when it should think now."""
        mover = self.to_move
        if mover is None or self.data.get("paused"):
            return None
        seat = self._seat_tuple()[mover]
        return seat if seat.is_computer else None

    def winner(self) -> int | None:
        """The winning seat (the other one when a player resigned); None for a draw, an abort
        or in play."""
        if self.aborted is not None or self.drawn:
            return None
        if self.resigned is not None:
            return 1 - self.resigned
        if self.flagged is not None:
            return 1 - self.flagged
        return self.record.state.winner
