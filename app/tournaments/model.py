"""A tournament as the use cases and the pure changes of :mod:`app.tournaments.changes` see it:
frozen dataclasses read from, and written back to, the one JSON document the store keeps per
tournament (:mod:`app.tournaments.store`).

Rule: ``Tournament.of(doc).doc()`` is the document again, but that an optional field is
written only when it is set (every reader reads those with ``.get``: unset and absent are one),
and a key the model does not know is kept as it was; so documents stored before the model read
and write unchanged.  Nothing here is ever changed in place: a change makes
a new value (:func:`dataclasses.replace`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from app.store.json_types import JSONObject

Schedule = tuple[tuple[tuple[str, str | None], ...], ...]  # a round robin's rounds of pairs


@dataclass(frozen=True)
class Computer:
    """A computer entrant's level and algorithm."""

    level: str
    algorithm: str

    def doc(self) -> JSONObject:
        return {"level": self.level, "algorithm": self.algorithm}


@dataclass(frozen=True)
class Player:
    """An entrant: a device (``owner``) or the computer; ``state`` "in", "left" (may come
    back to an arena) or "removed"; ``missed`` no-shows in a row, ``dropped`` why they were
    paused or withdrawn by the rules (``"missed"``)."""

    id: str
    name: str
    owner: str | None
    computer: Computer | None
    state: str = "in"
    missed: int = 0
    dropped: str | None = None

    @classmethod
    def of(cls, doc: JSONObject) -> Player:
        found = doc.get("computer")
        computer = (
            Computer(str(found["level"]), str(found["algorithm"]))
            if isinstance(found, dict)
            else None
        )
        return cls(
            str(doc["id"]),
            str(doc["name"]),
            doc.get("owner"),
            computer,
            str(doc["state"]),
            int(doc.get("missed") or 0),
            doc.get("dropped"),
        )

    def doc(self) -> JSONObject:
        out: JSONObject = {
            "id": self.id,
            "name": self.name,
            "owner": self.owner,
            "computer": None if self.computer is None else self.computer.doc(),
            "state": self.state,
        }
        if self.missed:
            out["missed"] = self.missed
        if self.dropped is not None:
            out["dropped"] = self.dropped
        return out


@dataclass(frozen=True)
class Match:
    """A listed game (or bye) of a tournament: its round, white and black (None: a bye), the
    game's id (None for a bye or a game decided unplayed), white's ``score`` once decided,
    and how it was decided."""

    round: int
    white: str
    black: str | None
    game: str | None
    score: float | None
    paired: float
    ended: float | None = None
    bye: bool = False
    forfeit: str | None = None  # why it was decided unplayed: gone, no-show, aborted, removed
    double_forfeit: bool = False
    replays: int = 0  # times it was aborted by hand and paired again
    aborted_game: str | None = None  # the game that was called off or not played

    @property
    def playing(self) -> bool:
        """A game (not a bye) not decided yet."""
        return self.black is not None and self.score is None

    @classmethod
    def of(cls, doc: JSONObject) -> Match:
        score = doc.get("score")
        ended = doc.get("ended")
        return cls(
            int(doc["round"]),
            str(doc["white"]),
            doc.get("black"),
            doc.get("game"),
            None if score is None else float(score),
            float(doc.get("paired") or 0.0),
            None if ended is None else float(ended),
            bool(doc.get("bye")),
            doc.get("forfeit") or None,
            bool(doc.get("double_forfeit")),
            int(doc.get("replays") or 0),
            doc.get("aborted_game"),
        )

    def doc(self) -> JSONObject:
        out: JSONObject = {
            "round": self.round,
            "white": self.white,
            "black": self.black,
            "game": self.game,
            "score": self.score,
            "paired": self.paired,
        }
        optional: JSONObject = {
            "bye": self.bye or None,
            "ended": self.ended,
            "forfeit": self.forfeit,
            "double_forfeit": self.double_forfeit or None,
            "replays": self.replays or None,
            "aborted_game": self.aborted_game,
        }
        out.update({k: v for k, v in optional.items() if v is not None})
        return out


@dataclass(frozen=True)
class Tournament:
    """One tournament: its settings, status, players and listed games (see the module
    docstring)."""

    name: str
    system: str  # round_robin, swiss, arena
    variant: str
    options: JSONObject
    clock: JSONObject | None
    rated: bool
    director: str
    address: str
    status: str  # open, running, paused, ending, finished
    created: float
    started: float | None = None
    ends: float | None = None  # an arena's end (moved on by a pause)
    round: int = 0
    players: tuple[Player, ...] = ()
    games: tuple[Match, ...] = ()
    schedule: Schedule = ()
    cycles: int | None = None  # a round robin's
    rounds: int | None = None  # a Swiss'
    minutes: int | None = None  # an arena's
    paused_at: float | None = None
    finished: float | None = None
    extra: JSONObject = field(default_factory=dict)  # any other key a document holds, kept

    @classmethod
    def of(cls, doc: JSONObject) -> Tournament:
        known = KEYS
        schedule = tuple(
            tuple((str(w), None if b is None else str(b)) for w, b in rnd)
            for rnd in doc.get("schedule") or []
        )
        return cls(
            name=str(doc["name"]),
            system=str(doc["system"]),
            variant=str(doc["variant"]),
            options=dict(doc.get("options") or {}),
            clock=doc.get("clock"),
            rated=bool(doc.get("rated")),
            director=str(doc.get("director")),
            address=str(doc.get("address") or ""),
            status=str(doc["status"]),
            created=float(doc.get("created") or 0.0),
            started=doc.get("started"),
            ends=doc.get("ends"),
            round=int(doc.get("round") or 0),
            players=tuple(Player.of(p) for p in doc.get("players") or []),
            games=tuple(Match.of(e) for e in doc.get("games") or []),
            schedule=schedule,
            cycles=doc.get("cycles"),
            rounds=doc.get("rounds"),
            minutes=doc.get("minutes"),
            paused_at=doc.get("paused_at"),
            finished=doc.get("finished"),
            extra={k: v for k, v in doc.items() if k not in known},
        )

    def doc(self) -> JSONObject:
        out: JSONObject = {
            "name": self.name,
            "system": self.system,
            "variant": self.variant,
            "options": dict(self.options),
            "clock": self.clock,
            "rated": self.rated,
            "director": self.director,
            "address": self.address,
            "status": self.status,
            "created": self.created,
            "started": self.started,
            "ends": self.ends,
            "round": self.round,
            "players": [p.doc() for p in self.players],
            "games": [e.doc() for e in self.games],
            "schedule": [[[w, b] for w, b in rnd] for rnd in self.schedule],
        }
        for key in ("cycles", "rounds", "minutes", "paused_at", "finished"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        out.update(self.extra)
        return out

    # -- reading ----------------------------------------------------------------------------------

    def player(self, player_id: str) -> Player:
        return next(p for p in self.players if p.id == player_id)

    def by_id(self) -> dict[str, Player]:
        return {p.id: p for p in self.players}

    def of_owner(self, owner: str | None) -> Player | None:
        """The entrant ``owner``'s device plays as (None: none)."""
        return next((p for p in self.players if owner is not None and p.owner == owner), None)

    def gone(self) -> set[str]:
        """The players who left or were removed."""
        return {p.id for p in self.players if p.state != "in"}

    def playing(self) -> list[Match]:
        """The games being played (byes and decided games left out)."""
        return [e for e in self.games if e.playing]

    # -- changing (a new value each time) ---------------------------------------------------------

    def with_player(self, player: Player) -> Tournament:
        """``player`` in the place of the entrant with their id (added last if new)."""
        if any(p.id == player.id for p in self.players):
            return replace(
                self, players=tuple(player if p.id == player.id else p for p in self.players)
            )
        return replace(self, players=(*self.players, player))

    def without_player(self, player_id: str) -> Tournament:
        return replace(self, players=tuple(p for p in self.players if p.id != player_id))

    def with_games(self, games: list[Match]) -> Tournament:
        return replace(self, games=tuple(games))


KEYS = frozenset(
    {
        "name",
        "system",
        "variant",
        "options",
        "clock",
        "rated",
        "director",
        "address",
        "status",
        "created",
        "started",
        "ends",
        "round",
        "players",
        "games",
        "schedule",
        "cycles",
        "rounds",
        "minutes",
        "paused_at",
        "finished",
    }
)
