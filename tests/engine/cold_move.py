"""Run in a fresh process: a level's first two moves (the start, then a mid-game position) under
a reduced time limit, printed as JSON: the wall and process CPU seconds of each ``choose``.

    python -m tests.engine.cold_move ALGORITHM LEVEL VARIANT SECONDS [TABLES [TABLE_BYTES]]

``TABLE_BYTES`` sets ``engine.solver.table.TABLE_BYTES`` (the table size rule's budget) as an
app would, so that a test can prepare a small table instead of the 86 MB one of Kalah 6x4.

Nothing is imported before the clock starts but this module's standard-library imports, the
engine's package and the agent factory: a cold search process as the app starts one.
"""

from __future__ import annotations

import json
import random
import sys
import time


def main(argv: list[str]) -> None:
    algorithm, level, variant, seconds = argv[0], argv[1], argv[2], float(argv[3])
    tables = argv[4] if len(argv) > 4 else None
    from engine import get_variant
    from engine.agents import Limit
    from engine.agents.levels import level_agent
    from engine.solver import table

    if len(argv) > 5:
        table.TABLE_BYTES = table.PY_TABLE_BYTES = int(argv[5])

    rules = get_variant(variant)
    agent = level_agent(level, algorithm, seed=1, tables=tables)
    cap = agent.default_limit
    limit = Limit(seconds, cap.depth, cap.iterations)
    mid = rules.initial_state()
    rng = random.Random(5)
    for _ in range(12):  # a mid-game position: twelve random moves in
        mid = mid.play(rng.choice(mid.legal_moves()))
    out = []
    for state in (rules.initial_state(), mid):
        wall, cpu = time.perf_counter(), time.process_time()
        decision = agent.choose(state, limit)
        cpu = time.process_time() - cpu
        wall = time.perf_counter() - wall
        assert decision.move in state.legal_moves()
        out.append({"wall": wall, "cpu": cpu})
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1:])
