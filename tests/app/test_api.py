"""The JSON API through Flask's test client: games, moves, the computer, errors, the store."""

from __future__ import annotations

import json
import re
import threading
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app import create_app
from app.computer import job as ai_job
from app.store import StaleVersion, Store
from engine import get_variant, variant_names
from engine.record import GameRecord


def create(client: FlaskClient, **params: Any) -> dict[str, Any]:
    params.setdefault("level", "beginner")
    response = client.post("/api/games", json=params)
    assert response.status_code == 201, response.json
    return response.json  # type: ignore[no-any-return]


def settle(client: FlaskClient, game: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
    """Poll until the computer has nothing left to do."""
    end = time.monotonic() + timeout
    while game["thinking"] and time.monotonic() < end:
        game = client.get(f"/api/games/{game['id']}?since={game['version']}").json
    assert not game["thinking"], "the computer did not move in time"
    return game


def move(client: FlaskClient, game: dict[str, Any], pit: int, **extra: Any) -> Any:
    return client.post(
        f"/api/games/{game['id']}/moves", json={"pit": pit, "version": game["version"], **extra}
    )


def assert_error(response: Any, status: int, words: str) -> None:
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.json
    assert set(body) == {"error", "message", "status"}
    assert body["status"] == status
    assert words.lower() in body["message"].lower(), body["message"]


# -- variants and creation ------------------------------------------------------------------------


def test_variants_come_from_the_engine_registry(client: FlaskClient) -> None:
    data = client.get("/api/variants").json
    names = [v["name"] for v in data["variants"]]
    assert names[:2] == ["kalah", "oware"]
    kalah = data["variants"][0]
    assert kalah["options"]["pits"]["min"] == 3 and kalah["options"]["seeds"]["default"] == 4
    assert data["levels"][0] == "beginner" and "minimax" in data["algorithms"]
    assert set(data["modes"]) == {"computer", "local", "remote", "watch"}


def test_create_sets_an_httponly_seat_cookie_and_returns_the_board(client: FlaskClient) -> None:
    response = client.post("/api/games", json={"variant": "kalah", "level": "beginner"})
    assert response.status_code == 201
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("mancala_player=") and "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie
    game = response.json
    assert response.headers["Location"] == f"/game/{game['id']}"
    assert len(game["id"]) >= 16
    assert game["board"] == [4] * 6 + [0] + [4] * 6 + [0]
    assert game["your_turn"] and game["legal_moves"] == [0, 1, 2, 3, 4, 5]
    assert game["you"] == [0] and game["seats"][1]["kind"] == "computer"
    assert game["version"] == 1 and game["status"] == "playing"


def test_options_and_who_starts(client: FlaskClient) -> None:
    game = create(client, variant="kalah", options={"pits": 4, "seeds": 3}, first="computer")
    assert game["pits"] == 4 and game["first_player"] == 1
    game = settle(client, game)
    assert game["moves"][0]["player"] == 1 and game["your_turn"]


# -- moves ----------------------------------------------------------------------------------------


def test_a_move_returns_the_new_state_with_its_record(client: FlaskClient) -> None:
    game = create(client, variant="kalah")
    response = move(client, game, 2)
    assert response.status_code == 200
    after = response.json
    assert after["version"] == 2
    first = after["moves"][0]
    assert first["notation"] == "C4+" and first["record"]["sown"] == [3, 4, 5, 6]
    assert first["record"]["extra_turn"] and after["your_turn"]
    assert first["board"] == after["board"] == [4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0]


def test_the_computer_replies_and_explains_itself(client: FlaskClient) -> None:
    game = create(client, variant="kalah")
    game = move(client, game, 5, wait=True).json
    assert not game["thinking"] and game["your_turn"]
    replies = [m for m in game["moves"] if m["player"] == 1]
    assert replies, "the computer did not reply"
    decision = replies[-1]["decision"]
    assert decision["move"] == replies[-1]["pit"] and decision["level"] == "beginner"
    assert "move_values" in decision and game["last_decision"] == decision


@pytest.mark.parametrize("variant", variant_names())
def test_every_variant_plays_to_the_end_against_beginner(
    client: FlaskClient, app: Flask, variant: str
) -> None:
    app.config["RATE_LIMITS"] = {}  # moves as fast as a program can (limits: test_fairness.py)
    game = create(client, variant=variant)
    rules = get_variant(variant)
    assert len(game["board"]) == 2 * rules.pits + 2 and sum(game["board"]) == rules.total_seeds
    for n in range(600):
        if game["status"] == "over":
            break
        legal = game["legal_moves"]
        game = move(client, game, legal[n % len(legal)], wait=True).json
    assert game["status"] == "over", f"{variant}: not over after 600 moves"
    replay = GameRecord(rules, 0, [m["pit"] for m in game["moves"]])
    assert list(replay.state.scores) == game["scores"] and replay.state.is_over


def test_two_friends_on_one_screen_take_turns(client: FlaskClient) -> None:
    game = create(client, mode="local")
    assert game["you"] == [0, 1]
    game = move(client, game, 0).json
    assert game["to_move"] == 1 and game["your_turn"]
    game = move(client, game, 0).json
    assert game["to_move"] == 0 and [m["notation"] for m in game["moves"]] == ["A4", "a4"]


def test_a_friend_on_another_device_joins_the_open_seat(
    client: FlaskClient, other: FlaskClient, app: Flask
) -> None:
    game = create(client, mode="remote")
    seen = other.get(f"/api/games/{game['id']}").json
    assert seen["you"] == [] and seen["can_join"]
    joined = other.post(f"/api/games/{game['id']}/join").json
    assert joined["you"] == [1] and not joined["can_join"]
    game = move(client, joined, 0).json
    assert_error(move(client, game, 1), 409, "not your turn")
    game = move(other, game, 1).json
    assert game["you"] == [1] and game["moves"][-1]["notation"] == "b4"
    third = app.test_client()
    assert_error(third.post(f"/api/games/{game['id']}/join"), 409, "both seats")


# -- errors: 4xx with a message, game unchanged ---------------------------------------------------


def unchanged(client: FlaskClient, game: dict[str, Any]) -> None:
    now = client.get(f"/api/games/{game['id']}").json
    assert now["version"] == game["version"] and now["board"] == game["board"]


def test_malformed_json_is_400(client: FlaskClient) -> None:
    game = create(client)
    response = client.post(
        f"/api/games/{game['id']}/moves", data="{pit: 2", content_type="application/json"
    )
    assert_error(response, 400, "not valid JSON")
    response = client.post(f"/api/games/{game['id']}/moves", json=[2])
    assert_error(response, 400, "JSON object")
    unchanged(client, game)


def test_wrong_content_type_is_415(client: FlaskClient) -> None:
    game = create(client)
    response = client.post(f"/api/games/{game['id']}/moves", data={"pit": "2", "version": "1"})
    assert_error(response, 415, "application/json")
    unchanged(client, game)


def test_unknown_game_is_404_json(client: FlaskClient) -> None:
    assert_error(client.get("/api/games/nope"), 404, "no game")
    assert_error(
        client.post("/api/games/nope/moves", json={"pit": 1, "version": 1}), 404, "no game"
    )
    assert_error(client.get("/api/nothing-here"), 404, "nothing")


def test_illegal_move_is_422_with_the_engines_reason(client: FlaskClient) -> None:
    game = create(client, mode="local")
    game = move(client, game, 0).json  # player 1 to move
    game = move(client, game, 0).json  # player 0: pit A is now empty
    assert_error(move(client, game, 0), 422, "empty")
    assert_error(move(client, game, 9), 422, "pits are numbered")
    assert_error(move(client, game, "A"), 400, "pit number")
    unchanged(client, game)


def test_not_your_turn_and_no_seat(
    client: FlaskClient, other: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    real = ai_job.think
    monkeypatch.setattr(ai_job, "think", lambda *a: release.wait(10) and real(*a))
    game = create(client, first="computer")
    assert game["to_move"] == 1 and game["thinking"]
    assert_error(move(client, game, 0), 409, "not your turn: the computer")
    assert_error(move(other, game, 0), 403, "no seat")
    assert_error(client.post(f"/api/games/{game['id']}/hint"), 409, "your own turn")
    unchanged(client, game)
    release.set()
    assert settle(client, game)["your_turn"]


def test_stale_version_is_409(client: FlaskClient) -> None:
    game = create(client, mode="local")
    after = move(client, game, 0).json
    assert_error(move(client, game, 1), 409, "changed since version 1")
    assert_error(client.post(f"/api/games/{game['id']}/moves", json={"pit": 1}), 400, "version")
    unchanged(client, after)


def test_bad_options_are_400_with_the_engines_message(client: FlaskClient) -> None:
    cases = [
        ({"variant": "chess"}, "unknown variant"),
        ({"options": {"pits": 99}}, "between 3 and 8"),
        ({"options": {"colour": "red"}}, "unknown option"),
        ({"options": [1]}, "options"),
        ({"level": "godlike"}, "level"),
        ({"algorithm": "magic"}, "algorithm"),
        ({"mode": "chess-clock"}, "mode"),
        ({"first": "whoever"}, "first"),
        ({"delay": -1}, "delay"),
        ({"hat": 1}, "unknown field"),
        ({"record": "kalah first=0: Z9"}, "bad game record"),
    ]
    for params, words in cases:
        assert_error(client.post("/api/games", json=params), 400, words)
    assert client.get("/api/games").json["games"] == []


def test_every_api_error_has_one_shape(client: FlaskClient) -> None:
    assert_error(client.delete("/api/games"), 405, "method")
    assert_error(client.get("/api/games/x?since=abc"), 404, "no game")


def test_unknown_pages_get_an_html_404(client: FlaskClient) -> None:
    response = client.get("/no/such/page")
    assert response.status_code == 404 and response.mimetype == "text/html"
    assert "Page not found" in response.get_data(as_text=True)
    assert client.get("/game/doesnotexist").status_code == 404


# -- undo, hint, resign, rematch, records ---------------------------------------------------------


def test_undo_against_the_computer_goes_back_to_your_turn(client: FlaskClient) -> None:
    game = create(client)
    game = move(client, game, 5, wait=True).json
    game = move(client, game, game["legal_moves"][0], wait=True).json
    mine = [i for i, m in enumerate(game["moves"]) if m["player"] == 0]
    undone = client.post(f"/api/games/{game['id']}/undo", json={"version": game["version"]})
    assert undone.status_code == 200
    back = undone.json
    assert back["your_turn"] and len(back["moves"]) == mine[-1]
    assert back["version"] == game["version"] + 1
    assert_error(
        client.post(f"/api/games/{game['id']}/undo", json={"version": game["version"]}),
        409,
        "changed",
    )


def test_undo_on_one_screen_takes_back_one_move(client: FlaskClient) -> None:
    game = create(client, mode="local")
    assert_error(client.post(f"/api/games/{game['id']}/undo", json={"version": 1}), 409, "no move")
    game = move(client, move(client, game, 0).json, 0).json
    back = client.post(f"/api/games/{game['id']}/undo", json={"version": game["version"]}).json
    assert [m["notation"] for m in back["moves"]] == ["A4"] and back["to_move"] == 1


def test_hint_suggests_a_legal_move_without_changing_the_game(client: FlaskClient) -> None:
    game = create(client, variant="oware")
    hint = client.post(f"/api/games/{game['id']}/hint")
    assert hint.status_code == 200
    assert hint.json["move"] in game["legal_moves"] and hint.json["player"] == 0
    assert hint.json["version"] == game["version"]
    unchanged(client, game)


def test_resign_ends_the_game(client: FlaskClient, other: FlaskClient) -> None:
    game = create(client)
    assert_error(other.post(f"/api/games/{game['id']}/resign", json={"version": 1}), 403, "no seat")
    over = client.post(f"/api/games/{game['id']}/resign", json={"version": 1}).json
    assert over["status"] == "over" and over["winner"] == 1 and "resigned" in over["end_reason"]
    assert_error(move(client, over, 0), 409, "over")


def test_rematch_keeps_the_settings(client: FlaskClient) -> None:
    game = create(client, variant="kalah", options={"pits": 5}, level="easy")
    again = client.post(f"/api/games/{game['id']}/rematch")
    assert again.status_code == 201
    new = again.json
    assert new["id"] != game["id"] and new["pits"] == 5 and new["seats"][1]["level"] == "easy"


def test_export_and_import_a_record(client: FlaskClient) -> None:
    game = create(client, mode="local", variant="oware")
    for _ in range(6):
        game = move(client, game, game["legal_moves"][-1]).json
    text = client.get(f"/api/games/{game['id']}/record?format=text").get_data(as_text=True)
    assert text.startswith("oware first=0:")
    record = client.get(f"/api/games/{game['id']}/record").json
    assert record["moves"] == [m["pit"] for m in game["moves"]]
    for source in (text, record):
        copy = create(client, mode="local", record=source)
        assert copy["board"] == game["board"] and copy["to_move"] == game["to_move"]
    assert_error(client.get(f"/api/games/{game['id']}/record?format=pdf"), 400, "format")


# -- the computer off the request thread, watching, long-polling ---------------------------------


def test_computer_vs_computer_runs_to_the_end(client: FlaskClient) -> None:
    game = create(client, mode="watch", delay=0, levels=["beginner", "easy"])
    assert game["you"] == [] and game["seats"][0]["kind"] == "computer"
    game = settle(client, game, timeout=60)
    assert game["status"] == "over" and len(game["moves"]) > 10


def test_watching_can_be_paused_and_resumed(client: FlaskClient) -> None:
    game = create(client, mode="watch", delay=0.2)
    game = client.patch(
        f"/api/games/{game['id']}", json={"version": game["version"], "paused": True}
    ).json
    assert game["paused"] and not game["thinking"]
    time.sleep(0.5)
    paused = client.get(f"/api/games/{game['id']}").json
    assert paused["version"] == game["version"]
    assert_error(
        client.patch(f"/api/games/{game['id']}", json={"version": paused["version"], "x": 1}),
        400,
        "unknown setting",
    )
    resumed = client.patch(
        f"/api/games/{game['id']}", json={"version": paused["version"], "paused": False}
    ).json
    later = client.get(f"/api/games/{game['id']}?since={resumed['version']}").json
    assert later["version"] > resumed["version"] and later["moves"]


def test_a_slow_computer_never_blocks_requests(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    real = ai_job.think

    def slow(*args: Any) -> dict[str, Any]:
        release.wait(10)
        return real(*args)

    monkeypatch.setattr(ai_job, "think", slow)
    start = time.monotonic()
    game = create(client, first="computer")
    assert game["thinking"] and not game["moves"]
    assert client.get("/api/variants").status_code == 200
    assert client.get(f"/api/games/{game['id']}").json["thinking"]
    assert time.monotonic() - start < 2.0
    release.set()
    game = settle(client, game)
    assert game["moves"][0]["player"] == 1 and game["your_turn"]


def test_long_poll_returns_on_change_or_timeout(client: FlaskClient) -> None:
    game = create(client, mode="local")
    start = time.monotonic()
    same = client.get(f"/api/games/{game['id']}?since={game['version']}").json
    assert same["version"] == game["version"] and time.monotonic() - start >= 0.25
    stale = client.get(f"/api/games/{game['id']}?since=0").json
    assert stale["version"] == game["version"]
    assert_error(client.get(f"/api/games/{game['id']}?since=abc"), 400, "since")


def test_the_process_pool_plays_the_computer(tmp_path) -> None:
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path), "AI_EXECUTOR": "process"})
    try:
        client = app.test_client()
        game = create(client, first="computer")
        game = settle(client, game, timeout=60)
        assert game["moves"] and game["your_turn"]
    finally:
        app.extensions["mancala_computer"].shutdown()


# -- the store ------------------------------------------------------------------------------------


def test_versioned_writes_let_one_of_two_racers_win(tmp_path) -> None:
    store = Store(str(tmp_path / "db.sqlite3"))
    store.create("g", {"n": 0}, [])
    store.save("g", 1, {"n": 1})
    with pytest.raises(StaleVersion):
        store.save("g", 1, {"n": 2})
    row = store.load("g")
    assert row is not None and row.version == 2 and row.data == {"n": 1}
    assert store.claim_thinking("g", 2, stale_after=60)
    assert not store.claim_thinking("g", 2, stale_after=60)


def test_games_survive_a_restart_and_are_listed_per_browser(
    tmp_path, client: FlaskClient, other: FlaskClient
) -> None:
    instance = tmp_path / "shared"
    first = create_app({"TESTING": True, "INSTANCE_PATH": str(instance), "AI_EXECUTOR": "thread"})
    browser = first.test_client()
    game = create(browser, mode="local")
    game = move(browser, game, 2).json
    first.extensions["mancala_computer"].shutdown()
    second = create_app({"TESTING": True, "INSTANCE_PATH": str(instance), "AI_EXECUTOR": "thread"})
    again = second.test_client()
    again.set_cookie("mancala_player", browser.get_cookie("mancala_player").value)
    listed = again.get("/api/games").json["games"]
    assert [g["id"] for g in listed] == [game["id"]] and listed[0]["moves"] == 1
    assert again.get(f"/api/games/{game['id']}").json["board"] == game["board"]
    assert second.test_client().get("/api/games").json["games"] == []
    assert instance.joinpath("mancala.sqlite3").exists()
    with second.extensions["mancala_store"].connect() as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    second.extensions["mancala_computer"].shutdown()


# -- app factory and description ------------------------------------------------------------------


def test_secret_key_is_generated_once_into_the_instance_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("MANCALA_SECRET_KEY", raising=False)
    one = create_app({"INSTANCE_PATH": str(tmp_path)})
    two = create_app({"INSTANCE_PATH": str(tmp_path)})
    key = one.config["SECRET_KEY"]
    assert len(key) >= 32 and key == two.config["SECRET_KEY"]
    assert (tmp_path / "secret_key").read_text().strip() == key
    monkeypatch.setenv("MANCALA_SECRET_KEY", "from-the-environment")
    monkeypatch.setenv("MANCALA_AI_WORKERS", "3")
    three = create_app({"INSTANCE_PATH": str(tmp_path)})
    assert three.config["SECRET_KEY"] == "from-the-environment"
    assert three.config["AI_WORKERS"] == 3
    for app in (one, two, three):
        app.extensions["mancala_computer"].shutdown()


def test_the_openapi_description_covers_every_api_route(client: FlaskClient, app: Flask) -> None:
    spec = client.get("/api/openapi.json").json
    assert spec["openapi"].startswith("3.")
    documented = {(path, method.upper()) for path, ops in spec["paths"].items() for method in ops}
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)  # <path:name> -> {name}
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert (path, method) in documented, (path, method)
    json.dumps(spec)


JUNK: list[Any] = [
    None,
    "",
    "[" * 100_000 + "]" * 100_000,  # deeper than the JSON parser goes
    '{"record": ":"}',
    '{"record": "kalah pits=' + "9" * 5000 + ':"}',
    "null",
    "[]",
    '"text"',
    "{",
    '{"pit": null, "version": null}',
    '{"pit": 1e400, "version": 1}',
    '{"pit": -1, "version": 1}',
    '{"pit": 2, "version": "1"}',
    '{"pit": [2], "version": {"v": 1}}',
    '{"paused": "yes"}',
    '{"delay": NaN}',
    '{"delay": Infinity}',
    '{"level": ["hard"]}',
    '{"variant": {"a": 1}, "options": {"pits": [6]}}',
    '{"mode": "watch", "levels": "beginner"}',
    '{"mode": "watch", "levels": [{}, []]}',
    '{"first": []}',
    '{"record": {"variant": "kalah", "moves": "abc"}}',
    '{"record": 42}',
    "\u00ff\u00fe",
]


def test_junk_never_gets_a_500_nor_changes_the_game(client: FlaskClient) -> None:
    game = create(client, mode="local")
    gid = game["id"]
    endpoints = [
        ("POST", "/api/games"),
        ("POST", f"/api/games/{gid}/moves"),
        ("POST", f"/api/games/{gid}/undo"),
        ("POST", f"/api/games/{gid}/resign"),
        ("POST", f"/api/games/{gid}/hint"),
        ("POST", f"/api/games/{gid}/join"),
        ("POST", f"/api/games/{gid}/rematch"),
        ("PATCH", f"/api/games/{gid}"),
    ]
    for method, path in endpoints:
        for junk in JUNK:
            for content_type in ("application/json", "text/plain"):
                response = client.open(path, method=method, data=junk, content_type=content_type)
                assert response.status_code < 500, (method, path, junk, response.json)
                if response.status_code >= 400:
                    assert set(response.json) == {"error", "message", "status"}
    now = client.get(f"/api/games/{gid}").json
    assert now["moves"] == []  # (a well-formed resign among the junk may have ended it)


def test_a_stored_game_the_rules_cannot_replay_is_410(client: FlaskClient, app: Flask) -> None:
    game = create(client, mode="local")
    store = app.extensions["mancala_store"]
    row = store.load(game["id"])
    store.save(game["id"], row.version, dict(row.data, moves=[0, 0, 0, 0, 0, 0, 0, 0]))
    assert_error(client.get(f"/api/games/{game['id']}"), 410, "no longer be replayed")
