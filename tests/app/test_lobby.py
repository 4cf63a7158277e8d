"""The lobby on the SQLite store: who is here, seeks, challenges, quick messages, its long-poll,
its limits and its refusals (every one a 4xx JSON error that changes nothing)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.games import rematches
from app.games.errors import NotNow
from app.games.model import Game
from app.lobby import hooks
from app.store.json_types import JSONObject

OWARE_5_3 = {"variant": "oware", "clock": {"minutes": 5, "increment": 3}, "first": 0}


@pytest.fixture
def ama(app: Flask) -> FlaskClient:
    client = app.test_client()
    assert client.post("/api/lobby/here").status_code == 200  # a cookie, then in the room
    assert client.post("/api/lobby/here").json["in_room"]
    return client


@pytest.fixture
def ben(app: Flask) -> FlaskClient:
    client = app.test_client()
    assert client.post("/api/lobby/here").status_code == 200
    assert client.post("/api/lobby/here").json["in_room"]
    return client


@pytest.fixture
def cat(app: Flask) -> FlaskClient:
    client = app.test_client()
    assert client.post("/api/lobby/here").status_code == 200
    assert client.post("/api/lobby/here").json["in_room"]
    return client


def error(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.is_json and response.json["status"] == status
    assert response.json["error"] and response.json["message"]
    return response.json  # type: ignore[no-any-return]


def lobby(client: FlaskClient) -> dict[str, Any]:
    found = client.get("/api/lobby")
    assert found.status_code == 200
    return found.json  # type: ignore[no-any-return]


def test_who_is_here_lists_each_device_once_by_its_guest_name(
    ama: FlaskClient, ben: FlaskClient
) -> None:
    seen = lobby(ama)
    assert len(seen["here"]) == 2
    mine = [h for h in seen["here"] if h["you"]]
    assert len(mine) == 1 and mine[0]["name"] == seen["you"]["name"]
    assert mine[0]["name"] == f"Guest {seen['you']['tag'][:4]}"
    assert {h["tag"] for h in seen["here"]} == {seen["you"]["tag"], lobby(ben)["you"]["tag"]}


def test_a_seek_is_listed_in_words_and_taking_it_sends_both_to_one_game(
    ama: FlaskClient, ben: FlaskClient
) -> None:
    made = ama.post("/api/lobby/seeks", json=OWARE_5_3)
    assert made.status_code == 201
    seek = made.json
    name = lobby(ama)["you"]["name"]
    assert seek["text"] == f"{name} waits: Oware, 5+3, casual"
    listed = lobby(ben)["seeks"]
    assert [s["id"] for s in listed] == [seek["id"]] and not listed[0]["mine"]
    assert lobby(ama)["seeks"][0]["mine"]

    taken = ben.post(f"/api/lobby/seeks/{seek['id']}/join")
    assert taken.status_code == 201
    game = taken.json
    assert game["you"] == [1] and game["variant"] == "oware" and not game["waiting_for_seat"]
    assert game["clock"] is not None
    # The maker is sent to it at their next look (once), and holds seat 0.
    seen = lobby(ama)
    assert seen["go"] == f"/game/{game['id']}" and seen["seeks"] == []
    assert lobby(ama)["go"] is None
    assert ama.get(f"/api/games/{game['id']}").json["you"] == [0]
    assert lobby(ben)["seeks"] == []
    assert [g["id"] for g in lobby(ben)["games"]] == [game["id"]]  # being played: Watch
    assert all(h["playing"] for h in lobby(ben)["here"])


def test_players_at_a_table_count_as_here_though_they_left_the_home_page(
    app: Flask, ama: FlaskClient, ben: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    seek = ama.post("/api/lobby/seeks", json={"options": {"pits": 3, "seeds": 2}}).json
    gid = ben.post(f"/api/lobby/seeks/{seek['id']}/join").json["id"]
    later = time.time() + 170  # neither looked at the lobby since; both at the table, one moves
    monkeypatch.setattr(time, "time", lambda: later)
    game = ben.get(f"/api/games/{gid}").json
    assert ama.get(f"/api/games/{gid}").status_code == 200
    mover = ama if game["to_move"] == 0 else ben
    move = {"pit": game["legal_moves"][0], "version": game["version"]}
    assert mover.post(f"/api/games/{gid}/moves", json=move).status_code == 200
    monkeypatch.setattr(time, "time", lambda: later + 10)  # 3 min since either was home
    cat = app.test_client()
    assert cat.post("/api/lobby/here").status_code == 200
    assert cat.post("/api/lobby/here").json["in_room"]
    seen = lobby(cat)["here"]
    at_table = [(False, True), (False, True), (True, False)]  # Ama, Ben playing; Cat looks
    assert sorted((h["you"], h["playing"]) for h in seen) == at_table


def test_a_rated_seek_makes_a_rated_game_between_named_players(
    ama: FlaskClient, ben: FlaskClient, app: Flask
) -> None:
    refused = error(ama.post("/api/lobby/seeks", json={"rated": True}), 409)
    assert "name" in refused["message"]
    ama.put("/api/me", json={"name": "Ama"})
    seek = ama.post("/api/lobby/seeks", json={"rated": True}).json
    error(ben.post(f"/api/lobby/seeks/{seek['id']}/join"), 409)  # Ben has no name yet
    assert len(lobby(ben)["seeks"]) == 1
    ben.put("/api/me", json={"name": "Ben"})
    game = ben.post(f"/api/lobby/seeks/{seek['id']}/join").json
    with app.app_context():
        from app.store import get_store

        row = get_store().load(game["id"])
    assert row is not None and row.data["rated"] is True


def test_a_seek_taken_twice_is_refused_the_second_time(
    ama: FlaskClient, ben: FlaskClient, cat: FlaskClient
) -> None:
    seek = ama.post("/api/lobby/seeks", json={}).json
    assert ben.post(f"/api/lobby/seeks/{seek['id']}/join").status_code == 201
    error(cat.post(f"/api/lobby/seeks/{seek['id']}/join"), 409)
    assert cat.get("/api/games").json["games"] == []


def test_two_takers_racing_make_one_game(
    app: Flask, ama: FlaskClient, ben: FlaskClient, cat: FlaskClient
) -> None:
    seek = ama.post("/api/lobby/seeks", json={}).json
    answers: list[int] = []
    start = threading.Barrier(2)

    def take(client: FlaskClient) -> None:
        start.wait()
        answers.append(client.post(f"/api/lobby/seeks/{seek['id']}/join").status_code)

    threads = [threading.Thread(target=take, args=(c,)) for c in (ben, cat)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [201, 409]
    assert len(ama.get("/api/games").json["games"]) == 1


def test_the_maker_may_withdraw_a_seek_and_nobody_else_may(
    ama: FlaskClient, ben: FlaskClient
) -> None:
    seek = ama.post("/api/lobby/seeks", json={}).json
    error(ben.delete(f"/api/lobby/seeks/{seek['id']}"), 403)
    assert len(lobby(ben)["seeks"]) == 1
    assert ama.delete(f"/api/lobby/seeks/{seek['id']}").status_code == 200
    assert lobby(ben)["seeks"] == []
    error(ben.post(f"/api/lobby/seeks/{seek['id']}/join"), 404)
    error(ama.delete(f"/api/lobby/seeks/{seek['id']}"), 404)


def test_players_who_sit_down_withdraw_their_other_seeks(
    ama: FlaskClient, ben: FlaskClient, cat: FlaskClient
) -> None:
    first = ama.post("/api/lobby/seeks", json={}).json
    ama.post("/api/lobby/seeks", json={"variant": "oware"})
    ben.post("/api/lobby/seeks", json={"variant": "oware"})
    cat_seek = cat.post("/api/lobby/seeks", json={}).json
    challenge = ama.post("/api/lobby/challenges", json={"to": lobby(cat)["you"]["tag"]}).json
    assert ben.post(f"/api/lobby/seeks/{first['id']}/join").status_code == 201
    assert [s["id"] for s in lobby(cat)["seeks"]] == [cat_seek["id"]]
    assert [c["id"] for c in lobby(cat)["challenges"]["to_you"]] == [challenge["id"]]


def test_one_cannot_take_ones_own_seek(ama: FlaskClient) -> None:
    seek = ama.post("/api/lobby/seeks", json={}).json
    error(ama.post(f"/api/lobby/seeks/{seek['id']}/join"), 409)


def test_a_seek_goes_when_its_maker_leaves(
    ama: FlaskClient, ben: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    seek = ama.post("/api/lobby/seeks", json={}).json
    assert len(lobby(ben)["seeks"]) == 1
    later = time.time() + 60  # ama was last seen a minute ago; ben looks again now
    monkeypatch.setattr(time, "time", lambda: later)
    assert lobby(ben)["seeks"] == []
    error(ben.post(f"/api/lobby/seeks/{seek['id']}/join"), 404)  # swept away


def test_a_device_has_at_most_three_seeks_open(ama: FlaskClient, ben: FlaskClient) -> None:
    for _ in range(3):
        assert ama.post("/api/lobby/seeks", json={}).status_code == 201
    refused = error(ama.post("/api/lobby/seeks", json={}), 429)  # a cap: 429, Retry-After
    assert "at once" in refused["message"]
    assert len(lobby(ben)["seeks"]) == 3


@pytest.mark.parametrize(
    ("sent", "words"),
    [
        ({"variant": "chess"}, "unknown variant"),
        ({"mode": "computer"}, "unknown field 'mode'"),
        ({"rated": "yes"}, "'rated'"),
        ({"rated": True, "hints": True}, "hints"),
        ({"clock": {"minutes": -1}}, "clock"),
        ({"first": "computer"}, "'first'"),
        ({"options": {"pits": 99}}, "pits"),
    ],
)
def test_a_bad_seek_is_refused_saying_why(
    ama: FlaskClient, ben: FlaskClient, sent: JSONObject, words: str
) -> None:
    refused = error(ama.post("/api/lobby/seeks", json=sent), 400)
    assert words in refused["message"]
    assert lobby(ben)["seeks"] == []


def test_junk_to_the_lobby_gets_a_4xx_json_error(ama: FlaskClient) -> None:
    error(ama.post("/api/lobby/seeks", data="{", content_type="application/json"), 400)
    error(ama.post("/api/lobby/seeks", data="[]", content_type="application/json"), 400)
    error(ama.post("/api/lobby/seeks", data="x", content_type="text/plain"), 415)
    error(ama.get("/api/lobby?since=abc"), 400)
    error(ama.get("/api/lobby?since=-1"), 400)
    error(ama.post("/api/lobby/seeks/nope/join"), 404)
    error(ama.post("/api/lobby/seeks/nope/join", json={"x": 1}), 400)
    error(ama.post("/api/lobby/challenges", json={}), 400)
    error(ama.post("/api/lobby/challenges", json={"to": "nobody"}), 404)
    error(ama.post("/api/lobby/challenges/nope/accept"), 404)
    error(ama.post("/api/lobby/challenges/nope/decline"), 404)
    error(ama.put("/api/lobby/me", json={"quiet": "yes"}), 400)
    error(ama.put("/api/lobby/me", json={}), 400)


def test_a_challenge_is_shown_to_its_player_at_once_and_accepting_starts_the_game(
    app: Flask, ama: FlaskClient, ben: FlaskClient, cat: FlaskClient
) -> None:
    ben_tag = lobby(ben)["you"]["tag"]
    version = lobby(ben)["version"]
    woke: list[dict[str, Any]] = []
    thread = threading.Thread(
        target=lambda: woke.append(ben.get(f"/api/lobby?since={version}").json)
    )
    thread.start()
    time.sleep(0.05)
    made = ama.post("/api/lobby/challenges", json={"to": ben_tag, "variant": "oware"})
    assert made.status_code == 201
    thread.join()
    challenge = made.json
    assert woke and [c["id"] for c in woke[0]["challenges"]["to_you"]] == [challenge["id"]]
    assert lobby(ben)["seeks"] == []  # a challenge is not an open seek
    assert [c["id"] for c in lobby(ama)["challenges"]["yours"]] == [challenge["id"]]
    error(cat.post(f"/api/lobby/challenges/{challenge['id']}/accept"), 403)
    error(cat.post(f"/api/lobby/challenges/{challenge['id']}/decline"), 403)
    game = ben.post(f"/api/lobby/challenges/{challenge['id']}/accept")
    assert game.status_code == 201 and game.json["variant"] == "oware"
    assert lobby(ama)["go"] == f"/game/{game.json['id']}"


def test_a_declined_challenge_is_told_to_its_maker_once(ama: FlaskClient, ben: FlaskClient) -> None:
    ben_tag = lobby(ben)["you"]["tag"]
    challenge = ama.post("/api/lobby/challenges", json={"to": ben_tag}).json
    assert ben.post(f"/api/lobby/challenges/{challenge['id']}/decline").status_code == 200
    assert lobby(ben)["challenges"]["to_you"] == []
    told = lobby(ama)["challenges"]["declined"]
    assert [d["id"] for d in told] == [challenge["id"]]
    assert lobby(ama)["challenges"]["declined"] == []
    error(ben.post(f"/api/lobby/challenges/{challenge['id']}/accept"), 404)


def test_one_cannot_challenge_oneself(ama: FlaskClient) -> None:
    error(ama.post("/api/lobby/challenges", json={"to": lobby(ama)["you"]["tag"]}), 400)


def test_the_lobby_long_poll_wakes_when_a_seek_is_made(
    slow_polls: Flask,
) -> None:
    ama, ben = slow_polls.test_client(), slow_polls.test_client()
    version = ama.get("/api/lobby").json["version"]
    ben.get("/api/lobby")
    version = ama.get("/api/lobby").json["version"]
    answers: list[dict[str, Any]] = []
    thread = threading.Thread(
        target=lambda: answers.append(ama.get(f"/api/lobby?since={version}").json)
    )
    began = time.monotonic()
    thread.start()
    time.sleep(0.2)
    ben.post("/api/lobby/seeks", json={})
    thread.join()
    assert time.monotonic() - began < 4.0  # woken by the seek, not by the 5 s timeout
    assert len(answers[0]["seeks"]) == 1 and answers[0]["version"] > version


# -- quick messages at the table -----------------------------------------------------------


def seated(ama: FlaskClient, ben: FlaskClient) -> str:
    seek = ama.post("/api/lobby/seeks", json={"options": {"pits": 3, "seeds": 2}}).json
    return str(ben.post(f"/api/lobby/seeks/{seek['id']}/join").json["id"])


def test_a_quick_message_reaches_the_other_side_without_changing_the_game(
    ama: FlaskClient, ben: FlaskClient
) -> None:
    gid = seated(ama, ben)
    version = ben.get(f"/api/games/{gid}").json["version"]
    sent = ama.post(f"/api/games/{gid}/messages", json={"text": "Good game"})
    assert sent.status_code == 201
    seen = ben.get(f"/api/games/{gid}/messages").json
    assert [(m["seat"], m["text"], m["yours"]) for m in seen["messages"]] == [
        (0, "Good game", False)
    ]
    assert seen["can_send"] and seen["quick"] == ["Good game", "Well played", "Thanks", "Oops"]
    assert ben.get(f"/api/games/{gid}").json["version"] == version  # a move is never stale
    game = ben.get(f"/api/games/{gid}").json
    pit = game["legal_moves"][0]
    mover = ama if game["to_move"] == 0 else ben
    moved = mover.post(f"/api/games/{gid}/moves", json={"pit": pit, "version": version})
    assert moved.status_code == 200


def test_the_messages_long_poll_wakes_when_one_comes(slow_polls: Flask) -> None:
    ama, ben = slow_polls.test_client(), slow_polls.test_client()
    ama.get("/api/lobby")
    ben.get("/api/lobby")
    gid = seated(ama, ben)
    version = ben.get(f"/api/games/{gid}/messages").json["version"]
    answers: list[dict[str, Any]] = []
    url = f"/api/games/{gid}/messages?since={version}"
    thread = threading.Thread(target=lambda: answers.append(ben.get(url).json))
    began = time.monotonic()
    thread.start()
    time.sleep(0.2)
    ama.post(f"/api/games/{gid}/messages", json={"text": "Thanks"})
    thread.join()
    assert time.monotonic() - began < 4.0  # woken by the message, not by the 5 s timeout
    assert [m["text"] for m in answers[0]["messages"]] == ["Thanks"]


def test_only_the_quick_messages_may_be_sent_and_only_by_the_players(
    app: Flask, ama: FlaskClient, ben: FlaskClient
) -> None:
    gid = seated(ama, ben)
    error(ama.post(f"/api/games/{gid}/messages", json={"text": "you are bad"}), 400)
    error(ama.post(f"/api/games/{gid}/messages", json={"text": "Thanks", "to": 1}), 400)
    error(ama.post(f"/api/games/{gid}/messages", json={}), 400)
    error(ama.post(f"/api/games/{gid}/messages", data="[", content_type="application/json"), 400)
    error(app.test_client().post(f"/api/games/{gid}/messages", json={"text": "Oops"}), 403)
    error(ama.post("/api/games/nope/messages", json={"text": "Oops"}), 404)
    error(ama.get("/api/games/nope/messages"), 404)
    error(ama.get(f"/api/games/{gid}/messages?since=x"), 400)
    assert ben.get(f"/api/games/{gid}/messages").json["messages"] == []
    computer = ama.post("/api/games", json={"mode": "computer"}).json["id"]
    error(ama.post(f"/api/games/{computer}/messages", json={"text": "Oops"}), 409)


def test_quick_messages_are_rate_limited_per_device(ama: FlaskClient, ben: FlaskClient) -> None:
    gid = seated(ama, ben)
    for _ in range(3):
        assert ama.post(f"/api/games/{gid}/messages", json={"text": "Oops"}).status_code == 201
    refused = error(ama.post(f"/api/games/{gid}/messages", json={"text": "Oops"}), 429)
    assert refused["retry_after"] >= 1
    assert ben.post(f"/api/games/{gid}/messages", json={"text": "Thanks"}).status_code == 201
    assert len(ben.get(f"/api/games/{gid}/messages").json["messages"]) == 4


def test_a_game_keeps_only_its_last_twenty_messages(
    ama: FlaskClient, ben: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.lobby import messages

    monkeypatch.setattr(messages, "BURST", 100)
    gid = seated(ama, ben)
    for i in range(25):
        client = ama if i % 2 == 0 else ben
        sent = client.post(f"/api/games/{gid}/messages", json={"text": "Thanks"})
        assert sent.status_code == 201
    kept = ama.get(f"/api/games/{gid}/messages").json
    assert [m["n"] for m in kept["messages"]] == list(range(6, 26)) and kept["version"] == 25


def test_turning_messages_off_at_a_table_is_not_being_in_the_room(
    app: Flask, ama: FlaskClient
) -> None:
    away = app.test_client()
    assert away.put("/api/lobby/me", json={"quiet": True}).json["quiet"] is True
    assert len(lobby(ama)["here"]) == 1


def test_messages_off_stops_them_both_ways(ama: FlaskClient, ben: FlaskClient) -> None:
    gid = seated(ama, ben)
    ama.post(f"/api/games/{gid}/messages", json={"text": "Oops"})
    assert ben.put("/api/lobby/me", json={"quiet": True}).json["quiet"] is True
    hidden = ben.get(f"/api/games/{gid}/messages").json
    assert hidden["messages"] == [] and hidden["quiet"] and not hidden["can_send"]
    told = ama.get(f"/api/games/{gid}/messages").json
    assert told["opponent_quiet"] and not told["can_send"] and told["player"]
    refused = error(ama.post(f"/api/games/{gid}/messages", json={"text": "Oops"}), 409)
    assert "off" in refused["message"]
    error(ben.post(f"/api/games/{gid}/messages", json={"text": "Oops"}), 409)
    assert ben.put("/api/lobby/me", json={"quiet": False}).json["quiet"] is False
    assert ama.post(f"/api/games/{gid}/messages", json={"text": "Oops"}).status_code == 201
    assert len(ben.get(f"/api/games/{gid}/messages").json["messages"]) == 2


# -- the hooks the tournaments fill -----------------------------------------------------------


def rematch(app: Flask, ama: FlaskClient, ben: FlaskClient, tournament: str | None) -> Any:
    """A finished game (marked as a tournament's if told), a rematch offered and accepted."""
    gid = seated(ama, ben)
    if tournament:
        with app.app_context():
            from app.store import get_store

            row = get_store().load(gid)
            assert row is not None
            get_store().save(gid, row.version, dict(row.data, tournament=tournament))
    v = ama.post(
        f"/api/games/{gid}/resign", json={"version": ama.get(f"/api/games/{gid}").json["version"]}
    ).json["version"]
    offered = ama.post(f"/api/games/{gid}/rematch", json={"version": v})
    if offered.status_code != 200:
        return offered
    return ben.post(
        f"/api/games/{gid}/rematch", json={"version": offered.json["version"], "action": "accept"}
    )


def test_a_registered_rematch_rule_refuses_or_shapes_a_rematch(
    app: Flask, ama: FlaskClient, ben: FlaskClient
) -> None:
    def in_a_tournament(game: Game) -> JSONObject | None:
        if game.data.get("tournament") == "arena":
            raise NotNow("in an arena the tournament pairs the players")
        return {"round": 2} if game.data.get("tournament") else None

    rematches.register(in_a_tournament)
    try:
        plain = rematch(app, ama, ben, None)
        assert plain.status_code == 201  # not a tournament's game: as before
        refused = error(rematch(app, ama, ben, "arena"), 409)
        assert "arena" in refused["message"]
        ruled = rematch(app, ama, ben, "robin")
        assert ruled.status_code == 201
        with app.app_context():
            from app.store import get_store

            row = get_store().load(ruled.json["id"])
        assert row is not None and row.data["round"] == 2
    finally:
        rematches.unregister(in_a_tournament)
    assert rematch(app, ama, ben, "arena").status_code == 201  # the rule is gone


def test_finished_tournament_games_come_from_the_registered_source(ama: FlaskClient) -> None:
    def source(limit: int) -> list[JSONObject]:
        return [{"id": "g1", "title": "Oware", "players": ["A", "B"], "url": "/game/g1"}]

    def broken(limit: int) -> list[JSONObject]:
        raise RuntimeError("down")

    hooks.register_finished(source)
    hooks.register_finished(broken)
    try:
        assert lobby(ama)["tournament_games"][0]["id"] == "g1"
    finally:
        hooks.unregister_finished(source)
        hooks.unregister_finished(broken)
    assert lobby(ama)["tournament_games"] == []


def test_players_are_shown_by_their_chosen_name_and_challenged_by_it(
    ama: FlaskClient, ben: FlaskClient
) -> None:
    assert not lobby(ama)["you"]["named"]
    assert ama.put("/api/me", json={"name": "Ama"}).status_code == 200
    assert ben.put("/api/me", json={"name": "Ben"}).status_code == 200
    assert lobby(ama)["you"] == {"tag": lobby(ama)["you"]["tag"], "name": "Ama", "named": True}
    assert sorted(h["name"] for h in lobby(ama)["here"]) == ["Ama", "Ben"]
    seek = ama.post("/api/lobby/seeks", json=dict(OWARE_5_3, rated=True)).json
    assert seek["text"] == "Ama waits: Oware, 5+3, rated"
    made = ama.post("/api/lobby/challenges", json={"to": "ben", "variant": "oware"})
    assert (
        made.status_code == 201
        and made.json["text"] == "Ama challenges Ben: Oware, no clock, casual"
    )
    game = ben.post(f"/api/lobby/challenges/{made.json['id']}/accept").json
    assert [s["player_name"] for s in game["seats"]] == ["Ama", "Ben"]
