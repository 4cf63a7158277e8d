"""A position set up by hand (a board editor, an analysis link): checked before anyone plays it.

:meth:`engine.core.Rules.position` checks the board itself (its length, whole numbers >= 0, the
variant's seed count, the state beside the board such as Toguz Kumalak's tuzdyks);
:func:`playable_position` adds what a position to play on needs: the player to move has a move,
and the rules do not end the game right there.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Player, Rules, State


def playable_position(
    rules: Rules,
    board: Sequence[int],
    to_move: Player,
    extra: Sequence[int] | None = None,
) -> State:
    """The state of ``board`` with ``to_move`` to play; ValueError saying what is wrong."""
    if isinstance(to_move, bool) or to_move not in (0, 1):
        raise ValueError(f"the player to move must be 0 or 1, not {to_move!r}")
    if isinstance(board, str | bytes) or not isinstance(board, Sequence):
        raise ValueError(f"a {rules.name} board is a list of {rules.size} seed counts")
    if extra is not None and (isinstance(extra, str | bytes) or not isinstance(extra, Sequence)):
        raise ValueError("the state beside the board must be a list of whole numbers")
    if extra is not None and any(isinstance(x, bool) or not isinstance(x, int) for x in extra):
        raise ValueError("the state beside the board must be a list of whole numbers")
    state = rules.position(list(board), to_move, None if extra is None else tuple(extra))
    full = list(state.board + state.extra)
    ending = rules.game_over(full, to_move)
    if ending is not None:
        raise ValueError(f"the game is over in that position: {ending.text}")
    if not rules.moves(full, to_move):
        raise ValueError(f"player {to_move} has no legal move in that position")
    return state
