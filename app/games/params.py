"""Reading what a client sends: a new game's settings, names, versions, actions, records.

Each function takes the raw JSON value and returns a checked one, or raises :class:`BadInput`
saying what was wrong; nothing here reads or writes the store.
"""

from __future__ import annotations

import secrets
import time
import unicodedata
from typing import get_args

from app.games import clock
from app.games.asks import MAX_DELAY, MAX_NAME, Action, NewGame
from app.games.errors import N_, BadInput, StaleVersion, known_fields
from app.games.model import DEFAULT_ALGORITHM, DEFAULT_LEVEL, MODES, Game, Seat
from app.games.spec import GameSpec
from app.games.start import start_position
from app.store.json_types import JSONObject
from engine import get_variant, variant_names
from engine.agents import ALGORITHMS, LEVELS
from engine.core import SWAP, Rules
from engine.notation import SWAP_TEXT
from engine.record import GameRecord, RecordError

# Bidirectional embeddings, overrides and isolates: they can make a name display as another.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Letters and symbols that draw nothing: Hangul fillers and the blank Braille pattern.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
CREATE_FIELDS = frozenset(NewGame.__annotations__) - {"seat_token"}  # the token: app.web.seats
# The fields that apply to each mode (beside variant, options, mode, first, record).  The menu
# sends its level and algorithm whatever the mode; they are checked, kept only where they apply.
MODE_FIELDS: dict[str, frozenset[str]] = {
    "computer": frozenset({"name", "level", "algorithm", "delay", "hints"}),
    "local": frozenset({"name", "names", "level", "algorithm", "hints", "clock"}),
    "remote": frozenset({"name", "level", "algorithm", "hints", "clock", "rated"}),
    "watch": frozenset({"level", "algorithm", "levels", "algorithms", "delay"}),
}
COMMON_FIELDS = frozenset({"variant", "options", "mode", "first", "record", "position"})
USES_LEVEL = ("computer", "watch")  # modes with a computer seat
ACTIONS: tuple[str, ...] = get_args(Action)
# A record that does not read or replay; the problem is the record reader's (English) words.
BAD_RECORD = N_("bad game record: %(problem)s")


def choice(params: JSONObject, key: str, allowed: tuple[str, ...], default: str) -> str:
    """``params[key]`` if it is one of ``allowed`` (``default`` when absent)."""
    value = params.get(key, default)
    if value not in allowed:
        raise BadInput(
            N_("%(field)s must be one of %(allowed)s; got %(value)s"),
            field=repr(key),
            allowed=", ".join(allowed),
            value=repr(value),
        )
    return str(value)


def computer_seat(params: JSONObject) -> Seat:
    """A computer seat at a known ``level``, playing a known ``algorithm``."""
    return Seat(
        "computer",
        level=choice(params, "level", LEVELS, DEFAULT_LEVEL),
        algorithm=choice(params, "algorithm", ALGORITHMS, DEFAULT_ALGORITHM),
    )


def delay(value: object) -> float:
    """A watched game's pause between computer moves: 0 to MAX_DELAY seconds."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= MAX_DELAY:
        raise BadInput(
            N_("'delay' must be a number of seconds from 0 to %(high)s"), high=f"{MAX_DELAY:g}"
        )
    return float(value)


def rules_from(params: JSONObject) -> Rules:
    """The engine rules named by ``variant`` and ``options``, with the engine's own message."""
    variant = params.get("variant", "kalah")
    options = params.get("options", {})
    if variant not in variant_names():
        raise BadInput(
            N_("unknown variant %(variant)s (variants: %(variants)s)"),
            variant=repr(variant),
            variants=", ".join(variant_names()),
        )
    if not isinstance(options, dict):
        raise BadInput("'options' must be an object of rule options")
    try:
        return get_variant(variant, **options)
    except ValueError as exc:
        raise BadInput(str(exc)) from None


def player_name(value: object, field: str = "name") -> str:
    """A name a person gave their seat: a string, stripped, 1-24 characters, no controls."""
    if not isinstance(value, str):
        raise BadInput(
            N_("%(field)s must be a string of 1 to %(high)s characters"),
            field=repr(field),
            high=MAX_NAME,
        )
    name = value.strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise BadInput(
            N_("%(field)s must be 1 to %(high)s characters (not counting spaces around it)"),
            field=repr(field),
            high=MAX_NAME,
        )
    for ch in name:
        if unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") or ch in BIDI_CONTROLS:
            raise BadInput(
                N_("%(field)s must not contain control characters (%(char)s)"),
                field=repr(field),
                char=repr(ch),
            )
    if not any(visible(ch) for ch in name):
        raise BadInput(
            N_(
                "%(field)s needs at least one visible character (a letter, digit, mark or "
                "symbol): it is made only of spaces or invisible characters"
            ),
            field=repr(field),
        )
    return name


def visible(ch: str) -> bool:
    """Whether ``ch`` shows as something: a letter, digit, punctuation or symbol that is not a
    blank (zero-width characters and joiners are formats, Cf; Hangul fillers are letters)."""
    return unicodedata.category(ch)[0] in "LNPS" and ch not in BLANKS


def seat_names(params: JSONObject, mode: str) -> list[str | None]:
    """The names given for seats 0 and 1 on creating: ``name`` (the creator's seat) or, for a
    game on one screen, ``names`` (one per seat, null for the default)."""
    if "names" in params:
        names = params["names"]
        if mode != "local":
            raise BadInput("'names' (one per seat) is for a game on one screen; use 'name'")
        if "name" in params:
            raise BadInput("give either 'name' or 'names', not both")
        if not (isinstance(names, list) and len(names) == 2):
            raise BadInput("'names' must be a list of two names (null for the default)")
        return [None if n is None else player_name(n, f"names[{i}]") for i, n in enumerate(names)]
    if "name" in params:
        if mode == "watch":
            raise BadInput("'name' names your seat; watching, you have none")
        return [player_name(params["name"]), None]
    return [None, None]


def first_player(params: JSONObject, mode: str) -> int:
    """Who moves first: ``first`` is "me", "computer" (against the computer), "random", 0 or 1."""
    first = params.get("first", "me")
    firsts = ("me", "computer", "random", 0, 1) if mode == "computer" else ("random", 0, 1, "me")
    if isinstance(first, bool) or first not in firsts:
        raise BadInput(
            N_("%(field)s must be one of %(allowed)s; got %(value)s"),
            field="'first'",
            allowed=", ".join(map(str, firsts)),
            value=repr(first),
        )
    if first == "random":
        return secrets.randbelow(2)
    return 0 if first in ("me", 0) else 1


def new_seats(params: JSONObject, mode: str, owner: str) -> list[Seat]:
    """The two seats of a new game: the creator's, and the computer, a friend here, an open
    seat for a friend on the LAN, or two computers to watch."""
    human = Seat("human", owner)
    if mode == "computer":
        seats = [human, computer_seat(params)]
    elif mode == "local":
        seats = [human, human]
    elif mode == "remote":
        seats = [human, Seat("human")]
    else:
        levels = params.get("levels") or [params.get("level", DEFAULT_LEVEL)] * 2
        algos = params.get("algorithms") or [params.get("algorithm", DEFAULT_ALGORITHM)] * 2
        if not (isinstance(levels, list) and len(levels) == 2):
            raise BadInput("'levels' must be a list of two levels, one per computer")
        if not (isinstance(algos, list) and len(algos) == 2):
            raise BadInput("'algorithms' must be a list of two algorithms")
        seats = [computer_seat({"level": levels[i], "algorithm": algos[i]}) for i in (0, 1)]
    names = seat_names(params, mode)
    return [
        Seat(s.kind, s.owner, s.level, s.algorithm, n) for s, n in zip(seats, names, strict=True)
    ]


def new_game_data(params: JSONObject, owner: str) -> JSONObject:
    """The data of the game a create request describes (checked whole before anything is kept)."""
    known_fields(params, CREATE_FIELDS)
    rules = rules_from(params)
    mode = choice(params, "mode", tuple(MODES), "computer")
    fields_for_mode(params, mode)
    first = first_player(params, mode)
    seats = new_seats(params, mode, owner)
    data: JSONObject = {
        "variant": rules.name,
        "options": dict(rules.options),
        "first_player": first,
        "moves": [],
        "mode": mode,
        "seats": [s.to_dict() for s in seats],
        "decisions": {},
        "resigned": None,
        "paused": False,
        "delay": delay(params.get("delay", 1.0 if mode == "watch" else 0.0)),
        "last_move_at": time.time(),
        "settings": kept_settings(params, mode),
        **fair_play(params, mode),
        "rated": rated(params),
    }
    if "position" in params:  # a game from a position set up by hand: replays start there
        if "record" in params or "first" in params:
            raise BadInput(
                "a game from a 'position' takes neither 'record' nor 'first' (its "
                "'to_move' says who moves)"
            )
        position = params["position"]
        seat = 0
        if isinstance(position, dict):  # a copy: the request's own is kept for a rematch
            position = dict(position)
            seat = position.pop("seat", 0)
        if seat not in (0, 1) or isinstance(seat, bool):
            raise BadInput(
                N_("'position.seat' (your seat against the computer) is 0 or 1: %(seat)s"),
                seat=repr(seat),
            )
        if seat == 1 and mode != "computer":
            raise BadInput("'position.seat' chooses your side against the computer (mode computer)")
        start = start_position(rules, position)
        data.update(start=start, first_player=start["to_move"])
        if seat == 1:  # you take the second row: the computer sits first
            data["seats"] = data["seats"][::-1]
    if "record" in params:
        record = import_record(params["record"])
        data.update(
            variant=record.rules.name,
            options=dict(record.rules.options),
            first_player=record.first_player,
            moves=list(record.moves),
        )
        begun = start_of(record)
        if begun is not None:
            data["start"] = begun
    return data


def fields_for_mode(params: JSONObject, mode: str) -> None:
    """Refuse a field that does not apply to ``mode`` (e.g. ``levels`` outside watch mode), and
    check ``level``/``algorithm`` wherever they are sent (the menu sends them in every mode)."""
    allowed = MODE_FIELDS[mode] | COMMON_FIELDS
    stray = sorted(set(params) - allowed - {"name", "names"})  # seat_names says why for those
    if stray:
        fields = ", ".join(sorted(allowed))
        raise BadInput(
            N_("%(field)s does not apply to a %(mode)s game (its fields: %(fields)s)"),
            field=repr(stray[0]),
            mode=repr(mode),
            fields=fields,
        )
    choice(params, "level", LEVELS, DEFAULT_LEVEL)
    choice(params, "algorithm", ALGORITHMS, DEFAULT_ALGORITHM)


def kept_settings(params: JSONObject, mode: str) -> JSONObject:
    """What a rematch needs of the create request: its checked fields that apply to the mode."""
    kept = MODE_FIELDS[mode] | COMMON_FIELDS
    if mode not in USES_LEVEL:
        kept = kept - {"level", "algorithm"}
    return {k: v for k, v in params.items() if k in kept and k != "record"}


def rated(params: JSONObject) -> bool:
    """Whether a game between two devices counts for the players' ratings (``rated``, false
    by default): only from the variant's start, and without hints."""
    value = params.get("rated", False)
    if not isinstance(value, bool):
        raise BadInput("'rated' must be true or false")
    if value:
        if "position" in params or "record" in params:
            raise BadInput(
                "a rated game starts from the variant's start: no 'position' or 'record'"
            )
        if params.get("hints") is True:
            raise BadInput("a rated game has no hints: leave 'hints' out or false")
    return value


def fair_play(params: JSONObject, mode: str) -> JSONObject:
    """A new game's hints and clock: ``hints`` (true / false; on against the computer, off by
    default between people) and ``clock`` (see :func:`app.games.clock.from_params`)."""
    hints = params.get("hints", mode == "computer")
    if not isinstance(hints, bool):
        raise BadInput("'hints' must be true or false")
    if hints and mode == "watch":
        raise BadInput("'hints' are for games where a person plays")
    return {
        "hints": hints,
        "hints_used": [0, 0],
        "clock": clock.from_params(params.get("clock"), mode),
    }


def import_record(value: object) -> GameRecord:
    """A game record from its JSON object or its one-line text, saying where it is wrong (a
    JSON record's ``start``, a position set up by hand, is where its moves are played from)."""
    if isinstance(value, dict) and value.get("start") is not None:
        return record_from_position(value)
    try:
        if isinstance(value, str):
            return GameRecord.from_text(value)
        return GameRecord.from_dict(value)
    except RecordError as exc:
        raise BadInput(BAD_RECORD, problem=str(exc)) from None


def record_from_position(value: JSONObject) -> GameRecord:
    """A JSON record of a game that started from a position set up by hand."""
    try:
        empty = GameRecord.from_dict({**value, "moves": [], "result": None})
    except RecordError as exc:
        raise BadInput(BAD_RECORD, problem=str(exc)) from None
    rules = empty.rules
    start = start_position(rules, value["start"])
    moves = value.get("moves")
    if not isinstance(moves, list):
        raise BadInput("bad game record: 'moves' must be a list of pit numbers")
    try:
        spec = GameSpec(rules.name, dict(rules.options), start["to_move"], tuple(moves), start)
        record = spec.replay()
    except RecordError as exc:
        raise BadInput(BAD_RECORD, problem=str(exc)) from None
    result = value.get("result")
    if result is not None and result != record.result():
        raise BadInput(
            N_("bad game record: the result %(result)s is not the replayed one"), result=result
        )
    return record


def start_of(record: GameRecord) -> JSONObject | None:
    """The record's start as a game's data keeps it, when it is not the variant's start."""
    first = record.states[0]
    if first == record.rules.initial_state(record.first_player):
        return None
    start: JSONObject = {"board": list(first.board), "to_move": first.to_move}
    if first.extra:
        start["extra"] = list(first.extra)
    return start


def check_version(game: Game, body: JSONObject) -> None:
    """The client names the version it saw, and it is the current one."""
    version = body.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadInput("'version' (the game version you saw, a whole number) is required")
    if version != game.version:
        raise StaleVersion(
            N_("the game has changed since version %(version)s (now %(now)s); reload it"),
            version=version,
            now=game.version,
        )


def action(body: JSONObject) -> str:
    """A reply to an offer: "request" (the default), "accept" or "decline"."""
    return choice(body, "action", ACTIONS, ACTIONS[0])


def pit(game: Game, body: JSONObject) -> int:
    """The pit a move names (a whole number; the rules say whether it can be played), or the
    pie rule's swap: ``"swap"`` or its number, :data:`engine.core.SWAP`."""
    value = body.get("pit")
    if value == SWAP_TEXT:
        return SWAP
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(
            N_(
                "'pit' must be a pit number 0-%(last)s (or \"swap\" to swap sides where the pie "
                "rule allows it)"
            ),
            last=game.record.rules.pits - 1,
        )
    return value
