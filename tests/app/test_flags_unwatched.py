"""A clock that runs out ends the game, watched or not (issue 33, item 1).

Nobody reads the game in these tests once its last move is made: the flags' timer
(:mod:`app.games.flags`) alone must end it, through the store's deadline column, settle its
ratings, and move the lobby's version on so that the home page drops it from "being played".
An unstarted game is aborted when its first-move window closes, and leaves the lobby too.  Time
when no server was up is still not charged, and one process of many takes each turn.  Then
the same against the real server (``make run``'s, two workers), and two hosts on PostgreSQL.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.games import clock, flags
from app.games.facts import describe
from app.games.model import Game
from app.lobby.store import LobbyStore
from app.players import names
from app.ratings.glicko2 import Rating, rate_game
from app.ratings.store import RatingTables
from app.store import Store
from app.tournaments.store import TournamentStore
from tests.server import Server

SHORT = {"minutes": 0.05, "increment": 0}  # 3 s a side: the params allow any minutes over 0
POLL = 0.1


def ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.get_json()
    return response.get_json()  # type: ignore[no-any-return]


def play(client: FlaskClient, game: dict[str, Any], pit: int) -> dict[str, Any]:
    path = f"/api/games/{game['id']}/moves"
    return ok(client.post(path, json={"pit": pit, "version": game["version"]}))


def until(check: Callable[[], Any], timeout: float = 60.0, what: str = "") -> Any:
    """Poll ``check`` until it answers something true (generous: the machine may be loaded)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(POLL)
    raise AssertionError(f"not within {timeout} s: {what}")


@contextmanager
def ticking(app: Flask) -> Iterator[None]:
    """The app's flags' timer running (tests turn timers off: this one is on), from the moment
    the test has seen what it must see before a flag."""
    stop = flags.start(app, 0.25)
    try:
        yield
    finally:
        stop.set()


def stored(app: Flask, game_id: str) -> Game:
    """The game as stored, read without the use cases (which would end it themselves)."""
    row = app.extensions["mancala_store"].load(game_id)
    assert row is not None
    return Game.from_row(row)


def rated_and_left(host: FlaskClient, friend: FlaskClient) -> dict[str, Any]:
    """A rated game with a 3 s clock between Ama and Kofi, two moves in (each side's first is
    free; Kofi's earns an extra turn, so his clock runs), then left by both: nobody reads it
    again."""
    ok(host.put("/api/me", json={"name": "Ama"}))
    ok(friend.put("/api/me", json={"name": "Kofi"}))
    sent = {"mode": "remote", "rated": True, "first": 0, "clock": SHORT}
    game = ok(host.post("/api/games", json=sent), 201)
    game = ok(friend.post(f"/api/games/{game['id']}/join", json={}))
    moved = play(friend, play(host, game, 0), 2)  # c: an extra turn, Kofi's clock runs
    assert moved["clock"]["running"] == 1 and moved["status"] == "playing"
    return moved


# -- the store's deadline ------------------------------------------------------------------------


def test_a_running_clock_or_first_move_window_is_a_deadline_in_an_indexed_column(
    app: Flask, host: FlaskClient, friend: FlaskClient
) -> None:
    store = app.extensions["mancala_store"]
    sent = {"mode": "remote", "first": 0, "clock": SHORT}
    game = ok(host.post("/api/games", json=sent), 201)
    assert store.past_deadline(time.time() + 3600) == []  # an invite: no time runs
    joined = ok(friend.post(f"/api/games/{game['id']}/join", json={}))
    window = stored(app, game["id"]).data["start_wait"]
    assert store.past_deadline(float(window["until"]) - 0.01) == []
    assert store.past_deadline(float(window["until"])) == [game["id"]]
    moved = play(friend, play(host, joined, 0), 2)  # both first moves: a clock runs
    timer = stored(app, game["id"]).data["clock"]
    assert timer["running"] is not None
    flag_at = float(timer["since"]) + timer["remaining_ms"][timer["running"]] / 1000
    assert clock.deadline(timer, None) == flag_at
    assert store.past_deadline(flag_at - 0.01) == [] and store.past_deadline(flag_at) == [
        game["id"]
    ]
    ok(host.post(f"/api/games/{game['id']}/resign", json={"version": moved["version"]}))
    assert store.past_deadline(time.time() + 3600) == []  # over: no deadline
    with sqlite3.connect(store.path) as db:
        plan = " ".join(
            str(r)
            for r in db.execute(
                "EXPLAIN QUERY PLAN SELECT id FROM games WHERE deadline IS NOT NULL AND "
                "deadline <= 1e12 ORDER BY deadline LIMIT 50"
            )
        )
    assert "games_deadline" in plan, plan  # a range of the index, not a scan of every game


def clocked_local_game(app: Flask, timer: dict[str, float] = SHORT) -> dict[str, Any]:
    """A game on one screen with a 3 s clock (or ``timer``), seat 0's running."""
    client = app.test_client()
    game = ok(client.post("/api/games", json={"mode": "local", "clock": timer}), 201)
    moved = play(client, play(client, game, 0), 0)
    assert moved["clock"]["running"] == 0
    return moved


def test_a_store_from_before_the_deadline_column_learns_each_running_games_deadline(
    app: Flask, tmp_path: Path
) -> None:
    game = clocked_local_game(app)
    data = stored(app, game["id"]).data
    path = str(tmp_path / "v3.sqlite3")
    Store(path, describe=describe).create("running", data, [])
    Store(path, describe=describe).create("over", dict(data, resigned=0), [])
    with sqlite3.connect(path) as db:  # as the store was before deadlines had a column
        db.execute("DROP INDEX games_deadline")
        db.execute("ALTER TABLE games DROP COLUMN deadline")
        db.execute("PRAGMA user_version = 3")
    store = Store(path, describe=describe)
    assert store.past_deadline(time.time() + 60) == ["running"]
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 4
        names_ = [r[1] for r in db.execute("PRAGMA index_list(games)")]
        assert "games_deadline" in names_


def test_a_postgresql_store_from_before_migration_9_learns_each_running_games_deadline(
    app: Flask, postgres_url: str
) -> None:
    import psycopg

    from app.store.postgres import PostgresStore

    data = stored(app, clocked_local_game(app)["id"]).data
    store = PostgresStore(postgres_url, describe=describe)
    store.create("running", data, [])
    store.create("over", dict(data, resigned=0), [])
    store.close()
    with psycopg.connect(postgres_url, autocommit=True) as db:  # as it was before migration 9
        db.execute("ALTER TABLE games DROP COLUMN deadline")  # its index goes with it
        db.execute("DELETE FROM schema_migrations WHERE version >= 9")
    store = PostgresStore(postgres_url, describe=describe)
    try:
        assert store.past_deadline(time.time() + 60) == ["running"]
        assert store.past_deadline(time.time() - 60) == []
    finally:
        store.close()


# -- ended unwatched -----------------------------------------------------------------------------


def test_a_rated_game_both_players_left_ends_on_time_unwatched_and_settles(
    app: Flask, host: FlaskClient, friend: FlaskClient
) -> None:
    store = app.extensions["mancala_store"]
    lobby = LobbyStore(store)
    game = rated_and_left(host, friend)
    listed = ok(app_client(app).get("/api/lobby"))
    assert game["id"] in [g["id"] for g in listed["games"]]  # being played
    before = lobby.version()
    ama, kofi = names.device_of(store, "Ama"), names.device_of(store, "Kofi")
    assert ama is not None and kofi is not None
    with ticking(app):
        until(lambda: RatingTables(store).ratings_of(ama), what="Ama's rating settled, unwatched")
    over = stored(app, game["id"])
    assert over.ended_by == "time" and over.flagged == 1 and over.data["clock"]["running"] is None
    win, loss = rate_game(Rating(), Rating(), 1.0), rate_game(Rating(), Rating(), 0.0)
    assert round(RatingTables(store).ratings_of(ama)[0].rating, 6) == round(win.r, 6)
    assert round(RatingTables(store).ratings_of(kofi)[0].rating, 6) == round(loss.r, 6)
    assert len(RatingTables(store).changes_in(game["id"])) == 2  # settled once
    assert lobby.version() > before  # the home page's long-poll is woken
    looked = ok(app_client(app).get("/api/lobby"))
    assert game["id"] not in [g["id"] for g in looked["games"]]
    page = ok(host.get("/api/players/Ama"))
    assert page["current"] == []  # "Playing now" no longer lists it
    assert [g["result"] for g in page["games"]] == ["win"]
    seen = ok(friend.get(f"/api/games/{game['id']}"))
    assert seen["result"]["text"] == "You ran out of time: you lost"
    assert seen["ratings"]["settled"] is True


def test_a_tournament_game_lost_on_time_unwatched_pairs_the_next_round(app: Flask) -> None:
    """A round robin played twice between Ama and Kofi: the first game is left with a clock
    running; its flag settles the tournament, and the second game is paired, nobody reading
    either the game or the tournament (a read would settle it itself)."""
    store = app.extensions["mancala_store"]
    ama, kofi = app.test_client(), app.test_client()
    sent = {"name": "Friday", "system": "round_robin", "variant": "kalah", "you": "Ama"}
    six = {"minutes": 0.1, "increment": 0}
    made = ok(ama.post("/api/tournaments", json=dict(sent, clock=six, cycles=2)), 201)
    tid = made["id"]
    ok(kofi.post(f"/api/tournaments/{tid}/join", json={"name": "Kofi"}))
    ok(ama.post(f"/api/tournaments/{tid}/start", json={}))
    gid = ok(ama.get(f"/api/tournaments/{tid}"))["your_game"]
    players = [ama, kofi]
    for _ in range(8):  # each side's first move, until a clock runs
        views = [ok(p.get(f"/api/games/{gid}")) for p in players]
        if views[0]["clock"]["running"] is not None:
            break
        mover = next(i for i, v in enumerate(views) if v["your_turn"])
        play(players[mover], views[mover], views[mover]["legal_moves"][0])
    assert stored(app, gid).data["clock"]["running"] is not None and not stored(app, gid).over
    tournaments = TournamentStore(store)

    def paired() -> list[dict[str, Any]] | None:
        row = tournaments.load(tid)
        assert row is not None
        games = row.data["games"]
        return games if len(games) == 2 else None

    with ticking(app):
        games = until(paired, what="the next round paired, nobody watching")
    assert stored(app, gid).ended_by == "time"
    assert games[0]["score"] is not None and games[1]["score"] is None


def app_client(app: Flask) -> FlaskClient:
    """A spectator's browser."""
    return app.test_client()


def test_an_unstarted_game_is_aborted_when_its_first_move_window_closes_and_leaves_the_lobby(
    app: Flask, host: FlaskClient, friend: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(clock, "START_SECONDS", 1.5)  # the window is 30 s in play
    store = app.extensions["mancala_store"]
    lobby = LobbyStore(store)
    spectator = app_client(app)
    sent = {"mode": "remote", "first": 0, "clock": {"minutes": 5, "increment": 3}}
    game = ok(host.post("/api/games", json=sent), 201)
    game = ok(friend.post(f"/api/games/{game['id']}/join", json={}))
    assert game["start_wait"] is not None
    assert game["id"] in [g["id"] for g in ok(spectator.get("/api/lobby"))["games"]]
    before = lobby.version()
    with ticking(app):
        until(lambda: stored(app, game["id"]).over, what="the game aborted, nobody watching")
    over = stored(app, game["id"])
    assert over.ended_by == "aborted" and over.aborted == {
        "by": None,
        "late": 0,
        "seconds": 1.5,
    }
    until(lambda: lobby.version() > before, timeout=10, what="the lobby's version moved on")
    assert game["id"] not in [g["id"] for g in ok(spectator.get("/api/lobby"))["games"]]


def test_time_when_no_server_was_up_is_not_charged_the_deadline_moves_instead(
    app: Flask,
) -> None:
    """Seat 0's 12 s ran from 14 s ago, but no server was up from 13.5 s to 0.5 s ago: it has
    used 0.5 s, so the timer writes the rebased clock (its deadline 11 s ahead), not a flag."""
    store = app.extensions["mancala_store"]
    now = time.time()
    store.set_mark(f"outage:{now - 13.5!r}", now - 0.5, replace=False)
    client = app.test_client()
    sent = {"mode": "local", "clock": {"minutes": 0.2, "increment": 0}}
    game = ok(client.post("/api/games", json=sent), 201)
    game = play(client, play(client, game, 0), 0)
    row = store.load(game["id"])
    timer = dict(row.data["clock"], since=now - 14.0)
    store.save(game["id"], row.version, dict(row.data, clock=timer))
    assert store.past_deadline(time.time()) == [game["id"]]  # by the column: due 2 s ago
    assert flags.Flags(app).run_once() == 0
    kept = stored(app, game["id"])
    assert not kept.over and kept.version == row.version + 2
    assert kept.data["clock"]["since"] == pytest.approx(now - 0.5)
    assert kept.data["clock"]["remaining_ms"][0] == 11_500
    assert store.past_deadline(time.time()) == []
    assert store.past_deadline(now + 11.0 + 0.01) == [game["id"]]


def test_one_process_takes_each_turn_and_the_others_wait_for_the_next(app: Flask) -> None:
    """Two timers on one store (two workers, or two hosts): the claim is the store's."""
    store = app.extensions["mancala_store"]
    first = clocked_local_game(app)
    second = clocked_local_game(app, {"minutes": 0.1, "increment": 0})  # 6 s: later
    one, other = flags.Flags(app, every=60.0), flags.Flags(app, every=60.0)
    until(lambda: store.past_deadline(time.time()), timeout=30, what="the first flag fell")
    assert one.run_once() == 1
    assert [stored(app, g["id"]).over for g in (first, second)] == [True, False]
    until(lambda: store.past_deadline(time.time()), timeout=30, what="the second flag fell")
    assert other.run_once() == 0  # its turn comes when the claim is old
    assert not stored(app, second["id"]).over
    store.set_mark(flags.JOB, 0.0)  # as if the claim were made a minute ago
    assert other.run_once() == 1
    assert stored(app, second["id"]).ended_by == "time"
    assert store.past_deadline(time.time()) == []


def test_many_flags_at_once_end_in_one_turn(app: Flask) -> None:
    """More games past their deadline than one read takes: the turn reads on."""
    store = app.extensions["mancala_store"]
    games = [clocked_local_game(app) for _ in range(5)]
    until(lambda: len(store.past_deadline(time.time())) == 5, timeout=30, what="five flags")
    assert flags.Flags(app, batch=2).run_once() == 5
    assert all(stored(app, g["id"]).ended_by == "time" for g in games)


def test_a_process_told_to_stop_ends_nothing(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """A gunicorn worker that was told to stop is no longer a server up for clocks (its
    silence becomes an outage): its timer leaves the games alone."""
    store = app.extensions["mancala_store"]
    game = clocked_local_game(app)
    until(lambda: store.past_deadline(time.time()), timeout=30, what="the flag fell")
    monkeypatch.setattr(flags, "serving", lambda: False)
    assert flags.Flags(app).run_once() == 0 and not stored(app, game["id"]).over


# -- the real server, and two hosts --------------------------------------------------------------


def token_of(server: Server) -> str:
    """A new device's seat token, issued by the server (as a bot asks for one)."""
    status, game = server.request("POST", "/api/games", {"mode": "local", "seat_token": True})
    assert status == 201, game
    return str(game["seat_token"])


def left_on(servers: list[Server]) -> tuple[str, str, str, float]:
    """A rated game with a 3 s clock between Ama and Kofi, through ``servers`` in turn, two
    moves in and left: its id, Ama's and Kofi's tokens, and when Kofi's flag falls."""
    a, b = servers[0], servers[-1]
    ama, kofi = token_of(a), token_of(b)
    assert a.request("PUT", "/api/me", {"name": "Ama"}, token=ama)[0] == 200
    assert b.request("PUT", "/api/me", {"name": "Kofi"}, token=kofi)[0] == 200
    sent = {"mode": "remote", "rated": True, "first": 0, "clock": SHORT}
    status, game = a.request("POST", "/api/games", sent, token=ama)
    assert status == 201, game
    gid = game["id"]
    status, game = b.request("POST", f"/api/games/{gid}/join", {}, token=kofi)
    assert status == 200, game
    for server, token, pit in ((a, ama, 0), (b, kofi, 2)):
        body = {"pit": pit, "version": game["version"]}
        status, game = server.request("POST", f"/api/games/{gid}/moves", body, token=token)
        assert status == 200, game
    assert game["clock"]["running"] == 1
    flag_at = game["server_time_ms"] / 1000 + game["clock"]["remaining_ms"][1] / 1000
    return gid, ama, kofi, flag_at


def player(server: Server, name: str, token: str) -> dict[str, Any]:
    status, page = server.request("GET", f"/api/players/{name}", token=token)
    assert status == 200, page
    return page  # type: ignore[no-any-return]


@pytest.mark.slow
def test_on_the_real_server_a_flag_is_settled_unwatched_and_the_room_is_told(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path / "instance", WORKERS="2", THREADS="16").start()
    try:
        spectator = token_of(server)
        status, room = server.request("GET", "/api/lobby", token=spectator)
        assert status == 200, room
        gid, ama, kofi, flag_at = left_on([server])

        def room_with_it() -> dict[str, Any] | None:
            # The games being played are one shared list per lobby version and second (a new
            # game does not move the lobby's version), so the room shows it within a second.
            status, room = server.request("GET", "/api/lobby", token=spectator)
            assert status == 200, room
            return room if gid in [g["id"] for g in room["games"]] else None

        room = until(room_with_it, timeout=5, what="the room lists the game being played")
        seen = room["version"]
        path = str(tmp_path / "instance" / "mancala.sqlite3")
        observer = Store(path)

        def ended_at() -> float | None:
            row = observer.load(gid)
            return row.updated if row is not None and row.data.get("flagged") == 1 else None

        ended = until(ended_at, what="the game ended on the real server, nobody watching")
        print(f"flag at {flag_at:.2f}, ended {ended - flag_at:.2f} s after")  # the report's figure

        def room_without_it() -> dict[str, Any] | None:
            status, room = server.request(
                "GET", f"/api/lobby?since={seen}", token=spectator, timeout=20
            )
            assert status == 200, room
            return None if gid in [g["id"] for g in room["games"]] else room

        room = until(room_without_it, what="the room dropped the game")
        assert room["version"] > seen
        page = until(lambda: player(server, "Ama", ama)["ratings"], what="Ama's rating")
        assert page[0]["games"] == 1 and page[0]["rating"] > 1500
        assert player(server, "Kofi", kofi)["current"] == []
    finally:
        server.stop()


@pytest.mark.slow
def test_with_two_hosts_on_postgresql_a_flag_is_settled_once(
    tmp_path: Path, postgres_url: str
) -> None:
    hosts = [
        Server(
            tmp_path / name,
            MANCALA_DATABASE_URL=postgres_url,
            MANCALA_SECRET_KEY="one-key-for-every-host",
            WORKERS="2",
            THREADS="16",
        )
        for name in ("a", "b")
    ]
    started: list[Server] = []
    try:
        for host in hosts:
            started.append(host.start())
        gid, ama, kofi, _ = left_on(hosts)
        page = until(lambda: player(hosts[1], "Kofi", kofi)["ratings"], what="Kofi's rating")
        assert page[0]["games"] == 1 and page[0]["rating"] < 1500
        import psycopg

        with psycopg.connect(postgres_url) as db:
            changes = db.execute(
                "SELECT COUNT(*) FROM rating_history WHERE game_id = %s", (gid,)
            ).fetchone()
        assert changes == (2,)  # once, whichever host's worker took the turn
        assert player(hosts[0], "Ama", ama)["current"] == []
    finally:
        for host in started:
            host.stop()
