"""Tune the weighted minimax heuristic by self-play: ``python -m engine evolve``.

A small evolution strategy over weight vectors (the first weight, on the store difference, is
fixed at 1 to set the scale).  Each generation every candidate plays a match against the
current champion (minimax at a fixed depth, both colours, random openings); the best
candidates breed (blend crossover) and mutate (Gaussian noise); the champion is replaced when a
candidate beats it.  The result is written as JSON that minimax can load::

    python -m engine evolve --variant kalah --out engine/data/tuned-weights.json
    python -m engine arena match minimax:weights_file=engine/data/tuned-weights.json greedy

The shipped weights (``engine.agents.heuristics.TUNED_WEIGHTS``) come from this command; a test
checks that they equal the committed JSON file.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

from engine import get_variant
from engine.agents import make_agent
from engine.agents.heuristics import FEATURES, MIX_WEIGHTS
from engine.match import play_match

STARTS = {"mix": tuple(MIX_WEIGHTS), "diff": (1.0, 0.0, 0.0, 0.0)}
DEFAULT_OUT = Path(__file__).parents[1] / "data" / "tuned-weights.json"


def load_weights(path: str | Path, variant: str) -> tuple[float, ...]:
    """The weights for ``variant`` in a JSON file written by this command."""
    data = json.loads(Path(path).read_text())
    try:
        return tuple(float(w) for w in data["weights"][variant])
    except (KeyError, TypeError, ValueError):
        raise ValueError(f"{path}: no weights for {variant!r}") from None


def resolve_weights_file(spec: str, variant: str) -> str:
    """An agent spec with ``weights_file=PATH`` replaced by the weights that file holds for
    ``variant``, e.g. ``minimax:weights_file=w.json`` -> ``minimax:weights=1.0/0.3/0.0/0.0``
    (agents do no file I/O; the command-line front ends read the file)."""
    name, sep, rest = spec.partition(":")
    items = []
    for item in rest.split(",") if sep else []:
        key, _, value = item.partition("=")
        if key == "weights_file":
            items.append("weights=" + "/".join(str(w) for w in load_weights(value, variant)))
        else:
            items.append(item)
    return name + (":" + ",".join(items) if sep else "")


def score_against(
    variant: str,
    weights: tuple[float, ...],
    champion: tuple[float, ...],
    depth: int,
    games: int,
    seed: int,
    workers: int,
) -> float:
    """The candidate's points share (win 1, draw 1/2) against the champion."""
    rules = get_variant(variant)
    candidate = partial(make_agent, "minimax", weights=weights)
    reference = partial(make_agent, "minimax", weights=champion)
    from engine.agents import Limit

    result = play_match(
        rules,
        candidate,
        reference,
        games,
        seed=seed,
        workers=workers,
        limit_a=Limit(depth=depth),
        limit_b=Limit(depth=depth),
    )
    return result.score


def evolve(
    start: tuple[float, ...],
    variant: str,
    generations: int,
    population: int,
    games: int,
    depth: int,
    seed: int,
    workers: int,
    threshold: float = 0.6,
    log: Callable[[str], object] = print,
) -> tuple[float, ...]:
    """Evolve from the ``start`` weights; a candidate becomes champion by scoring at least
    ``threshold`` against it.  Returns the last champion's weights."""
    rng = random.Random(seed)
    champion = start
    pool = [champion] + [_mutate(champion, rng, 0.5) for _ in range(population - 1)]
    for generation in range(generations):
        scored = []
        for k, weights in enumerate(pool):
            score = score_against(
                variant,
                weights,
                champion,
                depth,
                games,
                seed * 1000 + generation * 100 + k,
                workers,
            )
            scored.append((score, weights))
        scored.sort(key=lambda s: -s[0])
        best_score, best = scored[0]
        if best != champion and best_score >= threshold:
            champion = best
        log(
            f"generation {generation + 1}: best {best_score:.2f} {_fmt(best)}; "
            f"champion {_fmt(champion)}"
        )
        parents = [w for _, w in scored[: max(2, population // 3)]]
        pool = [champion]
        while len(pool) < population:
            a, b = rng.sample(parents, 2)
            mix = rng.random()
            child = tuple(x * mix + y * (1 - mix) for x, y in zip(a, b, strict=True))
            pool.append(_mutate(child, rng, 0.2))
    return champion


def _mutate(weights: tuple[float, ...], rng: random.Random, sigma: float) -> tuple[float, ...]:
    return (1.0, *(round(w + rng.gauss(0, sigma), 3) for w in weights[1:]))


def _fmt(weights: tuple[float, ...]) -> str:
    return "(" + ", ".join(f"{w:.3f}" for w in weights) + ")"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine evolve",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--variant", nargs="+", default=["kalah", "oware"])
    parser.add_argument("--generations", type=int, default=6)
    parser.add_argument("--population", type=int, default=8)
    parser.add_argument("--games", type=int, default=12, help="games per candidate per generation")
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument(
        "--start",
        choices=sorted(STARTS),
        default="mix",
        help="the first champion: store difference + 0.3 x row difference, or diff",
    )
    parser.add_argument(
        "--threshold",
        type=float,
        default=0.6,
        help="points share a candidate needs to take the champion's place",
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    data = json.loads(args.out.read_text()) if args.out.exists() else {}
    data.setdefault("features", list(FEATURES))
    data.setdefault("weights", {})
    for variant in args.variant:
        print(f"== {variant}", flush=True)
        weights = evolve(
            STARTS[args.start],
            variant,
            args.generations,
            args.population,
            args.games,
            args.depth,
            args.seed,
            args.workers,
            args.threshold,
            log=lambda s: print(s, flush=True),
        )
        data["weights"][variant] = list(weights)
        command = "python -m engine evolve " + " ".join(argv or sys.argv[1:])
        data.setdefault("commands", {})[variant] = f"{command} ({datetime.date.today()})"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=2) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
