"""A player's page names each game's board and house rules (issue 33, item 11): Kalah 4×3 and
Kalah 6×4 games are told apart in the list and in the filter, each game shows when it was
played, and a tournament's game links to its tournament and says its round."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient


def named(client: FlaskClient, name: str) -> FlaskClient:
    assert client.put("/api/me", json={"name": name}).status_code == 200
    return client


def resigned(a: FlaskClient, b: FlaskClient, **params: Any) -> str:
    """A game between two devices (a's seat first) that b joined and resigned at once."""
    game = a.post("/api/games", json={"mode": "remote", "first": 0, **params}).get_json()
    game = b.post(f"/api/games/{game['id']}/join", json={}).get_json()
    answer = b.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]})
    assert answer.status_code == 200, answer.get_json()
    return str(game["id"])


@pytest.fixture
def ama(app: Flask) -> FlaskClient:
    """Ama beat Kofi at Kalah 4×3, Kalah 6×4, Kalah 6×4 with empty captures and Oware, and
    won his resignation in a round robin's first round (Kalah 6×4)."""
    ama = named(app.test_client(), "Ama")
    kofi = named(app.test_client(), "Kofi")
    resigned(ama, kofi, options={"pits": 4, "seeds": 3})
    resigned(ama, kofi)
    resigned(ama, kofi, options={"empty_capture": True})
    resigned(ama, kofi, variant="oware")
    made = ama.post(
        "/api/tournaments",
        json={"name": "Friday", "system": "round_robin", "variant": "kalah", "you": "Ama"},
    )
    assert made.status_code == 201, made.get_json()
    tid = made.get_json()["id"]
    assert kofi.post(f"/api/tournaments/{tid}/join", json={"name": "Kofi"}).status_code == 200
    assert ama.post(f"/api/tournaments/{tid}/start", json={}).status_code == 200
    gid = ama.get(f"/api/tournaments/{tid}").get_json()["your_game"]
    version = kofi.get(f"/api/games/{gid}").get_json()["version"]
    answer = kofi.post(f"/api/games/{gid}/resign", json={"version": version})
    assert answer.status_code == 200, answer.get_json()
    ama.tournament = tid  # type: ignore[attr-defined]
    return ama


def test_each_game_is_named_by_its_board_and_house_rules(ama: FlaskClient) -> None:
    page = ama.get("/api/players/Ama").get_json()
    kinds = [g["kind_title"] for g in page["games"]]
    assert sorted(kinds) == [
        "Kalah 4×3",
        "Kalah 6×4",
        "Kalah 6×4",
        "Kalah 6×4 (empty capture)",
        "Oware",
    ]
    assert [(k["kind"], k["title"]) for k in page["choices"]["kinds"]] == [
        ("kalah-4x3", "Kalah 4×3"),
        ("kalah-6x4", "Kalah 6×4"),
        ("kalah-6x4+empty_capture=True", "Kalah 6×4 (empty capture)"),
        ("oware", "Oware"),
    ]
    house = next(g for g in page["games"] if g["house_rules"])
    assert house["house_rules"] == ["empty capture"]


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("kalah-4x3", ["Kalah 4×3"]),
        ("kalah-6x4", ["Kalah 6×4", "Kalah 6×4"]),
        ("kalah-6x4+empty_capture=True", ["Kalah 6×4 (empty capture)"]),
        ("kalah-9x9", []),
    ],
)
def test_the_filter_tells_the_sizes_apart(ama: FlaskClient, kind: str, expected: list[str]) -> None:
    page = ama.get("/api/players/Ama", query_string={"kind": kind}).get_json()
    assert [g["kind_title"] for g in page["games"]] == expected
    assert page["filters"]["kind"] == kind


def test_a_kind_too_long_is_a_400(ama: FlaskClient) -> None:
    answer = ama.get("/api/players/Ama", query_string={"kind": "k" * 500})
    assert answer.status_code == 400
    assert set(answer.get_json()) == {"error", "message", "status"}


def test_each_game_says_when_and_a_tournament_game_its_tournament(ama: FlaskClient) -> None:
    page = ama.get("/api/players/Ama").get_json()
    for game in page["games"]:
        assert game["played"]["iso"].endswith("Z") and game["played"]["text"]
    marked = [g for g in page["games"] if g["tournament"]]
    tid = ama.tournament  # type: ignore[attr-defined]
    assert [g["tournament"] for g in marked] == [
        {"id": tid, "name": "Friday", "url": f"/tournaments/{tid}", "round": 1}
    ]
    assert [g["tournament"] for g in page["games"]].count(None) == 4


def test_the_page_shows_sizes_dates_and_the_tournament(ama: FlaskClient) -> None:
    html = ama.get("/players/Ama").get_data(as_text=True)
    assert '<option value="kalah-4x3">Kalah 4×3</option>' in html
    assert '<option value="kalah-6x4">Kalah 6×4</option>' in html
    assert ">Kalah 4×3</a>" in html and ">Kalah 6×4 (empty capture)</a>" in html
    assert html.count("<time datetime=") == 5
    tid = ama.tournament  # type: ignore[attr-defined]
    assert f'Tournament: <a href="/tournaments/{tid}">Friday</a>, round 1' in html
    chosen = ama.get("/players/Ama?kind=kalah-4x3").get_data(as_text=True)
    assert '<option value="kalah-4x3" selected>' in chosen
