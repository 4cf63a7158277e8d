"""perft: count the positions reached at each depth, to pin move generation.

Every move is a ply, including a Kalah extra turn.  A finished game has no moves, so a game that
ends before the depth adds nothing at that depth (as in chess perft).
"""

from __future__ import annotations

from engine import native
from engine.agents.kernels import kernel_spec
from engine.core import State


def perft(state: State, depth: int) -> int:
    """Number of move sequences of exactly ``depth`` plies from ``state`` (counted by the native
    core where it plays the variant, with the same result)."""
    spec = kernel_spec(state.rules)
    if native.core is not None and spec is not None:
        player = -1 if state.to_move is None else state.to_move
        history = [(list(board), mover) for board, mover in state.history]
        count: int = native.core.perft(spec, list(state.board), player, depth, history)
        return count
    return pure_perft(state, depth)


def pure_perft(state: State, depth: int) -> int:
    """:func:`perft` through ``State.play`` alone."""
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(pure_perft(state.play(m), depth - 1) for m in moves)
