"""Copying an SQLite store into PostgreSQL (a real server, tests/pg.py): every game, exactly,
with its seat owners and analyses; repeatable; and the app on PostgreSQL plays the copied games
on, with the secret key copied as the command says."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from app import create_app
from app.analysis.store import AnalysisStore
from app.games.player_names import PlayerNames
from app.learn.store import Kept, LearnStore
from app.ratings.store import RatingTables
from app.store import Store
from app.store.postgres import PostgresStore
from app.upkeep.copy import copy

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_is_copied_exactly_and_a_second_copy_brings_only_changes(
    tmp_path: Path, postgres_url: str
) -> None:
    path = str(tmp_path / "mancala.sqlite3")
    old = Store(path)
    for i in range(7):
        old.create(f"g{i}", {"mode": "remote" if i % 2 else "local", "n": i}, [("alice", i % 2)])
    old.save("g1", 1, {"mode": "remote", "n": 10}, add_owner=("bob", 1))
    old.create("bad", {"mode": "local"}, [])
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET data = '{not json' WHERE id = 'bad'")

    done = copy(path, postgres_url, batch=3)
    assert (done.games, done.new, done.updated, done.current) == (8, 8, 0, 0)
    assert done.seats == 8
    new = PostgresStore(postgres_url)
    try:
        for i in range(7):
            a, b = old.load(f"g{i}"), new.load(f"g{i}")
            assert a is not None and b is not None
            assert (a.version, a.data, a.created, a.updated) == (
                b.version,
                b.data,
                b.created,
                b.updated,
            )
        with new.connect() as db:
            found = db.execute("SELECT data FROM games WHERE id = 'bad'").fetchone()
            assert found is not None and found[0] == "{not json"  # kept as it was
        assert [r.id for r in new.games_of("bob")] == ["g1"]
        assert {r.id for r in new.games_of("alice")} == {f"g{i}" for i in range(7)}
        assert {r.id for r in new.recent("remote")} == {"g1", "g3", "g5"}

        old.save("g2", 1, {"mode": "local", "n": 20})
        new.save("g4", 1, {"mode": "local", "n": 40})  # newer in PostgreSQL: kept
        again = copy(path, postgres_url)
        assert (again.new, again.updated, again.current, again.seats) == (0, 1, 7, 0)
        assert new.load("g2").data["n"] == 20  # type: ignore[union-attr]
        assert new.load("g4").data["n"] == 40  # type: ignore[union-attr]
    finally:
        new.close()


def test_the_command_copies_a_played_game_that_the_app_then_serves_from_postgresql(
    tmp_path: Path, postgres_url: str
) -> None:
    instance = tmp_path / "instance"
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(instance), "AI_EXECUTOR": "thread"})
    client = app.test_client()
    game = client.post("/api/games", json={"mode": "local", "seat_token": True}).json
    headers = {"Authorization": f"Bearer {game['seat_token']}"}  # issued by the server
    for _ in range(3):
        body = {"pit": game["legal_moves"][0], "version": game["version"]}
        game = client.post(f"/api/games/{game['id']}/moves", json=body, headers=headers).json
    app.extensions["mancala_computer"].shutdown()

    done = subprocess.run(
        [sys.executable, "-m", "app.upkeep.copy", str(instance / "mancala.sqlite3"), postgres_url],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "1 games read: 1 new" in done.stdout
    assert "not copied:" in done.stdout and "secret_key" in done.stdout

    # The new host without the old key refuses the token that key signed (it held the seats
    # of the game through the store's legacy path before), saying to copy the key...
    without_key = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "without-key"),
            "AI_EXECUTOR": "thread",
            "DATABASE_URL": postgres_url,
        }
    )
    try:
        client = without_key.test_client()
        assert client.get(f"/api/games/{game['id']}", headers=headers).json["you"] == []
        body = {"pit": game["legal_moves"][0], "version": game["version"]}
        refused = client.post(f"/api/games/{game['id']}/moves", json=body, headers=headers)
        assert refused.status_code == 401 and "secret_key" in refused.json["message"]
    finally:
        without_key.extensions["mancala_computer"].shutdown()
        without_key.extensions["mancala_store"].close()
    # ... so the host copies it, as the command says (docs/hosting.md too).
    (tmp_path / "other").mkdir()
    shutil.copy(instance / "secret_key", tmp_path / "other" / "secret_key")
    on_pg = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "other"),
            "AI_EXECUTOR": "thread",
            "DATABASE_URL": postgres_url,
        }
    )
    try:
        client = on_pg.test_client()
        seen = client.get(f"/api/games/{game['id']}", headers=headers).json
        assert seen["moves"] == game["moves"] and seen["you"] == [0, 1]
        body = {"pit": seen["legal_moves"][0], "version": seen["version"]}
        after = client.post(f"/api/games/{game['id']}/moves", json=body, headers=headers)
        assert after.status_code == 200 and len(after.json["moves"]) == 4
        assert [g["id"] for g in client.get("/api/games", headers=headers).json["games"]] == [
            game["id"]
        ]
    finally:
        on_pg.extensions["mancala_computer"].shutdown()
        on_pg.extensions["mancala_store"].close()


def test_analyses_are_copied_and_a_second_copy_brings_only_newer_ones(
    tmp_path: Path, postgres_url: str
) -> None:
    path = str(tmp_path / "mancala.sqlite3")
    old = Store(path)
    for i in range(3):
        old.create(f"g{i}", {"mode": "local", "n": i}, [("alice", 0)])
    AnalysisStore(old).save_row("g0", '{"positions": [1, 2]}')
    AnalysisStore(old).save_row("g2", '{"positions": [3]}')

    done = copy(path, postgres_url, batch=1)
    assert (done.analyses, done.analyses_copied) == (2, 2)
    assert "2 analyses read: 2 copied" in str(done)
    new = PostgresStore(postgres_url)
    try:
        for gid in ("g0", "g2"):
            kept = AnalysisStore(old).load_row(gid)
            assert AnalysisStore(new).load_row(gid) == kept  # text and time, exactly
        assert AnalysisStore(new).load_row("g1") is None
        AnalysisStore(old).save_row("g2", '{"positions": [4]}')
        again = copy(path, postgres_url)
        assert (again.analyses, again.analyses_copied) == (2, 1)
        found = AnalysisStore(new).load_row("g2")
        assert found is not None and found[0] == '{"positions": [4]}'
    finally:
        new.close()


def test_a_bad_target_says_so(tmp_path: Path) -> None:
    Store(str(tmp_path / "s.sqlite3")).create("g", {}, [])
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "app.upkeep.copy",
            str(tmp_path / "s.sqlite3"),
            "postgresql://nobody@127.0.0.1:1/none?connect_timeout=2",
        ],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1 and "could not write to PostgreSQL" in done.stderr


def test_lesson_progress_puzzle_ratings_and_own_puzzles_are_copied(
    tmp_path: Path, postgres_url: str
) -> None:
    path = str(tmp_path / "mancala.sqlite3")
    old = LearnStore(Store(path))
    old.pass_step("alice", "kalah", "capture")
    old.rate(
        "alice",
        "p1",
        True,
        lambda p, z: (Kept(1600.0, 300.0, 0.06, 1, 1), Kept(1450.0, 200.0, 0.06, 1, 1)),
    )
    old.save_own("alice", [("m-g-3", '{"id": "m-g-3"}')])

    done = copy(path, postgres_url)
    assert (done.learning, done.learning_copied) == (5, 5)
    new = LearnStore(PostgresStore(postgres_url))
    try:
        assert new.steps_done("alice") == {"kalah": ["capture"]}
        assert new.tried("alice") == {"p1": True}
        assert new.player("alice") == Kept(1600.0, 300.0, 0.06, 1, 1)
        assert new.puzzle("p1") == Kept(1450.0, 200.0, 0.06, 1, 1)
        assert new.own("alice") == ['{"id": "m-g-3"}']
        again = copy(path, postgres_url)  # nothing newer: nothing written
        assert (again.learning, again.learning_copied) == (5, 0)
    finally:
        new.store.close()


def test_players_ratings_and_their_history_are_copied_once(
    tmp_path: Path, postgres_url: str
) -> None:
    from app.players import names
    from app.ratings import settle
    from tests.app.test_ratings_settle import finished_rated

    path = str(tmp_path / "mancala.sqlite3")
    old = Store(path)
    game = finished_rated(old, "g1")  # Ama (dev-a) beat Kofi (dev-b), rated
    assert settle.settle(old, game)
    names.set_name(old, "dev-c", "Esi")

    done = copy(path, postgres_url)
    assert done.room == {
        "players": 3,
        "ratings": 2,
        "rating_history": 2,
        "settled": 1,
        "game_ends": 0,
    }
    new = PostgresStore(postgres_url)
    try:
        assert PlayerNames(new).named() == PlayerNames(old).named()
        assert RatingTables(new).pool("kalah") == RatingTables(old).pool("kalah")
        assert RatingTables(new).history("dev-a") == RatingTables(old).history("dev-a")
        assert RatingTables(new).is_settled("g1")
        assert settle.settle(new, game) is False  # settled once, on either store
        names.set_name(old, "dev-c", "Esi K")
        names.set_name(new, "dev-d", "Ama B")  # a player of the new hosts
        again = copy(path, postgres_url)
        assert again.room == {
            "players": 1,
            "ratings": 0,
            "rating_history": 0,
            "settled": 0,
            "game_ends": 0,
        }
        assert names.name_of(new, "dev-c") == "Esi K"
        assert names.device_of(new, "Ama B") == "dev-d"
        assert "players rows written" in str(again)
    finally:
        new.close()
