"""Swiss pairing: score groups, no repeated pairing, colour balance, a bye.

The rules taken for each round:

- with an odd count, the bye goes to the lowest-ranked player (points, then seeding) who has
  not had one, and who leaves the others a full pairing;
- two players may meet only if they have not met, and if one of them can take the first move
  (white) and the other the second without either's colour difference (whites minus blacks)
  going beyond 2 in absolute value;
- among the allowed pairings, a maximum-weight matching (``networkx``, Edmonds' blossom
  algorithm) of maximum size picks the round: a pair's weight falls with the square of the
  points between them (so score groups pair within themselves first), and a little when both
  players are due the same colour;
- in each game, white goes to the player with the lower colour difference, then to the one
  who had black last, then to the higher-ranked;
- with few players (at most 8) and more rounds to come, the round is the best pairing after
  which the rounds left can still all be paired (so 5 or 6 players can play 5 rounds); the bye
  rule comes first there too: the lowest-ranked player without a bye who leaves such a pairing
  gets it, and only then do the pairs' weights choose among the rounds that give it to them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx  # type: ignore[import-untyped]

from app.tournaments.roundrobin import Pairing

MAX_COLOUR_DIFFERENCE = 2


@dataclass
class Entrant:
    """A player's Swiss history: points, opponents met, colours played (``"w"``/``"b"``),
    whether they had a bye, and their seeding number (lower is stronger)."""

    player: str
    seed: int
    points: float = 0.0
    met: set[str] = field(default_factory=set)
    colours: list[str] = field(default_factory=list)
    had_bye: bool = False

    @property
    def difference(self) -> int:
        return self.colours.count("w") - self.colours.count("b")


def can_take(entrant: Entrant, colour: str) -> bool:
    """True if the entrant may play ``colour`` without their difference passing the limit."""
    step = 1 if colour == "w" else -1
    return abs(entrant.difference + step) <= MAX_COLOUR_DIFFERENCE


def colours_for(a: Entrant, b: Entrant) -> tuple[Entrant, Entrant] | None:
    """(white, black) for a game between ``a`` and ``b`` (``a`` ranked higher), or None."""
    options = [(a, b), (b, a)]
    options = [(w, k) for w, k in options if can_take(w, "w") and can_take(k, "b")]
    if not options:
        return None

    def preference(pair: tuple[Entrant, Entrant]) -> tuple[int, int, int]:
        white, black = pair
        last_black = 0 if white.colours[-1:] == ["b"] else 1
        return (white.difference - black.difference, last_black, 0 if white is a else 1)

    return min(options, key=preference)


def weight(a: Entrant, b: Entrant) -> int:
    """How much the round wants ``a`` against ``b`` (higher is better)."""
    gap = int(round(2 * abs(a.points - b.points)))
    due_same = (a.difference > 0 and b.difference > 0) or (a.difference < 0 and b.difference < 0)
    return 10_000 - 100 * gap * gap - (10 if due_same else 0)


def ranked(entrants: list[Entrant]) -> list[Entrant]:
    return sorted(entrants, key=lambda e: (-e.points, e.seed))


def match(entrants: list[Entrant]) -> list[Pairing] | None:
    """A full pairing of an even list, or None when none keeps the rules."""
    graph = nx.Graph()
    graph.add_nodes_from(e.player for e in entrants)
    by_name = {e.player: e for e in entrants}
    for i, a in enumerate(entrants):
        for b in entrants[i + 1 :]:
            if b.player not in a.met and colours_for(a, b) is not None:
                graph.add_edge(a.player, b.player, weight=weight(a, b))
    chosen = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(chosen) != len(entrants):
        return None
    rank = {e.player: i for i, e in enumerate(entrants)}
    games = []
    for x, y in chosen:
        a, b = sorted((by_name[x], by_name[y]), key=lambda e: rank[e.player])
        pair = colours_for(a, b)
        assert pair is not None
        games.append((min(rank[a.player], rank[b.player]), Pairing(pair[0].player, pair[1].player)))
    return [g for _, g in sorted(games, key=lambda t: t[0])]


def pair_round(entrants: list[Entrant], rounds_left: int = 1) -> list[Pairing]:
    """The next round's games, best boards first, a bye (``black`` None) last; ``rounds_left``
    counts this round and those still to come.

    Raises ValueError when no pairing keeps the rules (too many rounds for the players)."""
    order = ranked(entrants)
    if rounds_left > 1 and len(order) <= LOOKAHEAD_PLAYERS:
        options = all_pairings(order)
        for option in sorted(options, key=lambda g: (bye_height(g, order), -value(g, order))):
            if feasible(played(order, option), rounds_left - 1):
                return option
    if len(order) % 2 == 0:
        games = match(order)
        if games is None:
            raise ValueError("no Swiss pairing keeps the rules this round")
        return games
    for bye in reversed([e for e in order if not e.had_bye] or order):
        rest = match([e for e in order if e is not bye])
        if rest is not None:
            return [*rest, Pairing(bye.player, None)]
    raise ValueError("no Swiss pairing keeps the rules this round")


LOOKAHEAD_PLAYERS = 8


def all_pairings(order: list[Entrant]) -> list[list[Pairing]]:
    """Every round that keeps the rules (a bye only to a player without one, if any is left)."""
    if len(order) % 2:
        fresh = [e for e in order if not e.had_bye] or order
        return [
            [*games, Pairing(bye.player, None)]
            for bye in fresh
            for games in all_pairings([e for e in order if e is not bye])
        ]
    if not order:
        return [[]]
    a, rest = order[0], order[1:]
    found = []
    for b in rest:
        pair = colours_for(a, b) if b.player not in a.met else None
        if pair is None:
            continue
        game = Pairing(pair[0].player, pair[1].player)
        found += [[game, *more] for more in all_pairings([e for e in rest if e is not b])]
    return found


def value(games: list[Pairing], order: list[Entrant]) -> int:
    """A round's worth: its pairs' weights, less the bye's distance from the bottom."""
    by_name = {e.player: e for e in order}
    rank = {e.player: i for i, e in enumerate(order)}
    total = 0
    for g in games:
        if g.black is None:
            total -= len(order) - 1 - rank[g.white]
        else:
            total += weight(by_name[g.white], by_name[g.black])
    return total


def bye_height(games: list[Pairing], order: list[Entrant]) -> int:
    """How far above the bottom of the ranking the round's bye is (0: the lowest, or no bye)."""
    rank = {e.player: i for i, e in enumerate(order)}
    return next((len(order) - 1 - rank[g.white] for g in games if g.black is None), 0)


def played(order: list[Entrant], games: list[Pairing]) -> list[Entrant]:
    """The entrants after ``games`` (points unchanged: whether rounds can be paired does not
    depend on results)."""
    after = {
        e.player: Entrant(e.player, e.seed, e.points, set(e.met), list(e.colours), e.had_bye)
        for e in order
    }
    for g in games:
        if g.black is None:
            after[g.white].had_bye = True
            continue
        after[g.white].met.add(g.black)
        after[g.black].met.add(g.white)
        after[g.white].colours.append("w")
        after[g.black].colours.append("b")
    return list(after.values())


def feasible(order: list[Entrant], rounds: int) -> bool:
    """True if ``rounds`` more rounds can all be paired by the rules."""
    if rounds == 0:
        return True
    return any(feasible(played(order, g), rounds - 1) for g in all_pairings(order))


Played = list[list[tuple[Pairing, float | None]]]  # rounds: each game with white's points


def entrants_from(players: list[str], rounds: Played) -> list[Entrant]:
    """The entrants' histories from the rounds played: each game with white's points (None
    while it is unfinished; a bye is worth 1)."""
    entrants = {p: Entrant(p, i) for i, p in enumerate(players)}
    for games in rounds:
        for game, score in games:
            white = entrants[game.white]
            if game.black is None:
                white.had_bye = True
                white.points += 1.0
                continue
            black = entrants[game.black]
            white.met.add(black.player)
            black.met.add(white.player)
            white.colours.append("w")
            black.colours.append("b")
            if score is not None:
                white.points += score
                black.points += 1.0 - score
    return list(entrants.values())
