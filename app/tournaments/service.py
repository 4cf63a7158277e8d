"""Tournaments live: create, join, leave, the director's controls, and :meth:`Tournaments.settle`,
which records finished games and pairs the next ones.

A tournament is one versioned document in the store (:mod:`app.tournaments.store`), read as
a typed :class:`~app.tournaments.model.Tournament` and changed only by the pure changes of
:mod:`app.tournaments.changes`: each use case here loads, changes and saves, again on a fresh
read when another write came first (the one retry, :meth:`Tournaments.retried`).  Settling
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

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import replace

from app.games import Game, Seat, params
from app.games import changes as game_changes
from app.games.clock import from_params as clock_from_params
from app.games.errors import N_, BadInput, NoGame, NotNow, known_fields
from app.games.service import Device, Games
from app.players.names import forget, name_of, take
from app.store import StaleVersion
from app.store.json_types import JSONObject
from app.tournaments import caps, changes
from app.tournaments.model import Match, Player, Tournament
from app.tournaments.results import Ended, result_of
from app.tournaments.store import LISTED, TournamentRow, TournamentStore
from engine.agents import ALGORITHMS, LEVELS

SYSTEMS = ("round_robin", "swiss", "arena")
CREATE_FIELDS = frozenset(
    {"name", "system", "variant", "options", "clock", "rated", "cycles", "rounds", "minutes", "you"}
)
MAX_PLAYERS = 64
MAX_TITLE = 60
ATTEMPTS = 30  # reads and writes of one change at most, while others' writes come first
KEPT_ROWS = 1000  # tournaments whose last read version a process keeps decoded
SETTLE_SECONDS = 1.0  # a read settles a tournament at most this often (per process)
EXPIRE_EVERY = 60.0  # seconds between two deletions of tournaments never started (per process)
COMPUTER_DELAY = 1.0  # seconds between moves in a game between two computer entrants
FIRST_WINDOW_SECONDS = 60.0  # a paired game's first move (white's) is due this long after pairing


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
        self.ensured: dict[str, int] = {}  # the version of each tournament whose games all exist
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
            raise NoGame(N_("there is no tournament %(id)s"), id=repr(tournament_id))
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
        self.ensure_games(tournament_id, row)  # a game it lists exists when it is shown
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
        known_fields(body, CREATE_FIELDS)
        system = body.get("system", "round_robin")
        if system not in SYSTEMS:
            raise BadInput(N_("'system' must be one of %(systems)s"), systems=", ".join(SYSTEMS))
        title = body.get("name", "")
        if not isinstance(title, str) or not 1 <= len(title.strip()) <= MAX_TITLE:
            raise BadInput(
                N_("'name' must be the tournament's name, 1 to %(high)s characters"), high=MAX_TITLE
            )
        if not all(ch.isprintable() for ch in title.strip()):
            raise BadInput("'name' must not contain control characters")
        rules = params.rules_from({"variant": body.get("variant", "kalah"), **opts(body)})
        clock = clock_from_params(body.get("clock"), "remote")
        rated = body.get("rated", True)
        if not isinstance(rated, bool):
            raise BadInput("'rated' must be true or false")
        self.expire_now_and_then()
        caps.admit_create(self.games.store, owner, address, self.store.open_rows(), self.limits)
        made = Tournament(
            name=title.strip(),
            system=system,
            variant=rules.name,
            options=dict(rules.options),
            clock=None if clock is None else body.get("clock"),
            rated=rated,
            director=owner,
            address=address,  # the maker's network address (for the caps; never shown)
            status="open",
            created=time.time(),
        )
        if system == "round_robin":
            made = replace(made, cycles=bounded(body.get("cycles", 1), "cycles", 1, 2))
        elif system == "swiss":
            made = replace(made, rounds=bounded(body.get("rounds", 5), "rounds", 1, 20))
        else:
            made = replace(made, minutes=bounded(body.get("minutes", 30), "minutes", 1, 600))
        for key in ("cycles", "rounds", "minutes"):
            if key in body and getattr(made, key) is None:
                raise BadInput(
                    N_("%(field)s does not apply to a %(system)s tournament"),
                    field=repr(key),
                    system=system,
                )
        if "you" not in body:
            return self.store.create(secrets.token_urlsafe(9), made.doc())
        before = name_of(self.games.store, owner)
        name = self.player_name(owner, body["you"], "you")
        made = made.with_player(Player("p1", name, owner, None))
        try:
            return self.store.create(secrets.token_urlsafe(9), made.doc())
        except Exception:
            if name != before:  # a refused tournament keeps no name
                forget(self.games.store, owner, before)
            raise

    def player_name(self, owner: str, given: object, field: str = "name") -> str:
        """The device's player name: ``given`` kept for it (a name is asked once, when it first
        matters), or the one it has when nothing is given."""
        if given is None:
            kept = name_of(self.games.store, owner)
            if kept is None:
                raise BadInput(
                    N_("%(field)s: tell us your name first (1 to 24 visible characters)"),
                    field=repr(field),
                )
            return kept
        return take(self.games.store, owner, given)  # the name rule and rate limit

    def join(
        self, tournament_id: str, body: JSONObject, owner: str, address: str = ""
    ) -> TournamentRow:
        """Join (or come back to) a tournament under a name (refused, 429, past the caps of
        :mod:`app.tournaments.caps`)."""
        extra = sorted(set(body) - {"name"})
        if extra:
            raise BadInput(N_("unknown field %(field)s (fields: name)"), field=repr(extra[0]))
        self.row(tournament_id)  # 404 before a name is kept for nothing
        caps.admit_join(self.games.store, owner, address, self.limits)
        before = name_of(self.games.store, owner)
        name = self.player_name(owner, body.get("name"))
        try:
            return self.change(
                tournament_id, lambda t, now: changes.join(t, owner, name, MAX_PLAYERS)
            )
        except Exception:
            if name != before:  # a refused join keeps no name
                forget(self.games.store, owner, before)
            raise

    def add_computer(self, tournament_id: str, body: JSONObject, owner: str) -> TournamentRow:
        """The director seats the computer at a level and algorithm."""
        extra = sorted(set(body) - {"level", "algorithm"})
        if extra:
            raise BadInput(
                N_("unknown field %(field)s (fields: %(fields)s)"),
                field=repr(extra[0]),
                fields="level, algorithm",
            )
        level = body.get("level", "medium")
        algorithm = body.get("algorithm", "minimax")
        if level not in LEVELS:
            raise BadInput(N_("'level' must be one of %(levels)s"), levels=", ".join(LEVELS))
        if algorithm not in ALGORITHMS:
            raise BadInput(
                N_("'algorithm' must be one of %(algorithms)s"), algorithms=", ".join(ALGORITHMS)
            )
        return self.change(
            tournament_id,
            lambda t, now: changes.add_computer(t, owner, level, algorithm, MAX_PLAYERS),
        )

    def leave(self, tournament_id: str, owner: str) -> TournamentRow:
        """Leave (:func:`app.tournaments.changes.leave`)."""
        return self.change(tournament_id, lambda t, now: changes.leave(t, owner))

    # -- the director -----------------------------------------------------------------------------

    def start(self, tournament_id: str, owner: str) -> TournamentRow:
        row = self.change(tournament_id, lambda t, now: changes.start(t, owner, now))
        return self.settle(tournament_id, row)

    def pause(self, tournament_id: str, body: JSONObject, owner: str) -> TournamentRow:
        """The director pauses or resumes the tournament.  Paused, nothing new is paired and an
        arena's countdown stops (its end moves on by the pause's length); the games being
        played go on, their clocks too (a game is the two players' own)."""
        paused = body.get("paused")
        if not isinstance(paused, bool) or set(body) - {"paused"}:
            raise BadInput("send {'paused': true} to pause or {'paused': false} to resume")
        row = self.change(tournament_id, lambda t, now: changes.pause(t, owner, paused, now))
        return self.settle(tournament_id, row)

    def remove(self, tournament_id: str, body: JSONObject, owner: str) -> TournamentRow:
        """The director removes a player: the game they are playing is lost by forfeit (and
        called off, unrated), and so are their games ahead; they are told on their page."""
        player = body.get("player")
        if not isinstance(player, str) or set(body) - {"player"}:
            raise BadInput("send {'player': <player id>} to remove a player")
        called_off: list[str] = []

        def change(t: Tournament, now: float) -> Tournament:
            removed = changes.remove(t, owner, player, now)
            called_off[:] = removed.called_off
            return removed.tournament

        row = self.change(tournament_id, change)
        for game_id in called_off:
            self.call_off(game_id, tournament_id)
        return self.settle(tournament_id, row)

    def call_off(self, game_id: str, tournament_id: str) -> None:
        """End a game the tournament decided without it (aborted: no result, unrated)."""

        def end(game: Game) -> tuple[JSONObject, None]:
            if game.over:
                return dict(game.data), None
            return game_changes.ended(game, time.time(), aborted={"by": None}), None

        try:
            self.games.save_whatever_changed(
                game_id, Device(None, f"tournament:{tournament_id}"), end
            )
        except (NoGame, NotNow):
            return  # gone, or changing too fast: its result no longer counts anyway

    def end(self, tournament_id: str, owner: str) -> TournamentRow:
        """The director ends the tournament now: the games being played still count when
        they end; nothing more is paired."""
        row = self.change(tournament_id, lambda t, now: changes.end(t, owner))
        return self.settle(tournament_id, row)

    # -- the one write ----------------------------------------------------------------------------

    def change(
        self, tournament_id: str, change: Callable[[Tournament, float], Tournament]
    ) -> TournamentRow:
        """Load, ``change`` (a pure change of :mod:`app.tournaments.changes`, given the time;
        raising to refuse) and save (:meth:`retried`)."""

        def attempt(row: TournamentRow) -> TournamentRow:
            changed = change(Tournament.of(row.data), time.time())
            return self.store.save(tournament_id, row.version, changed.doc())

        return self.retried(tournament_id, attempt)

    def settle(self, tournament_id: str, row: TournamentRow | None = None) -> TournamentRow:
        """Record the games that ended and pair the next ones, once (see the module
        docstring); then make sure every listed game exists."""

        def attempt(read: TournamentRow) -> TournamentRow:
            t = Tournament.of(read.data)
            settled = changes.advance(t, self.finished_games(t), time.time())
            return (
                read
                if settled is t
                else self.store.save(tournament_id, read.version, settled.doc())
            )

        settled = self.retried(tournament_id, attempt, row)
        self.ensure_games(tournament_id, settled)
        return settled

    def retried(
        self,
        tournament_id: str,
        attempt: Callable[[TournamentRow], TournamentRow],
        row: TournamentRow | None = None,
    ) -> TournamentRow:
        """The one retry of every write: ``attempt`` on the tournament as read (``row``
        first, if given), again on a fresh read while another write came first (StaleVersion),
        at most ``ATTEMPTS`` times."""
        for _ in range(ATTEMPTS):
            try:
                return attempt(row or self.row(tournament_id))
            except StaleVersion:
                row = None
        raise NotNow("the tournament is changing too fast; try again")

    def finished_games(self, t: Tournament) -> dict[str, Ended]:
        """The games the tournament waits for that are over."""
        over: dict[str, Ended] = {}
        waiting = [e.game for e in t.games if e.score is None and e.game is not None]
        maybe = self.games.store.may_be_over(waiting, time.time())  # the rest are in play
        for gid in waiting:
            if gid not in maybe:
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

    def ensure_games(self, tournament_id: str, row: TournamentRow) -> None:
        """Create each listed game that does not exist yet (each id only once; each version
        looked through once per process)."""
        with self.lock:
            if self.ensured.get(tournament_id) == row.version:
                return
        doc = row.data
        waiting = [
            e
            for e in doc["games"]
            if e.get("game") is not None and e.get("score") is None and e["game"] not in self.known
        ]
        if not waiting:
            self.note_ensured(tournament_id, row.version)
            return
        t = Tournament.of(doc)
        for entry in t.games:
            gid = entry.game
            if gid is None or entry.score is not None or gid in self.known:
                continue
            if self.games.store.version(gid) is None:
                data, owners = game_data(t, tournament_id, entry)
                device = Device(None, f"tournament:{tournament_id}")
                try:
                    self.games.start(data, owners, device, gid)
                except Exception:  # another host created it first: then it exists
                    if self.games.store.version(gid) is None:
                        raise
            with self.lock:
                self.known.add(gid)
        self.note_ensured(tournament_id, row.version)

    def note_ensured(self, tournament_id: str, version: int) -> None:
        """Every game version ``version`` of the tournament lists exists."""
        with self.lock:
            if len(self.ensured) >= KEPT_ROWS:
                self.ensured.pop(next(iter(self.ensured)))
            self.ensured[tournament_id] = version


def opts(body: JSONObject) -> JSONObject:
    return {"options": body["options"]} if "options" in body else {}


def bounded(value: object, field: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadInput(
            N_("%(field)s must be a whole number from %(low)s to %(high)s"),
            field=repr(field),
            low=low,
            high=high,
        )
    return value


# -- a tournament game as the games service stores it -----------------------------------------


def game_data(
    t: Tournament, tournament_id: str, entry: Match
) -> tuple[JSONObject, list[tuple[str, int]]]:
    """The data and seat owners of a tournament game: seat 0 (white) moves first."""
    white, black = t.player(entry.white), t.player(str(entry.black))
    rules = {"variant": t.variant, "options": t.options}
    computers = [p for p in (white, black) if p.computer is not None]
    if not computers:
        data = params.new_game_data(
            {**rules, "mode": "remote", "first": 0, "clock": t.clock}, str(white.owner)
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
        rated=t.rated and not computers,
        tournament={"id": tournament_id, "name": t.name, "round": entry.round},
        device=f"tournament:{tournament_id}",
        creator=None,
    )
    if len(computers) < 2 and t.clock is not None:  # the person must come: see the docstring
        now = time.time()
        seat = 0 if white.computer is None else 1
        data["start_wait"] = {"seat": seat, "since": now, "until": now + FIRST_WINDOW_SECONDS}
    owners = [(str(s.owner), i) for i, s in enumerate(seats) if s.owner is not None]
    return data, owners


def seat_of(player: Player) -> Seat:
    if player.computer is not None:
        return Seat("computer", None, player.computer.level, player.computer.algorithm, player.name)
    return Seat("human", player.owner, None, None, player.name)
