"""The store keeps what lists and limits filter on in indexed columns, expires what it may,
and names what went wrong by kind.  The contract tests run on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import multiprocessing
import shutil
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from app.analysis.store import AnalysisStore
from app.games.facts import describe
from app.store import (
    Facts,
    Store,
    StoreBusy,
    StoreCorrupt,
    StoreError,
    StoreFull,
    StoreGone,
    StoreReadOnly,
)
from app.store.sqlite import _store_error
from tests.app import test_stores

stores = test_stores.stores  # the contract's fixtures: each test on SQLite and PostgreSQL
store = test_stores.store


def invite(open_seat: bool = True, over: bool = False) -> dict[str, Any]:
    seats = [{"kind": "human", "owner": "host"}, {"kind": "human", "owner": None}]
    if not open_seat:
        seats[1]["owner"] = "friend"
    return {"mode": "remote", "seats": seats, "resigned": 0 if over else None}


# -- the contract (both stores) ----------------------------------------------------------------


def test_open_invites_come_from_the_columns(store: Any) -> None:
    store.create("open", invite(), [("host", 0)])
    store.create("taken", invite(open_seat=False), [("host", 0)])
    store.create("over", invite(over=True), [("host", 0)])
    store.create("local", {"mode": "local", "seats": []}, [])
    assert [r.id for r in store.open_invites(0.0)] == ["open"]
    assert store.open_invites(time.time() + 60) == []
    store.save("open", 1, invite(open_seat=False), add_owner=("friend", 1))
    assert store.open_invites(0.0) == []


def test_running_games_of_a_device_are_counted(stores: Any) -> None:
    store = stores()
    for name in ("a", "b"):
        store.create(name, {"mode": "watch", "seats": [], "device": "10.0.0.1"}, [])
    assert store.running("watch", "10.0.0.1", 0.0) == 0  # plain facts: none running
    app_store = stores()
    app_store.describe = lambda data: Facts(data["mode"], data.get("device"), running=True)
    app_store.save("a", 1, {"mode": "watch", "seats": [], "device": "10.0.0.1"})
    app_store.create("c", {"mode": "watch", "seats": [], "device": "10.0.0.2"}, [])
    assert app_store.running("watch", "10.0.0.1", 0.0) == 1
    assert app_store.running("watch", "10.0.0.2", 0.0) == 1
    assert app_store.running("watch", "10.0.0.1", time.time() + 60) == 0


def test_finished_games_and_untaken_invites_expire(store: Any) -> None:
    store.create("old-over", invite(over=True), [("host", 0)])
    store.create("old-invite", invite(), [("host", 0)])
    store.create("old-playing", invite(open_seat=False), [("host", 0), ("friend", 1)])
    store.touch("old-over", [0])
    time.sleep(0.05)
    cut = time.time()
    store.create("new-over", invite(over=True), [("host", 0)])
    store.create("new-invite", invite(), [("host", 0)])
    assert store.expire(cut, cut) == 2
    left = {r.id for r in store.games_of("host")}
    assert left == {"old-playing", "new-over", "new-invite"}
    assert store.load("old-over") is None and store.presence("old-over") == {}
    assert store.expire(cut, cut) == 0


def test_games_expire_with_what_is_theirs_many_ids_at_a_time(
    store: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ids are named a few at a time (``IN (…)``, a chunk at once): every chunk counts."""
    monkeypatch.setattr("app.store.queries.IDS_AT_ONCE", 2)
    names = [f"over-{n}" for n in range(5)]
    for name in names:
        store.create(name, invite(over=True), [("host", 0)])
        store.touch(name, [0])
        AnalysisStore(store).save_row(name, "{}")
    store.create("playing", invite(open_seat=False), [("host", 0)])
    assert store.expire(time.time() + 1, 0.0, batch=4) == 5  # a sweep of 4, then one of 1
    assert [r.id for r in store.games_of("host")] == ["playing"]
    assert not [n for n in names if store.presence(n) or AnalysisStore(store).load_row(n)]
    store.save("playing", 1, invite(open_seat=False))
    found = store.run(lambda db: store.versions(db, [*names, "playing", "x", "y"]))
    assert found == {"playing": 2}  # the watchers' read, a chunk at a time too


def test_untouched_unfinished_games_and_lab_games_expire(store: Any) -> None:
    lab = {"mode": "watch", "seats": [], "resigned": 0, "lab": {"a": "greedy", "game": 0}}
    store.create("old-playing", invite(open_seat=False), [("host", 0), ("friend", 1)])
    store.create("old-lab", lab, [])
    store.create("old-over", invite(over=True), [("host", 0)])
    AnalysisStore(store).save_row("old-playing", "{}")
    time.sleep(0.05)
    cut = time.time()
    store.create("new-playing", invite(open_seat=False), [("host", 0)])
    store.create("new-lab", lab, [])
    long_ago = cut - 3600
    assert store.expire(long_ago, long_ago) == 0  # the rules of before keep them all
    assert store.expire(long_ago, long_ago, unfinished_before=cut, lab_before=cut) == 2
    assert store.load("old-playing") is None and store.load("old-lab") is None
    assert AnalysisStore(store).load_row("old-playing") is None
    assert {r.id for r in store.games_of("host")} == {"new-playing", "old-over"}
    assert store.load("new-lab") is not None
    assert store.expire(long_ago, long_ago, unfinished_before=cut, lab_before=cut) == 0


def test_a_periodic_job_is_claimed_once_per_period(stores: Any) -> None:
    one, two = stores(), stores()
    assert one.claim_job("backup", 60) is True
    assert two.claim_job("backup", 60) is False and one.claim_job("backup", 60) is False
    assert two.claim_job("other", 60) is True
    assert two.claim_job("backup", 0) is True


def test_the_probe_writes_and_counts(store: Any) -> None:
    store.create("g", {"mode": "local"}, [])
    assert store.probe() == 1


# -- SQLite: columns migrated, the file watched, errors by kind ---------------------------------

OLD_SCHEMA = """
CREATE TABLE games (id TEXT PRIMARY KEY, version INTEGER NOT NULL, data TEXT NOT NULL,
    created REAL NOT NULL, updated REAL NOT NULL, think_version INTEGER, think_at REAL);
CREATE TABLE seats (owner TEXT NOT NULL, game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL, PRIMARY KEY (owner, game_id, seat));
"""


def game_data(mode: str = "remote", moves: list[int] | None = None) -> dict[str, Any]:
    seats = [{"kind": "human", "owner": "host"}, {"kind": "human", "owner": None}]
    if mode == "watch":
        seats = [{"kind": "computer", "level": "easy", "algorithm": "minimax"}] * 2
    return {
        "variant": "kalah",
        "options": {},
        "first_player": 0,
        "moves": moves or [],
        "mode": mode,
        "seats": seats,
        "resigned": None,
        "paused": False,
    }


def test_an_old_store_gets_its_columns_and_indexes_at_start(tmp_path: Path) -> None:
    path = str(tmp_path / "old.sqlite3")
    with sqlite3.connect(path) as db:
        db.executescript(OLD_SCHEMA)
        rows = [
            ("inv", game_data()),
            ("watch", dict(game_data("watch"), device="10.0.0.9")),
            ("junk", "{not json"),
        ]
        for gid, data in rows:
            text = data if isinstance(data, str) else json.dumps(data)
            db.execute("INSERT INTO games VALUES (?, 1, ?, 0, ?, NULL, NULL)", (gid, text, 1.0))
    store = Store(path, describe=describe)
    assert [r.id for r in store.open_invites(0.0)] == ["inv"]
    assert store.running("watch", "10.0.0.9", 0.0) == 1
    with sqlite3.connect(path) as db:
        plan = " ".join(
            str(r)
            for r in db.execute(
                "EXPLAIN QUERY PLAN SELECT id FROM games WHERE mode = 'remote' AND open_seat = 1 "
                "AND finished = 0 AND updated >= 0 ORDER BY updated DESC LIMIT 30"
            )
        )
        assert "games_open" in plan, plan
        assert db.execute("PRAGMA user_version").fetchone()[0] >= 2
    Store(path, describe=describe)  # a second start changes nothing


def test_a_version_2_store_learns_which_games_are_lab_games(tmp_path: Path) -> None:
    path = str(tmp_path / "v2.sqlite3")
    lab = dict(game_data("watch"), resigned=0, lab={"a": "greedy", "b": "random", "game": 0})
    Store(path, describe=describe).create("lab", lab, [])
    Store(path, describe=describe).create("kept", dict(game_data("watch"), resigned=0), [])
    with sqlite3.connect(path) as db:  # as the store was before lab games had a column
        db.execute("DROP INDEX games_lab")
        db.execute("ALTER TABLE games DROP COLUMN lab")
        db.execute("PRAGMA user_version = 2")
    store = Store(path, describe=describe)
    now = time.time()
    assert store.expire(0.0, 0.0, lab_before=now + 1) == 1
    assert store.load("lab") is None and store.load("kept") is not None


def test_a_deleted_store_file_is_refused_and_a_replaced_one_reopened(tmp_path: Path) -> None:
    path = str(tmp_path / "db.sqlite3")
    store = Store(path)
    store.create("g", {"mode": "local"}, [])
    copy = str(tmp_path / "copy.sqlite3")
    store.backup(copy)
    for suffix in ("", "-wal", "-shm"):
        Path(path + suffix).unlink(missing_ok=True)
    with pytest.raises(StoreGone) as gone:
        store.save("g", 1, {"mode": "local", "n": 1})
    assert (
        "deleted or moved" in gone.value.message
        and "app.upkeep.backup restore" in gone.value.message
    )
    with pytest.raises(StoreGone):
        store.load("g")
    with pytest.raises(StoreGone):
        store.probe()
    assert not Path(path).exists()  # nothing created in its place
    shutil.copy(copy, path)  # a restored backup
    assert store.load("g") is not None
    assert store.save("g", 1, {"mode": "local", "n": 1}).version == 2
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version FROM games").fetchone()[0] == 2


def test_a_write_to_a_file_replaced_meanwhile_is_not_acknowledged(tmp_path: Path) -> None:
    path = str(tmp_path / "db.sqlite3")
    store = Store(path)
    store.create("g", {"mode": "local"}, [])

    def replace_then_write(db: sqlite3.Connection) -> None:
        Path(path).rename(path + ".moved")
        db.execute("UPDATE games SET version = 7")

    with pytest.raises(StoreGone):
        store.run(replace_then_write)


def test_a_corrupt_store_is_named_so_at_start(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    path.write_bytes(b"this is not an SQLite database, just junk " * 200)
    with pytest.raises(StoreCorrupt) as corrupt:
        Store(str(path))
    assert (
        "damaged" in corrupt.value.message and "app.upkeep.backup restore" in corrupt.value.message
    )


@pytest.mark.parametrize(
    "error, kind",
    [
        ("database is locked", StoreBusy),
        ("database or disk is full", StoreFull),
        ("attempt to write a readonly database", StoreReadOnly),
        ("database disk image is malformed", StoreCorrupt),
        ("file is not a database", StoreCorrupt),
        ("unable to open database file", StoreGone),
        ("disk I/O error", StoreFull),
    ],
)
def test_store_errors_are_named_by_kind(error: str, kind: type[StoreError]) -> None:
    found = _store_error(sqlite3.OperationalError(error))
    assert type(found) is kind
    assert found.message and "nothing was changed" in found.message


def test_the_wal_is_checkpointed_and_truncated(tmp_path: Path) -> None:
    path = str(tmp_path / "db.sqlite3")
    store = Store(path)
    big = {"mode": "local", "pad": "x" * 20_000}
    for i in range(150):
        store.create(f"g{i}", big, [])
    assert Path(path + "-wal").stat().st_size > 1_000_000
    assert store.checkpoint("TRUNCATE") is not None
    assert Path(path + "-wal").stat().st_size == 0
    assert store.count() == 150


def create_store_at(path: str, start: Any, answers: Any) -> None:
    """In a child process: wait for the others, then open (create) the store at ``path``."""
    start.wait()
    try:
        Store(path, describe=describe)
        answers.put("ok")
    except StoreError as exc:
        answers.put(exc.message)


def test_workers_creating_a_fresh_store_together_all_start(tmp_path: Path) -> None:
    # Two gunicorn workers on a fresh instance open the store at the same moment; SQLite's
    # switch of a new file to WAL answered one of them "busy" at once (1 start in ~25 in use;
    # here, started on a barrier, 2 rounds in 3), and gunicorn stopped.
    ctx = multiprocessing.get_context("fork")
    for round_ in range(20):
        path = str(tmp_path / f"fresh{round_}" / "mancala.sqlite3")
        start, answers = ctx.Barrier(3), ctx.Queue()
        workers = [ctx.Process(target=create_store_at, args=(path, start, answers)) for _ in "abc"]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(60)
        assert [answers.get(timeout=5) for _ in workers] == ["ok"] * 3, f"round {round_}"
        assert Store(path).count() == 0


def test_a_postgresql_store_from_before_migration_4_learns_which_games_are_lab_games(
    postgres_url: str,
) -> None:
    import psycopg

    from app.store.postgres import PostgresStore

    lab = dict(game_data("watch"), resigned=0, lab={"a": "greedy", "b": "random", "game": 0})
    store = PostgresStore(postgres_url, describe=describe)
    store.create("lab", lab, [])
    store.create("kept", dict(game_data("watch"), resigned=0), [])
    store.close()
    with psycopg.connect(postgres_url, autocommit=True) as db:  # as it was before migration 4
        db.execute("ALTER TABLE games DROP COLUMN lab")  # its index goes with it
        # and without the migrations after it (5's tables are made "IF NOT EXISTS" again)
        db.execute("DELETE FROM schema_migrations WHERE version >= 4")
    store = PostgresStore(postgres_url, describe=describe)
    try:
        assert store.expire(0.0, 0.0, lab_before=time.time() + 1) == 1
        assert store.load("lab") is None and store.load("kept") is not None
    finally:
        store.close()
