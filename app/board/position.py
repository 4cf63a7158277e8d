"""A position as a client sends it (variant, options, board, to_move, extra, moves from there),
checked by the engine (:func:`engine.position.playable_position`), and what the analysis board
is told about it: the legal moves, the board after each and the path its seeds take."""

from __future__ import annotations

from typing import Any

from app.games.errors import BadInput
from app.games.replay import replay
from app.games.view import board_help, extra_text, words
from engine.core import Rules, State
from engine.notation import move_text
from engine.record import GameRecord, RecordError

MAX_MOVES = 600  # moves played on from a position in one request


def played(rules: Rules, start: dict[str, Any], moves: Any) -> GameRecord:
    """The moves played from ``start``, replayed by the rules (BadInput names a bad move)."""
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise BadInput(f"'moves' must be a list of at most {MAX_MOVES} pit numbers")
    if any(isinstance(m, bool) or not isinstance(m, int) for m in moves):
        raise BadInput("'moves' must be a list of pit numbers")
    try:
        return replay(rules.name, dict(rules.options), start["to_move"], moves, start)
    except RecordError as exc:
        raise BadInput(f"bad move: {exc}") from None


def special(rules: Rules, state: State) -> list[dict[str, Any]]:
    return [
        {"pit": pit, "owner": owner, "kind": kind}
        for pit, owner, kind in rules.special_pits(state.extra)
    ]


def describe(record: GameRecord, start: dict[str, Any]) -> dict[str, Any]:
    """The position the moves reach, its legal moves with the board after each and its sowing
    path, and the moves played so far (with what each did)."""
    rules = record.rules
    state = record.state
    after: dict[str, Any] = {}
    for pit in state.legal_moves():
        nxt, rec = state.play_record(pit)
        after[str(pit)] = {
            "board": list(nxt.board),
            "to_move": nxt.to_move,
            "extra": list(nxt.extra),
            "record": rec.to_dict(),
            "notation": move_text(rec),
        }
    outcome = record.outcome
    return {
        "variant": rules.name,
        "title": rules.title,
        "options": dict(rules.options),
        "pits": rules.pits,
        "stores": [rules.store0, rules.store1],
        "words": words(rules),
        "board_help": board_help(rules),
        "start": start,
        "moves": list(record.moves),
        "played": [
            {"pit": r.pit, "player": r.player, "notation": move_text(r), "record": r.to_dict()}
            for r in record.records
        ],
        "board": list(state.board),
        "to_move": state.to_move,
        "extra": list(state.extra),
        "extra_text": extra_text(rules, state),
        "special_pits": special(rules, state),
        "scores": list(state.scores),
        "legal_moves": list(state.legal_moves()),
        "after": after,
        "over": state.is_over,
        "winner": state.winner,
        "end_reason": outcome.ending.text if outcome and outcome.ending else None,
    }
