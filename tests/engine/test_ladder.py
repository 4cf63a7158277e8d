"""The ladder command: which levels it scales, how it prints a pair, and a tiny run."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.cli.ladder import cap_text, decisive_share, level_source, main, timed


def test_levels_limited_by_time_alone_are_the_ones_scaled() -> None:
    assert timed("master", "minimax") and timed("perfect", "minimax")
    assert not timed("expert", "minimax")  # depth 9
    assert not timed("hard", "mcts") and not timed("expert", "mcts")  # 6400 playouts
    assert timed("master", "mcts") and timed("perfect", "mcts")
    assert cap_text("expert", "mcts", 0.1) == "6400 playouts"
    assert not timed("hard", "evolutionary")  # 20 generations
    assert timed("expert", "evolutionary")  # 1000 generations: its time cap limits it
    assert cap_text("hard", "evolutionary", 0.1) == "20 generations, cap 0.5 s"
    assert cap_text("perfect", "minimax", 0.1) == "0.5 s"


def test_decisive_share_leaves_draws_out() -> None:
    result: Any = SimpleNamespace(wins=3, draws=5, losses=1)
    assert decisive_share(result) == 0.75


def test_a_tiny_ladder_prints_its_table(capsys) -> None:
    code = main(["--games", "2", "--pairs", "beginner", "--variants", "kalah", "--workers", "1"])
    out = capsys.readouterr().out
    assert "| kalah | easy (depth 2, cap 0.5 s) | beginner (depth 1, cap 0.5 s) |" in out
    assert code in (0, 1)


def test_perfect_reads_the_table_folder_the_ladder_names(tmp_path) -> None:
    assert level_source("master", "minimax", str(tmp_path)) == "master:algorithm=minimax"
    assert level_source("perfect", "mcts") == "perfect:algorithm=mcts"
    factory = level_source("perfect", "minimax", str(tmp_path))
    assert not isinstance(factory, str)
    agent: Any = factory(seed=4)
    assert agent.level == "perfect" and agent.tables == str(tmp_path)
