"""perft: count the positions reached at each depth, to pin move generation.

Every move is a ply, including a Kalah extra turn.  A finished game has no moves, so a game that
ends before the depth adds nothing at that depth (as in chess perft).
"""

from __future__ import annotations

from engine.core import State


def perft(state: State, depth: int) -> int:
    """Number of move sequences of exactly ``depth`` plies from ``state``."""
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.play(m), depth - 1) for m in moves)
