"""Glicko-2 against Glickman's worked example and the rules around it."""

from __future__ import annotations

import pytest

from app.ratings.glicko2 import Rating, Result, rate, rate_game


def test_the_papers_worked_example() -> None:
    player = Rating(1500, 200, 0.06)
    results = [
        Result(Rating(1400, 30), 1.0),
        Result(Rating(1550, 100), 0.0),
        Result(Rating(1700, 300), 0.0),
    ]
    after = rate(player, results)
    assert after.r == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.sigma == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    after = rate(Rating(1600, 100, 0.06), [])
    assert after.r == 1600
    assert after.rd == pytest.approx((100**2 + (0.06 * 173.7178) ** 2) ** 0.5, abs=1e-6)
    assert rate(Rating(1500, 350), []).rd == 350


def test_a_win_raises_a_loss_lowers_and_a_draw_between_equals_keeps() -> None:
    a, b = Rating(), Rating()
    assert rate_game(a, b, 1.0).r > 1500 > rate_game(a, b, 0.0).r
    assert rate_game(a, b, 0.5).r == pytest.approx(1500)
    assert rate_game(a, b, 1.0).rd < 350


def test_provisional_until_the_deviation_is_small() -> None:
    assert Rating().provisional
    assert not Rating(1500, 100).provisional
