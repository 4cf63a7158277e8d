"""Replayed game records, remembered: a game is replayed through the rules on every read (which
keeps history rules such as Oware's repetition exact), so each server process keeps the last
few hundred replays.  A record is a pure function of (variant, options, first player, moves),
so that tuple is the key and nothing ever needs invalidating; a game one move past a remembered
one replays just that move.  Callers get their own copy (they may push or pop moves).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

from engine import IllegalMove, get_variant
from engine.record import GameRecord, RecordError

KEEP = 512  # replays remembered per process

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
    if found is None:
        before = _recall(key[:3] + (key[3][:-1],)) if moves else None  # type: ignore[arg-type]
        if before is not None:
            found = copy(before)
            try:
                found.push(moves[-1])
            except IllegalMove as exc:
                raise RecordError(f"move {len(moves)} ({moves[-1]!r}): {exc}") from None
        else:
            found = GameRecord(get_variant(variant, **options), first_player, list(moves))
        _remember(key, copy(found))
        return found
    return copy(found)
