"""Pairing: Berger tables, Swiss, arena, and the standings with their tie-breaks, each compared
with a whole table written by hand."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from app.tournaments.arena import ArenaPlayer, game_points, on_fire, pair_waiting, ranked
from app.tournaments.roundrobin import Pairing, berger_numbers, round_robin
from app.tournaments.standings import Result, cross_table, standings
from app.tournaments.swiss import Entrant, entrants_from, pair_round


def table(rounds: list[list[Pairing]]) -> list[list[str]]:
    return [[f"{g.white}-{g.black or 'bye'}" for g in rnd] for rnd in rounds]


# -- round robin ---------------------------------------------------------------------------------


def test_berger_table_for_four_is_fides() -> None:
    assert berger_numbers(4) == [
        [(1, 4), (2, 3)],
        [(4, 3), (1, 2)],
        [(2, 4), (3, 1)],
    ]


def test_berger_table_for_six_is_fides() -> None:
    assert berger_numbers(6) == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


def test_berger_table_for_eight_is_fides() -> None:
    assert berger_numbers(8) == [
        [(1, 8), (2, 7), (3, 6), (4, 5)],
        [(8, 5), (6, 4), (7, 3), (1, 2)],
        [(2, 8), (3, 1), (4, 7), (5, 6)],
        [(8, 6), (7, 5), (1, 4), (2, 3)],
        [(3, 8), (4, 2), (5, 1), (6, 7)],
        [(8, 7), (1, 6), (2, 5), (3, 4)],
        [(4, 8), (5, 3), (6, 2), (7, 1)],
    ]


def test_three_players_have_a_bye_each_round() -> None:
    assert table(round_robin(["A", "B", "C"])) == [
        ["B-C", "A-bye"],
        ["A-B", "C-bye"],
        ["C-A", "B-bye"],
    ]


def test_double_round_robin_swaps_colours_in_the_second_cycle() -> None:
    assert table(round_robin(["A", "B", "C", "D"], cycles=2)) == [
        ["A-D", "B-C"],
        ["D-C", "A-B"],
        ["B-D", "C-A"],
        ["D-A", "C-B"],
        ["C-D", "B-A"],
        ["D-B", "A-C"],
    ]


@pytest.mark.parametrize("n", range(3, 11))
def test_berger_every_pair_meets_once_and_everyone_plays_each_round(n: int) -> None:
    players = [f"p{i}" for i in range(n)]
    rounds = round_robin(players)
    assert len(rounds) == (n if n % 2 else n - 1)
    met = []
    for rnd in rounds:
        seen = [g.white for g in rnd] + [g.black for g in rnd if g.black]
        assert sorted(seen) == sorted(players)
        assert sum(g.black is None for g in rnd) == n % 2
        met += [frozenset((g.white, g.black)) for g in rnd if g.black]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(p) for p in combinations(players, 2)), key=sorted
    )
    for p in players:  # Berger tables keep every colour difference within 1 (2 for the last)
        whites = sum(g.white == p and g.black is not None for rnd in rounds for g in rnd)
        blacks = sum(g.black == p for rnd in rounds for g in rnd)
        assert abs(whites - blacks) <= 1


def test_round_robin_refuses_bad_lists() -> None:
    with pytest.raises(ValueError):
        round_robin(["A"])
    with pytest.raises(ValueError):
        round_robin(["A", "A"])
    with pytest.raises(ValueError):
        round_robin(["A", "B"], cycles=3)


# -- standings -----------------------------------------------------------------------------------


def test_standings_and_cross_table_of_a_four_player_round_robin() -> None:
    # R1 A-D 1-0, B-C ½; R2 D-C 0-1, A-B ½; R3 B-D 1-0, C-A 0-1.
    results = [
        Result(1, "A", "D", 1.0),
        Result(1, "B", "C", 0.5),
        Result(2, "D", "C", 0.0),
        Result(2, "A", "B", 0.5),
        Result(3, "B", "D", 1.0),
        Result(3, "C", "A", 0.0),
    ]
    lines = standings(["A", "B", "C", "D"], results, bye_points=0.0)
    # points: A 2.5, B 2, C 1.5, D 0
    # SB: A = D0*1 + B2*.5 + C1.5*1 = 2.5; B = C1.5*.5 + A2.5*.5 + D0*1 = 2; C = B2*.5 + D0 + 0 = 1
    # Buchholz: A = 0+2+1.5 = 3.5; B = 1.5+2.5+0 = 4; C = 2+0+2.5 = 4.5; D = 2.5+1.5+2 = 6
    got = [(x.rank, x.player, x.points, x.sonneborn_berger, x.buchholz) for x in lines]
    assert got == [
        (1, "A", 2.5, 2.5, 3.5),
        (2, "B", 2.0, 2.0, 4.0),
        (3, "C", 1.5, 1.0, 4.5),
        (4, "D", 0.0, 0.0, 6.0),
    ]
    assert cross_table(["A", "B", "C", "D"], results) == {
        "A": {"A": [], "B": ["½"], "C": ["1"], "D": ["1"]},
        "B": {"A": ["½"], "B": [], "C": ["½"], "D": ["1"]},
        "C": {"A": ["0"], "B": ["½"], "C": [], "D": ["1"]},
        "D": {"A": ["0"], "B": ["0"], "C": ["0"], "D": []},
    }


def test_tie_broken_by_sonneborn_berger_then_buchholz() -> None:
    # A and B both 1 point; A beat the stronger C, B beat the weaker D.
    results = [
        Result(1, "A", "C", 1.0),
        Result(1, "B", "D", 1.0),
        Result(2, "C", "B", 1.0),
        Result(2, "D", "A", 1.0),
        Result(3, "C", "D", 1.0),
        Result(3, "B", "E", 0.5),
        Result(3, "A", None),
    ]
    lines = standings(["D", "B", "A", "C", "E"], results, bye_points=1.0)
    got = [(x.player, x.points, x.sonneborn_berger, x.buchholz, x.byes) for x in lines]
    # A: 1 + bye 1 = 2; SB = C2*1 = 2; Buchholz = C2 + D1 = 3
    # C: 2; SB = B1.5*1 + D1*1 = 2.5; B: 1.5, SB = D1*1 + E.5*.5 = 1.25
    assert got == [
        ("C", 2.0, 2.5, 4.5, 0),
        ("A", 2.0, 2.0, 3.0, 1),
        ("B", 1.5, 1.25, 3.5, 0),
        ("D", 1.0, 2.0, 5.5, 0),
        ("E", 0.5, 0.75, 1.5, 0),
    ]


# -- Swiss ---------------------------------------------------------------------------------------


def test_swiss_first_round_pairs_everyone_once() -> None:
    games = pair_round(entrants_from(["A", "B", "C", "D"], []))
    assert len(games) == 2
    assert sorted(p for g in games for p in (g.white, g.black) if p) == ["A", "B", "C", "D"]


def test_swiss_pairs_score_groups_and_gives_the_bye_to_the_lowest() -> None:
    first = [(Pairing("A", "B"), 1.0), (Pairing("C", "D"), 1.0), (Pairing("E", None), None)]
    entrants = entrants_from(["A", "B", "C", "D", "E"], [first])
    games = pair_round(entrants)
    # A, C, E on 1 point; B, D on 0: the bye goes to D (lowest, no bye yet); A, C and E are
    # three in a group of 1 point: one of them drops to play B.
    assert games[-1] == Pairing("D", None)
    pairs = {frozenset((g.white, g.black)) for g in games[:-1]}
    assert frozenset(("A", "B")) not in pairs
    assert len(pairs) == 2
    assert pairs in (
        {frozenset(("A", "C")), frozenset(("E", "B"))},
        {frozenset(("A", "E")), frozenset(("C", "B"))},
    )


def test_swiss_colours_go_to_whoever_is_due() -> None:
    a = Entrant("A", 0, 1.0, colours=["b"], met={"X"})
    b = Entrant("B", 1, 1.0, colours=["w"], met={"Y"})
    assert pair_round([a, b]) == [Pairing("A", "B")]
    a = Entrant("A", 0, 1.0, colours=["w", "w"], met={"X", "Z"})
    b = Entrant("B", 1, 1.0, colours=["w", "b"], met={"Y", "W"})
    assert pair_round([a, b]) == [Pairing("B", "A")]


@pytest.mark.parametrize("n", [5, 6, 7, 8, 9, 10, 11, 12, 16, 17, 24, 31, 32])
@pytest.mark.parametrize("seed", range(6))
def test_swiss_never_repeats_and_keeps_colours_within_two(n: int, seed: int) -> None:
    rng = random.Random(seed * 100 + n)
    players = [f"p{i}" for i in range(n)]
    rounds: list[list[tuple[Pairing, float | None]]] = []
    for _ in range(5):
        games = pair_round(entrants_from(players, rounds), 5 - len(rounds))
        rounds.append([(g, rng.choice([0.0, 0.5, 1.0]) if g.black else None) for g in games])
    met: list[frozenset[str]] = []
    byes = []
    for rnd in rounds:
        names = [g.white for g, _ in rnd] + [g.black for g, _ in rnd if g.black]
        assert sorted(names) == sorted(players)
        met += [frozenset((g.white, g.black)) for g, _ in rnd if g.black]
        byes += [g.white for g, _ in rnd if g.black is None]
    assert len(met) == len(set(met))
    assert len(byes) == len(set(byes))
    for e in entrants_from(players, rounds):
        assert abs(e.difference) <= 2


# -- arena ---------------------------------------------------------------------------------------


def test_arena_points_double_on_a_streak_of_two_wins() -> None:
    outcomes = [1.0, 1.0, 1.0, 0.5, 1.0, 0.0, 1.0, 1.0, 0.5, 0.0]
    assert game_points(outcomes) == [2, 2, 4, 2, 2, 0, 2, 2, 2, 0]
    assert on_fire([1.0, 1.0]) and not on_fire([1.0, 0.5]) and not on_fire([1.0])


def test_arena_pairs_the_waiting_by_points_never_the_last_opponent() -> None:
    players = [
        ArenaPlayer("A", 0, [1.0, 1.0], last_opponent="B", whites=1, blacks=1),  # 4
        ArenaPlayer("B", 1, [1.0], last_opponent="A", whites=1),  # 2
        ArenaPlayer("C", 2, [0.5], last_opponent="D", blacks=1),  # 1
        ArenaPlayer("D", 3, [0.0], playing=True),  # in a game
        ArenaPlayer("E", 4, [], paused=True),  # paused
        ArenaPlayer("F", 5, []),  # 0
    ]
    assert [p.player for p in ranked(players)] == ["A", "B", "C", "E", "F", "D"]
    # A skips B (their last game) and gets C; B then gets F. C had black: C takes white.
    assert pair_waiting(players) == [Pairing("C", "A"), Pairing("F", "B")]


def test_arena_never_pairs_a_player_with_themselves_or_mid_game() -> None:
    rng = random.Random(5)
    for _ in range(200):
        players = [
            ArenaPlayer(
                f"p{i}",
                i,
                [rng.choice([0.0, 0.5, 1.0]) for _ in range(rng.randrange(4))],
                last_opponent=f"p{rng.randrange(8)}",
                paused=rng.random() < 0.2,
                playing=rng.random() < 0.3,
            )
            for i in range(8)
        ]
        busy = {p.player for p in players if p.playing or p.paused}
        seen: list[str] = []
        for g in pair_waiting(players):
            assert g.black is not None and g.white != g.black
            seen += [g.white, g.black]
        assert len(seen) == len(set(seen)) and not set(seen) & busy


def test_arena_two_players_alone_play_again() -> None:
    players = [
        ArenaPlayer("A", 0, [1.0], last_opponent="B"),
        ArenaPlayer("B", 1, [0.0], last_opponent="A", whites=1),
    ]
    assert pair_waiting(players) == [Pairing("A", "B")]
    players.append(ArenaPlayer("C", 2, playing=True))
    assert pair_waiting(players) == []
