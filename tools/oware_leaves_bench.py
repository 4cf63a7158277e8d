"""The cost of reading the Oware table at the search's leaves: node rate with and without it.

    python tools/oware_leaves_bench.py --tables DIR --seeds 26-34 --depth 15

Takes ``--positions`` positions of seeded random Oware games with a seed count on the board in
``--seeds`` (all above the table), searches each with the native core to ``--depth`` with and
without the largest Oware table in ``--tables`` (Perfect's search: the tuned heuristic, the
transposition table, ordering), and prints, for each, the nodes, the heuristic leaves, the CPU
(best of ``--runs``) and the node rate.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import get_variant, native  # noqa: E402
from engine.agents.alphabeta import make_searcher  # noqa: E402
from engine.agents.heuristics import make_evaluator  # noqa: E402
from engine.core import State  # noqa: E402
from engine.solver import oware_table as ot  # noqa: E402


def positions(count: int, low: int, high: int, above: int, seed: int) -> list[State]:
    """Positions of seeded random games with ``low``-``high`` seeds on the board (> ``above``)."""
    rules, rng = get_variant("oware"), random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = rules.initial_state()
        goal = rng.randint(low, high)
        while state.to_move is not None and state.on_rows > goal:
            state = state.play(rng.choice(state.legal_moves()))
        if state.to_move is not None and state.on_rows > above and len(state.legal_moves()) > 1:
            found.append(state)
    return found


def run(states: list[State], depth: int, table: ot.OwareTable | None) -> tuple[int, int, float]:
    """Nodes, heuristic leaves and CPU seconds of one search of each state."""
    nodes = leaves = 0
    start = time.process_time()
    for state in states:
        me = state.to_move
        assert me is not None
        evaluate = make_evaluator(state.rules, me, "tuned")
        core = make_searcher(state.rules, me, evaluate, 1000.0, True, True, oware=table)
        core.alphabeta(list(state.board), me, depth, -float("inf"), float("inf"), None)
        nodes += core.nodes
        leaves += core.horizon
    return nodes, leaves, time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", default="instance/tables")
    parser.add_argument("--seeds", default="26-34", help="seeds on the board, LOW-HIGH")
    parser.add_argument("--depth", type=int, default=15)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    if native.core is None:
        print("the native core is not built (make native)")
        return 1
    rules = get_variant("oware")
    table = ot.for_rules(rules, args.tables)
    if table is None:
        print(f"no Oware table in {args.tables}")
        return 1
    low, high = (int(x) for x in args.seeds.split("-"))
    states = positions(args.positions, low, high, table.seeds, args.seed)
    best: dict[str, tuple[int, int, float]] = {}
    for _ in range(args.runs):
        for name, given in (("without the table", None), ("with the table", table)):
            got = run(states, args.depth, given)
            if name not in best or got[2] < best[name][2]:
                best[name] = got
    print(f"{len(states)} positions of {low}-{high} seeds, depth {args.depth}, ", end="")
    print(f"a {table.seeds}-seed table")
    for name, (nodes, leaves, cpu) in best.items():
        rate = nodes / cpu / 1e6 if cpu else 0.0
        print(
            f"{name:18s} nodes {nodes:>10d}  heuristic leaves {leaves:>9d}  "
            f"CPU {cpu:6.3f} s  {rate:5.2f} M nodes/s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
