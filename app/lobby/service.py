"""The lobby's use cases: look (and wait for news), be here (a page's heartbeat), offer a game
to anyone (a seek) or to one player (a challenge), withdraw it, take it, decline it.

A seek is the same settings as a game between two devices made from the menu (variant,
options, clock, who starts, hints, rated or casual), checked whole when it is made.  Taking it
makes the game through the games' own rules (:mod:`app.games.params`), its maker in seat 0 and
the taker in seat 1, and sends both to it: the taker in the answer, the maker at its next look.
A seek is listed while its maker's page is open (:mod:`app.lobby.presence`) and disappears when
taken, withdrawn, or when its maker leaves the room; once two players sit down, their other
open seeks are withdrawn.  How many seeks and challenges a device and an address may have open,
and each maker's share of every list, are in :mod:`app.lobby.caps`.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from app.games import changes, params
from app.games.errors import N_, BadInput, NoGame, NoSeat, NotNow, known_fields
from app.games.model import Game, new_game_id
from app.games.service import Device, Games
from app.games.versioned import Versioned
from app.lobby import hooks, shapes
from app.lobby.caps import RoomLimits, arrivals_refusal, refusal
from app.lobby.lists import fair, finished_groups, group_games
from app.lobby.names import Names
from app.lobby.presence import Arrival, Presence
from app.lobby.store import LobbyStore, Present, Seek, tag_of
from app.store import Row
from app.store.json_types import JSONObject
from app.store.sql import SQLStore
from engine import get_variant

UPKEEP_EVERY = 30.0  # how often a process sweeps seeks of makers who left
# A seek answered already, by its state: one sentence each.
SEEK_GONE = {
    "taken": N_("this seek was taken already"),
    "declined": N_("this seek was declined already"),
}
FORGET_SECONDS = 24 * 3600.0  # devices and answered seeks older than this are deleted
GAMES_SECONDS = 1800.0  # a game between two devices unchanged this long is not listed as played
SCAN = 400  # rows read at most to make one list (each list then keeps a fair share of them)
GAMES_SCAN = 100  # games being played read at most (each one's JSON is decoded)
ROOM_SECONDS = 5.0  # a room's lists are built again this often under one version (moves)
ROOMS_KEPT = 8  # rooms (versions) a process keeps
SHARED = frozenset({"games", "tournament_games", "finished"})  # a room's lists, alike for all
SEEK_FIELDS = frozenset({"variant", "options", "first", "clock", "hints", "rated", "name"})


@dataclass(frozen=True)
class Room:
    """The costly lists every reader of one version of the lobby sees alike
    (:meth:`Lobby.room`): never changed once built, as every request shares it."""

    version: int
    owners: list[tuple[str, tuple[str, ...]]]  # each game being played, its seats' devices
    games: list[shapes.WatchGame]  # the games being played, to watch


class NotAllowed(NoSeat):
    """A lobby request from a device that may not make it (403)."""


class Lobby:
    """The lobby's use cases over one store and the games' use cases."""

    def __init__(
        self, store: SQLStore, games: Games, names: Names, limits: RoomLimits | None = None
    ) -> None:
        self.store = LobbyStore(store)
        self.games = games
        self.names = names
        self.limits = limits or RoomLimits()
        self.presence = Presence(self.store, self.limits)
        self.watcher = self.store.watcher()
        self.rooms: Versioned[int, Room] = Versioned(ROOMS_KEPT)
        self.groups: Versioned[tuple[int, ...], list[JSONObject]] = Versioned(ROOMS_KEPT)
        self.texts: Versioned[tuple[int, int], tuple[Room, list[JSONObject], str]] = Versioned(
            ROOMS_KEPT
        )
        self._lock = threading.Lock()
        self._upkept = 0.0

    # -- being here ---------------------------------------------------------------------------

    def beat(self, device: str, address: str, announce: bool = True) -> Arrival:
        """``device``'s page at ``address`` is open: it is here (see Presence.beat)."""
        arrival = self.presence.beat(device, address, self.bucket, announce)
        self.upkeep(time.time())
        return arrival

    def bucket(self, key: str, burst: float, per_second: float) -> float:
        return self.store.store.take_token(key, burst, per_second)

    def leave(self, device: str) -> bool:
        """``device``'s page closed: it leaves the room (its open seeks are hidden)."""
        return self.presence.leave(device)

    def upkeep(self, now: float) -> None:
        """Drop the seeks of makers who left; forget what is a day old (each process at most
        every UPKEEP_EVERY seconds)."""
        with self._lock:
            if now - self._upkept < UPKEEP_EVERY:
                return
            self._upkept = now
        self.store.drop_gone(now - self.limits.here_seconds)
        if self.store.store.claim_job("lobby-forget", 3600.0):
            self.store.forget(now - FORGET_SECONDS)

    # -- looking ------------------------------------------------------------------------------

    def look(
        self, device: str | None, since: int | None, timeout: float, dumps: Callable[[object], str]
    ) -> str:
        """The room as ``device`` (None: a reader without a cookie) sees it, as JSON text
        (:meth:`view_text`); with ``since`` equal to its version, once it changes (or at
        ``timeout``).  Reading writes nothing."""
        if since is not None and since == self.store.version():
            self.watcher.wait("lobby", since, timeout)
        return self.view_text(device, dumps)

    def view(self, device: str | None, arrival: Arrival | None = None) -> shapes.Lobby:
        """Who is here, the open seeks, challenges to and from ``device``, games being played,
        finished tournament games, and where to go if a seek or challenge was just taken.
        Every list is newest first and fair: each address gets a few entries (lists.fair);
        ``arrival`` is what this request's heartbeat did, if it was one.  The costly lists
        every reader sees alike are the shared :meth:`room`; who is here, the seeks and who
        sits at a table are read per request (they change without the version: a page that
        opens, a quiet arrival)."""
        return self.own_view(device, arrival)[0]

    def view_text(
        self, device: str | None, dumps: Callable[[object], str], arrival: Arrival | None = None
    ) -> str:
        """:meth:`view` as JSON text (``dumps`` writes an object's): the lists every reader
        sees alike (the games being played, the finished tournament games) written once per
        room and shared by every request and long-poll, the viewer's own part per request."""
        seen, room, groups = self.own_view(device, arrival)

        def shared() -> tuple[Room, list[JSONObject], str]:
            lists = {k: v for k, v in seen.items() if k in SHARED}
            return room, groups, dumps(lists)  # the objects kept: their identities are the key

        text = self.texts.get((id(room), id(groups)), shared)[2]
        own = dumps({k: v for k, v in seen.items() if k not in SHARED})
        return f"{own[:-1]},{text[1:]}"

    def own_view(
        self, device: str | None, arrival: Arrival | None
    ) -> tuple[shapes.Lobby, Room, list[JSONObject]]:
        """:meth:`view`, with the room and the groups its shared lists come from."""
        now = time.time()
        limits = self.limits
        since = now - limits.here_seconds
        look = self.store.look(since, SCAN, device)
        room = self.room(look.version)
        present = fair(look.present, address_of, *limits.here_list)
        seeks = [s for s, _ in fair(look.seeks, second, *limits.seeks_list)]
        to_you = [s for s, _ in fair(look.to_you, second, *limits.challenges_list)]
        mine = look.mine
        playing = self.at_tables(room.owners, since)
        people = here_first(device, [p.device for p in present], playing)
        shown, named = self.names.shown(
            people
            + [s.device for s in seeks + to_you + mine]
            + [str(s.target) for s in mine if s.target]
        )
        go, declined = self.answers(device, mine, shown)
        groups = self.finished_groups()
        seen: shapes.Lobby = {
            "version": room.version,
            "you": self.you(device, shown, named),
            "in_room": arrival.here if arrival else any(p.device == device for p in present),
            "retry_after": arrival.retry if arrival and not arrival.here else None,
            "beat_seconds": limits.beat_seconds,
            "here": [
                {"tag": tag_of(d), "name": shown[d], "you": d == device, "playing": d in playing}
                for d in people
            ],
            "seeks": [self.seek_view(s, device, shown) for s in seeks],
            "challenges": {
                "to_you": [self.seek_view(s, device, shown) for s in to_you],
                "yours": [
                    self.seek_view(s, device, shown) for s in mine if s.target and s.state == "open"
                ],
                "declined": declined,
            },
            "games": room.games,
            "tournament_games": [g for group in groups for g in group_games(group)],
            "finished": groups,
            "go": go,
        }
        return seen, room, groups

    def room(self, version: int | None = None) -> Room:
        """The costly lists every reader sees alike, built once per version of the lobby in
        this process and shared by every request and every long-poll it wakes.  The version
        moves whenever the list of games being played does (a game between two devices that
        starts or ends: :mod:`app.lobby.ends`); what moves on under one version (a game's
        count of moves, a game left unplayed for ``GAMES_SECONDS``) is read again after
        ``ROOM_SECONDS``.  ``version``: the lobby's version just read (else it is read)."""
        version = self.store.version() if version is None else version
        return self.rooms.get(version, lambda: self.build(version), fresh=ROOM_SECONDS)

    def build(self, version: int) -> Room:
        """The room now (its ``version`` read before anything else: never older than it)."""
        now = time.time()
        games = self.playing_games(now)
        shown = self.names.of([owner for _, d in games for owner in owners_of(d)])
        return Room(
            version=version,
            owners=[(gid, tuple(owners_of(d))) for gid, d in games],
            games=[self.game_view(i, d, shown) for i, d in games],
        )

    def finished_groups(self) -> list[JSONObject]:
        """The finished tournament games grouped (lists.finished_groups), grouped once for
        the same games: the sources hand out the same objects while nothing changed (the
        tournaments keep each version's), so the objects' identities are the key (the groups
        kept hold them, so no other object can take one of those identities meanwhile)."""
        games = hooks.finished_tournament_games(SCAN)
        limits = self.limits
        return self.groups.get(
            tuple(id(g) for g in games),
            lambda: finished_groups(games, limits.tournaments_listed, limits.finished_share),
        )

    def you(
        self, device: str | None, shown: dict[str, str], named: AbstractSet[str]
    ) -> shapes.LobbyYou:
        """The viewer: its tag, name and whether it chose one (``named``: the devices of
        ``shown`` that did; nulls: no cookie)."""
        if device is None:
            return {"tag": None, "name": None, "named": False}
        return {"tag": self.store_tag(device), "name": shown[device], "named": device in named}

    def answers(
        self, device: str | None, mine: list[Seek], shown: dict[str, str]
    ) -> tuple[str | None, list[shapes.Declined]]:
        """Where ``device`` goes (its seek was taken) and which of its challenges were
        declined; each told once (then forgotten)."""
        go, told = None, []
        for seek in mine:
            if seek.state == "taken" and seek.game_id:
                go = go or f"/game/{seek.game_id}"
                told.append(seek.id)
        declined: list[shapes.Declined] = [
            {"id": s.id, "to": shown[str(s.target)]} for s in mine if s.state == "declined"
        ]
        told += [d["id"] for d in declined]
        if told and device is not None:
            self.store.delivered(told, device)
        return go, declined

    def at_tables(self, games: list[tuple[str, tuple[str, ...]]], since: float) -> set[str]:
        """The players of ``games`` (each its id and seats' devices) whose game page was open
        since ``since`` (here, playing)."""
        seen = self.store.seats_seen([i for i, _ in games], since)
        return {
            owner
            for gid, owners in games
            for seat, owner in enumerate(owners)
            if (gid, seat) in seen
        }

    def playing_games(self, now: float) -> list[tuple[str, JSONObject]]:
        """Games between two devices being played, newest first, each address that made them
        listed a few times."""
        games = self.store.running_games(now - GAMES_SECONDS, GAMES_SCAN)
        return fair(
            games,
            lambda pair: str(pair[1].get("device") or pair[0]),
            self.limits.games_share,
            self.limits.games_listed,
        )

    def store_tag(self, device: str) -> str:
        """The public tag others see ``device`` by."""
        return tag_of(device)

    def seek_view(self, seek: Seek, device: str | None, shown: dict[str, str]) -> shapes.SeekView:
        """A seek as the lobby lists it: "Ama waits: Oware, 5+3, rated"."""
        body = seek.body
        words = describe(body)
        maker = shown[seek.device]
        target = shown[seek.target] if seek.target else None
        return {
            "id": seek.id,
            "by": maker,
            "to": target,
            "mine": seek.device == device,
            "variant": body.get("variant", "kalah"),
            "clock": clock_words(body.get("clock")),
            "rated": bool(body.get("rated")),
            "colour": colour_words(body.get("first", 0)),
            "game": words,
            "text": f"{maker} waits: {words}"
            if target is None
            else f"{maker} challenges {target}: {words}",
        }

    def game_view(self, game_id: str, data: JSONObject, shown: dict[str, str]) -> shapes.WatchGame:
        """A game being played, to watch."""
        seats = data.get("seats") or []
        players = [
            (s.get("name") or shown.get(str(s.get("owner")), "?")) if isinstance(s, dict) else "?"
            for s in seats
        ]
        return {
            "id": game_id,
            "title": title_of(data),
            "variant": str(data.get("variant", "kalah")),
            "players": players,
            "moves": len(data.get("moves") or []),
            "url": f"/game/{game_id}?watch=1",
        }

    # -- seeks and challenges -----------------------------------------------------------------

    def offer(self, device: Device, body: JSONObject, target: str | None = None) -> Seek:
        """A new seek (``target`` None) or a challenge to the device ``target``."""
        owner = need_owner(device)
        if target == owner:
            raise BadInput("you can't challenge yourself")
        settings = seek_settings(body, owner)
        if "name" in settings:  # a seek's name is its maker's player name: taken as any name
            settings["name"] = self.names.take(owner, settings["name"])
        if settings["rated"]:
            self.games.named(owner, "offer a rated game")
        device.limit("create")
        seek_id = secrets.token_urlsafe(9)
        # The seek is listed while its maker is here; the seek itself moves the version.
        arrival = self.beat(owner, device.address, announce=False)
        if not arrival.here:
            raise arrivals_refusal(arrival.retry)
        caps = self.limits.seek_caps(target is not None)
        kept = self.store.add_capped(
            seek_id, owner, target, settings, time.time(), device.address, caps
        )
        if kept is not None:
            to = self.names.of([target])[target] if target else None
            raise refusal(kept, self.limits, to)
        found = self.store.seek(seek_id)
        assert found is not None
        return found

    def cancel(self, device: Device, seek_id: str) -> None:
        """Withdraw one's own open seek or challenge."""
        owner = need_owner(device)
        if not self.store.cancel(seek_id, owner):
            self.open_seek(seek_id)  # 404 / 409 saying why
            raise NotAllowed("only the player who made this seek may withdraw it")

    def decline(self, device: Device, seek_id: str) -> None:
        """Decline a challenge made to this device."""
        owner = need_owner(device)
        seek = self.open_seek(seek_id)
        if seek.target != owner:
            raise NotAllowed("only the challenged player may decline this challenge")
        if not self.store.decline(seek_id, owner, time.time()):
            raise NotNow("this challenge was answered or withdrawn meanwhile")

    def open_seek(self, seek_id: str) -> Seek:
        """The open seek ``seek_id``: NoGame (404) if there is none or its maker left the room
        (it is swept then), NotNow (409) if it was taken or declined."""
        seek = self.store.seek(seek_id)
        if seek is None:
            raise NoGame(
                N_("there is no seek %(id)s (it was withdrawn, or taken long ago)"),
                id=repr(seek_id),
            )
        if seek.state != "open":
            gone = SEEK_GONE.get(seek.state)
            if gone is None:
                raise NotNow(N_("this seek was %(state)s already"), state=seek.state)
            raise NotNow(gone)
        if not self.store.is_present(seek.device, time.time() - self.limits.here_seconds):
            self.store.cancel(seek_id, seek.device)  # swept now: its maker is gone
            raise NoGame("there is no such seek any more: the player who made it left the room")
        return seek

    def take(self, device: Device, seek_id: str, name: str | None = None) -> Game:
        """Take a seek (or accept a challenge to this device): the game is made, its maker in
        seat 0 and the taker in seat 1.  Of two takers exactly one gets it (409 to the other)."""
        owner = need_owner(device)
        seek = self.open_seek(seek_id)
        if seek.device == owner:
            raise NotNow("this is your own seek: wait for someone to take it, or withdraw it")
        if seek.target is not None and seek.target != owner:
            raise NotAllowed("this challenge is for another player")
        if seek.body.get("rated"):
            self.games.named(owner, "play a rated game")
        device.limit("create")
        game_id = new_game_id()
        if not self.store.take(seek_id, owner, game_id, time.time()):
            raise NotNow("someone else took this seek a moment before you")
        try:
            data = game_data(seek, owner, device, self.names, game_id)
            game = self.games.start(data, [(seek.device, 0), (owner, 1)], device, game_id)
        except Exception:
            self.store.untake(seek_id, game_id)
            raise
        self.store.withdraw_open([seek.device, owner])  # both sat down: their other seeks go
        return game


def address_of(present: Present) -> str:
    """The address a device in the room beats from (its maker, for the list of who is here)."""
    return present.address


def second(pair: tuple[Seek, str]) -> str:
    """A seek's maker's address (as LobbyStore.seeks_present pairs them)."""
    return pair[1]


def here_first(device: str | None, listed: list[str], playing: AbstractSet[str]) -> list[str]:
    """Who is here, in order: the viewer (its own page is open), the listed devices (newest
    arrival first), then the players at a table not listed already."""
    people = ([device] if device else []) + [d for d in listed if d != device]
    return people + sorted(playing - set(people))


def owners_of(data: JSONObject) -> list[str]:
    """The devices holding a stored game's seats."""
    seats = data.get("seats") or []
    return [str(s["owner"]) for s in seats if isinstance(s, dict) and s.get("owner")]


def need_owner(device: Device) -> str:
    """The device's seat owner: the lobby is for devices that have one (the API mints it)."""
    if device.owner is None:
        raise NotAllowed("open the home page first: your browser has no player cookie yet")
    return device.owner


def seek_settings(body: JSONObject, owner: str) -> JSONObject:
    """A seek's settings, checked as the game they make would be (mode: two devices)."""
    known_fields(body, SEEK_FIELDS)
    params.new_game_data(dict(body, mode="remote"), owner)  # BadInput saying what is wrong
    return dict(body, rated=body.get("rated", False))


def game_data(seek: Seek, taker: str, device: Device, names: Names, game_id: str) -> JSONObject:
    """The new game's data: the seek's settings between two devices, the maker in seat 0 (with
    their name) and the taker in seat 1 (with theirs); both sit, so the clock's first-move
    window opens now."""
    settings = dict(seek.body)
    maker_name = names.name(seek.device)  # a named player's seat shows their player name
    settings.pop("name", None)
    if maker_name:
        settings["name"] = maker_name
    data = params.new_game_data(dict(settings, mode="remote"), seek.device)
    data.update(creator=seek.device, device=device.address)
    now = time.time()
    opened = Game.from_row(Row(game_id, 1, data, now, now))
    taker_name = names.name(taker)
    joined, _ = changes.join(opened, taker, {"name": taker_name} if taker_name else {})
    return joined


def describe(body: JSONObject) -> str:
    """A seek's game in words: "Oware, 5+3, rated"."""
    parts = [title_of(body)]
    clock = clock_words(body.get("clock"))
    parts.append(clock or "no clock")
    parts.append("rated" if body.get("rated") else "casual")
    return ", ".join(parts)


def title_of(data: JSONObject) -> str:
    """The variant's title with its options (as the games name it)."""
    try:
        options = data.get("options") or {}
        return str(get_variant(str(data.get("variant", "kalah")), **options).title)
    except (TypeError, ValueError):
        return str(data.get("variant", "?"))


def clock_words(clock: object) -> str | None:
    """A clock as "5+3" (minutes + seconds a turn), None without one."""
    if not isinstance(clock, dict):
        return None
    minutes, increment = clock.get("minutes"), clock.get("increment", 0)
    return f"{minutes:g}+{increment:g}" if isinstance(minutes, int | float) else None


def colour_words(first: object) -> str:
    """Who moves first, from the seek's maker's side."""
    if first == "random":
        return "random"
    return "maker moves first" if first in (0, "me") else "taker moves first"
