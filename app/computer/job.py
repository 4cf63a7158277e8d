"""A search as a plain function, run in a search process (no Flask here): replay, choose."""

from __future__ import annotations

from app.games.replay import replay
from app.store.json_types import JSONObject
from engine.agents.levels import level_agent

TABLES: str | None = None
"""The folder the levels' endgame tables are cached in (the instance folder's ``tables``), set
when a search process starts (see app.computer.pool)."""


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
