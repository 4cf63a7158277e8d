"""Players' names: one per device, unique without case, visible characters only, changeable;
on both stores (SQLite and a real PostgreSQL), and over HTTP (``/api/me``)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from flask.testing import FlaskClient

from app.players import names
from app.players.names import InvalidName, TakenName
from tests.app import test_stores

store = test_stores.store  # the fixtures: each test on SQLite and on PostgreSQL
stores = test_stores.stores

# -- the rule ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sent", "kept"),
    [
        ("Ama", "Ama"),
        ("  Kofi B.  ", "Kofi B."),
        ("x", "x"),
        ("a" * 24, "a" * 24),
        ("Zoë", "Zoë"),
        ("Zoe\u0308", "Zoë"),  # combining diaeresis: NFC makes it one character
        ("李小龍", "李小龍"),
        ("R2-D2 ♜", "R2-D2 ♜"),
        ("...", "..."),
        ("a/b?c#d", "a/b?c#d"),
    ],
)
def test_a_good_name_is_kept_trimmed_and_composed(sent: str, kept: str) -> None:
    assert names.clean(sent) == kept


@pytest.mark.parametrize(
    "sent",
    [
        "",
        "   ",
        "a" * 25,
        "two  spaces",
        "tab\there",
        "new\nline",
        "zero\u200bwidth",
        "bidi\u202eflip",
        "nb\u00a0space",
        ".",
        "..",
        "\x00",
        None,
        42,
        ["Ama"],
    ],
)
def test_a_bad_name_is_refused_saying_why(sent: Any) -> None:
    with pytest.raises(InvalidName) as refused:
        names.clean(sent)
    assert "'name'" in refused.value.message


def test_names_compare_without_case_or_width() -> None:
    assert names.key_of("Ama") == names.key_of("AMA") == names.key_of("ａｍａ")
    assert names.key_of("Straße") == names.key_of("STRASSE")


# -- the store (both) ---------------------------------------------------------------------------


def test_a_device_takes_a_name_and_is_found_by_it(store: Any) -> None:
    assert names.name_of(store, "dev-a") is None
    assert names.set_name(store, "dev-a", " Ama ") == "Ama"
    assert names.name_of(store, "dev-a") == "Ama"
    assert names.device_of(store, "ama") == "dev-a"
    assert names.device_of(store, "AMA") == "dev-a"
    assert names.device_of(store, "Kofi") is None
    assert names.names_of(store, ["dev-a", "dev-b", None]) == {"dev-a": "Ama"}


def test_a_name_is_unique_without_case(store: Any) -> None:
    names.set_name(store, "dev-a", "Ama")
    with pytest.raises(TakenName) as refused:
        names.set_name(store, "dev-b", "AMA")
    assert "taken" in refused.value.message
    assert names.name_of(store, "dev-b") is None
    assert names.name_of(store, "dev-a") == "Ama"


def test_a_changed_name_frees_the_old_one(store: Any) -> None:
    names.set_name(store, "dev-a", "Ama")
    names.set_name(store, "dev-a", "Ama K")
    assert names.name_of(store, "dev-a") == "Ama K"
    assert names.device_of(store, "Ama") is None
    names.set_name(store, "dev-b", "ama")  # free again
    assert names.device_of(store, "AMA") == "dev-b"
    names.set_name(store, "dev-b", "AMA")  # one's own name in another case
    assert names.name_of(store, "dev-b") == "AMA"


def test_two_devices_racing_for_a_name_one_gets_it(stores: Any) -> None:
    """Eight devices, each on its own store (another worker or host), want one name at once."""
    opened = [stores() for _ in range(8)]
    won: list[str] = []
    lost: list[str] = []

    def take(i: int) -> None:
        try:
            names.set_name(opened[i], f"dev-{i}", "Ama")
            won.append(f"dev-{i}")
        except TakenName:
            lost.append(f"dev-{i}")

    threads = [threading.Thread(target=take, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(won) == 1
    assert len(lost) == 7
    assert names.device_of(opened[0], "ama") == won[0]


# -- HTTP ---------------------------------------------------------------------------------------


def test_an_anonymous_device_is_told_it_has_no_name_yet(client: FlaskClient) -> None:
    answer = client.get("/api/me")
    assert answer.status_code == 200
    assert answer.get_json() == {"device": None, "name": None}


def test_a_browser_takes_a_name_and_keeps_its_games(client: FlaskClient) -> None:
    game = client.post("/api/games", json={"mode": "local"}).get_json()
    device = client.get("/api/me").get_json()["device"]
    assert device is not None
    answer = client.put("/api/me", json={"name": "Ama"})
    assert answer.status_code == 200
    assert answer.get_json() == {"device": device, "name": "Ama"}
    assert client.get("/api/me").get_json() == {"device": device, "name": "Ama"}
    assert [g["id"] for g in client.get("/api/games").get_json()["games"]] == [game["id"]]


def test_a_new_browser_taking_a_name_gets_a_device(client: FlaskClient) -> None:
    answer = client.put("/api/me", json={"name": "Kofi"})
    assert answer.status_code == 200
    device = answer.get_json()["device"]
    assert device is not None
    assert client.get("/api/me").get_json() == {"device": device, "name": "Kofi"}


def test_a_taken_name_is_a_409_and_changes_nothing(client: FlaskClient, other: FlaskClient) -> None:
    client.put("/api/me", json={"name": "Ama"})
    other.put("/api/me", json={"name": "Kofi"})
    answer = other.put("/api/me", json={"name": "aMA"})
    assert answer.status_code == 409
    body = answer.get_json()
    assert body["status"] == 409
    assert body["error"] == "Conflict"
    assert "taken" in body["message"]
    assert other.get("/api/me").get_json()["name"] == "Kofi"


@pytest.mark.parametrize(
    ("sent", "says"),
    [
        ({}, "name"),
        ({"name": ""}, "visible"),
        ({"name": "a" * 25}, "24"),
        ({"name": "a\u200bb"}, "visible"),
        ({"name": 7}, "string"),
        ({"name": "Ama", "extra": 1}, "extra"),
    ],
)
def test_a_bad_name_over_http_is_a_400_saying_why(
    client: FlaskClient, sent: dict[str, Any], says: str
) -> None:
    client.put("/api/me", json={"name": "Ama"})
    answer = client.put("/api/me", json=sent)
    assert answer.status_code == 400
    body = answer.get_json()
    assert set(body) == {"error", "message", "status"}
    assert says in body["message"]
    assert client.get("/api/me").get_json()["name"] == "Ama"


def test_junk_bodies_are_refused_without_a_500(client: FlaskClient) -> None:
    for data, kind in (("[1]", "application/json"), ("{", "application/json"), ("x", "text/plain")):
        answer = client.put("/api/me", data=data, content_type=kind)
        assert 400 <= answer.status_code < 500
        assert answer.get_json()["status"] == answer.status_code


def test_renaming_without_end_is_limited(client: FlaskClient) -> None:
    statuses = [client.put("/api/me", json={"name": f"Ama {i}"}).status_code for i in range(21)]
    assert statuses == [200] * 20 + [429]
    refused = client.put("/api/me", json={"name": "Ama X"})
    assert refused.status_code == 429
    assert "name changes" in refused.get_json()["message"]
    assert int(refused.headers["Retry-After"]) >= 1
    assert client.get("/api/me").get_json()["name"] == "Ama 19"
