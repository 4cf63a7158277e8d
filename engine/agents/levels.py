"""The difficulty ladder: seven named levels, each an agent configuration with a time cap.

A level can be played with any of the three search algorithms.  The top level, Perfect, plays
exactly wherever it can solve the position in time (``engine.agents.perfect``) and otherwise
plays its algorithm's Master search.  The strength of each step is measured by
``python -m engine ladder`` (the table is in docs/engine.md), not guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.agents.base import Agent, Deadline, Decision, Limit
from engine.core import State

LEVELS: tuple[str, ...] = ("beginner", "easy", "medium", "hard", "expert", "master", "perfect")
ALGORITHMS: tuple[str, ...] = ("minimax", "mcts", "evolutionary")


@dataclass(frozen=True)
class LevelConfig:
    """One level of one algorithm: agent parameters and its limit (time cap, depth, playouts).

    ``variants`` maps a variant's name to parameters that replace some of ``params`` there."""

    params: dict[str, Any]
    seconds: float
    depth: int | None = None
    iterations: int | None = None
    variants: dict[str, dict[str, Any]] = field(default_factory=dict)


# Time caps: Expert <= 1 s, Master <= 3 s and Perfect <= 5 s a move; lower levels are capped by
# depth or playouts and finish well inside their time.
PERFECT_SECONDS = 5.0
PERFECT_TEXT = (
    "Perfect on Kalah up to 4x5, 5x3 and 6x3, and on 6x4 once about 36 seeds are left; "
    "elsewhere the analysis's search on Kalah and a Master search on the other games, up to "
    "5 s a move."
)
# The evolutionary levels plan two own turns (one for Beginner) and differ by how far the
# opponent's replies are searched (`reply` plies; 0: the reply banking them most) and by the
# heuristic.  The timed levels start at reply 2 and search a ply deeper each time the
# population has converged, for as long as their time lasts, and value Kalah positions with
# few seeds left exactly from the endgame table.
TIMED_EVOLUTION: dict[str, Any] = {
    "generations": 1000,
    "population": 40,
    "horizon": 2,
    "reply": 2,
    "deepen": True,
    "heuristic": "mix",
    "endgame": True,
}
CONFIGS: dict[str, dict[str, LevelConfig]] = {
    "minimax": {
        "beginner": LevelConfig({"heuristic": "store", "noise": 0.5}, 0.5, depth=1),
        "easy": LevelConfig({"heuristic": "store"}, 0.5, depth=2),
        "medium": LevelConfig({"heuristic": "diff"}, 0.5, depth=3),
        "hard": LevelConfig({"heuristic": "diff"}, 0.5, depth=5),
        # Expert and above value Kalah positions with few seeds left exactly, from the endgame
        # table the solver uses (engine.solver.table.shared); the lower levels only look ahead.
        "expert": LevelConfig({"heuristic": "mix", "endgame": True}, 1.0, depth=9),
        "master": LevelConfig({"heuristic": "tuned", "endgame": True}, 3.0),
        # Perfect's fallback search uses all the time the solve leaves (no early stop); in Oware
        # it values the positions within the host's Oware table from it (its leaves).
        "perfect": LevelConfig(
            {"heuristic": "tuned", "early_stop": False, "endgame": True, "oware_leaves": True},
            PERFECT_SECONDS,
        ),
    },
    "mcts": {
        "beginner": LevelConfig({}, 0.5, iterations=20),
        "easy": LevelConfig({}, 0.5, iterations=100),
        "medium": LevelConfig({}, 0.5, iterations=400),
        "hard": LevelConfig({}, 0.5, iterations=1600),
        # Expert: four times Hard's playouts.  Timed random playouts (tens of thousands a move
        # natively) left no room above them: Master's extra time bought next to nothing in Kalah.
        # Expert and above end a Kalah playout with its exact result once the endgame table
        # holds the position.
        "expert": LevelConfig({"endgame": True}, 1.0, iterations=6400),
        # Master and Perfect: greedy playouts and a lower exploration constant (c 0.5: with
        # tens of thousands of playouts a move, c 1.4 keeps spreading them over weak moves); the
        # tree is kept between moves, as at every level.
        "master": LevelConfig({"playout": "greedy", "c": 0.5, "endgame": True}, 3.0),
        "perfect": LevelConfig({"playout": "greedy", "c": 0.5, "endgame": True}, PERFECT_SECONDS),
    },
    "evolutionary": {
        "beginner": LevelConfig(
            {"generations": 2, "population": 8, "horizon": 1, "heuristic": "store"}, 0.5
        ),
        "easy": LevelConfig({"generations": 5, "population": 12, "horizon": 2}, 0.5),
        # Medium searches Oware's replies one ply: with two it was nearly Hard there (Hard won
        # 64% of the decisive games) and far above Easy (100%).
        "medium": LevelConfig(
            {"generations": 10, "population": 20, "horizon": 2, "reply": 2, "heuristic": "mix"},
            0.5,
            variants={"oware": {"reply": 1}},
        ),
        "hard": LevelConfig(
            {"generations": 10, "population": 20, "horizon": 2, "reply": 3, "heuristic": "mix"}, 0.5
        ),
        # Expert stops deepening at four plies of replies, where Master's time takes it further:
        # uncapped, Expert reached about as deep (0.1 s: 4-6 plies, 0.3 s: 5-7) and Master won
        # only 53-56% of the decisive games in Kalah on two of three seeds.
        "expert": LevelConfig({**TIMED_EVOLUTION, "max_reply": 4}, 1.0),
        # In Oware, above the endgame table (which decides within it), the evolutionary Perfect
        # is Master's search with more time; Master stops at six plies of replies there, so
        # that Perfect's time takes it further.
        "master": LevelConfig(TIMED_EVOLUTION, 3.0, variants={"oware": {"max_reply": 6}}),
        "perfect": LevelConfig(TIMED_EVOLUTION, PERFECT_SECONDS),
    },
}


ALPHA_BETA_FIRST: tuple[str, ...] = ("kalah", "oware")
"""Variants where the Monte-Carlo Perfect level falls back on the minimax Master search: there
minimax Master beats MCTS Master (Kalah 11-1-8, Oware 17-2-1 in 20-game arena matches at 0.3 s a
move each, both with their kept trees and endgame tables; docs/engine.md, "Exact play")."""


DESCRIPTIONS: dict[str, str] = {
    "beginner": "Looks one move ahead and sometimes slips.",
    "easy": "Looks a couple of moves ahead.",
    "medium": "Looks a few moves ahead.",
    "hard": "Looks several moves ahead.",
    "expert": "Searches deep, up to 1 s a move.",
    "master": "Searches as deep as it can in 3 s a move.",
    "perfect": PERFECT_TEXT,
}
"""One line a menu can show for each level."""


class ByVariant(Agent):
    """Plays a variant named in ``agents`` (by ``rules.name``) with that agent, every other with
    ``default``."""

    def __init__(self, default: Agent, agents: dict[str, Agent]) -> None:
        super().__init__(default.seed, default.default_limit)
        self.name = default.name
        self.default = default
        self.agents = agents

    def agent_for(self, state: State) -> Agent:
        return self.agents.get(state.rules.name, self.default)

    def choose(self, state: State, limit: Limit | None = None) -> Decision:
        return self.agent_for(state).choose(state, limit or self.default_limit)

    def search(self, state: State, limit: Limit, clock: Deadline) -> Decision:
        return self.agent_for(state).search(state, limit, clock)

    def even_value(self, state: State, decision: Decision) -> float | None:
        return self.agent_for(state).even_value(state, decision)

    def describe(self) -> str:
        return self.default.describe()

    def reset(self) -> None:
        for agent in (self.default, *self.agents.values()):
            agent.reset()


def level_agent(
    level: str, algorithm: str = "minimax", seed: int | None = None, tables: str | None = None
) -> Agent:
    """The agent that plays ``level`` with ``algorithm``; ValueError for unknown names.

    ``tables`` is the folder endgame tables are cached in (None: in memory)."""
    from engine.agents import make_agent
    from engine.agents.perfect import PerfectAgent

    if algorithm not in CONFIGS:
        raise ValueError(f"unknown algorithm {algorithm!r} (algorithms: {', '.join(ALGORITHMS)})")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    config = CONFIGS[algorithm][level]
    params = with_tables(config.params, tables)
    agent = make_agent(algorithm, seed=seed, **params)
    if config.variants:
        agent = ByVariant(
            agent,
            {
                name: make_agent(algorithm, seed=seed, **{**params, **changed})
                for name, changed in config.variants.items()
            },
        )
    agent.default_limit = Limit(config.seconds, config.depth, config.iterations)
    if level == "perfect":
        stronger = None
        if algorithm == "mcts":
            params = with_tables(CONFIGS["minimax"][level].params, tables)
            stronger = make_agent("minimax", seed=seed, **params)
        agent = PerfectAgent(
            agent,
            seed,
            agent.default_limit,
            tables,
            stronger=stronger,
            stronger_on=ALPHA_BETA_FIRST,
        )
    agent.level = level
    return agent


def with_tables(params: dict[str, Any], tables: str | None) -> dict[str, Any]:
    """A level's agent parameters, told the endgame tables' folder if it reads a table."""
    return {**params, "tables": tables} if params.get("endgame") else params


def level_seconds(level: str) -> float:
    """The longest a level may think for one move, whatever the algorithm."""
    return max(CONFIGS[a][level].seconds for a in ALGORITHMS)
