"""The arena: matches between agents, and the MCTS-versus-random sweep, from the command line.

``python -m engine arena match A B --variant kalah --games 100`` plays A against B with colours
alternating and prints wins, draws and losses for A, the mean margin, the Elo difference with a
95% interval (see :func:`engine.match.elo_estimate`) and the time per move.  ``sweep`` plays MCTS
against random as the playouts a move grow (5, 10, ... 100) and draws the win rate.

Plots are SVG written by hand (no dependency) or PNG through matplotlib, which is imported only
when a ``.png`` is asked for.  Games are played by :mod:`engine.match`.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO
from xml.sax.saxutils import escape

from engine import get_variant, variant_names
from engine.core import Rules
from engine.match import MatchResult, derived_seed, play_match, rules_text, score_interval

# -- plots -------------------------------------------------------------------------------------


@dataclass
class Series:
    """One line of a chart, with an optional interval (``low``..``high``) at each point."""

    name: str
    xs: Sequence[float]
    ys: Sequence[float]
    low: list[float] | None = None
    high: list[float] | None = None


COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")


def nice_ticks(lo: float, hi: float, count: int = 6) -> list[float]:
    """Round tick values covering ``lo``..``hi``.

    >>> nice_ticks(0, 100)
    [0, 20, 40, 60, 80, 100]
    """
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / max(1, count - 1)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    start = math.floor(lo / step) * step
    ticks = []
    t = start
    while t <= hi + step * 1e-9:
        ticks.append(round(t, 10))
        t += step
    if ticks[-1] < hi:
        ticks.append(round(t, 10))
    return ticks


def svg_chart(
    series: Sequence[Series],
    title: str,
    xlabel: str,
    ylabel: str,
    y_range: tuple[float, float] | None = None,
    width: int = 720,
    height: int = 440,
) -> str:
    """A line chart as SVG text: axes, ticks, grid, lines with points, interval bars, legend."""
    left, right, top, bottom = 70, 20, 40, 60
    pw, ph = width - left - right, height - top - bottom
    xs = [x for s in series for x in s.xs]
    ys = [y for s in series for y in (*s.ys, *(s.low or ()), *(s.high or ())) if math.isfinite(y)]
    xt = nice_ticks(min(xs, default=0), max(xs, default=1))
    yt = nice_ticks(*y_range) if y_range else nice_ticks(min(ys, default=0), max(ys, default=1))
    x0, x1, y0, y1 = xt[0], xt[-1], yt[0], yt[-1]

    def px(x: float) -> float:
        return left + (x - x0) / (x1 - x0) * pw

    def py(y: float) -> float:
        y = min(max(y, y0), y1)
        return top + ph - (y - y0) / (y1 - y0) * ph

    def num(v: float) -> str:
        return f"{v:g}"

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15">{escape(title)}</text>',
    ]
    for t in yt:
        y = py(t)
        out.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + pw}" y2="{y:.1f}" stroke="#ddd"/>'
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{num(t)}</text>'
        )
    for t in xt:
        x = px(t)
        out.append(
            f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + ph}" stroke="#eee"/>'
            f'<text x="{x:.1f}" y="{top + ph + 18}" text-anchor="middle">{num(t)}</text>'
        )
    out.append(
        f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#333"/>'
        f'<text x="{left + pw / 2}" y="{height - 14}" text-anchor="middle">{escape(xlabel)}</text>'
        f'<text x="16" y="{top + ph / 2}" text-anchor="middle" '
        f'transform="rotate(-90 16 {top + ph / 2})">{escape(ylabel)}</text>'
    )
    for k, s in enumerate(series):
        colour = COLOURS[k % len(COLOURS)]
        if s.low is not None and s.high is not None:
            for x, lo, hi in zip(s.xs, s.low, s.high, strict=True):
                out.append(
                    f'<line x1="{px(x):.1f}" y1="{py(lo):.1f}" x2="{px(x):.1f}" '
                    f'y2="{py(hi):.1f}" stroke="{colour}" stroke-opacity="0.5"/>'
                )
        points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in zip(s.xs, s.ys, strict=True))
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for x, y in zip(s.xs, s.ys, strict=True):
            out.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="{colour}"/>')
        # The legend sits in the lower right corner, one line a series.
        ly = top + ph - 12 - 18 * (len(series) - 1 - k)
        lx = left + pw - 16 - 7 * max(len(x.name) for x in series) - 32
        out.append(
            f'<line x1="{lx}" y1="{ly - 4}" x2="{lx + 20}" y2="{ly - 4}" '
            f'stroke="{colour}" stroke-width="2"/>'
            f'<text x="{lx + 26}" y="{ly}">{escape(s.name)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_plot(
    path: str,
    series: Sequence[Series],
    title: str,
    xlabel: str,
    ylabel: str,
    y_range: tuple[float, float] | None = None,
) -> None:
    """Write a chart to ``path``: SVG by hand, or PNG with matplotlib (imported only here)."""
    ext = Path(path).suffix.lower()
    if ext == ".svg":
        with Path(path).open("w", encoding="utf-8") as f:
            f.write(svg_chart(series, title, xlabel, ylabel, y_range))
        return
    if ext != ".png":
        raise ValueError(f"plot file {path!r}: use a .svg or .png name")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RuntimeError(
            "a .png plot needs matplotlib (pip install -r requirements-dev.txt); "
            "or ask for a .svg, which needs nothing"
        ) from None
    fig, ax = plt.subplots(figsize=(7.2, 4.4), dpi=100)
    for k, s in enumerate(series):
        colour = COLOURS[k % len(COLOURS)]
        if s.low is not None and s.high is not None:
            below = [y - lo for y, lo in zip(s.ys, s.low, strict=True)]
            above = [hi - y for y, hi in zip(s.ys, s.high, strict=True)]
            ax.errorbar(s.xs, s.ys, yerr=[below, above], color=colour, alpha=0.5, fmt="none")
        ax.plot(s.xs, s.ys, marker="o", color=colour, label=s.name)
    if y_range:
        pad = (y_range[1] - y_range[0]) * 0.03
        ax.set_ylim(y_range[0] - pad, y_range[1] + pad)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


# -- output --------------------------------------------------------------------------------------


class ProgressBar:
    """A one-line progress bar on a stream (stderr), redrawn in place."""

    def __init__(self, total: int, label: str = "", stream: TextIO | None = None) -> None:
        self.total = total
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.perf_counter()

    def update(self, done: int, note: str = "") -> None:
        width = 30
        filled = round(width * done / self.total) if self.total else width
        bar = "#" * filled + "." * (width - filled)
        elapsed = time.perf_counter() - self.start
        text = f"\r{self.label}[{bar}] {done}/{self.total} games {note} {elapsed:.0f}s"
        self.stream.write(text)
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def match_progress(bar: ProgressBar) -> Any:
    """A progress callback for :func:`play_match` that shows A's wins-draws-losses."""

    def update(result: MatchResult) -> None:
        bar.update(len(result.games), f"A {result.wins}-{result.draws}-{result.losses}")

    return update


CSV_FIELDS = (
    "game",
    "a_player",
    "opening",
    "outcome",
    "score_a",
    "score_b",
    "margin",
    "plies",
    "a_moves",
    "a_mean_s",
    "a_max_s",
    "b_moves",
    "b_mean_s",
    "b_max_s",
    "record",
)


def write_match_csv(path: str, result: MatchResult) -> None:
    """One row a game: who A was, the outcome for A, scores, move times and the game record."""
    with Path(path).open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(CSV_FIELDS)
        for g in result.games:
            a_t, b_t = g.times("a"), g.times("b")
            scores = g.result.scores
            writer.writerow(
                [
                    g.index,
                    g.a_player,
                    " ".join(map(str, g.result.opening)),
                    g.outcome,
                    scores[g.a_player],
                    scores[g.b_player],
                    g.margin,
                    len(g.result.moves),
                    len(a_t),
                    f"{sum(a_t) / len(a_t):.6f}" if a_t else "",
                    f"{max(a_t):.6f}" if a_t else "",
                    len(b_t),
                    f"{sum(b_t) / len(b_t):.6f}" if b_t else "",
                    f"{max(b_t):.6f}" if b_t else "",
                    g.result.record(result.rules).to_text(),
                ]
            )


def match_series(result: MatchResult) -> list[Series]:
    """A's running score (%) after each game, with its 95% interval."""
    xs, ys, low, high = [], [], [], []
    w = d = losses = 0
    for n, g in enumerate(result.games, 1):
        w += g.outcome == "win"
        d += g.outcome == "draw"
        losses += g.outcome == "loss"
        lo, hi = score_interval(w, d, losses)
        xs.append(n)
        ys.append(100 * (w + d / 2) / n)
        low.append(100 * lo)
        high.append(100 * hi)
    return [Series(f"{result.a} vs {result.b}", xs, ys, low, high)]


# -- commands ------------------------------------------------------------------------------------


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    """``["pits=4", "capture=false"]`` as ``{"pits": 4, "capture": False}``.

    >>> parse_options(["pits=4", "capture=false"])
    {'pits': 4, 'capture': False}
    """
    options: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise ValueError(f"option {item!r} is not key=value")
        low = value.lower()
        if low in ("true", "yes", "on"):
            options[key] = True
        elif low in ("false", "no", "off"):
            options[key] = False
        else:
            try:
                options[key] = int(value)
            except ValueError:
                options[key] = value
    return options


def _rules(args: argparse.Namespace) -> Rules:
    return get_variant(args.variant, **parse_options(args.option or []))


def _seed(args: argparse.Namespace) -> int:
    if args.seed is not None:
        return int(args.seed)
    return int.from_bytes(os.urandom(4), "big")


def check_outputs(args: argparse.Namespace) -> None:
    """Fail before any game is played if an output file can't be written."""
    for path in (args.csv, args.plot):
        if path is None:
            continue
        folder = Path(path).resolve().parent
        if not folder.is_dir():
            raise ValueError(f"cannot write {path}: no folder {folder}")
    if args.plot and Path(args.plot).suffix.lower() not in (".svg", ".png"):
        raise ValueError(f"plot file {args.plot!r}: use a .svg or .png name")


def cmd_match(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    check_outputs(args)
    rules = _rules(args)
    seed = _seed(args)
    bar = ProgressBar(args.games, stream=err)
    from engine.cli.evolve_weights import resolve_weights_file

    result = play_match(
        rules,
        resolve_weights_file(args.a, rules.name),
        resolve_weights_file(args.b, rules.name),
        args.games,
        seed=seed,
        openings=args.openings,
        workers=args.workers,
        progress=match_progress(bar),
    )
    bar.close()
    out.write(result.summary() + "\n")
    if args.csv:
        write_match_csv(args.csv, result)
        out.write(f"games written to {args.csv}\n")
    if args.plot:
        write_plot(
            args.plot,
            match_series(result),
            f"{result.a} vs {result.b} ({rules_text(rules)})",
            "games played",
            "score of A (%), 95% interval",
            (0, 100),
        )
        out.write(f"plot written to {args.plot}\n")
    return 0


SWEEP_ITERATIONS = tuple(range(5, 101, 5))


@dataclass
class SweepRow:
    """One point of the sweep: MCTS with ``iterations`` playouts a move against the opponent."""

    iterations: int
    result: MatchResult

    @property
    def win_rate(self) -> float:
        n = len(self.result.games)
        return self.result.wins / n if n else 0.0


def run_sweep(
    rules: Rules,
    iterations: Sequence[int],
    games: int,
    seed: int,
    opponent: str = "random",
    mcts: str = "mcts",
    openings: int = 2,
    workers: int = 1,
    err: TextIO | None = None,
) -> list[SweepRow]:
    """MCTS (``mcts:iterations=N``) against ``opponent`` for each N, ``games`` games each."""
    rows = []
    sep = "," if ":" in mcts else ":"
    for k, n in enumerate(iterations):
        spec = f"{mcts}{sep}iterations={n}"
        bar = ProgressBar(games, f"{n:>4} playouts ", stream=err) if err else None
        result = play_match(
            rules,
            spec,
            opponent,
            games,
            seed=derived_seed(seed, k),
            openings=openings,
            workers=workers,
            progress=match_progress(bar) if bar else None,
        )
        if bar:
            bar.close()
        rows.append(SweepRow(n, result))
    return rows


def sweep_table(rows: Sequence[SweepRow]) -> str:
    """The sweep as a text table."""
    lines = [
        f"{'playouts':>8} {'games':>5} {'wins':>4} {'draws':>5} {'losses':>6} "
        f"{'win rate':>8} {'margin':>7}  Elo (95% interval)"
    ]
    for row in rows:
        r = row.result
        lines.append(
            f"{row.iterations:>8} {len(r.games):>5} {r.wins:>4} {r.draws:>5} {r.losses:>6} "
            f"{100 * row.win_rate:>7.1f}% {r.mean_margin:>+7.2f}  {r.elo().text()}"
        )
    return "\n".join(lines)


def sweep_series(rows: Sequence[SweepRow]) -> list[Series]:
    """Win rate (%) against playouts, with its 95% (Wilson) interval."""
    xs, ys, low, high = [], [], [], []
    for row in rows:
        n = len(row.result.games)
        lo, hi = score_interval(row.result.wins, 0, n - row.result.wins)
        xs.append(row.iterations)
        ys.append(100 * row.win_rate)
        low.append(100 * lo)
        high.append(100 * hi)
    name = f"{rows[0].result.a.split(':')[0]} vs {rows[0].result.b}" if rows else ""
    return [Series(name, xs, ys, low, high)]


def cmd_sweep(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    check_outputs(args)
    rules = _rules(args)
    seed = _seed(args)
    iterations = [int(x) for x in args.iterations.split(",")] if args.iterations else None
    rows = run_sweep(
        rules,
        iterations or SWEEP_ITERATIONS,
        args.games,
        seed,
        opponent=args.opponent,
        mcts=args.mcts,
        openings=args.openings,
        workers=args.workers,
        err=err,
    )
    out.write(
        f"{args.mcts} against {args.opponent}: {rules_text(rules)}, {args.games} games a point, "
        f"seed {seed}\n"
    )
    out.write(sweep_table(rows) + "\n")
    if args.csv:
        with Path(args.csv).open("w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            writer.writerow(["playouts", "games", "wins", "draws", "losses", "win_rate", "elo"])
            for row in rows:
                r = row.result
                writer.writerow(
                    [
                        row.iterations,
                        len(r.games),
                        r.wins,
                        r.draws,
                        r.losses,
                        f"{row.win_rate:.4f}",
                        f"{r.elo().diff:.1f}",
                    ]
                )
        out.write(f"table written to {args.csv}\n")
    plot = args.plot or "sweep.svg"
    write_plot(
        plot,
        sweep_series(rows),
        f"MCTS win rate against {args.opponent} ({rules_text(rules)})",
        "playouts a move",
        f"win rate (%), {args.games} games a point, 95% interval",
        (0, 100),
    )
    out.write(f"plot written to {plot}\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m engine arena",
        description="Matches between agents, and the MCTS-against-random sweep.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p: argparse.ArgumentParser, games: int) -> None:
        p.add_argument("--variant", default="kalah", choices=variant_names())
        p.add_argument(
            "--option", action="append", metavar="K=V", help="a rule option (repeatable)"
        )
        p.add_argument("--games", type=int, default=games, help=f"games (default {games})")
        p.add_argument("--seed", type=int, help="match seed (default: random, printed)")
        p.add_argument("--openings", type=int, default=2, help="random plies opening each pair (2)")
        p.add_argument("--workers", type=int, default=1, help="processes playing games (1)")
        p.add_argument("--csv", metavar="FILE", help="write the games (or table) as CSV")

    m = sub.add_parser("match", help="play agent A against agent B")
    m.add_argument("a", help="agent spec, e.g. minimax:depth=6,heuristic=diff or expert")
    m.add_argument("b", help="agent spec, e.g. mcts:iterations=2000 or random")
    common(m, 20)
    m.add_argument("--plot", metavar="FILE", help="draw A's running score (.svg or .png)")

    s = sub.add_parser("sweep", help="MCTS win rate against random as playouts grow")
    common(s, 30)
    s.add_argument("--iterations", help="comma-separated playouts (default 5,10,...,100)")
    s.add_argument("--opponent", default="random", help="agent spec (default random)")
    s.add_argument("--mcts", default="mcts", help="MCTS agent spec (default mcts)")
    s.add_argument("--plot", metavar="FILE", help="plot file (.svg or .png; default sweep.svg)")
    return parser


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Run the arena command line; returns the exit status."""
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        if args.command == "match":
            return cmd_match(args, out, err)
        return cmd_sweep(args, out, err)
    except (ValueError, RuntimeError, OSError) as exc:
        err.write(f"error: {exc}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main())
