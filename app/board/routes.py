"""``POST /api/board``: a position's legal moves, the board after each and, on request, the
engine's value of each; and ``GET /analysis``, the analysis board page."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from app.analysis import get_analyses
from app.analysis.step import evaluate_position
from app.board.position import describe, played
from app.games import DEFAULT_LEVEL
from app.games.errors import BadInput, QueueFull
from app.games.params import import_record, rules_from
from app.games.start import start_position
from app.web.api import body, device, variants_payload
from engine.agents import LEVELS

bp = Blueprint("board", __name__)

FIELDS = frozenset({"variant", "options", "board", "to_move", "extra", "moves", "values", "record"})
VALUE_TIMEOUT = 30.0


@bp.post("/api/board")
def position() -> Any:
    """The position ``board``/``to_move``[/``extra``] of ``variant`` with ``options`` after
    ``moves`` played from it (or an exported game's ``record``: its start and moves; no
    ``board``: the variant's start): its legal moves, the board after each with its sowing path, and
    with ``"values": true`` each legal move's value for the mover (seeds of final margin,
    exact where solved) from the computer's fair queue, as the asking device."""
    sent = body()
    unknown = sorted(set(sent) - FIELDS)
    if unknown:
        raise BadInput(f"unknown field {unknown[0]!r} (fields: {', '.join(sorted(FIELDS))})")
    if "record" in sent:  # an exported game: its start and its moves
        if set(sent) & {"variant", "options", "board", "to_move", "extra", "moves"}:
            raise BadInput("send either a 'record' or a position (variant, board, ...), not both")
        imported = import_record(sent["record"])
        rules = imported.rules
        first = imported.states[0]
        start = {"board": list(first.board), "to_move": first.to_move}
        if first.extra:
            start["extra"] = list(first.extra)
        moves = list(imported.moves)
    else:
        rules = rules_from(sent)
        if "board" not in sent:  # the variant's start, player 0 to move unless told otherwise
            first = rules.initial_state(0)
            sent = {"board": list(first.board), "to_move": 0, **sent}
        given = {k: sent[k] for k in ("board", "to_move", "extra") if k in sent}
        start = start_position(rules, given)
        moves = sent.get("moves", [])
    record = played(rules, start, moves)
    wanted = sent.get("values", False)
    if not isinstance(wanted, bool):
        raise BadInput("'values' must be true or false")
    answer = describe(record, start)
    if wanted and not record.state.is_over:
        asker = device()
        asker.limit("computer")
        analyses = get_analyses()
        analyses.queue.admit(asker.address, interactive=False)
        budget = analyses.budget
        small = rules.total_seeds <= budget.small_seeds
        seconds = budget.small_seconds if small else budget.seconds
        args = (rules.name, dict(rules.options), start["to_move"], list(record.moves), seconds)
        try:
            future = analyses.queue.submit(
                asker.address,
                (*args, start),
                task=evaluate_position,
                seconds=seconds,
                interactive=False,
            )
            answer["values"] = future.result(timeout=VALUE_TIMEOUT)
        except Exception as exc:  # noqa: BLE001 (a timeout or a broken pool: nothing changed)
            raise QueueFull(
                f"the computer could not value the position just now ({exc!r})"
            ) from None
    return answer


@bp.get("/analysis")
def page() -> str:
    """The analysis board: set up or open a position, play it freely, see the engine's values."""
    return render_template(
        "analysis_board.html",
        variants=variants_payload(),
        levels=LEVELS,
        default_level=DEFAULT_LEVEL,
    )
