"""Standings for round robin and Swiss: points, tie-breaks and the cross-table.

The rules taken:

- a win is 1 point, a draw ½, a loss 0; a bye is worth ``bye_points`` (1 in Swiss, 0 in a
  round robin, where every player sits out once);
- **Sonneborn-Berger**: the sum, over a player's games, of the opponent's final points times
  the player's result in that game (a bye adds nothing);
- **Buchholz**: the sum of the final points of every opponent met (once per game; a bye adds
  nothing);
- order: points, then Sonneborn-Berger, then Buchholz, then wins, then seeding order;
- **places**: players equal in points, Sonneborn-Berger and Buchholz (a complete tie) share one
  place, written ``3–4`` (the wins and the seeding only order their lines);
- a game lost by forfeit (a no-show, a withdrawal) counts as a win for the one who came and a
  loss for the other; when neither came (a double forfeit) it is a loss for both, 0 points each;
- the cross-table has, for each pair, the player's results against that opponent in the order
  played (``1``, ``½``, ``0``; by forfeit ``+`` won, ``−`` lost), empty when they have not met.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Result:
    """A finished game: ``score`` is white's points (1, 0.5 or 0); a bye has ``black`` None
    (and its ``score`` ignored)."""

    round: int
    white: str
    black: str | None
    score: float = 0.0
    game: str | None = None
    forfeit: bool = False  # decided without a game (a no-show, a withdrawal)
    double: bool = False  # a double forfeit: neither came, 0 points each (``score`` ignored)

    def points(self) -> tuple[float, float]:
        """White's and black's points."""
        return (0.0, 0.0) if self.double else (self.score, 1.0 - self.score)


@dataclass
class Line:
    """One player's line of the standings."""

    player: str
    points: float = 0.0
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    sonneborn_berger: float = 0.0
    buchholz: float = 0.0
    rank: int = 0
    place: str = ""  # the rank as shown: "3" or, shared by a complete tie, "3–4"
    opponents: list[tuple[str, float]] = field(default_factory=list)


SYMBOL = {1.0: "1", 0.5: "½", 0.0: "0"}
FORFEIT_SYMBOL = {1.0: "+", 0.5: "=", 0.0: "−"}  # won, halved, lost by forfeit


def symbol(points: float, forfeit: bool) -> str:
    """A player's result in one cross-table cell."""
    return (FORFEIT_SYMBOL if forfeit else SYMBOL)[points]


def standings(players: list[str], results: list[Result], bye_points: float = 1.0) -> list[Line]:
    """The standings of ``players`` (seeding order) after ``results``, best first."""
    lines = {p: Line(p) for p in players}
    for r in results:
        if r.black is None:
            line = lines[r.white]
            line.byes += 1
            line.points += bye_points
            continue
        white_points, black_points = r.points()
        sides = ((r.white, r.black, white_points), (r.black, r.white, black_points))
        for me, other, score in sides:
            line = lines[me]
            line.games += 1
            line.points += score
            line.wins += score == 1.0
            line.draws += score == 0.5
            line.losses += score == 0.0
            line.opponents.append((other, score))
    for line in lines.values():
        line.buchholz = sum(lines[o].points for o, _ in line.opponents)
        line.sonneborn_berger = sum(lines[o].points * s for o, s in line.opponents)
    seed = {p: i for i, p in enumerate(players)}
    order = sorted(
        lines.values(),
        key=lambda x: (-x.points, -x.sonneborn_berger, -x.buchholz, -x.wins, seed[x.player]),
    )
    for i, line in enumerate(order):
        line.rank = i + 1
    places = shared_places([(x.points, x.sonneborn_berger, x.buchholz) for x in order])
    for line, place in zip(order, places, strict=True):
        line.place = place
    return order


def shared_places(keys: list[tuple[float, ...]]) -> list[str]:
    """The places of lines ranked 1, 2, … whose ranking keys are ``keys``: equal keys share
    one place ("3–4")."""
    places = [""] * len(keys)
    i = 0
    while i < len(keys):
        j = i
        while j + 1 < len(keys) and keys[j + 1] == keys[i]:
            j += 1
        for k in range(i, j + 1):
            places[k] = str(i + 1) if i == j else f"{i + 1}–{j + 1}"
        i = j + 1
    return places


def cross_table(players: list[str], results: list[Result]) -> dict[str, dict[str, list[str]]]:
    """For each player and opponent, the player's results against them in playing order."""
    table: dict[str, dict[str, list[str]]] = {p: {o: [] for o in players} for p in players}
    for r in sorted(results, key=lambda x: x.round):
        if r.black is None:
            continue
        white_points, black_points = r.points()
        table[r.white][r.black].append(symbol(white_points, r.forfeit))
        table[r.black][r.white].append(symbol(black_points, r.forfeit))
    return table
