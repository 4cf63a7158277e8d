"""A position as a client sends it (variant, options, board, to_move, extra, moves from there),
checked by the engine (:func:`engine.position.playable_position`), and what the analysis board
is told about it: the legal moves, the board after each and the path its seeds take."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NotRequired, cast

from typing_extensions import TypedDict

from app.analysis.report import Evaluation
from app.board.asks import BoardAsk
from app.games.errors import N_, BadInput, known_fields
from app.games.params import import_record, rules_from
from app.games.spec import GameSpec
from app.games.start import start_position
from app.games.view import (
    EndWords,
    MoveRecordView,
    SpecialPit,
    StartPosition,
    Words,
    board_help,
    end_words,
    extra_text,
    letters,
    words,
)
from app.store.json_types import JSONObject
from engine.core import SWAP, Rules, State
from engine.notation import move_text
from engine.record import GameRecord, RecordError

MAX_MOVES = 600  # moves played on from a position in one request
FIELDS = frozenset(BoardAsk.__annotations__)  # the body it reads: its shape's fields


class AfterMove(TypedDict):
    """A legal move's outcome: the board after it and what it did."""

    board: list[int]
    to_move: int | None
    extra: list[int]
    record: MoveRecordView
    notation: str


class PlayedMove(TypedDict):
    """A move played on from the position, with what it did."""

    pit: int
    player: int
    notation: str
    record: MoveRecordView
    swap: bool


class BoardValues(Evaluation):
    """Each legal move's value for the mover, with the best move."""

    best_move: int
    """the best pit, or swap_move where the pie rule's swap is worth more"""


class BoardAnswer(TypedDict):
    """A position the analysis board shows: the moves played to it, its legal moves with the
    board after each, and (on request) each move's value."""

    variant: str
    title: str
    options: JSONObject
    pits: int
    stores: list[int]
    words: Words
    letters: list[list[str]]
    board_help: str
    start: StartPosition
    """send it back with moves to go on"""
    moves: list[int]
    played: list[PlayedMove]
    board: list[int]
    to_move: int | None
    extra: list[int]
    extra_text: str
    special_pits: list[SpecialPit]
    scores: list[int]
    legal_moves: list[int]
    can_swap: bool
    swap_move: int
    after: dict[str, AfterMove]
    """for each legal pit"""
    over: bool
    winner: int | None
    end_reason: str | None
    end_words: EndWords | None
    """the same as a message id and its arguments, for the page to say in its language"""
    values: NotRequired[BoardValues]


@dataclass(frozen=True)
class Asked:
    """What ``POST /api/board`` asks: the position and the moves played on from it (``spec``,
    replayed as ``record``), and whether each legal move is to be valued."""

    spec: GameSpec
    record: GameRecord
    values: bool

    @property
    def start(self) -> JSONObject:
        assert self.spec.start is not None
        return self.spec.start


def parse(sent: JSONObject) -> Asked:
    """The position ``board``/``to_move``[/``extra``] of ``variant`` with ``options`` and the
    ``moves`` played from it (or an exported game's ``record``: its start and moves; no
    ``board``: the variant's start, player 0 to move), checked by the engine; BadInput says
    what is wrong."""
    known_fields(sent, FIELDS)
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
    spec, record = played(rules, start, moves)
    wanted = sent.get("values", False)
    if not isinstance(wanted, bool):
        raise BadInput("'values' must be true or false")
    return Asked(spec, record, wanted)


def played(rules: Rules, start: JSONObject, moves: object) -> tuple[GameSpec, GameRecord]:
    """The moves played from ``start``, replayed by the rules (BadInput names a bad move)."""
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise BadInput(N_("'moves' must be a list of at most %(most)s pit numbers"), most=MAX_MOVES)
    if any(isinstance(m, bool) or not isinstance(m, int) for m in moves):
        raise BadInput("'moves' must be a list of pit numbers")
    spec = GameSpec(rules.name, dict(rules.options), start["to_move"], tuple(moves), start)
    try:
        return spec, spec.replay()
    except RecordError as exc:
        raise BadInput(N_("bad move: %(problem)s"), problem=str(exc)) from None


def special(rules: Rules, state: State) -> list[SpecialPit]:
    return [
        {"pit": pit, "owner": owner, "kind": kind}
        for pit, owner, kind in rules.special_pits(state.extra)
    ]


def describe(record: GameRecord, start: JSONObject) -> BoardAnswer:
    """The position the moves reach, its legal moves with the board after each and its sowing
    path, and the moves played so far (with what each did)."""
    rules = record.rules
    state = record.state
    after: dict[str, AfterMove] = {}
    for pit in state.legal_moves():
        nxt, rec = state.play_record(pit)
        after[str(pit)] = {
            "board": list(nxt.board),
            "to_move": nxt.to_move,
            "extra": list(nxt.extra),
            "record": cast(MoveRecordView, rec.to_dict()),  # the engine's JSON
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
        "letters": letters(rules),
        "board_help": board_help(rules),
        "start": cast(StartPosition, start),  # checked by the engine (start_position)
        "moves": list(record.moves),
        "played": [
            {
                "pit": r.pit,
                "player": r.player,
                "notation": move_text(r),
                "record": cast(MoveRecordView, r.to_dict()),
                "swap": r.pit == SWAP,
            }
            for r in record.records
        ],
        "board": list(state.board),
        "to_move": state.to_move,
        "extra": list(state.extra),
        "extra_text": extra_text(rules, state),
        "special_pits": special(rules, state),
        "scores": list(state.scores),
        "legal_moves": list(state.legal_moves()),
        "can_swap": state.can_swap,  # the pie rule: the mover may swap sides (swap_move)
        "swap_move": SWAP,
        "after": after,
        "over": state.is_over,
        "winner": state.winner,
        "end_reason": outcome.ending.text if outcome and outcome.ending else None,
        "end_words": end_words(record) if outcome and outcome.ending else None,
    }
