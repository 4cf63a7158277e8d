"""Games and matches between agents, with no terminal or file I/O (the arena and ladder use it).

A match of ``games`` games between agents A and B alternates colours: game ``2k`` has A as
player 0 and game ``2k + 1`` has A as player 1, and both games of a pair start from the same
random opening.  Agents are made afresh for every game from a *source*: an agent spec string
(``"minimax:depth=6,heuristic=diff"``, ``"expert:algorithm=mcts"``) or a picklable factory called
as ``factory(seed=...)`` (e.g. ``functools.partial(make_agent, level="hard")``).  Every game's
opening and agent seeds come from the match seed and the game's index alone, so a match under
depth or iteration limits gives the same games whether it runs in one process or in several.

>>> from engine import get_variant
>>> rules = get_variant("kalah", pits=4, seeds=3)
>>> result = play_match(rules, "greedy", "random", games=4, seed=1)
>>> result.wins + result.draws + result.losses
4
>>> elo_from_score(0.5)
0.0
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.agents import Agent, Limit, parse_spec
from engine.core import Player, Rules, State
from engine.record import GameRecord

AgentSource = str | Callable[..., Agent]
"""An agent spec string for :func:`engine.agents.parse_spec`, or a factory taking ``seed=``."""

Z95 = 1.959963984540054
"""The two-sided 95% point of the standard normal distribution."""


# -- single games -------------------------------------------------------------------------------


@dataclass
class GameResult:
    """One finished game: the opening, every move, the scores and each player's move times."""

    opening: tuple[int, ...]
    moves: tuple[int, ...]
    """Every move of the game from the start, the opening included."""
    scores: tuple[int, int]
    winner: Player | None
    times: tuple[tuple[float, ...], tuple[float, ...]]
    """Seconds each player's agent took for each of its moves (opening moves excluded)."""
    nodes: tuple[int, int]
    """Nodes or playouts each player's agent reported, summed over its moves."""
    first_player: Player = 0

    def record(self, rules: Rules) -> GameRecord:
        """The game as a :class:`GameRecord` (replayed through the rules)."""
        return GameRecord(rules, self.first_player, list(self.moves))


def play_game(
    rules: Rules | State,
    agent0: Agent,
    agent1: Agent,
    opening_moves: Sequence[int] = (),
    limits: tuple[Limit | None, Limit | None] = (None, None),
) -> GameResult:
    """Play one game, ``agent0`` as player 0, from the start (or a state) after ``opening_moves``.

    Each agent uses its own limit from ``limits``, or its ``default_limit`` when that is None.

    >>> from engine import get_variant
    >>> from engine.agents import make_agent
    >>> rules = get_variant("kalah", pits=3, seeds=2)
    >>> game = play_game(rules, make_agent("greedy", seed=1), make_agent("random", seed=2), [0])
    >>> game.opening, game.moves[0], sum(game.scores)
    ((0,), 0, 12)
    """
    state = rules.initial_state() if isinstance(rules, Rules) else rules
    first = state.to_move if state.to_move is not None else 0
    moves: list[int] = []
    for pit in opening_moves:
        state = state.play(pit)
        moves.append(pit)
    agents = (agent0, agent1)
    for agent in agents:
        agent.reset()
    times: tuple[list[float], list[float]] = ([], [])
    nodes = [0, 0]
    while state.to_move is not None:
        player = state.to_move
        start = time.perf_counter()
        decision = agents[player].choose(state, limits[player])
        times[player].append(time.perf_counter() - start)
        nodes[player] += decision.nodes
        state = state.play(decision.move)
        moves.append(decision.move)
    return GameResult(
        opening=tuple(opening_moves),
        moves=tuple(moves),
        scores=state.scores,
        winner=state.winner,
        times=(tuple(times[0]), tuple(times[1])),
        nodes=(nodes[0], nodes[1]),
        first_player=first,
    )


def random_opening(rules: Rules, plies: int, rng: random.Random) -> tuple[int, ...]:
    """``plies`` random legal moves from the start that do not end the game (fewer if need be).

    >>> from engine import get_variant
    >>> len(random_opening(get_variant("kalah"), 2, random.Random(3)))
    2
    """
    for length in range(plies, 0, -1):
        for _ in range(50):
            state = rules.initial_state()
            moves = []
            for _ in range(length):
                pit = rng.choice(state.legal_moves())
                state = state.play(pit)
                moves.append(pit)
                if state.is_over:
                    break
            if not state.is_over:
                return tuple(moves)
    return ()


# -- Elo -----------------------------------------------------------------------------------------


def elo_from_score(score: float) -> float:
    """Elo difference for an expected score in [0, 1] (logistic): ``-400 log10(1/score - 1)``.

    >>> round(elo_from_score(0.75), 1)
    190.8
    """
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return 400.0 * math.log10(score / (1.0 - score))


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference with its 95% interval (``low`` and ``high`` may be infinite)."""

    score: float
    diff: float
    low: float
    high: float

    def text(self) -> str:
        def f(x: float) -> str:
            return f"{x:+.0f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")

        return f"{f(self.diff)} (95% interval {f(self.low)} to {f(self.high)})"


def score_interval(wins: int, draws: int, losses: int, z: float = Z95) -> tuple[float, float]:
    """The 95% interval of the score fraction ``s = (wins + draws / 2) / n`` (Wilson's).

    A normal approximation inverted as a score test: the bounds are the scores ``p`` with
    ``(s - p)^2 = z^2 p (1 - p) / n``.  Unlike ``s ± z·se`` it stays inside [0, 1] and is not
    empty when every game was won or lost.  A draw counts as half a win; taking the variance
    ``p (1 - p)`` of a win-or-loss game for it too makes the interval a little wide (safe) when
    there are many draws.

    >>> [round(x, 4) for x in score_interval(75, 0, 25)]
    [0.657, 0.8245]
    """
    n = wins + draws + losses
    if n == 0:
        return 0.0, 1.0
    s = (wins + 0.5 * draws) / n
    k = z * z / n
    centre = (s + k / 2) / (1 + k)
    half = math.sqrt(s * (1 - s) * k + k * k / 4) / (1 + k)
    low, high = centre - half, centre + half
    if wins == n:
        high = 1.0
    if losses == n:
        low = 0.0
    return max(0.0, low), min(1.0, high)


def elo_estimate(wins: int, draws: int, losses: int, z: float = Z95) -> EloEstimate:
    """Elo difference and its 95% interval from a win/draw/loss count.

    The score fraction ``s = (wins + draws / 2) / n`` and the bounds of its interval (see
    :func:`score_interval`) are turned into Elo with :func:`elo_from_score`, the standard logistic
    model ``E = 1 / (1 + 10^(-D/400))``, i.e. ``D = 400 log10(s / (1 - s))``.  A perfect score
    has an infinite difference and a finite lower bound.

    >>> e = elo_estimate(75, 0, 25)
    >>> round(e.diff, 1), round(e.low, 1), round(e.high, 1)
    (190.8, 112.9, 268.8)
    >>> e = elo_estimate(30, 0, 0)
    >>> e.diff, round(e.low, 1), e.high
    (inf, 357.1, inf)
    """
    n = wins + draws + losses
    if n == 0:
        return EloEstimate(0.5, 0.0, -math.inf, math.inf)
    s = (wins + 0.5 * draws) / n
    low, high = score_interval(wins, draws, losses, z)
    return EloEstimate(s, elo_from_score(s), elo_from_score(low), elo_from_score(high))


# -- matches -------------------------------------------------------------------------------------


@dataclass
class MatchGame:
    """One game of a match, seen from agent A."""

    index: int
    a_player: Player
    result: GameResult

    @property
    def b_player(self) -> Player:
        return 1 - self.a_player

    @property
    def margin(self) -> int:
        """A's seeds minus B's at the end."""
        scores = self.result.scores
        return scores[self.a_player] - scores[self.b_player]

    @property
    def outcome(self) -> str:
        """``"win"``, ``"draw"`` or ``"loss"`` for A."""
        winner = self.result.winner
        return "draw" if winner is None else "win" if winner == self.a_player else "loss"

    @property
    def points(self) -> float:
        """A's score: 1 for a win, 1/2 for a draw, 0 for a loss."""
        return {"win": 1.0, "draw": 0.5, "loss": 0.0}[self.outcome]

    def times(self, role: str) -> tuple[float, ...]:
        """Move times of agent ``"a"`` or ``"b"``."""
        return self.result.times[self.a_player if role == "a" else self.b_player]


@dataclass
class MatchResult:
    """The games of a match between A and B and what they add up to, from A's side."""

    rules: Rules
    a: str
    b: str
    seed: int
    openings: int
    games: list[MatchGame] = field(default_factory=list)

    def count(self, outcome: str) -> int:
        return sum(1 for g in self.games if g.outcome == outcome)

    @property
    def wins(self) -> int:
        return self.count("win")

    @property
    def draws(self) -> int:
        return self.count("draw")

    @property
    def losses(self) -> int:
        return self.count("loss")

    @property
    def score(self) -> float:
        """A's score fraction: (wins + draws / 2) / games."""
        return sum(g.points for g in self.games) / len(self.games) if self.games else 0.5

    @property
    def mean_margin(self) -> float:
        return sum(g.margin for g in self.games) / len(self.games) if self.games else 0.0

    def elo(self) -> EloEstimate:
        """A's Elo difference over B, with a 95% interval (see :func:`elo_estimate`)."""
        return elo_estimate(self.wins, self.draws, self.losses)

    def time_stats(self, role: str) -> tuple[float, float, int]:
        """Mean and max seconds a move, and the number of moves, of agent ``"a"`` or ``"b"``."""
        times = [t for g in self.games for t in g.times(role)]
        if not times:
            return 0.0, 0.0, 0
        return sum(times) / len(times), max(times), len(times)

    def summary(self) -> str:
        """A few lines of text: results, margin, Elo and move times."""
        n = len(self.games)
        e = self.elo()
        lines = [
            f"{self.a} vs {self.b}: {rules_text(self.rules)}, {n} games, seed {self.seed}, "
            f"{self.openings}-ply random openings",
            f"A wins {self.wins}, draws {self.draws}, losses {self.losses} "
            f"(score {100 * self.score:.1f}%)",
            f"mean margin for A: {self.mean_margin:+.2f} seeds",
            f"Elo difference A - B: {e.text()}",
        ]
        for role, name in (("a", self.a), ("b", self.b)):
            mean, worst, moves = self.time_stats(role)
            lines.append(
                f"time a move, {role.upper()} ({name}): mean {1000 * mean:.1f} ms, "
                f"max {1000 * worst:.1f} ms over {moves} moves"
            )
        return "\n".join(lines)


def rules_text(rules: Rules) -> str:
    """The variant and the options that differ from their defaults, e.g. ``kalah pits=4``.

    >>> from engine import get_variant
    >>> rules_text(get_variant("kalah", pits=4))
    'kalah pits=4'
    """
    changed = [f"{k}={v}" for k, v in rules.options.items() if v != rules.options_spec[k].default]
    return " ".join([rules.name, *changed])


def derived_seed(seed: int, *parts: object) -> int:
    """A 32-bit seed from the match seed and labels, the same in every process.

    >>> derived_seed(1, 2, "a") == derived_seed(1, 2, "a") != derived_seed(1, 2, "b")
    True
    """
    return random.Random(":".join(map(str, (seed, *parts)))).getrandbits(32)


def make_from_source(source: AgentSource, seed: int) -> Agent:
    """An agent from a spec string or a factory, with ``seed``."""
    if isinstance(source, str):
        return parse_spec(source, seed=seed)
    return source(seed=seed)


def source_name(source: AgentSource) -> str:
    """A short name for an agent source, for tables."""
    if isinstance(source, str):
        return source
    name = getattr(source, "__name__", None)
    if name is None and hasattr(source, "func"):  # functools.partial
        kw = ",".join(f"{k}={v}" for k, v in source.keywords.items())  # type: ignore[attr-defined]
        name = f"{source.func.__name__}:{kw}"
    return name or repr(source)


@dataclass(frozen=True)
class _Task:
    """Everything a worker needs to play one game of a match (picklable)."""

    rules: Rules
    a: AgentSource
    b: AgentSource
    seed: int
    index: int
    opening: tuple[int, ...]
    limit_a: Limit | None
    limit_b: Limit | None
    time_scale: float


def _scaled(agent: Agent, limit: Limit | None, scale: float) -> Limit | None:
    if scale == 1.0:
        return limit
    return (limit or agent.default_limit).scaled(scale)


def _play_task(task: _Task) -> MatchGame:
    a_player = task.index % 2
    agent_a = make_from_source(task.a, agent_seed(task.seed, task.index, "a"))
    agent_b = make_from_source(task.b, agent_seed(task.seed, task.index, "b"))
    limit_a = _scaled(agent_a, task.limit_a, task.time_scale)
    limit_b = _scaled(agent_b, task.limit_b, task.time_scale)
    if a_player == 0:
        result = play_game(task.rules, agent_a, agent_b, task.opening, (limit_a, limit_b))
    else:
        result = play_game(task.rules, agent_b, agent_a, task.opening, (limit_b, limit_a))
    return MatchGame(task.index, a_player, result)


def match_tasks(
    rules: Rules,
    a: AgentSource,
    b: AgentSource,
    games: int,
    seed: int,
    openings: int = 2,
    limit_a: Limit | None = None,
    limit_b: Limit | None = None,
    time_scale: float = 1.0,
) -> list[_Task]:
    """The games of a match, each with its opening (shared by the two games of a pair)."""
    return [
        _task(rules, a, b, index, seed, openings, limit_a, limit_b, time_scale)
        for index in range(games)
    ]


def _task(
    rules: Rules,
    a: AgentSource,
    b: AgentSource,
    index: int,
    seed: int,
    openings: int,
    limit_a: Limit | None,
    limit_b: Limit | None,
    time_scale: float,
) -> _Task:
    """Game ``index`` of a match: A plays player ``index % 2``, after the pair's opening."""
    opening = game_opening(rules, index, seed, openings)
    return _Task(rules, a, b, seed, index, opening, limit_a, limit_b, time_scale)


def game_opening(rules: Rules, index: int, seed: int, openings: int = 2) -> tuple[int, ...]:
    """The random opening of game ``index`` of a match (the two games of a pair share it, with
    colours swapped), for a caller that plays the game a move at a time."""
    if openings <= 0:
        return ()
    return random_opening(rules, openings, random.Random(derived_seed(seed, index // 2, "opening")))


def agent_seed(seed: int, index: int, role: str) -> int:
    """The seed of agent ``role`` (``"a"`` or ``"b"``) in game ``index`` of a match."""
    return derived_seed(seed, index, role)


def play_match_game(
    rules: Rules,
    a: AgentSource,
    b: AgentSource,
    index: int,
    *,
    seed: int = 0,
    openings: int = 2,
    time_scale: float = 1.0,
) -> MatchGame:
    """Game ``index`` alone of the match :func:`play_match` would play with these settings
    (the same colours, opening and agent seeds), for a caller that plays one game at a time.

    >>> from engine import get_variant
    >>> rules = get_variant("kalah", pits=3, seeds=2)
    >>> game = play_match_game(rules, "greedy", "random", 1, seed=5)
    >>> game.a_player, game.outcome in ("win", "draw", "loss")
    (1, True)
    """
    return _play_task(_task(rules, a, b, index, seed, openings, None, None, time_scale))


def _run(tasks: list[_Task], workers: int) -> Iterator[MatchGame]:
    if workers <= 1 or len(tasks) <= 1:
        yield from map(_play_task, tasks)
        return
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(min(workers, len(tasks))) as pool:
        yield from pool.imap_unordered(_play_task, tasks)


def play_match(
    rules: Rules,
    a: AgentSource,
    b: AgentSource,
    games: int,
    *,
    seed: int = 0,
    openings: int = 2,
    workers: int = 1,
    limit_a: Limit | None = None,
    limit_b: Limit | None = None,
    time_scale: float = 1.0,
    progress: Callable[[MatchResult], Any] | None = None,
) -> MatchResult:
    """Play ``games`` games between agent sources ``a`` and ``b``, alternating colours.

    ``openings`` random plies start each pair of games.  ``limit_a``/``limit_b`` override the
    agents' default limits; ``time_scale`` multiplies the time of whichever limit is used (a
    ladder can scale both caps down by the same factor).  ``workers > 1`` plays games in that
    many processes (spawned; sources must then be strings or picklable factories).  ``progress``
    is called with the result so far after each game.  Games come back in index order.
    """
    if games < 0:
        raise ValueError(f"games must be >= 0, not {games}")
    if openings < 0:
        raise ValueError(f"openings must be >= 0, not {openings}")
    # Fail early, in this process, on a bad spec.
    make_from_source(a, 0)
    make_from_source(b, 0)
    result = MatchResult(rules, source_name(a), source_name(b), seed, openings)
    tasks = match_tasks(rules, a, b, games, seed, openings, limit_a, limit_b, time_scale)
    for game in _run(tasks, workers):
        result.games.append(game)
        if progress is not None:
            progress(result)
    result.games.sort(key=lambda g: g.index)
    return result
