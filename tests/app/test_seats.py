"""Fair seats and clocks between two devices (issue of 2026-11-26): no move and no clock until
both seats are taken, each clock starting after that player's first move, abort without a
result before then, a game nobody starts aborted, a draw offer, a late invitee told the seat
is taken, and no time charged while no server was up."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app import create_app
from app.games import clock
from app.games.liveness import ALIVE, OUTAGE
from tests.app.test_online import junk_is_refused

ONE_MINUTE = {"minutes": 1, "increment": 0}


def ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)
    return response.json  # type: ignore[no-any-return]


def refused(response: Any, status: int, words: str) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)
    assert set(response.json) == {"error", "message", "status"}
    assert words.lower() in response.json["message"].lower(), response.json["message"]
    return response.json  # type: ignore[no-any-return]


def v(game: dict[str, Any]) -> dict[str, int]:
    return {"version": game["version"]}


def invite(host: FlaskClient, **params: Any) -> dict[str, Any]:
    """A game between two devices (Kalah 3x2, Ana moving first) nobody has joined yet."""
    params.setdefault("options", {"pits": 3, "seeds": 2})
    body = {"mode": "remote", "first": 0, "name": "Ana", **params}
    return ok(host.post("/api/games", json=body), 201)


def join(friend: FlaskClient, game: dict[str, Any]) -> dict[str, Any]:
    return ok(friend.post(f"/api/games/{game['id']}/join", json={"name": "Ben"}))


def play(client: FlaskClient, game: dict[str, Any], pit: int) -> dict[str, Any]:
    return ok(client.post(f"/api/games/{game['id']}/moves", json={"pit": pit, **v(game)}))


def read(client: FlaskClient, game: dict[str, Any]) -> dict[str, Any]:
    return ok(client.get(f"/api/games/{game['id']}"))


# -- seats: nobody moves until both are taken ---------------------------------------------------


def test_nobody_moves_and_no_clock_runs_until_both_seats_are_taken(
    host: FlaskClient, friend: FlaskClient
) -> None:
    """The issue: the host moved before the friend joined and the absent friend's clock ran."""
    game = invite(host, clock=ONE_MINUTE)
    assert game["waiting_for_seat"] and not game["your_turn"] and game["legal_moves"] == []
    assert game["start_wait"] is None and game["can_abort"] and not game["can_offer_draw"]
    refused(play_raw(host, game, 0), 409, "has not taken their seat")
    refused(host.post(f"/api/games/{game['id']}/hint", json={}), 409, "your own turn")
    assert read(host, game)["version"] == game["version"]  # nothing written
    time.sleep(0.2)
    joined = join(friend, game)
    assert joined["you"] == [1] and not joined["waiting_for_seat"]
    assert joined["clock"]["remaining_ms"] == [60_000, 60_000]
    assert joined["clock"]["running"] is None
    seen = read(host, game)
    assert seen["your_turn"] and seen["legal_moves"] == [0, 1, 2]
    assert seen["start_wait"]["seat"] == 0
    assert 29_000 < seen["start_wait"]["left_ms"] <= clock.START_SECONDS * 1000
    moved = play(host, seen, 0)
    assert moved["clock"]["remaining_ms"] == [60_000, 60_000]  # Ana's first move: free
    assert moved["clock"]["running"] is None  # and Ben's clock waits for his first move
    assert moved["start_wait"]["seat"] == 1
    time.sleep(0.3)
    answered = play(friend, read(friend, moved), 2)
    assert answered["clock"]["remaining_ms"][1] == 60_000  # Ben's first move: free too
    assert 59_500 < answered["clock"]["remaining_ms"][0] <= 60_000  # Ana's runs from here
    assert answered["clock"]["running"] == 0 and answered["start_wait"] is None


def play_raw(client: FlaskClient, game: dict[str, Any], pit: int) -> Any:
    return client.post(f"/api/games/{game['id']}/moves", json={"pit": pit, **v(game)})


def test_a_late_invitee_is_told_the_seat_is_taken(
    host: FlaskClient, friend: FlaskClient, other: FlaskClient
) -> None:
    game = invite(host)
    join(friend, game)
    late = refused(other.post(f"/api/games/{game['id']}/join", json={}), 409, "seat is taken")
    assert "you can watch" in late["message"]
    seen = read(other, game)
    assert seen["you"] == [] and not seen["can_join"] and not seen["can_abort"]


# -- abort ------------------------------------------------------------------------------------


def test_the_host_may_call_off_an_invite_nobody_took(host: FlaskClient, other: FlaskClient) -> None:
    game = invite(host, clock=ONE_MINUTE)
    refused(other.post(f"/api/games/{game['id']}/abort", json=v(game)), 403, "no seat")
    over = ok(host.post(f"/api/games/{game['id']}/abort", json=v(game)))
    assert over["status"] == "over" and over["ended_by"] == "aborted" and over["winner"] is None
    assert over["result"]["text"] == "Game aborted: no result"
    assert over["result"]["detail"] == "You aborted the game."
    assert "end_kind" not in over and not over["can_abort"]  # one word: ended_by
    assert over["series"] is None  # no result: not counted
    refused(other.post(f"/api/games/{game['id']}/join", json={}), 409, "game is over")
    assert ok(host.get("/api/games"))["games"][0]["status"] == "aborted"


def test_either_player_may_abort_until_both_have_moved(
    host: FlaskClient, friend: FlaskClient
) -> None:
    game = invite(host, clock=ONE_MINUTE)
    join(friend, game)
    moved = play(host, read(host, game), 0)
    assert moved["can_abort"] and read(friend, game)["can_abort"]
    over = ok(friend.post(f"/api/games/{game['id']}/abort", json=v(moved)))
    assert over["ended_by"] == "aborted" and over["result"]["detail"] == "You aborted the game."
    assert read(host, game)["result"]["detail"] == "Ben aborted the game."
    assert over["clock"]["running"] is None

    game = invite(host)
    join(friend, game)
    both = play(friend, read(friend, play(host, read(host, game), 0)), 2)
    assert not both["can_abort"]
    refused(host.post(f"/api/games/{game['id']}/abort", json=v(both)), 409, "resign instead")
    local = ok(host.post("/api/games", json={"mode": "local"}), 201)
    refused(host.post(f"/api/games/{local['id']}/abort", json=v(local)), 409, "two devices")


@pytest.mark.parametrize("path", ["abort", "draw"])
def test_junk_to_abort_and_draw_gets_a_4xx_json_error_and_changes_nothing(
    host: FlaskClient, friend: FlaskClient, path: str
) -> None:
    game = invite(host)
    join(friend, game)
    version = read(host, game)["version"]
    junk_is_refused(host, f"/api/games/{game['id']}/{path}")
    refused(host.post("/api/games/nope/" + path, json={"version": 1}), 404, "no game")
    assert read(host, game)["version"] == version


@pytest.fixture
def short_start(monkeypatch: pytest.MonkeyPatch) -> float:
    """First-move windows of 0.4 s."""
    monkeypatch.setattr(clock, "START_SECONDS", 0.4)
    return 0.4


def test_a_game_nobody_starts_is_aborted(slow_polls: Flask, short_start: float) -> None:
    host, friend = slow_polls.test_client(), slow_polls.test_client()
    game = invite(host, clock=ONE_MINUTE)
    time.sleep(short_start + 0.1)  # no window before both sit down: nothing happens
    joined = join(friend, game)
    assert joined["status"] == "playing" and joined["start_wait"]["seat"] == 0
    start = time.monotonic()
    # Ana's long-poll ends when her window closes, not at its 5 s timeout
    news = ok(host.get(f"/api/games/{game['id']}?since={joined['version']}"))
    assert time.monotonic() - start < 4.0
    assert news["status"] == "over" and news["ended_by"] == "aborted", news
    assert news["winner"] is None and news["result"]["text"] == "Game aborted: no result"
    assert news["result"]["detail"] == "You made no first move within 0.4 s."
    assert read(friend, game)["version"] == news["version"]  # written once

    game = invite(host, clock=ONE_MINUTE)
    join(friend, game)
    moved = play(host, read(host, game), 0)
    time.sleep(short_start + 0.1)
    over = read(host, moved)
    assert over["ended_by"] == "aborted" and over["result"]["detail"].startswith("Ben made no")
    refused(play_raw(friend, over, 2), 409, "over")


def test_without_a_clock_no_first_move_window(host: FlaskClient, friend: FlaskClient) -> None:
    game = invite(host)
    join(friend, game)
    assert read(host, game)["start_wait"] is None


# -- draw offers ------------------------------------------------------------------------------


def test_a_draw_offer_is_accepted_or_declined(
    host: FlaskClient, friend: FlaskClient, other: FlaskClient
) -> None:
    game = invite(host, clock=ONE_MINUTE)
    url = f"/api/games/{game['id']}/draw"
    refused(host.post(url, json=v(game)), 409, "not joined yet")
    game = join(friend, game)
    refused(other.post(url, json=v(game)), 403, "no seat")
    refused(friend.post(url, json={**v(game), "action": "accept"}), 409, "no draw offer")
    offered = ok(host.post(url, json=v(game)))
    assert offered["draw_offer"] == 0 and not offered["can_offer_draw"]
    refused(host.post(url, json=v(offered)), 409, "already waiting")
    refused(host.post(url, json={**v(offered), "action": "accept"}), 409, "no draw offer")
    declined = ok(friend.post(url, json={**v(offered), "action": "decline"}))
    assert declined["draw_offer"] is None and declined["status"] == "playing"
    # The offerer's move keeps the offer; the opponent's move declines it.
    offered = ok(host.post(url, json=v(declined)))
    moved = play(host, offered, 0)
    assert moved["draw_offer"] == 0
    answered = play(friend, read(friend, moved), 2)
    assert answered["draw_offer"] is None
    offered = ok(friend.post(url, json=v(answered)))
    drawn = ok(host.post(url, json={**v(offered), "action": "accept"}))
    assert drawn["status"] == "over" and drawn["ended_by"] == "agreement"
    assert drawn["winner"] is None and drawn["clock"]["running"] is None
    assert drawn["result"]["text"] == "Draw agreed, 0–1"
    assert drawn["result"]["detail"] == "Scores when the draw was agreed: you 0, Ben 1."
    assert drawn["series"]["draws"] == 1 and drawn["end_reason"] == "a draw was agreed"
    refused(host.post(url, json=v(drawn)), 409, "over")


# -- the time no server was up ------------------------------------------------------------------


def test_a_clock_is_not_charged_the_time_no_server_was_up(tmp_path: Path) -> None:
    """Ben's clock runs; 10 s later the server stops, 9 s after his clock started (its last
    beat); it starts again now.  Ben is charged the 1 s before the stop, not the 10 s."""
    config = {"TESTING": True, "INSTANCE_PATH": str(tmp_path / "i"), "AI_EXECUTOR": "thread"}
    first = create_app(config)
    host, friend = first.test_client(), first.test_client()
    game = invite(host, clock=ONE_MINUTE)
    join(friend, game)
    game = play(host, play(friend, play(host, read(host, game), 0), 2), 1)  # Ben's clock runs
    assert game["clock"]["running"] == 1
    store = first.extensions["mancala_store"]
    row = store.load(game["id"])
    now = time.time()
    timer = dict(row.data["clock"], since=now - 10.0)  # Ben's clock started 10 s ago
    store.save(game["id"], row.version, dict(row.data, clock=timer))
    store.set_mark(ALIVE, now - 9.0)  # the last server stopped 9 s ago
    first.extensions["mancala_computer"].shutdown()

    restarted = create_app(config)  # the restart
    try:
        outages = restarted.extensions["mancala_store"].marks(OUTAGE)
        assert len(outages) == 1 and abs(next(iter(outages.values())) - now) < 5
        seen = ok(restarted.test_client().get(f"/api/games/{game['id']}"))
        since = (time.time() - now) * 1000  # the restart and the read took this long
        left = seen["clock"]["remaining_ms"][1]
        # 1 s charged, and the moments since the restart (not the 9 s of the outage)
        assert 59_000 - since - 50 <= left <= 59_000, (left, since)  # (charging the outage's
        # 9 s would leave 9 s less than the lower bound, however long the restart took)
        assert seen["status"] == "playing"
    finally:
        restarted.extensions["mancala_computer"].shutdown()


def test_a_restart_within_moments_is_no_outage(tmp_path: Path) -> None:
    config = {"TESTING": True, "INSTANCE_PATH": str(tmp_path / "i"), "AI_EXECUTOR": "thread"}
    for _ in range(2):
        app = create_app(config)
        app.extensions["mancala_computer"].shutdown()
        # a served process beats every second until it exits (tests run no beat thread), so
        # its last beat is its stop, however long shutting the search processes down took
        app.extensions["mancala_liveness"].beat()
    assert app.extensions["mancala_store"].marks(OUTAGE) == {}


def test_a_rematch_opens_the_new_first_movers_window_and_an_abort_is_not_in_the_series(
    host: FlaskClient, friend: FlaskClient
) -> None:
    game = invite(host, clock=ONE_MINUTE)
    join(friend, game)
    over = ok(host.post(f"/api/games/{game['id']}/abort", json=v(read(host, game))))
    url = f"/api/games/{game['id']}/rematch"
    offered = ok(host.post(url, json=v(over)))
    new = ok(friend.post(url, json={**v(offered), "action": "accept"}), 201)
    assert new["first_player"] == 1 and new["start_wait"]["seat"] == 1
    assert new["series"] is None and new["clock"]["running"] is None
    assert new["your_turn"] and not new["waiting_for_seat"]
