"""The computer shared fairly: what one device's heavy use does to another device's Easy game.

    python -m tools.computerbench                      # every row, 20 s each, on its own server
    python -m tools.computerbench --rows lab,hints --seconds 10
    python -m tools.computerbench --rows memory,big    # the rule-set flood and the 8x8 boards
    python -m tools.computerbench --memory             # everything at once: the PSS growth
    python -m tools.computerbench --strength           # what the memory budget costs in play

It starts ``python -m app.web.serve`` as ``make run`` does (a fresh instance, the default workers
and search processes), then for each row one or more *heavy* devices (addresses 127.66.x.y) do what
the row says while the *victim* (127.77.0.1) plays Easy against the computer, posting each move
with ``wait`` and timing the answer (its own move and the computer's reply).  It prints the
victim's p50/p95 reply for each row beside the baseline (the victim alone, measured first).

Rows (:data:`ROWS`), as the issue that reported them did it:

``lab``       one device plays lab matches Perfect vs Perfect in Toguz Kumalak, game after game
``perfect8``  one device plays 8 games against Perfect at once
``watch``     3 devices each run 3 watch games Perfect vs Perfect
``hints``     4 tabs of one device ask for Perfect hints, again and again
``board``     8 tabs of one device ask for the values of Kalah 8x2 positions
``board3``    the same from 3 devices
``memory``    one device asks for the values of every Kalah rule set (pits 3-8, seeds 1-8,
              three capture rules): prints the servers' memory (PSS of every process) growth
``big``       Perfect moves first on Kalah 6x8 and 8x8: prints the first move's time
``exact``     with ``--tables`` (the host's large table): one device analyses a 60-move Kalah
              6x4 game again and again (its early positions are solves of 10-20 s), another
              asks the values of its positions 4-8 from 4 tabs
``oware``     no device: the Oware endgame table's background build runs, the app's own
              (``app.computer.tables.build``: niceness 19, idle class) as on a fresh host, the
              12-seed table then the host's largest, in a folder of its own (``--oware-from``: a
              folder whose Oware table it starts from, to measure its large layers); run it with
              ``MANCALA_AI_BUILD_TABLES=false`` so the baseline has no build of the server's

``--memory`` (issue 32): a Toguz Kumalak lab match, 8 Perfect games, Perfect hints from 4 tabs
and Kalah 8x2 board values from 8 tabs, all at once for ``--seconds`` (default 50) while the
victim plays Easy: the server's PSS (every process of its group, from /proc/<pid>/smaps_rollup)
before, at its peak (sampled every second) and after, split into the gunicorn processes and
their search processes (table builds included), and the victim's p95.  ``--budget MB`` sets
``MANCALA_AI_MEMORY_MEGABYTES`` for the server (``none``: no budget, as before it).

``--strength``: Perfect's moves on Kalah 6x4 (a people process's sizes) and on Toguz Kumalak (a
background process's, as the lab runs it) with the default budget's table sizes and without
them, each in a fresh process: the depth and nodes reached at the level's fixed time, and
whether the move is the same.

Standard library only.  Loopback servers only (the devices' addresses are 127.x.y.z).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.cli.exactbench import GAME as FIXED_GAME
from tools.attacks import request
from tools.loadbench import percentile
from tools.servers import group_pids, proc_table, served

ROOT = Path(__file__).resolve().parents[1]
VICTIM = "127.77.0.1"
TARGET = 1.0  # seconds: every row's Easy p95 must stay under it
MEMORY_TARGET = 400  # MB of growth for the rule-set flood
BIG_TARGET = 15.0  # seconds for Perfect's first move on 6x8 and 8x8
PACE = 1.0  # seconds between the victim's moves (the computer's moves are limited to 1 a second)


class Bench:
    """The server's address and the heavy devices' stop signal."""

    def __init__(self, url: str, pgid: int) -> None:
        host, _, port = url.removeprefix("http://").partition(":")
        self.host, self.port, self.pgid = host, int(port), pgid
        self.stop = threading.Event()

        self.tokens: dict[str, str] = {}  # each device's seat token (a bot's, for its seats)

    def call(
        self, source: str, method: str, path: str, body: Any = None, timeout: float = 120.0
    ) -> tuple[int, Any]:
        """One request from device ``source``, holding its seats by its token."""
        if method == "POST" and path == "/api/games" and source not in self.tokens:
            body = {**body, "seat_token": True}
        try:
            status, answer = request(
                self.host, self.port, method, path, body, source, timeout, self.tokens.get(source)
            )
        except OSError as exc:
            return 0, str(exc)
        if isinstance(answer, dict) and answer.get("seat_token"):
            self.tokens[source] = answer["seat_token"]
        return status, answer

    def until_stopped(self, source: str, step: Callable[[str], None]) -> threading.Thread:
        """A heavy device (thread) doing ``step`` again and again until the row ends."""

        def loop() -> None:
            while not self.stop.is_set():
                step(source)

        thread = threading.Thread(target=loop, daemon=True)
        thread.start()
        return thread


# -- the victim ---------------------------------------------------------------------------------


def easy_replies(bench: Bench, seconds: float, source: str = VICTIM) -> list[float]:
    """Play Easy games for ``seconds`` at a person's pace (a move a second, within the rate
    limit of the computer's moves); each move's answer time, the computer's reply included.
    A refusal (429/503) counts as its wait until the move goes through."""
    times: list[float] = []
    end = time.monotonic() + seconds
    game: dict[str, Any] | None = None
    while time.monotonic() < end:
        if game is None or game.get("status") == "over" or not game.get("legal_moves"):
            status, game = bench.call(source, "POST", "/api/games", {"level": "easy"})
            if status != 201:
                time.sleep(1.0)
                game = None
                continue
        assert game is not None
        body = {"pit": game["legal_moves"][0], "version": game["version"], "wait": True}
        path = f"/api/games/{game['id']}/moves"
        started = time.monotonic()
        status, answer = bench.call(source, "POST", path, body)
        while status in (429, 503) and time.monotonic() - started < 30:
            time.sleep(float(answer.get("retry_after", 1)) if isinstance(answer, dict) else 1.0)
            status, answer = bench.call(source, "POST", path, body)
        times.append(time.monotonic() - started)
        if status == 200 and isinstance(answer, dict):
            game = answer
            while game.get("thinking") and time.monotonic() - started < 60:  # a late reply
                path = f"/api/games/{game['id']}?since={game['version']}"
                status, game = bench.call(source, "GET", path)
                if not isinstance(game, dict):
                    game = {}
            times[-1] = time.monotonic() - started
        else:
            print(f"  the victim's move: {status} {answer}")
            game = None
        time.sleep(PACE)
    return times


# -- the heavy devices --------------------------------------------------------------------------


def heavy(n: int, tab: int = 0) -> str:
    return f"127.66.{n}.{1 + tab}"


def lab_games(bench: Bench) -> list[threading.Thread]:
    body = {"variant": "toguz_kumalak", "a": "perfect", "b": "perfect", "games": 1, "game": 0}

    def step(source: str) -> None:
        bench.call(source, "POST", "/api/lab/games", body, timeout=600)

    return [bench.until_stopped(heavy(1), step)]


def perfect_games(bench: Bench, games: int = 8) -> list[threading.Thread]:
    def step(source: str) -> None:
        status, game = bench.call(source, "POST", "/api/games", {"level": "perfect"})
        while status in (200, 201) and game.get("status") != "over" and not bench.stop.is_set():
            body = {"pit": game["legal_moves"][0], "version": game["version"], "wait": True}
            status, answer = bench.call(source, "POST", f"/api/games/{game['id']}/moves", body)
            if status == 200:
                game = answer
                if game.get("thinking"):
                    status, game = bench.call(
                        source, "GET", f"/api/games/{game['id']}?since={game['version']}"
                    )
            elif status in (429, 503):
                time.sleep(1)
                status, game = bench.call(source, "GET", f"/api/games/{game['id']}")
        if status not in (200, 201):
            time.sleep(1)

    return [bench.until_stopped(heavy(1), step) for _ in range(games)]


def watch_games(bench: Bench, devices: int = 3, games: int = 3) -> list[threading.Thread]:
    body = {"mode": "watch", "levels": ["perfect", "perfect"], "delay": 0}
    for n, _ in itertools.product(range(1, devices + 1), range(games)):
        bench.call(heavy(n), "POST", "/api/games", body)

    def step(source: str) -> None:  # the watch games play themselves; keep them going
        time.sleep(1)

    return [bench.until_stopped(heavy(1), step)]


def perfect_hints(bench: Bench, tabs: int = 4) -> list[threading.Thread]:
    source = heavy(1)
    status, game = bench.call(source, "POST", "/api/games", {"mode": "local", "hints": True})
    assert status == 201, game

    def step(source: str) -> None:
        path = f"/api/games/{game['id']}/hint"
        status, _ = bench.call(source, "POST", path, {"level": "perfect"})
        if status != 200:
            time.sleep(1)

    return [bench.until_stopped(source, step) for _ in range(tabs)]


def board_values(bench: Bench, devices: int = 1, tabs: int = 8) -> list[threading.Thread]:
    body = {"variant": "kalah", "options": {"pits": 8, "seeds": 2}, "values": True}

    def step(source: str) -> None:
        status, _ = bench.call(source, "POST", "/api/board", body)
        if status != 200:
            time.sleep(1)

    per_device = max(1, tabs // devices)
    return [
        bench.until_stopped(heavy(n), step)
        for n in range(1, devices + 1)
        for _ in range(per_device)
    ]


def exact_work(bench: Bench) -> list[threading.Thread]:
    """Long exact solves in the background lane: 6x4 analyses and board values (needs the
    large table in the server's tables folder)."""
    game_moves = [int(d) for d in FIXED_GAME]

    def analyse(source: str) -> None:
        status, game = bench.call(source, "POST", "/api/games", {"mode": "local"})
        if status != 201:
            time.sleep(1)
            return
        for pit in game_moves:
            body = {"pit": pit, "version": game["version"]}
            status, game = bench.call(source, "POST", f"/api/games/{game['id']}/moves", body)
            if status != 200:
                return
        url = f"/api/games/{game['id']}/analysis"
        bench.call(source, "POST", url)
        while not bench.stop.is_set():
            status, found = bench.call(source, "GET", url)
            if status != 200 or found.get("status") != "running":
                return
            time.sleep(1)

    plies = itertools.cycle(range(4, 9))

    def values(source: str) -> None:
        body = {"variant": "kalah", "moves": game_moves[: next(plies)], "values": True}
        status, _ = bench.call(source, "POST", "/api/board", body)
        if status != 200:
            time.sleep(1)

    return [bench.until_stopped(heavy(1), analyse)] + [
        bench.until_stopped(heavy(2, tab), values) for tab in range(4)
    ]


OWARE_FROM: list[Path] = []  # --oware-from: the Oware tables the oware row's build starts from
OWARE_BUILD = """
import sys
from app.computer import tables
for seeds in (tables.OWARE_FIRST_SEEDS, tables.oware_target(sys.argv[1])):
    tables.build("oware", {}, sys.argv[1], seeds)
"""


def oware_build(bench: Bench) -> list[threading.Thread]:
    """The Oware table's background build as the app runs it (niceness 19, the small table
    then the host's largest), in a folder of its own, stopped (and removed) when the row ends."""
    folder = Path(tempfile.mkdtemp(prefix="mancala-oware-build-"))
    for source in OWARE_FROM:
        for table in source.glob("oware-*.bin"):
            shutil.copyfile(table, folder / table.name)
    proc = subprocess.Popen(
        [sys.executable, "-c", OWARE_BUILD, str(folder)], cwd=ROOT, start_new_session=True
    )

    def watch() -> None:
        bench.stop.wait()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        print(f"  the build reached: {oware_reached(folder)}")
        shutil.rmtree(folder, ignore_errors=True)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    return [thread]


def oware_reached(folder: Path) -> str:
    """The tables a build left in ``folder``: each file's size, a part file's layers done."""
    said = []
    for path in sorted(folder.glob("oware-*.bin*")):
        if path.suffix == ".json" and not path.name.endswith(".part.json"):
            continue
        text = path.read_text().strip() if path.suffix == ".json" else ""
        said.append(f"{path.name} {text or f'{path.stat().st_size / 1e6:.0f} MB'}")
    return ", ".join(said) or "nothing yet"


ROWS: dict[str, tuple[str, Callable[[Bench], list[threading.Thread]]]] = {
    "lab": ("/lab, Perfect vs Perfect in Toguz Kumalak, game after game", lab_games),
    "perfect8": ("8 Perfect computer games at once", perfect_games),
    "watch": ("3 devices x 3 Perfect watch games", watch_games),
    "hints": ("Perfect hints from 4 tabs", perfect_hints),
    "board": ("POST /api/board values on Kalah 8x2, 8 tabs", board_values),
    "board3": (
        "POST /api/board values on Kalah 8x2, 3 devices",
        lambda bench: board_values(bench, devices=3, tabs=9),
    ),
    "exact": ("6x4 analyses and board values solved with the large table", exact_work),
    "oware": ("the Oware table's background build (idle class, nice 19)", oware_build),
}


# -- memory and the big boards -------------------------------------------------------------------


def pss_mb(pgid: int) -> float:
    """The proportional memory (MB) of every process of the server's group: shared pages (a
    memory-mapped table) counted once in all."""
    total = 0
    for pid in group_pids(pgid):
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def pss_split(pgid: int) -> tuple[float, float]:
    """PSS (MB) of the server's gunicorn processes and of their search processes (every
    process started by ``spawn``: searches and table builds)."""
    server = search = 0
    for pid, (_, _, role) in proc_table().items():
        if pid not in set(group_pids(pgid)):
            continue
        try:
            text = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        kb = sum(int(line.split()[1]) for line in text.splitlines() if line.startswith("Pss:"))
        if role == "search":
            search += kb
        else:
            server += kb
    return server / 1024, search / 1024


def everything(bench: Bench) -> list[threading.Thread]:
    """The issue's mix, all at once: a Toguz Kumalak lab match, 8 Perfect games, Perfect hints
    from 4 tabs and board values from 8 tabs."""
    return [
        *lab_games(bench),
        *perfect_games(bench),
        *perfect_hints(bench),
        *board_values(bench),
    ]


def memory_mix(bench: Bench, seconds: float) -> int:
    """Run :func:`everything` for ``seconds`` beside the victim's Easy game; print the PSS
    before, at its peak and after, and the victim's replies; 1 if it grew by 400 MB or more."""
    settled(bench, 120.0)  # the rule set's table; the large one's build goes on meanwhile
    time.sleep(2.0)
    before = pss_split(bench.pgid)
    bench.stop.clear()
    threads = everything(bench)
    samples: list[tuple[float, float]] = []
    times: list[float] = []
    victim = threading.Thread(target=lambda: times.extend(easy_replies(bench, seconds)))
    victim.start()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        samples.append(pss_split(bench.pgid))
        time.sleep(1.0)
    bench.stop.set()
    victim.join()
    after = pss_split(bench.pgid)
    for t in threads:
        t.join(timeout=1)
    peak = max(samples, key=sum, default=after)
    growth = sum(peak) - sum(before)
    ok = growth < MEMORY_TARGET
    print(f"{'everything at once':58} victim {stats(times)}")
    for name, shown in (("before", before), ("peak", peak), ("after", after)):
        print(
            f"  PSS {name:6} {sum(shown):6.0f} MB  (gunicorn {shown[0]:5.0f} MB, "
            f"searches and builds {shown[1]:5.0f} MB)"
        )
    print(
        f"  growth to the peak {growth:.0f} MB, at the end {sum(after) - sum(before):.0f} MB  "
        f"{'ok' if ok else 'OVER 400 MB'}"
    )
    status, health = bench.call(heavy(8), "GET", "/health")
    if status == 200 and isinstance(health, dict):
        computer = health.get("computer", {})
        print(f"  budget {computer.get('memory_budget')}")
        print(f"  replaced for memory: {computer.get('replaced_for_memory')}")
    return 0 if ok else 1


STRENGTH_PROBE = """
import json, sys, time
from app.computer import job, memory
from app.computer.lanes import slots
from engine import get_variant
variant, lane_name, capped, plies = sys.argv[1], sys.argv[2], sys.argv[3] == "1", int(sys.argv[4])
lanes = tuple(slots(1, 1, 2))
if capped:
    budget = memory.MemoryBudget(memory.DEFAULT_MEGABYTES * memory.MB, 2, lanes)
    memory.apply(budget.sizes(next(lane for lane in lanes if lane.name == lane_name)))
state, moves, out = get_variant(variant).initial_state(), [], []
for ply in range(plies):
    if state.is_over:
        break
    if ply % 2 == 0:
        d = job.think(variant, {}, 0, moves, "perfect", "minimax", 1)
        out.append({"ply": ply, "move": d["move"], "depth": d.get("depth"),
                    "nodes": d.get("nodes"), "exact": d.get("exact")})
        move = d["move"]
    else:
        move = state.legal_moves()[len(moves) % len(state.legal_moves())]
    moves.append(move)
    state = state.play(move)
print(json.dumps(out))
"""


def strength() -> int:
    """Perfect with and without the budget's table sizes, each in a fresh process."""
    for variant, lane, plies in (("kalah", "people", 16), ("toguz_kumalak", "background", 6)):
        found = {}
        for capped in (False, True):
            run = subprocess.run(
                [sys.executable, "-c", STRENGTH_PROBE, variant, lane, str(int(capped)), str(plies)],
                cwd=ROOT,
                capture_output=True,
                text=True,
                check=True,
            )
            found[capped] = json.loads(run.stdout.strip().splitlines()[-1])
        same = sum(a["move"] == b["move"] for a, b in zip(found[False], found[True], strict=False))
        print(f"Perfect on {variant} ({lane} process), {len(found[True])} moves:")
        for label, capped in (("no budget", False), ("budget", True)):
            moves = found[capped]
            depth = sum(m["depth"] or 0 for m in moves) / max(1, len(moves))
            nodes = sum(m["nodes"] or 0 for m in moves) / max(1, len(moves))
            exact = sum(bool(m["exact"]) for m in moves)
            print(
                f"  {label:10} mean depth {depth:5.1f}  mean nodes {nodes:10.0f}  "
                f"exact {exact}/{len(moves)}"
            )
        print(f"  the same move {same} of {len(found[True])} times")
    return 0


def settled(bench: Bench, timeout: float = 300.0) -> None:
    """Wait until the server builds no endgame table (it builds the default one at start)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        status, health = bench.call(heavy(8), "GET", "/health")
        tables = health.get("computer", {}).get("tables", {}) if isinstance(health, dict) else {}
        if status == 200 and not tables.get("building"):
            return
        time.sleep(1)


def rule_set_flood(bench: Bench) -> tuple[float, float, int]:
    """Values of the start position of every Kalah rule set, from 4 devices; the memory before
    (once the start's table builds are done) and after (MB), and the rule sets answered."""
    settled(bench)
    before = pss_mb(bench.pgid)
    sets = [
        {"pits": p, "seeds": s, **extra}
        for p in range(3, 9)
        for s in range(1, 9)
        for extra in ({}, {"empty_capture": True}, {"capture": False})
    ]
    answered = 0
    lock = threading.Lock()

    def worker(n: int) -> None:
        nonlocal answered
        for options in sets[n::4]:
            body = {"variant": "kalah", "options": options, "values": True}
            for _ in range(5):
                status, _ = bench.call(heavy(n + 1), "POST", "/api/board", body)
                if status == 200:
                    with lock:
                        answered += 1
                    break
                time.sleep(1)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    time.sleep(1)
    return before, pss_mb(bench.pgid), answered


def first_perfect_move(bench: Bench, pits: int, seeds: int) -> float | None:
    """Seconds from creating a game where Perfect moves first to its first move (None: none
    in 60 s)."""
    body = {"level": "perfect", "first": "computer", "options": {"pits": pits, "seeds": seeds}}
    started = time.monotonic()
    status, game = bench.call(heavy(9), "POST", "/api/games", body)
    if status != 201:
        print(f"  could not start Kalah {pits}x{seeds}: {status} {game}")
        return None
    while time.monotonic() - started < 60:
        if game.get("moves"):
            return time.monotonic() - started
        path = f"/api/games/{game['id']}?since={game['version']}"
        status, game = bench.call(heavy(9), "GET", path)
    return None


# -- the report ---------------------------------------------------------------------------------


def p(times: list[float], q: float) -> float | None:
    """The ``q``-th percentile of the times (None without any)."""
    return percentile(sorted(times), q)


def stats(times: list[float]) -> str:
    p50, p95 = p(times, 50), p(times, 95)
    if p50 is None or p95 is None:
        return "no replies"
    return f"p50 {p50 * 1000:6.0f} ms  p95 {p95 * 1000:6.0f} ms  ({len(times)} moves)"


def run(rows: list[str], seconds: float, tables: Path | None = None, mix: bool = False) -> int:
    failed = 0
    if "exact" in rows and tables is None:
        raise SystemExit("the exact row needs --tables (a folder with the large table)")
    with served(ROOT, None, tables=tables) as server:
        bench = Bench(server.url, server.pgids[0])
        budget = os.environ.get("MANCALA_AI_MEMORY_MEGABYTES", "the default")
        builds = os.environ.get("MANCALA_AI_BUILD_TABLES", "true")
        print(f"server: {server.settings}; memory budget {budget} MB; table builds {builds}")
        easy_replies(bench, 3.0)  # warm the victim's path
        if mix:
            return memory_mix(bench, seconds)
        print(f"every row {seconds:g} s; the victim plays Easy")
        base = easy_replies(bench, seconds)
        print(f"{'baseline (the victim alone)':58} {stats(base)}")
        for name in rows:
            if name in ROWS:
                title, start = ROWS[name]
                bench.stop.clear()
                threads = start(bench)
                time.sleep(2.0)  # the heavy work under way
                times = easy_replies(bench, seconds)
                bench.stop.set()
                p95 = p(times, 95)
                ok = p95 is not None and p95 < TARGET
                failed += not ok
                print(f"{title:58} {stats(times)}  {'ok' if ok else 'OVER 1 s'}")
                for t in threads:
                    t.join(timeout=1)
                time.sleep(2.0)
            elif name == "memory":
                before, after, answered = rule_set_flood(bench)
                ok = after - before < MEMORY_TARGET
                failed += not ok
                print(
                    f"{'rule-set flood (values of ' + str(answered) + ' Kalah rule sets)':58} "
                    f"server memory {before:.0f} -> {after:.0f} MB (PSS), "
                    f"growth {after - before:.0f} MB  {'ok' if ok else 'OVER 400 MB'}"
                )
            elif name == "big":
                for pits, seeds in ((6, 8), (8, 8)):
                    took = first_perfect_move(bench, pits, seeds)
                    ok = took is not None and took < BIG_TARGET
                    failed += not ok
                    shown = "no move in 60 s" if took is None else f"{took:.1f} s"
                    print(
                        f"{f'Perfect first move, Kalah {pits}x{seeds}':58} {shown}  "
                        f"{'ok' if ok else 'OVER 15 s'}"
                    )
            else:
                raise SystemExit(f"unknown row {name!r} (rows: {', '.join(ALL)})")
    return 1 if failed else 0


ALL = [*ROWS, "memory", "big"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rows", help=f"of {', '.join(ALL)} (default: all but oware, exact with --tables)"
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="the victim's time per row")
    parser.add_argument("--tables", type=Path, help="endgame tables to link into the instance")
    parser.add_argument("--oware-from", type=Path, help="the oware row's build starts from these")
    parser.add_argument("--memory", action="store_true", help="everything at once: PSS growth")
    parser.add_argument("--budget", help="MANCALA_AI_MEMORY_MEGABYTES for the server (or none)")
    parser.add_argument("--strength", action="store_true", help="what the budget costs in play")
    args = parser.parse_args(argv)
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    OWARE_FROM[:] = [args.oware_from] if args.oware_from is not None else []
    if args.strength:
        return strength()
    if args.budget is not None:
        budget = "null" if args.budget == "none" else str(int(args.budget))
        os.environ["MANCALA_AI_MEMORY_MEGABYTES"] = budget
    if args.memory:
        seconds = args.seconds if args.seconds != parser.get_default("seconds") else 50.0
        return run([], seconds, args.tables, mix=True)
    if args.rows:
        rows = [r for r in args.rows.split(",") if r]
    else:
        rows = [r for r in ALL if r not in ("exact", "oware") or r == "exact" and args.tables]
    return run(rows, args.seconds, args.tables)


if __name__ == "__main__":
    sys.exit(main())
