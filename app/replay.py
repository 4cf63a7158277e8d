"""Replayed game records, remembered: a game is replayed through the rules on every read (which
keeps history rules such as Oware's repetition exact), so each server process keeps the last
few hundred replays.  A record is a pure function of (variant, options, first player, moves),
so that tuple is the key and nothing ever needs invalidating; a game a few moves past a
remembered one replays just those moves.  Callers get their own copy (they may push or pop moves).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

from engine import IllegalMove, get_variant
from engine.record import GameRecord, RecordError

KEEP = 512  # replays remembered per process
EXTEND = 4  # a game up to this many moves past a remembered one replays only those moves

Key = tuple[str, str, int, tuple[int, ...]]
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


def replay(variant: str, options: dict[str, Any], first_player: int, moves: Any) -> GameRecord:
    """The game's record after ``moves``; RecordError (a ValueError) saying which move is bad."""
    if not isinstance(moves, list):
        raise RecordError(f"moves must be a list, not {type(moves).__name__}")
    key: Key = (str(variant), json.dumps(options, sort_keys=True), first_player, tuple(moves))
    found = _recall(key)
    if found is not None:
        return copy(found)
    for back in range(1, min(EXTEND, len(moves)) + 1):  # a game a few moves past a known one
        before = _recall((key[0], key[1], first_player, key[3][:-back]))
        if before is not None:
            found = copy(before)
            for n in range(len(moves) - back, len(moves)):
                try:
                    found.push(moves[n])
                except IllegalMove as exc:
                    raise RecordError(f"move {n + 1} ({moves[n]!r}): {exc}") from None
            break
    else:
        found = GameRecord(get_variant(variant, **options), first_player, list(moves))
    _remember(key, copy(found))
    return found
