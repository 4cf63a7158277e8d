"""AI agents: random, greedy, minimax (alpha-beta), Monte-Carlo tree search, evolutionary.

>>> from engine import get_variant
>>> from engine.agents import make_agent, Limit
>>> state = get_variant("kalah").initial_state()
>>> make_agent("minimax", seed=7).choose(state, Limit(depth=4)).move in state.legal_moves()
True
"""

from __future__ import annotations

from typing import Any

from engine.agents.base import Agent, Deadline, Decision, Limit
from engine.agents.levels import ALGORITHMS, LEVELS, level_agent

__all__ = [
    "AGENTS",
    "ALGORITHMS",
    "LEVELS",
    "Agent",
    "Deadline",
    "Decision",
    "Limit",
    "make_agent",
    "parse_spec",
]


def _registry() -> dict[str, type[Agent]]:
    from engine.agents.evolutionary import EvolutionaryAgent
    from engine.agents.mcts import MCTSAgent
    from engine.agents.minimax import MinimaxAgent
    from engine.agents.simple import GreedyAgent, RandomAgent

    return {
        cls.name: cls
        for cls in (RandomAgent, GreedyAgent, MinimaxAgent, MCTSAgent, EvolutionaryAgent)
    }


AGENTS: tuple[str, ...] = ("random", "greedy", "minimax", "mcts", "evolutionary")


def make_agent(
    name: str | None = None,
    *,
    level: str | None = None,
    algorithm: str = "minimax",
    seed: int | None = None,
    **params: Any,
) -> Agent:
    """An agent by algorithm ``name`` and parameters, or a difficulty ``level`` of ``algorithm``.

    ``make_agent("minimax", heuristic="diff")``, ``make_agent(level="expert", seed=7)``,
    ``make_agent(level="easy", algorithm="mcts")``.  Bad names or parameters raise ValueError.
    """
    if level is not None:
        if name is not None:
            raise ValueError("give an agent name or a level, not both")
        if params:
            raise ValueError(f"a level takes no agent parameters ({', '.join(params)})")
        return level_agent(level, algorithm, seed)
    if name is None:
        raise ValueError("give an agent name or a level")
    registry = _registry()
    if name not in registry:
        raise ValueError(f"unknown agent {name!r} (agents: {', '.join(registry)})")
    try:
        return registry[name](seed=seed, **params)
    except TypeError as exc:
        raise ValueError(f"bad parameters for {name}: {exc}") from None


def parse_spec(spec: str, seed: int | None = None) -> Agent:
    """An agent from text such as ``minimax:depth=6,heuristic=diff`` or ``level=expert``.

    ``seconds``, ``depth`` and ``iterations`` set the agent's default limit; other keys are
    parameters of the agent (a level takes only ``algorithm``).  A list is written with slashes
    (``minimax:weights=1/0.3/0/0``), a truth value as ``true`` or ``false``.
    """
    name, _, rest = spec.partition(":")
    params: dict[str, Any] = {}
    limit: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"{spec!r}: {item!r} is not key=value")
        parsed: Any = value
        if value.lower() in ("true", "false"):
            parsed = value.lower() == "true"
        elif "/" in value:
            try:
                parsed = tuple(float(x) for x in value.split("/"))
            except ValueError:
                raise ValueError(f"{spec!r}: {item!r} is not a list of numbers") from None
        for convert in (int, float):
            try:
                parsed = convert(value)
                break
            except ValueError:
                continue
        (limit if key in ("seconds", "depth", "iterations") else params)[key] = parsed
    if name in LEVELS:
        agent = make_agent(level=name, seed=seed, **params)
    else:
        agent = make_agent(name, seed=seed, **params)
    if limit:
        agent.default_limit = Limit(**limit)
    return agent
