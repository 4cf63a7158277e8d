"""Perfect with the shared fallback (the analysis's search) against today's Perfect (its level's
Master search), from seeded random openings, both colours.

    python tools/one_fallback_match.py --variant kalah --games 100 --seconds 0.3

Plays ``--games`` games through :func:`engine.match.play_match` (game 2k and 2k+1 share a
random opening of ``--openings`` plies, colours swapped), both players the Perfect level with
the same limit of ``--seconds`` a move and the same ``--tables`` folder (none: in memory), A
with the shared fallback on (``one_fallback_on``), B off, and prints a summary line after
every game (so a run stopped early still says what it measured): wins/draws/losses for A, the
Elo difference with its 95% interval, and how many of A's moves the shared fallback decided.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import get_variant  # noqa: E402
from engine.agents.base import Agent, Decision, Limit  # noqa: E402
from engine.agents.levels import level_agent  # noqa: E402
from engine.agents.perfect import PerfectAgent  # noqa: E402
from engine.core import State  # noqa: E402
from engine.match import MatchResult, play_match  # noqa: E402

DECIDED = {"shared": 0, "moves": 0}
"""A's moves and those the shared fallback decided (one process: ``--workers`` is 1)."""


class Counted(Agent):
    """Perfect, counting the moves its shared fallback decided."""

    def __init__(self, inner: PerfectAgent) -> None:
        super().__init__(inner.seed, inner.default_limit)
        self.inner = inner
        self.name = inner.name

    def choose(self, state: State, limit: Limit | None = None) -> Decision:
        decision = self.inner.choose(state, limit)
        DECIDED["moves"] += 1
        DECIDED["shared"] += decision.extra.get("fallback") == "analysis"
        return decision

    def describe(self) -> str:
        return self.inner.describe()

    def reset(self) -> None:
        self.inner.reset()


def perfect(seed: int, one_fallback: bool, tables: str | None, rules_name: str) -> Agent:
    """The Perfect level with the shared fallback on or off."""
    agent = level_agent("perfect", seed=seed, tables=tables)
    assert isinstance(agent, PerfectAgent)
    agent.one_fallback_on = (rules_name,) if one_fallback else ()
    return Counted(agent) if one_fallback else agent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variant", default="kalah")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=0.3)
    parser.add_argument("--seed", type=int, default=34)
    parser.add_argument("--openings", type=int, default=4)
    parser.add_argument("--tables", default=None)
    args = parser.parse_args()
    rules = get_variant(args.variant)
    limit = Limit(args.seconds)

    def show(result: MatchResult) -> None:
        last = result.games[-1]
        print(
            f"game {last.index} {last.outcome} margin {last.margin:+d} | "
            f"A {result.wins}-{result.draws}-{result.losses} Elo {result.elo().text()} | "
            f"shared fallback {DECIDED['shared']}/{DECIDED['moves']} of A's moves",
            flush=True,
        )

    play_match(
        rules,
        lambda seed: perfect(seed, True, args.tables, rules.name),
        lambda seed: perfect(seed, False, args.tables, rules.name),
        args.games,
        seed=args.seed,
        openings=args.openings,
        limit_a=limit,
        limit_b=limit,
        progress=show,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
