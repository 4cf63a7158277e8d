"""A puzzle: a position with exactly one good first move, and the line that shows why.

A puzzle is kept as one JSON object a line (see :func:`Puzzle.to_dict`).  Moves are written in
the engine's notation (:mod:`engine.notation`: ``C4+``, ``d7x3``).  Values are in seeds, for
the player to move (the *mover*):

* ``gain``: the seeds the best line wins from here, i.e. the best move's final margin minus the
  mover's store lead now (exact puzzles: the solved game value; the others: the search's value
  at ``depth`` plies);
* ``margin``: every other first move ends at least this many seeds worse for the mover.

How sure that is: ``exact`` (proved by the solver to the end of the game), or searched at two
depths at least :data:`APART` plies apart, ``confirm`` and ``depth``, that agree on the move and
the margin (the gain is the deeper search's).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Rules, State
from engine.variants import get_variant

THEMES = (
    "extra-turn-chain",
    "capture",
    "starving",
    "tuzdyk",
    "grand-slam",
    "endgame",
    "feeding",
)
"""The themes a puzzle may have, each a property of its solution line (see
:func:`engine.puzzles.checks.themes_of`)."""

APART = 4
"""A searched puzzle's two depths are at least this many plies apart."""

FIELDS = (
    "id",
    "variant",
    "options",
    "board",
    "extra",
    "to_move",
    "best",
    "solution",
    "gain",
    "margin",
    "themes",
    "rating",
    "exact",
    "depth",
    "confirm",
    "origin",
)


@dataclass(frozen=True)
class Puzzle:
    """One puzzle; ``state()`` gives its position.  ``solution`` is the whole line as turns:
    the mover's first turn (``best`` first, then any extra-turn moves), the engine's reply,
    and so on, each turn a tuple of moves in notation.  Only the first move is guaranteed to be
    the one good move; the later moves of the mover are one best line."""

    id: str
    variant: str
    options: dict[str, Any]
    board: tuple[int, ...]
    extra: tuple[int, ...] | None
    to_move: int
    best: str
    solution: tuple[tuple[str, ...], ...]
    gain: int | float
    margin: int | float
    themes: tuple[str, ...]
    rating: int
    exact: bool
    depth: int | None
    origin: str = ""
    """Where the position came from (e.g. ``self-play medium-hard seed 7 ply 23``)."""
    confirm: int | None = None
    """The shallower search that agrees with the one of ``depth`` (None: exact, or not
    confirmed, which :func:`engine.puzzles.verify.check_puzzle` rejects)."""

    def __hash__(self) -> int:
        return hash((self.id, self.board, self.to_move))

    def rules(self) -> Rules:
        """The variant's rules with the puzzle's options."""
        return get_variant(self.variant, **self.options)

    def state(self) -> State:
        """The puzzle's position, the mover to play."""
        return self.rules().position(list(self.board), self.to_move, self.extra)

    def key(self) -> tuple[str, tuple[tuple[str, Any], ...], tuple[int, ...], Any, int]:
        """What makes two puzzles the same position: variant, rule options (those left out at
        their defaults), board, extra, mover."""
        return (
            self.variant,
            tuple(sorted(self.rules().options.items())),
            self.board,
            self.extra,
            self.to_move,
        )

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as JSON-ready data (lists for tuples), in :data:`FIELDS` order."""
        data: dict[str, Any] = {
            "id": self.id,
            "variant": self.variant,
            "options": dict(self.options),
            "board": list(self.board),
            "extra": None if self.extra is None else list(self.extra),
            "to_move": self.to_move,
            "best": self.best,
            "solution": [list(turn) for turn in self.solution],
            "gain": self.gain,
            "margin": self.margin,
            "themes": list(self.themes),
            "rating": self.rating,
            "exact": self.exact,
            "depth": self.depth,
            "confirm": self.confirm,
            "origin": self.origin,
        }
        if self.confirm is None:
            del data["confirm"]  # exact puzzles' lines stay as they were written
        return data

    @classmethod
    def from_dict(cls, data: object) -> Puzzle:
        """A puzzle from JSON data; ValueError saying which field is wrong and why."""
        if not isinstance(data, dict):
            raise ValueError("a puzzle is a JSON object")
        missing = [
            name for name in FIELDS if name not in data and name not in ("origin", "confirm")
        ]
        if missing:
            raise ValueError(f"missing field {missing[0]!r}")
        unknown = sorted(set(data) - set(FIELDS))
        if unknown:
            raise ValueError(f"unknown field {unknown[0]!r}")
        ident = _text(data, "id")
        variant = _text(data, "variant")
        options = data["options"]
        if not isinstance(options, dict):
            raise ValueError("'options' must be an object")
        board = _ints(data, "board")
        extra = None if data["extra"] is None else _ints(data, "extra")
        to_move = data["to_move"]
        if isinstance(to_move, bool) or to_move not in (0, 1):
            raise ValueError(f"'to_move' must be 0 or 1, not {to_move!r}")
        best = _text(data, "best")
        solution = data["solution"]
        if (
            not isinstance(solution, list)
            or not solution
            or not all(
                isinstance(turn, list) and turn and all(isinstance(m, str) for m in turn)
                for turn in solution
            )
        ):
            raise ValueError("'solution' must be a non-empty list of turns, each a list of moves")
        gain, margin = _number(data, "gain"), _number(data, "margin")
        if margin <= 0:
            raise ValueError(f"'margin' must be above 0, not {margin!r}")
        themes = data["themes"]
        if not isinstance(themes, list) or not all(isinstance(t, str) for t in themes):
            raise ValueError("'themes' must be a list of names")
        bad = [t for t in themes if t not in THEMES]
        if bad:
            raise ValueError(f"unknown theme {bad[0]!r} (themes: {', '.join(THEMES)})")
        rating = data["rating"]
        if isinstance(rating, bool) or not isinstance(rating, int) or not 400 <= rating <= 3500:
            raise ValueError(f"'rating' must be a whole number 400-3500, not {rating!r}")
        exact = data["exact"]
        if not isinstance(exact, bool):
            raise ValueError(f"'exact' must be true or false, not {exact!r}")
        depth = data["depth"]
        if exact and depth is not None:
            raise ValueError("'depth' must be null for an exact puzzle")
        if not exact and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 1):
            raise ValueError(f"'depth' must be a whole number >= 1 when not exact, not {depth!r}")
        confirm = data.get("confirm")
        if confirm is not None and (
            exact
            or isinstance(confirm, bool)
            or not isinstance(confirm, int)
            or not 1 <= confirm <= depth - APART
        ):
            raise ValueError(
                f"'confirm' must be a depth at least {APART} plies below 'depth' "
                f"(and null for an exact puzzle), not {confirm!r}"
            )
        origin = data.get("origin", "")
        if not isinstance(origin, str):
            raise ValueError("'origin' must be text")
        puzzle = cls(
            ident,
            variant,
            dict(options),
            tuple(board),
            None if extra is None else tuple(extra),
            to_move,
            best,
            tuple(tuple(turn) for turn in solution),
            gain,
            margin,
            tuple(themes),
            rating,
            exact,
            depth,
            origin,
            confirm,
        )
        puzzle.validate()
        return puzzle

    def validate(self) -> None:
        """Check the puzzle against the rules (no search): its options and position are valid,
        the mover can move, the solution's moves are legal and written as the engine writes
        them, and the first one is ``best``.  ValueError saying what is wrong."""
        try:
            self.rules()
        except ValueError as exc:
            raise ValueError(f"bad variant or options: {exc}") from None
        try:
            state = self.state()
        except ValueError as exc:
            raise ValueError(f"bad position: {exc}") from None
        if state.to_move is None or not state.legal_moves():
            raise ValueError("the player to move has no legal move")
        if self.solution[0][0] != self.best:
            raise ValueError(f"the solution starts with {self.solution[0][0]!r}, not {self.best!r}")
        replay_line(state, self.solution)


def replay_line(state: State, solution: tuple[tuple[str, ...], ...]) -> State:
    """Play a solution line from ``state``: each move must be legal and written exactly as the
    engine writes it, each turn a whole turn of one player.  The state at the end; ValueError
    saying which move is wrong."""
    from engine.notation import move_text, parse_move

    for number, turn in enumerate(solution, 1):
        mover = state.to_move
        for k, text in enumerate(turn):
            if state.to_move is None:
                raise ValueError(f"turn {number}: {text!r} comes after the end of the game")
            if state.to_move != mover:
                raise ValueError(f"turn {number}: {text!r} is played by the other player")
            parsed = parse_move(text, state.rules.pits)
            if parsed.player != state.to_move:
                raise ValueError(f"turn {number}: {text!r} is not player {state.to_move}'s pit")
            if parsed.pit not in state.legal_moves():
                raise ValueError(f"turn {number}: {text!r} is not a legal move")
            state, record = state.play_record(parsed.pit)
            assert record is not None
            if move_text(record) != text:
                raise ValueError(f"turn {number}: {text!r} is played as {move_text(record)!r}")
            if k < len(turn) - 1 and state.to_move != mover:
                raise ValueError(f"turn {number}: {text!r} does not give another move")
        if state.to_move == mover and number < len(solution):
            raise ValueError(f"turn {number} stops before the player's turn is over")
    return state


def _text(data: dict[str, Any], name: str) -> str:
    value = data[name]
    if not isinstance(value, str) or not value:
        raise ValueError(f"{name!r} must be non-empty text, not {value!r}")
    return value


def _ints(data: dict[str, Any], name: str) -> list[int]:
    value = data[name]
    if not isinstance(value, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in value
    ):
        raise ValueError(f"{name!r} must be a list of whole numbers")
    return value


def _number(data: dict[str, Any], name: str) -> int | float:
    value = data[name]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{name!r} must be a number, not {value!r}")
    return value
