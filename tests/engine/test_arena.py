"""The arena: Elo arithmetic, deterministic matches, CSV and plot output, the command line."""

from __future__ import annotations

import csv
import io
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine import get_variant
from engine.agents.base import Agent
from engine.agents.decision import Decision, Limit
from engine.cli import arena
from engine.core import State
from engine.match import (
    elo_estimate,
    elo_from_score,
    make_from_source,
    play_game,
    play_match,
    random_opening,
    score_interval,
)


def test_elo_from_score_known_values() -> None:
    assert elo_from_score(0.5) == 0.0
    assert elo_from_score(0.75) == pytest.approx(400 * math.log10(3))  # 190.85
    assert elo_from_score(10 / 11) == pytest.approx(400.0)  # 10:1 odds is 400 Elo
    assert elo_from_score(0.25) == pytest.approx(-elo_from_score(0.75))
    assert elo_from_score(1.0) == math.inf and elo_from_score(0.0) == -math.inf


def test_score_interval_is_wilsons() -> None:
    # 75 of 100: Wilson's 95% interval is 0.6570 to 0.8245 (textbook value).
    low, high = score_interval(75, 0, 25)
    assert (round(low, 4), round(high, 4)) == (0.657, 0.8245)
    # Each bound solves (s - p)^2 = z^2 p (1 - p) / n.
    for s, n, (lo, hi) in ((0.75, 100, (low, high)), (0.6, 20, score_interval(11, 2, 7))):
        for p in (lo, hi):
            assert (s - p) ** 2 == pytest.approx(1.959964**2 * p * (1 - p) / n, rel=1e-5)


def test_elo_estimate_converts_the_score_interval() -> None:
    e = elo_estimate(75, 0, 25)
    assert e.score == 0.75
    assert e.diff == pytest.approx(190.849, abs=1e-3)
    assert e.low == pytest.approx(elo_from_score(0.6570), abs=0.1)
    assert e.high == pytest.approx(elo_from_score(0.8245), abs=0.1)
    assert (round(e.low, 1), round(e.high, 1)) == (112.9, 268.8)


def test_elo_interval_with_draws_is_symmetric_around_zero() -> None:
    e = elo_estimate(40, 20, 40)
    assert e.diff == 0.0
    assert e.low == pytest.approx(-e.high) and e.high > 0


def test_elo_interval_at_the_extremes() -> None:
    e = elo_estimate(30, 0, 0)
    assert e.diff == math.inf and e.high == math.inf
    assert e.low == pytest.approx(elo_from_score(30 / (30 + 1.959964**2)), abs=0.1)
    assert elo_estimate(0, 0, 30).high == pytest.approx(-e.low)
    # One draw instead of a win lowers the bound.
    assert elo_estimate(29, 1, 0).low < e.low


def test_random_opening_is_legal_and_deterministic() -> None:
    import random

    rules = get_variant("kalah")
    a = random_opening(rules, 2, random.Random(5))
    assert a == random_opening(rules, 2, random.Random(5))
    state = rules.initial_state()
    for pit in a:
        state = state.play(pit)
    assert len(a) == 2 and not state.is_over


def test_play_game_adds_up() -> None:
    from engine.agents import make_agent

    rules = get_variant("kalah", pits=4, seeds=3)
    game = play_game(rules, make_agent("greedy", seed=1), make_agent("random", seed=2), (1, 2))
    assert game.moves[:2] == (1, 2)
    assert sum(game.scores) == rules.total_seeds
    assert len(game.times[0]) + len(game.times[1]) == len(game.moves) - 2
    record = game.record(rules)
    assert record.state.is_over and record.state.scores == game.scores


def test_match_is_deterministic_and_counts_add_up() -> None:
    rules = get_variant("kalah", pits=4, seeds=3)
    first = play_match(rules, "greedy", "random", games=10, seed=11)
    again = play_match(rules, "greedy", "random", games=10, seed=11)
    assert [g.result.moves for g in first.games] == [g.result.moves for g in again.games]
    assert first.wins + first.draws + first.losses == 10
    assert first.wins > first.losses  # greedy beats random
    assert [g.a_player for g in first.games] == [0, 1] * 5
    for k in range(0, 10, 2):  # both games of a pair share their opening
        assert first.games[k].result.opening == first.games[k + 1].result.opening
        assert len(first.games[k].result.opening) == 2
    other = play_match(rules, "greedy", "random", games=10, seed=12)
    assert [g.result.moves for g in other.games] != [g.result.moves for g in first.games]
    margin = sum(g.margin for g in first.games) / 10
    assert first.mean_margin == pytest.approx(margin)
    mean, worst, moves = first.time_stats("a")
    assert 0 <= mean <= worst and moves > 0


def test_parallel_workers_play_the_same_games() -> None:
    rules = get_variant("kalah", pits=4, seeds=3)
    one = play_match(rules, "greedy", "random:seconds=1", games=4, seed=3)
    two = play_match(rules, "greedy", "random:seconds=1", games=4, seed=3, workers=2)
    assert [g.result.moves for g in one.games] == [g.result.moves for g in two.games]
    assert [g.index for g in two.games] == [0, 1, 2, 3]


def test_bad_spec_fails_early() -> None:
    with pytest.raises(ValueError):
        play_match(get_variant("kalah"), "nosuchagent", "random", games=2)


def run_arena(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = arena.main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_match_command_writes_csv_and_svg(tmp_path: Path) -> None:
    csv_file, svg_file = tmp_path / "games.csv", tmp_path / "score.svg"
    status, out, err = run_arena(
        "match", "greedy", "random", "--variant", "kalah", "--option", "pits=4",
        "--games", "6", "--seed", "7", "--csv", str(csv_file), "--plot", str(svg_file),
    )  # fmt: skip
    assert status == 0
    assert "6/6 games" in err  # the progress bar
    assert "Elo difference A - B:" in out and "95% interval" in out
    assert "time a move, A (greedy): mean" in out
    with Path(csv_file).open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 6
    wins = sum(r["outcome"] == "win" for r in rows)
    draws = sum(r["outcome"] == "draw" for r in rows)
    losses = sum(r["outcome"] == "loss" for r in rows)
    assert f"A wins {wins}, draws {draws}, losses {losses}" in out
    for r in rows:  # every record replays to its scores
        from engine.record import GameRecord

        game = GameRecord.from_text(r["record"])
        a = int(r["a_player"])
        assert game.state.scores[a] == int(r["score_a"])
    root = ET.parse(svg_file).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.findall(".//{http://www.w3.org/2000/svg}polyline")


def test_match_png_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "score.png"
    status, _, _ = run_arena("match", "greedy", "random", "--option", "pits=3",
                             "--games", "2", "--seed", "1", "--plot", str(png))  # fmt: skip
    assert status == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_sweep_command(tmp_path: Path) -> None:
    svg, table = tmp_path / "sweep.svg", tmp_path / "sweep.csv"
    status, out, _ = run_arena(
        "sweep", "--option", "pits=3", "--option", "seeds=2", "--iterations", "5,10",
        "--games", "2", "--seed", "1", "--plot", str(svg), "--csv", str(table),
    )  # fmt: skip
    assert status == 0
    lines = out.splitlines()
    assert lines[1].split()[:2] == ["playouts", "games"]
    assert [line.split()[0] for line in lines[2:4]] == ["5", "10"]
    with Path(table).open(newline="") as f:
        assert [r["playouts"] for r in csv.DictReader(f)] == ["5", "10"]
    ET.parse(svg)


def test_command_errors_are_reported(tmp_path: Path) -> None:
    status, _, err = run_arena("match", "nosuch", "random", "--games", "2")
    assert status == 2 and "unknown agent" in err
    status, _, err = run_arena("match", "random", "random", "--option", "pits=99")
    assert status == 2 and "pits" in err
    status, _, err = run_arena("match", "random", "random", "--plot", str(tmp_path / "x.gif"))
    assert status == 2 and ".svg or .png" in err and "games" not in err  # before any game
    status, _, err = run_arena("match", "random", "random", "--csv", str(tmp_path / "no/x.csv"))
    assert status == 2 and "no folder" in err and "games" not in err


def test_svg_chart_is_well_formed_with_infinite_bounds() -> None:
    series = [arena.Series("s", [1, 2], [50.0, 100.0], [0.0, 80.0], [100.0, math.inf])]
    ET.fromstring(arena.svg_chart(series, "t <&>", "x", "y", (0, 100)))


def test_level_sources_factories_and_time_scale() -> None:
    from functools import partial

    from engine.agents import make_agent

    rules = get_variant("kalah", pits=3, seeds=2)
    factory = partial(make_agent, level="easy", algorithm="minimax")
    result = play_match(rules, "beginner", factory, games=2, seed=1)
    assert result.a == "beginner" and result.b.startswith("make_agent:")
    assert len(result.games) == 2
    # A 1 s MCTS scaled by 0.05 is asked to think 0.05 s a move (the limit it is given; its
    # wall time is the benchmarks' business: a loaded machine stretches it).
    asked: list[Limit | None] = []

    def watched_mcts(seed: int) -> Agent:
        agent = make_from_source("mcts:seconds=1", seed)
        choose = agent.choose

        def choose_watched(state: State, limit: Limit | None = None) -> Decision:
            asked.append(limit)
            return choose(state, limit)

        agent.choose = choose_watched  # type: ignore[method-assign]
        return agent

    scaled = play_match(rules, watched_mcts, "random", games=1, seed=1, time_scale=0.05)
    assert scaled.time_stats("a")[2] == len(asked) > 0
    assert all(limit is not None and limit.seconds == pytest.approx(0.05) for limit in asked)
