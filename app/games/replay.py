"""Replayed game records, remembered: a game is replayed through the rules on every read (which
keeps history rules such as Oware's repetition exact), so each server process keeps the last
few hundred replays.  A record is a pure function of (variant, options, first player, moves),
so that tuple is the key and nothing ever needs invalidating; a game a few moves past a
remembered one replays just those moves.  A game set up from a position by hand (its data's
``start``: board, to_move, extra) replays from that position.  Callers get their own copy
(they may push or pop moves).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Sequence

from app.store.json_types import JSONObject
from engine import IllegalMove, get_variant
from engine.core import Rules, State
from engine.position import playable_position
from engine.record import GameRecord, RecordError

KEEP = 512  # replays remembered per process
EXTEND = 4  # a game up to this many moves past a remembered one replays only those moves

Key = tuple[str, str, int, tuple[int, ...], str]
_remembered: OrderedDict[Key, GameRecord] = OrderedDict()
_lock = threading.Lock()


def copy(record: GameRecord) -> GameRecord:
    """A record of the same game that can be changed without touching ``record``."""
    return GameRecord(
        record.rules,
        record.first_player,
        list(record.moves),
        list(record.states),
        list(record.records),
    )


def _recall(key: Key) -> GameRecord | None:
    with _lock:
        found = _remembered.get(key)
        if found is not None:
            _remembered.move_to_end(key)
        return found


def _remember(key: Key, record: GameRecord) -> None:
    with _lock:
        _remembered[key] = record
        _remembered.move_to_end(key)
        while len(_remembered) > KEEP:
            _remembered.popitem(last=False)


def start_state(rules: Rules, start: JSONObject) -> State:
    """The position a game set up by hand starts from (``start``: board, to_move, extra)."""
    try:
        return playable_position(rules, start["board"], start["to_move"], start.get("extra"))
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"bad start position: {exc}") from None


def fresh_record(
    variant: str, options: JSONObject, first_player: int, start: JSONObject | None
) -> GameRecord:
    """A record with no move yet: from the variant's start, or from ``start`` when given."""
    rules = get_variant(variant, **options)
    if start is None:
        return GameRecord(rules, first_player)
    state = start_state(rules, start)
    assert state.to_move is not None
    return GameRecord(rules, state.to_move, [], [state])


def _key(
    variant: str,
    options: JSONObject,
    first_player: int,
    moves: Sequence[int],
    start: JSONObject | None,
) -> Key:
    where = "" if start is None else json.dumps(start, sort_keys=True)
    return (str(variant), json.dumps(options, sort_keys=True), first_player, tuple(moves), where)


def remember(
    variant: str,
    options: JSONObject,
    first_player: int,
    start: JSONObject | None,
    record: GameRecord,
) -> None:
    """Remember ``record`` (its moves played from ``start`` by these rules) as what a replay of
    those moves gives: a move's save keeps the record it pushed, so the next read needs no
    replay (a copy is kept: the caller may go on changing ``record``)."""
    _remember(_key(variant, options, first_player, list(record.moves), start), copy(record))


def replay(
    variant: str,
    options: JSONObject,
    first_player: int,
    moves: object,
    start: JSONObject | None = None,
) -> GameRecord:
    """The game's record after ``moves`` (from ``start``, a position set up by hand, if given);
    RecordError (a ValueError) saying which move is bad."""
    if not isinstance(moves, list):
        raise RecordError(f"moves must be a list, not {type(moves).__name__}")
    key = _key(variant, options, first_player, moves, start)
    where = key[4]
    found = _recall(key)
    if found is not None:
        return copy(found)
    for back in range(1, min(EXTEND, len(moves)) + 1):  # a game a few moves past a known one
        before = _recall((key[0], key[1], first_player, key[3][:-back], where))
        if before is not None:
            found = copy(before)
            for n in range(len(moves) - back, len(moves)):
                try:
                    found.push(moves[n])
                except IllegalMove as exc:
                    raise RecordError(f"move {n + 1} ({moves[n]!r}): {exc}") from None
            break
    else:
        if start is None:
            found = GameRecord(get_variant(variant, **options), first_player, list(moves))
        else:
            found = fresh_record(variant, options, first_player, start)
            for n, pit in enumerate(moves, 1):
                try:
                    found.push(pit)
                except IllegalMove as exc:
                    raise RecordError(f"move {n} ({pit!r}): {exc}") from None
    _remember(key, copy(found))
    return found
