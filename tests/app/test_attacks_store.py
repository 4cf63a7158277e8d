"""Issue 13's attacks on the computer's queue and the store, one test each (in the app; the
ones that need the real server are in test_attacks_store_server.py): a watch-game flood, a
PATCH on someone else's watch game, a huge ``levels`` create.  Each fails on the code before
the fix: the flood locked other devices out (503), anyone could pause any watch game, and
``levels`` outside watch mode was stored as sent."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app import create_app
from app.computer import job as ai_job
from app.games.service import Policy


def make_app(tmp_path: Path, **config: Any) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "AI_EXECUTOR": "thread",
            "LONG_POLL_SECONDS": 0.3,
            **config,
        }
    )


def device(app: Flask, address: str) -> FlaskClient:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def stored(app: Flask, game_id: str) -> tuple[int, dict[str, Any]]:
    row = app.extensions["mancala_store"].load(game_id)
    assert row is not None
    return row.version, row.data


@pytest.fixture
def slow_watch(tmp_path: Path) -> Iterator[Flask]:
    app = make_app(tmp_path)
    yield app
    app.extensions["mancala_computer"].shutdown()


def test_only_the_creator_may_pause_pace_or_rematch_a_watch_game(slow_watch: Flask) -> None:
    owner = device(slow_watch, "10.0.0.1")
    game = owner.post(
        "/api/games", json={"mode": "watch", "levels": ["beginner", "beginner"], "delay": 5}
    ).json
    gid = game["id"]
    before = stored(slow_watch, gid)
    stranger = device(slow_watch, "10.0.0.2")
    stranger.post("/api/games", json={"mode": "local"})  # it has a seat cookie of its own
    anonymous = device(slow_watch, "10.0.0.3")
    for who in (stranger, anonymous):
        for change in ({"paused": True}, {"delay": 0}, {"paused": False, "delay": 5}):
            refused = who.patch(f"/api/games/{gid}", json=change)
            assert refused.status_code == 403, refused.json
            assert "only the device that started" in refused.json["message"]
        rematch = who.post(f"/api/games/{gid}/rematch", json={})
        assert rematch.status_code == 403 and "rematch" in rematch.json["message"]
    after = stored(slow_watch, gid)
    assert after[1]["paused"] is False and after[1]["delay"] == 5
    assert after[0] >= before[0]  # only the computer's moves changed it
    paused = owner.patch(f"/api/games/{gid}", json={"paused": True})
    assert paused.status_code == 200 and paused.json["paused"] is True
    assert owner.patch(f"/api/games/{gid}", json={"delay": 0.5}).json["delay"] == 0.5
    again = owner.post(f"/api/games/{gid}/rematch", json={})
    assert again.status_code == 201 and again.json["mode"] == "watch"


@pytest.mark.parametrize(
    "body, field",
    [
        ({"mode": "local", "levels": "A" * 255_000}, "levels"),
        ({"mode": "computer", "algorithms": ["minimax", "minimax"]}, "algorithms"),
        ({"mode": "remote", "levels": ["easy", "easy"]}, "levels"),
        ({"mode": "local", "delay": 1}, "delay"),
        ({"mode": "local", "level": "A" * 1000}, "level"),
    ],
)
def test_fields_that_do_not_apply_to_the_mode_are_refused_and_nothing_is_stored(
    client: FlaskClient, app: Flask, body: dict[str, Any], field: str
) -> None:
    refused = client.post("/api/games", json=body)
    assert refused.status_code == 400, refused.json
    assert field in refused.json["message"]
    assert app.extensions["mancala_store"].count() == 0


def test_a_new_game_over_the_size_cap_is_413_and_nothing_is_stored(
    client: FlaskClient, app: Flask
) -> None:
    game = client.post("/api/games", json={"mode": "local"}).json
    for _ in range(30):
        pit = game["legal_moves"][0]
        answer = client.post(
            f"/api/games/{game['id']}/moves", json={"pit": pit, "version": game["version"]}
        ).json
        if answer["status"] == "over":
            break
        game = answer
    exported = client.get(f"/api/games/{game['id']}/record").json
    # The cap halfway between what an empty game and this record store as a new game (both
    # measured by making them once; a few bytes of times and ids vary from game to game).
    copy = client.post("/api/games", json={"mode": "local", "record": exported})
    empty = client.post("/api/games", json={"mode": "local"})
    assert copy.status_code == empty.status_code == 201, (copy.json, empty.json)
    record_size = len(json.dumps(stored(app, copy.json["id"])[1]))
    empty_size = len(json.dumps(stored(app, empty.json["id"])[1]))
    assert record_size - empty_size >= 20, (record_size, empty_size)
    cap = (record_size + empty_size) // 2
    app.extensions["mancala_games"].policy = Policy(max_new_game_bytes=cap)
    count = app.extensions["mancala_store"].count()
    big = client.post("/api/games", json={"mode": "local", "record": exported})
    assert big.status_code == 413, big.json
    assert "bytes" in big.json["message"] and str(cap) in big.json["message"]
    assert app.extensions["mancala_store"].count() == count
    assert client.post("/api/games", json={"mode": "local"}).status_code == 201


def test_a_device_runs_a_few_watch_games_at_once(tmp_path: Path) -> None:
    app = make_app(tmp_path, WATCH_GAMES_PER_DEVICE=2)
    try:
        phone = device(app, "10.0.0.7")
        body = {"mode": "watch", "levels": ["beginner", "beginner"], "delay": 5}
        games = [phone.post("/api/games", json=body) for _ in range(2)]
        assert [g.status_code for g in games] == [201, 201]
        third = phone.post("/api/games", json=body)
        assert third.status_code == 429 and third.headers["Retry-After"]
        assert "at most 2" in third.json["message"]
        first = games[0].json["id"]
        assert phone.patch(f"/api/games/{first}", json={"paused": True}).status_code == 200
        assert phone.post("/api/games", json=body).status_code == 201  # a paused one is not running
        resumed = phone.patch(f"/api/games/{first}", json={"paused": False})
        assert resumed.status_code == 429 and stored(app, first)[1]["paused"] is True
        laptop = device(app, "10.0.0.8")
        assert laptop.post("/api/games", json=body).status_code == 201  # another device plays
        assert phone.post("/api/games", json={"level": "easy"}).status_code == 201
    finally:
        app.extensions["mancala_computer"].shutdown()


class Gate:
    """Stands in for the search: holds each until released (or the test ends)."""

    def __init__(self) -> None:
        self.release = threading.Semaphore(0)
        self.closed = False
        self.held: str | None = None  # if set, only searches of this level are held

    def think(self, *args: Any) -> dict[str, Any]:
        while (
            not self.closed
            and (self.held is None or args[4] == self.held)
            and not self.release.acquire(timeout=0.05)
        ):
            pass
        from engine import get_variant
        from engine.record import GameRecord

        record = GameRecord(get_variant(args[0], **args[1]), args[2])
        for move in args[3]:
            record.push(move)
        return {"move": record.state.legal_moves()[0], "level": args[4], "algorithm": args[5]}


def test_a_watch_game_flood_does_not_lock_other_devices_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Flooders fill the queue with watch games (their next moves chained without a request);
    the device with the most waiting is refused, a victim's game is still admitted.  One
    background process, so which flooder has the most waiting is known: each process more
    runs one more of the first flooders' games instead of keeping it waiting."""
    gate = Gate()
    monkeypatch.setattr(ai_job, "think", gate.think)
    app = make_app(tmp_path, AI_QUEUE=4, AI_BACKGROUND_WORKERS=1)
    try:
        watch = {"mode": "watch", "levels": ["master", "master"], "delay": 0}
        answers = []
        for n in range(1, 5):  # four addresses, each trying five watch games
            flooder = device(app, f"10.9.0.{n}")
            answers += [flooder.post("/api/games", json=watch).status_code for _ in range(5)]
        assert answers.count(201) <= 4 * 3 and 429 in answers and 503 not in answers
        status = app.extensions["mancala_computer"].queue.status()
        assert status["queued"] >= 4  # the queue is full
        victim = device(app, "10.1.0.1")
        game = victim.post("/api/games", json={"level": "easy", "first": "computer"})
        assert game.status_code == 201, game.json  # was 503 while the flood lasted
        local = victim.post("/api/games", json={"level": "easy"}).json
        moved = victim.post(f"/api/games/{local['id']}/moves", json={"pit": 0, "version": 1})
        assert moved.status_code == 200, moved.json
        flooder = device(app, "10.9.0.1")
        more = flooder.post("/api/games", json={"level": "easy", "first": "computer"})
        assert more.status_code == 429 and more.headers["Retry-After"]
        gate.held = "master"  # the flooders' searches stay stuck; the victim's Easy ones go
        gate.release.release()  # (the victim's first game's search, held before)
        end = time.monotonic() + 20
        while time.monotonic() < end:
            reply = victim.get(f"/api/games/{local['id']}?since=2").json
            if reply["version"] >= 3:
                break
        assert reply["version"] >= 3  # the computer answered the victim while flooders wait
        assert app.extensions["mancala_computer"].queue.status()["queued"] >= 4
    finally:
        gate.closed = True
        app.extensions["mancala_computer"].shutdown()


def idle(queue: Any, timeout: float = 30.0) -> None:
    """Wait until no search runs or waits (a finished search's move is saved or dropped
    before it stops counting as running)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        status = queue.status()
        if status["running"] == 0 and status["queued"] == 0:
            return
        time.sleep(0.02)
    raise AssertionError(f"searches still running after {timeout} s: {queue.status()}")


def test_a_chained_search_is_charged_to_the_device_whose_game_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A watch game's next move noticed by a spectator's read is the creator's search."""
    app = make_app(tmp_path)
    charged: list[str] = []
    queue = app.extensions["mancala_computer"].queue
    submit = queue.submit
    monkeypatch.setattr(
        queue, "submit", lambda c, a, **how: charged.append(c) or submit(c, a, **how)
    )
    try:
        owner = device(app, "10.0.0.1")
        body = {"mode": "watch", "levels": ["beginner", "beginner"], "delay": 0}
        game = owner.post("/api/games", json=body).json
        owner.patch(f"/api/games/{game['id']}", json={"paused": True})
        idle(queue)  # the search under way finishes (and is dropped: the game is paused)
        path = app.extensions["mancala_store"].path
        with sqlite3.connect(path) as db:  # resumed, its claim held by a process that died
            db.execute(
                "UPDATE games SET data = json_set(data, '$.paused', json('false')), "
                "think_version = version, think_at = ?, think_pid = 999999999 WHERE id = ?",
                (time.time(), game["id"]),
            )
        charged.clear()
        spectator = device(app, "10.0.0.2")
        assert spectator.get(f"/api/games/{game['id']}").status_code == 200
        assert charged and set(charged) == {"10.0.0.1"}, charged
    finally:
        app.extensions["mancala_computer"].shutdown()


# -- small holes: the Host header, chosen seat tokens -------------------------------------------


@pytest.mark.parametrize(
    "host",
    ["evil.example", "evil.example:8000", "localhost.evil.example", "127.0.0.1.nip.io", "8.8.8.8"],
)
def test_a_host_this_server_does_not_serve_is_refused(
    client: FlaskClient, app: Flask, host: str
) -> None:
    """A DNS-rebinding page's requests carry its own name in Host (and a matching Origin)."""
    headers = {"Host": host, "Origin": f"http://{host}"}
    for method, path in [("POST", "/api/games"), ("GET", "/api/games"), ("GET", "/")]:
        response = client.open(path, method=method, json={"mode": "local"}, headers=headers)
        assert response.status_code == 421, (path, response.status_code)
        if path.startswith("/api"):
            assert "does not answer to the host name" in response.json["message"]
    assert app.extensions["mancala_store"].count() == 0


@pytest.mark.parametrize(
    "host", ["localhost", "localhost:8000", "127.0.0.1:8000", "[::1]:8000", "192.168.1.20:8000"]
)
def test_local_and_lan_addresses_are_served(client: FlaskClient, host: str) -> None:
    assert client.get("/api/games", headers={"Host": host}).status_code == 200


def test_this_machine_s_name_and_the_allowed_hosts_are_served(tmp_path: Path) -> None:
    import socket

    app = make_app(tmp_path, ALLOWED_HOSTS=["mancala.example"])
    try:
        client = app.test_client()
        for host in ("mancala.example", "Mancala.Example:443", socket.gethostname()):
            assert client.get("/api/games", headers={"Host": host}).status_code == 200, host
        assert client.get("/api/games", headers={"Host": "evil.example"}).status_code == 421
    finally:
        app.extensions["mancala_computer"].shutdown()


def test_a_bot_token_of_twenty_as_is_refused(client: FlaskClient, app: Flask) -> None:
    for header in ({"Authorization": "Bearer " + "a" * 20}, {"X-Seat-Token": "a" * 20}):
        refused = client.post("/api/games", json={"mode": "remote"}, headers=header)
        assert refused.status_code == 401, refused.json
        assert '"seat_token": true' in refused.json["message"]
    assert app.extensions["mancala_store"].count() == 0
    issued = client.post("/api/games", json={"mode": "remote", "seat_token": True}).json
    token = issued["seat_token"]
    assert token != "a" * 20 and "Set-Cookie" not in client.get("/api/games").headers
    store = app.extensions["mancala_store"]
    row = store.load(issued["id"])
    assert token not in json.dumps(row.data)  # only its hash is kept


def test_a_browser_cookie_from_before_tokens_were_signed_keeps_its_seats(
    app: Flask, client: FlaskClient
) -> None:
    from app.games import owner_hash

    old = "an-old-unsigned-cookie-from-last-week-0123456789"
    store = app.extensions["mancala_store"]
    game = client.post("/api/games", json={"mode": "local"}).json
    store.run(lambda db: db.execute("UPDATE seats SET owner = ?", (owner_hash(old),)))
    data = dict(store.load(game["id"]).data)
    data["seats"] = [dict(s, owner=owner_hash(old)) for s in data["seats"]]
    store.save(game["id"], game["version"], data)
    browser = app.test_client()
    browser.set_cookie("mancala_player", old)
    seen = browser.get(f"/api/games/{game['id']}").json
    assert seen["you"] == [0, 1]
    moved = browser.post(f"/api/games/{game['id']}/moves", json={"pit": 2, "version": 2})
    assert moved.status_code == 200
    stranger = app.test_client()
    stranger.set_cookie("mancala_player", "a" * 20)  # a made-up cookie holds nothing
    assert stranger.get(f"/api/games/{game['id']}").json["you"] == []


def test_health_answers_any_host_for_monitors(client: FlaskClient) -> None:
    assert client.get("/health", headers={"Host": "monitor.internal"}).status_code == 200
