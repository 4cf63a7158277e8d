"""Round robin by Berger tables (the FIDE tables): every player meets every other once, or
twice with colours swapped in the second cycle.

The rule, for ``n`` players numbered 1..n (an odd count gets a phantom ``n + 1``, whose
opponent has the bye):

- there are ``n - 1`` rounds; in round ``r`` the last player meets player ``i0`` with
  ``2 * i0 - 2 ≡ r - 1 (mod n - 1)``, and the other tables pair ``i0 + t`` with ``i0 - t``
  (counted round 1..n-1), for ``t = 1 .. n/2 - 1``;
- two players below ``n``: when their numbers add up to an odd sum the lower one has the first
  move (white), else the higher one; the last player has the first move in even rounds;
- the second cycle repeats the first with the colours swapped.

Nothing here touches the store: players are any strings, in seeding order.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pairing:
    """One game of a round: ``white`` moves first; ``black`` is None for a bye."""

    white: str
    black: str | None


def berger_numbers(n: int) -> list[list[tuple[int, int]]]:
    """The Berger table for an even ``n``: per round, the (first, second) numbers, 1-based,
    the last player's table first."""
    if n < 2 or n % 2:
        raise ValueError("a Berger table is for an even number of players, at least 2")
    m = n - 1
    rounds: list[list[tuple[int, int]]] = []
    for r in range(1, n):
        i0 = next(i for i in range(1, n) if (2 * i - 2) % m == r - 1)
        tables = [(n, i0) if r % 2 == 0 else (i0, n)]
        for t in range(1, n // 2):
            a = (i0 + t - 1) % m + 1
            b = (i0 - t - 1) % m + 1
            white, black = (min(a, b), max(a, b)) if (a + b) % 2 else (max(a, b), min(a, b))
            tables.append((white, black))
        rounds.append(tables)
    return rounds


def round_robin(players: list[str], cycles: int = 1) -> list[list[Pairing]]:
    """Every round of a round robin among ``players`` (seeding order), ``cycles`` 1 or 2."""
    if cycles not in (1, 2):
        raise ValueError("a round robin has one or two cycles")
    if len(set(players)) != len(players) or len(players) < 2:
        raise ValueError("a round robin needs at least two distinct players")
    seats: list[str | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    first: list[list[Pairing]] = []
    for tables in berger_numbers(len(seats)):
        games = []
        for w, b in tables:
            white, black = seats[w - 1], seats[b - 1]
            if white is None or black is None:
                games.append(Pairing(str(white if black is None else black), None))
            else:
                games.append(Pairing(white, black))
        byes = [g for g in games if g.black is None]
        first.append([g for g in games if g.black is not None] + byes)
    if cycles == 1:
        return first
    swapped = [
        [Pairing(g.black, g.white) if g.black is not None else g for g in rnd] for rnd in first
    ]
    return first + swapped
