"""The jobs a search process runs, each one typed value (no Flask here).

Rule: every search travels from the app to a search process as one frozen, picklable
:class:`SearchJob`: what to search (most carry the game as its :class:`~app.games.spec.GameSpec`),
its ``kind`` (jobs of one kind take about as long: the fair queue's estimates), its ``budget``
(the seconds it may take) and ``run``, which the search process calls.  The kinds:

* :class:`Think`: the computer's move or a level's hint (replay, let the level's agent choose);
* ``app.analysis.step.EvaluateLine``: a game's analysis, consecutive positions from the last
  back on one solver within a time slice (``app.analysis.step.Evaluate``: one position alone,
  for the analysis board's values, a position's values and an analysis hint);
* ``app.lab.job.LabMove``: one move of a lab game;
* :class:`Call`: a module-level function and its plain arguments (tests, one-off tools);
* :class:`Ready`: nothing, to prove a new search process answers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, cast

from app.games.replay import replay
from app.games.spec import GameSpec
from app.store.json_types import JSONObject
from engine.agents.levels import CONFIGS, level_agent

TABLES: str | None = None
"""The folder the levels' endgame tables are cached in (the instance folder's ``tables``), set
when a search process starts (see app.computer.pool)."""

Task = Callable[..., JSONObject]
"""A module-level function of plain (picklable) arguments, run in a search process."""
DEFAULT_BUDGET = 5.0
"""The budget of a job that names none (a :class:`Call`), in seconds."""


class SearchJob(Protocol):
    """A search as one value: its kind, its budget in seconds, and the work itself."""

    @property
    def kind(self) -> str:
        """Jobs of one kind take about as long (the queue keeps each kind's recent time)."""
        ...

    @property
    def budget(self) -> float:
        """The seconds it may take (it is stopped with its process well past them)."""
        ...

    def run(self) -> JSONObject:
        """Do the search (in a search process) and answer with plain data."""
        ...


@dataclass(frozen=True)
class Think:
    """The computer's move, or a level's hint: ``level``'s agent of ``algorithm``, seeded
    ``seed``, chooses a move in the position ``game`` reaches."""

    game: GameSpec
    level: str
    algorithm: str
    seed: int

    @classmethod
    def of(cls, args: tuple[object, ...]) -> Think:
        """The job :func:`think` called with ``args`` would do (its plain arguments: variant,
        options, first player, moves, level, algorithm, seed, then the start if any)."""
        variant, options, first, moves, level, algorithm, seed, *start = args
        assert isinstance(options, dict) and isinstance(moves, list | tuple)
        assert isinstance(first, int)
        begin = cast("JSONObject | None", start[0] if start else None)
        spec = GameSpec(str(variant), options, first, tuple(moves), begin)
        return cls(spec, str(level), str(algorithm), cast("int", seed))  # as the caller gave it

    @property
    def kind(self) -> str:
        return f"think:{self.level}:{self.algorithm}"

    @property
    def budget(self) -> float:
        """The level's time cap with its algorithm (the longest cap of all, unknown ones)."""
        try:
            return float(CONFIGS[self.algorithm][self.level].seconds)
        except KeyError:
            return max(c.seconds for by_level in CONFIGS.values() for c in by_level.values())

    def run(self) -> JSONObject:
        game = self.game
        start = () if game.start is None else (game.start,)  # (stands in: tests' stand-ins)
        return think(
            game.variant,
            dict(game.options),
            game.first,
            list(game.moves),
            self.level,
            self.algorithm,
            self.seed,
            *start,
        )


@dataclass(frozen=True)
class Call:
    """A module-level function ``task`` called with ``args`` (picklable plain values)."""

    task: Task
    args: tuple[object, ...] = ()
    seconds: float = DEFAULT_BUDGET

    @property
    def kind(self) -> str:
        return str(getattr(self.task, "__name__", "task"))

    @property
    def budget(self) -> float:
        return self.seconds

    def run(self) -> JSONObject:
        return self.task(*self.args)


@dataclass(frozen=True)
class Ready:
    """A no-op that proves a search process has started."""

    kind = "ready"
    budget = 1.0

    def run(self) -> JSONObject:
        return ready()


def as_job(work: SearchJob | tuple[object, ...], task: Task | None = None) -> SearchJob:
    """``work`` as a typed job: itself, else plain arguments for ``task`` (default: the
    computer's move, :func:`think`)."""
    if not isinstance(work, tuple):
        return work
    return Think.of(work) if task is None else Call(task, work)


def think(
    variant: str,
    options: JSONObject,
    first_player: int,
    moves: list[int],
    level: str,
    algorithm: str,
    seed: int,
    start: JSONObject | None = None,
) -> JSONObject:
    """Replay the game (from ``start``, a position set up by hand, if given) and let the
    level's agent choose; its decision as a JSON-ready dict."""
    record = replay(variant, options, first_player, moves, start)  # remembered between searches
    agent = level_agent(level, algorithm, seed, TABLES)
    decision = agent.choose(record.state).to_dict()
    decision["level"] = level
    decision["algorithm"] = algorithm
    return decision


def use_tables(folder: str | None) -> None:
    """Cache this process's endgame tables in ``folder``."""
    global TABLES  # noqa: PLW0603 (one setting per search process, set as it starts)
    TABLES = folder


def ready() -> JSONObject:
    """A no-op that proves a search process has started."""
    return {"ready": True}
