"""A game as a search process needs it: :class:`GameSpec`, the one form in which a game travels
to a search (the computer's move, a hint, an analysis step, the analysis board's values, a lab
move), and from which a stored game is replayed."""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.games.replay import replay
from app.store.json_types import JSONObject
from engine.record import GameRecord, RecordError


@dataclass(frozen=True)
class GameSpec:
    """The rules (``variant`` with ``options``), the player who moved ``first``, the ``moves``
    played, and the position set up by hand the game starts from (``start``: board, to_move,
    extra; None: the variant's start).  A record is a pure function of these five."""

    variant: str
    options: JSONObject
    first: int
    moves: tuple[int, ...]
    start: JSONObject | None = None

    @classmethod
    def of(cls, data: JSONObject) -> GameSpec:
        """The spec of a stored game's data; RecordError if its moves are not a list."""
        moves = data["moves"]
        if not isinstance(moves, list):
            raise RecordError(f"moves must be a list, not {type(moves).__name__}")
        return cls(
            data["variant"], data["options"], data["first_player"], tuple(moves), data.get("start")
        )

    def upto(self, ply: int) -> GameSpec:
        """The same game before move ``ply``."""
        return replace(self, moves=self.moves[:ply])

    def job(self, *extra: object) -> tuple[object, ...]:
        """The plain, picklable arguments of a search process's job: variant, options, first
        player, moves, then ``extra`` (the job's own), then the start if the game has one."""
        args = (self.variant, dict(self.options), self.first, list(self.moves), *extra)
        return args if self.start is None else (*args, self.start)

    def replay(self) -> GameRecord:
        """The game's record (remembered, see :mod:`app.games.replay`)."""
        return replay(self.variant, self.options, self.first, list(self.moves), self.start)
