"""The game store's contract, run against both stores: SQLite (the default) and PostgreSQL
(a real server, see tests/pg.py).  Each test gets a fresh database; ``stores()`` opens another
store on it, as another server worker (SQLite) or another app host (PostgreSQL) would."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from app.store import CorruptGame, StaleVersion, Store
from app.store.base import GameStore

ROOT = Path(__file__).resolve().parents[2]
Stores = Callable[[], Any]


@pytest.fixture(params=["sqlite", "postgresql"])
def stores(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Stores]:
    """A maker of stores on one fresh database (each call: another process's store)."""
    made: list[Any] = []
    if request.param == "sqlite":
        path = str(tmp_path / "db.sqlite3")

        def make() -> Any:
            made.append(Store(path))
            return made[-1]
    else:
        from app.store.postgres import PostgresStore

        url = request.getfixturevalue("postgres_url")

        def make() -> Any:
            made.append(PostgresStore(url, pool_size=4))
            return made[-1]

    yield make
    for store in made:
        store.close()


@pytest.fixture
def store(stores: Stores) -> Any:
    return stores()


def raw(store: Any, sql: str, *args: Any) -> None:
    """One SQL statement straight on the store's database (``?`` marks), as an outsider."""
    if store.kind == "sqlite":
        with sqlite3.connect(store.path) as db:
            db.execute(sql, args)
    else:
        import psycopg

        with psycopg.connect(store.url, autocommit=True) as db:
            db.execute(sql.replace("?", "%s"), args)


def opener(store: Any) -> str:
    """Python source that opens the same store in another process."""
    if store.kind == "sqlite":
        return f"from app.store import Store; store = Store({store.path!r})"
    return f"from app.store.postgres import PostgresStore; store = PostgresStore({store.url!r})"


# -- games -----------------------------------------------------------------------------------


def test_a_game_is_saved_version_by_version_and_a_stale_write_is_refused(store: Any) -> None:
    row = store.create("g", {"n": 0, "mode": "local"}, [("alice", 0)])
    assert (row.id, row.version, row.data) == ("g", 1, {"n": 0, "mode": "local"})
    saved = store.save("g", 1, {"n": 1, "mode": "local"})
    assert saved.version == 2 and saved.created == row.created and saved.updated >= row.updated
    with pytest.raises(StaleVersion):
        store.save("g", 1, {"n": 2, "mode": "local"})
    loaded = store.load("g")
    assert (loaded.version, loaded.data) == (2, {"n": 1, "mode": "local"})
    assert loaded.created == pytest.approx(row.created)
    assert store.version("g") == 2
    assert store.load("nothing") is None and store.version("nothing") is None
    assert store.count() == 1


def test_stored_data_comes_back_exactly(store: Any) -> None:
    data = {"z": 1, "a": [1, 2.5, None, True], "nested": {"b": "é ✓", "a": {}}, "mode": "x"}
    store.create("g", data, [])
    loaded = store.load("g").data
    assert loaded == data and list(loaded) == list(data)  # key order kept too


def test_a_browser_s_games_are_listed_newest_first(stores: Stores) -> None:
    store, other = stores(), stores()
    store.create("a", {"mode": "remote"}, [("alice", 0), ("alice", 1)])
    store.create("b", {"mode": "remote"}, [("bob", 0)])
    store.create("c", {"mode": "local"}, [("alice", 0)])
    other.save("b", 1, {"mode": "remote"}, add_owner=("alice", 1))  # alice joins b
    time.sleep(0.01)
    other.save("a", 1, {"mode": "remote", "n": 1})
    assert [r.id for r in store.games_of("alice")] == ["a", "b", "c"]
    assert [r.id for r in store.games_of("alice", limit=2)] == ["a", "b"]
    assert [r.id for r in store.games_of("bob")] == ["b"]
    assert store.games_of("nobody") == []


def test_recent_games_of_a_mode_skip_a_damaged_one(store: Any) -> None:
    for name, mode in [("a", "remote"), ("b", "local"), ("c", "remote"), ("d", "remote")]:
        store.create(name, {"mode": mode}, [])
        time.sleep(0.01)
    raw(store, "UPDATE games SET data = ? WHERE id = ?", "[1, 2]", "c")  # JSON, not an object
    assert [r.id for r in store.recent("remote")] == ["d", "a"]
    assert [r.id for r in store.recent("remote", limit=1)] == ["d"]
    with pytest.raises(CorruptGame):
        store.load("c")


def test_a_game_changed_mode_is_listed_under_its_new_mode(store: Any) -> None:
    store.create("g", {"mode": "local"}, [])
    store.save("g", 1, {"mode": "remote"})
    assert [r.id for r in store.recent("remote")] == ["g"] and store.recent("local") == []


# -- the computer's claims ---------------------------------------------------------------------


def test_a_claim_is_taken_once_by_racing_processes(stores: Stores) -> None:
    many = [stores() for _ in range(4)]
    many[0].create("g", {"n": 0}, [])
    start = threading.Barrier(16)
    won: list[bool] = []

    def claim(store: Any) -> None:
        start.wait()
        won.append(store.claim_thinking("g", 1, stale_after=60))

    threads = [threading.Thread(target=claim, args=(many[i % 4],)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(won) == [False] * 15 + [True]
    assert not many[1].claim_thinking("g", 1, stale_after=60)
    assert not many[0].claim_thinking("g", 2, stale_after=60)  # no such version yet
    many[2].save("g", 1, {"n": 1})
    assert not many[3].claim_thinking("g", 1, stale_after=60)  # that version is gone
    assert many[3].claim_thinking("g", 2, stale_after=60)  # the next one is free


def test_a_stale_claim_is_taken_over(store: Any) -> None:
    store.create("g", {}, [])
    assert store.claim_thinking("g", 1, stale_after=60)
    time.sleep(0.05)
    assert store.claim_thinking("g", 1, stale_after=0.01)


def test_a_claim_is_held_while_its_process_lives_and_taken_over_once_it_is_killed(
    store: Any,
) -> None:
    store.create("g", {}, [])
    code = (
        f"{opener(store)}\n"
        "import sys, time\n"
        "print(store.claim_thinking('g', 1, stale_after=600), flush=True)\n"
        "time.sleep(120)\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "True"
        assert not store.claim_thinking("g", 1, stale_after=600)  # its process lives
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()  # type: ignore[union-attr]
    end = time.monotonic() + 10  # the database notices the dropped connection
    while not store.claim_thinking("g", 1, stale_after=600):
        assert time.monotonic() < end, "the dead process's claim was never taken over"
        time.sleep(0.05)
    assert not store.claim_thinking("g", 1, stale_after=600)  # now this one holds it


# -- shared state: rate limits, presence -------------------------------------------------------


def test_a_rate_limit_bucket_is_shared_and_refills(stores: Stores) -> None:
    one, two = stores(), stores()
    assert [one.take_token("k", 3, 1.0) for _ in range(2)] == [0.0, 0.0]
    assert two.take_token("k", 3, 1.0) == 0.0  # the same bucket, from another process
    wait = one.take_token("k", 3, 1.0)
    assert 0.5 < wait <= 1.0
    assert two.take_token("other", 3, 1.0) == 0.0  # another key: its own bucket
    time.sleep(wait + 0.05)
    assert two.take_token("k", 3, 1.0) == 0.0
    assert one.take_token("slow", 1, 0.0) == 0.0 and one.take_token("slow", 1, 0.0) == 3600.0


def test_a_bucket_last_written_by_a_clock_ahead_is_not_drained(store: Any) -> None:
    """A bucket written "in the future" (the clock stepped back since, or another host's clock
    runs ahead) keeps the tokens it has: no refill for that while, but no lock-out either."""
    store.take_token("k", 3, 1.0)
    raw(store, "UPDATE limits SET tokens = 2, at = ? WHERE key = 'k'", time.time() + 3600)
    assert store.take_token("k", 3, 1.0) == 0.0
    assert store.take_token("k", 3, 1.0) == 0.0
    assert 0.5 < store.take_token("k", 3, 1.0) <= 1.0  # empty, refilling from now on


def test_marks_are_shared_and_a_first_one_is_kept(stores: Stores) -> None:
    """The liveness beat and the outages (app.games.liveness) every process and host sees."""
    one, two = stores(), stores()
    assert one.marks("outage:") == {}
    assert one.set_mark("alive", 100.5) and two.set_mark("alive", 101.25)
    assert one.marks("alive") == {"alive": 101.25}
    assert one.set_mark("outage:90.0", 120.0, replace=False)
    assert not two.set_mark("outage:90.0", 121.0, replace=False)  # the first start recorded it
    two.set_mark("outage:130.5", 140.0, replace=False)
    assert one.marks("outage:") == {"outage:90.0": 120.0, "outage:130.5": 140.0}
    assert one.claim_job("expire", 60.0) and "expire" not in one.marks("outage:")


def test_presence_is_shared_and_written_at_most_every_so_often(stores: Stores) -> None:
    one, two = stores(), stores()
    one.create("g", {}, [])
    one.touch("g", [0])
    first = two.presence("g")
    assert set(first) == {0} and abs(first[0] - time.time()) < 5
    one.touch("g", [0, 1], every=60)  # seat 0 was just written: only seat 1 now
    assert two.presence("g")[0] == first[0] and set(two.presence("g")) == {0, 1}
    time.sleep(0.02)
    two.touch("g", [0], every=0.01)
    assert one.presence("g")[0] > first[0]
    assert one.presence("nothing") == {}


# -- long-polls --------------------------------------------------------------------------------


def waiting(watcher: Any, game_id: str, seen: int, timeout: float) -> dict[str, Any]:
    out: dict[str, Any] = {}

    def run() -> None:
        start = time.monotonic()
        out["version"] = watcher.wait(game_id, seen, timeout)
        out["took"] = time.monotonic() - start

    out["thread"] = threading.Thread(target=run)
    out["thread"].start()
    return out


def test_a_write_from_another_process_wakes_only_the_waiters_of_that_game(stores: Stores) -> None:
    store, writer = stores(), stores()
    for name in ("a", "b"):
        store.create(name, {"n": 0}, [])
    watcher = store.watcher()
    on_a = [waiting(watcher, "a", 1, 10.0) for _ in range(3)]
    on_b = waiting(watcher, "b", 1, 1.0)
    time.sleep(0.3)
    writer.save("a", 1, {"n": 1})
    for w in on_a:
        w["thread"].join()
        assert w["version"] == 2 and w["took"] < 1.5
    on_b["thread"].join()
    assert on_b["version"] == 1 and on_b["took"] >= 0.9


def test_a_stale_view_returns_at_once_and_a_missing_game_gives_minus_one(store: Any) -> None:
    store.create("a", {"n": 0}, [])
    store.save("a", 1, {"n": 1})
    watcher = store.watcher()
    started = time.monotonic()
    assert watcher.wait("a", 1, 5.0) == 2
    assert watcher.wait("nothing", 3, 5.0) == -1
    assert time.monotonic() - started < 1.5


def test_many_moves_in_a_row_each_wake_their_waiter(stores: Stores) -> None:
    store, writer = stores(), stores()
    store.create("g", {"n": 0}, [])
    watcher = store.watcher()
    for version in range(1, 21):
        w = waiting(watcher, "g", version, 5.0)
        writer.save("g", version, {"n": version})
        w["thread"].join()
        assert w["version"] >= version + 1 and w["took"] < 2.0


# -- the interface -----------------------------------------------------------------------------


def test_both_stores_offer_the_whole_interface(store: Any) -> None:
    wanted = GameStore.__abstractmethods__ | {"touch", "close"}
    assert not [name for name in wanted if not callable(getattr(store, name, None))]


def test_the_two_stores_run_the_same_queries() -> None:
    """Every query is written once (app.store.sql); a store adds only its connections (``run``,
    which a feature's queries run on too), its watcher and the claims only its database can
    make."""
    from app.store.postgres import PostgresStore
    from app.store.sql import SQLStore
    from app.store.sqlite import SQLiteStore

    interface = GameStore.__abstractmethods__ | {"touch"}
    for store in (SQLiteStore, PostgresStore):
        assert issubclass(store, SQLStore)
        assert sorted(interface & set(vars(store))) == ["claim_thinking", "run", "watcher"]


def test_a_query_s_named_parameters_and_clock_become_psycopg_s() -> None:
    from app.store.postgres import NOW, to_psycopg

    assert to_psycopg("SELECT x FROM t WHERE a = :a AND b LIKE '5%' AND c = :a::int") == (
        "SELECT x FROM t WHERE a = %(a)s AND b LIKE '5%%' AND c = %(a)s::int"
    )
    assert to_psycopg("UPDATE t SET at = :clock WHERE at < :clock - :every") == (
        f"UPDATE t SET at = {NOW} WHERE at < {NOW} - %(every)s"
    )


def test_after_postgresql_restarts_the_store_and_its_watcher_work_again() -> None:
    """The database stops (requests get a StoreError, a 503, meanwhile) and comes back: the
    same store object reads, writes, claims and wakes long-polls again, the app never restarted."""
    from app.store import StoreError
    from app.store.postgres import PostgresStore
    from tests.pg import PostgresServer, require_bin_dir

    def eventually(work: Callable[[], Any]) -> Any:
        end = time.monotonic() + 20
        while True:  # each connection the restart broke fails once, then is replaced
            try:
                return work()
            except StoreError:
                assert time.monotonic() < end, "the store never came back"
                time.sleep(0.2)

    server = PostgresServer(require_bin_dir()).start()
    try:
        store = PostgresStore(server.new_database(), pool_size=2, busy_seconds=2)
        store.create("g", {"n": 0}, [])
        assert store.claim_thinking("g", 1, stale_after=600)
        watcher = store.watcher()
        assert watcher.wait("g", 0, 1.0) == 1  # its listener runs
        server.stop_server()
        with pytest.raises(StoreError):
            store.load("g")
        server.start_server()
        assert eventually(lambda: store.load("g")).data == {"n": 0}
        eventually(lambda: store.save("g", 1, {"n": 1}))
        # the first claim's session ended with the server: the next one is free at once
        assert eventually(lambda: store.claim_thinking("g", 2, stale_after=600))
        w = waiting(watcher, "g", 2, 10.0)
        time.sleep(0.5)
        writer = PostgresStore(store.url)
        writer.save("g", 2, {"n": 2})
        w["thread"].join()
        assert w["version"] == 3 and w["took"] < 5.0
        writer.close()
        store.close()
    finally:
        server.stop()


def test_a_stopped_postgresql_is_a_503_at_once_not_a_busy_after_the_busy_wait(
    tmp_path: Path,
) -> None:
    """Stopped, the database refuses connections: each request is told so at once (it waited
    the 10 s busy timeout for a pooled connection, then said "busy"), and the app serves again
    once it is back.  The bound here is loose (the busy wait is 10 s): the figures are measured
    in docs/hosting.md."""
    from app import create_app
    from tests.pg import PostgresServer, require_bin_dir

    server = PostgresServer(require_bin_dir()).start()
    try:
        app = create_app(
            {
                "TESTING": True,
                "INSTANCE_PATH": str(tmp_path / "instance"),
                "AI_EXECUTOR": "thread",
                "DATABASE_URL": server.new_database(),
                "DATABASE_BUSY_SECONDS": 10.0,
            }
        )
        client = app.test_client()
        game = client.post("/api/games", json={"mode": "local"}).json
        server.stop_server()
        for _ in range(4):
            started = time.monotonic()
            answer = client.get(f"/api/games/{game['id']}")
            took = time.monotonic() - started
            assert answer.status_code == 503 and answer.headers["Retry-After"], answer.json
            assert "can't reach" in answer.json["message"], answer.json
            assert took < 5.0, f"{took:.1f} s: the request waited for the busy timeout"
        server.start_server()
        end = time.monotonic() + 20
        while client.get(f"/api/games/{game['id']}").status_code != 200:
            assert time.monotonic() < end, "the app never served again"
            time.sleep(0.2)
        app.extensions["mancala_computer"].shutdown()
        app.extensions["mancala_store"].close()
    finally:
        server.stop()


def test_without_postgresql_its_tests_skip_saying_how_to_install_it_and_fail_under_ci(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests import pg

    monkeypatch.setattr(pg, "bin_dir", lambda: None)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install postgresql"):
        pg.require_bin_dir()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true"):
        pg.require_bin_dir()
