"""No engine help in a running rated game (issue 32, build 5): every values endpoint refuses
the game's positions while it runs, to its players and to anyone watching (409, the error
shape), and opens once it is over.  Kalah 3x3, so every search after the end is quick."""

from __future__ import annotations

import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.games.fairplay import Guard, key_of, now_and_next
from app.games.spec import GameSpec
from app.store import StoreError
from engine import get_variant
from tests.app.test_api import assert_error, create, move, settle

SMALL = {"variant": "kalah", "options": {"pits": 3, "seeds": 3}}


def rated(host: FlaskClient, friend: FlaskClient) -> dict[str, Any]:
    """A rated Kalah 3x3 game between two named devices, host (seat 0) to move."""
    assert host.put("/api/me", json={"name": "Ama"}).status_code == 200
    assert friend.put("/api/me", json={"name": "Kofi"}).status_code == 200
    made = host.post("/api/games", json={"mode": "remote", "rated": True, "first": 0, **SMALL})
    assert made.status_code == 201, made.json
    joined = friend.post(f"/api/games/{made.json['id']}/join", json={})
    assert joined.status_code == 200, joined.json
    return host.get(f"/api/games/{made.json['id']}").json  # type: ignore[no-any-return]


def first_move(game: dict[str, Any]) -> int:
    """A first move of Kalah 3x3 that ends the turn (pit 0's three seeds would end in the
    store: an extra turn): pit 1."""
    assert game["legal_moves"] == [0, 1, 2]
    return 1


def played(host: FlaskClient, friend: FlaskClient) -> dict[str, Any]:
    """The rated game after host's first move: friend (seat 1) to move."""
    game = rated(host, friend)
    answer = move(host, game, first_move(game))
    assert answer.status_code == 200, answer.json
    assert answer.json["to_move"] == 1
    return friend.get(f"/api/games/{game['id']}").json  # type: ignore[no-any-return]


def resign(who: FlaskClient, game_id: str) -> None:
    """``who`` resigns the game."""
    version = who.get(f"/api/games/{game_id}").json["version"]
    over = who.post(f"/api/games/{game_id}/resign", json={"version": version})
    assert over.status_code == 200 and over.json["status"] == "over", over.json


def position_of(game: dict[str, Any]) -> dict[str, Any]:
    """The analysis board's request for the game's position now, with values."""
    return {
        **SMALL,
        "board": game["board"],
        "to_move": game["to_move"],
        "values": True,
    }


def test_a_running_rated_games_positions_are_valued_for_nobody(
    host: FlaskClient, friend: FlaskClient, other: FlaskClient
) -> None:
    game = played(host, friend)
    url = f"/api/games/{game['id']}/analysis/position"
    for who in (friend, host, other):  # the player to move, the one waiting, a spectator
        assert_error(who.post(url, json={}), 409, "rated game")
        assert_error(who.post(url, json={"ply": 0}), 409, "rated game")
        assert_error(who.post(f"/api/games/{game['id']}/hint", json={}), 409, "rated game")
        assert_error(who.post(f"/api/games/{game['id']}/analysis"), 409, "rated game")
        assert_error(who.get(f"/api/games/{game['id']}/analysis"), 409, "rated game")


def test_the_analysis_board_refuses_the_values_of_its_position_and_the_next(
    host: FlaskClient, friend: FlaskClient, other: FlaskClient
) -> None:
    game = played(host, friend)
    asked = position_of(game)
    for who in (friend, other):
        assert_error(who.post("/api/board", json=asked), 409, "rated game")
    # The game's record, as its page exports it and the analysis board opens it.
    record = friend.get(f"/api/games/{game['id']}/record").json
    assert_error(friend.post("/api/board", json={"record": record, "values": True}), 409, "rated")
    # The start and the moves to it, as "Analyse from here" sends them.
    replayed = {**SMALL, "moves": [m["pit"] for m in game["moves"]], "values": True}
    assert_error(other.post("/api/board", json=replayed), 409, "rated game")
    # One move on (the values of the player to move's candidates, seen from the other side).
    described = other.post("/api/board", json={**replayed, "values": False}).json
    for pit in game["legal_moves"]:
        nxt = described["after"][str(pit)]
        sent = {**SMALL, "board": nxt["board"], "to_move": nxt["to_move"], "values": True}
        assert_error(friend.post("/api/board", json=sent), 409, "rated game")
    # Without values the board still describes the position (its moves, no engine).
    plain = other.post("/api/board", json={**asked, "values": False})
    assert plain.status_code == 200 and "values" not in plain.json


def test_a_game_set_up_at_its_position_is_refused(
    host: FlaskClient, friend: FlaskClient, other: FlaskClient
) -> None:
    game = played(host, friend)
    position = {"board": game["board"], "to_move": game["to_move"]}
    for mode in ("computer", "local", "watch"):
        sent = {"mode": mode, **SMALL, "position": position}
        assert_error(other.post("/api/games", json=sent), 409, "rated game")
    record = friend.get(f"/api/games/{game['id']}/record").json
    assert_error(other.post("/api/games", json={"mode": "local", "record": record}), 409, "rated")


def test_the_same_moves_on_one_screen_get_no_hint_there(
    host: FlaskClient, friend: FlaskClient, other: FlaskClient
) -> None:
    game = played(host, friend)
    local = create(other, mode="local", hints=True, **SMALL)
    local = move(other, local, game["moves"][0]["pit"]).json
    assert local["board"] == game["board"] and local["to_move"] == game["to_move"]
    url = f"/api/games/{local['id']}"
    assert_error(other.post(f"{url}/hint", json={}), 409, "rated game")
    assert_error(other.post(f"{url}/analysis/position", json={}), 409, "rated game")


def test_the_computers_thinking_is_hidden_at_its_position_until_it_ends(
    app: Flask, host: FlaskClient, friend: FlaskClient, other: FlaskClient
) -> None:
    game = played(host, friend)
    mine = create(other, mode="computer", level="beginner", **SMALL)
    mine = settle(other, move(other, mine, game["moves"][0]["pit"]).json)
    # The computer (seat 1) moved from the rated game's position: its values stay hidden.
    assert mine["moves"][1]["board"] != game["board"]
    seen = other.get(f"/api/games/{mine['id']}").json
    assert seen["moves"][1]["decision"] is None and seen["last_decision"] is None
    # The rated game ends: everything opens (within the guard's second).
    resign(host, game["id"])
    end = time.monotonic() + 30
    while seen["moves"][1]["decision"] is None and time.monotonic() < end:
        time.sleep(0.2)
        seen = other.get(f"/api/games/{mine['id']}").json
    assert seen["moves"][1]["decision"] is not None
    assert seen["last_decision"] == seen["moves"][1]["decision"]


def test_once_it_is_over_everything_opens(
    host: FlaskClient, friend: FlaskClient, other: FlaskClient
) -> None:
    game = played(host, friend)
    asked = position_of(game)
    resign(host, game["id"])
    for who in (friend, other):
        found = who.post(f"/api/games/{game['id']}/analysis/position", json={"ply": 1})
        assert found.status_code == 200, found.json
        assert set(found.json["values"]) == {str(m) for m in game["legal_moves"]}
        board = who.post("/api/board", json=asked)
        assert board.status_code == 200, board.json
        assert board.json["values"]["values"] == found.json["values"]
    started = other.post(f"/api/games/{game['id']}/analysis")
    assert started.status_code in (200, 202), started.json
    position = {"board": asked["board"], "to_move": asked["to_move"]}
    made = other.post("/api/games", json={"mode": "computer", **SMALL, "position": position})
    assert made.status_code == 201, made.json


def test_a_casual_game_between_two_devices_is_not_guarded(
    host: FlaskClient, friend: FlaskClient, other: FlaskClient
) -> None:
    """Only rated games are guarded: a casual game's position is free on the analysis board."""
    made = host.post("/api/games", json={"mode": "remote", "first": 0, **SMALL})
    assert made.status_code == 201, made.json
    game = friend.post(f"/api/games/{made.json['id']}/join", json={}).json
    game = move(host, host.get(f"/api/games/{game['id']}").json, 0).json
    board = other.post("/api/board", json=position_of(game))
    assert board.status_code == 200, board.json


def test_a_game_replaying_its_moves_is_not_analysed_while_it_runs(
    host: FlaskClient, friend: FlaskClient, other: FlaskClient
) -> None:
    """The rated game's moves and a candidate reply played on one screen: its analysis would
    value the rated game's position now."""
    game = played(host, friend)
    local = create(other, mode="local", **SMALL)
    for pit in (game["moves"][0]["pit"], game["legal_moves"][0]):
        local = move(other, local, pit).json
    url = f"/api/games/{local['id']}/analysis"
    assert_error(other.post(url), 409, "rated game")
    read = other.get(url)  # a page reading its analysis is told why there is none, no values
    assert read.status_code == 200 and read.json is not None
    assert (read.json["status"], read.json["moves"]) == ("withheld", [])
    assert "rated game being played" in read.json["error"]
    resign(host, game["id"])
    assert other.post(url).status_code in (200, 202)


class BrokenStore:
    """A store whose queries fail (a locked or full disk)."""

    def run(self, work: Any) -> Any:
        raise StoreError("the store is busy")

    def execute(self, db: Any, text: str, **args: Any) -> Any:
        raise AssertionError("not reached")


def test_a_store_that_cant_be_read_refuses_a_search_but_not_a_page() -> None:
    guard = Guard(BrokenStore(), keep=0.0)  # type: ignore[arg-type]
    assert guard.keys() == set()  # a game's page: the last set read (none yet)
    with pytest.raises(StoreError):
        guard.keys(fresh=True)  # before a search: refused (503), never open by failure


def test_the_guarded_positions_are_now_and_one_move_on_never_the_start() -> None:
    rules = get_variant("kalah", pits=3, seeds=3)
    record = GameSpec("kalah", {"pits": 3, "seeds": 3}, 0, ()).replay()
    assert now_and_next(record) == {
        key_of(rules, rules.initial_state().play(m)) for m in (0, 1, 2)
    } - {None}
    record = GameSpec("kalah", {"pits": 3, "seeds": 3}, 0, (1,)).replay()
    state = rules.initial_state().play(1)
    expected = {key_of(rules, state)} | {key_of(rules, state.play(m)) for m in state.legal_moves()}
    assert now_and_next(record) == expected
