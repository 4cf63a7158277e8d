"""Measure the difficulty ladder: each level against the level below it.

    python -m engine ladder --games 200 --scale 0.1 --workers 2

plays ``--games`` games for every adjacent pair of levels (both colours, random two-move
openings) in Kalah(6,4) and Oware, and prints a Markdown table: wins, draws and losses of the
stronger level, its share of the decisive games (the target is at least 65%), the Elo
difference with a 95% interval, and each side's mean time a move.  In a pair with a level limited
by time alone (Master), ``--scale`` multiplies both levels' time caps by the same factor so that
200 games fit this machine; the table shows the caps as played.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import os
import platform
import sys
import time

from engine import get_variant
from engine.agents import ALGORITHMS, LEVELS
from engine.agents.base import Agent
from engine.agents.levels import CONFIGS, level_agent
from engine.core import Rules
from engine.match import AgentSource, MatchGame, MatchResult, play_match

TARGET = 0.65
UNBOUNDED = 1000
"""Generations an evolutionary level may run for when its time cap is what limits it."""
EXACT_TT_BITS = 24
"""Transposition entries of the solver ``--exact`` values openings with (2**24: 256 MB)."""


def level_spec(level: str, algorithm: str) -> str:
    return f"{level}:algorithm={algorithm}"


def level_source(level: str, algorithm: str, tables: str | None = None) -> AgentSource:
    """What plays ``level``: its spec, or with ``tables`` a factory giving the level that endgame
    table folder (as the app gives every level its instance folder; the levels that read no
    table ignore it)."""
    if tables is None:
        return level_spec(level, algorithm)
    factory: functools.partial[Agent] = functools.partial(
        level_agent, level, algorithm, tables=tables
    )
    return factory


def decisive_share(result: MatchResult) -> float:
    """The stronger side's share of the games that were not drawn."""
    decisive = result.wins + result.losses
    return result.wins / decisive if decisive else 0.0


def timed(level: str, algorithm: str) -> bool:
    """Whether a level is limited by its time cap alone (no depth, playout or generation limit;
    evolutionary levels of 1000 generations or more are limited by time)."""
    config = CONFIGS[algorithm][level]
    generations = config.params.get("generations", UNBOUNDED)
    return config.depth is None and config.iterations is None and generations >= UNBOUNDED


def cap_text(level: str, algorithm: str, scale: float) -> str:
    """How a level is limited, after scaling its time cap."""
    config = CONFIGS[algorithm][level]
    if config.depth is not None:
        return f"depth {config.depth}, cap {config.seconds * scale:g} s"
    if config.iterations is not None:
        return f"{config.iterations} playouts"
    if not timed(level, algorithm):
        return f"{config.params['generations']} generations, cap {config.seconds:g} s"
    return f"{config.seconds * scale:g} s"


def opening_values(
    rules: Rules, games: list[MatchGame], tables: str | None
) -> dict[tuple[int, ...], int]:
    """The exact final margin, for player 0, of each game's position after its opening
    (Kalah: ``engine.solver``, tables read from or cached in ``tables``)."""
    from engine.solver import Solver
    from engine.solver.rules import view

    solver = Solver(rules, tables, tt_bits=EXACT_TT_BITS)
    values: dict[tuple[int, ...], int] = {}
    for game in games:
        opening = game.result.opening
        if opening in values:
            continue
        state = rules.initial_state()
        for move in opening:
            state = state.play(move)
        if state.to_move is None:
            a, b = state.scores
            values[opening] = a - b
            continue
        board, lead = view(state)
        value = solver.value(board, 0) + lead
        values[opening] = value if state.to_move == 0 else -value
    return values


def exact_text(games: list[MatchGame], values: dict[tuple[int, ...], int]) -> str:
    """How the games compare with their openings' exact values, from the stronger side (A)."""
    decisive = [g for g in games if g.margin != 0]

    def exact(game: MatchGame) -> int:
        value = values[game.result.opening]
        return value if game.a_player == 0 else -value

    def sign(x: int) -> int:
        return (x > 0) - (x < 0)

    kept = sum(sign(g.margin) == sign(exact(g)) for g in decisive)
    above = sum(g.margin > exact(g) for g in games)
    at = sum(g.margin == exact(g) for g in games)
    gain = sum(g.margin - exact(g) for g in games) / len(games) if games else 0.0
    return (
        f"{kept} of {len(decisive)} decisive games ended with the result their opening's exact "
        f"value gives; the stronger side ended above that value in {above} of {len(games)} games, "
        f"at it in {at}, below it in {len(games) - above - at} (mean {gain:+.1f} seeds)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine ladder", description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per pair (default 200)")
    parser.add_argument(
        "--scale", type=float, default=0.1, help="time-cap factor for timed pairs (default 0.1)"
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--algorithm", choices=ALGORITHMS, default="minimax")
    parser.add_argument("--variants", nargs="+", default=["kalah", "oware"])
    parser.add_argument("--pairs", nargs="+", help="lower levels of the pairs to play (all)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--tables",
        metavar="FOLDER",
        help="endgame table folder the Expert, Master and Perfect levels read (as the app's "
        "instance folder); default: in-memory tables",
    )
    parser.add_argument(
        "--exact",
        action="store_true",
        help="Kalah: solve each opening and say how many games ended with its exact result "
        "(seconds to minutes an opening with the 18-seed table in --tables)",
    )
    args = parser.parse_args(argv)

    pairs = [(LEVELS[i], LEVELS[i + 1]) for i in range(len(LEVELS) - 1)]
    if args.pairs:
        pairs = [p for p in pairs if p[0] in args.pairs]
    print(
        f"Ladder: {args.algorithm}, {args.games} games a pair, timed pairs' caps x{args.scale:g}, "
        f"{datetime.date.today()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(f"Command: python -m engine ladder {' '.join(argv or sys.argv[1:])}\n")
    print("| variant | stronger (cap) | weaker (cap) | W-D-L | decisive won | Elo (95%) | s/move |")
    print("|---|---|---|---|---|---|---|")
    failures = 0
    for variant in args.variants:
        rules = get_variant(variant)
        if args.tables:  # the levels only read tables: build this rule set's first, as the app does
            from engine.solver import prepare_tables

            prepare_tables(rules, args.tables)
        for low, high in pairs:
            start = time.perf_counter()
            # Only pairs with a level limited by time alone need their caps scaled down.
            scale = args.scale if timed(high, args.algorithm) or timed(low, args.algorithm) else 1.0
            result = play_match(
                rules,
                level_source(high, args.algorithm, args.tables),
                level_source(low, args.algorithm, args.tables),
                args.games,
                seed=args.seed,
                workers=args.workers,
                time_scale=scale,
            )
            share = decisive_share(result)
            failures += share < TARGET
            mean_a, _, _ = result.time_stats("a")
            mean_b, _, _ = result.time_stats("b")
            mark = "" if share >= TARGET else " **below target**"
            print(
                f"| {variant} | {high} ({cap_text(high, args.algorithm, scale)}) "
                f"| {low} ({cap_text(low, args.algorithm, scale)}) "
                f"| {result.wins}-{result.draws}-{result.losses} | {share:.0%}{mark} "
                f"| {result.elo().text()} | {mean_a:.3f} / {mean_b:.3f} |",
                flush=True,
            )
            if args.exact and variant == "kalah":
                values = opening_values(rules, result.games, args.tables)
                text = exact_text(result.games, values)
                print(f"<!-- {variant} {high} over {low}: {text} -->", flush=True)
            print(f"<!-- {time.perf_counter() - start:.0f} s -->", file=sys.stderr, flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
