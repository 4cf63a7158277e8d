"""An analysis as the API answers it: each move's values, loss and tag, and each player's summary.

Everything here is arithmetic on the values the searches found (:mod:`engine.agents.analysis`):
values are seeds of final margin from the mover's point of view, a move's *loss* is how much
less its value is than the best move's, and its tag says how big that loss is.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict

from app.store.json_types import JSONObject
from engine.core import SWAP

TAGS: tuple[tuple[str, float], ...] = (
    ("best", 0.0),
    ("good", 1.0),
    ("inaccuracy", 3.0),
    ("mistake", 6.0),
    ("blunder", float("inf")),
)
"""Each tag with the largest loss (in seeds) it covers: a move whose value equals the best
one's is "best", one that gives up at most 1 seed "good", and so on."""

TAG_HELP = (
    "Each move is valued in seeds of the final margin its player can expect. Its loss is how "
    "many seeds it gives up against the best move: best (none), good (up to 1), inaccuracy "
    "(up to 3), mistake (up to 6), blunder (more than 6). Exact values are solved to the end of "
    "the game; the others are the search's estimates."
)


Tag = Literal["best", "good", "inaccuracy", "mistake", "blunder"]


class Threshold(TypedDict):
    """A tag with the largest loss (seeds) it covers (null: any more)."""

    tag: str
    max_loss: float | None


class AnalysedMove(TypedDict):
    """One move's judgement: values are seeds of final margin for the mover."""

    ply: int
    player: int
    played: int
    best: int
    """the best move (the one played when it lost nothing); the pie rule's swap included"""
    value_before: float
    """the position's value before the move, for the mover"""
    played_value: float
    best_value: float
    loss: float
    """best_value - played_value"""
    tag: str
    """best, good, inaccuracy, mistake or blunder"""
    exact: bool
    """the played and best values are solved, not estimates"""
    forced: bool
    """the only legal move"""
    after_seat0: float
    """the value after the move from seat 0's point of view (the eval graph)"""
    values: dict[str, float]
    """each legal pit's value"""
    values_exact: dict[str, bool]
    capped: NotRequired[bool]
    """the position's search was cut short (a busy computer): its values are estimates"""


class PlayerSummary(TypedDict):
    """A seat's moves analysed, average loss, count of each tag and exact values."""

    player: int
    moves: int
    average_loss: float
    tags: dict[str, int]
    exact: int


class AnalysisAnswer(TypedDict):
    """A game's analysis so far: progress, each analysed move, each seat's summary."""

    status: Literal["none", "running", "done", "failed", "withheld"]
    """none: never analysed; failed: stopped (POST again to go on); withheld: a rated game
    being played passes through one of its positions (why in error)"""
    done: int
    """positions analysed so far"""
    total: int
    """positions to analyse (one per move)"""
    current: bool
    """false when the game has moved on since (POST again to extend it)"""
    moves: list[AnalysedMove]
    summary: list[PlayerSummary]
    thresholds: list[Threshold]
    help: str
    """the tags and values in words"""
    capped: int
    """positions whose search was cut short under load (estimates)"""
    note: NotRequired[str]
    """why some values are estimates, in words"""
    error: NotRequired[str]
    start_seat0: NotRequired[float]
    """the first position's value, seat 0's point of view"""


class Evaluation(TypedDict):
    """Every legal move's value in one position, in seeds of final margin for the mover, exact
    where solved (engine.agents.analysis.Evaluation as JSON)."""

    values: dict[str, float]
    exact: dict[str, bool]
    best: int
    value: float
    depth: int | None
    nodes: int
    seconds: float
    source: str
    """how the values were found: the solver, a table, the search, an estimate"""
    capped: bool
    """the search was cut short (a busy computer): the values are estimates"""
    swap_value: NotRequired[float]
    """where the mover may swap sides (the pie rule): the swap's value"""
    swap_exact: NotRequired[bool]


class PositionValues(Evaluation):
    """The values of one position of a game (POST /api/games/{id}/analysis/position)."""

    ply: int
    """the position before this move"""
    player: int
    """the mover"""
    version: int
    """the game's version"""


def tag_of(loss: float) -> str:
    """The tag of a move that gives up ``loss`` seeds."""
    for name, most in TAGS:
        if loss <= most + 1e-9:
            return name
    return TAGS[-1][0]


def thresholds() -> list[Threshold]:
    return [
        {"tag": name, "max_loss": None if most == float("inf") else most} for name, most in TAGS
    ]


def move_entry(
    ply: int, player: int, played: int, position: JSONObject, forced: bool
) -> AnalysedMove:
    """One move of the analysis from its position's values (``position`` as
    :meth:`engine.agents.analysis.Evaluation.to_dict` gives it)."""
    values = {int(k): v for k, v in position["values"].items()}
    exact = {int(k): bool(v) for k, v in position["exact"].items()}
    best = int(position["best"])
    best_value = values[best]
    # The pie rule's offer: swapping sides is a move too, worth the best pit's value turned
    # round (the swapper gets the opener's side).
    swap_value = position.get("swap_value", -best_value)
    sure = {**exact, SWAP: bool(position.get("swap_exact", exact.get(best, False)))}
    if "swap_value" in position and swap_value > best_value:
        best, best_value = SWAP, swap_value
    played_value = swap_value if played == SWAP else values[played]
    loss = max(0.0, best_value - played_value)
    loss = round(loss, 1) if loss != int(loss) else int(loss)
    sign = 1 if player == 0 else -1
    return {
        "ply": ply,
        "player": player,
        "played": played,
        "best": played if loss == 0 else best,
        "value_before": best_value,
        "played_value": played_value,
        "best_value": best_value,
        "loss": loss,
        "tag": tag_of(loss),
        "exact": sure.get(played, False) and sure.get(best, False),
        "forced": forced and "swap_value" not in position,  # (the swap was a choice too)
        "after_seat0": sign * played_value,
        "values": {str(m): v for m, v in sorted(values.items())},
        "values_exact": {str(m): e for m, e in sorted(exact.items())},
    }


def summary(moves: list[AnalysedMove]) -> list[PlayerSummary]:
    """Per player (seat 0, seat 1): moves analysed, average loss and the count of each tag."""
    out: list[PlayerSummary] = []
    for player in (0, 1):
        mine = [m for m in moves if m["player"] == player]
        tags = {name: 0 for name, _ in TAGS}
        for m in mine:
            tags[m["tag"]] += 1
        average = sum(m["loss"] for m in mine) / len(mine) if mine else 0.0
        out.append(
            {
                "player": player,
                "moves": len(mine),
                "average_loss": round(average, 2),
                "tags": tags,
                "exact": sum(1 for m in mine if m["exact"]),
            }
        )
    return out
