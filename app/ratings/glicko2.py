"""Glicko-2, as Glickman's paper "Example of the Glicko-2 system" (2012) states it.

Written from the paper rather than taken from PyPI: the ``glicko2`` package there (2.1.0) computes
step 5's ``f(x)`` with the rating where the paper has the deviation, and is untyped and mutable.
Every rating in the app (players' per pool, puzzles') comes from :func:`rate`; the tests check
the paper's worked example (1500/200 against 1400/30, 1550/100, 1700/300 → 1464.06 / 151.52 /
0.05999).

A rating is shown on the Glicko scale (1500 ± 350 for a newcomer); the update runs on the
Glicko-2 scale (``μ = (r − 1500) / 173.7178``, ``φ = RD / 173.7178``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # Glicko points per Glicko-2 unit
BASE = 1500.0
TAU = 0.5  # the system constant: how fast volatility may change (the paper suggests 0.3–1.2)
EPSILON = 0.000001  # step 5's convergence tolerance
PROVISIONAL_RD = 110.0  # lichess marks a rating provisional ("?") above this deviation
MAX_RD = 350.0


@dataclass(frozen=True)
class Rating:
    """A player's rating ``r``, deviation ``rd`` and volatility ``sigma`` (Glicko scale)."""

    r: float = BASE
    rd: float = MAX_RD
    sigma: float = 0.06

    @property
    def provisional(self) -> bool:
        """Whether the rating is still too uncertain to rank (deviation above 110)."""
        return self.rd > PROVISIONAL_RD


@dataclass(frozen=True)
class Result:
    """One game of a rating period: the opponent's rating before it and the score (1, ½, 0)."""

    opponent: Rating
    score: float


def _g(phi: float) -> float:
    """Step 3's weight of an opponent's deviation."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    """Step 3's expected score against an opponent."""
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm on ``f(x)``."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > EPSILON:
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = c, f_c
    return math.exp(low / 2.0)


def rate(player: Rating, results: Sequence[Result], tau: float = TAU) -> Rating:
    """The player's rating after one rating period holding ``results`` (steps 1–8).  A period
    without games only widens the deviation (step 6), never past a newcomer's 350."""
    mu = (player.r - BASE) / SCALE
    phi = player.rd / SCALE
    if not results:
        widened = math.sqrt(phi * phi + player.sigma * player.sigma) * SCALE
        return Rating(player.r, min(widened, MAX_RD), player.sigma)
    games = [
        ((result.opponent.r - BASE) / SCALE, result.opponent.rd / SCALE, result.score)
        for result in results
    ]
    inverse_v = 0.0
    gain = 0.0
    for mu_j, phi_j, score in games:
        expected = _expected(mu, mu_j, phi_j)
        inverse_v += _g(phi_j) ** 2 * expected * (1.0 - expected)
        gain += _g(phi_j) * (score - expected)
    v = 1.0 / inverse_v
    sigma = _volatility(phi, player.sigma, v * gain, v, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * gain
    return Rating(BASE + SCALE * new_mu, min(SCALE * new_phi, MAX_RD), sigma)


def rate_game(player: Rating, opponent: Rating, score: float) -> Rating:
    """The player's rating after one game, rated at once as a period of its own (as lichess
    does)."""
    return rate(player, [Result(opponent, score)])
