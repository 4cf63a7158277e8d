"""One name, one look: names compared by their TS #39 skeleton, invisible and filler characters
and a guest's label refused, and every way to take a name (``PUT /api/me``, a tournament's
create or join, a seek) held to the same rule and the same rate limit of the address; a named
player's seat shows their player name; an arena's returning player is checked like a new one;
names kept before the skeleton are brought to it (the one taken first stays)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.games.player_names import PlayerNames
from app.players import names
from app.players.names import InvalidName
from app.tournaments import service as tournaments
from tests.app import test_stores

store = test_stores.store  # the fixtures: on SQLite and on PostgreSQL
stores = test_stores.stores


def at(app: Flask, address: str = "10.0.0.66") -> FlaskClient:
    """A new browser (its own cookies) on ``address``."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def named(app: Flask, name: str, address: str) -> FlaskClient:
    client = at(app, address)
    answer = client.put("/api/me", json={"name": name})
    assert answer.status_code == 200, answer.get_json()
    return client


def status(response: Any, code: int) -> dict[str, Any]:
    body = response.get_json()
    assert response.status_code == code, body
    assert set(body) == {"error", "message", "status"} and body["status"] == code
    return body  # type: ignore[no-any-return]


# -- the rule -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lookalike",
    [
        "\u0410m\u0430",  # Cyrillic A and a around a Latin m
        "AMA",
        "\uff21\uff4d\uff41",  # full width
        "Arna",  # r + n looks like m
    ],
)
def test_a_name_that_looks_like_a_kept_one_is_taken(app: Flask, lookalike: str) -> None:
    ama = named(app, "Ama", "10.0.0.1")
    body = status(at(app, "10.0.0.2").put("/api/me", json={"name": lookalike}), 409)
    assert "looks the same" in body["message"]
    assert names.key_of(lookalike) == names.key_of("Ama")
    player = ama.get(f"/api/players/{lookalike}")  # the page of the one who has it
    assert player.status_code == 200 and player.get_json()["name"] == "Ama"


@pytest.mark.parametrize(
    "invisible",
    [
        "Ama\u034f",  # combining grapheme joiner
        "Ama\ufe0f",  # variation selector 16 after a letter
        "Ama\u17b4",  # Khmer vowel inherent aq
        "Am\u200ba",  # zero width space
        "\u3164",  # Hangul filler
        "\u2800",  # Braille blank
        "A\u3164ma",
        "\u180eAma",  # Mongolian vowel separator
        "\u0301Ama",  # a combining mark first
    ],
)
def test_invisible_and_filler_characters_are_refused(invisible: str) -> None:
    with pytest.raises(InvalidName) as refused:
        names.clean(invisible)
    assert "'name'" in refused.value.message


@pytest.mark.parametrize(
    "label", ["Guest c962", "guest C962", "GUEST 1a2b", "Gu\u0435st c962", "Guest", "Guest  "]
)
def test_a_guests_label_is_refused(label: str) -> None:
    with pytest.raises(InvalidName) as refused:
        names.clean(label)
    assert "guest" in refused.value.message


@pytest.mark.parametrize("good", ["Guestor", "Guest Ama", "\u2764\ufe0f Ama", "👩\u200d💻 Esi"])
def test_names_that_only_start_alike_and_emoji_sequences_are_kept(good: str) -> None:
    assert names.clean(good) == good


# -- every way to take a name: one rule, one rate limit -----------------------------------------


def arena(app: Flask) -> str:
    director = named(app, "Director", "10.0.0.9")
    made = director.post(
        "/api/tournaments",
        json={"name": "Friday", "system": "arena", "variant": "kalah", "minutes": 30},
    )
    assert made.status_code == 201, made.get_json()
    return str(made.get_json()["id"])


def test_joining_a_tournament_under_a_name_counts_against_the_addresss_name_limit(
    app: Flask,
) -> None:
    tid = arena(app)
    answers = [
        at(app).post(f"/api/tournaments/{tid}/join", json={"name": f"Squat {i}"}) for i in range(24)
    ]
    codes = [a.status_code for a in answers]
    assert codes[:20] == [200] * 20 and codes[20:] == [429] * 4, codes
    assert "name changes" in answers[-1].get_json()["message"]
    assert int(answers[-1].headers["Retry-After"]) >= 1
    for i in range(20, 24):  # the refused ones kept no name; another address is not held back
        assert named(app, f"Squat {i}", f"10.0.1.{i}").get("/api/me").get_json()["name"]


def test_creating_a_tournament_under_a_name_counts_too(app: Flask) -> None:
    body = {"name": "Friday", "system": "round_robin", "variant": "kalah"}
    codes = [
        at(app).post("/api/tournaments", json=dict(body, you=f"Maker {i}")).status_code
        for i in range(22)
    ]
    assert codes.count(201) <= 20 and codes[-1] == 429, codes


def test_a_tournament_join_with_a_lookalike_or_invisible_name_is_refused(app: Flask) -> None:
    tid = arena(app)
    named(app, "Bea", "10.0.0.3")
    status(at(app, "10.0.0.4").post(f"/api/tournaments/{tid}/join", json={"name": "B\u0435a"}), 409)
    status(
        at(app, "10.0.0.4").post(f"/api/tournaments/{tid}/join", json={"name": "Bea\u034f"}), 400
    )
    status(at(app, "10.0.0.4").post(f"/api/tournaments/{tid}/join", json={"name": "\u2800"}), 400)


def test_a_full_tournament_refuses_a_join_and_keeps_no_name(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tournaments, "MAX_PLAYERS", 2)
    tid = arena(app)
    for n in ("Ama", "Kofi"):
        assert (
            at(app, "10.0.0.5").post(f"/api/tournaments/{tid}/join", json={"name": n}).status_code
            == 200
        )
    late = at(app, "10.0.0.6")
    body = status(late.post(f"/api/tournaments/{tid}/join", json={"name": "Esi"}), 409)
    assert "full" in body["message"]
    assert late.get("/api/me").get_json()["name"] is None
    assert named(app, "Esi", "10.0.0.7").get("/api/me").get_json()["name"] == "Esi"
    # A named device refused keeps the name it had.
    yaw = named(app, "Yaw", "10.0.0.8")
    status(yaw.post(f"/api/tournaments/{tid}/join", json={"name": "Yaw K"}), 409)
    assert yaw.get("/api/me").get_json()["name"] == "Yaw"


def test_an_arena_rejoin_is_checked_for_a_name_in_it(app: Flask) -> None:
    tid = arena(app)
    first = at(app, "10.0.0.11")
    assert first.post(f"/api/tournaments/{tid}/join", json={"name": "Bea"}).status_code == 200
    other = at(app, "10.0.0.12")
    assert other.post(f"/api/tournaments/{tid}/join", json={"name": "Cy"}).status_code == 200
    assert other.post(f"/api/tournaments/{tid}/leave", json={}).status_code == 200
    assert first.put("/api/me", json={"name": "Bea K"}).status_code == 200  # "Bea" is free
    assert other.put("/api/me", json={"name": "Bea"}).status_code == 200
    body = status(other.post(f"/api/tournaments/{tid}/join", json={}), 409)
    assert "Bea" in body["message"]
    shown = [p["name"] for p in other.get(f"/api/tournaments/{tid}").get_json()["players"]]
    assert shown.count("Bea") == 1


# -- seats and seeks -------------------------------------------------------------------------------


def test_a_named_players_seat_shows_their_player_name(app: Flask) -> None:
    named(app, "Ama2", "10.0.0.20")
    mallory = named(app, "Mallory", "10.0.0.21")
    game = mallory.post("/api/games", json={"mode": "remote", "name": "Ama2", "first": 0})
    assert game.status_code == 201
    assert game.get_json()["seats"][0]["player_name"] == "Mallory"
    host = at(app, "10.0.0.22")
    made = host.post("/api/games", json={"mode": "remote", "first": 0}).get_json()
    joined = mallory.post(f"/api/games/{made['id']}/join", json={"name": "Ama2"}).get_json()
    assert joined["seats"][1]["player_name"] == "Mallory"


def test_a_seat_label_is_not_a_guests_and_a_rated_game_shows_player_names(app: Flask) -> None:
    """A device without a name may label its seat (a casual game), never as a guest; a rated
    game is between named players, whose seats show their names whatever label was sent."""
    guest = at(app, "10.0.0.23")
    status(guest.post("/api/games", json={"mode": "remote", "name": "Guest c962"}), 400)
    host = at(app, "10.0.0.22")
    made = host.post("/api/games", json={"mode": "remote", "first": 0}).get_json()
    status(guest.post(f"/api/games/{made['id']}/join", json={"name": "GUEST 1a2b"}), 400)
    ok = guest.post("/api/games", json={"mode": "remote", "name": "Zed"})
    assert ok.status_code == 201 and ok.get_json()["seats"][0]["player_name"] == "Zed"
    assert guest.get("/api/me").get_json()["name"] is None  # a label is not a name
    named(app, "Ama2", "10.0.0.20")
    mallory = named(app, "Mallory", "10.0.0.21")
    sent = {"mode": "remote", "rated": True, "first": 0, "name": "Ama2"}
    rated = mallory.post("/api/games", json=sent).get_json()
    kofi = named(app, "Kofi", "10.0.0.24")
    joined = kofi.post(f"/api/games/{rated['id']}/join", json={"name": "Ama2"}).get_json()
    assert [s["player_name"] for s in joined["seats"]] == ["Mallory", "Kofi"]


def test_a_seek_with_a_name_takes_it_and_its_game_shows_player_names(app: Flask) -> None:
    named(app, "Ama2", "10.0.0.30")
    mallory = named(app, "Mallory", "10.0.0.31")
    status(mallory.post("/api/lobby/seeks", json={"name": "Ama2", "rated": True}), 409)
    status(mallory.post("/api/lobby/seeks", json={"name": "Ama\u034f2"}), 400)
    seek = mallory.post("/api/lobby/seeks", json={"name": "Mal", "rated": True})
    assert seek.status_code == 201, seek.get_json()
    assert mallory.get("/api/me").get_json()["name"] == "Mal"
    taker = named(app, "Kofi", "10.0.0.32")
    game = taker.post(f"/api/lobby/seeks/{seek.get_json()['id']}/join").get_json()
    assert [s["player_name"] for s in game["seats"]] == ["Mal", "Kofi"]


def test_seeks_with_names_count_against_the_name_limit(app: Flask) -> None:
    codes = []
    for i in range(22):
        client = at(app, "10.0.0.40")
        client.put("/api/lobby/me", json={"quiet": False})  # a cookie, as the page has
        codes.append(client.post("/api/lobby/seeks", json={"name": f"Seek {i}"}).status_code)
    assert 429 in codes and codes.count(201) <= 20, codes


# -- names kept before the skeleton ---------------------------------------------------------


def test_kept_names_are_rekeyed_the_first_taker_keeping_a_shared_skeleton(store: Any) -> None:
    """On both stores: names kept under the old key (case folding only) are brought to the
    skeleton once; of two with one skeleton the first taken stays, a name breaking today's
    rule is released, and keys may trade places (one's new key another's old)."""
    old = str.casefold  # the key before the skeleton
    PlayerNames(store).set_name("dev-first", "Ama", old("Ama"))
    PlayerNames(store).set_name("dev-later", "\u0410m\u0430", old("\u0410m\u0430"))
    PlayerNames(store).set_name("dev-blank", "Bo\u034f", old("Bo\u034f"))
    PlayerNames(store).set_name("dev-alone", "Kofi", old("Kofi"))
    PlayerNames(store).set_name("dev-swap", "Kofl", "arna")  # holds "Ama"'s new key as its old one
    names._rekeyed.discard(id(store))
    assert names.device_of(store, "\u0410m\u0430") == "dev-first"
    assert names.name_of(store, "dev-later") is None  # released: asked again
    assert names.name_of(store, "dev-blank") is None  # breaks today's rule
    assert names.device_of(store, "KOFI") == "dev-alone"
    assert names.device_of(store, "Kofl") == "dev-swap"
    assert names.set_name(store, "dev-later", "Ama B") == "Ama B"
    assert PlayerNames(store).rekey(names.kept_key) == []  # once only: nothing more to do
