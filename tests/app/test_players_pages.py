"""A player's page and the leaderboard, as JSON and as HTML: ratings with their history chart,
games filtered by variant, result and opponent, the record against each opponent, the games
in play; every pool's players by rating, provisional ones marked."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from app.ratings.glicko2 import Rating, rate_game
from app.ratings.policy import MIN_MOVES


def named(client: FlaskClient, name: str) -> FlaskClient:
    assert client.put("/api/me", json={"name": name}).status_code == 200
    return client


def play(a: FlaskClient, b: FlaskClient, loser: FlaskClient | None, **extra: Any) -> str:
    """A game between two devices, a's seat first; ``loser`` resigns (None: a draw agreed; a
    game left in play with ``extra["keep"]``)."""
    keep = extra.pop("keep", False)
    game = a.post("/api/games", json={"mode": "remote", "first": 0, **extra}).get_json()
    game = b.post(f"/api/games/{game['id']}/join", json={}).get_json()
    path = f"/api/games/{game['id']}"
    if keep:
        return str(game["id"])
    players, made = {0: a, 1: b}, [0, 0]
    while min(made) < MIN_MOVES:  # the moves an early end needs to be rated (app.ratings.policy)
        body = {"pit": game["legal_moves"][0], "version": game["version"]}
        made[game["to_move"]] += 1
        game = players[game["to_move"]].post(f"{path}/moves", json=body).get_json()
    if loser is None:
        offered = a.post(f"{path}/draw", json={"version": game["version"]}).get_json()
        b.post(f"{path}/draw", json={"version": offered["version"], "action": "accept"})
    else:
        loser.post(f"{path}/resign", json={"version": game["version"]})
    return str(game["id"])


@pytest.fixture
def room(app: Any) -> dict[str, FlaskClient]:
    """Ama beat Kofi twice (rated Kalah, casual Oware) and drew with Esi (rated); Kofi beat
    Esi (rated Oware); Ama and Esi have a rated Kalah game in play."""
    ama = named(app.test_client(), "Ama")
    kofi = named(app.test_client(), "Kofi")
    esi = named(app.test_client(), "Esi")
    play(ama, kofi, kofi, rated=True)
    play(kofi, ama, kofi, variant="oware")
    play(ama, esi, None, rated=True)
    play(kofi, esi, esi, rated=True, variant="oware")
    play(ama, esi, None, rated=True, keep=True)
    return {"ama": ama, "kofi": kofi, "esi": esi}


def test_a_players_page_has_ratings_history_games_records_and_current(
    room: dict[str, FlaskClient],
) -> None:
    page = room["kofi"].get("/api/players/AMA")  # found without case
    assert page.status_code == 200
    ama = page.get_json()
    assert ama["name"] == "Ama"
    assert ama["you"] is False
    after_win = rate_game(Rating(), Rating(), 1.0)
    after_draw = rate_game(after_win, Rating(), 0.5)  # Esi: a newcomer
    assert [(r["pool"], r["games"], r["rating"]) for r in ama["ratings"]] == [
        ("kalah", 2, round(after_draw.r))
    ]
    assert ama["ratings"][0]["provisional"] is True
    assert ama["ratings"][0]["text"] == f"{round(after_draw.r)}?"
    assert [[p["rating"] for p in h["points"]] for h in ama["history"]] == [
        [1500, round(after_win.r), round(after_draw.r)]
    ]
    assert [(g["opponent"], g["result"], g["rated"]) for g in ama["games"]] == [
        ("Esi", "draw", True),
        ("Kofi", "win", False),
        ("Kofi", "win", True),
    ]
    assert ama["games"][2]["rating_change"] == round(after_win.r) - 1500
    assert ama["games"][1]["rating_change"] is None
    assert [(c["opponent"], c["rated"]) for c in ama["current"]] == [("Esi", True)]
    assert ama["records"] == [
        {"opponent": "Kofi", "url": "/players/Kofi", "win": 2, "loss": 0, "draw": 0, "games": 2},
        {"opponent": "Esi", "url": "/players/Esi", "win": 0, "loss": 0, "draw": 1, "games": 1},
    ]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("variant=oware", [("Kofi", "win")]),
        ("result=draw", [("Esi", "draw")]),
        ("opponent=kofi", [("Kofi", "win"), ("Kofi", "win")]),
        ("variant=kalah&result=win", [("Kofi", "win")]),
        ("result=loss", []),
    ],
)
def test_a_players_games_filter_by_variant_result_and_opponent(
    room: dict[str, FlaskClient], query: str, expected: list[tuple[str, str]]
) -> None:
    ama = room["esi"].get(f"/api/players/Ama?{query}").get_json()
    assert [(g["opponent"], g["result"]) for g in ama["games"]] == expected


@pytest.mark.parametrize(
    ("path", "status", "says"),
    [
        ("/api/players/Nobody", 404, "no player"),
        ("/api/players/Ama?variant=chess", 400, "'variant'"),
        ("/api/players/Ama?result=won", 400, "'result'"),
        ("/api/players/Ama?opponent=" + "x" * 200, 400, "'opponent'"),
        ("/api/leaderboard?pool=chess", 400, "pool"),
    ],
)
def test_bad_player_queries_are_4xx_json(
    room: dict[str, FlaskClient], path: str, status: int, says: str
) -> None:
    answer = room["ama"].get(path)
    assert answer.status_code == status
    body = answer.get_json()
    assert set(body) == {"error", "message", "status"}
    assert says in body["message"]


def test_the_leaderboard_ranks_each_pool(room: dict[str, FlaskClient]) -> None:
    board = room["ama"].get("/api/leaderboard").get_json()
    assert [p["pool"] for p in board["pools"]] == ["kalah", "oware"]
    kalah = board["pools"][0]
    assert [(p["rank"], p["name"], p["games"]) for p in kalah["players"]] == [
        (1, "Ama", 2),
        (2, "Esi", 1),
        (3, "Kofi", 1),
    ]
    assert all(p["provisional"] and p["text"].endswith("?") for p in kalah["players"])
    only = room["ama"].get("/api/leaderboard?pool=oware").get_json()
    assert [[p["name"] for p in pool["players"]] for pool in only["pools"]] == [["Kofi", "Esi"]]


def test_the_pages_show_it_all(room: dict[str, FlaskClient]) -> None:
    page = room["ama"].get("/players/Ama").get_data(as_text=True)
    assert "<h1>Ama" in page and "(you)" in page
    assert 'class="rating-chart"' in page and "<polyline" in page
    assert 'id="name-form"' in page  # one's own page renames
    assert "Record against each opponent" in page and 'href="/players/Kofi"' in page
    other = room["ama"].get("/players/Kofi?result=win").get_data(as_text=True)
    assert 'id="name-form"' not in other and "(you)" not in other
    board = room["ama"].get("/leaderboard").get_data(as_text=True)
    assert "Kalah 6×4" in board and "Oware" in board and 'href="/players/Esi"' in board
    assert "provisional" in board
    home = room["ama"].get("/").get_data(as_text=True)
    assert 'href="/leaderboard"' in home
    missing = room["ama"].get("/players/Nobody", headers={"Accept": "text/html"})
    assert missing.status_code == 404 and "no player" in missing.get_data(as_text=True)


def test_an_empty_leaderboard_says_how_to_get_on_it(client: FlaskClient) -> None:
    assert client.get("/api/leaderboard").get_json() == {"pools": []}
    page = client.get("/leaderboard").get_data(as_text=True)
    assert "No rated games yet" in page and 'id="name-form"' in page


def test_a_name_with_url_characters_has_a_page(client: FlaskClient) -> None:
    named(client, "a/b?c#d %")
    page = client.get("/api/players/" + "a%2Fb%3Fc%23d%20%25").get_json()
    assert page["name"] == "a/b?c#d %"
    assert page["url"] == "/players/a%2Fb%3Fc%23d%20%25"
    assert client.get("/players/a%2Fb%3Fc%23d%20%25").status_code == 200
