"""Every JSON answer's shape, by the TypedDict its view declares, and every request's, by the
TypedDict beside its parser: the lists the OpenAPI document's components are written from
(:mod:`app.contract.schemas`)."""

from __future__ import annotations

from app.analysis.asks import AnalysisAsk, PositionAsk
from app.analysis.report import AnalysisAnswer, PositionValues
from app.board.asks import BoardAsk
from app.board.position import BoardAnswer
from app.games.asks import (
    ClockSettings,
    HintAsk,
    JoinAsk,
    MoveAsk,
    NewGame,
    OfferAnswer,
    RecordQuery,
    RematchAsk,
    SettingsAsk,
    StartFrom,
    Versioned,
)
from app.games.view import DecisionView, GameLine, GameView
from app.lab.asks import LabGameAsk
from app.lab.routes import LabSettings
from app.lab.runs import LabGameAnswer
from app.learn.asks import MistakesAsk, PitAsk, PuzzleQuery, PuzzleTryAsk
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
from app.lobby.asks import ChallengeAsk, QuietAsk, SayAsk, SeekAsk
from app.lobby.shapes import (
    Cancelled,
    DeclinedAnswer,
    Left,
    Lobby,
    LobbyMe,
    Messages,
    SeekView,
)
from app.players.asks import NameAsk, PlayerFilters, PoolQuery
from app.players.routes import Leaderboard, Me, PlayerAnswer
from app.tournaments.asks import (
    ExportQuery,
    JoinTournament,
    NewTournament,
    PauseTournament,
    RemovePlayer,
    SeatComputer,
)
from app.tournaments.shapes import TournamentList, TournamentPublic, TournamentView
from app.web.api import Alive, GameAnswer, GamesAnswer, HintAnswer, RecordExport, VariantsAnswer
from app.web.health import Health
from app.web.inputs import NoFields, Since

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

ASKS: tuple[type, ...] = (
    NewGame,
    ClockSettings,
    StartFrom,
    Versioned,
    MoveAsk,
    OfferAnswer,
    RematchAsk,
    SettingsAsk,
    HintAsk,
    JoinAsk,
    NoFields,
    AnalysisAsk,
    PositionAsk,
    BoardAsk,
    LabGameAsk,
    PitAsk,
    PuzzleTryAsk,
    MistakesAsk,
    NameAsk,
    SeekAsk,
    ChallengeAsk,
    QuietAsk,
    SayAsk,
    NewTournament,
    JoinTournament,
    SeatComputer,
    PauseTournament,
    RemovePlayer,
)
"""The request bodies the paths name (each as #/components/schemas/<class name>)."""

CLOSED: tuple[type, ...] = (
    NewGame,
    ClockSettings,
    JoinAsk,
    NoFields,
    BoardAsk,
    LabGameAsk,
    MistakesAsk,
    NameAsk,
    PauseTournament,
    RemovePlayer,
)
"""Bodies whose parsers refuse a field they do not know (``additionalProperties: false``); the
others' parsers pass over one."""

QUERIES: tuple[type, ...] = (Since, RecordQuery, PuzzleQuery, PlayerFilters, PoolQuery, ExportQuery)
"""The query parameters an operation's ``x-query`` names: each field one parameter."""
