"""No engine help in a running rated game.

While a rated game is being played, nothing the server values (hints, a position's or a game's
analysis, the analysis board's values, the computer's thinking shown on a board) is given for
its positions, to its players or to anyone watching: :func:`check_game` refuses the game's own
positions (every ply), and :class:`Guard` refuses any other request for a position a rated game
is at now or reaches with one move (the analysis board opened from the game, a game set up
from its position, the same moves replayed on one screen).  Once the game is over everything
opens.  The variant's start is never guarded (its values are the opening book's).

A position is compared by its rules, board and player to move (not its history or extras:
fewer ways around it).  Each process keeps the set of guarded positions for a second, so a
request costs one query of the running games a second at most.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterable

from flask import current_app

from app.games.errors import N_, NotNow
from app.games.model import Game
from app.games.spec import GameSpec
from app.store import StoreError, get_store
from app.store.base import GameStore
from app.store.json_types import JSONObject
from engine.core import Rules, State
from engine.record import GameRecord, RecordError

Key = tuple[str, str, tuple[int, ...], int]
KEEP_SECONDS = 1.0  # how long a process trusts its set of guarded positions
RUNNING_SECONDS = 24 * 3600.0  # a rated game untouched longer than this is not guarded
MOST_GAMES = 1000  # running games read at most (a LAN evening has a few dozen)

RATED_RUNNING = N_(
    "this rated game is being played: the engine's values (hints, analysis, board values, "
    "the computer's thinking) open for its positions once it is over"
)
POSITION_GUARDED = N_(
    "this position is in a rated game being played now: the engine's values for it open "
    "once that game is over"
)


def rated_running(game: Game) -> bool:
    """Whether ``game`` is a rated game still being played."""
    return bool(game.data.get("rated")) and not game.over


def check_game(game: Game) -> None:
    """Refuse (NotNow, 409) any value of a rated game's positions while it runs, whoever asks."""
    if rated_running(game):
        raise NotNow(RATED_RUNNING)


def key_of(rules: Rules, state: State) -> Key | None:
    """What makes a position the same position here: the rules, the board, the player to move
    (None once the game is over: nothing to value)."""
    if state.to_move is None:
        return None
    options = json.dumps(dict(rules.options), sort_keys=True)
    return (rules.name, options, tuple(state.board), int(state.to_move))


def now_and_next(record: GameRecord) -> set[Key]:
    """The positions a running game's values would help with: the one it is at and the one
    each legal move reaches (not the variant's start)."""
    rules, state = record.rules, record.state
    if state.to_move is None:
        return set()
    states = [state, *(state.play(pit) for pit in state.legal_moves())]
    start = key_of(rules, rules.initial_state(0)), key_of(rules, rules.initial_state(1))
    keys = {key_of(rules, s) for s in states}
    return {k for k in keys if k is not None and k not in start}


def running_rated(store: GameStore, since: float) -> list[JSONObject]:
    """The data of the rated games between two devices not over and changed since ``since``
    (an empty list from a store that can't be asked)."""
    run = getattr(store, "run", None)
    execute = getattr(store, "execute", None)
    if run is None or execute is None:
        return []
    query = (
        "SELECT data FROM games WHERE mode = 'remote' AND finished = 0 AND updated >= :since "
        "ORDER BY updated DESC LIMIT :limit"
    )
    rows = run(lambda db: execute(db, query, since=since, limit=MOST_GAMES).fetchall())
    out = []
    for (text,) in rows:
        try:
            data = json.loads(text)
        except (TypeError, ValueError):
            continue
        if isinstance(data, dict) and data.get("rated") and not data.get("resigned"):
            out.append(data)
    return out


def guarded_keys(games: Iterable[JSONObject]) -> set[Key]:
    """Every position the running rated games ``games`` guard now."""
    keys: set[Key] = set()
    for data in games:
        try:
            record = GameSpec.of(data).replay()
        except (KeyError, TypeError, ValueError, RecordError):
            continue  # a damaged game guards nothing (its own requests say it is damaged)
        keys |= now_and_next(record)
    return keys


class Guard:
    """The positions of the rated games being played now, kept by this process a second."""

    def __init__(self, store: GameStore, keep: float = KEEP_SECONDS) -> None:
        self.store = store
        self.keep = keep
        self._keys: set[Key] = set()
        self._at = -1e18
        self._lock = threading.Lock()

    def keys(self, fresh: bool = False) -> set[Key]:
        """The guarded positions now: read again when ``fresh`` (a request that starts a
        search: a store that can't be read refuses it) or after a second (a game's page, read
        often: the last set read while the store can't be)."""
        now = time.monotonic()
        with self._lock:
            if not fresh and now - self._at < self.keep:
                return self._keys
        try:
            keys = guarded_keys(running_rated(self.store, time.time() - RUNNING_SECONDS))
        except StoreError:
            if fresh:
                raise
            return self._keys
        with self._lock:
            self._keys, self._at = keys, now
        return keys

    def guarded(self, rules: Rules, state: State, fresh: bool = False) -> bool:
        """Whether the position is one a running rated game is at or reaches in one move."""
        key = key_of(rules, state)
        return key is not None and key in self.keys(fresh)

    def any_guarded(self, rules: Rules, states: Iterable[State], fresh: bool = False) -> bool:
        """Whether any of ``states`` is guarded (one read of the running games)."""
        keys = self.keys(fresh)
        return bool(keys) and any(key_of(rules, state) in keys for state in states)

    def check(self, rules: Rules, state: State) -> None:
        """Refuse (NotNow, 409) the values of a position a running rated game guards (read
        fresh: the request is about to start a search)."""
        if self.guarded(rules, state, fresh=True):
            raise NotNow(POSITION_GUARDED)


def get_guard() -> Guard:
    """This app's guard (made on first use, over its store)."""
    guard: Guard | None = current_app.extensions.get("mancala_fairplay")
    if guard is None:
        guard = current_app.extensions["mancala_fairplay"] = Guard(get_store())
    return guard
