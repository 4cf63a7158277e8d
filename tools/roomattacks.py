"""The room's attacks (issue 32): one careless or hostile device on the LAN against the lobby,
names, ratings, tournaments and the engine, each checked for the behaviour the issue asks for.

Run by ``python -m tools.attacks room`` (a server started as ``make run`` starts it, or
``--url``).  Devices are loopback addresses (127.x.y.z; the server does not trust
X-Forwarded-For) and cookies, as on a LAN.  Each attack says whether it *held* or *broke* and
why; a flood is timed from a victim device (its lobby reads and its moves, each request on a
new connection, as a page does) with the load average beside.  Standard library only.
"""

from __future__ import annotations

import csv
import http.client
import io
import json
import math
import os
import socket
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

P95_TARGET_S = 0.300  # a victim's lobby read and move during a flood (the target)
RATING_CEILING = 1700  # two devices of one person farming must not lift a rating past this


# -- devices ------------------------------------------------------------------------------------


class Device:
    """One browser: a loopback address and its cookies (``cookies=False``: it never keeps
    one, each request as a new visitor)."""

    def __init__(self, host: str, port: int, address: str, cookies: bool = True) -> None:
        self.host, self.port, self.address, self.keeps = host, port, address, cookies
        self.jar: dict[str, str] = {}

    def call(
        self, method: str, path: str, body: Any = None, timeout: float = 30.0
    ) -> tuple[int, Any]:
        """One request on a new connection: (status, JSON, or the text if not JSON; 0 when the
        connection failed)."""
        status, data, _ = self.raw(method, path, body, timeout)
        return status, data

    def raw(
        self, method: str, path: str, body: Any = None, timeout: float = 30.0
    ) -> tuple[int, Any, dict[str, str]]:
        conn = http.client.HTTPConnection(
            self.host, self.port, timeout=timeout, source_address=(self.address, 0)
        )
        headers = {"Accept": "application/json"}
        payload = None if body is None else json.dumps(body).encode()
        if payload is not None:
            headers["Content-Type"] = "application/json"
        if self.jar:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.jar.items())
        try:
            conn.request(method, path, body=payload, headers=headers)
            response = conn.getresponse()
            raw = response.read()
            if self.keeps:
                for value in response.msg.get_all("Set-Cookie") or []:
                    name, _, rest = value.partition("=")
                    self.jar[name.strip()] = rest.split(";", 1)[0]
            text = raw.decode("utf-8", "replace")
            try:
                data: Any = json.loads(text) if text else None
            except ValueError:
                data = text
            return response.status, data, {k.lower(): v for k, v in response.getheaders()}
        except OSError:
            return 0, None, {}
        finally:
            conn.close()

    def name(self, name: str) -> int:
        """Take a player's name: the status."""
        return self.call("PUT", "/api/me", {"name": name})[0]


class Addresses:
    """Fresh loopback addresses, a block of them per attack (so one attack's per-address caps
    never touch the next's)."""

    def __init__(self, first: int = 100) -> None:
        self.block = first
        self.lock = threading.Lock()

    def take(self, count: int = 1) -> list[str]:
        with self.lock:
            self.block += 1
            block = self.block
        return [f"127.{block}.{n // 250}.{1 + n % 250}" for n in range(count)]


# -- the victim ---------------------------------------------------------------------------------


class Victim:
    """A friend's device on its own address: reads the lobby and moves in its game (one screen)
    every ``every`` s, each request timed; anything but a 200 counts as ``timeout``."""

    def __init__(self, host: str, port: int, address: str, every: float = 0.2) -> None:
        self.device = Device(host, port, address)
        self.every, self.timeout = every, 10.0
        self.samples: list[tuple[float, str, float]] = []  # (when, kind, seconds)
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None
        self.game: dict[str, Any] | None = None

    def start(self) -> Victim:
        self.device.name(f"Vic{os.getpid() % 1000}")
        self.thread = threading.Thread(target=self.loop, name="victim", daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(self.timeout + 5)

    def timed(self, kind: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        begun = time.monotonic()
        status, data = self.device.call(method, path, body, timeout=self.timeout)
        took = time.monotonic() - begun
        with self.lock:
            self.samples.append((begun, kind, took if status in (200, 201) else self.timeout))
        return status, data

    def loop(self) -> None:
        while not self.stopping.wait(self.every):
            self.timed("lobby", "GET", "/api/lobby")
            game = self.game
            if game is None or game.get("status") != "playing":
                status, made = self.device.call(
                    "POST", "/api/games", {"mode": "local", "variant": "kalah"}
                )
                self.game = made if status == 201 else None
                continue
            pit = game["legal_moves"][len(game["moves"]) % len(game["legal_moves"])]
            sent = {"pit": pit, "version": game["version"]}
            status, after = self.timed("move", "POST", f"/api/games/{game['id']}/moves", sent)
            self.game = after if status == 200 else None

    def p95(self, kind: str, start: float, end: float) -> float | None:
        with self.lock:
            values = sorted(t for at, k, t in self.samples if k == kind and start <= at < end)
        if not values:
            return None
        return values[max(0, math.ceil(0.95 * len(values)) - 1)]


# -- results ------------------------------------------------------------------------------------


@dataclass
class Result:
    """One attack's outcome: whether the room held, what was seen, and for a flood the victim's
    p95s (seconds) and the load average during it."""

    name: str
    held: bool
    seen: str
    flood: bool = False
    lobby_p95: float | None = None
    move_p95: float | None = None
    load: float | None = None
    seconds: float = 0.0

    @property
    def fast_enough(self) -> bool:
        return all(p is None or p < P95_TARGET_S for p in (self.lobby_p95, self.move_p95))

    def line(self) -> str:
        verdict = "held" if self.held else "BROKE"
        text = f"{self.name:<22} {verdict:<6} {self.seen}"
        if self.flood:
            ms = [
                ("-" if p is None else f"{p * 1000:.0f} ms")
                for p in (self.lobby_p95, self.move_p95)
            ]
            target = "ok" if self.fast_enough else f"over {P95_TARGET_S * 1000:.0f} ms"
            text += (
                f"\n{'':<29}victim during it: lobby p95 {ms[0]}, move p95 {ms[1]} ({target}), "
                f"load average {self.load:.1f}"
            )
        return text


@dataclass
class Room:
    """The server under attack, the victim, fresh addresses and the run's settings."""

    host: str
    port: int
    victim: Victim | None = None
    addresses: Addresses = field(default_factory=Addresses)
    flood_seconds: float = 8.0
    farm_seconds: float = 25.0

    def device(self, cookies: bool = True, address: str | None = None) -> Device:
        return Device(self.host, self.port, address or self.addresses.take()[0], cookies)

    def named(self, name: str) -> Device:
        """A new device on its own address with a player's name (RuntimeError if refused)."""
        dev = self.device()
        status = dev.name(name)
        if status != 200:
            raise RuntimeError(f"{name!r} could not take its name: {status}")
        return dev


def counted(statuses: list[int]) -> str:
    tally: dict[int, int] = {}
    for s in statuses:
        tally[s] = tally.get(s, 0) + 1
    return ", ".join(f"{n}×{s}" for s, n in sorted(tally.items()))


def in_parallel(work: Callable[[int], int], count: int, threads: int = 8) -> list[int]:
    with ThreadPoolExecutor(threads) as pool:
        return list(pool.map(work, range(count)))


def seek_ids(lobby: Any) -> set[str]:
    return {s["id"] for s in (lobby or {}).get("seeks", []) if isinstance(s, dict)}


# -- the attacks --------------------------------------------------------------------------------


def lobby_reads(room: Room) -> Result:
    """``GET /api/lobby`` without a cookie, in a loop from one address: a read creates nothing
    (no guest in "who is here", no version bump) and a friend's seek is shown in every read."""
    observer = room.named("Watcher")
    friend = room.named("Friendly")
    status, seek = friend.call("POST", "/api/lobby/seeks", {"variant": "kalah"})
    if status != 201:
        return Result("lobby-reads", False, f"the friend's seek was refused: {status} {seek}")
    _, before = observer.call("GET", "/api/lobby")
    address = room.addresses.take()[0]
    end = time.monotonic() + room.flood_seconds
    statuses: list[int] = []
    seen: list[bool] = []

    def flood(_: int) -> int:
        reader = room.device(cookies=False, address=address)
        while time.monotonic() < end:
            statuses.append(reader.call("GET", "/api/lobby")[0])
        return 0

    def watch(_: int) -> int:
        while time.monotonic() < end:
            _, now = observer.call("GET", "/api/lobby")
            seen.append(seek["id"] in seek_ids(now))
            time.sleep(0.4)
        return 0

    with ThreadPoolExecutor(5) as pool:
        jobs = [pool.submit(flood, n) for n in range(4)] + [pool.submit(watch, 0)]
        for job in jobs:
            job.result()
    _, after = observer.call("GET", "/api/lobby")
    ghosts = len(after.get("here", [])) - len(before.get("here", []))
    bumps = int(after.get("version", 0)) - int(before.get("version", 0))
    friend.call("DELETE", f"/api/lobby/seeks/{seek['id']}")
    held = ghosts <= 0 and bumps <= 2 and all(seen)
    return Result(
        "lobby-reads",
        held,
        f"{len(statuses)} reads ({counted(statuses)}): {ghosts:+d} in who is here, "
        f"{bumps} version bumps, the friend's seek shown in {sum(seen)} of {len(seen)} reads",
        flood=True,
    )


def seek_flood(room: Room, addresses: int = 50, each: int = 9) -> Result:
    """450 seeks from 50 addresses (a new cookie each): a friend's seek made afterwards is
    listed at once (each address's cap refuses some, or withdraws its older ones)."""
    hostile = room.addresses.take(addresses)

    def offer(n: int) -> int:
        dev = room.device(address=hostile[n % addresses])
        return dev.call("POST", "/api/lobby/seeks", {"variant": "kalah"})[0]

    statuses = in_parallel(offer, addresses * each)
    friend = room.named("Seeker")
    status, seek = friend.call("POST", "/api/lobby/seeks", {"variant": "oware"})
    _, lobby = room.named("Looker").call("GET", "/api/lobby")
    shown = status == 201 and seek["id"] in seek_ids(lobby)
    accepted = statuses.count(201)
    listed = len((lobby or {}).get("seeks", []))
    return Result(
        "seek-flood",
        shown,
        f"{len(statuses)} seeks from {addresses} addresses ({counted(statuses)}), {listed} "
        f"listed; the friend's seek made afterwards {'is' if shown else 'is NOT'} listed"
        f" ({accepted} accepted)",
        flood=True,
    )


def challenge_flood(room: Room, count: int = 300, addresses: int = 30) -> Result:
    """300 challenges to one person: a friend's challenge made afterwards reaches them."""
    target = room.named("Popular")
    hostile = room.addresses.take(addresses)

    def challenge(n: int) -> int:
        dev = room.device(address=hostile[n % addresses])
        return dev.call("POST", "/api/lobby/challenges", {"to": "Popular", "variant": "kalah"})[0]

    statuses = in_parallel(challenge, count)
    friend = room.named("RealFriend")
    status, made = friend.call("POST", "/api/lobby/challenges", {"to": "Popular"})
    _, lobby = target.call("GET", "/api/lobby")
    to_you = ((lobby or {}).get("challenges") or {}).get("to_you", [])
    shown = status == 201 and any(c.get("id") == made.get("id") for c in to_you)
    return Result(
        "challenge-flood",
        shown,
        f"{count} challenges to one person ({counted(statuses)}), {len(to_you)} shown to them; "
        f"a friend's challenge afterwards {'is' if shown else 'is NOT'} shown",
        flood=True,
    )


def tournament_flood(room: Room, count: int = 1000) -> Result:
    """1,000 tournaments from one device: the evening's real one, made afterwards, is listed."""
    spammer = room.device()
    statuses: list[int] = []
    end = time.monotonic() + max(room.flood_seconds, 5.0)
    for n in range(count):
        if time.monotonic() > end:
            break
        body = {"name": f"Spam {n}", "system": "round_robin"}
        statuses.append(spammer.call("POST", "/api/tournaments", body)[0])
    director = room.named("Director")
    status, real = director.call(
        "POST", "/api/tournaments", {"name": "The evening", "system": "arena", "minutes": 30}
    )
    _, listed = room.device().call("GET", "/api/tournaments")
    ids = {t.get("id") for t in (listed or {}).get("tournaments", [])}
    shown = status == 201 and real.get("id") in ids
    accepted = statuses.count(201)
    held = shown and accepted < 100
    return Result(
        "tournament-flood",
        held,
        f"{len(statuses)} tournaments from one device ({counted(statuses)}); the evening's "
        f"{'is' if shown else 'is NOT'} listed",
        flood=True,
    )


LOOKALIKES = {
    "Cyrillic Аmа": "\u0410m\u0430",
    "Ama + U+034F": "Ama\u034f",
    "Ama + U+FE0F": "Ama\ufe0f",
    "Ama + U+17B4": "Ama\u17b4",
    "U+3164 alone": "\u3164",
    "U+2800 alone": "\u2800",
    "a guest's label": "Guest c962",
}


def lookalike_names(room: Room) -> Result:
    """Names that look like a taken one (or like nothing, or like a guest) are refused."""
    if room.device().name("Ama") not in (200, 409):
        return Result("lookalike-names", False, "'Ama' could not be taken to start with")
    taken = [label for label, name in LOOKALIKES.items() if room.device().name(name) == 200]
    return Result(
        "lookalike-names",
        not taken,
        "taken: " + ", ".join(taken) if taken else f"all {len(LOOKALIKES)} lookalikes refused",
    )


def name_squat(room: Room, tries: int = 40) -> Result:
    """Names taken by joining a tournament go through the names' rate limit: from one address,
    no more names by tournaments than by ``PUT /api/me``."""
    _, tournament = room.named("Host").call(
        "POST", "/api/tournaments", {"name": "Open house", "system": "round_robin"}
    )
    address, other = room.addresses.take(2)
    stamp = os.getpid() % 10000

    def by_put(n: int) -> int:
        return room.device(address=other).name(f"Put{stamp}x{n}")

    def by_join(n: int) -> int:
        dev = room.device(address=address)
        path = f"/api/tournaments/{tournament['id']}/join"
        return dev.call("POST", path, {"name": f"Sq{stamp}x{n}"})[0]

    put = [by_put(n) for n in range(tries)].count(200)
    joined = [by_join(n) for n in range(tries)]
    looker = room.device()
    names = [looker.call("GET", f"/api/players/{quote(f'Sq{stamp}x{n}')}")[0] for n in range(tries)]
    squatted = names.count(200)
    return Result(
        "name-squat",
        squatted < tries and squatted <= put + 3,  # (a name refills every few seconds)
        f"one address: {put} of {tries} names by PUT /api/me, {squatted} of {tries} by joining "
        f"a tournament ({counted(joined)})",
    )


def seat_name_spoof(room: Room) -> Result:
    """Another player's name as a seat name (a seek's, a new game's, a join's): every seat of a
    named player shows their own player name."""
    stamp = os.getpid() % 10000
    spoof = f"Ama{stamp}"
    room.named(spoof)  # the real player
    mallory, taker, watcher = room.named(f"Mal{stamp}x"), room.named(f"Tak{stamp}"), room.device()
    shown: list[str] = []
    refused: list[str] = []
    status, seek = mallory.call("POST", "/api/lobby/seeks", {"name": spoof, "rated": True})
    if status == 201:
        status, game = taker.call("POST", f"/api/lobby/seeks/{seek['id']}/join", {})
        if status in (200, 201):
            shown += [
                s.get("name", "")
                for s in watcher.call("GET", f"/api/games/{game['id']}")[1]["seats"]
            ]
    else:
        refused.append(f"seek {status}")
    status, game = mallory.call(
        "POST", "/api/games", {"mode": "remote", "rated": True, "name": spoof}
    )
    if status == 201:
        taker.call("POST", f"/api/games/{game['id']}/join", {})
        shown += [
            s.get("name", "") for s in watcher.call("GET", f"/api/games/{game['id']}")[1]["seats"]
        ]
    else:
        refused.append(f"new game {status}")
    _, game = mallory.call("POST", "/api/games", {"mode": "remote", "rated": True})
    status, _ = taker.call("POST", f"/api/games/{game['id']}/join", {"name": spoof})
    if status == 200:
        shown += [
            s.get("name", "") for s in watcher.call("GET", f"/api/games/{game['id']}")[1]["seats"]
        ]
    else:
        refused.append(f"join {status}")
    spoofed = [n for n in shown if n == spoof]
    return Result(
        "seat-name-spoof",
        not spoofed,
        f"{spoof!r} as a seat name by another device: refused {refused or 'never'}; "
        f"seats shown {shown}",
    )


def arena_rejoin(room: Room) -> Result:
    """Coming back to an arena under the name of a player in it (a name her device has since
    left, so free outside the arena): refused, no two players shown alike."""
    stamp = os.getpid() % 10000
    bea, mal = f"Bea{stamp}", f"Mal{stamp}"
    director = room.named(f"Arena{stamp}")
    _, arena = director.call(
        "POST", "/api/tournaments", {"name": "Arena", "system": "arena", "minutes": 30}
    )
    path = f"/api/tournaments/{(arena or {}).get('id')}"
    first, mallory = room.device(), room.device()
    first.call("POST", f"{path}/join", {"name": bea})
    mallory.call("POST", f"{path}/join", {"name": mal})
    director.call("POST", f"{path}/start", {})
    mallory.call("POST", f"{path}/leave", {})
    first.name(f"{bea}b")  # Bea renames her device: her old name is free outside the arena
    mallory.name(bea)
    status, _ = mallory.call("POST", f"{path}/join", {"name": bea})
    _, now = director.call("GET", path)
    listed = (now or {}).get("players") or (now or {}).get("standings") or []
    names = [p.get("name") for p in listed if isinstance(p, dict)]
    return Result(
        "arena-rejoin",
        status != 200 and names.count(bea) <= 1,
        f"rejoining as {bea!r}: {status}; players shown {names}",
    )


def rating_of(dev: Device, name: str, pool: str = "kalah") -> int:
    _, page = dev.call("GET", f"/api/players/{quote(name)}")
    for rating in (page or {}).get("ratings", []):
        if rating.get("pool") == pool:
            return int(rating.get("rating", 1500))
    return 1500


def farm_game(winner: Device, loser: Device, plies: int) -> list[int]:
    """One rated game between two devices of one person: ``plies`` moves (each the mover's
    first legal pit), then the loser resigns; the statuses of the game's requests."""
    status, game = winner.call("POST", "/api/games", {"mode": "remote", "rated": True})
    if status != 201:
        return [status]
    seats = game.get("you", [0])  # the winner's seats
    statuses = [status, loser.call("POST", f"/api/games/{game['id']}/join", {})[0]]
    url = f"/api/games/{game['id']}"
    _, game = loser.call("GET", url)
    for _ in range(plies):
        if not isinstance(game, dict) or game.get("status") != "playing":
            break
        mover = winner if game["to_move"] in seats else loser
        sent = {"pit": game["legal_moves"][0], "version": game["version"]}
        status, game = mover.call("POST", f"{url}/moves", sent)
        statuses.append(status)
    _, game = loser.call("GET", url)
    if isinstance(game, dict) and game.get("status") == "playing":
        statuses.append(loser.call("POST", f"{url}/resign", {"version": game["version"]})[0])
    return statuses


def rating_farm(room: Room) -> Result:
    """Two cookies of one person on one address, as fast as the server allows: rated games
    resigned at move 0, then (half the time) after a few moves each: the winner's rating stays
    at most 1700."""
    address = room.addresses.take()[0]
    stamp = os.getpid() % 10000
    winner, loser = room.device(address=address), room.device(address=address)
    winner.name(f"FarmW{stamp}")
    loser.name(f"FarmL{stamp}")
    statuses: list[int] = []
    begun = time.monotonic()
    end = begun + room.farm_seconds
    games = 0
    while time.monotonic() < end:
        plies = 0 if time.monotonic() < begun + room.farm_seconds / 2 else 8
        played = farm_game(winner, loser, plies)
        statuses += played
        games += played[0] == 201
        if played[0] != 201:
            time.sleep(0.5)
    rating = rating_of(room.device(), f"FarmW{stamp}")
    return Result(
        "rating-farm",
        rating <= RATING_CEILING,
        f"{room.farm_seconds:.0f} s, {games} games resigned at move 0 or after 8 moves "
        f"({counted(statuses)}): the winner's rating {rating}",
    )


def puzzle_farm(room: Room, count: int = 25) -> Result:
    """A throwaway cookie learns each puzzle's answer, the named one on its address then plays
    it: the named one's puzzle rating does not climb on answers it was told."""
    address = room.addresses.take()[0]
    main = room.device(address=address)
    main.name(f"Solver{os.getpid() % 10000}")
    _, me = main.call("GET", "/api/puzzles/me")
    before = int(((me or {}).get("rating") or {}).get("rating", 1500))
    solved = 0
    for _ in range(count):
        _, puzzle = main.call("GET", "/api/puzzles/next")
        if not isinstance(puzzle, dict) or "id" not in puzzle:
            break
        throwaway = room.device(address=address)
        _, told = throwaway.call(
            "POST", f"/api/puzzles/{puzzle['id']}/try", {"pit": puzzle["legal_moves"][0]}
        )
        good = (told or {}).get("good") or [puzzle["legal_moves"][0]]
        status, tried = main.call("POST", f"/api/puzzles/{puzzle['id']}/try", {"pit": good[0]})
        solved += bool(status == 200 and tried.get("solved"))
    _, me = main.call("GET", "/api/puzzles/me")
    after = int(((me or {}).get("rating") or {}).get("rating", 1500))
    return Result(
        "puzzle-farm",
        after - before <= 50,
        f"{solved} of {count} puzzles 'solved' with a throwaway cookie's answer: "
        f"rating {before} → {after}",
    )


def daily_misses(room: Room, count: int = 40) -> Result:
    """40 fresh cookies miss the daily puzzle: its rating barely moves (only named players'
    first tries, one per address, count)."""
    address = room.addresses.take()[0]
    _, daily = room.device().call("GET", "/api/puzzles/daily")
    puzzle = (daily or {}).get("puzzle") or {}
    if "id" not in puzzle:
        return Result("daily-misses", False, f"no daily puzzle: {daily}")
    before = int(puzzle.get("rating", 0))
    first = room.device(address=address)
    _, told = first.call(
        "POST", f"/api/puzzles/{puzzle['id']}/try", {"pit": puzzle["legal_moves"][0]}
    )
    good = set((told or {}).get("good") or [])
    wrong = [m for m in puzzle["legal_moves"] if m not in good] or puzzle["legal_moves"][:1]
    for _ in range(count - 1):
        room.device(address=address).call(
            "POST", f"/api/puzzles/{puzzle['id']}/try", {"pit": wrong[0]}
        )
    _, daily = room.device().call("GET", "/api/puzzles/daily")
    after = int(((daily or {}).get("puzzle") or {}).get("rating", 0))
    return Result(
        "daily-misses",
        abs(after - before) <= 50,
        f"{count} fresh-cookie misses from one address: the daily puzzle {before} → {after}",
    )


def engine_help(room: Room) -> Result:
    """A rated game being played: no values of its position for its players or anyone."""
    stamp = os.getpid() % 10000
    host, guest, spectator = room.named(f"Hp{stamp}"), room.named(f"Hq{stamp}"), room.device()
    status, game = host.call(
        "POST", "/api/games", {"mode": "remote", "rated": True, "first": 0, "variant": "kalah"}
    )
    if status != 201:
        return Result("engine-help", False, f"no rated game: {status} {game}")
    guest.call("POST", f"/api/games/{game['id']}/join", {})
    _, game = host.call("GET", f"/api/games/{game['id']}")
    host.call("POST", f"/api/games/{game['id']}/moves", {"pit": 0, "version": game["version"]})
    _, game = guest.call("GET", f"/api/games/{game['id']}")
    asked = {
        "variant": "kalah",
        "board": game["board"],
        "to_move": game["to_move"],
        "values": True,
    }
    answers = {
        "position (mover)": guest.call("POST", f"/api/games/{game['id']}/analysis/position", {}),
        "position (spectator)": spectator.call(
            "POST", f"/api/games/{game['id']}/analysis/position", {}
        ),
        "hint (mover)": guest.call("POST", f"/api/games/{game['id']}/hint", {}),
        "analysis board": spectator.call("POST", "/api/board", asked),
    }
    gave = [k for k, (s, _) in answers.items() if s == 200]
    return Result(
        "engine-help",
        not gave,
        "values given: " + ", ".join(gave)
        if gave
        else "position, hint and board values refused: "
        + ", ".join(str(s) for s, _ in answers.values()),
    )


def csv_formula(room: Room) -> Result:
    """A player named like a formula: the tournament's CSV escapes it (OWASP: = + - @ tab CR)."""
    director = room.named(f"Dir{os.getpid() % 10000}")
    _, tournament = director.call(
        "POST", "/api/tournaments", {"name": "=HYPERLINK(1)", "system": "round_robin"}
    )
    names = ['=HYPERLINK("http://x","y")', "+1+2", "-1+2", "@SUM(1)"]
    joined = [
        room.device().call("POST", f"/api/tournaments/{tournament['id']}/join", {"name": n})[0]
        for n in names
    ]
    _, text = director.call("GET", f"/api/tournaments/{tournament['id']}/export?format=csv")
    if not isinstance(text, str):
        return Result("csv-formula", False, f"no CSV: {text!r:.80}")
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    bare = [
        c
        for c in cells
        if c[:1] in ("=", "+", "@", "\t", "\r") or c.startswith("-") and not _number(c)
    ]
    return Result(
        "csv-formula",
        not bare,
        f"names joined: {counted(joined)}; cells starting a formula: {bare or 'none'}",
    )


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def since_superscript(room: Room) -> Result:
    """``?since=²`` on the lobby, a tournament and a game's messages: a JSON 400, not a 500."""
    dev = room.named(f"Sup{os.getpid() % 10000}")
    _, game = dev.call("POST", "/api/games", {"mode": "remote"})
    _, tournament = dev.call("POST", "/api/tournaments", {"name": "Sup", "system": "swiss"})
    paths = [
        "/api/lobby",
        f"/api/tournaments/{(tournament or {}).get('id')}",
        f"/api/games/{(game or {}).get('id')}/messages",
        f"/api/games/{(game or {}).get('id')}",
    ]
    answers = [dev.call("GET", f"{p}?since=%C2%B2") for p in paths]
    ok = all(s == 400 and isinstance(d, dict) and d.get("status") == 400 for s, d in answers)
    return Result("since-superscript", ok, "answers: " + ", ".join(str(s) for s, _ in answers))


def long_path(room: Room) -> Result:
    """A path over 4 KB (and one over gunicorn's 8 KB line): the app's JSON error, not HTML."""
    out = []
    ok = True
    for size in (5000, 9000, 70_000):
        raw = b""
        sock = socket.create_connection((room.host, room.port), timeout=10)
        try:
            head = f"GET /api/games/{'x' * size} HTTP/1.1\r\nHost: {room.host}:{room.port}\r\n"
            sock.sendall((head + "Connection: close\r\n\r\n").encode())
            while chunk := sock.recv(65536):
                raw += chunk
        except OSError:
            pass
        finally:
            sock.close()
        status = int(raw.split(b" ", 2)[1]) if raw.count(b" ") >= 2 else 0
        head_part, _, body = raw.partition(b"\r\n\r\n")
        try:
            shape = set(json.loads(body)) == {"error", "message", "status"}
        except ValueError:
            shape = False
        ok = ok and shape and 400 <= status < 500
        out.append(f"{size} bytes: {status} {'JSON' if shape else 'not JSON'}")
    return Result("long-path", ok, ", ".join(out))


def presence_ends(room: Room, limit: float = 35.0) -> Result:
    """A device whose page closes (its heartbeat, ``POST /api/lobby/here``, stops without a
    goodbye, as a phone put away) leaves "who is here" within about 30 s."""
    name = f"Leaver{os.getpid() % 10000}"
    leaver, observer = room.named(name), room.named(f"Stayer{os.getpid() % 10000}")

    def shown() -> bool:
        _, lobby = observer.call("GET", "/api/lobby")
        return any(h.get("name") == name for h in (lobby or {}).get("here", []))

    for _ in range(10):  # the page is open: its heartbeats until the room shows it
        if leaver.call("POST", "/api/lobby/here", {})[0] == 404:
            leaver.call("GET", "/api/lobby")  # (a server before the heartbeat)
        if shown():
            break
        time.sleep(1.0)
    else:
        return Result("presence-ends", False, "the open page never showed in who is here")
    begun = time.monotonic()
    while time.monotonic() - begun < limit + 60 and shown():
        time.sleep(1.0)
    took = time.monotonic() - begun
    return Result(
        "presence-ends", took <= limit, f"left who is here {took:.0f} s after its page closed"
    )


@dataclass(frozen=True)
class Spec:
    """An attack, whether it is a flood (timed from the victim) and whether it is fast."""

    run: Callable[[Room], Result]
    flood: bool = False
    fast: bool = True


ROOM_ATTACKS: dict[str, Spec] = {
    "lobby-reads": Spec(lobby_reads, flood=True),
    "seek-flood": Spec(seek_flood, flood=True),
    "challenge-flood": Spec(challenge_flood, flood=True),
    "tournament-flood": Spec(tournament_flood, flood=True),
    "lookalike-names": Spec(lookalike_names),
    "name-squat": Spec(name_squat),
    "seat-name-spoof": Spec(seat_name_spoof),
    "arena-rejoin": Spec(arena_rejoin),
    "rating-farm": Spec(rating_farm, fast=False),
    "puzzle-farm": Spec(puzzle_farm),
    "daily-misses": Spec(daily_misses),
    "engine-help": Spec(engine_help),
    "csv-formula": Spec(csv_formula),
    "since-superscript": Spec(since_superscript),
    "long-path": Spec(long_path),
    "presence-ends": Spec(presence_ends, fast=False),
}


def run_one(room: Room, name: str) -> Result:
    """One attack, timed; a flood with the victim's p95s and the load average during it."""
    spec = ROOM_ATTACKS[name]
    begun = time.monotonic()
    try:
        result = spec.run(room)
    except Exception as exc:  # noqa: BLE001 (an attack that could not run says so and goes on)
        result = Result(name, False, f"the attack could not run: {exc!r}")
    ended = time.monotonic()
    result.seconds = ended - begun
    if spec.flood and room.victim is not None:
        result.flood = True
        result.lobby_p95 = room.victim.p95("lobby", begun, ended)
        result.move_p95 = room.victim.p95("move", begun, ended)
        result.load = os.getloadavg()[0]
    return result


def run_all(
    host: str,
    port: int,
    names: list[str] | None = None,
    flood_seconds: float = 8.0,
    farm_seconds: float = 25.0,
    report: Callable[[Result], None] | None = None,
) -> list[Result]:
    """Every named attack (default: all) in turn against the server, with a victim device
    timing its lobby and moves throughout; each result given to ``report`` as it comes."""
    room = Room(host, port, flood_seconds=flood_seconds, farm_seconds=farm_seconds)
    room.victim = Victim(host, port, room.addresses.take()[0]).start()
    results = []
    try:
        for name in names or list(ROOM_ATTACKS):
            result = run_one(room, name)
            results.append(result)
            if report is not None:
                report(result)
    finally:
        room.victim.stop()
    return results
