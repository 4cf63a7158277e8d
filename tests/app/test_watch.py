"""The long-poll watcher wakes exactly the requests whose game changed, from any writer."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from app.store import Store
from app.store.sqlite import SQLiteWatcher


def waiting(watcher: SQLiteWatcher, game_id: str, seen: int, timeout: float) -> dict:
    out: dict = {}

    def run() -> None:
        start = time.monotonic()
        out["version"] = watcher.wait(game_id, seen, timeout)
        out["took"] = time.monotonic() - start

    thread = threading.Thread(target=run)
    thread.start()
    out["thread"] = thread
    return out


def test_a_write_wakes_only_the_waiters_of_that_game(tmp_path: Path) -> None:
    path = str(tmp_path / "db.sqlite3")
    store = Store(path)
    for name in ("a", "b"):
        store.create(name, {"n": 0}, [])
    watcher = SQLiteWatcher(store)
    on_a = [waiting(watcher, "a", 1, 5.0) for _ in range(3)]
    on_b = waiting(watcher, "b", 1, 1.0)
    time.sleep(0.2)
    Store(path).save("a", 1, {"n": 1})  # another connection, as another server worker would
    for w in on_a:
        w["thread"].join()
        assert w["version"] == 2 and w["took"] < 1.0
    on_b["thread"].join()
    assert on_b["version"] == 1 and on_b["took"] >= 0.9


def test_a_stale_view_returns_at_once_and_a_missing_game_gives_minus_one(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "db.sqlite3"))
    store.create("a", {"n": 0}, [])
    store.save("a", 1, {"n": 1})
    watcher = SQLiteWatcher(store)
    started = time.monotonic()
    assert watcher.wait("a", 1, 5.0) == 2
    assert watcher.wait("nothing", 3, 5.0) == -1
    assert time.monotonic() - started < 1.0
