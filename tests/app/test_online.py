"""Games between two devices: invites, spectators, presence, takebacks, rematches, seat security."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient


@pytest.fixture
def watcher(app: Flask) -> FlaskClient:
    return app.test_client()


def remote(host: FlaskClient, friend: FlaskClient, **options: Any) -> dict[str, Any]:
    """A remote game (kalah 3x2 unless told) that ``friend`` has joined; the host's view."""
    created = host.post(
        "/api/games",
        json={"mode": "remote", "options": options or {"pits": 3, "seeds": 2}, "first": 0},
    )
    assert created.status_code == 201
    gid = created.json["id"]
    assert friend.post(f"/api/games/{gid}/join").status_code == 200
    return host.get(f"/api/games/{gid}").json  # type: ignore[no-any-return]


def error(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.is_json and response.json["status"] == status
    return response.json  # type: ignore[no-any-return]


def test_the_game_page_shows_the_invite_with_a_qr_code_and_a_spectator_link(
    host: FlaskClient,
) -> None:
    gid = host.post("/api/games", json={"mode": "remote"}).json["id"]
    page = host.get(f"/game/{gid}").get_data(as_text=True)
    assert f"/game/{gid}?invite=1" in page and f"/game/{gid}?watch=1" in page
    assert "<svg" in page and 'id="invite-qr"' in page


def test_a_third_person_opening_the_invite_watches_and_cannot_move(
    host: FlaskClient, friend: FlaskClient, watcher: FlaskClient
) -> None:
    game = remote(host, friend)
    gid = game["id"]
    seen = watcher.get(f"/api/games/{gid}").json
    assert seen["you"] == [] and not seen["can_join"]
    assert [s["name"] for s in seen["seats"]] == ["Player 1", "Player 2"]
    error(watcher.post(f"/api/games/{gid}/join"), 409)
    error(watcher.post(f"/api/games/{gid}/moves", json={"pit": 0, "version": game["version"]}), 403)
    assert host.get(f"/api/games/{gid}").json["version"] == game["version"]


def test_the_home_page_lists_open_games_until_someone_joins(
    host: FlaskClient, friend: FlaskClient, watcher: FlaskClient
) -> None:
    gid = host.post("/api/games", json={"mode": "remote"}).json["id"]
    assert f"/game/{gid}?invite=1" in watcher.get("/").get_data(as_text=True)
    assert f"/game/{gid}?invite=1" not in host.get("/").get_data(as_text=True)  # your own
    friend.post(f"/api/games/{gid}/join")
    assert f"/game/{gid}?invite=1" not in watcher.get("/").get_data(as_text=True)


def test_the_opponent_shows_as_connected_while_its_board_is_open(
    host: FlaskClient, friend: FlaskClient
) -> None:
    game = remote(host, friend)
    gid = game["id"]
    seats = host.get(f"/api/games/{gid}").json["seats"]
    assert seats[0]["connected"]  # the host itself just polled
    friend.get(f"/api/games/{gid}?since={game['version']}")
    seats = host.get(f"/api/games/{gid}").json["seats"]
    assert seats[1]["connected"] and seats[1]["seen_ago"] < 5


def play(client: FlaskClient, game: dict[str, Any], pit: int) -> dict[str, Any]:
    response = client.post(
        f"/api/games/{game['id']}/moves", json={"pit": pit, "version": game["version"]}
    )
    assert response.status_code == 200, response.json
    return response.json  # type: ignore[no-any-return]


def test_a_takeback_request_is_accepted_or_declined_by_the_opponent(
    host: FlaskClient, friend: FlaskClient, watcher: FlaskClient
) -> None:
    game = remote(host, friend)
    gid = game["id"]
    url = f"/api/games/{gid}/takeback"
    error(host.post(url, json={"version": game["version"]}), 409)  # no move of yours yet
    game = play(host, game, 0)  # kalah 3x2: pit 0 -> no extra turn
    assert game["to_move"] == 1
    v = game["version"]
    error(watcher.post(url, json={"version": v}), 403)
    error(host.post(url, json={"version": v, "action": "maybe"}), 400)
    error(friend.post(url, json={"version": v, "action": "accept"}), 409)  # nothing to accept
    asked = host.post(url, json={"version": v}).json
    assert asked["takeback"] == 0
    error(host.post(url, json={"version": asked["version"], "action": "accept"}), 409)
    error(friend.post(url, json={"version": v, "action": "accept"}), 409)  # stale
    declined = friend.post(url, json={"version": asked["version"], "action": "decline"}).json
    assert declined["takeback"] is None and len(declined["moves"]) == 1
    asked = host.post(url, json={"version": declined["version"]}).json
    back = friend.post(url, json={"version": asked["version"], "action": "accept"}).json
    assert back["moves"] == [] and back["to_move"] == 0 and back["takeback"] is None


def test_a_rematch_offer_accepted_starts_a_game_where_the_other_player_moves_first(
    host: FlaskClient, friend: FlaskClient, watcher: FlaskClient
) -> None:
    game = remote(host, friend)
    gid = game["id"]
    url = f"/api/games/{gid}/rematch"
    error(host.post(url, json={"version": game["version"]}), 409)  # not over yet
    over = host.post(f"/api/games/{gid}/resign", json={"version": game["version"]}).json
    assert over["status"] == "over" and over["winner"] == 1
    v = over["version"]
    error(watcher.post(url, json={"version": v}), 403)
    error(host.post(url, json={"version": v, "action": "accept"}), 409)
    offered = friend.post(url, json={"version": v}).json
    assert offered["rematch"] == {"by": 1, "game": None}
    started = host.post(url, json={"version": offered["version"], "action": "accept"})
    assert started.status_code == 201
    new = started.json
    assert new["first_player"] == 1 and new["to_move"] == 1 and new["you"] == [0]
    assert friend.get(f"/api/games/{new['id']}").json["your_turn"]
    assert host.get(f"/api/games/{gid}").json["rematch"]["game"] == new["id"]
    error(host.post(url, json={"version": offered["version"] + 1, "action": "accept"}), 409)


def test_resign_ends_a_remote_game_for_both(host: FlaskClient, friend: FlaskClient) -> None:
    game = remote(host, friend)
    over = friend.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]}).json
    assert over["winner"] == 0 and over["end_reason"] == "You resigned"
    seen = host.get(f"/api/games/{game['id']}").json
    assert seen["status"] == "over" and seen["end_reason"] == "Opponent resigned"


@pytest.mark.parametrize("path", ["takeback", "rematch", "moves", "join", "resign"])
def test_junk_to_a_remote_game_gets_a_4xx_json_error_and_changes_nothing(
    host: FlaskClient, friend: FlaskClient, path: str
) -> None:
    game = remote(host, friend)
    junk_is_refused(host, f"/api/games/{game['id']}/{path}")
    assert host.get(f"/api/games/{game['id']}").json["version"] == game["version"]


def junk_is_refused(client: FlaskClient, url: str) -> None:
    """Every malformed body posted to ``url`` gets a 4xx in the error shape."""
    junk = ["{", "[]", '{"version": "1"}', '{"version": 99, "action": "accept"}', '{"action": 3}']
    for raw in junk:
        for content_type in ("application/json", "text/plain"):
            response = client.post(url, data=raw, content_type=content_type)
            assert 400 <= response.status_code < 500, (url, raw, response.json)
            assert set(response.json) == {"error", "message", "status"}


# -- seat security ---------------------------------------------------------------------------------


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_bot_holds_its_seat_by_a_token_header(app: Flask) -> None:
    """The server issues a bot's token (asked for with seat_token: true, given once) and the
    bot sends it back as a header; a token the bot chose itself is refused (401)."""
    client = app.test_client()
    created = client.post("/api/games", json={"mode": "remote", "seat_token": True})
    game = created.json
    bot = game["seat_token"]
    assert game["you"] == [0] and "Set-Cookie" not in created.headers  # the token is the bot's
    assert len(bot) >= 40
    gid = game["id"]
    assert "seat_token" not in client.get(f"/api/games/{gid}", headers=bearer(bot)).json  # once
    joined = client.post(f"/api/games/{gid}/join", json={"seat_token": True}).json
    assert joined["you"] == [1]
    other = joined["seat_token"]
    assert other != bot
    assert client.get(f"/api/games/{gid}", headers={"X-Seat-Token": other}).json["you"] == [1]
    v = joined["version"]
    for chosen in ("w" * 32, "a" * 20, bot[:-1] + ("A" if bot[-1] != "A" else "B"), "short"):
        wrong = client.post(
            f"/api/games/{gid}/moves", json={"pit": 0, "version": v}, headers=bearer(chosen)
        )
        error(wrong, 401)
        assert "not issued by this server" in wrong.json["message"]
    error(client.post(f"/api/games/{gid}/moves", json={"pit": 0, "version": v}), 403)  # no token
    error(client.post("/api/games", json={"mode": "remote"}, headers=bearer("short")), 401)
    error(client.post("/api/games", json={"mode": "remote", "seat_token": "mine"}), 400)
    moved = client.post(
        f"/api/games/{gid}/moves", json={"pit": 0, "version": v}, headers=bearer(bot)
    )
    assert moved.status_code == 200
    replay = client.post(
        f"/api/games/{gid}/moves", json={"pit": 1, "version": v}, headers=bearer(bot)
    )
    error(replay, 409)  # a stale version replayed
    assert client.get(f"/api/games/{gid}").json["version"] == moved.json["version"]
    mine = client.post("/api/games", json={"mode": "local"}, headers=bearer(bot))
    assert mine.status_code == 201 and mine.json["you"] == [0, 1]  # the same bot's next game
    assert "seat_token" not in mine.json


def test_game_ids_are_long_random_and_unknown_ones_are_404(host: FlaskClient) -> None:
    ids = {host.post("/api/games", json={"mode": "remote"}).json["id"] for _ in range(20)}
    assert len(ids) == 20 and all(len(i) >= 16 for i in ids)
    known = next(iter(ids))
    for guess in ("1", "abc", known[:-1] + ("A" if known[-1] != "A" else "B"), "x" * 500):
        error(host.get(f"/api/games/{guess}"), 404)
        error(host.post(f"/api/games/{guess}/join"), 404)
        error(host.post(f"/api/games/{guess}/moves", json={"pit": 0, "version": 1}), 404)
    assert host.get(f"/game/{'y' * 16}").status_code == 404


def test_taking_a_seat_is_not_spoiled_by_a_move_landing_meanwhile(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host's move is written between the join's read and its write: the join is redone
    on the new version instead of answering 409 (a seat doesn't depend on the position)."""
    host, guest = app.test_client(), app.test_client()
    game = host.post("/api/games", json={"mode": "remote"}).json
    store = app.extensions["mancala_store"]
    real_save = store.save
    raced: list[bool] = []

    def save(game_id: str, version: int, data: dict, add_owner=None):  # type: ignore[no-untyped-def]
        if add_owner is not None and not raced:
            raced.append(True)
            row = store.load(game_id)
            real_save(game_id, row.version, dict(row.data, moves=[0]))  # the host moves first
        return real_save(game_id, version, data, add_owner)

    monkeypatch.setattr(store, "save", save)
    joined = guest.post(f"/api/games/{game['id']}/join", json={})
    assert joined.status_code == 200, joined.json
    assert joined.json["you"] == [1] and [m["pit"] for m in joined.json["moves"]] == [0]
