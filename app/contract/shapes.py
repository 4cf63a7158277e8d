"""Every JSON answer's shape, by the TypedDict its view declares: the list the OpenAPI
document's components are written from (:mod:`app.contract.schemas`)."""

from __future__ import annotations

from app.analysis.report import AnalysisAnswer, PositionValues
from app.board.position import BoardAnswer
from app.games.view import DecisionView, GameLine, GameView
from app.lab.routes import LabSettings
from app.lab.runs import LabGameAnswer
from app.learn.lessons import Courses, CourseView, StepTry
from app.learn.puzzle_shapes import (
    Daily,
    Made,
    MyPuzzles,
    OwnPuzzle,
    PastTries,
    PastTryView,
    PuzzleTry,
    PuzzleView,
    TryRatings,
)
from app.lobby.shapes import (
    Cancelled,
    DeclinedAnswer,
    Left,
    Lobby,
    LobbyMe,
    Messages,
    SeekView,
)
from app.players.routes import Leaderboard, Me, PlayerAnswer
from app.tournaments.shapes import TournamentList, TournamentPublic, TournamentView
from app.web.api import Alive, GameAnswer, GamesAnswer, HintAnswer, RecordExport, VariantsAnswer
from app.web.health import Health

SHAPES: tuple[type, ...] = (
    GameAnswer,
    GameView,
    GameLine,
    GamesAnswer,
    HintAnswer,
    VariantsAnswer,
    Alive,
    RecordExport,
    Me,
    PlayerAnswer,
    Leaderboard,
    AnalysisAnswer,
    PositionValues,
    BoardAnswer,
    LabSettings,
    LabGameAnswer,
    Lobby,
    Left,
    LobbyMe,
    SeekView,
    Cancelled,
    DeclinedAnswer,
    Messages,
    Courses,
    CourseView,
    StepTry,
    TournamentView,
    TournamentPublic,
    TournamentList,
    PuzzleView,
    PuzzleTry,
    Daily,
    MyPuzzles,
    Made,
    PastTries,
    Health,
)
"""The shapes the paths name (each as #/components/schemas/<class name>)."""

OPEN: tuple[type, ...] = (
    DecisionView,
    HintAnswer,
    PuzzleView,
    PuzzleTry,
    TryRatings,
    OwnPuzzle,
    PastTryView,
)
"""Shapes that may carry fields of their own beyond those declared: a search's decision (each
search adds its own), and the puzzle trainer's answers while it grows (streaks, whole lines)."""
