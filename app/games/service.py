"""The use cases: create, read (and wait for news), play, undo, resign, abort, offer a draw,
join, take back, offer a rematch, ask for a hint, change settings.

Each one loads the game, checks the request (:mod:`app.games.changes`), saves the next version
and lets the computer take its turn; it raises an :mod:`app.games.errors` kind, with nothing
written, when the request can't be done.  The device asking is a :class:`Device`: its seat
owner, its address (for fairness) and its rate limits.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from flask import current_app

from app.games import changes, clock, ends, errors, params, rematches, starts
from app.games.errors import (
    N_,
    BadInput,
    Damaged,
    NoGame,
    NotCreator,
    NotNow,
    QueueFull,
    TooLarge,
    TooManyGames,
)
from app.games.facts import facts_of
from app.games.liveness import Liveness
from app.games.model import DEFAULT_ALGORITHM, DEFAULT_LEVEL, Game, new_game_id
from app.games.names import seat_name
from app.games.player_names import PlayerNames
from app.games.replay import remember
from app.store import (
    CorruptGame,
    GameStore,
    Row,
    StaleVersion,
    StoreError,
    Watcher,
    get_store,
)
from app.store.json_types import JSONObject
from app.store.watch import get_watcher
from engine.agents import LEVELS
from engine.agents.levels import level_seconds
from engine.record import GameRecord

log = logging.getLogger(__name__)

CONNECTED_SECONDS = 5.0  # a seat seen this recently (by its long-poll) counts as connected
TOUCH_EVERY = 2.0
STALLED_SECONDS = 600.0  # a watch game unchanged this long no longer counts as running
HINT_TIMEOUT = 30.0  # the longest a hint waits for the computer (queue and search)


@dataclass(frozen=True)
class Policy:
    """The limits the use cases keep (from the app's settings)."""

    watch_games_per_device: int = 3
    max_new_game_bytes: int = 64 * 1024

    @classmethod
    def from_config(cls, config: Any) -> Policy:
        return cls(
            int(config.get("WATCH_GAMES_PER_DEVICE", cls.watch_games_per_device)),
            int(config.get("MAX_NEW_GAME_BYTES", cls.max_new_game_bytes)),
        )


@dataclass(frozen=True)
class Device:
    """Who is asking: the hash of its seat token (None if it has none), its address, and its
    rate limits (``limit(kind)`` refuses when the device used up that kind of request)."""

    owner: str | None
    address: str
    limit: Callable[[str], None] = lambda kind: None


class Player(Protocol):
    """The computer player as the games use it (:class:`app.computer.moves.Computer`)."""

    def ensure(self, game: Game, client: str = "server") -> bool:
        """Start the computer's move if it is its turn; True if started."""

    def admit(self, client: str, interactive: bool = True) -> None:
        """Refuse a request that would start a search when the queue can't take it."""

    def hint(
        self, game: Game, level: str, algorithm: str, timeout: float, client: str = "server"
    ) -> JSONObject:
        """The move a level's agent suggests for the player to move."""


class Analyst(Protocol):
    """The analysis search as the games use it for hints (app.analysis.runner.Analyses)."""

    def hint(self, game: Game, client: str, timeout: float) -> JSONObject:
        """The analysis search's best move for the position now, as a decision."""


class Games:
    """The use cases over one store, its computer player, its version watcher and the analyses
    (for hints); the computer and the analyses come in as :class:`Player` and :class:`Analyst`."""

    def __init__(
        self,
        store: GameStore,
        computer: Player,
        watcher: Watcher,
        policy: Policy | None = None,
        liveness: Liveness | None = None,
        analyst: Analyst | None = None,
    ) -> None:
        self.store = store
        self.analyst = analyst
        self.computer = computer
        self.watcher = watcher
        self.policy = policy or Policy()
        self.liveness = liveness or Liveness(store)

    # -- reading ----------------------------------------------------------------------------------

    def load(self, game_id: str) -> Game:
        """The stored game replayed, ended if its time ran out (:meth:`flag_if_due`).

        A damaged game (bad data in its row, or rules that changed since it was stored) reports
        the error on its own requests only; every other game plays on.
        """
        return self.flag_if_due(self.replayed(game_id))

    def replayed(self, game_id: str) -> Game:
        """The stored game replayed, as it is stored (see :meth:`load`)."""
        try:
            row = self.store.load(game_id)
        except CorruptGame as exc:
            log.error("damaged game: %s", exc)
            raise Damaged(
                N_("this game's stored record is damaged and can't be read: %(reason)s"),
                reason=str(exc),
            ) from None
        if row is None:
            raise NoGame(N_("there is no game %(game)s"), game=repr(game_id))
        try:
            game = Game.from_row(row)
        except Exception as exc:  # noqa: BLE001 (any fault in a stored record stays in its game)
            log.error("game %s can't be replayed: %r", game_id, exc)
            raise Damaged(
                N_("this game can no longer be replayed: %(reason)s"), reason=repr(exc)
            ) from None
        return game

    def flag_if_due(self, game: Game) -> Game:
        """The game, with the time no server was up not charged, and lost on time if its
        running clock has run out, or aborted if the player to move let their first-move
        window close (the first request to see it writes the end; a move that landed
        meanwhile wins the race)."""
        now = time.time()
        game = changes.rebased(game, self.liveness.outages(now), now)
        data = changes.flag(game, now)
        if data is None:
            return game
        try:
            flagged = Game.from_row(self.store.save(game.id, game.version, data))
        except StaleVersion:
            return self.load(game.id)
        return self.ended(flagged)

    def end_if_due(self, game_id: str) -> Game:
        """What a read does to a game whose deadline passed, for the flags' timer
        (:mod:`app.games.flags`): ended (lost on time, or aborted) with its end-of-game hooks
        if its time ran out; if an outage moved its time later instead, the rebased clock is
        written, so that its stored deadline moves too (a move that lands meanwhile wins)."""
        game = self.replayed(game_id)
        before = clock.deadline(game.data.get("clock"), game.data.get("start_wait"))
        game = self.flag_if_due(game)
        if game.over:
            return game
        after = clock.deadline(game.data.get("clock"), game.data.get("start_wait"))
        if after == before:
            return game
        try:
            return Game.from_row(self.store.save(game.id, game.version, game.data))
        except StaleVersion:
            return self.load(game.id)

    def replayable(self, rows: list[Row]) -> Iterator[Game]:
        """The listed games that replay; a damaged or outdated one is left out (and logged)."""
        for row in rows:
            try:
                game = Game.from_row(row)
            except Exception:  # noqa: BLE001 (one bad game must not break a list)
                log.error("game %s left out of a list: it can't be replayed", row.id)
                continue
            yield game

    def games_of(self, owner: str | None, limit: int = 20) -> list[Game]:
        """The games a device holds a seat in, newest first."""
        return [] if owner is None else list(self.replayable(self.store.games_of(owner, limit)))

    def read(self, device: Device, game_id: str, since: int | None, timeout: float) -> Game:
        """The game; with ``since`` equal to its version, once it moves on (or at ``timeout``).
        ``since`` comes parsed (app.web.inputs.since, the one parser of every long-poll's)."""
        game = self.load(game_id)
        self.computer.ensure(game, device.address)
        if since == game.version:
            present = game.seats_of(device.owner) if game.mode == "remote" else []
            game = self.wait_for_change(game, device, timeout, present=present)
        return game

    def wait_for_change(
        self,
        game: Game,
        device: Device,
        timeout: float,
        computer_done: bool = False,
        present: list[int] | None = None,
    ) -> Game:
        """Block this request (only) until the game's version moves past ``game.version``.

        With ``computer_done``, wait on until it is no longer a computer's turn (its extra turns
        included), or until ``timeout``.  The seats in ``present`` are marked as seen meanwhile.
        """
        end = time.monotonic() + timeout
        while (left := end - time.monotonic()) > 0:
            if present:
                self.store.touch(game.id, present)
            if game.computer_to_move() is not None:  # takes over a search whose worker died
                self.computer.ensure(game, device.address)
            step = min(left, TOUCH_EVERY)
            flag_in = changes.seconds_to_timeout(game, time.time())
            if flag_in is not None:  # wake when the running clock runs out, to end the game
                step = min(step, flag_in + 0.05)
            if self.watcher.wait(game.id, game.version, step) == game.version and (
                changes.flag(game, time.time()) is None
            ):
                continue
            newer = self.load(game.id)
            if newer.version == game.version:  # the watcher's news was older than this request
                continue
            game = newer
            if not computer_done or game.computer_to_move() is None:
                return game
        return game

    def presence(self, game: Game, mine: list[int]) -> dict[int, float | None]:
        """Seconds since each seat of a game between two devices was last seen (the viewer's
        own seats are seen now)."""
        seen = self.store.look(game.id, mine)  # the touch and the read in one trip
        now = time.time()
        return {seat: (None if seat not in seen else round(now - seen[seat], 1)) for seat in (0, 1)}

    # -- writing ----------------------------------------------------------------------------------

    def admit_search(self, device: Device, game: Game | None = None) -> None:
        """Before a request that may start a search (in ``game``, if it has a computer seat):
        the device's rate limit and room in the queue."""
        if game is None or game.has_computer:
            device.limit("computer")
            self.computer.admit(device.address)

    def charge(self, game: Game, data: JSONObject, device: Device) -> JSONObject:
        """``data`` naming ``device`` as the one its computer's next searches are charged to
        (the computer's replies and extra turns, a watch game's next moves)."""
        if not game.has_computer or data.get("device") == device.address:
            return data
        return dict(data, device=device.address)

    def watch_room(self, device: Device) -> None:
        """Refuse a device that already runs as many watch games as it may (429)."""
        cap = self.policy.watch_games_per_device
        running = self.store.running("watch", device.address, time.time() - STALLED_SECONDS)
        if running >= cap:
            raise TooManyGames(
                N_(
                    "your device already runs %(running)s computer-vs-computer games (at most "
                    "%(cap)s at once); pause one or let one finish. Nothing was changed."
                ),
                30,
                running=running,
                cap=cap,
            )

    def with_player_name(self, seats: list[JSONObject], owner: str) -> list[JSONObject]:
        """The seats, the device's own named by its player's name if it has one, whatever
        label was sent (a device without one keeps its label, unless it reads as a guest's:
        :func:`app.games.names.seat_name`)."""
        out: list[JSONObject] = []
        for seat in seats:
            if seat.get("owner") != owner:
                out.append(seat)
                continue
            name = seat_name(self.store, owner, seat.get("name"))
            mine = {k: v for k, v in seat.items() if k != "name"}
            if name is not None:
                mine["name"] = name
            out.append(mine)
        return out

    def named(self, owner: str, what: str) -> None:
        """Refuse (NotNow, 409) a device without a player's name: rated games are between
        named players."""
        if PlayerNames(self.store).name_of(owner) is None:
            raise NotNow(
                N_(
                    "take a player's name first (PUT /api/me) to %(what)s: rated games are "
                    "between named players"
                ),
                what=what,
            )

    def creator_only(self, game: Game, device: Device, what: str) -> None:
        """Only the device that started a watch game may ``what`` (NotCreator, 403)."""
        creator = game.data.get("creator")
        if creator is None or creator != device.owner:
            raise NotCreator(N_("only the device that started this game may %(what)s"), what=what)

    def save(
        self, game: Game, data: JSONObject, device: Device, record: GameRecord | None = None
    ) -> Game:
        """Write the next version of ``game`` and let the computer move if it is its turn.
        ``record``, when given, is what ``data``'s moves replay to (a move pushed onto the
        loaded record): the facts, the saved game and its answer are read from it, no replay."""
        data = self.charge(game, data, device)
        moved = None if record is None else Game(game.id, game.version + 1, data, record)
        try:
            row = self.store.save(
                game.id, game.version, data, facts=None if moved is None else facts_of(moved)
            )
        except StaleVersion:
            raise errors.StaleVersion(
                "the game changed while your request was on its way; reload it"
            ) from None
        if moved is None:
            saved = Game.from_row(row)
        else:
            saved = Game(row.id, row.version, row.data, moved.record, row.updated)
            spec = saved.spec
            remember(spec.variant, spec.options, spec.first, spec.start, saved.record)
        saved = self.ended(saved)
        self.computer.ensure(saved, device.address)
        return saved

    def ended(self, saved: Game) -> Game:
        """After a write that left the game over: its end-of-game hooks (ratings, pairings),
        unless they all ran already; the game as they left it (a settlement is a version of
        its own).  (The game that was loaded can't tell whether this write ended it: a move
        is pushed onto its record in place.)"""
        if not saved.over or not ends.ended(self.store, saved):
            return saved
        try:
            row = self.store.load(saved.id)
        except StoreError:  # the write stands: answer with it
            return saved
        if row is None or row.version == saved.version:  # no hook wrote: the game as saved
            return saved
        return Game.from_row(row)

    def save_whatever_changed(
        self,
        game_id: str,
        device: Device,
        change: Callable[[Game], tuple[JSONObject, tuple[str, int] | None]],
        versioned: bool = False,
    ) -> Game:
        """Load, ``change`` and save a game, again if another write landed in between (a computer
        move, a friend's move): for a change that does not depend on the position.  With
        ``versioned`` (the client named the version it saw) a race is refused instead."""
        for _ in range(20):
            game = self.load(game_id)
            data, add_owner = change(game)
            data = self.charge(game, data, device)
            try:
                row = self.store.save(game.id, game.version, data, add_owner)
            except StaleVersion:
                if versioned:
                    raise errors.StaleVersion("the game changed meanwhile; reload it") from None
                continue
            saved = self.ended(Game.from_row(row))
            self.computer.ensure(saved, device.address)
            return saved
        raise NotNow("the game is changing too fast; try again")

    def start(
        self,
        data: JSONObject,
        owners: list[tuple[str, int]],
        device: Device,
        game_id: str | None = None,
    ) -> Game:
        """Store a new game with its seat owners; the computer starts if it moves first."""
        row = self.store.create(game_id or new_game_id(), data, owners)
        game = Game.from_row(row)
        starts.started(self.store, game)  # a game between two devices listed as played
        self.computer.ensure(game, device.address)
        return game

    def create(
        self, device: Device, body: JSONObject, owner: str, carry: JSONObject | None = None
    ) -> Game:
        """A new game as ``body`` describes it, ``owner`` holding the creator's seats (a rematch
        ``carry``-s the series score and clock over)."""
        data = dict(params.new_game_data(body, owner), **(carry or {}))
        data.update(creator=owner, device=device.address)
        if data.get("rated"):
            self.named(owner, N_("create a rated game"))
        if data["mode"] == "remote":
            data["seats"] = self.with_player_name(data["seats"], owner)
        size = len(json.dumps(data))
        if size > self.policy.max_new_game_bytes:
            raise TooLarge(
                N_(
                    "the game would take %(size)s bytes to store; at most %(most)s are kept "
                    "for a new game"
                ),
                size=size,
                most=self.policy.max_new_game_bytes,
            )
        device.limit("create")
        if data["mode"] == "watch":
            self.watch_room(device)
        if any(s["kind"] == "computer" for s in data["seats"]):
            self.computer.admit(device.address, interactive=data["mode"] != "watch")
        held = [i for i, s in enumerate(data["seats"]) if s.get("owner") == owner]
        return self.start(data, [(owner, seat) for seat in held], device)

    def play(self, device: Device, game_id: str, body: JSONObject) -> Game:
        """The device's move; with ``wait``, the answer waits for the computer's reply."""
        game = self.load(game_id)
        data = changes.play_move(game, device.owner, body)
        self.admit_search(device, game)
        saved = self.save(game, data, device, game.record)
        computer = saved.computer_to_move()
        if body.get("wait") is True and computer is not None:
            timeout = 2 * level_seconds(computer.level or "master") + 5.0
            saved = self.wait_for_change(saved, device, timeout, computer_done=True)
        return saved

    def undo(self, device: Device, game_id: str, body: JSONObject) -> Game:
        game = self.load(game_id)
        return self.save(game, changes.undo(game, device.owner, body), device)

    def resign(self, device: Device, game_id: str, body: JSONObject) -> Game:
        game = self.load(game_id)
        return self.save(game, changes.resign(game, device.owner, body), device)

    def abort(self, device: Device, game_id: str, body: JSONObject) -> Game:
        """Call off a game between two devices before both players have moved."""
        game = self.load(game_id)
        return self.save(game, changes.abort(game, device.owner, body), device)

    def draw(self, device: Device, game_id: str, body: JSONObject) -> Game:
        """A draw offer to the opponent of a game between two devices, or its answer."""
        game = self.load(game_id)
        return self.save(game, changes.draw(game, device.owner, body), device)

    def takeback(self, device: Device, game_id: str, body: JSONObject) -> Game:
        """A takeback request to the opponent of a game between two devices, or its answer."""
        game = self.load(game_id)
        return self.save(game, changes.takeback(game, device.owner, body), device)

    def join(self, device: Device, game_id: str, body: JSONObject, owner: str) -> Game:
        """Take the open seat of a game between two devices."""

        def change(game: Game) -> tuple[JSONObject, tuple[str, int]]:
            data, seat = changes.join(game, owner, body)
            if game.data.get("rated"):
                self.named(owner, N_("join a rated game"))
            data["seats"] = self.with_player_name(data["seats"], owner)
            return data, (owner, seat)

        joined = self.save_whatever_changed(game_id, device, change)
        starts.started(self.store, joined)  # both seats taken: listed as being played
        return joined

    def settings(self, device: Device, game_id: str, body: JSONObject) -> Game:
        """Pause, resume or pace a game's computer moves."""

        def change(game: Game) -> tuple[JSONObject, None]:
            if game.mode == "watch":
                self.creator_only(game, device, N_("pause it or change its speed"))
            data = changes.change_settings(game, device.owner, body)
            if body.get("paused") is False and game.data.get("paused"):
                if game.mode == "watch" and not game.over:
                    self.watch_room(device)
                self.admit_search(device, game)
            return data, None

        return self.save_whatever_changed(game_id, device, change, versioned="version" in body)

    def rematch(self, device: Device, game_id: str, body: JSONObject, owner: str) -> Game:
        """The same game again: at once with the computer or on one screen; between two devices
        an offer (the answer is the game with the offer), and accepting starts it."""
        game = self.load(game_id)
        if game.mode == "remote":
            return self.remote_rematch(device, game, body)
        if game.mode == "watch":
            self.creator_only(game, device, N_("start its rematch"))
        else:
            changes.seats_held(game, owner)
        # Play again: the same settings, the other side moving first (a game from a set-up
        # position keeps its own player to move).
        settings = dict(game.data.get("settings", {}))
        if "position" not in settings:
            settings["first"] = 1 - int(game.record.first_player)
        return self.create(device, settings, owner, carry=changes.carried(game))

    def remote_rematch(self, device: Device, game: Game, body: JSONObject) -> Game:
        """Offer a rematch (first move swaps) or answer one; accepting starts it.  A game
        under a registered rule (a tournament's, :mod:`app.games.rematches`) follows it."""
        data, action = changes.rematch_offer(game, device.owner, body)
        ruled = rematches.ruled(game) if action != "decline" else {}
        if action != "accept":
            return self.save(game, data, device)
        device.limit("create")
        new_id = new_game_id()
        offer = dict(data["rematch"], game=new_id)
        self.save(game, dict(data, rematch=offer), device)  # first: of two accepts, one starts it
        owners = [(str(s.owner), i) for i, s in enumerate(game.seats) if s.owner]
        return self.start(dict(changes.rematch_data(game), **ruled), owners, device, new_id)

    def hint(self, device: Device, game_id: str, body: JSONObject) -> tuple[Game, JSONObject]:
        """The move suggested to the device for its own turn: by default the best move of the
        analysis search, with its values (the same search, of the same size, that values the
        position's pits: one search names the move and ranks it first); with a ``level``, the
        move that level's agent chooses, with its values (also without a level when these use
        cases were given no analyst: the default level's)."""
        game = self.load(game_id)
        mine = changes.seats_held(game, device.owner)
        if game.to_move is None or game.to_move not in mine or game.waiting_for_seat:
            raise NotNow("a hint is for your own turn")
        level = body.get("level")
        if level is not None and level not in LEVELS:
            raise BadInput(N_("'level' must be one of %(levels)s"), levels=", ".join(LEVELS))
        noted = changes.note_hint(game, game.to_move)  # refused when the game has hints off
        self.admit_search(device)
        try:
            if level is None and self.analyst is not None:
                decision = self.analyst.hint(game, device.address, HINT_TIMEOUT)
            else:
                level = level or DEFAULT_LEVEL
                decision = self.computer.hint(
                    game, level, DEFAULT_ALGORITHM, level_seconds(level) + 10, device.address
                )
        except Exception as exc:  # a timeout or a broken pool: say so, the game is unchanged
            raise QueueFull(
                N_("the computer could not suggest a move just now (%(reason)s)"), reason=repr(exc)
            ) from None
        if noted is not None:  # between people: the opponent is told a hint was used
            game = self.save(game, noted, device)
        return game, decision


def get_games() -> Games:
    """The use cases of this app (made on first use, from the app's store, computer and
    analyses)."""
    games: Games | None = current_app.extensions.get("mancala_games")
    if games is None:
        policy = Policy.from_config(current_app.config)
        liveness = current_app.extensions.get("mancala_liveness")
        computer = current_app.extensions["mancala_computer"]
        analyst = current_app.extensions.get("mancala_analyses")
        games = Games(get_store(), computer, get_watcher(), policy, liveness, analyst)
        current_app.extensions["mancala_games"] = games
    return games
