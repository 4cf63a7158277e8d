"""How long the home page takes with a large store: ``python -m tools.homebench``.

Fills a fresh instance folder with ``--games`` stored games of ``--kb`` KiB each (as the issue's
flood did: local games whose settings carried a huge field), plus ``--invites`` open invites,
then times ``GET /`` (the menu, "your games" and the open games) in the app, in one process.
Run it from a checkout to measure that checkout (the current directory's ``app`` is used).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))  # measure the checkout it is run from


def fill(path: str, games: int, kb: int, invites: int) -> None:
    """Insert the games straight into the store (the app made its schema)."""
    pad = "A" * (kb * 1024)
    now = time.time()
    local = {
        "variant": "kalah",
        "options": {},
        "first_player": 0,
        "moves": [0, 1, 2],
        "mode": "local",
        "seats": [{"kind": "human", "owner": "x" * 64}] * 2,
        "decisions": {},
        "resigned": None,
        "paused": False,
        "delay": 0.0,
        "last_move_at": now,
        "settings": {"mode": "local", "levels": pad},
    }
    remote = dict(local, mode="remote", moves=[], settings={"mode": "remote"})
    remote["seats"] = [{"kind": "human", "owner": "y" * 64}, {"kind": "human", "owner": None}]
    with sqlite3.connect(path) as db:
        rows = [(f"l{i:07d}", json.dumps(local), now - i, now - i) for i in range(games)]
        rows += [(f"r{i:07d}", json.dumps(remote), now - i, now - i) for i in range(invites)]
        db.executemany(
            "INSERT INTO games (id, version, data, created, updated) VALUES (?, 1, ?, ?, ?)", rows
        )
        db.execute("PRAGMA user_version = 0")  # as a store from before: migrated on start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--kb", type=int, default=250, help="KiB of each flooded game")
    parser.add_argument("--invites", type=int, default=50)
    parser.add_argument("--requests", type=int, default=30)
    args = parser.parse_args(argv)
    from app import create_app

    with tempfile.TemporaryDirectory() as folder:
        config = {"TESTING": True, "INSTANCE_PATH": folder, "AI_EXECUTOR": "thread"}
        app = create_app(dict(config))
        path = app.config["DATABASE"]
        app.extensions["mancala_computer"].shutdown()
        empty = time_home(app, args.requests)
        fill(path, args.games, args.kb, args.invites)
        started = time.perf_counter()
        app = create_app(dict(config))  # a restart: a new store migrates here
        start_s = time.perf_counter() - started
        full = time_home(app, args.requests)
        app.extensions["mancala_computer"].shutdown()
        wal = Path(path + "-wal")
        size = Path(path).stat().st_size + (wal.stat().st_size if wal.exists() else 0)
    print(
        f"store: {args.games} games of {args.kb} KiB + {args.invites} open invites "
        f"({size / 2**20:.0f} MiB); start (migration) {start_s:.2f} s"
    )
    print(f"GET / empty store:  median {empty[0]:.1f} ms, max {empty[1]:.1f} ms")
    print(f"GET / large store:  median {full[0]:.1f} ms, max {full[1]:.1f} ms")
    return 0


def time_home(app: object, n: int) -> tuple[float, float]:
    client = app.test_client()  # type: ignore[attr-defined]
    times = []
    for _ in range(n):
        started = time.perf_counter()
        assert client.get("/").status_code == 200
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), max(times)


if __name__ == "__main__":
    sys.exit(main())
