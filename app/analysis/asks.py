"""What a client sends to the analysis: the bodies its routes read, as TypedDicts the API
document is written from."""

from __future__ import annotations

from typing_extensions import TypedDict


class PositionAsk(TypedDict, total=False):
    """One position of the game: before move ``ply`` (default the current one)."""

    ply: int


class AnalysisAsk(TypedDict, total=False):
    """The whole game's analysis: nothing in the body is read yet."""
