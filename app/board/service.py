"""The analysis board's use case: the values of a position's legal moves, from the computer's
fair queue as the asking device's background work (the position itself is described by
:func:`app.board.position.describe`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from flask import current_app

from app.analysis import get_analyses
from app.analysis.runner import Analyses
from app.board.position import Asked, BoardValues
from app.games.errors import N_, QueueFull
from app.games.fairplay import Guard, get_guard
from app.games.service import Device
from app.store.json_types import JSONObject
from engine.core import SWAP

VALUE_TIMEOUT = 30.0  # the longest a request waits for the values (queue and search)


class Board:
    """Values the analysis board's positions through the analyses' queue and budget."""

    def __init__(self, analyses: Analyses, guard: Guard | None = None) -> None:
        self.analyses = analyses
        self.guard = guard

    def values(self, asked: Asked, asker: Callable[[], Device]) -> BoardValues | None:
        """Each legal move's value for the mover (seeds of final margin, exact where solved)
        when ``asked`` wants them and the game goes on, else None.  ``asker`` (the device, read
        only then) is charged: its limit, room in the queue; QueueFull if no answer came;
        NotNow for a position a rated game going on is at or reaches in one move."""
        if not asked.values or asked.record.state.is_over:
            return None
        if self.guard is not None:
            self.guard.check(asked.record.rules, asked.record.state)
        device = asker()
        self.analyses.admit(device)
        budget = self.analyses.budget
        seconds = budget.one_position(asked.record.rules)
        solve = budget.solve_for(asked.record.rules)
        try:
            found = self.analyses.values(
                asked.spec,
                seconds,
                device.address,
                VALUE_TIMEOUT,
                solve_seconds=solve,
                replaces="board",  # a device stepping through positions wants the last one's
            )
        except Exception as exc:  # noqa: BLE001 (a timeout or a broken pool: nothing changed)
            raise QueueFull(
                N_("the computer could not value the position just now (%(problem)s)"),
                problem=repr(exc),
            ) from None
        return cast(BoardValues, {**found, "best_move": best_move(found)})  # the engine's JSON


def best_move(values: JSONObject) -> int:
    """The move the values say is best: the best pit, or the pie rule's swap (``SWAP``) where
    the swap is worth more than every pit (a tie keeps the pit)."""
    best = int(values["best"])
    swap = values.get("swap_value")
    if swap is not None and swap > values["values"][str(best)]:
        return SWAP
    return best


def get_board() -> Board:
    """This app's analysis board (made on first use, over its analyses)."""
    board: Board | None = current_app.extensions.get("mancala_board")
    if board is None:
        board = current_app.extensions["mancala_board"] = Board(get_analyses(), get_guard())
    return board
