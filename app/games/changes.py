"""The rules of the app around the engine's rules: who may move, undo, take back, resign, abort,
offer a draw, join, offer a rematch or change a watched game's pace.

Between two devices nobody moves until both seats are taken; with a clock, each player has a
first-move window (:func:`app.games.clock.start_window`) and the game is aborted, without a
result, when it closes.

Each function checks a request against a game and returns the game's next data (the caller
saves it); it raises a :mod:`app.games.errors` kind, and changes nothing, when it can't be done.
"""

from __future__ import annotations

import time

import engine
from app.games import clock, params
from app.games.errors import N_, BadInput, IllegalMove, NoSeat, NotNow, NotYourTurn
from app.games.model import Game, Seat
from app.store.json_types import JSONObject


def seats_held(game: Game, owner: str | None) -> list[int]:
    """The seats ``owner`` holds in ``game``; a viewer who holds none is refused."""
    mine = game.seats_of(owner)
    if not mine:
        raise NoSeat("you have no seat in this game (you are watching it)")
    return mine


def not_over(game: Game, what: str = "the game is over") -> None:
    if game.over:
        raise NotNow(what)


def play_move(game: Game, owner: str | None, body: JSONObject) -> JSONObject:
    """The data after the viewer's move ``body["pit"]``."""
    pit = params.pit(game, body)
    params.check_version(game, body)
    mine = seats_held(game, owner)
    not_over(game)
    if game.waiting_for_seat:
        raise NotNow("your friend has not taken their seat yet: the game starts when they do")
    mover = game.record.state.to_move
    assert mover is not None
    if mover not in mine:
        if game.seats[mover].is_computer:
            raise NotYourTurn(N_("it is not your turn: the computer is to move"))
        raise NotYourTurn(N_("it is not your turn: your opponent is to move"))
    now = time.time()
    if clock.flag_due(game.data.get("clock"), now) is not None:
        raise NotNow("your time is up")
    try:
        game.record.push(pit)
    except engine.IllegalMove as exc:
        raise IllegalMove(str(exc)) from None
    data = dict(game.data, moves=list(game.record.moves), last_move_at=now)
    data["clock"] = clock.moved(game.data.get("clock"), mover, game.record.state.to_move, now)
    data["start_wait"] = first_move_window(game, data["clock"], now)
    data["takeback"] = None  # a move answers a pending takeback request with no
    if data.get("draw_offer") not in (None, mover):
        data["draw_offer"] = None  # and the opponent's draw offer with no
    return data


def begun(game: Game) -> list[bool]:
    """Which sides have a move in the game's record (as it is now)."""
    return [game.has_moved(0), game.has_moved(1)]


def first_move_window(game: Game, timer: clock.Clock | None, now: float) -> clock.Window | None:
    """The first-move window of the player to move in ``game`` (its record as it is now), in
    a game with a clock between two devices, both seats taken, if they have not moved yet."""
    mover = game.record.state.to_move
    if timer is None or game.mode != "remote" or game.has_open_seat or mover is None:
        return None
    return None if clock.started(timer)[mover] else clock.start_window(mover, now)


def computer_move(game: Game, decision: JSONObject) -> JSONObject:
    """The data after the computer's decision (already checked to be its turn)."""
    ply = len(game.record.moves)
    game.record.push(int(decision["move"]))
    decisions = dict(game.data.get("decisions", {}))
    decisions[str(ply)] = decision
    return dict(
        game.data, moves=list(game.record.moves), decisions=decisions, last_move_at=time.time()
    )


def undo_refusal(game: Game, mine: list[int]) -> str:
    """Why the viewer holding ``mine`` can't undo now ("" when they can): a move of theirs to
    take back, in a game that wasn't resigned and isn't between two devices."""
    if not mine:
        return "you have no seat in this game (you are watching it)"
    if game.resigned is not None:
        return "the game was resigned; start a new one"
    if game.flagged is not None:
        return "the game was lost on time; start a new one"
    if game.mode == "remote":
        return "take-backs are not available in a game between two devices"
    if not any(r.player in mine for r in game.record.records):
        return "there is no move of yours to take back"
    return ""


def can_undo(game: Game, mine: list[int]) -> bool:
    """Whether the viewer may undo now (one screen, the computer) or ask the opponent to take
    back their last move (two devices: the game in play, no request pending)."""
    if game.mode == "remote":
        played = any(r.player in mine for r in game.record.records)
        return played and not game.over and game.data.get("takeback") is None
    return not undo_refusal(game, mine)


def undo(game: Game, owner: str | None, body: JSONObject) -> JSONObject:
    """Take back moves: against the computer, back to the viewer's previous turn; on one
    screen, one move."""
    params.check_version(game, body)
    mine = seats_held(game, owner)
    refused = undo_refusal(game, mine)
    if refused:
        raise NotNow(refused)
    record = game.record
    moves = record.moves
    # Pop to the last move one of my seats played, then keep popping while the mover is not me.
    last_mine = max(i for i, r in enumerate(record.records) if r.player in mine)
    if len(mine) == 2:
        last_mine = len(moves) - 1  # same screen: take back one move
    while len(moves) > last_mine:
        record.pop()
    decisions = {k: v for k, v in game.data.get("decisions", {}).items() if int(k) < len(moves)}
    now = time.time()
    timer = clock.switched(game.data.get("clock"), record.state.to_move, now, begun(game))
    return dict(game.data, moves=list(moves), decisions=decisions, last_move_at=now, clock=timer)


def resign(game: Game, owner: str | None, body: JSONObject) -> JSONObject:
    """The viewer gives up (the seat to move, if they hold both)."""
    params.check_version(game, body)
    mine = seats_held(game, owner)
    not_over(game)
    mover = game.record.state.to_move
    seat = mover if mover in mine else mine[0]
    return ended(game, time.time(), resigned=seat)


def flag(game: Game, now: float) -> JSONObject | None:
    """The data of a game whose time ran out at ``now``: lost on time by the running side, or
    aborted when the player to move let their first-move window close; else None."""
    if game.over:
        return None
    seat = clock.flag_due(game.data.get("clock"), now)
    if seat is not None:
        return dict(game.data, flagged=seat, clock=clock.flagged(game.data["clock"], seat))
    late = clock.start_missed(game.data.get("start_wait"), now)
    if late is not None:
        return ended(game, now, aborted={"by": None, "late": late, "seconds": clock.START_SECONDS})
    return None


def seconds_to_timeout(game: Game, now: float) -> float | None:
    """Seconds until :func:`flag` ends the game (None when no time runs)."""
    waits = [
        clock.seconds_to_flag(game.data.get("clock"), now),
        clock.seconds_to_start(game.data.get("start_wait"), now),
    ]
    found = [w for w in waits if w is not None]
    return min(found) if found else None


def rebased(game: Game, outages: clock.Outages, now: float) -> Game:
    """``game`` with the time no server was up taken out of its running clock and first-move
    window (in memory: the next write keeps it; doing it again changes nothing)."""
    if not outages or game.over:
        return game
    timer = clock.rebased(game.data.get("clock"), outages, now)
    window = clock.rebased_window(game.data.get("start_wait"), outages, now)
    if timer is not game.data.get("clock") or window is not game.data.get("start_wait"):
        game.data = dict(game.data, clock=timer, start_wait=window)
    return game


def ended(game: Game, now: float, **end: object) -> JSONObject:
    """The data of ``game`` ended as ``end`` says (its clock stopped, nothing pending)."""
    return dict(
        game.data,
        clock=clock.stopped(game.data.get("clock"), now),
        start_wait=None,
        takeback=None,
        draw_offer=None,
        **end,
    )


def abort(game: Game, owner: str | None, body: JSONObject) -> JSONObject:
    """Call off a game between two devices before both players have moved: no result."""
    params.check_version(game, body)
    mine = seats_held(game, owner)
    if game.mode != "remote":
        raise NotNow("aborting is for games between two devices; resign instead")
    not_over(game)
    if not game.abortable:
        raise NotNow("both players have moved: the game can't be aborted now; resign instead")
    return ended(game, time.time(), aborted={"by": mine[0]})


def draw(game: Game, owner: str | None, body: JSONObject) -> JSONObject:
    """Offer the opponent a draw, or accept / decline their offer (accepting ends the game
    drawn).  A move by the one offered declines it."""
    params.check_version(game, body)
    action = params.action(body)
    seat = one_seat(game, owner)
    not_over(game)
    asked = offer(game, seat, action, "draw_offer")
    return ended(game, time.time(), drawn=True) if asked is None else asked


# What an offer's refusals say, by its key: one waits already; there is none to answer.
OFFER_REFUSALS = {
    "draw_offer": (
        N_("a draw offer is already waiting for an answer"),
        N_("there is no draw offer from your opponent to answer"),
    ),
    "takeback": (
        N_("a takeback request is already waiting for an answer"),
        N_("there is no takeback request from your opponent to answer"),
    ),
}


def offer(game: Game, seat: int, action: str, key: str) -> JSONObject | None:
    """An offer to the opponent kept under ``key`` (a draw, a takeback): a ``request`` when
    none is waiting, then the other seat's ``decline`` (the data with it cleared) or
    ``accept`` (None: the caller carries it out)."""
    pending = game.data.get(key)
    waiting, none = OFFER_REFUSALS[key]
    if action == "request":
        if pending is not None:
            raise NotNow(waiting)
        return dict(game.data, **{key: seat})
    if pending is None or pending == seat:
        raise NotNow(none)
    if action == "decline":
        return dict(game.data, **{key: None})
    return None


def note_hint(game: Game, seat: int) -> JSONObject | None:
    """The data with a hint given to ``seat`` counted (once per position, so that asking again
    changes nothing), in a game where the hints may be shown; None when nothing changes."""
    if game.data.get("hints") is False:
        raise NotNow("hints are off in this game (chosen when it was created)")
    if game.mode not in ("local", "remote"):
        return None  # against the computer nobody is told
    ply = len(game.record.moves)
    if game.data.get("hinted_at", [None, None])[seat] == ply:
        return None
    used = list(game.data.get("hints_used") or [0, 0])
    used[seat] += 1
    hinted = list(game.data.get("hinted_at") or [None, None])
    hinted[seat] = ply
    return dict(game.data, hints_used=used, hinted_at=hinted)


def series_after(game: Game) -> JSONObject:
    """The series score with this game counted (when over): wins per seat, draws."""
    series = game.data.get("series") or {"wins": [0, 0], "draws": 0}
    wins, draws = list(series["wins"]), int(series["draws"])
    if game.over and game.aborted is None:  # an aborted game has no result
        winner = game.winner()
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
    return {"wins": wins, "draws": draws}


def carried(game: Game) -> JSONObject:
    """What a rematch carries over from ``game``: the series score, the clock settings."""
    return {"series": series_after(game), "clock": clock.fresh(game.data.get("clock"))}


def one_seat(game: Game, owner: str | None) -> int:
    """The viewer's seat in a game between two devices, once both seats are taken."""
    if game.mode != "remote":
        raise NotNow("requests to the opponent are for games between two devices")
    mine = seats_held(game, owner)
    if game.has_open_seat:
        raise NotNow("your opponent has not joined yet")
    return mine[0]


def takeback(game: Game, owner: str | None, body: JSONObject) -> JSONObject:
    """Ask the opponent to take back your last move, or accept / decline their request.

    Accepting goes back to the requester's previous turn (their last move and any replies).
    """
    params.check_version(game, body)
    action = params.action(body)
    seat = one_seat(game, owner)
    not_over(game)
    pending = game.data.get("takeback")
    mine = any(r.player == seat for r in game.record.records)
    if action == "request" and pending is None and not mine:
        raise NotNow("there is no move of yours to take back")
    asked = offer(game, seat, action, "takeback")
    if asked is not None:
        return asked
    record = game.record
    last = max(i for i, r in enumerate(record.records) if r.player == pending)
    while len(record.moves) > last:
        record.pop()
    now = time.time()
    timer = clock.switched(game.data.get("clock"), record.state.to_move, now, begun(game))
    return dict(
        game.data,
        moves=list(record.moves),
        takeback=None,
        last_move_at=now,
        clock=timer,
        start_wait=first_move_window(game, timer, now),
    )


def rematch_offer(game: Game, owner: str | None, body: JSONObject) -> tuple[JSONObject, str]:
    """Offer a rematch, or answer the opponent's offer: the new data and the action taken."""
    params.check_version(game, body)
    action = params.action(body)
    seat = one_seat(game, owner)
    if not game.over:
        raise NotNow("a rematch is offered when the game is over")
    offer = game.data.get("rematch") or {}
    if offer.get("game"):
        raise NotNow("the rematch has started already")
    if action == "request":
        if offer:
            raise NotNow("a rematch offer is already waiting for an answer")
        return dict(game.data, rematch={"by": seat, "game": None}), action
    if not offer or offer["by"] == seat:
        raise NotNow("there is no rematch offer from your opponent to answer")
    if action == "decline":
        return dict(game.data, rematch=None), action
    return dict(game.data), action


def rematch_data(game: Game) -> JSONObject:
    """A new game between the same two seats with the other player moving first (with a
    clock, their first-move window opens now)."""
    first = 1 - int(game.record.first_player)
    carry = carried(game)
    now = time.time()
    window = clock.start_window(first, now) if carry["clock"] is not None else None
    return dict(
        game.data,
        moves=[],
        first_player=first,
        seats=[s.to_dict() for s in game.seats],
        decisions={},
        resigned=None,
        paused=False,
        takeback=None,
        rematch=None,
        last_move_at=now,
        flagged=None,
        aborted=None,
        drawn=None,
        draw_offer=None,
        start_wait=window,
        hints_used=[0, 0],
        hinted_at=[None, None],
        **carry,
    )


SETTINGS = ("version", "paused", "delay")


def change_settings(game: Game, owner: str | None, body: JSONObject) -> JSONObject:
    """Pause, resume or change the pace of a game's computer moves.

    Settings don't depend on the position, so ``version`` is optional here; when given it must
    be the current one.
    """
    if "version" in body:
        params.check_version(game, body)
    unknown = sorted(set(body) - set(SETTINGS))
    if unknown:
        raise BadInput(
            N_("unknown setting %(setting)s (settings: paused, delay)"), setting=repr(unknown[0])
        )
    if game.mode != "watch":
        seats_held(game, owner)
    data = dict(game.data)
    if "paused" in body:
        if not isinstance(body["paused"], bool):
            raise BadInput("'paused' must be true or false")
        data["paused"] = body["paused"]
    if "delay" in body:
        data["delay"] = params.delay(body["delay"])
    return data


def join(game: Game, owner: str, body: JSONObject) -> tuple[JSONObject, int]:
    """Take the open seat of a game between two devices, with ``body["name"]`` if given."""
    unknown = sorted(set(body) - {"name", "version"})
    if unknown:
        raise BadInput(N_("unknown field %(field)s (fields: name)"), field=repr(unknown[0]))
    name = params.player_name(body["name"]) if "name" in body else None
    if game.seats_of(owner):
        raise NotNow("you already have a seat in this game")
    if game.aborted is not None:
        raise NotNow("this game is over: it was aborted, its seat can't be taken")
    seats = game.seats
    for i, seat in enumerate(seats):
        if seat.is_open:
            seats[i] = Seat("human", owner, name=name if name is not None else seat.name)
            data = dict(game.data, seats=[s.to_dict() for s in seats])
            if not any(s.is_open for s in seats):  # both seats taken: the first mover's window
                game.data = data
                data["start_wait"] = first_move_window(game, data.get("clock"), time.time())
            return data, i
    raise NotNow("this seat is taken: both seats have players, you can watch this game")
