"""Tournaments live: create, join, leave, the director's controls, and :meth:`Tournaments.settle`,
which records finished games and pairs the next ones.

A tournament is one versioned document in the store (:mod:`app.tournaments.store`).  Settling
is idempotent and races safely: it reads the document, reads the games it is waiting for,
records every result, pairs whatever the system pairs next (naming the new games' ids), and
saves the next version; a host that loses the race reads again and finds nothing left to do.
The games themselves are created after the save, and any reader creates a listed game that is
missing (a host killed between the two), so each pairing has exactly one game.  Settling runs on
every read of a tournament, from its long-poll, and when a game of it ends.

Games go through the games service as any other: between two people a game between two devices
(with the tournament's clock), against the computer a game against the computer at the entrant's
level and algorithm (its moves go through the fair queue, charged to the tournament), and between
two computer entrants a computer-vs-computer game.  A lost connection forfeits nothing: a game
ends only by its moves, a resignation, a draw or the clock.

A no-show forfeits (in a tournament with a clock, as a game between two devices has a first-move
window only then): white's first move is due ``FIRST_WINDOW_SECONDS`` after the pairing (time
to come to the game), black's as in any game with a clock; against the computer, the person's
first move is due ``FIRST_WINDOW_SECONDS`` after the pairing.  What a game that ended, or was
not played, counts for is :mod:`app.tournaments.results`'s rule.  A player the director removes
loses the game they are playing by forfeit (that game is called off, unrated).
"""

from __future__ import annotations

import copy
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from app.games import Game, Seat, changes, new_game_id, params
from app.games.clock import from_params as clock_from_params
from app.games.errors import BadInput, NoGame, NotCreator, NotNow
from app.games.service import Device, Games
from app.players.names import forget, key_of, name_of, take
from app.store import StaleVersion
from app.store.json_types import JSONObject
from app.tournaments import arena, caps, roundrobin, swiss
from app.tournaments.results import (
    Ended,
    back,
    forfeit,
    gone_players,
    points_of,
    record,
    result_of,
)
from app.tournaments.roundrobin import Pairing
from app.tournaments.store import LISTED, TournamentRow, TournamentStore
from engine.agents import ALGORITHMS, LEVELS

SYSTEMS = ("round_robin", "swiss", "arena")
CREATE_FIELDS = frozenset(
    {"name", "system", "variant", "options", "clock", "rated", "cycles", "rounds", "minutes", "you"}
)
MAX_PLAYERS = 64
MAX_TITLE = 60
KEPT_ROWS = 1000  # tournaments whose last read version a process keeps decoded
SETTLE_SECONDS = 1.0  # a read settles a tournament at most this often (per process)
EXPIRE_EVERY = 60.0  # seconds between two deletions of tournaments never started (per process)
COMPUTER_DELAY = 1.0  # seconds between moves in a game between two computer entrants
FIRST_WINDOW_SECONDS = 60.0  # a paired game's first move (white's) is due this long after pairing


@dataclass(frozen=True)
class Entry:
    """A player in a tournament as its document keeps them."""

    id: str
    name: str
    owner: str | None
    computer: JSONObject | None
    state: str  # "in", "left" (may come back to an arena), "removed"


def entries(doc: JSONObject) -> dict[str, Entry]:
    return {
        p["id"]: Entry(p["id"], p["name"], p.get("owner"), p.get("computer"), p["state"])
        for p in doc["players"]
    }


class Tournaments:
    """The tournaments of one store, their games through ``games``."""

    def __init__(
        self,
        store: TournamentStore,
        games: Games,
        limits: caps.TournamentLimits = caps.DEFAULT_LIMITS,
    ) -> None:
        self.store = store
        self.games = games
        self.limits = limits
        self.known: set[str] = set()  # game ids seen to exist (so a read need not look again)
        self.settled: dict[str, float] = {}  # when this process last settled each tournament
        self.expired_at = -EXPIRE_EVERY  # when this process last deleted stale open ones
        self.rows: dict[str, TournamentRow] = {}  # each tournament as last read (its version)
        self.watcher = store.watcher()  # wakes the long-polls (one thread serves them all)
        self.lock = threading.Lock()

    # -- reading ----------------------------------------------------------------------------------

    def row(self, tournament_id: str) -> TournamentRow:
        """The tournament as stored now: its version asked, its document read and decoded
        once per version in this process (every page of it reads the same version; a
        document is never changed in place: a change copies it)."""
        version = self.store.version(tournament_id)
        with self.lock:
            kept = self.rows.get(tournament_id)
        if kept is not None and version == kept.version:
            return kept
        row = self.store.load(tournament_id)
        if row is None:
            raise NoGame(f"there is no tournament {tournament_id!r}")
        with self.lock:
            if len(self.rows) >= KEPT_ROWS:
                self.rows.pop(next(iter(self.rows)))
            self.rows[tournament_id] = row
        return row

    def recent(self, limit: int = 50) -> list[TournamentRow]:
        """The tournaments a list shows: those not finished, newest made first, a fair few
        from each device and address (:func:`app.tournaments.caps.fair_share`), then the
        latest finished; tournaments never started past their time are deleted first."""
        self.expire_now_and_then()
        rows = self.listed_rows(self.store.heads(finished=limit))
        live = caps.fair_share([r for r in rows if r.data["status"] != "finished"], self.limits)
        return (live + [r for r in rows if r.data["status"] == "finished"])[:limit]

    def listed_rows(self, heads: list[tuple[str, int]]) -> list[TournamentRow]:
        """The tournaments ``heads`` names (id, version), in its order: each version read from
        the store once per process (a list is read on every change of any tournament)."""
        with self.lock:
            missing = [tid for tid, v in heads if getattr(self.rows.get(tid), "version", 0) != v]
        loaded = self.store.load_many(missing) if missing else []
        with self.lock:
            for row in loaded:
                self.rows[row.id] = row
            wanted = {tid for tid, _ in heads}
            for tid in [t for t in self.rows if t not in wanted]:
                del self.rows[tid]
            return [self.rows[tid] for tid, _ in heads if tid in self.rows]

    def listed_version(self, since: int | None, timeout: float) -> int:
        """The tournaments' stamp (:meth:`TournamentStore.stamp`); with ``since`` equal to it,
        once it changes (or at ``timeout``), woken by the store's watcher."""
        stamp = self.store.stamp()
        if since is not None and since == stamp:
            moved = self.watcher.wait(LISTED, since, timeout)
            stamp = moved if moved >= 0 else self.store.stamp()
        return stamp

    def expire_now_and_then(self) -> None:
        """Delete the tournaments never started within ``caps.OPEN_HOURS`` (at most once a
        minute per process)."""
        now = time.time()
        with self.lock:
            if now - self.expired_at < EXPIRE_EVERY:
                return
            self.expired_at = now
        self.store.expire_open(now - caps.OPEN_HOURS * 3600)

    def read(self, tournament_id: str, since: int | None, timeout: float) -> TournamentRow:
        """The tournament, settled (at most once a second per tournament in this process: the
        end of each game settles it at once anyway); with ``since`` equal to its version, once
        it changes (or at ``timeout``), woken by the store's watcher (and settled again each
        second while it waits: an arena's clock runs out without a write)."""
        row = self.settle_now_and_then(tournament_id)
        end = time.monotonic() + timeout
        while since == row.version and (left := end - time.monotonic()) > 0:
            self.watcher.wait(tournament_id, since, min(left, SETTLE_SECONDS))
            row = self.settle_now_and_then(tournament_id)
        self.ensure_games(tournament_id, row.data)  # a game it lists exists when it is shown
        return row

    def settle_now_and_then(
        self, tournament_id: str, row: TournamentRow | None = None
    ) -> TournamentRow:
        """:meth:`settle`, unless this process settled the tournament less than
        SETTLE_SECONDS ago (then ``row``, or the tournament as stored)."""
        now = time.monotonic()
        with self.lock:
            recent = now - self.settled.get(tournament_id, -SETTLE_SECONDS) < SETTLE_SECONDS
            if not recent:
                self.settled[tournament_id] = now
        if recent:
            return row or self.row(tournament_id)
        return self.settle(tournament_id)

    # -- creating and entering --------------------------------------------------------------------

    def create(self, body: JSONObject, owner: str, address: str = "") -> TournamentRow:
        """A new tournament, its creator its director (and, if ``you`` names them, a player);
        refused (429) past the caps of :mod:`app.tournaments.caps`."""
        unknown = sorted(set(body) - CREATE_FIELDS)
        if unknown:
            raise BadInput(
                f"unknown field {unknown[0]!r} (fields: {', '.join(sorted(CREATE_FIELDS))})"
            )
        system = body.get("system", "round_robin")
        if system not in SYSTEMS:
            raise BadInput(f"'system' must be one of {', '.join(SYSTEMS)}")
        title = body.get("name", "")
        if not isinstance(title, str) or not 1 <= len(title.strip()) <= MAX_TITLE:
            raise BadInput(f"'name' must be the tournament's name, 1 to {MAX_TITLE} characters")
        if not all(ch.isprintable() for ch in title.strip()):
            raise BadInput("'name' must not contain control characters")
        title = title.strip()
        rules = params.rules_from({"variant": body.get("variant", "kalah"), **opts(body)})
        clock = clock_from_params(body.get("clock"), "remote")
        rated = body.get("rated", True)
        if not isinstance(rated, bool):
            raise BadInput("'rated' must be true or false")
        self.expire_now_and_then()
        caps.admit_create(self.games.store, owner, address, self.store.open_rows(), self.limits)
        doc: JSONObject = {
            "name": title,
            "system": system,
            "variant": rules.name,
            "options": dict(rules.options),
            "clock": None if clock is None else body.get("clock"),
            "rated": rated,
            "director": owner,
            "address": address,  # the maker's network address (for the caps; never shown)
            "status": "open",
            "created": time.time(),
            "started": None,
            "ends": None,
            "round": 0,
            "players": [],
            "games": [],
            "schedule": [],
        }
        if system == "round_robin":
            doc["cycles"] = bounded(body.get("cycles", 1), "cycles", 1, 2)
        elif system == "swiss":
            doc["rounds"] = bounded(body.get("rounds", 5), "rounds", 1, 20)
        else:
            doc["minutes"] = bounded(body.get("minutes", 30), "minutes", 1, 600)
        for field in ("cycles", "rounds", "minutes"):
            if field in body and field not in doc:
                raise BadInput(f"{field!r} does not apply to a {system} tournament")
        if "you" in body:
            before = name_of(self.games.store, owner)
            name = self.player_name(owner, body["you"], "you")
            doc["players"].append(entry_dict("p1", name, owner, None))
            try:
                return self.store.create(secrets.token_urlsafe(9), doc)
            except Exception:
                if name != before:  # a refused tournament keeps no name
                    forget(self.games.store, owner, before)
                raise
        return self.store.create(secrets.token_urlsafe(9), doc)

    def player_name(self, owner: str, given: object, field: str = "name") -> str:
        """The device's player name: ``given`` kept for it (a name is asked once, when it first
        matters), or the one it has when nothing is given."""
        if given is None:
            kept = name_of(self.games.store, owner)
            if kept is None:
                raise BadInput(f"{field!r}: tell us your name first (1 to 24 visible characters)")
            return kept
        return take(self.games.store, owner, given)  # the name rule and rate limit

    def join(
        self, tournament_id: str, body: JSONObject, owner: str, address: str = ""
    ) -> TournamentRow:
        """Join (or come back to) a tournament under a name (refused, 429, past the caps of
        :mod:`app.tournaments.caps`)."""
        extra = sorted(set(body) - {"name"})
        if extra:
            raise BadInput(f"unknown field {extra[0]!r} (fields: name)")
        self.row(tournament_id)  # 404 before a name is kept for nothing
        caps.admit_join(self.games.store, owner, address, self.limits)
        before = name_of(self.games.store, owner)
        name = self.player_name(owner, body.get("name"))

        def change(doc: JSONObject) -> None:
            mine = [p for p in doc["players"] if p.get("owner") == owner]
            if any(p["state"] == "removed" for p in mine):
                raise NotNow("the director removed you from this tournament")
            if doc["status"] == "finished":
                raise NotNow("this tournament is over")
            if mine:
                if mine[0]["state"] == "in":
                    raise NotNow("you are in this tournament already")
                if doc["status"] != "open" and doc["system"] != "arena":
                    raise NotNow("you left this tournament; only an arena takes players back")
                taken_name([p for p in doc["players"] if p is not mine[0]], name)
                back(mine[0])
                mine[0].update(state="in", name=name)
                return
            if doc["status"] != "open" and doc["system"] != "arena":
                raise NotNow("this tournament has started: only an arena takes new players")
            taken_name(doc["players"], name)
            doc["players"].append(entry_dict(next_id(doc), name, owner, None))

        try:
            return self.change(tournament_id, change)
        except Exception:
            if name != before:  # a refused join keeps no name
                forget(self.games.store, owner, before)
            raise

    def add_computer(self, tournament_id: str, body: JSONObject, owner: str) -> TournamentRow:
        """The director seats the computer at a level and algorithm."""
        extra = sorted(set(body) - {"level", "algorithm"})
        if extra:
            raise BadInput(f"unknown field {extra[0]!r} (fields: level, algorithm)")
        level = body.get("level", "medium")
        algorithm = body.get("algorithm", "minimax")
        if level not in LEVELS:
            raise BadInput(f"'level' must be one of {', '.join(LEVELS)}")
        if algorithm not in ALGORITHMS:
            raise BadInput(f"'algorithm' must be one of {', '.join(ALGORITHMS)}")

        def change(doc: JSONObject) -> None:
            director_only(doc, owner, "seat the computer")
            if doc["status"] != "open" and doc["system"] != "arena":
                raise NotNow("this tournament has started: only an arena takes new players")
            name = f"Computer ({level}{'' if algorithm == 'minimax' else ', ' + algorithm})"
            same = sum(1 for p in doc["players"] if p["name"].startswith(name))
            name = name if same == 0 else f"{name} {same + 1}"
            computer = {"level": level, "algorithm": algorithm}
            doc["players"].append(entry_dict(next_id(doc), name, None, computer))

        return self.change(tournament_id, change)

    def leave(self, tournament_id: str, owner: str) -> TournamentRow:
        """Leave: before the start, off the list; in an arena, paused until coming back; in a
        round robin or Swiss that runs, withdrawn (games still to pair are lost by forfeit; the
        game being played goes on)."""

        def change(doc: JSONObject) -> None:
            mine = [p for p in doc["players"] if p.get("owner") == owner and p["state"] == "in"]
            if not mine:
                raise NotNow("you are not playing in this tournament")
            if doc["status"] == "open":
                doc["players"].remove(mine[0])
            else:
                mine[0]["state"] = "left"

        return self.change(tournament_id, change)

    # -- the director -----------------------------------------------------------------------------

    def start(self, tournament_id: str, owner: str) -> TournamentRow:
        def change(doc: JSONObject) -> None:
            director_only(doc, owner, "start it")
            if doc["status"] != "open":
                raise NotNow("this tournament has started already")
            players = [p["id"] for p in doc["players"] if p["state"] == "in"]
            if len(players) < 2:
                raise NotNow("a tournament needs at least two players to start")
            doc["status"] = "running"
            doc["started"] = time.time()
            if doc["system"] == "round_robin":
                schedule = roundrobin.round_robin(players, int(doc["cycles"]))
                doc["schedule"] = [[[g.white, g.black] for g in rnd] for rnd in schedule]
            if doc["system"] == "arena":
                doc["ends"] = doc["started"] + 60.0 * float(doc["minutes"])
            advance(doc, {}, time.time())

        return self.settle(tournament_id, self.change(tournament_id, change))

    def pause(self, tournament_id: str, body: JSONObject, owner: str) -> TournamentRow:
        """The director pauses or resumes the tournament.  Paused, nothing new is paired and an
        arena's countdown stops (its end moves on by the pause's length); the games being
        played go on, their clocks too (a game is the two players' own)."""
        paused = body.get("paused")
        if not isinstance(paused, bool) or set(body) - {"paused"}:
            raise BadInput("send {'paused': true} to pause or {'paused': false} to resume")

        def change(doc: JSONObject) -> None:
            director_only(doc, owner, "pause it")
            if doc["status"] not in ("running", "paused"):
                raise NotNow("only a running tournament can be paused or resumed")
            now = time.time()
            if paused and doc["status"] == "running":
                doc["paused_at"] = now
            elif not paused and doc.get("paused_at") is not None:
                if doc.get("ends") is not None:
                    doc["ends"] = float(doc["ends"]) + max(0.0, now - float(doc["paused_at"]))
                doc["paused_at"] = None
            doc["status"] = "paused" if paused else "running"

        return self.settle(tournament_id, self.change(tournament_id, change))

    def remove(self, tournament_id: str, body: JSONObject, owner: str) -> TournamentRow:
        """The director removes a player: the game they are playing is lost by forfeit (and
        called off, unrated), and so are their games ahead; they are told on their page."""
        player = body.get("player")
        if not isinstance(player, str) or set(body) - {"player"}:
            raise BadInput("send {'player': <player id>} to remove a player")
        called_off: list[str] = []

        def change(doc: JSONObject) -> None:
            called_off.clear()
            director_only(doc, owner, "remove a player")
            found = [p for p in doc["players"] if p["id"] == player]
            if not found:
                raise BadInput(f"there is no player {player!r} in this tournament")
            if doc["status"] == "open":
                doc["players"].remove(found[0])
                return
            found[0]["state"] = "removed"
            now = time.time()
            for entry in doc["games"]:
                pair = (entry["white"], entry.get("black"))
                if entry.get("black") and entry.get("score") is None and player in pair:
                    if entry.get("game"):
                        called_off.append(str(entry["game"]))
                        entry["aborted_game"] = entry["game"]
                    forfeit(entry, {player}, now, reason="removed")

        row = self.change(tournament_id, change)
        for game_id in called_off:
            self.call_off(game_id, tournament_id)
        return self.settle(tournament_id, row)

    def call_off(self, game_id: str, tournament_id: str) -> None:
        """End a game the tournament decided without it (aborted: no result, unrated)."""

        def end(game: Game) -> tuple[JSONObject, None]:
            if game.over:
                return dict(game.data), None
            return changes.ended(game, time.time(), aborted={"by": None}), None

        try:
            self.games.save_whatever_changed(
                game_id, Device(None, f"tournament:{tournament_id}"), end
            )
        except (NoGame, NotNow):
            return  # gone, or changing too fast: its result no longer counts anyway

    def end(self, tournament_id: str, owner: str) -> TournamentRow:
        """The director ends the tournament now: the games being played still count when
        they end; nothing more is paired."""

        def change(doc: JSONObject) -> None:
            director_only(doc, owner, "end it")
            if doc["status"] == "finished":
                raise NotNow("this tournament is over already")
            doc["status"] = "ending"

        return self.settle(tournament_id, self.change(tournament_id, change))

    # -- the one write ----------------------------------------------------------------------------

    def change(self, tournament_id: str, change: Callable[[JSONObject], None]) -> TournamentRow:
        """Load, ``change`` (raising to refuse) and save, again if another write came first."""
        for _ in range(30):
            row = self.row(tournament_id)
            doc = copy.deepcopy(row.data)
            change(doc)
            try:
                return self.store.save(tournament_id, row.version, doc)
            except StaleVersion:
                continue
        raise NotNow("the tournament is changing too fast; try again")

    def settle(self, tournament_id: str, row: TournamentRow | None = None) -> TournamentRow:
        """Record the games that ended and pair the next ones, once (see the module
        docstring); then make sure every listed game exists."""
        for _ in range(30):
            row = row or self.row(tournament_id)
            doc = copy.deepcopy(row.data)
            finished = self.finished_games(doc)
            if advance(doc, finished, time.time()):
                try:
                    row = self.store.save(tournament_id, row.version, doc)
                except StaleVersion:
                    row = None
                    continue
            self.ensure_games(tournament_id, row.data)
            return row
        raise NotNow("the tournament is changing too fast; try again")

    def finished_games(self, doc: JSONObject) -> dict[str, Ended]:
        """The games the document waits for that are over."""
        over: dict[str, Ended] = {}
        for entry in doc["games"]:
            gid = entry.get("game")
            if entry.get("score") is not None or gid is None:
                continue
            try:
                game = self.games.load(gid)
            except NoGame:
                continue  # listed but not created yet: ensure_games makes it
            if game.over:
                over[gid] = self.ended_of(game)
        return over

    def ended_of(self, game: Game) -> Ended:
        """What the tournament needs of a finished game."""
        aborted = game.aborted
        if aborted is None:
            return Ended(result_of(game))
        seen = self.games.store.presence(game.id)
        came = tuple(game.seats[s].is_computer or game.has_moved(s) or s in seen for s in (0, 1))
        by, late = aborted.get("by"), aborted.get("late")
        return Ended(
            None,
            None if by is None else int(by),
            None if late is None else int(late),
            (came[0], came[1]),
        )

    def ensure_games(self, tournament_id: str, doc: JSONObject) -> None:
        """Create each listed game that does not exist yet (each id only once)."""
        players = entries(doc)
        for entry in doc["games"]:
            gid = entry.get("game")
            if gid is None or entry.get("score") is not None or gid in self.known:
                continue
            if self.games.store.version(gid) is None:
                data, owners = game_data(doc, tournament_id, entry, players)
                device = Device(None, f"tournament:{tournament_id}")
                try:
                    self.games.start(data, owners, device, gid)
                except Exception:  # another host created it first: then it exists
                    if self.games.store.version(gid) is None:
                        raise
            with self.lock:
                self.known.add(gid)


def opts(body: JSONObject) -> JSONObject:
    return {"options": body["options"]} if "options" in body else {}


def bounded(value: object, field: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadInput(f"{field!r} must be a whole number from {low} to {high}")
    return value


def entry_dict(pid: str, name: str, owner: str | None, computer: JSONObject | None) -> JSONObject:
    return {"id": pid, "name": name, "owner": owner, "computer": computer, "state": "in"}


def next_id(doc: JSONObject) -> str:
    if len(doc["players"]) >= MAX_PLAYERS:
        raise NotNow(f"this tournament is full ({MAX_PLAYERS} players)")
    used = {p["id"] for p in doc["players"]}
    n = len(used) + 1
    while f"p{n}" in used:
        n += 1
    return f"p{n}"


def taken_name(players: list[JSONObject], name: str) -> None:
    """Refuse a name that looks like one of ``players``' (compared by skeleton)."""
    if any(key_of(p["name"]) == key_of(name) for p in players):
        raise NotNow(f"someone in this tournament is called {name!r} already; pick another name")


def director_only(doc: JSONObject, owner: str | None, what: str) -> None:
    if owner is None or doc["director"] != owner:
        raise NotCreator(f"only the tournament's director may {what}")


# -- pairing the next games (on the document, from the results) -------------------------------


def advance(doc: JSONObject, finished: dict[str, Ended], now: float) -> bool:
    """Record ``finished`` games in ``doc`` and pair what comes next (again while a round is
    only byes and forfeits); True if it changed."""
    changed = record(doc, finished, now)
    for _ in range(2 * len(doc["players"]) + 2):
        if not step(doc, now):
            break
        changed = True
    return changed


def step(doc: JSONObject, now: float) -> bool:
    """One step on: finish, or pair the next round (the next arena games); True if it did."""
    if doc["status"] in ("open", "finished"):
        return False
    playing = [e for e in doc["games"] if e.get("score") is None and e.get("black")]
    if doc["status"] == "ending":
        if not playing:
            doc["status"], doc["finished"] = "finished", now
            return True
        return False
    if doc["system"] == "arena":
        return arena_step(doc, now)
    if playing or doc["status"] == "paused":
        return False
    total = len(doc["schedule"]) if doc["system"] == "round_robin" else int(doc["rounds"])
    pairings = next_round(doc, doc["round"] + 1) if doc["round"] < total else []
    if not pairings:  # the last round was played (or Swiss can't pair another without repeats)
        doc["status"], doc["finished"] = "finished", now
        return True
    doc["round"] += 1
    for pairing in pairings:
        add_game(doc, pairing, now)
    return True


def next_round(doc: JSONObject, number: int) -> list[Pairing]:
    """The pairings of round ``number`` (round robin: its table; Swiss: paired now; none
    when Swiss can't pair it by its rules)."""
    if doc["system"] == "round_robin":
        return [Pairing(w, b) for w, b in doc["schedule"][number - 1]]
    active = [p["id"] for p in doc["players"] if p["state"] == "in"]
    everyone = [p["id"] for p in doc["players"]]
    played: swiss.Played = []
    for r in range(1, number):
        played.append(
            [
                (Pairing(e["white"], e.get("black")), e.get("score"))
                for e in doc["games"]
                if e["round"] == r
            ]
        )
    rounds_left = int(doc["rounds"]) - number + 1
    histories = swiss.entrants_from(everyone, played)
    by_id = {e.player: e for e in histories}
    for e in doc["games"]:  # a double forfeit gave black nothing either
        if e.get("double_forfeit") and e["round"] < number:
            by_id[e["black"]].points -= 1.0
    entrants = [e for e in histories if e.player in active]
    try:
        return swiss.pair_round(entrants, rounds_left)
    except ValueError:  # too few players left for the rounds asked: stop here
        return []


def add_game(doc: JSONObject, pairing: Pairing, now: float) -> None:
    """List a new game (its id chosen now, the game made after the save), or a bye."""
    entry: JSONObject = {
        "round": doc["round"],
        "white": pairing.white,
        "black": pairing.black,
        "game": None if pairing.black is None else new_game_id(),
        "score": None,
        "paired": now,
    }
    if pairing.black is None:
        entry["bye"] = True
    else:
        gone = gone_players(doc)
        if pairing.white in gone or pairing.black in gone:
            forfeit(entry, gone, now)
    doc["games"].append(entry)


def arena_players(doc: JSONObject) -> list[arena.ArenaPlayer]:
    """The arena's players with their results so far, in joining order."""
    players = {
        p["id"]: arena.ArenaPlayer(p["id"], i, paused=p["state"] != "in")
        for i, p in enumerate(doc["players"])
    }
    for e in sorted(doc["games"], key=lambda x: x.get("ended") or x["paired"]):
        white, black = players[e["white"]], players[e["black"]]
        white.whites += 1
        black.blacks += 1
        if e.get("score") is None:
            white.playing = black.playing = True
            continue
        white_points, black_points = points_of(e)
        white.outcomes.append(white_points)
        black.outcomes.append(black_points)
        white.last_opponent, black.last_opponent = black.player, white.player
    return list(players.values())


def arena_end(doc: JSONObject, now: float) -> float:
    """When an arena ends, as of ``now``: a director's pause stops its countdown."""
    ends = float(doc["ends"])
    if doc.get("paused_at") is not None:
        ends += max(0.0, now - float(doc["paused_at"]))
    return ends


def arena_step(doc: JSONObject, now: float) -> bool:
    """An arena: past its end, finish once no game is played; else pair whoever waits."""
    playing = any(e.get("score") is None for e in doc["games"])
    if now >= arena_end(doc, now):
        if not playing:
            doc["status"], doc["finished"] = "finished", now
            return True
        return False
    if doc["status"] != "running":
        return False
    games = arena.pair_waiting(arena_players(doc))
    for pairing in games:
        add_game(doc, pairing, now)
    return bool(games)


# -- a tournament game as the games service stores it -----------------------------------------


def game_data(
    doc: JSONObject, tournament_id: str, entry: JSONObject, players: dict[str, Entry]
) -> tuple[JSONObject, list[tuple[str, int]]]:
    """The data and seat owners of a tournament game: seat 0 (white) moves first."""
    white, black = players[entry["white"]], players[entry["black"]]
    rules = {"variant": doc["variant"], "options": doc["options"]}
    computers = [p for p in (white, black) if p.computer is not None]
    if not computers:
        data = params.new_game_data(
            {**rules, "mode": "remote", "first": 0, "clock": doc["clock"]}, str(white.owner)
        )
    elif len(computers) == 2:
        # Two computers play at the pace of a game to watch (a second a move), not flat out.
        data = params.new_game_data({**rules, "mode": "watch", "delay": COMPUTER_DELAY}, "")
    else:
        person = black if white.computer is not None else white
        data = params.new_game_data({**rules, "mode": "computer", "first": "me"}, str(person.owner))
    seats = [seat_of(white), seat_of(black)]
    data.update(
        seats=[s.to_dict() for s in seats],
        first_player=0,
        rated=bool(doc["rated"]) and not computers,
        tournament={"id": tournament_id, "name": doc["name"], "round": entry["round"]},
        device=f"tournament:{tournament_id}",
        creator=None,
    )
    if len(computers) < 2 and doc["clock"] is not None:  # the person must come: see the docstring
        now = time.time()
        seat = 0 if white.computer is None else 1
        data["start_wait"] = {"seat": seat, "since": now, "until": now + FIRST_WINDOW_SECONDS}
    owners = [(str(s.owner), i) for i, s in enumerate(seats) if s.owner is not None]
    return data, owners


def seat_of(player: Entry) -> Seat:
    if player.computer is not None:
        return Seat(
            "computer",
            None,
            str(player.computer["level"]),
            str(player.computer["algorithm"]),
            player.name,
        )
    return Seat("human", player.owner, None, None, player.name)
