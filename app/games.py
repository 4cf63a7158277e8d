"""Use cases on stored games: create, view, move, undo, resign, settings, import and export.

No request objects here: the API layer parses, these functions validate against the engine and
return new game data.  A game's data is its record (variant, options, first player, moves)
plus the app's settings; it is replayed through the engine each time it is read, which keeps
history rules (Oware's repetition) exact.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from app.errors import APIError
from app.replay import replay
from engine import IllegalMove, get_variant, variant_names
from engine.agents import ALGORITHMS, LEVELS
from engine.agents.levels import level_seconds
from engine.notation import pit_letter
from engine.record import GameRecord, RecordError

MODES: dict[str, str] = {
    "computer": "Play the computer",
    "local": "Play a friend here",
    "remote": "Play a friend on another device",
    "watch": "Watch computer vs computer",
}
DEFAULT_LEVEL = "medium"
DEFAULT_ALGORITHM = "minimax"
HINT_LEVEL = "hard"
MAX_DELAY = 5.0


def owner_hash(token: str) -> str:
    """What the store keeps of a browser's seat token (never the token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_game_id() -> str:
    return secrets.token_urlsafe(12)


@dataclass
class Game:
    """A stored game replayed: its data, version and the engine's record."""

    id: str
    version: int
    data: dict[str, Any]
    record: GameRecord
    updated: float = 0.0

    @classmethod
    def load(cls, game_id: str, version: int, data: dict[str, Any], updated: float = 0.0) -> Game:
        record = replay(data["variant"], data["options"], data["first_player"], data["moves"])
        return cls(game_id, version, data, record, updated)

    @property
    def seats(self) -> list[dict[str, Any]]:
        return self.data["seats"]  # type: ignore[no-any-return]

    @property
    def over(self) -> bool:
        return self.record.state.is_over or self.data.get("resigned") is not None

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.record.state.to_move

    def seats_of(self, owner: str | None) -> list[int]:
        """The seats a browser (by owner hash) holds."""
        if owner is None:
            return []
        return [i for i, s in enumerate(self.seats) if s["kind"] == "human" and s["owner"] == owner]

    def computer_to_move(self) -> dict[str, Any] | None:
        """The computer seat whose turn it is, when it should think now."""
        mover = self.to_move
        if mover is None or self.data.get("paused"):
            return None
        seat = self.seats[mover]
        return seat if seat["kind"] == "computer" else None

    def winner(self) -> int | None:
        resigned = self.data.get("resigned")
        if resigned is not None:
            return 1 - int(resigned)
        return self.record.state.winner


# -- creating -------------------------------------------------------------------------------------


def _choice(params: dict[str, Any], key: str, allowed: tuple[str, ...], default: str) -> str:
    value = params.get(key, default)
    if value not in allowed:
        raise APIError(400, f"{key!r} must be one of {', '.join(allowed)}; got {value!r}")
    return str(value)


def _computer(params: dict[str, Any], level_key: str, algo_key: str) -> dict[str, Any]:
    level = _choice(params, level_key, LEVELS, params.get("level", DEFAULT_LEVEL))
    algorithm = _choice(params, algo_key, ALGORITHMS, params.get("algorithm", DEFAULT_ALGORITHM))
    return {"kind": "computer", "level": level, "algorithm": algorithm}


def _delay(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= MAX_DELAY:
        raise APIError(400, f"'delay' must be a number of seconds from 0 to {MAX_DELAY:g}")
    return float(value)


def rules_from(params: dict[str, Any]) -> Any:
    """The engine rules named by ``variant`` and ``options``; 400 with the engine's message."""
    variant = params.get("variant", "kalah")
    options = params.get("options", {})
    if variant not in variant_names():
        raise APIError(400, f"unknown variant {variant!r} (variants: {', '.join(variant_names())})")
    if not isinstance(options, dict):
        raise APIError(400, "'options' must be an object of rule options")
    try:
        return get_variant(variant, **options)
    except ValueError as exc:
        raise APIError(400, str(exc)) from None


MAX_NAME = 24
# Bidirectional embeddings, overrides and isolates: they can make a name display as another.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def player_name(value: Any, field: str = "name") -> str:
    """A name a person gave their seat: a string, stripped, 1-24 characters, no controls."""
    if not isinstance(value, str):
        raise APIError(400, f"{field!r} must be a string of 1 to {MAX_NAME} characters")
    name = value.strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise APIError(
            400, f"{field!r} must be 1 to {MAX_NAME} characters (not counting spaces around it)"
        )
    for ch in name:
        if unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") or ch in BIDI_CONTROLS:
            raise APIError(400, f"{field!r} must not contain control characters ({ch!r})")
    return name


def seat_names(params: dict[str, Any], mode: str) -> list[str | None]:
    """The names given for seats 0 and 1 on creating: ``name`` (the creator's seat) or, for a
    game on one screen, ``names`` (one per seat, null for the default)."""
    if "names" in params:
        names = params["names"]
        if mode != "local":
            raise APIError(400, "'names' (one per seat) is for a game on one screen; use 'name'")
        if "name" in params:
            raise APIError(400, "give either 'name' or 'names', not both")
        if not (isinstance(names, list) and len(names) == 2):
            raise APIError(400, "'names' must be a list of two names (null for the default)")
        return [None if n is None else player_name(n, f"names[{i}]") for i, n in enumerate(names)]
    if "name" in params:
        if mode == "watch":
            raise APIError(400, "'name' names your seat; watching, you have none")
        return [player_name(params["name"]), None]
    return [None, None]


def named(seat: dict[str, Any], name: str | None) -> dict[str, Any]:
    """``seat`` with its player's name, when one was given."""
    return dict(seat, name=name) if name is not None else seat


def new_game_data(params: dict[str, Any], owner: str) -> tuple[dict[str, Any], list[int]]:
    """Validate a create request; return the game data and the seats the creator holds."""
    known = {
        "name",
        "names",
        "variant",
        "options",
        "mode",
        "level",
        "algorithm",
        "first",
        "levels",
        "algorithms",
        "delay",
        "record",
    }
    unknown = sorted(set(params) - known)
    if unknown:
        raise APIError(400, f"unknown field {unknown[0]!r} (fields: {', '.join(sorted(known))})")
    rules = rules_from(params)
    mode = _choice(params, "mode", tuple(MODES), "computer")
    first = params.get("first", "me")
    firsts = ("me", "computer", "random", 0, 1) if mode == "computer" else ("random", 0, 1, "me")
    if isinstance(first, bool) or first not in firsts:
        raise APIError(400, f"'first' must be one of {', '.join(map(str, firsts))}; got {first!r}")
    if first == "random":
        first_player = secrets.randbelow(2)
    elif first in ("me", 0):
        first_player = 0
    else:
        first_player = 1
    human = {"kind": "human", "owner": owner}
    if mode == "computer":
        seats = [human, _computer(params, "level", "algorithm")]
    elif mode == "local":
        seats = [human, dict(human)]
    elif mode == "remote":
        seats = [human, {"kind": "human", "owner": None}]
    else:
        levels = params.get("levels") or [params.get("level", DEFAULT_LEVEL)] * 2
        algos = params.get("algorithms") or [params.get("algorithm", DEFAULT_ALGORITHM)] * 2
        if not (isinstance(levels, list) and len(levels) == 2):
            raise APIError(400, "'levels' must be a list of two levels, one per computer")
        if not (isinstance(algos, list) and len(algos) == 2):
            raise APIError(400, "'algorithms' must be a list of two algorithms")
        seats = [
            _computer({"level": levels[i], "algorithm": algos[i]}, "level", "algorithm")
            for i in (0, 1)
        ]
    seats = [named(seat, name) for seat, name in zip(seats, seat_names(params, mode), strict=True)]
    delay = _delay(params.get("delay", 1.0 if mode == "watch" else 0.0))
    data: dict[str, Any] = {
        "variant": rules.name,
        "options": dict(rules.options),
        "first_player": first_player,
        "moves": [],
        "mode": mode,
        "seats": seats,
        "decisions": {},
        "resigned": None,
        "paused": False,
        "delay": delay,
        "last_move_at": time.time(),
        "settings": {k: v for k, v in params.items() if k != "record"},
    }
    if "record" in params:
        record = import_record(params["record"])
        data.update(
            variant=record.rules.name,
            options=dict(record.rules.options),
            first_player=record.first_player,
            moves=list(record.moves),
        )
    held = [i for i, s in enumerate(seats) if s["kind"] == "human" and s["owner"] == owner]
    return data, held


def import_record(value: Any) -> GameRecord:
    """A game record from its JSON object or its one-line text; 400 saying where it is wrong."""
    try:
        if isinstance(value, str):
            return GameRecord.from_text(value)
        return GameRecord.from_dict(value)
    except RecordError as exc:
        raise APIError(400, f"bad game record: {exc}") from None


# -- playing --------------------------------------------------------------------------------------


def check_version(game: Game, body: dict[str, Any]) -> None:
    """409 unless the client names the version it saw and it is the current one."""
    version = body.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise APIError(400, "'version' (the game version you saw, a whole number) is required")
    if version != game.version:
        raise APIError(
            409, f"the game has changed since version {version} (now {game.version}); reload it"
        )


def seats_held(game: Game, owner: str | None) -> list[int]:
    """The seats ``owner`` holds in ``game``; 403 for a viewer who holds none."""
    mine = game.seats_of(owner)
    if not mine:
        raise APIError(403, "you have no seat in this game (you are watching it)")
    return mine


def play_move(game: Game, owner: str | None, body: dict[str, Any]) -> dict[str, Any]:
    """The data after the viewer's move ``body["pit"]``; 4xx if it can't be played."""
    pit = body.get("pit")
    if isinstance(pit, bool) or not isinstance(pit, int):
        raise APIError(400, f"'pit' must be a pit number 0-{game.record.rules.pits - 1}")
    check_version(game, body)
    mine = seats_held(game, owner)
    if game.over:
        raise APIError(409, "the game is over")
    mover = game.record.state.to_move
    if mover not in mine:
        who = "the computer" if game.seats[mover]["kind"] == "computer" else "your opponent"
        raise APIError(409, f"it is not your turn: {who} is to move")
    try:
        game.record.push(pit)
    except IllegalMove as exc:
        raise APIError(422, str(exc)) from None
    data = dict(game.data, moves=list(game.record.moves), last_move_at=time.time())
    data["takeback"] = None  # a move answers a pending takeback request with no
    return data


def apply_computer_move(game: Game, decision: dict[str, Any]) -> dict[str, Any]:
    """The data after the computer's decision (already checked to be its turn)."""
    ply = len(game.record.moves)
    game.record.push(int(decision["move"]))
    decisions = dict(game.data.get("decisions", {}))
    decisions[str(ply)] = decision
    return dict(
        game.data, moves=list(game.record.moves), decisions=decisions, last_move_at=time.time()
    )


def undo(game: Game, owner: str | None, body: dict[str, Any]) -> dict[str, Any]:
    """Take back moves: against the computer, back to the viewer's previous turn."""
    check_version(game, body)
    mine = seats_held(game, owner)
    if game.data.get("resigned") is not None:
        raise APIError(409, "the game was resigned; start a new one")
    if game.data["mode"] == "remote":
        raise APIError(409, "take-backs are not available in a game between two devices")
    record = game.record
    moves = record.moves
    # Pop to the last move one of my seats played, then keep popping while the mover is not me.
    last_mine = max((i for i, r in enumerate(record.records) if r.player in mine), default=None)
    if last_mine is None:
        raise APIError(409, "there is no move of yours to take back")
    if len(mine) == 2:
        last_mine = len(moves) - 1  # same screen: take back one move
    while len(moves) > last_mine:
        record.pop()
    decisions = {k: v for k, v in game.data.get("decisions", {}).items() if int(k) < len(moves)}
    return dict(game.data, moves=list(moves), decisions=decisions, last_move_at=time.time())


def resign(game: Game, owner: str | None, body: dict[str, Any]) -> dict[str, Any]:
    check_version(game, body)
    mine = seats_held(game, owner)
    if game.over:
        raise APIError(409, "the game is over")
    mover = game.record.state.to_move
    seat = mover if mover in mine else mine[0]
    return dict(game.data, resigned=seat)


ACTIONS = ("request", "accept", "decline")


def _action(body: dict[str, Any], allowed: tuple[str, ...]) -> str:
    action = body.get("action", allowed[0])
    if action not in allowed:
        raise APIError(400, f"'action' must be one of {', '.join(allowed)}; got {action!r}")
    return str(action)


def _one_seat(game: Game, owner: str | None) -> int:
    """The viewer's seat in a game between two devices; 403 for spectators, 409 elsewhere."""
    if game.data["mode"] != "remote":
        raise APIError(409, "requests to the opponent are for games between two devices")
    mine = seats_held(game, owner)
    if any(s["kind"] == "human" and s["owner"] is None for s in game.seats):
        raise APIError(409, "your opponent has not joined yet")
    return mine[0]


def takeback(game: Game, owner: str | None, body: dict[str, Any]) -> dict[str, Any]:
    """Ask the opponent to take back your last move, or accept / decline their request.

    Accepting goes back to the requester's previous turn (their last move and any replies).
    """
    check_version(game, body)
    action = _action(body, ACTIONS)
    seat = _one_seat(game, owner)
    if game.over:
        raise APIError(409, "the game is over")
    pending = game.data.get("takeback")
    if action == "request":
        if pending is not None:
            raise APIError(409, "a takeback request is already waiting for an answer")
        if not any(r.player == seat for r in game.record.records):
            raise APIError(409, "there is no move of yours to take back")
        return dict(game.data, takeback=seat)
    if pending is None or pending == seat:
        raise APIError(409, "there is no takeback request from your opponent to answer")
    if action == "decline":
        return dict(game.data, takeback=None)
    record = game.record
    last = max(i for i, r in enumerate(record.records) if r.player == pending)
    while len(record.moves) > last:
        record.pop()
    moves = record.moves
    return dict(game.data, moves=list(moves), takeback=None, last_move_at=time.time())


def rematch_offer(
    game: Game, owner: str | None, body: dict[str, Any]
) -> tuple[dict[str, Any], str]:
    """Offer a rematch, or answer the opponent's offer: the new data and the action taken."""
    check_version(game, body)
    action = _action(body, ACTIONS)
    seat = _one_seat(game, owner)
    if not game.over:
        raise APIError(409, "a rematch is offered when the game is over")
    offer = game.data.get("rematch") or {}
    if offer.get("game"):
        raise APIError(409, "the rematch has started already")
    if action == "request":
        if offer:
            raise APIError(409, "a rematch offer is already waiting for an answer")
        return dict(game.data, rematch={"by": seat, "game": None}), action
    if not offer or offer["by"] == seat:
        raise APIError(409, "there is no rematch offer from your opponent to answer")
    if action == "decline":
        return dict(game.data, rematch=None), action
    return dict(game.data), action


def rematch_data(game: Game) -> dict[str, Any]:
    """A new game between the same two seats with the other player moving first."""
    data = dict(game.data)
    return dict(
        data,
        moves=[],
        first_player=1 - int(game.record.first_player),
        seats=[dict(s) for s in game.seats],
        decisions={},
        resigned=None,
        paused=False,
        takeback=None,
        rematch=None,
        last_move_at=time.time(),
    )


def change_settings(game: Game, owner: str | None, body: dict[str, Any]) -> dict[str, Any]:
    """Pause, resume or change the pace of a game's computer moves.

    Settings don't depend on the position, so ``version`` is optional here; when given it must
    be the current one.
    """
    if "version" in body:
        check_version(game, body)
    unknown = sorted(set(body) - {"version", "paused", "delay"})
    if unknown:
        raise APIError(400, f"unknown setting {unknown[0]!r} (settings: paused, delay)")
    if game.data["mode"] != "watch":
        seats_held(game, owner)
    data = dict(game.data)
    if "paused" in body:
        if not isinstance(body["paused"], bool):
            raise APIError(400, "'paused' must be true or false")
        data["paused"] = body["paused"]
    if "delay" in body:
        data["delay"] = _delay(body["delay"])
    return data


def join(game: Game, owner: str, body: dict[str, Any] | None = None) -> tuple[dict[str, Any], int]:
    """Take the open seat of a game between two devices, with ``body["name"]`` if given."""
    body = body or {}
    unknown = sorted(set(body) - {"name", "version"})
    if unknown:
        raise APIError(400, f"unknown field {unknown[0]!r} (fields: name)")
    name = player_name(body["name"]) if "name" in body else None
    if game.seats_of(owner):
        raise APIError(409, "you already have a seat in this game")
    for i, seat in enumerate(game.seats):
        if seat["kind"] == "human" and seat["owner"] is None:
            seats = [dict(s) for s in game.seats]
            seats[i] = named(dict(seats[i], owner=owner), name)
            return dict(game.data, seats=seats), i
    raise APIError(409, "both seats are taken; you can watch this game")


# -- showing --------------------------------------------------------------------------------------


def seat_name(game: Game, seat: int, mine: list[int]) -> str:
    """How a seat is named to the viewer: its player's name ("Ana (you)") or a default."""
    info = game.seats[seat]
    if info["kind"] == "computer":
        number = f" {seat + 1}" if game.data["mode"] == "watch" else ""
        return f"Computer{number} ({info['level'].capitalize()})"
    given = info.get("name")
    if game.data["mode"] == "local":
        return given or f"Player {seat + 1}"
    if seat in mine:
        return f"{given} (you)" if given else "You"
    if not info["owner"]:
        return "Waiting for a friend"
    if given:
        return str(given)
    return "Opponent" if mine else f"Player {seat + 1}"


_move_lists: OrderedDict[tuple[str, int], list[dict[str, Any]]] = OrderedDict()
_move_lists_lock = threading.Lock()
MOVE_LISTS_KEPT = 256


def move_list(game: Game) -> list[dict[str, Any]]:
    """Every move of the game as the browser shows it (the same for every viewer).

    Kept per (game, version) for the players and spectators reading that version; the list
    is shared, so callers must not change it.
    """
    key = (game.id, game.version)
    with _move_lists_lock:
        found = _move_lists.get(key)
    if found is not None and len(found) == len(game.record.moves):
        return found
    record = game.record
    boards = [s.board for s in record.states]
    decisions = game.data.get("decisions", {})
    notation = record.notation()
    moves = [
        {
            "ply": ply,
            "player": rec.player,
            "pit": rec.pit,
            "letter": pit_letter(rec.player, rec.pit),
            "notation": notation[ply],
            "record": rec.to_dict(),
            "board": list(boards[ply + 1]),
            "decision": decisions.get(str(ply)),
        }
        for ply, rec in enumerate(record.records)
    ]
    if game.version > 0:  # (a stored version; unsaved games are never kept)
        with _move_lists_lock:
            _move_lists[key] = moves
            while len(_move_lists) > MOVE_LISTS_KEPT:
                _move_lists.popitem(last=False)
    return moves


def view(game: Game, owner: str | None) -> dict[str, Any]:
    """Everything a browser needs to draw the game, from the viewer's side."""
    record = game.record
    rules = record.rules
    state = record.state
    mine = game.seats_of(owner)
    moves = move_list(game)
    mover = game.to_move
    computer = game.computer_to_move()
    last_decision = next((m["decision"] for m in reversed(moves) if m["decision"]), None)
    resigned = game.data.get("resigned")
    if resigned is not None:
        end_reason = f"{seat_name(game, resigned, mine)} resigned"
    elif record.records and record.records[-1].ended:
        end_reason = record.records[-1].end_reason
    else:
        end_reason = ""
    return {
        "id": game.id,
        "version": game.version,
        "variant": rules.name,
        "title": rules.title,
        "summary": rules.summary,
        "options": dict(rules.options),
        "pits": rules.pits,
        "stores_on_path": bool(type(rules).has_stores_on_path),
        "stores": [rules.store0, rules.store1],
        "mode": game.data["mode"],
        "seats": [
            {
                "seat": i,
                "kind": s["kind"],
                "name": seat_name(game, i, mine),
                "player_name": s.get("name"),
                "open": s["kind"] == "human" and s["owner"] is None,
                "level": s.get("level"),
                "algorithm": s.get("algorithm"),
                "yours": i in mine,
            }
            for i, s in enumerate(game.seats)
        ],
        "you": mine,
        "first_player": record.first_player,
        "extra": list(getattr(state, "extra", ()) or ()),
        "extra_text": extra_text(rules, state),
        "initial_board": list(record.states[0].board),
        "board": list(state.board),
        "to_move": mover,
        "legal_moves": list(state.legal_moves()) if mover is not None else [],
        "your_turn": mover is not None and mover in mine,
        "scores": list(state.scores),
        "status": "over" if game.over else "playing",
        "winner": game.winner() if game.over else None,
        "resigned": resigned,
        "end_reason": end_reason,
        "thinking": computer is not None,
        "think_seconds": level_seconds(computer["level"]) if computer else None,
        "paused": bool(game.data.get("paused")),
        "delay": game.data.get("delay", 0.0),
        "moves": moves,
        "last_decision": last_decision,
        "takeback": game.data.get("takeback"),
        "rematch": game.data.get("rematch"),
        "can_join": not mine
        and any(s["kind"] == "human" and s["owner"] is None for s in game.seats),
        "updated": game.updated,
    }


def extra_text(rules: Any, state: Any) -> str:
    """What a variant keeps beside the board, in words (e.g. Toguz Kumalak's tuzdyks)."""
    extra = getattr(state, "extra", ())
    describe = getattr(rules, "extra_text", None)
    if not extra or describe is None:
        return ""
    return str(describe(extra))


def summary(game: Game, owner: str | None) -> dict[str, Any]:
    """A line for the "your games" list."""
    mine = game.seats_of(owner)
    opponents = [seat_name(game, i, mine) for i in range(2) if i not in mine]
    winner = game.winner() if game.over else None
    if not game.over:
        status = "your turn" if game.to_move in mine else "waiting"
    elif winner is None:
        status = "draw"
    elif game.data["mode"] == "local":
        status = f"{seat_name(game, winner, mine)} won"
    else:
        status = "you won" if winner in mine else "you lost"
    return {
        "id": game.id,
        "variant": game.record.rules.name,
        "title": game.record.rules.title,
        "mode": game.data["mode"],
        "opponent": opponents[0] if opponents else "each other",
        "players": [seat_name(game, i, mine) for i in range(2)],
        "named": any(s.get("name") for s in game.seats),
        "moves": len(game.record.moves),
        "scores": list(game.record.state.scores),
        "status": status,
        "over": game.over,
        "updated": game.updated,
        "url": f"/game/{game.id}",
    }
