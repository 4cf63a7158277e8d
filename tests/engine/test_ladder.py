"""The ladder command: which levels it scales, how it prints a pair, and a tiny run."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.cli.ladder import (
    cap_text,
    decisive_share,
    exact_text,
    level_source,
    main,
    opening_values,
    timed,
)


def test_levels_limited_by_time_alone_are_the_ones_scaled() -> None:
    assert timed("master", "minimax") and timed("perfect", "minimax")
    assert not timed("expert", "minimax")  # depth 9
    assert not timed("hard", "mcts") and not timed("expert", "mcts")  # 6400 playouts
    assert timed("master", "mcts") and timed("perfect", "mcts")
    assert cap_text("expert", "mcts", 0.1) == "6400 playouts"
    assert not timed("hard", "evolutionary")  # 10 generations
    assert timed("expert", "evolutionary")  # 1000 generations: its time cap limits it
    assert cap_text("hard", "evolutionary", 0.1) == "10 generations, cap 0.5 s"
    assert cap_text("perfect", "minimax", 0.1) == "0.5 s"


def test_decisive_share_leaves_draws_out() -> None:
    result: Any = SimpleNamespace(wins=3, draws=5, losses=1)
    assert decisive_share(result) == 0.75


def test_a_tiny_ladder_prints_its_table(capsys) -> None:
    code = main(["--games", "2", "--pairs", "beginner", "--variants", "kalah", "--workers", "1"])
    out = capsys.readouterr().out
    assert "| kalah | easy (depth 2, cap 0.5 s) | beginner (depth 1, cap 0.5 s) |" in out
    assert code in (0, 1)


def test_every_level_reads_the_table_folder_the_ladder_names(tmp_path) -> None:
    assert level_source("master", "minimax") == "master:algorithm=minimax"
    assert level_source("perfect", "mcts") == "perfect:algorithm=mcts"
    factory = level_source("perfect", "minimax", str(tmp_path))
    assert not isinstance(factory, str)
    agent: Any = factory(seed=4)
    assert agent.level == "perfect" and agent.tables == str(tmp_path)
    master = level_source("master", "minimax", str(tmp_path))
    assert not isinstance(master, str)
    assert master(seed=4).tables == str(tmp_path)  # type: ignore[attr-defined]


def test_exact_compares_each_game_with_its_openings_value() -> None:
    from engine import get_variant
    from engine.match import play_match
    from engine.solver import Solver

    rules = get_variant("kalah", pits=4, seeds=3)
    result = play_match(rules, "perfect", "random", 6, seed=5, workers=1)
    values = opening_values(rules, result.games, None)
    judge = Solver(rules)
    for opening, value in values.items():
        state = rules.initial_state()
        for move in opening:
            state = state.play(move)
        solved = judge.solve(state).value
        assert value == (solved if state.to_move == 0 else -solved)
    text = exact_text(result.games, values)
    # Perfect never ends below its opening's exact value; random play gives some away.
    assert "below it in 0 " in text and f"of {len(result.games)} games" in text
    # Against random play Perfect wins every game, whatever its opening's value.
    decisive = result.wins + result.losses
    assert result.wins == decisive == len(result.games)
    gives_win = sum(
        values[g.result.opening] * (1 if g.a_player == 0 else -1) > 0 for g in result.games
    )
    assert text.startswith(f"{gives_win} of {decisive} decisive games")
