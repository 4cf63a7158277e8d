"""``python -m engine bench --exact --ways ...``: the fixed game's analysis each way asked for,
lines on one shared transposition table among them, and whether all gave the same values."""

from __future__ import annotations

import io

import pytest

from engine.cli import exactbench


def test_the_bench_values_the_game_each_way_and_compares_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(exactbench, "GAME", exactbench.GAME[:4])  # the book's plies: quick
    out = io.StringIO()
    ways = ("positions", "lines", "shared")
    exactbench.bench_analysis(None, 0.05, 0.0, 2, out, ways=ways)
    text = out.getvalue()
    assert ", positions: " in text and ", lines (" in text and ", shared (" in text
    assert text.count("4 of 4 positions exact") == 3
    assert "positions and lines and shared: the same values for every position" in text


def test_the_bench_refuses_an_unknown_way() -> None:
    with pytest.raises(SystemExit):
        exactbench.main(["--ways", "positions,guesses", "--games", "0", "--openings", "0"])
