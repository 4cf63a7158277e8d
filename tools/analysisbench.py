"""How long the analysis of a game takes: ``python -m tools.analysisbench``.

Plays a seeded game of ``--moves`` moves (Kalah 6x4 by default) on one screen in a fresh app
with the server's own search processes, asks for its analysis through the API and prints the
time it took, with how many positions came out exact.  The target is a 60-move Kalah(6,4) game
in 30 s or less.

``--sizes`` instead times one position's evaluation (the start of Kalah 6x4 and of Oware, and a
position a few moves in) at the analysis's per-position seconds: the node budget they plan
for, the wall time and CPU time it took (each of ``--repeat`` runs), and whether every run gave
the same values (it must: the search has a fixed size).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from typing import Any

from engine import get_variant
from engine.agents.analysis import evaluate, size_for


def seeded_game(variant: str, options: dict[str, Any], moves: int, seed: int) -> list[int]:
    """The first ``moves`` moves of a random game (the first seed whose game lasts that long)."""
    rules = get_variant(variant, **options)
    for attempt in range(seed, seed + 1000):
        rng = random.Random(attempt)
        state, played = rules.initial_state(), list[int]()
        while not state.is_over and len(played) < moves:
            pit = rng.choice(state.legal_moves())
            played.append(pit)
            state = state.play(pit)
        if len(played) == moves or state.is_over and moves >= 10_000:
            return played
    raise SystemExit(f"no game of {moves} moves found")


def time_sizes(seconds: float, repeat: int) -> None:
    """Print what one position's evaluation searches and takes, run ``repeat`` times."""
    positions = [
        ("kalah", {"pits": 6, "seeds": 4}, []),
        ("kalah", {"pits": 6, "seeds": 4}, [2, 5, 1, 3]),
        ("oware", {}, []),
        ("oware", {}, [0, 3, 1, 4]),
    ]
    for variant, options, moves in positions:
        rules = get_variant(variant, **options)
        state = rules.initial_state()
        for pit in moves:
            state = state.play(pit)
        size = size_for(rules, seconds)
        found = evaluate(state, size=size)  # the solver's endgame table, built once a process
        walls, cpus, seen = [], [], []
        for _ in range(repeat):
            wall, cpu = time.perf_counter(), time.process_time()
            found = evaluate(state, size=size)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            seen.append((found.values, found.exact, found.capped))
        same = all(s == seen[0] for s in seen)
        print(
            f"{variant} {'+'.join(map(str, moves)) or 'start'}: {size.solver_nodes:,} solver + "
            f"{size.nodes:,} search nodes (planned {size.seconds} s, cap {size.cap} s): "
            f"wall {min(walls):.2f}-{max(walls):.2f} s, cpu {min(cpus):.2f}-{max(cpus):.2f} s, "
            f"{found.source}, depth {found.depth}, best {found.best} ({found.value:+g}), "
            f"{'the same values every run' if same else 'VALUES DIFFER'}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="kalah")
    parser.add_argument("--pits", type=int, default=6)
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="search processes (AI_WORKERS)")
    parser.add_argument("--sizes", action="store_true", help="time one position's evaluation")
    parser.add_argument("--seconds", type=float, default=0.35, help="--sizes: seconds planned")
    parser.add_argument("--repeat", type=int, default=3, help="--sizes: runs of each position")
    args = parser.parse_args(argv)
    if args.sizes:
        time_sizes(args.seconds, args.repeat)
        return

    from app import create_app

    options = {"pits": args.pits, "seeds": args.seeds}
    moves = seeded_game(args.variant, options, args.moves, args.seed)
    app = create_app(
        {
            "INSTANCE_PATH": tempfile.mkdtemp(prefix="mancala-bench-"),
            "AI_WORKERS": args.workers,
            "RATE_LIMITS": {},
        }
    )
    try:
        client = app.test_client()

        def post(url: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
            answer: dict[str, Any] = client.post(url, json=data).json or {}
            return answer

        game = post("/api/games", {"variant": args.variant, "options": options, "mode": "local"})
        for pit in moves:
            game = post(f"/api/games/{game['id']}/moves", {"pit": pit, "version": game["version"]})
        app.extensions["mancala_computer"].queue.warm_up()
        url = f"/api/games/{game['id']}/analysis"
        start = time.perf_counter()
        found = post(url)
        while found["status"] == "running":
            time.sleep(0.05)
            found = client.get(url).json or {}
        took = time.perf_counter() - start
    finally:
        app.extensions["mancala_computer"].shutdown()
    exact = len([m for m in found["moves"] if m["exact"]])
    print(
        f"{args.variant} {args.pits}x{args.seeds}: {len(moves)} moves analysed in {took:.1f} s "
        f"({found['status']}; {exact} of {found['total']} moves exact; "
        f"{took / max(1, len(moves)):.2f} s a position)"
    )


if __name__ == "__main__":
    main()
