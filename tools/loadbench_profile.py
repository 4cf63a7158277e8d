"""The web CPU per request of the loadbench's tournament mix, measured in process: old code
beside new in one run, and where the new code spends it.

    python -m tools.loadbench_profile                       # 64 players (16 computers), new only
    python -m tools.loadbench_profile --old 23522cc         # and the code of that commit
    python -m tools.loadbench_profile --profile 30          # cProfile: the new code's top 30,
                                                            # inside the app's WSGI calls
    python -m tools.loadbench_profile --old 23522cc --new HEAD --rounds 2

Each code is run in a child process of its own (the new one from this checkout, or with
``--new`` from a commit as the old one is: a ``git worktree`` of the commit, made under the
system's temporary folder and removed after, with the checkout's built native core copied
in): the app on a fresh instance, an arena as ``tools.tournamentbench`` makes
it (Kalah 4×3, a 1+1 clock, the computers at Beginner), and each person a test client of its own
(its loopback address, its seat token) taking turns in one thread: it reads the standings and
the lobby every third step, as its pages do every 3 s, follows the tournament (a long-poll) when
it has no game, else reads its game, moves when it is its turn and follows the opponent (a
game's long-poll) when not.  A long-poll is sent with the version its page holds and lasts 20
ms at most here, so the waits cost their wake-ups, not their time.

The figure is the main thread's CPU (``time.thread_time``) around each request divided by the
requests, per kind and over the whole mix, so the computers' searches (threads of their own)
and the load of other work on the machine stay out of it.  What a server adds per request
(gunicorn's parsing, its access log) is not in it; the test client's own work is (building
the request, reading the answer), and its decoding of the answer's JSON is also counted apart
(``decode_ms``): the last line gives new against old by kind with and without it.  The app's
own CPU (``app_ms``: the main thread's inside the app's WSGI call, from the request's environ to
its answer's body, the test client's building and reading of requests left out) is measured
too, and its ratio printed last: the closest figure to a server's work per request.  The runs
alternate old and new (``--rounds``) so that a change of the machine's load falls on both.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
REFRESH_STEPS = 3  # a person reads the standings and the lobby every third step
KINDS = ("standings", "lobby", "wait-tournament", "state", "move", "wait-game")


class Person:
    """One device of the arena: its test client, seat token and what its pages hold."""

    def __init__(self, app: Any, n: int) -> None:
        self.client = app.test_client()
        self.client.environ_base["REMOTE_ADDR"] = f"127.0.2.{n + 1}"
        self.headers: dict[str, str] = {"Accept": "application/json"}
        self.since: int | None = None  # the tournament version its page holds
        self.game: dict[str, Any] | None = None
        self.steps = 0
        self.decoded = 0.0  # CPU seconds this client spent decoding answers

    def call(self, method: str, path: str, body: object = None) -> tuple[int, Any]:
        answer = self.client.open(path, method=method, json=body, headers=self.headers)
        start = time.thread_time()
        data = answer.get_json(silent=True)  # the client's work: counted apart (``decoded``)
        self.decoded += time.thread_time() - start
        answer.close()
        return answer.status_code, data


def arena(app: Any, players: int, computers: int) -> tuple[list[Person], str]:
    """The people and the started arena's id (as tools.tournamentbench makes them)."""
    people = [Person(app, n) for n in range(players - computers)]
    for p in people:
        status, game = p.call("POST", "/api/games", {"mode": "remote", "seat_token": True})
        assert status == 201, game
        p.headers["Authorization"] = f"Bearer {game['seat_token']}"
    director = people[0]
    body = {
        "name": "Load arena",
        "system": "arena",
        "minutes": 60,
        "variant": "kalah",
        "options": {"pits": 4, "seeds": 3},
        "clock": {"minutes": 1, "increment": 1},
        "you": "Player 1",
        "rated": True,
    }
    status, t = director.call("POST", "/api/tournaments", body)
    assert status == 201, t
    for n, p in enumerate(people[1:], 2):
        status, joined = p.call("POST", f"/api/tournaments/{t['id']}/join", {"name": f"P {n}"})
        assert status == 200, joined
    for _ in range(computers):
        status, added = director.call(
            "POST", f"/api/tournaments/{t['id']}/computer", {"level": "beginner"}
        )
        assert status in (200, 201), added
    status, started = director.call("POST", f"/api/tournaments/{t['id']}/start", {})
    assert status == 200, started
    return people, str(t["id"])


def step(p: Person, tid: str, timed: Any) -> None:
    """One step of a person's pages (see the module docstring)."""
    p.steps += 1
    if p.steps % REFRESH_STEPS == 1:
        timed("standings", p, "GET", f"/api/tournaments/{tid}")
        timed("lobby", p, "GET", "/api/lobby")
    game = p.game
    if game is None or game.get("status") != "playing":
        p.game = None
        kind, path = "wait-tournament", f"/api/tournaments/{tid}"
        if p.since is None:
            kind = "standings"
        else:
            path += f"?since={p.since}"
        status, t = timed(kind, p, "GET", path)
        if status == 200 and t:
            p.since = t["version"]
            if t.get("your_game"):
                status, p.game = timed("state", p, "GET", f"/api/games/{t['your_game']}")
        return
    gid = game["id"]
    if game.get("your_turn") and game.get("legal_moves"):
        body = {"pit": game["legal_moves"][p.steps % len(game["legal_moves"])]}
        status, moved = timed(
            "move", p, "POST", f"/api/games/{gid}/moves", body | {"version": game["version"]}
        )
        if status == 200:
            p.game = moved
            return
        status, p.game = timed("state", p, "GET", f"/api/games/{gid}")
        return
    status, seen = timed("wait-game", p, "GET", f"/api/games/{gid}?since={game['version']}")
    if status == 200:
        p.game = seen


def child(args: argparse.Namespace) -> dict[str, Any]:
    """Run the mix on the code at ``args.root`` (this process imports the app from there)."""
    sys.path.insert(0, str(args.root))
    os.chdir(args.root)
    from app import create_app

    instance = tempfile.mkdtemp(prefix="mancala-profile-")
    app = create_app(
        {"INSTANCE_PATH": instance, "AI_EXECUTOR": "thread", "LONG_POLL_SECONDS": 0.02}
    )
    cpu: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    errors: dict[str, int] = defaultdict(int)

    decoded: dict[str, float] = defaultdict(float)
    served: dict[str, float] = defaultdict(float)  # CPU inside the app's WSGI call, per kind
    inside = [0.0]
    profiling = [False]  # the cProfile (if asked) runs inside the app's calls of the mix
    wsgi = app.wsgi_app
    profiler: Any = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile(time.thread_time)  # CPU, not the waits

    def counted(environ: Any, start_response: Any) -> Any:
        start = time.thread_time()
        if profiler is not None and profiling[0]:
            profiler.enable()  # the app's own work only, not the test client's
        try:
            return wsgi(environ, start_response)
        finally:
            if profiler is not None and profiling[0]:
                profiler.disable()
            inside[0] += time.thread_time() - start

    app.wsgi_app = counted  # type: ignore[method-assign]

    def timed(kind: str, p: Person, method: str, path: str, body: object = None) -> Any:
        start, before, was = time.thread_time(), p.decoded, inside[0]
        status, data = p.call(method, path, body)
        cpu[kind] += time.thread_time() - start
        decoded[kind] += p.decoded - before
        served[kind] += inside[0] - was
        counts[kind] += 1
        if status >= 400 and status != 409:
            errors[f"{kind} {status}"] += 1
        return status, data

    try:
        people, tid = arena(app, args.players, args.computers)
        profiling[0] = True
        wall = time.monotonic()
        for _ in range(args.steps):
            for p in people:
                step(p, tid, timed)
        wall = time.monotonic() - wall
        profiling[0] = False
        if profiler is not None:
            import io
            import pstats

            out = io.StringIO()
            stats = pstats.Stats(profiler, stream=out).sort_stats("tottime")
            stats.print_stats(args.profile)
            stats.sort_stats("cumulative").print_stats(args.profile)
            sys.stderr.write(out.getvalue())
            if args.profile_file:
                profiler.dump_stats(args.profile_file)
    finally:
        app.extensions["mancala_computer"].shutdown()
        shutil.rmtree(instance, ignore_errors=True)
    requests = sum(counts.values())
    return {
        "requests": requests,
        "cpu_s": round(sum(cpu.values()), 3),
        "app_cpu_s": round(sum(served.values()), 3),
        "ms_per_request": round(1000 * sum(cpu.values()) / max(1, requests), 3),
        "kinds": {
            k: {
                "requests": counts[k],
                "ms": round(1000 * cpu[k] / max(1, counts[k]), 3),
                "decode_ms": round(1000 * decoded[k] / max(1, counts[k]), 3),
                "app_ms": round(1000 * served[k] / max(1, counts[k]), 3),
            }
            for k in KINDS
            if counts[k]
        },
        "errors": dict(errors),
        "wall_s": round(wall, 1),
    }


def worktree(commit: str) -> Path:
    """A worktree of ``commit`` with this checkout's built native core."""
    where = Path(tempfile.mkdtemp(prefix="mancala-old-")) / "tree"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(where), commit],
        check=True,
    )
    for built in (ROOT / "engine" / "native").glob("*.so"):
        shutil.copy2(built, where / "engine" / "native" / built.name)
    return where


def measure(root: Path, args: argparse.Namespace, profile: int = 0) -> dict[str, Any]:
    """One child run on the code at ``root``: its figures."""
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        "--root",
        str(root),
        "--players",
        str(args.players),
        "--computers",
        str(args.computers),
        "--steps",
        str(args.steps),
        "--profile",
        str(profile),
    ] + (["--profile-file", str(args.profile_file)] if args.profile_file and profile else [])
    done = subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def line(name: str, f: dict[str, Any]) -> str:
    kinds = ", ".join(
        f"{k} {v['ms']:.2f} ({v['requests']}; decoding {v.get('decode_ms', 0.0):.2f}; "
        f"in the app {v.get('app_ms', 0.0):.2f})"
        for k, v in f["kinds"].items()
    )
    return (
        f"{name}: {f['ms_per_request']:.3f} ms a request ({f['requests']} requests, "
        f"{f['cpu_s']} s CPU, {f['wall_s']} s wall; errors {f['errors'] or 0}); by kind, ms "
        f"(requests): {kinds}"
    )


def per_kind(
    runs: list[dict[str, Any]], kind: str, decode: bool, app: bool = False
) -> float | None:
    """The mean ms a request of ``kind`` over ``runs`` (without the answer's decoding by the
    test client unless ``decode``; only the app's own CPU if ``app``); None if no run has it."""
    cpu = n = 0.0
    for run in runs:
        found = run["kinds"].get(kind)
        if found:
            ms = found["ms"] - (0.0 if decode else found.get("decode_ms", 0.0))
            if app:
                ms = found.get("app_ms", 0.0)
            cpu += ms * found["requests"]
            n += found["requests"]
    return cpu / n if n else None


def ratios(new: list[dict[str, Any]], old: list[dict[str, Any]]) -> str:
    """New against old by kind, ms a request: as measured, and without the test client's
    decoding of the answer (the server's side only)."""
    parts = []
    for kind in KINDS:
        both = [(per_kind(new, kind, d), per_kind(old, kind, d)) for d in (True, False)]
        (a, b), (c, d) = both
        if a is None or b is None or c is None or d is None:
            continue
        parts.append(f"{kind} {a:.2f}/{b:.2f} = {a / b:.2f} (server side {c / d:.2f})")
    return "new / old by kind, ms a request: " + "; ".join(parts)


def app_ratios(new: list[dict[str, Any]], old: list[dict[str, Any]]) -> str:
    """New against old, the app's own CPU a request (inside its WSGI call): the mix and by
    kind."""
    now = sum(r.get("app_cpu_s", 0.0) for r in new) / sum(r["requests"] for r in new)
    was = sum(r.get("app_cpu_s", 0.0) for r in old) / sum(r["requests"] for r in old)
    parts = [f"the mix {1000 * now:.3f}/{1000 * was:.3f} = {now / was if was else 0.0:.2f}"]
    for kind in KINDS:
        a, b = per_kind(new, kind, False, app=True), per_kind(old, kind, False, app=True)
        if a is not None and b:
            parts.append(f"{kind} {a:.2f}/{b:.2f} = {a / b:.2f}")
    return "new / old in the app, ms a request: " + "; ".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--computers", type=int, default=16)
    parser.add_argument("--steps", type=int, default=40, help="steps of each person")
    parser.add_argument("--old", help="also measure the code of this commit (a worktree)")
    parser.add_argument("--new", help="the new code from this commit (default: the checkout)")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each code, alternated")
    parser.add_argument("--profile", type=int, default=0, help="print the new code's top N")
    parser.add_argument("--profile-file", type=Path, help="keep the profile (pstats) here")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args)))
        return 0
    old = worktree(args.old) if args.old else None
    new = worktree(args.new) if args.new else None
    runs: dict[str, list[dict[str, Any]]] = {"new": [], "old": []}
    try:
        for n in range(args.rounds):
            if old is not None:
                runs["old"].append(measure(old, args))
                print(line(f"old {args.old} #{n + 1}", runs["old"][-1]), flush=True)
            runs["new"].append(measure(new or ROOT, args, args.profile if n == 0 else 0))
            print(line(f"new #{n + 1}", runs["new"][-1]), flush=True)
    finally:
        for made in (old, new):
            if made is not None:
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(made)],
                    check=False,
                )
                shutil.rmtree(made.parent, ignore_errors=True)
    if runs["old"]:
        now = sum(r["cpu_s"] for r in runs["new"]) / sum(r["requests"] for r in runs["new"])
        was = sum(r["cpu_s"] for r in runs["old"]) / sum(r["requests"] for r in runs["old"])
        print(f"new / old, CPU a request: {now / was:.2f} ({1000 * now:.3f} / {1000 * was:.3f} ms)")
        print(ratios(runs["new"], runs["old"]))
        print(app_ratios(runs["new"], runs["old"]))
    if args.json:
        args.json.write_text(json.dumps(runs, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
