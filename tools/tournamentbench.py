"""The load benchmark's tournament mode: an arena with people and computer players at short
clocks, while every player's page keeps the lobby and the standings live.

    python -m tools.loadbench --tournament                       # 32 players (8 computers), 5 min
    python -m tools.loadbench --tournament --players 12 --computers 4 --seconds 60

One server is started as ``make run`` starts it (or ``--url`` names a running one).  A director
creates an arena of ``ceil(seconds / 60)`` minutes (Kalah 4×3, a 1+1 clock), seats the computer
players (Beginner: their games go through the fair queue) and starts it; each person is a
device (its own loopback address and seat token) that joins under a name, then, until the arena
ends: follows the tournament by long-poll, opens the game it is paired in, moves after a short
pause (each move one request), follows the opponent's moves by long-poll, and every few seconds
reads the standings and the lobby at once, as their pages do.

Requests that wait by design (a long-poll: ``?since=``) are reported apart; the target is on
the others (p95 under 100 ms, no error).  Standard library only, like the load benchmark.
"""

from __future__ import annotations

import http.client
import json
import math
import random
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import IO, Any

TARGET_P95_MS = 100.0
PAUSE = (0.3, 1.5)  # a person's pause before a move, seconds
REFRESH = 3.0  # seconds between a page's immediate reads of the standings and the lobby
TIMEOUT = 30.0


@dataclass
class Timings:
    """Each request's milliseconds by kind, and the errors."""

    ms: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    statuses: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, ms: float, ok: bool, status: int = 0) -> None:
        with self.lock:
            self.ms[kind].append(ms)
            if not ok:
                self.errors[kind] += 1
                self.statuses[f"{kind} {status or 'no answer'}"] += 1


class Client:
    """One device: its address, its seat token, one keep-alive connection."""

    def __init__(self, url: str, ip: str, timings: Timings) -> None:
        host, _, port = url.removeprefix("http://").partition(":")
        self.host, self.port, self.ip = host, int(port or 80), ip
        self.timings = timings
        self.token: str | None = None
        self.conn: http.client.HTTPConnection | None = None

    def call(self, kind: str, method: str, path: str, body: object = None) -> tuple[int, Any]:
        """One timed request: (status, JSON); a broken connection is retried once."""
        payload = None if body is None else json.dumps(body).encode()
        headers = {"Accept": "application/json"}
        if payload is not None:
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        for attempt in (0, 1):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(
                    self.host, self.port, timeout=TIMEOUT, source_address=(self.ip, 0)
                )
            start = time.perf_counter()
            try:
                self.conn.request(method, path, body=payload, headers=headers)
                response = self.conn.getresponse()
                raw = response.read()
            except (OSError, http.client.HTTPException):
                self.conn.close()
                self.conn = None
                if attempt == 0:
                    continue
                self.timings.add(kind, (time.perf_counter() - start) * 1000, False)
                return 0, None
            ms = (time.perf_counter() - start) * 1000
            ok = response.status < 400 or response.status == 409  # 409: a race, told plainly
            self.timings.add(kind, ms, ok, response.status)
            try:
                return response.status, json.loads(raw) if raw else None
            except ValueError:
                return response.status, None
        return 0, None

    def take_token(self) -> None:
        """A seat token of its own (a bot's: issued with an invite it makes)."""
        status, game = self.call(
            "create", "POST", "/api/games", {"mode": "remote", "seat_token": True}
        )
        if status != 201:
            raise RuntimeError(f"no seat token: {status} {game}")
        self.token = game["seat_token"]


def play(
    client: Client, tid: str, stop: threading.Event, rng: random.Random, games: list[int]
) -> None:
    """One person in the arena until it ends."""
    since: int | None = None
    next_refresh = time.monotonic()
    while not stop.is_set():
        if time.monotonic() >= next_refresh:
            client.call("standings", "GET", f"/api/tournaments/{tid}")
            client.call("lobby", "GET", "/api/lobby")
            next_refresh = time.monotonic() + REFRESH
        path = f"/api/tournaments/{tid}" + ("" if since is None else f"?since={since}")
        status, t = client.call("wait" if since is not None else "standings", "GET", path)
        if status != 200 or t is None:
            time.sleep(1.0)
            continue
        since = t["version"]
        if t["status"] == "finished":
            return
        game_id = t.get("your_game")
        if game_id:
            play_game(client, game_id, stop, rng)
            games.append(1)
            since = None


def play_game(client: Client, game_id: str, stop: threading.Event, rng: random.Random) -> None:
    status, game = client.call("state", "GET", f"/api/games/{game_id}")
    while status == 200 and game["status"] == "playing" and not stop.is_set():
        if game.get("your_turn") and game.get("legal_moves"):
            time.sleep(rng.uniform(*PAUSE))
            body = {"pit": rng.choice(game["legal_moves"]), "version": game["version"]}
            status, answer = client.call("move", "POST", f"/api/games/{game_id}/moves", body)
            if status == 200:
                game = answer
                continue
            status, game = client.call("state", "GET", f"/api/games/{game_id}")
            continue
        status, game = client.call("wait", "GET", f"/api/games/{game_id}?since={game['version']}")


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def summary(timings: Timings, seconds: float) -> dict[str, Any]:
    kinds = {}
    for kind, values in sorted(timings.ms.items()):
        kinds[kind] = {
            "requests": len(values),
            "errors": timings.errors.get(kind, 0),
            "per_s": round(len(values) / seconds, 1),
            "p50": percentile(values, 0.5),
            "p95": percentile(values, 0.95),
            "p99": percentile(values, 0.99),
            "max": max(values),
        }
    no_wait = [v for k, vs in timings.ms.items() if k != "wait" for v in vs]
    errors = sum(n for k, n in timings.errors.items() if k != "wait")
    return {
        "kinds": kinds,
        "no_wait": {"requests": len(no_wait), "p95": percentile(no_wait, 0.95), "errors": errors},
    }


def run(url: str, players: int, computers: int, seconds: float, seed: int) -> dict[str, Any]:
    """The arena on the server at ``url``: its figures."""
    rng = random.Random(seed)
    timings = Timings()
    people = [Client(url, f"127.0.2.{n + 1}", timings) for n in range(players - computers)]
    for p in people:
        p.take_token()
    director = people[0]
    minutes = max(1, math.ceil(seconds / 60))
    body = {
        "name": "Load arena",
        "system": "arena",
        "minutes": minutes,
        "variant": "kalah",
        "options": {"pits": 4, "seeds": 3},
        "clock": {"minutes": 1, "increment": 1},
        "you": "Player 1",
        "rated": True,
    }
    status, t = director.call("create", "POST", "/api/tournaments", body)
    if status != 201:
        raise RuntimeError(f"the arena was not made: {status} {t}")
    tid = t["id"]
    for n, p in enumerate(people[1:], 2):
        p.call("join", "POST", f"/api/tournaments/{tid}/join", {"name": f"Player {n}"})
    for _ in range(computers):
        director.call("join", "POST", f"/api/tournaments/{tid}/computer", {"level": "beginner"})
    director.call("start", "POST", f"/api/tournaments/{tid}/start", {})
    started = time.monotonic()
    stop = threading.Event()
    games: list[int] = []
    threads = [
        threading.Thread(
            target=play, args=(p, tid, stop, random.Random(rng.random()), games), daemon=True
        )
        for p in people
    ]
    for th in threads:
        th.start()
    deadline = started + minutes * 60 + 120  # the games going on at the end finish
    for th in threads:
        th.join(max(0.0, deadline - time.monotonic()))
    stop.set()
    wall = time.monotonic() - started
    _, final = director.call("export", "GET", f"/api/tournaments/{tid}/export?format=json")
    figures = summary(timings, wall)
    figures.update(
        players=players,
        computers=computers,
        minutes=minutes,
        wall_s=round(wall, 1),
        errors_by_status=dict(timings.statuses),
        games=len(final["games"]) if final else None,
        status=final["status"] if final else None,
        leader=final["standings"][0] if final and final["standings"] else None,
    )
    return figures


def report(f: dict[str, Any], out: IO[str]) -> None:
    """The table of a run."""
    out.write(
        f"arena: {f['players']} players ({f['computers']} computers), {f['minutes']} min, "
        f"{f['wall_s']} s wall; {f['games']} games; status {f['status']}\n"
    )
    out.write(f"{'kind':<12}{'requests':>9}{'errors':>7}{'req/s':>8}")
    out.write("".join(f"{h:>10}" for h in ("p50 ms", "p95 ms", "p99 ms", "max ms")) + "\n")
    for kind, k in f["kinds"].items():
        out.write(f"{kind:<12}{k['requests']:>9}{k['errors']:>7}{k['per_s']:>8}")
        out.write("".join(f"{k[q]:>10.1f}" for q in ("p50", "p95", "p99", "max")) + "\n")
    nw = f["no_wait"]
    target = nw["p95"] is not None and nw["p95"] < TARGET_P95_MS and nw["errors"] == 0
    out.write(
        f"non-waiting requests: {nw['requests']}, p95 {nw['p95']:.1f} ms, {nw['errors']} errors "
        f"(target p95 < {TARGET_P95_MS:g} ms, 0 errors: {'met' if target else 'NOT met'})\n"
    )
    if f["errors_by_status"]:
        out.write(f"errors: {f['errors_by_status']}\n")
    if "load" in f:
        out.write(f"machine: {f['load']}\n")
