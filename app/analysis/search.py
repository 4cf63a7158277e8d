"""The analysis search lives in the engine (:mod:`engine.agents.analysis`): this module names
what the app uses of it."""

from __future__ import annotations

from engine.agents.analysis import (
    BOARD_ENTRY_BYTES,
    FUSED_RATE,
    SOLVE_SHARE,
    SOLVER_EVERY,
    STATE_ENTRY_BYTES,
    TABLE_BYTES,
    Evaluation,
    Searcher,
    Size,
    evaluate,
    guard,
    peak_bytes,
    search_rate,
    size_for,
    solver_rate,
    table_limit_for,
)

__all__ = [
    "BOARD_ENTRY_BYTES",
    "FUSED_RATE",
    "SOLVE_SHARE",
    "SOLVER_EVERY",
    "STATE_ENTRY_BYTES",
    "TABLE_BYTES",
    "Evaluation",
    "Searcher",
    "Size",
    "evaluate",
    "guard",
    "peak_bytes",
    "search_rate",
    "size_for",
    "solver_rate",
    "table_limit_for",
]
