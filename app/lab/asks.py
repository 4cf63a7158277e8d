"""What a client sends to the AI lab: the body :meth:`app.lab.runs.LabGame.parse` reads, as a
TypedDict the API document is written from."""

from __future__ import annotations

from typing import Annotated, Required

from annotated_types import Ge
from typing_extensions import TypedDict

from app.games.asks import Variant
from app.store.json_types import JSONObject


class LabGameAsk(TypedDict, total=False):
    """Game ``game`` of a match of ``games`` between agents ``a`` and ``b``."""

    variant: Variant
    options: JSONObject
    a: Required[str]
    """Agent A: a level such as hard or hard:algorithm=mcts, random, greedy,
    mcts:iterations=N, minimax:depth=N."""
    b: Required[str]
    """Agent B, as A."""
    games: Required[Annotated[int, Ge(1)]]
    """The match's games (1-100)."""
    game: Required[Annotated[int, Ge(0)]]
    """This game, 0-based."""
    seed: Annotated[int, Ge(0)]
    tally: list[int]
    """A's [wins, draws, losses] in the games before."""
