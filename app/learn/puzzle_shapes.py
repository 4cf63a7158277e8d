"""The puzzles' answers as the API sends them (a puzzle, a try, the day's puzzle, your rating
and own puzzles, your past tries, the puzzles made from your mistakes): TypedDicts the API
document's schemas are written from (app.contract), every answer of the test suite
checked against them.  app.learn.puzzles builds them; while the puzzle trainer grows (streaks,
whole lines) the answers may carry fields beyond these (app.contract.shapes.OPEN)."""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from app.games.view import MoveRecordView, SpecialPit, Words
from app.store.json_types import JSONObject


class PuzzleView(TypedDict):
    """A puzzle as the page draws it (the mover's row at the bottom)."""

    id: str
    variant: str
    title: str
    options: JSONObject
    pits: int
    stores: list[int]
    letters: list[list[str]]
    """the pit letters as the mover reads them"""
    words: Words
    board: list[int]
    extra: list[int]
    special_pits: list[SpecialPit]
    to_move: int
    legal_moves: list[int]
    task: str
    gain: float
    """the seeds the line wins"""
    gain_text: str
    notation: str
    """how the notation reads, in words"""
    solver_moves: int
    proof: str
    """how the answer was checked: proved exact, or two searches agreeing"""
    exact: bool
    depth: int | None
    confirm: int | None
    themes: list[str]
    rating: int
    difficulty: str
    tries: int
    own: JSONObject | None
    """a player's own puzzle: the game and move it came from"""


class PuzzleRating(TypedDict):
    """A player's puzzle rating as shown: rounded, with whether it is still provisional."""

    rating: int
    deviation: int
    provisional: bool
    tries: int
    solved: int


class LineMove(TypedDict):
    """A move of a puzzle's line, for the page to animate: its record, the board before and
    after it."""

    player: int
    pit: int
    notation: str
    record: MoveRecordView
    before: list[int]
    board: list[int]


class PuzzlePosition(TypedDict):
    """The position the solver moves in next."""

    board: list[int]
    to_move: int | None
    legal_moves: list[int]
    special_pits: list[SpecialPit]


class RatingMove(TypedDict):
    """A rating before and after a try."""

    before: PuzzleRating
    after: PuzzleRating


class PuzzleMove(TypedDict):
    """The puzzle's rating before and after a try."""

    before: int
    after: int


class TryRatings(TypedDict):
    """The ratings a try moved (only a final one counts), and why not when none moved."""

    rated: bool
    pending: NotRequired[bool]
    """the line goes on: the puzzle counts when it is over"""
    reason: NotRequired[str]
    player: RatingMove
    puzzle: NotRequired[PuzzleMove]


class PuzzleTry(TypedDict):
    """A try at a puzzle: right or not, the line's reply, whether it is done and what it won,
    a wrong move's refutation, the solution line, the ratings."""

    id: str
    pit: int
    played: str
    solved: bool
    done: bool
    moves: list[int]
    """the pits played in the line so far (send them back with the next try)"""
    good: list[int]
    best: str
    tried: list[LineMove]
    reply: list[LineMove]
    refutation: list[LineMove]
    line: list[LineMove]
    position: PuzzlePosition
    ratings: TryRatings
    puzzle: PuzzleView
    won: NotRequired[float]
    won_text: NotRequired[str]


class Daily(TypedDict):
    """Today's puzzle (UTC), the same for everyone (null without a set)."""

    day: str
    puzzle: PuzzleView | None


class OwnPuzzle(TypedDict):
    """A puzzle of your own, made from a mistake of yours."""

    id: str
    variant: str
    title: str
    tried: bool
    solved: bool | None


class MyPuzzles(TypedDict):
    """Your puzzle rating and your own puzzles."""

    rating: PuzzleRating
    own: list[OwnPuzzle]


class PastTryView(TypedDict):
    """A puzzle tried: solved or not at the first try, when."""

    id: str
    variant: str
    title: str
    solved: bool
    at: float
    rating: int


class PastTries(TypedDict):
    """Your past tries, newest first."""

    tries: list[PastTryView]


class Made(TypedDict):
    """The puzzles made from your mistakes."""

    made: list[str]
