"""A tournament's long-polls wait on the store's watcher (as the lobby's and the games' do), not
on a loop that asks the store a few times a second; each version of a tournament is read and
decoded once per process, however many pages read it; on PostgreSQL a change made by another
host wakes the requests waiting on this one."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.store.postgres import PostgresStore
from app.tournaments.service import Tournaments
from app.tournaments.store import LISTED, TournamentStore

LONG = 30.0  # a long-poll's timeout here: a wake-up comes far sooner, even on a busy machine


def make(client: FlaskClient, **body: object) -> dict[str, Any]:
    sent = {"name": "Friday", "system": "arena", "variant": "kalah", "you": "Ama", **body}
    r = client.post("/api/tournaments", json=sent)
    assert r.status_code == 201, r.get_json()
    return dict(r.get_json())


def counted(obj: object, name: str) -> list[int]:
    """Count the calls of ``obj.name`` from now on (the count is the list's length)."""
    calls: list[int] = []
    real: Callable[..., Any] = getattr(obj, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    setattr(obj, name, wrapper)
    return calls


def in_thread(work: Callable[[], object]) -> tuple[threading.Thread, list[object]]:
    answer: list[object] = []
    thread = threading.Thread(target=lambda: answer.append(work()))
    thread.start()
    return thread, answer


def tournaments_of(app: Flask) -> Tournaments:
    from app.tournaments.routes import get_tournaments

    return get_tournaments()


def test_a_waiting_read_does_not_ask_the_store_a_few_times_a_second(
    app: Flask, client: FlaskClient
) -> None:
    t = make(client)
    with app.app_context():
        tournaments = tournaments_of(app)
        versions = counted(tournaments.store, "version")
        row = tournaments.read(t["id"], t["version"], 2.0)  # nothing changes: waits it out
    assert row.version == t["version"]
    # Once on arrival and once a second while it waits (it settles the tournament then: an
    # arena's clock runs out without a write), not every quarter of a second.
    assert len(versions) <= 4, len(versions)


def test_a_change_wakes_a_waiting_read_at_once(app: Flask, client: FlaskClient) -> None:
    t = make(client)
    with app.app_context():
        tournaments = tournaments_of(app)

        def wait() -> tuple[int, float]:
            with app.app_context():
                start = time.monotonic()
                row = tournaments.read(t["id"], t["version"], LONG)
                return row.version, time.monotonic() - start

        thread, answer = in_thread(wait)
        time.sleep(0.3)
        r = app.test_client().post(f"/api/tournaments/{t['id']}/join", json={"name": "Kofi"})
        assert r.status_code == 200, r.get_json()
        thread.join(LONG + 10)
    version, waited = answer[0]  # type: ignore[misc]
    assert version > t["version"]
    assert waited < LONG - 5  # woken by the change, not by the timeout


def test_a_new_tournament_wakes_the_lists_long_poll(app: Flask, client: FlaskClient) -> None:
    make(client)
    with app.app_context():
        tournaments = tournaments_of(app)
        stamp = tournaments.store.stamp()

        def wait() -> tuple[int, float]:
            with app.app_context():
                start = time.monotonic()
                return tournaments.listed_version(stamp, LONG), time.monotonic() - start

        thread, answer = in_thread(wait)
        time.sleep(0.3)
        make(app.test_client(), name="Saturday", you="Kofi")
        thread.join(LONG + 10)
    moved, waited = answer[0]  # type: ignore[misc]
    assert moved != stamp
    assert waited < LONG - 5
    r = client.get(f"/api/tournaments?since={stamp}")
    assert r.status_code == 200 and r.get_json()["version"] == moved


def test_each_version_is_read_from_the_store_once_however_many_pages_read_it(
    app: Flask, client: FlaskClient
) -> None:
    t = make(client)
    readers = [app.test_client() for _ in range(5)]
    with app.app_context():
        loads = counted(tournaments_of(app).store, "load")
    for _ in range(4):
        for reader in readers:
            r = reader.get(f"/api/tournaments/{t['id']}")
            assert r.status_code == 200 and r.get_json()["version"] == t["version"]
    assert len(loads) <= 1, len(loads)


@pytest.mark.slow
def test_on_postgresql_a_change_on_one_host_wakes_a_read_waiting_on_another(
    postgres_url: str,
) -> None:
    here, there = PostgresStore(postgres_url), PostgresStore(postgres_url)
    try:
        mine, theirs = TournamentStore(here), TournamentStore(there)
        mine.create("t1", {"name": "Friday", "status": "open"})
        watcher = mine.watcher()
        stamp = mine.stamp()
        waits = [
            in_thread(lambda: watcher.wait("t1", 1, LONG)),
            in_thread(lambda: watcher.wait(LISTED, stamp, LONG)),
        ]
        time.sleep(0.5)  # both registered (a late one reads the versions when it comes anyway)
        start = time.monotonic()
        theirs.save("t1", 1, {"name": "Friday", "status": "running"})
        for thread, _ in waits:
            thread.join(LONG + 10)
        assert time.monotonic() - start < LONG - 5  # woken by the NOTIFY, not the timeout
        assert waits[0][1] == [2]
        assert waits[1][1] == [theirs.stamp()] and theirs.stamp() != stamp
    finally:
        here.close()
        there.close()
