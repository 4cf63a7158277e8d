"""The SQLite store's file check once per request (issue 34, item 7): a request's first call
checks the file, its later calls take that answer (for at most a second), every write is still
checked once done, and a file deleted or replaced between two requests is noticed by the next."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from app.store import Store, StoreGone
from app.store import sqlite as store_sqlite
from tests.app.test_api import create


@pytest.fixture
def stats(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The paths the store's module stats, in order."""
    seen: list[str] = []
    real = os.stat

    def counted(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        seen.append(str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", counted)  # the store calls os.stat(path)
    yield seen


def test_a_request_checks_the_file_once_for_its_reads(tmp_path: Path, stats: list[str]) -> None:
    path = str(tmp_path / "db.sqlite3")
    store = Store(path)
    store.create("g", {"mode": "local"}, [])
    stats.clear()
    for _ in range(5):  # outside a request: every call
        store.load("g")
    assert stats.count(path) == 5
    stats.clear()
    store.begin_request()
    for _ in range(5):
        store.load("g")
    store.end_request()
    assert stats.count(path) == 1
    stats.clear()
    store.load("g")
    assert stats.count(path) == 1  # the request is over: each call again


def test_a_write_in_a_request_is_still_checked_once_done(tmp_path: Path, stats: list[str]) -> None:
    path = str(tmp_path / "db.sqlite3")
    store = Store(path)
    store.create("g", {"mode": "local"}, [])
    store.begin_request()
    store.load("g")
    stats.clear()
    store.save("g", 1, {"mode": "local", "n": 1})
    assert stats.count(path) == 1  # after the write, not before
    Path(path).rename(path + ".moved")
    with pytest.raises(StoreGone):  # a write that went to a file gone meanwhile
        store.save("g", 2, {"mode": "local", "n": 2})
    store.end_request()


def test_a_deleted_file_is_noticed_by_the_next_request(tmp_path: Path) -> None:
    path = str(tmp_path / "db.sqlite3")
    store = Store(path)
    store.create("g", {"mode": "local"}, [])
    copy = str(tmp_path / "copy.sqlite3")
    store.backup(copy)
    store.begin_request()
    assert store.load("g") is not None
    store.end_request()
    for suffix in ("", "-wal", "-shm"):
        Path(path + suffix).unlink(missing_ok=True)
    store.begin_request()
    with pytest.raises(StoreGone):
        store.load("g")
    with pytest.raises(StoreGone):  # a failed check is not remembered
        store.load("g")
    store.end_request()
    shutil.copy(copy, path)  # a restored backup: the next request reopens it
    store.begin_request()
    assert store.load("g") is not None
    assert store.save("g", 1, {"mode": "local", "n": 1}).version == 2
    store.end_request()


def test_a_long_request_checks_again_after_the_kept_time(
    tmp_path: Path, stats: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(tmp_path / "db.sqlite3")
    store = Store(path)
    store.create("g", {"mode": "local"}, [])
    monkeypatch.setattr(store_sqlite, "CHECK_KEPT_SECONDS", 0.0)  # a long-poll's wait, at once
    stats.clear()
    store.begin_request()
    store.load("g")
    store.load("g")
    store.end_request()
    assert stats.count(path) == 2


def test_the_app_s_requests_check_the_file_once_and_notice_its_deletion(
    app: Flask, stats: list[str]
) -> None:
    client = app.test_client()
    game = create(client, mode="local")
    path = app.config["DATABASE"]
    client.get(f"/api/games/{game['id']}")
    stats.clear()
    assert client.get(f"/api/games/{game['id']}").status_code == 200
    reads = stats.count(path)
    stats.clear()
    assert client.get("/api/lobby").status_code == 200
    assert reads == 1 and stats.count(path) <= 2, (reads, stats.count(path))
    Path(path).rename(path + ".moved")
    gone = client.get(f"/api/games/{game['id']}")
    assert gone.status_code == 503 and gone.json is not None
    assert {"error", "message", "status"} <= set(gone.json)
    Path(path + ".moved").rename(path)
    assert client.get(f"/api/games/{game['id']}").status_code == 200
