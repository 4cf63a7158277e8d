"""Tournaments live, through the JSON API: create, join, the director's controls, games made
through the games service, results recorded and the next round paired exactly once, exports,
and a 4xx that says what was wrong for every bad input."""

from __future__ import annotations

import csv
import io
import threading

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.games import Game
from app.tournaments.service import Tournaments
from app.tournaments.store import TournamentStore

NAMES = ["Ama", "Kofi", "Esi", "Yaw"]


def make(client: FlaskClient, **body: object) -> dict:
    sent = {"name": "Friday", "system": "round_robin", "variant": "kalah", **body}
    r = client.post("/api/tournaments", json=sent)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def read(client: FlaskClient, tid: str) -> dict:
    r = client.get(f"/api/tournaments/{tid}")
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def finish(client: FlaskClient, game_id: str, how: str, other: FlaskClient) -> None:
    """End a game: ``resign`` (the client loses) or ``draw`` (agreed)."""
    version = client.get(f"/api/games/{game_id}").get_json()["version"]
    if how == "resign":
        r = client.post(f"/api/games/{game_id}/resign", json={"version": version})
        assert r.status_code == 200, r.get_json()
        return
    r = client.post(f"/api/games/{game_id}/draw", json={"version": version})
    assert r.status_code == 200, r.get_json()
    version = other.get(f"/api/games/{game_id}").get_json()["version"]
    r = other.post(f"/api/games/{game_id}/draw", json={"version": version, "action": "accept"})
    assert r.status_code == 200, r.get_json()


@pytest.fixture
def four(app: Flask) -> tuple[str, dict[str, FlaskClient]]:
    """A round robin with four players joined (Ama directs), not started."""
    clients = {n: app.test_client() for n in NAMES}
    t = make(clients["Ama"], you="Ama", clock={"minutes": 5, "increment": 2})
    for n in NAMES[1:]:
        r = clients[n].post(f"/api/tournaments/{t['id']}/join", json={"name": n})
        assert r.status_code == 200, r.get_json()
    return t["id"], clients


def test_a_four_player_round_robin_to_its_end(four: tuple[str, dict[str, FlaskClient]]) -> None:
    tid, clients = four
    ids = {p["name"]: p["id"] for p in read(clients["Ama"], tid)["players"]}
    assert ids == {"Ama": "p1", "Kofi": "p2", "Esi": "p3", "Yaw": "p4"}
    r = clients["Kofi"].post(f"/api/tournaments/{tid}/start", json={})
    assert r.status_code == 403 and "director" in r.get_json()["message"]
    r = clients["Ama"].post(f"/api/tournaments/{tid}/start", json={})
    assert r.status_code == 200, r.get_json()
    # Berger for 4: R1 Ama-Yaw, Kofi-Esi; R2 Yaw-Esi, Ama-Kofi; R3 Kofi-Yaw, Esi-Ama.
    # The one who loses: R1 Yaw resigns, Kofi & Esi draw; R2 Yaw resigns, Ama & Kofi draw;
    # R3 Yaw resigns, Ama resigns.
    plan = {
        1: [("Ama", "Yaw", "Yaw", "resign"), ("Kofi", "Esi", "Kofi", "draw")],
        2: [("Yaw", "Esi", "Yaw", "resign"), ("Ama", "Kofi", "Ama", "draw")],
        3: [("Kofi", "Yaw", "Yaw", "resign"), ("Esi", "Ama", "Ama", "resign")],
    }
    by_name = {v: k for k, v in ids.items()}
    for rnd, games in plan.items():
        t = read(clients["Esi"], tid)
        assert t["round"] == rnd and t["status"] == "running"
        now = [(by_name[g["white"]], by_name[g["black"]]) for g in t["games"] if g["round"] == rnd]
        assert now == [(w, b) for w, b, _, _ in games]
        for white, black, actor, how in games:
            mine = read(clients[white], tid)["your_game"]
            assert mine == read(clients[black], tid)["your_game"] is not None
            game = clients[white].get(f"/api/games/{mine}").get_json()
            assert game["mode"] == "remote" and game["clock"] is not None
            assert [s["name"].removesuffix(" (you)") for s in game["seats"]] == [white, black]
            assert game["your_turn"] is True  # white moves first
            assert game["tournament"] == {"id": tid, "name": "Friday", "url": f"/tournaments/{tid}"}
            finish(clients[actor], mine, how, clients[black if actor == white else white])
    t = read(clients["Yaw"], tid)
    assert t["status"] == "finished"
    # Points: Ama 1+½+0 = 1.5; Kofi ½+½+1 = 2; Esi ½+1+1 = 2.5; Yaw 0+0+0 = 0.
    # SB: Esi = Kofi 2*½ + Yaw 0*1 + Ama 1.5*1 = 2.5; Kofi = Esi 2.5*½ + Ama 1.5*½ + Yaw 0 = 2;
    # Ama = Yaw 0*1 + Kofi 2*½ + Esi 2.5*0 = 1;
    # Buchholz: Esi = 2+0+1.5 = 3.5; Kofi = 2.5+1.5+0 = 4; Ama = 0+2+2.5 = 4.5; Yaw = 6.
    got = [(s["name"], s["points"], s["sonneborn_berger"], s["buchholz"]) for s in t["standings"]]
    assert got == [
        ("Esi", 2.5, 2.5, 3.5),
        ("Kofi", 2.0, 2.0, 4.0),
        ("Ama", 1.5, 1.0, 4.5),
        ("Yaw", 0.0, 0.0, 6.0),
    ]
    assert [(row["name"], row["cells"]) for row in t["cross_table"]] == [
        ("Esi", ["", "½", "1", "1"]),
        ("Kofi", ["½", "", "½", "1"]),
        ("Ama", ["0", "½", "", "1"]),
        ("Yaw", ["0", "0", "0", ""]),
    ]
    assert [g["result"] for g in t["games"]] == ["1-0", "½-½", "0-1", "½-½", "1-0", "1-0"]
    exported = clients["Yaw"].get(f"/api/tournaments/{tid}/export?format=json").get_json()
    assert exported["standings"] == t["standings"] and "you" not in exported
    text = clients["Yaw"].get(f"/api/tournaments/{tid}/export?format=csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:5] == ["rank", "name", "points", "sonneborn_berger", "buchholz"]
    assert rows[1][:5] == ["1", "Esi", "2.5", "2.5", "3.5"]
    assert len(rows) == 5
    listed = clients["Yaw"].get("/api/tournaments").get_json()["tournaments"]
    assert [(x["name"], x["status"], x["leader"]) for x in listed] == [
        ("Friday", "finished", {"name": "Esi", "points": 2.5})
    ]
    # The lobby lists the finished games, each linked to its review; no rematch outside the
    # tournament's pairing.
    listed = clients["Yaw"].get("/api/lobby").get_json()["tournament_games"]
    assert sorted(g["url"] for g in listed) == sorted(f"/game/{g['game']}" for g in t["games"])
    assert {g["tournament"] for g in listed} == {"Friday"}
    last = t["games"][-1]["game"]
    version = clients["Esi"].get(f"/api/games/{last}").get_json()["version"]
    r = clients["Esi"].post(f"/api/games/{last}/rematch", json={"version": version})
    assert r.status_code == 409 and "tournament" in r.get_json()["message"], r.get_json()


def test_bad_input_is_a_4xx_that_says_what(app: Flask, client: FlaskClient) -> None:
    bad = [
        ({"name": ""}, 400, "name"),
        ({"name": "x", "system": "knockout"}, 400, "system"),
        ({"name": "x", "variant": "chess"}, 400, "chess"),
        ({"name": "x", "clock": {"minutes": -1}}, 400, "clock"),
        ({"name": "x", "rated": "yes"}, 400, "rated"),
        ({"name": "x", "cycles": 3}, 400, "cycles"),
        ({"name": "x", "system": "arena", "rounds": 3}, 400, "rounds"),
        ({"name": "x", "colour": "red"}, 400, "colour"),
        ({"name": "x", "you": "\u200b"}, 400, "visible"),
    ]
    for body, status, word in bad:
        r = client.post("/api/tournaments", json=body)
        assert r.status_code == status, (body, r.get_json())
        err = r.get_json()
        assert set(err) >= {"error", "message", "status"} and word in err["message"], err
    assert client.get("/api/tournaments/nope").status_code == 404
    assert client.get("/tournaments/nope").status_code == 404
    t = make(client, you="Ama")
    tid = t["id"]
    for path, body, status in [
        ("join", {"name": ""}, 400),
        ("join", {"name": "Ama"}, 409),  # already in
        ("join", {"name": "Bo", "x": 1}, 400),
        ("computer", {"level": "godlike"}, 400),
        ("computer", {"algorithm": "magic"}, 400),
        ("pause", {"paused": "yes"}, 400),
        ("pause", {"paused": True}, 409),  # not running
        ("remove", {"player": 3}, 400),
        ("remove", {"player": "p9"}, 400),
        ("start", {}, 409),  # one player
    ]:
        before = read(client, tid)["version"]
        r = client.post(f"/api/tournaments/{tid}/{path}", json=body)
        assert r.status_code == status, (path, body, r.get_json())
        assert read(client, tid)["version"] == before
    r = client.post(f"/api/tournaments/{tid}/join", data="{", content_type="application/json")
    assert r.status_code == 400
    assert client.get(f"/api/tournaments/{tid}?since=x").status_code == 400
    assert client.get(f"/api/tournaments/{tid}/export?format=xml").status_code == 400
    other = app.test_client()
    r = other.post(f"/api/tournaments/{tid}/join", json={"name": "ama"})
    assert r.status_code == 409 and "taken" in r.get_json()["message"]
    assert other.post(f"/api/tournaments/{tid}/end", json={}).status_code == 403
    assert client.post(f"/api/tournaments/{tid}/end", json={}).status_code == 200  # called off
    assert read(client, tid)["status"] == "finished"
    r = client.post(f"/api/tournaments/{tid}/end", json={})
    assert r.status_code == 409 and "over" in r.get_json()["message"]
    r = other.post(f"/api/tournaments/{tid}/join", json={"name": "Bo"})
    assert r.status_code == 409 and "over" in r.get_json()["message"]


def test_the_computer_plays_its_games_through_the_queue(app: Flask, client: FlaskClient) -> None:
    t = make(client, you="Ama")
    tid = t["id"]
    r = client.post(f"/api/tournaments/{tid}/computer", json={"level": "beginner"})
    assert r.status_code == 200, r.get_json()
    assert [p["name"] for p in r.get_json()["players"]] == ["Ama", "Computer (beginner)"]
    r = client.post(f"/api/tournaments/{tid}/computer", json={"level": "easy"})
    assert client.post(f"/api/tournaments/{tid}/start", json={}).status_code == 200
    t = read(client, tid)
    # Three players: each round one sits out (a bye, no points in a round robin).
    assert [g["result"] for g in t["games"] if g["round"] == 1] == ["playing", "bye"]
    game_id = next(g["game"] for g in t["games"] if g["game"])
    g = client.get(f"/api/games/{game_id}").get_json()
    assert g["mode"] == "watch"  # the two computers
    assert {s["kind"] for s in g["seats"]} == {"computer"}


def settled_games(app: Flask, tid: str) -> list[dict]:
    with app.app_context():
        from app.tournaments.routes import get_tournaments

        return get_tournaments().row(tid).data["games"]


def test_two_hosts_settling_at_once_pair_each_round_once(
    app: Flask, four: tuple[str, dict[str, FlaskClient]]
) -> None:
    tid, clients = four
    assert clients["Ama"].post(f"/api/tournaments/{tid}/start", json={}).status_code == 200
    for entry in settled_games(app, tid):
        mine = entry["game"]
        white = [n for n in NAMES if read(clients[n], tid)["your_game"] == mine][0]
        finish(clients[white], mine, "resign", clients[white])
    with app.app_context():
        from app.games.service import get_games
        from app.store import get_store

        hosts = [Tournaments(TournamentStore(get_store()), get_games()) for _ in range(4)]
        barrier = threading.Barrier(4)
        errors: list[BaseException] = []

        def settle(host: Tournaments) -> None:
            with app.app_context():
                barrier.wait()
                try:
                    host.settle(tid)
                except BaseException as exc:  # noqa: BLE001
                    errors.append(exc)

        threads = [threading.Thread(target=settle, args=(h,)) for h in hosts]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert errors == []
    games = settled_games(app, tid)
    assert [g["round"] for g in games] == [1, 1, 2, 2]
    with app.app_context():
        from app.games.service import get_games

        for g in games[2:]:
            loaded: Game = get_games().load(g["game"])  # each listed game exists, once
            assert loaded.data["tournament"]["id"] == tid and not loaded.over


def test_an_aborted_game_is_played_again_not_forfeited(
    slow_polls: Flask,
) -> None:
    clients = {n: slow_polls.test_client() for n in NAMES[:2]}
    t = make(clients["Ama"], you="Ama", clock={"minutes": 1, "increment": 0})
    tid = t["id"]
    clients["Kofi"].post(f"/api/tournaments/{tid}/join", json={"name": "Kofi"})
    clients["Ama"].post(f"/api/tournaments/{tid}/start", json={})
    first = read(clients["Ama"], tid)["your_game"]
    # Ama makes no first move: the game is called off without a result (as a lost connection).
    version = clients["Ama"].get(f"/api/games/{first}").get_json()["version"]
    r = clients["Ama"].post(f"/api/games/{first}/abort", json={"version": version})
    assert r.status_code == 200, r.get_json()
    t = read(clients["Kofi"], tid)
    assert t["games"][0]["result"] == "playing"
    again = t["your_game"]
    assert again is not None and again != first
    game = clients["Ama"].get(f"/api/games/{again}").get_json()
    assert game["status"] != "over"
    assert [s["name"].removesuffix(" (you)") for s in game["seats"]] == ["Ama", "Kofi"]


def test_arena_pairs_the_free_again_at_once(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    clients = {n: app.test_client() for n in NAMES}
    t = make(clients["Ama"], system="arena", minutes=10, you="Ama")
    tid = t["id"]
    for n in NAMES[1:]:
        clients[n].post(f"/api/tournaments/{tid}/join", json={"name": n})
    clients["Ama"].post(f"/api/tournaments/{tid}/start", json={})
    t = read(clients["Ama"], tid)
    assert len(t["games"]) == 2 and t["seconds_left"] > 500
    # Each first game's black resigns: the two winners meet next, and the two losers.
    for g in t["games"]:
        black = next(n for n in NAMES if read(clients[n], tid)["you"] == g["black"])
        finish(clients[black], g["game"], "resign", clients[black])
    # The request that ended each game recorded it and paired the next at once (the end-of-game
    # hook), before anyone reads the tournament.
    assert [g["score"] for g in settled_games(app, tid)] == [1.0, 1.0, None, None]
    t = read(clients["Ama"], tid)
    assert [g["result"] for g in t["games"]] == ["1-0", "1-0", "playing", "playing"]
    winners = {t["games"][0]["white"], t["games"][1]["white"]}
    assert {t["games"][2]["white"], t["games"][2]["black"]} == winners
    assert [s["points"] for s in t["standings"]] == [2, 2, 0, 0]
    # The page lists the games being played and the latest ended (here: 1); the export all.
    monkeypatch.setattr("app.tournaments.view.SHOWN_ARENA_GAMES", 1)
    t = read(clients["Esi"], tid)  # a version not yet described
    clients["Ama"].post(f"/api/tournaments/{tid}/pause", json={"paused": True})
    t = read(clients["Esi"], tid)
    assert [g["result"] for g in t["games"]] == ["1-0", "playing", "playing"]
    exported = clients["Esi"].get(f"/api/tournaments/{tid}/export").get_json()
    assert [g["result"] for g in exported["games"]] == ["1-0", "1-0", "playing", "playing"]
    clients["Ama"].post(f"/api/tournaments/{tid}/pause", json={"paused": False})
    # Yaw leaves (pauses): not paired again until he comes back.
    yaw = clients["Yaw"]
    mine = read(yaw, tid)["your_game"]
    assert yaw.post(f"/api/tournaments/{tid}/leave", json={}).status_code == 200
    opponent_game = read(yaw, tid)
    assert opponent_game["your_state"] == "left" and opponent_game["can_join"]
    assert yaw.post(f"/api/tournaments/{tid}/join", json={"name": "Yaw"}).status_code == 200
    assert read(yaw, tid)["your_game"] == mine  # his game went on meanwhile


def test_swiss_with_a_pause_and_a_removal(app: Flask) -> None:
    names = ["Ama", "Kofi", "Esi", "Yaw", "Abena"]
    clients = {n: app.test_client() for n in names}
    t = make(clients["Ama"], system="swiss", rounds=4, you="Ama")
    tid = t["id"]
    for n in names[1:]:
        clients[n].post(f"/api/tournaments/{tid}/join", json={"name": n})
    director = clients["Ama"]
    assert director.post(f"/api/tournaments/{tid}/start", json={}).status_code == 200
    ids = {p["name"]: p["id"] for p in read(director, tid)["players"]}
    by_id = {v: k for k, v in ids.items()}

    def play_round(paused_after: bool = False) -> dict:
        t = read(director, tid)
        games = [g for g in t["games"] if g["round"] == t["round"]]
        for g in games:
            if g["result"] == "playing":  # white wins every game
                black = by_id[g["black"]]
                finish(clients[black], g["game"], "resign", clients[black])
        return read(director, tid)

    t = read(director, tid)
    round1 = [g for g in t["games"] if g["round"] == 1]
    assert sum(g["result"] == "bye" for g in round1) == 1 and len(round1) == 3
    # The director pauses: round 1 ends, round 2 is not paired until resumed.
    r = director.post(f"/api/tournaments/{tid}/pause", json={"paused": True})
    assert r.status_code == 200 and r.get_json()["status"] == "paused"
    t = play_round()
    assert t["round"] == 1 and all(g["result"] != "playing" for g in t["games"])
    r = director.post(f"/api/tournaments/{tid}/pause", json={"paused": False})
    assert r.get_json()["round"] == 2
    # Abena is removed: she is paired no more, and a game of hers not begun is a forfeit.
    r = director.post(f"/api/tournaments/{tid}/remove", json={"player": ids["Abena"]})
    assert r.status_code == 200
    t = play_round()
    t = play_round()
    # Four players left who met in rounds 1 to 3 (p1-p2, p3-p4, p2-p4, p2-p3, p4-p1): no round 4
    # without a repeat, so the tournament ends after round 3.
    assert t["status"] == "finished" and t["round"] == 3
    pairs = [frozenset((g["white"], g["black"])) for g in t["games"] if g["black"]]
    assert len(pairs) == len(set(pairs))  # nobody met twice
    later = [g for g in t["games"] if g["round"] >= 3]
    assert all(ids["Abena"] not in (g["white"], g["black"]) for g in later)
    assert next(s for s in t["standings"] if s["name"] == "Abena")["state"] == "removed"
    byes = [g["white"] for g in t["games"] if g["result"] == "bye"]
    assert len(byes) == len(set(byes))  # a bye at most once each


def test_a_listed_game_a_dead_host_did_not_make_is_made_by_the_next_read(
    app: Flask, four: tuple[str, dict[str, FlaskClient]]
) -> None:
    tid, clients = four
    assert clients["Ama"].post(f"/api/tournaments/{tid}/start", json={}).status_code == 200
    with app.app_context():
        from app.tournaments.routes import get_tournaments

        tournaments = get_tournaments()
        row = tournaments.row(tid)
        doc = dict(row.data)
        entry = dict(doc["games"][0], game="made-by-nobody-yet")
        doc["games"] = [entry, *doc["games"][1:]]
        tournaments.store.save(tid, row.version, doc)  # the save, then the host "died"
    assert clients["Kofi"].get("/api/games/made-by-nobody-yet").status_code == 404
    white = next(n for n, c in clients.items() if read(c, tid)["you"] == entry["white"])
    assert read(clients[white], tid)["your_game"] == "made-by-nobody-yet"
    game = clients[white].get("/api/games/made-by-nobody-yet").get_json()
    assert game["tournament"]["id"] == tid and game["your_turn"] is True
