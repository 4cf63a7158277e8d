"""Perfect with the Oware endgame tables against another level, from seeded random openings.

    python tools/oware_table_match.py --against perfect --games 100 --seconds 5 --tables DIR
    python tools/oware_table_match.py --against perfect-root --games 100 --seconds 0.3 --tables DIR

Plays ``--games`` games (both colours: game 2k and 2k+1 share an opening), Perfect reading the
tables in ``--tables`` against ``--against`` (``perfect``: Perfect with no Oware table;
``perfect-root``: Perfect with the same table at the root only, its search never reading it at
its leaves, as before session 35; ``master``), and prints wins/draws/losses, the Elo
difference with its 95% interval, how many positions the table met, how many of those it
decided, how many it showed won or drawn for the table player, and every time such a position
ended worse (which must never happen).  A summary line follows every game, so a run stopped
early still says what it measured.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import get_variant  # noqa: E402
from engine.agents.base import Agent, Limit  # noqa: E402
from engine.agents.levels import level_agent  # noqa: E402
from engine.agents.minimax import MinimaxAgent  # noqa: E402
from engine.agents.oware_exact import position_bounds, result  # noqa: E402
from engine.agents.perfect import PerfectAgent  # noqa: E402
from engine.match import elo_estimate, random_opening  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--against", default="perfect", choices=["perfect", "perfect-root", "master"]
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--tables", default="instance/tables")
    args = parser.parse_args()
    rules = get_variant("oware")
    rng = random.Random(args.seed)
    wins = draws = losses = met = decided = worse = inexact = safe = 0
    opening: tuple[int, ...] = ()  # one per pair of games (both colours)
    for game in range(args.games):
        if game % 2 == 0:
            opening = random_opening(rules, 4, rng)
        ours = game % 2  # the table player's colour
        agents = [opponent(args.against, args.seed + game, args.tables) for _ in range(2)]
        table_player = level_agent("perfect", seed=args.seed + game, tables=args.tables)
        assert isinstance(table_player, PerfectAgent)
        assert table_player.oware_table_moves  # the app's Perfect: its table moves on
        agents[ours] = table_player
        state = rules.initial_state()
        for pit in opening:
            state = state.play(pit)
        moves: list[int] = []
        promised: int | None = None  # the best result the table showed forced for ours
        while state.to_move is not None:
            mover = state.to_move
            if mover == ours:
                got = position_bounds(state, args.tables)
                if got is not None:
                    met += 1
                    inexact += got[0] != got[1]
                    r = result(got[0])
                    safe += r >= 0
                    promised = r if promised is None else max(promised, r)
            decision = agents[mover].choose(state, Limit(args.seconds))
            if mover == ours and decision.extra.get("oware_table") is not None:
                decided += 1
            state = state.play(decision.move)
            moves.append(decision.move)
        s = state.scores
        final = result(s[ours] - s[1 - ours])
        wins, draws, losses = wins + (final > 0), draws + (final == 0), losses + (final < 0)
        if promised is not None and final < promised:
            worse += 1
            print(f"game {game}: table showed {promised:+d}, ended {final:+d}", flush=True)
            print(f"  moves {list(opening)} then {moves}", flush=True)
        print(f"game {game}: {'LDW'[final + 1]} ({s[ours]}-{s[1 - ours]})", flush=True)
        elo = elo_estimate(wins, draws, losses)
        print(
            f"perfect+tables vs {args.against}, {game + 1} games at {args.seconds} s a move: "
            f"+{wins} ={draws} -{losses}, Elo {elo.text()}; table positions met {met} "
            f"(bounds apart {inexact}, won or drawn for it {safe}), moves the table decided "
            f"{decided}, games a won/drawn position ended worse {worse}",
            flush=True,
        )
    return 0


def opponent(against: str, seed: int, tables: str) -> Agent:
    """The level played against: ``perfect-root`` is Perfect reading ``tables`` at its root
    only (its search's leaf probes off), the others a level without the tables."""
    if against != "perfect-root":
        return level_agent(against, seed=seed)
    agent = level_agent("perfect", seed=seed, tables=tables)
    assert isinstance(agent, PerfectAgent) and isinstance(agent.fallback, MinimaxAgent)
    agent.fallback.oware_leaves = False
    return agent


if __name__ == "__main__":
    sys.exit(main())
