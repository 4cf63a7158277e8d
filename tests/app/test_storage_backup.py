"""Backups (online, on a schedule, pruned), the restore command, expiry of finished games and
untaken invites (said in the "your games" list first), and the store's upkeep jobs."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.store import Store, StoreGone
from app.upkeep.backup import RestoreError, back_up, backups, check, main, prune, restore
from app.upkeep.maintenance import Upkeep, expires, notice, run_once

ROOT = Path(__file__).resolve().parents[2]


def store_with_games(path: Path, n: int = 3) -> Store:
    store = Store(str(path))
    for i in range(n):
        store.create(f"g{i}", {"mode": "local", "n": i}, [("alice", 0)])
    return store


def test_a_backup_is_a_sound_copy_and_only_the_newest_are_kept(tmp_path: Path) -> None:
    store = store_with_games(tmp_path / "db.sqlite3")
    folder = tmp_path / "backups"
    made = []
    for _ in range(3):
        made.append(back_up(store, folder, keep=2))
        time.sleep(1.05)  # backups are named by the second
    assert backups(folder) == [made[2], made[1]] and not made[0].exists()
    assert check(made[2]) == 3
    store.create("g9", {"mode": "local"}, [])  # the store goes on; the backup keeps its moment
    assert check(made[2]) == 3 and store.count() == 4


def test_restore_puts_a_backup_in_place_and_a_running_store_opens_it(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = store_with_games(path)
    backup = back_up(store, tmp_path / "backups")
    store.save("g0", 1, {"mode": "local", "n": "changed"})
    store.create("late", {"mode": "local"}, [])
    assert Path(f"{path}-wal").exists()
    games, aside = restore(backup, path)
    assert games == 3 and aside is not None and aside.exists()
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0
    assert store.load("late") is None and store.load("g0").data == {"mode": "local", "n": 0}
    assert store.save("g0", 1, {"mode": "local", "n": 1}).version == 2  # and writes go on
    with sqlite3.connect(aside) as db:  # the replaced store was kept, whole
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 4


def test_restore_refuses_what_is_not_a_sound_store(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store_with_games(path)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"junk" * 1000)
    for bad in (junk, tmp_path / "missing.sqlite3"):
        with pytest.raises(RestoreError):
            restore(bad, path)
    assert Store(str(path)).count() == 3  # untouched


def test_the_restore_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "instance" / "mancala.sqlite3"
    path.parent.mkdir()
    store_with_games(path, 2)
    assert main(["--database", str(path), "now"]) == 0
    made = Path(capsys.readouterr().out.strip())
    assert made.parent == path.parent / "backups" and check(made) == 2
    assert main(["--database", str(path), "list"]) == 0
    assert str(made) in capsys.readouterr().out
    path.write_bytes(b"junk" * 4096)  # the store is damaged
    done = subprocess.run(
        [sys.executable, "-m", "app.upkeep.backup", "restore", str(made)],
        check=False,
        cwd=ROOT,
        env=dict(os.environ, MANCALA_INSTANCE=str(path.parent)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "restored" in done.stdout and "2 games" in done.stdout
    assert Store(str(path)).count() == 2
    assert main(["--database", str(path), "restore", str(tmp_path / "nothing")]) == 1
    assert "not restored" in capsys.readouterr().err


def test_upkeep_expires_checkpoints_and_backs_up_once_per_period(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = Store(str(path))
    over = {"mode": "local", "resigned": 0}
    store.create("old", over, [("alice", 0)])
    time.sleep(0.05)
    store.create("new", over, [("alice", 0)])
    store.create("playing", {"mode": "local", "resigned": None}, [("alice", 0)])
    upkeep = Upkeep(every=60, keep_finished=0.03, backup_every=3600, backups=tmp_path / "b")
    done = run_once(store, upkeep)
    assert done["expired"] == 1 and done["checkpoint"] is not None  # "new" is too young
    assert Path(done["backup"]).exists()
    assert [r.id for r in store.games_of("alice")] == ["playing", "new"]
    assert run_once(Store(str(path)), upkeep) == {}  # another worker: nothing due yet


def test_your_games_say_when_a_finished_game_will_be_removed(
    client: FlaskClient, app: Flask
) -> None:
    game = client.post("/api/games", json={"mode": "local"}).json
    client.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]})
    playing = client.post("/api/games", json={"mode": "local"}).json
    listed = {g["id"]: g for g in client.get("/api/games").json["games"]}
    assert listed[game["id"]]["expires"]["in_words"] == "in 30 days"
    # Untouched unfinished games expire too now (KEEP_UNFINISHED_DAYS, 30): before, never.
    assert listed[playing["id"]]["expires"]["in_words"] == "in 30 days"
    home = client.get("/").get_data(as_text=True)
    assert "removed in 30 days" in home


def test_an_untaken_invite_says_when_it_goes(host: FlaskClient) -> None:
    host.post("/api/games", json={"mode": "remote"})
    (line,) = host.get("/api/games").json["games"]
    assert line["expires"]["in_words"] == "in 7 days"


def test_expiry_in_words() -> None:
    from app.games.model import Game

    class Finished:
        data: dict[str, object] = {}
        over = True
        mode = "local"
        has_open_seat = False
        updated = 1000.0

    upkeep = Upkeep(keep_finished=5 * 3600)
    game: Game = Finished()  # type: ignore[assignment]
    assert expires(game, upkeep, now=1000.0) == {"at": 1000 + 5 * 3600, "in_words": "in 5 hours"}
    assert expires(game, upkeep, now=1000.0 + 4 * 3600)["in_words"] == "within the next two hours"


def test_untouched_unfinished_and_lab_games_expire_by_the_upkeep(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "db.sqlite3"))
    lab = {"mode": "watch", "resigned": 0, "lab": {"a": "greedy", "b": "random", "game": 0}}
    store.create("lab", lab, [])
    store.create("playing", {"mode": "local", "resigned": None}, [("alice", 0)])
    store.create("over", {"mode": "local", "resigned": 0}, [("alice", 0)])
    time.sleep(0.05)
    store.create("fresh", {"mode": "local", "resigned": None}, [("alice", 0)])
    upkeep = Upkeep(every=60, keep_unfinished=0.03, keep_lab=0.03, backups=None)
    assert run_once(store, upkeep)["expired"] == 2
    assert [r.id for r in store.games_of("alice")] == ["fresh", "over"]
    assert store.load("lab") is None


def test_the_defaults_keep_unfinished_games_a_month_and_lab_games_three_days(app: Flask) -> None:
    upkeep = Upkeep.from_config(app.config, None)
    assert upkeep.keep_unfinished == 30 * 24 * 3600 and upkeep.keep_lab == 3 * 24 * 3600


def test_the_game_page_says_when_an_untouched_game_is_removed(client: FlaskClient) -> None:
    game = client.post("/api/games", json={"mode": "local"}).json
    expected = (
        "A game nobody moves in for 30 days is removed: this one in 30 days, unless someone moves."
    )
    assert game["expires"]["text"] == expected and game["expires"]["in_words"] == "in 30 days"
    page = client.get(f"/game/{game['id']}").get_data(as_text=True)
    assert f'<p class="board-help muted expiry" id="expiry">{expected}</p>' in page
    client.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]})
    after = client.get(f"/api/games/{game['id']}").json["expires"]["text"]
    assert after == "A finished game is kept 30 days: this one in 30 days."


def test_a_lab_game_says_it_is_kept_three_days() -> None:
    from app.games.model import Game

    class LabGame:
        data = {"lab": {"a": "greedy", "b": "random", "game": 0}}
        over = True
        mode = "watch"
        has_open_seat = False
        updated = 1000.0

    game: Game = LabGame()  # type: ignore[assignment]
    found = notice(game, Upkeep(), now=1000.0)
    assert found["at"] == 1000 + 3 * 24 * 3600
    assert found["text"] == "A lab game is kept 3 days: this one in 3 days."


def fake_backups(folder: Path, sizes: list[int]) -> list[Path]:
    """Backup files of these sizes, oldest first (named as back_up names them)."""
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for i, size in enumerate(sizes):
        path = folder / f"mancala-20260101-0000{i:02d}.sqlite3"
        path.write_bytes(b"x" * size)
        made.append(path)
    return made


def test_backups_keep_the_newest_within_their_byte_budget(tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    made = fake_backups(folder, [100] * 6)
    assert prune(folder, keep=8, budget=350) == made[2::-1]  # 3 fit in 350 bytes
    assert backups(folder) == made[5:2:-1]
    assert prune(folder, keep=2, budget=None) == [made[3]]
    assert prune(folder, keep=8, budget=10) == [made[4]]  # the newest stays, alone over it
    assert backups(folder) == [made[5]]


def test_the_upkeep_s_backups_keep_to_the_budget(tmp_path: Path) -> None:
    store = store_with_games(tmp_path / "db.sqlite3")
    size = back_up(store, tmp_path / "probe").stat().st_size  # what a backup of it weighs
    folder = tmp_path / "backups"
    budget = size + 3000 + 1000  # the new backup and the 3 KB one fit, not the oldest too
    old = fake_backups(folder, [budget, 3000])
    upkeep = Upkeep(every=60, backup_every=3600, backups=folder, backups_bytes=budget)
    made = Path(run_once(store, upkeep)["backup"])
    assert made.stat().st_size == size
    assert backups(folder) == [made, old[1]]  # the oldest, a whole budget more, was over


def test_the_default_budget_of_backups_is_a_gibibyte(app: Flask) -> None:
    upkeep = Upkeep.from_config(app.config, str(Path(app.instance_path) / "mancala.sqlite3"))
    assert upkeep.backups_bytes == 1024**3 and upkeep.backups_kept == 8


def test_a_deleted_store_s_last_state_is_saved_and_restore_keeps_its_orphaned_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "instance" / "mancala.sqlite3"
    store = store_with_games(path, 3)
    old = back_up(store, path.parent / "backups")  # the last backup has 3 games
    store.create("late", {"mode": "local"}, [("alice", 0)])  # in the write-ahead log only
    wal = Path(f"{path}-wal")
    assert wal.stat().st_size > 0
    path.unlink()  # rm mancala.sqlite3: the worker still holds it (and its WAL) open
    with pytest.raises(StoreGone) as gone:
        store.load("late")
    rescued = Path(gone.value.message.rsplit("restore ", 1)[1])
    assert rescued.parent == path.parent / "backups" and "-rescued-" in rescued.name
    assert check(rescued) == 4 and backups(rescued.parent) == [rescued, old]
    with pytest.raises(StoreGone) as again:  # saved once
        store.count()
    assert str(rescued) in again.value.message and len(backups(rescued.parent)) == 2
    wal_bytes = wal.read_bytes()
    assert main(["--database", str(path), "restore", str(rescued)]) == 0
    said = capsys.readouterr().out
    orphaned = [
        p for p in path.parent.iterdir() if ".orphaned-" in p.name and p.name.endswith("-wal")
    ]
    assert len(orphaned) == 1 and orphaned[0].read_bytes() == wal_bytes  # kept, not deleted
    assert str(orphaned[0]) in said
    assert store.load("late") is not None and store.count() == 4  # the last state, back
