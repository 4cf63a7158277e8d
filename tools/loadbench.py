"""Load benchmark: many concurrent games against the server as ``make run`` starts it.

    python -m tools.loadbench                          # 200 games for 60 s on its own server
    python -m tools.loadbench --games 10 --seconds 8   # a short run
    python -m tools.loadbench --url http://127.0.0.1:8000 --json load.json
    python -m tools.loadbench --attack slowloris     # the same while one address attacks
    python -m tools.loadbench --hosts 2 --database-url postgresql://mancala@127.0.0.1/mancala
    python -m tools.loadbench --hosts http://10.0.0.5:8000,http://10.0.0.6:8000
    python -m tools.loadbench --tournament             # a 32-player arena for 5 min

Without ``--url`` it starts ``python -m app.web.serve`` (``PORT``, a fresh ``MANCALA_INSTANCE``;
``WORKERS``/``THREADS`` as in the environment, else the defaults), waits for it, plays, and
stops it with SIGTERM to its process group.  ``--hosts N`` starts N such servers (app hosts),
all on the PostgreSQL database of ``--database-url`` (one host may use SQLite), and
``--hosts URL,URL`` uses running ones; either way device n talks to host n mod N, so the two
devices of a LAN pair are on different hosts and every move crosses between them.  The games
(see :func:`plan`): half are a person against the computer at Easy, three in ten are pairs of
devices on the LAN, the rest are computer-vs-computer games with spectators.  Every simulated
device is its own thread with one keep-alive connection from its own loopback address
(127.0.x.y), as devices on a LAN are.

Every request is timed.  Long-polls (``GET /api/games/<id>?since=N``) wait by design and are
reported apart; the target is on the requests that never wait: creates, joins, moves (without
``wait``), immediate reads.  429 and 503 count as errors, and the client waits ``Retry-After``
and tries again.  "computer reply" is not a request: the time from a person's move (its answer)
to the long-poll that shows the computer's reply.  Standard library only.

With ``--attack NAME`` (one of :data:`tools.attacks.ATTACKS`: idle, slowloris, longpolls) one
more address (:data:`tools.attacks.ATTACKER`) runs that attack for the whole run, started with
the first game; the table is then the other devices' view of it, and the report adds what the
attack did and how soon ``/health`` answered after it.  Loopback servers only.
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import multiprocessing
import os
import platform
import random
import resource
import socket
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlsplit

from tools import attacks
from tools.servers import Server, group_cpu, served

ROOT = Path(__file__).resolve().parents[1]
NO_WAIT = ("create", "join", "move", "state")  # the kinds the latency target is about
KINDS = (*NO_WAIT, "poll")
TARGET_P95_MS = 50.0
# A person's pause before a move, seconds (uniform): the browser first animates the last move
# (about a second), then they think.  --think 0.5 2 is a stress test of impatient players.
THINK = (2.0, 6.0)
WATCH_LEVELS = (["easy", "easy"], ["easy", "medium"], ["medium", "medium"])
TIMEOUT = 30.0  # per request; a long-poll answers within 8 s
CLIENT_PROCESSES = 4  # client processes the devices are shared out over
IDLE_CLOSE = 1.5  # reconnect before reusing a connection idle this long (gunicorn keeps 2 s)


class Cancelled(Exception):
    """The run ended: no new request, and a long-poll in flight was cut."""


@dataclass
class Mix:
    """How many games of each kind, and their spectators."""

    computer: int
    remote: int
    watch: int
    remote_spectators: int
    watch_spectators: int
    think: tuple[float, float] = THINK

    @property
    def devices(self) -> int:
        hosts = self.computer + 2 * self.remote + self.watch
        return hosts + self.remote_spectators + self.watch_spectators

    def describe(self) -> str:
        return (
            f"{self.computer} person vs computer (Easy, Kalah, first move random), "
            f"{self.remote} LAN pairs (two devices, Bearer tokens; {self.remote_spectators} "
            f"with a spectator), {self.watch} computer-vs-computer games (easy/medium, "
            f"{self.watch_spectators} spectators); a person thinks "
            f"{self.think[0]:g}-{self.think[1]:g} s a move; {self.devices} devices, each its "
            "own address 127.0.x.y (local servers)"
        )


def plan(games: int, think: tuple[float, float] = THINK) -> Mix:
    """50% against the computer, 30% LAN pairs, 20% watched; spectators 1-2 a watched game."""
    computer = round(games * 0.5)
    remote = round(games * 0.3)
    watch = max(0, games - computer - remote)
    remote_spectators = (remote + 4) // 5  # every fifth LAN pair has an onlooker
    watch_spectators = sum(1 + i % 2 for i in range(watch))
    return Mix(computer, remote, watch, remote_spectators, watch_spectators, think)


def address(n: int) -> str:
    """The loopback address of device ``n`` (127.0.0.1 is left to the server)."""
    return f"127.0.{1 + n // 250}.{1 + n % 250}"


class Slot:
    """The current game of a table, for the devices that follow its host."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._game: str | None = None

    def publish(self, game_id: str) -> None:
        with self._cond:
            self._game = game_id
            self._cond.notify_all()

    def next_after(self, last: str | None, stop: threading.Event) -> str | None:
        """The first game other than ``last``; None when the run ends."""
        with self._cond:
            while self._game is None or self._game == last:
                if stop.is_set():
                    return None
                self._cond.wait(0.25)
            return self._game


@dataclass
class Tally:
    """What one device saw: request samples, errors and counts."""

    samples: list[tuple[str, int, float]] = field(default_factory=list)  # kind, status, ms
    errors: list[tuple[str, int, str]] = field(default_factory=list)  # kind, status, message
    replies: list[float] = field(default_factory=list)  # ms from our move to the computer's
    conflicts: list[tuple[str, str]] = field(default_factory=list)  # intended 409s: kind, why
    counts: Counter[str] = field(default_factory=Counter)


class Device:
    """One browser or bot: its address, seat token or cookie, and one keep-alive connection."""

    def __init__(self, host: str, port: int, ip: str, stop: threading.Event, bearer: bool) -> None:
        self.host, self.port, self.ip, self.stop = host, port, ip, stop
        self.bearer = bearer  # a bot: asks for a seat token on its first create or join
        self.token: str | None = None
        self.cookie: str | None = None
        self.conn: http.client.HTTPConnection | None = None
        self.last_used = 0.0
        self.lock = threading.Lock()
        self.polling = False
        self.tally = Tally()
        self.think = THINK  # a person's pause before a move, seconds

    # -- transport -------------------------------------------------------------------------

    def _headers(self, payload: bytes | None) -> dict[str, str]:
        headers = {"Accept": "application/json"}
        if payload is not None:
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        if self.cookie:
            headers["Cookie"] = self.cookie
        return headers

    def _open(self, poll: bool) -> tuple[http.client.HTTPConnection, bool]:
        """The connection, connected (under the lock, so that :meth:`cancel` can cut it)."""
        with self.lock:
            if self.stop.is_set():
                raise Cancelled
            if self.conn is not None and time.monotonic() - self.last_used > IDLE_CLOSE:
                self.close()
            if self.conn is None:
                source = (self.ip, 0) if self.ip else None
                self.conn = http.client.HTTPConnection(
                    self.host, self.port, timeout=TIMEOUT, source_address=source
                )
            reused = self.conn.sock is not None
            if not reused:
                self.conn.connect()
            self.polling = poll
            return self.conn, reused

    def _exchange(
        self, method: str, path: str, payload: bytes | None, poll: bool
    ) -> tuple[http.client.HTTPResponse, bytes]:
        """Send one request and read the answer; one retry if a kept-alive connection closed."""
        for attempt in (0, 1):
            conn, reused = self._open(poll)
            try:
                conn.request(method, path, body=payload, headers=self._headers(payload))
                response = conn.getresponse()
                return response, response.read()
            except (OSError, http.client.HTTPException) as exc:
                self.close()
                if poll and self.stop.is_set():
                    raise Cancelled from None
                closed = isinstance(exc, http.client.RemoteDisconnected | BrokenPipeError)
                if reused and attempt == 0 and closed:
                    self.tally.counts["reconnects"] += 1
                    continue
                raise
            finally:
                self.polling = False
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def cancel(self) -> None:
        """Cut a long-poll in flight (the run is over)."""
        with self.lock:
            sock = self.conn.sock if self.polling and self.conn is not None else None
            if sock is not None:
                with suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)

    # -- one timed call --------------------------------------------------------------------

    def call(self, kind: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """Time one API call; (status, JSON); -1 when the run ended; waits out 429/503."""
        if self.bearer and self.token is None and kind in ("create", "join"):
            body = {**(body or {}), "seat_token": True}  # the server issues a bot's token
        payload = None if body is None else json.dumps(body).encode()
        while True:
            start = time.perf_counter()
            try:
                status, data, retry = self._timed(method, path, payload, kind == "poll")
            except Cancelled:
                return -1, None
            ms = (time.perf_counter() - start) * 1000
            self.tally.samples.append((kind, status, ms))
            if status in (429, 503):
                self.error(kind, status, data)
                if self.stop.wait(min(retry, 30.0)):
                    return -1, None
                continue
            if status >= 400 or status == 0:
                if status == 409 and kind in ("move", "join"):
                    self.tally.counts["conflicts"] += 1
                    self.tally.conflicts.append((kind, str(data)[:200]))
                else:
                    self.error(kind, status, data)
            return status, data

    def _timed(
        self, method: str, path: str, payload: bytes | None, poll: bool
    ) -> tuple[int, Any, float]:
        """(status, JSON or message, Retry-After seconds); status 0 for a failed connection."""
        try:
            response, raw = self._exchange(method, path, payload, poll)
        except (OSError, http.client.HTTPException) as exc:
            return 0, f"{type(exc).__name__}: {exc}", 1.0
        self.last_used = time.monotonic()
        if response.will_close:
            self.close()
        cookie = response.getheader("Set-Cookie")
        if cookie and self.token is None:
            self.cookie = cookie.split(";", 1)[0]
        try:
            retry = float(response.getheader("Retry-After") or 1.0)
        except ValueError:
            retry = 1.0
        try:
            data = json.loads(raw) if raw else None
        except ValueError:
            data = raw[:200].decode(errors="replace")
        if isinstance(data, dict) and data.get("seat_token") and self.bearer:
            self.token = str(data["seat_token"])  # given once
        return response.status, data, retry

    def error(self, kind: str, status: int, data: Any) -> None:
        message = data.get("message", "") if isinstance(data, dict) else str(data or "")
        self.tally.errors.append((kind, status, message[:160]))

    # -- game steps ------------------------------------------------------------------------

    def pause(self, seconds: float) -> bool:
        """Wait like a person; True if the run ended meanwhile."""
        return self.stop.wait(seconds)

    def read(self, game_id: str) -> dict[str, Any] | None:
        status, data = self.call("state", "GET", f"/api/games/{game_id}")
        return data if status == 200 else None

    def create(self, params: dict[str, Any]) -> dict[str, Any] | None:
        status, data = self.call("create", "POST", "/api/games", params)
        if status == 201:
            return data  # type: ignore[no-any-return]
        self.pause(1.0)
        return None


def count_computer_moves(game: dict[str, Any], counted: int) -> int:
    """How many computer moves the game has at plies >= ``counted``."""
    computers = {s["seat"] for s in game["seats"] if s["kind"] == "computer"}
    return sum(1 for m in game["moves"][counted:] if m["player"] in computers)


def play_out(dev: Device, game: dict[str, Any], rng: random.Random, host: bool) -> None:
    """Play our turns (a person's pause, then a random legal move) and follow the game to its
    end, by long-polling; the host counts the computer's moves and finished games."""
    game_id = game["id"]
    counted = 0
    asked: float | None = None  # when our move left the computer to think
    while not dev.stop.is_set():
        if host:
            dev.tally.counts["computer_moves"] += count_computer_moves(game, counted)
            counted = len(game["moves"])
        if asked is not None and not game["thinking"]:
            dev.tally.replies.append((time.perf_counter() - asked) * 1000)
            asked = None
        if game["status"] == "over":
            dev.tally.counts["games_finished"] += host
            return
        if game["your_turn"]:
            if dev.pause(rng.uniform(*dev.think)):
                return
            body = {"pit": rng.choice(game["legal_moves"]), "version": game["version"]}
            status, data = dev.call("move", "POST", f"/api/games/{game_id}/moves", body)
            if status == 200:
                dev.tally.counts["moves"] += 1
                game = data
                asked = time.perf_counter() if game["thinking"] else None
                continue
        else:
            status, data = dev.call("poll", "GET", f"/api/games/{game_id}?since={game['version']}")
            if status == 200:
                game = data
                continue
        if status < 0 or (status != 409 and dev.pause(0.5)):
            return
        game = dev.read(game_id) or game  # a race (409) or an error: look again


Role = Callable[[Device, Slot, random.Random], None]


def host_games(params: dict[str, Any]) -> Role:
    """A device that starts games with ``params``, one after another, and plays (or watches)
    each to its end; the devices following its table open each one."""

    def host(dev: Device, slot: Slot, rng: random.Random) -> None:
        while not dev.stop.is_set():
            game = dev.create(params)
            if game is not None:
                slot.publish(game["id"])
                play_out(dev, game, rng, host=True)

    return host


def remote_guest(dev: Device, slot: Slot, rng: random.Random) -> None:
    """The friend's device: opens each link the host sends, takes the seat, plays."""
    last = None
    while (game_id := slot.next_after(last, dev.stop)) is not None:
        last = game_id
        game = dev.read(game_id)
        if game is not None and game["can_join"]:
            status, game = dev.call("join", "POST", f"/api/games/{game_id}/join", {})
            if status != 200:
                game = dev.read(game_id)
        if game is not None:
            play_out(dev, game, rng, host=False)


def spectator(dev: Device, slot: Slot, rng: random.Random) -> None:
    """Follows a table: opens each of its games and long-polls it to the end."""
    last = None
    while (game_id := slot.next_after(last, dev.stop)) is not None:
        last = game_id
        game = dev.read(game_id)
        if game is not None:
            play_out(dev, game, rng, host=False)


def roles(mix: Mix) -> list[tuple[int, str, Role, bool]]:
    """(game index, table name, role, Bearer token?) for every device, games in start order."""
    out: list[tuple[int, str, Role, bool]] = []
    index = 0
    person = host_games({"mode": "computer", "level": "easy", "first": "random"})
    pair_host = host_games({"mode": "remote", "first": "random"})  # sends the link to a friend
    for _ in range(mix.computer):
        out.append((index, f"c{index}", person, False))
        index += 1
    spectators = mix.remote_spectators
    for i in range(mix.remote):
        out += [(index, f"r{index}", pair_host, True), (index, f"r{index}", remote_guest, True)]
        if i % 5 == 0 and spectators:
            out.append((index, f"r{index}", spectator, False))
            spectators -= 1
        index += 1
    for i in range(mix.watch):
        levels = WATCH_LEVELS[i % len(WATCH_LEVELS)]  # computer vs computer, default pace
        out.append((index, f"w{index}", host_games({"mode": "watch", "levels": levels}), False))
        out += [(index, f"w{index}", spectator, False)] * (1 + i % 2)
        index += 1
    return out


# -- the server and CPU accounting ------------------------------------------------------------


def machine_busy() -> tuple[float, float]:
    """(busy, total) CPU seconds of the machine since boot, from /proc/stat."""
    values = [float(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    tick = os.sysconf("SC_CLK_TCK")
    total = sum(values[:8])
    return (total - values[3] - values[4]) / tick, total / tick


def own_cpu() -> float:
    """CPU seconds of this client: its process and its finished client processes."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime + children.ru_utime + children.ru_stime


# -- the run ----------------------------------------------------------------------------------


def drive(
    urls: list[str],
    mix: Mix,
    seconds: float,
    seed: int,
    ramp: float,
    parts: int = CLIENT_PROCESSES,
) -> list[Tally]:
    """Play with every device for ``seconds``: the games are shared out over ``parts`` client
    processes (a table's devices stay together), so that one client's interpreter lock does not
    add its own queueing to the latencies it measures.  Device n talks to ``urls[n % len]``.
    The devices' tallies."""
    start = time.time() + 1.0 + 0.2 * parts  # every process starts its devices from here
    parts = max(1, min(parts, mix.computer + mix.remote + mix.watch))
    if parts == 1:
        return drive_part(urls, mix, seconds, seed, ramp, 0, 1, start)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(parts, mp_context=context) as pool:
        jobs = [
            pool.submit(drive_part, urls, mix, seconds, seed, ramp, part, parts, start)
            for part in range(parts)
        ]
        return [tally for job in jobs for tally in job.result()]


def drive_part(
    urls: list[str],
    mix: Mix,
    seconds: float,
    seed: int,
    ramp: float,
    part: int,
    parts: int,
    at: float,
) -> list[Tally]:
    """This process's share of the devices (games ``index % parts == part``), started at the
    wall-clock time ``at`` (spread over ``ramp`` s), stopped ``seconds`` later."""
    places = []
    for url in urls:
        parts_url = urlsplit(url)
        host, port = parts_url.hostname or "127.0.0.1", parts_url.port or 80
        places.append((host, port, host.startswith("127.") or host == "localhost"))
    stop = threading.Event()
    slots: dict[str, Slot] = {}
    devices: list[Device] = []
    threads = []
    games = max(1, mix.computer + mix.remote + mix.watch)
    start = time.monotonic() + max(0.0, at - time.time())
    for n, (index, table, role, bearer) in enumerate(roles(mix)):
        if index % parts != part:
            continue
        host, port, local = places[n % len(places)]  # not local: this machine's one address
        dev = Device(host, port, address(n) if local else "", stop, bearer)
        dev.think = mix.think
        slot = slots.setdefault(table, Slot())
        rng = random.Random(seed * 100_003 + n)
        delay = ramp * index / games
        thread = threading.Thread(
            target=run_device, args=(dev, role, slot, rng, start + delay), daemon=True
        )
        devices.append(dev)
        threads.append(thread)
        thread.start()
    time.sleep(max(0.0, start + seconds - time.monotonic()))
    stop.set()
    for dev in devices:
        dev.cancel()
    deadline = time.monotonic() + TIMEOUT + 5
    for thread in threads:
        thread.join(max(0.1, deadline - time.monotonic()))
    return [dev.tally for dev in devices]


def run_device(dev: Device, role: Role, slot: Slot, rng: random.Random, at: float) -> None:
    try:
        if not dev.stop.wait(max(0.0, at - time.monotonic())):
            role(dev, slot, rng)
    except Exception as exc:  # a bug in the client: show it in the report, do not hang
        dev.error("client", 0, f"{type(exc).__name__}: {exc}")
    finally:
        with dev.lock:
            dev.close()


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile of sorted ``values``."""
    if not values:
        return None
    return values[max(0, math.ceil(q / 100 * len(values)) - 1)]


def latency(values: list[float], seconds: float, errors: int = 0) -> dict[str, Any]:
    ordered = sorted(values)
    return {
        "count": len(ordered),
        "errors": errors,
        "per_s": round(len(ordered) / seconds, 1),
        **{f"p{q}": _round(percentile(ordered, q)) for q in (50, 95, 99)},
        "max": _round(ordered[-1] if ordered else None),
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def summarize(tallies: list[Tally], seconds: float) -> dict[str, Any]:
    """The figures of a run: latencies by kind, throughput, errors, counts."""
    by_kind: dict[str, list[float]] = {kind: [] for kind in KINDS}
    errors: Counter[tuple[str, int]] = Counter()
    examples: dict[tuple[str, int], str] = {}
    counts: Counter[str] = Counter()
    replies: list[float] = []
    conflicts: Counter[str] = Counter()
    for tally in tallies:
        conflicts.update(kind for kind, _ in tally.conflicts)
        for kind, _, ms in tally.samples:
            by_kind.setdefault(kind, []).append(ms)
        for kind, status, message in tally.errors:
            errors[kind, status] += 1
            examples.setdefault((kind, status), message)
        counts.update(tally.counts)
        replies += tally.replies
    err_by_kind = Counter({kind: 0 for kind in by_kind})
    for (kind, _), n in errors.items():
        err_by_kind[kind] += n
    kinds = {k: latency(v, seconds, err_by_kind[k]) for k, v in by_kind.items()}
    no_wait = [ms for k in NO_WAIT for ms in by_kind[k]]
    total = sum(len(v) for v in by_kind.values())
    return {
        "kinds": kinds,
        "no_wait": latency(no_wait, seconds, sum(err_by_kind[k] for k in NO_WAIT)),
        "computer_reply": latency(replies, seconds),
        "throughput": {
            "requests_per_s": round(total / seconds, 1),
            "moves_per_s": round(counts["moves"] / seconds, 2),
            "computer_moves_per_s": round(counts["computer_moves"] / seconds, 2),
            "games_finished": counts["games_finished"],
        },
        "requests": total,
        "moves": counts["moves"],
        "computer_moves": counts["computer_moves"],
        "conflicts": counts["conflicts"],
        "conflicts_by_kind": dict(conflicts),
        "reconnects": counts["reconnects"],
        "error_count": sum(errors.values()),
        "errors": [
            {"kind": k, "status": s, "count": n, "example": examples[k, s]}
            for (k, s), n in sorted(errors.items())
        ],
    }


def run(
    games: int = 200,
    seconds: float = 60.0,
    url: str | None = None,
    root: Path = ROOT,
    seed: int = 1,
    ramp: float | None = None,
    server_log: Path | None = None,
    out: IO[str] | None = None,
    client_processes: int = CLIENT_PROCESSES,
    think: tuple[float, float] = THINK,
    attack: str | None = None,
    hosts: str | None = None,
    database_url: str | None = None,
) -> dict[str, Any]:
    """Run the benchmark, print its table to ``out`` (stdout) and return the figures; with
    ``attack``, while one address runs that attack (:mod:`tools.attacks`)."""
    out = out or sys.stdout
    mix = plan(games, think)
    ramp = min(5.0, seconds / 6) if ramp is None else ramp
    load_before = os.getloadavg()
    print(f"mix: {mix.describe()}", file=out, flush=True)
    with served_or_given(url, root, server_log, hosts, database_url) as server:
        print(
            f"server: {', '.join(server.urls)} ({server.settings}); {seconds:g} s, "
            f"ramp {ramp:.1f} s",
            file=out,
        )
        out.flush()
        cpu0, busy0, own0 = group_cpu(server.pgids), machine_busy(), own_cpu()
        begun = time.monotonic()
        attacker = start_attack(attack, server.url, seconds + 1.0 + 0.2 * client_processes)
        tallies = drive(server.urls, mix, seconds, seed, ramp, client_processes)
        elapsed = time.monotonic() - begun
        attacked = stop_attack(attacker, server.url)
        cpu1, busy1, own1 = group_cpu(server.pgids), machine_busy(), own_cpu()
    figures = summarize(tallies, seconds)
    if attacked is not None:
        figures["attack"] = attacked
    figures.update(
        date=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        machine=f"{cpu_model()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        url=server.url,
        urls=server.urls,
        server=server.settings,
        games=games,
        seconds=seconds,
        mix=asdict(mix) | {"devices": mix.devices},
        cpu=cpu_figures(
            cpu0, cpu1, busy0, busy1, own1 - own0, elapsed, bool(server.pgids), database_url
        ),
        load={"before": [round(x, 2) for x in load_before], "after": loadavg()},
    )
    figures["targets"] = targets(figures)
    report(figures, out)
    return figures


def start_attack(name: str | None, url: str, seconds: float) -> attacks.Attack | None:
    """Attack ``name`` on the server at ``url`` (loopback only) for ``seconds``, started."""
    if name is None:
        return None
    parts = urlsplit(url)
    host = parts.hostname or "127.0.0.1"
    if not host.startswith("127."):
        raise SystemExit("--attack runs against a server on this machine (127.x.x.x) only")
    return attacks.ATTACKS[name](host, parts.port or 80, seconds=seconds).start()


def stop_attack(attack: attacks.Attack | None, url: str) -> dict[str, Any] | None:
    """Stop the attack; what it did, and the seconds until /health answered after it."""
    if attack is None:
        return None
    report = attack.stop()
    parts = urlsplit(url)
    health = attacks.health_within(parts.hostname or "127.0.0.1", parts.port or 80, 30.0)
    return {
        "name": attack.name,
        "report": asdict(report),
        "line": report.line(),
        "health_after_s": None if math.isinf(health) else round(health, 2),
    }


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def loadavg() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


@contextmanager
def served_or_given(
    url: str | None,
    root: Path,
    log: Path | None,
    hosts: str | None = None,
    database_url: str | None = None,
) -> Iterator[Server]:
    """The running server(s) given (``url``, or ``hosts`` as URL,URL), else started here
    (``hosts`` as a count, default 1)."""
    if url is not None:
        yield Server([url.rstrip("/")], [], "a running server")
        return
    if hosts and not hosts.strip().isdigit():
        urls = [u.strip().rstrip("/") for u in hosts.split(",") if u.strip()]
        yield Server(urls, [], f"{len(urls)} running hosts")
        return
    with served(root, log, int(hosts or 1), database_url) as server:
        yield server


def cpu_figures(
    cpu0: dict[str, float],
    cpu1: dict[str, float],
    busy0: tuple[float, float],
    busy1: tuple[float, float],
    client: float,
    seconds: float,
    started: bool,
    database_url: str | None = None,
) -> dict[str, Any]:
    """CPU seconds in the window (``seconds`` of wall time, the drain included): the server's
    (web workers, search processes), this client's, and the whole machine's busy cores; with
    ``database_url``, every PostgreSQL process's on this machine (its server, if local)."""
    web = cpu1.get("server", 0.0) - cpu0.get("server", 0.0)
    search = cpu1.get("search", 0.0) - cpu0.get("search", 0.0)
    database = cpu1.get("database", 0.0) - cpu0.get("database", 0.0)
    busy = busy1[0] - busy0[0]
    return {
        "server_s": round(web + search, 1) if started else None,
        "web_s": round(web, 1) if started else None,
        "search_s": round(search, 1) if started else None,
        "database_s": round(database, 1) if database_url else None,
        "client_s": round(client, 1),
        "wall_s": round(seconds, 1),
        "machine_busy_cores": round(busy / seconds, 2),
        "cores": os.cpu_count(),
    }


def web_own_cpu(pgids: list[int]) -> float:
    """CPU seconds so far of the servers' own web processes (gunicorn's master and workers),
    without their reaped children: a search process that ended (stopped, replaced) is added
    by the kernel to its worker's children's time, which made the web share of a run swing
    with the searches (the group's figures, :func:`tools.servers.group_cpu`, keep it)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmd = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[2]) in pgids and b"multiprocessing" not in cmd and fields[0] != "Z":
            total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime: its own
    return total


def targets(figures: dict[str, Any]) -> dict[str, Any]:
    p95 = figures["no_wait"]["p95"]
    return {
        "zero_errors": figures["error_count"] == 0,
        "p95_no_wait_ms": p95,
        "p95_under_50ms": p95 is not None and p95 < TARGET_P95_MS,
    }


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.1f}"


def report(f: dict[str, Any], out: IO[str]) -> None:
    """The table of a run."""
    line = f"{'kind':<24}{'requests':>9}{'errors':>7}{'req/s':>8}"
    line += "".join(f"{h:>10}" for h in ("p50 ms", "p95 ms", "p99 ms", "max ms"))
    print(f"\n{f['date']}, {f['machine']}; load average before {f['load']['before']}", file=out)
    print(line, file=out)
    rows = [(k, f["kinds"][k]) for k in KINDS] + [("no-wait (target)", f["no_wait"])]
    rows.append(("computer reply (derived)", f["computer_reply"]))
    for name, row in rows:
        text = f"{name:<24}{row['count']:>9,}{row['errors']:>7}{row['per_s']:>8,.1f}"
        text += "".join(f"{_ms(row[k]):>10}" for k in ("p50", "p95", "p99", "max"))
        print(text, file=out)
    t, c = f["throughput"], f["cpu"]
    print(
        f"\nthroughput: {t['requests_per_s']:,} requests/s, {t['moves_per_s']} moves/s by people, "
        f"{t['computer_moves_per_s']} computer moves/s ({f['computer_moves']} searches), "
        f"{t['games_finished']} games finished; {f['conflicts']} intended 409s "
        f"{f['conflicts_by_kind'] or ''} (a move racing the friend's join or the computer), "
        f"{f['reconnects']} keep-alive reconnects",
        file=out,
    )
    server = (
        ""
        if c["server_s"] is None
        else (f"server {c['server_s']} s (web workers {c['web_s']}, searches {c['search_s']}), ")
    )
    if c.get("database_s"):
        server += f"PostgreSQL {c['database_s']} s, "
    print(
        f"CPU in {c['wall_s']:g} s: {server}this client {c['client_s']} s; machine busy "
        f"{c['machine_busy_cores']} of {c['cores']} cores; load average after {f['load']['after']}",
        file=out,
    )
    print(f"errors: {f['error_count']}", file=out)
    for e in f["errors"]:
        print(f"  {e['kind']} {e['status']}: {e['count']} (e.g. {e['example']})", file=out)
    if "attack" in f:
        a = f["attack"]
        health = a["health_after_s"]
        print(
            f"under attack from one address ({attacks.ATTACKER}): {a['line']}; every other "
            f"device's no-wait p95 {_ms(f['no_wait']['p95'])} ms (target < 1,000 ms: "
            f"{'met' if (f['no_wait']['p95'] or 0) < 1000 else 'NOT met'}); /health answered "
            f"{'not within 30' if health is None else health} s after it",
            file=out,
        )
    g = f["targets"]
    print(
        f"targets: 0 errors: {'met' if g['zero_errors'] else 'NOT met'}; p95 of requests that "
        f"do not wait < {TARGET_P95_MS:g} ms: {_ms(g['p95_no_wait_ms'])} ms, "
        f"{'met' if g['p95_under_50ms'] else 'NOT met'}",
        file=out,
        flush=True,
    )


def tournament(args: argparse.Namespace) -> dict[str, Any]:
    """The tournament mode (:mod:`tools.tournamentbench`), with the machine's load and CPU."""
    from tools import tournamentbench

    seconds = args.seconds or 300.0
    with served_or_given(args.url, args.root, args.server_log) as server:
        cpu0, busy0, load0 = group_cpu(server.pgids), machine_busy(), loadavg()
        own0 = web_own_cpu(server.pgids)
        start = time.monotonic()
        figures = tournamentbench.run(server.url, args.players, args.computers, seconds, args.seed)
        wall = time.monotonic() - start
        own = web_own_cpu(server.pgids) - own0
        cpu = cpu_figures(
            cpu0,
            group_cpu(server.pgids),
            busy0,
            machine_busy(),
            own_cpu(),
            wall,
            bool(server.pgids),
        )
        requests = sum(int(k["requests"]) for k in figures["kinds"].values())
        if cpu["web_s"] is not None and requests:
            # every request the web workers answered, long-polls included: the room's cost,
            # of the web processes' own CPU (a search process that ended is not in it)
            cpu["web_own_s"] = round(own, 1)
            cpu["web_ms_per_request"] = round(1000.0 * own / requests, 2)
            cpu["web_with_ended_searches_ms_per_request"] = round(
                1000.0 * cpu["web_s"] / requests, 2
            )
        figures["cpu"] = cpu
        figures["load"] = (
            f"{cpu_model()}, {os.cpu_count()} cores; load average {load0} before, {loadavg()} "
            f"after; server CPU {cpu['server_s']} s (web {cpu['web_s']}, search "
            f"{cpu['search_s']}), client {cpu['client_s']} s, machine busy "
            f"{cpu['machine_busy_cores']} cores over {cpu['wall_s']} s; web CPU "
            f"{cpu.get('web_ms_per_request', '-')} ms a request (the web processes' own "
            f"{cpu.get('web_own_s', '-')} s; with the ended searches their workers reaped "
            f"{cpu.get('web_with_ended_searches_ms_per_request', '-')} ms; {requests} requests, "
            f"long-polls included); {server.settings}"
        )
    tournamentbench.report(figures, sys.stdout)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument(
        "--seconds", type=float, help="how long to play (default 60; a tournament: 300)"
    )
    parser.add_argument(
        "--tournament",
        action="store_true",
        help="an arena instead of single games: --players (8 of them --computers) for --seconds",
    )
    parser.add_argument("--players", type=int, default=32, help="tournament mode: players")
    parser.add_argument("--computers", type=int, default=8, help="tournament mode: computers")
    parser.add_argument("--url", help="use this running server instead of starting one")
    parser.add_argument(
        "--hosts",
        help="N: start N app hosts (on --database-url); URL,URL: use these running hosts. "
        "Device n talks to host n mod N",
    )
    parser.add_argument(
        "--database-url",
        default=os.environ.get("MANCALA_DATABASE_URL"),
        help="the PostgreSQL database of the hosts started here (default: SQLite, one host)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve")
    parser.add_argument("--server-log", type=Path, help="keep the server's output here")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ramp", type=float, help="seconds over which games start (<= 5)")
    parser.add_argument(
        "--client-processes", type=int, default=CLIENT_PROCESSES, help="client processes"
    )
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=THINK,
        metavar=("LO", "HI"),
        help=f"a person's pause before a move, seconds (default {THINK[0]:g} {THINK[1]:g})",
    )
    parser.add_argument(
        "--attack",
        choices=sorted(attacks.ATTACKS),
        help="one more address runs this connection attack the whole time (tools/attacks.py)",
    )
    args = parser.parse_args(argv)
    if args.tournament:
        figures = tournament(args)
        if args.json:
            args.json.write_text(json.dumps(figures, indent=2) + "\n")
        return 0
    figures = run(
        args.games,
        args.seconds or 60.0,
        args.url,
        args.root,
        args.seed,
        args.ramp,
        args.server_log,
        client_processes=args.client_processes,
        think=tuple(args.think),
        attack=args.attack,
        hosts=args.hosts,
        database_url=args.database_url,
    )
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
