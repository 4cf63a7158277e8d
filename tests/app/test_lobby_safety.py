"""One device (or one address) cannot spoil the room: reading it is free, presence is a page's
heartbeat bounded per address that ends within seconds of the page closing, every cap holds
per device and per address (429 with Retry-After), and every list shows each maker a few
entries, the newest, so a friend's entry made after a flood is seen at once (issue 32's lobby
breaks, issue 33's items 6 and 18)."""

from __future__ import annotations

import threading
import time
from itertools import count
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.lobby import hooks
from app.lobby.caps import RoomLimits
from app.lobby.store import Beat, LobbyStore, SeekCaps
from app.store.json_types import JSONObject
from tests.app.test_stores import Stores, store, stores  # noqa: F401 (both stores' fixtures)

LIMITS = RoomLimits()
_addresses = count(1)


def person(app: Flask, address: str | None = None) -> FlaskClient:
    """A browser of its own (own cookies) at ``address`` (a new one if not given)."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address or f"10.1.{next(_addresses)}.1"
    return client


def arrive(client: FlaskClient) -> JSONObject:
    """The page's heartbeat (twice on a first visit: the first only sets the cookie): the room
    as it sees it."""
    answer = client.post("/api/lobby/here")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    if answer.json["retry_after"] == 0:
        assert not answer.json["in_room"]
        answer = client.post("/api/lobby/here")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.json  # type: ignore[no-any-return]


def look(client: FlaskClient) -> JSONObject:
    answer = client.get("/api/lobby")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.json  # type: ignore[no-any-return]


def names(view: JSONObject) -> list[str]:
    return [h["name"] for h in view["here"]]


def refused(response: Any, status: int = 429) -> JSONObject:
    assert response.status_code == status, response.get_data(as_text=True)
    body: JSONObject = response.json
    assert body["status"] == status and body["error"] and body["message"]
    if status == 429:
        assert int(response.headers["Retry-After"]) >= 1 and body["retry_after"] >= 1
    return body


def named(client: FlaskClient, name: str) -> str:
    assert client.put("/api/me", json={"name": name}).status_code == 200
    return name


# -- reading is free ---------------------------------------------------------------------------


def test_reading_the_room_without_a_cookie_creates_nothing(app: Flask) -> None:
    ama = person(app)
    named(ama, "Ama")
    arrive(ama)
    version = look(ama)["version"]
    reader = person(app, "10.9.9.9")
    for _ in range(60):  # the loop of reads from one address, without a cookie
        answer = reader.get("/api/lobby")
        assert answer.status_code == 200
        assert "Set-Cookie" not in answer.headers  # no device minted
        assert answer.json["you"] == {"tag": None, "name": None, "named": False}
    assert reader.get_cookie("mancala_player") is None
    seen = look(ama)
    assert seen["version"] == version  # nothing moved: no other page was woken
    assert names(seen) == ["Ama"]  # "who is here" did not fill with guests
    me = reader.get("/api/lobby/me")
    assert me.status_code == 200 and "Set-Cookie" not in me.headers
    assert me.json == {"tag": None, "name": None, "quiet": False}


def test_a_heartbeat_without_a_cookie_makes_nothing_but_the_cookie(app: Flask) -> None:
    ama = person(app)
    version = arrive(ama)["version"]
    flooder = person(app, "10.9.9.7")
    for _ in range(30):  # a new browser every time: no cookie kept
        flooder.delete_cookie("mancala_player")
        answer = flooder.post("/api/lobby/here")
        assert answer.status_code == 200 and "Set-Cookie" in answer.headers
        assert answer.json["in_room"] is False and answer.json["retry_after"] == 0
    seen = look(ama)
    assert seen["version"] == version and len(seen["here"]) == 1  # nobody made, nobody woken
    again = flooder.post("/api/lobby/here")  # the page's next beat, with its cookie: here
    assert again.json["in_room"] is True and len(look(ama)["here"]) == 2


def test_a_read_with_a_cookie_is_not_presence_either(app: Flask) -> None:
    ama, ben = person(app), person(app)
    arrive(ama)
    arrive(ben)
    version = look(ama)["version"]
    ben.post("/api/lobby/leave")
    after = look(ama)
    assert after["version"] == version + 1 and len(after["here"]) == 1
    for _ in range(5):
        assert look(ben)["in_room"] is False  # Ben reads, and is not back in the room
    assert look(ama)["version"] == version + 1 and len(look(ama)["here"]) == 1


def test_a_long_poll_is_not_woken_by_cookieless_reads(slow_polls: Flask) -> None:
    ama = person(slow_polls)
    version = arrive(ama)["version"]
    woke: list[float] = []
    began = time.monotonic()
    waiter = threading.Thread(
        target=lambda: (ama.get(f"/api/lobby?since={version}"), woke.append(time.monotonic()))
    )
    waiter.start()
    flooder = person(slow_polls, "10.9.9.8")
    for _ in range(40):
        assert flooder.get("/api/lobby").status_code == 200
    waiter.join()
    assert woke[0] - began >= 4.0  # it waited for its timeout (5 s): nobody woke it


# -- presence: a heartbeat, bounded per address, gone within seconds ---------------------------


def test_a_closed_page_leaves_the_room_within_its_presence_window(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    ama, ben = person(app), person(app)
    named(ama, "Ama")
    named(ben, "Ben")
    arrive(ama)
    assert names(arrive(ben)) == ["Ben", "Ama"]
    now = time.time()
    # Ama's page keeps beating; Ben's app is closed without a word (a phone put away).
    left_at = None
    for step in range(1, 6):
        later = now + step * LIMITS.beat_seconds
        monkeypatch.setattr(time, "time", lambda later=later: later)
        version = look(ama)["version"]
        seen = arrive(ama)
        if "Ben" not in names(seen):
            left_at = later - now
            assert seen["version"] > version  # his leaving moved the version: pages wake
            break
    assert left_at is not None and left_at <= 30  # "within about 30 s" (it was 3 minutes)
    assert left_at > LIMITS.here_seconds - LIMITS.beat_seconds  # not before his window


def test_the_leaving_beacon_removes_one_at_once_and_a_reload_brings_them_back(
    app: Flask,
) -> None:
    ama, ben = person(app), person(app)
    named(ama, "Ama")
    named(ben, "Ben")
    arrive(ama)
    arrive(ben)
    seek = ben.post("/api/lobby/seeks", json={})
    assert seek.status_code == 201
    assert ben.post("/api/lobby/leave").json == {"left": True}
    seen = look(ama)
    assert names(seen) == ["Ama"] and seen["seeks"] == []  # gone, and their seek unlisted
    arrive(ben)  # the page was only reloaded: Ben and the seek are back
    seen = look(ama)
    assert sorted(names(seen)) == ["Ama", "Ben"] and len(seen["seeks"]) == 1
    assert person(app).post("/api/lobby/leave").json == {"left": False}  # no cookie: nothing


def test_one_address_keeps_a_few_devices_in_the_room_and_a_friend_is_seen_at_once(
    app: Flask,
) -> None:
    for _ in range(25):  # one address, a new cookie each time
        arrive(person(app, "10.6.6.6"))
    friend = person(app, "10.7.7.7")
    named(friend, "Esi")
    seen = arrive(friend)
    assert names(seen)[0] == "Esi"  # the viewer first
    others = [h for h in seen["here"] if not h["you"]]
    assert len(others) == LIMITS.here_per_address  # the flooding address: its newest six
    ama = person(app)
    named(ama, "Ama")
    seen = arrive(ama)
    assert names(seen)[:2] == ["Ama", "Esi"]  # the newest arrivals come first


def test_arrivals_from_one_address_stop_waking_the_room(app: Flask) -> None:
    ama = person(app)
    arrive(ama)
    before = look(ama)["version"]
    answers = [arrive(person(app, "10.5.5.5")) for _ in range(40)]
    woke = look(ama)["version"] - before
    # A burst wakes the pages, then at most one more (the arrival that emptied the bucket).
    assert woke <= LIMITS.arrivals_burst + 1
    late = answers[-1]
    assert late["in_room"] is False and late["retry_after"] >= 1  # told, and tries again
    assert arrive(person(app))["in_room"] is True  # another address


# -- caps per device and per address -------------------------------------------------------------


def test_open_seeks_are_capped_per_address_with_a_429_that_says_what_to_do(app: Flask) -> None:
    made = 0
    for _ in range(4):  # four devices of one address, three seeks each if they could
        client = person(app, "10.4.4.4")
        arrive(client)
        for _ in range(3):
            answer = client.post("/api/lobby/seeks", json={})
            if answer.status_code == 201:
                made += 1
            else:
                body = refused(answer)
                assert "network address" in body["message"] and "withdraw" in body["message"]
    assert made == LIMITS.seeks_per_address
    one = person(app)
    arrive(one)
    for _ in range(LIMITS.seeks_per_device):
        assert one.post("/api/lobby/seeks", json={}).status_code == 201
    assert "withdraw one" in refused(one.post("/api/lobby/seeks", json={}))["message"]


def test_new_cookies_on_one_address_do_not_escape_its_seek_cap(app: Flask) -> None:
    statuses = []
    for _ in range(9):  # the flood: a new cookie for every seek, from one address
        client = person(app, "10.4.4.5")
        statuses.append(client.post("/api/lobby/seeks", json={}).status_code)
    assert statuses.count(201) == LIMITS.seeks_per_address
    assert set(statuses[LIMITS.seeks_per_address :]) == {429}


def test_a_device_unlisted_by_a_crowded_address_is_listed_again_when_there_is_room(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = person(app, "10.4.4.6")
    named(first, "Early")
    arrive(first)
    crowd = [person(app, "10.4.4.6") for _ in range(LIMITS.here_per_address)]
    for client in crowd:
        arrive(client)
    watcher = person(app)
    assert "Early" not in names(arrive(watcher))  # the address's six newest are listed
    crowd[-1].post("/api/lobby/leave")
    later = time.time() + LIMITS.beat_seconds
    monkeypatch.setattr(time, "time", lambda: later)
    arrive(first)  # its next beat: there is room again
    assert "Early" in names(look(watcher))


def test_a_friends_seek_made_after_a_flood_from_many_addresses_is_listed_at_once(
    app: Flask,
) -> None:
    for a in range(30):  # 30 addresses, two devices each, three seeks each: 180 seeks
        for _ in range(2):
            client = person(app, f"10.3.{a}.1")
            arrive(client)
            for _ in range(3):
                client.post("/api/lobby/seeks", json={"variant": "oware"})
    friend = person(app)
    named(friend, "Ama")
    arrive(friend)
    made = friend.post("/api/lobby/seeks", json={"variant": "kalah"})
    assert made.status_code == 201
    kofi = person(app)
    seeks = arrive(kofi)["seeks"]
    assert seeks[0]["id"] == made.json["id"]  # the newest first
    by_address: dict[str, int] = {}
    assert len(seeks) <= LIMITS.seeks_listed
    for seek in seeks:  # each flooding address shows at most its share
        by_address[seek["by"]] = by_address.get(seek["by"], 0) + 1
    assert max(by_address.values()) <= LIMITS.seeks_share


def test_challenges_to_one_person_are_capped_and_a_friends_is_seen_after_a_flood(
    app: Flask,
) -> None:
    esi = person(app)
    tag = arrive(esi)["you"]["tag"]
    one = person(app, "10.2.2.2")
    arrive(one)
    assert one.post("/api/lobby/challenges", json={"to": tag}).status_code == 201
    body = refused(one.post("/api/lobby/challenges", json={"to": tag, "variant": "oware"}))
    assert "challenged" in body["message"] and "answer" in body["message"]
    second = person(app, "10.2.2.2")  # another cookie on the same address
    arrive(second)
    assert second.post("/api/lobby/challenges", json={"to": tag}).status_code == 201
    third = person(app, "10.2.2.2")
    arrive(third)
    body = refused(third.post("/api/lobby/challenges", json={"to": tag}))
    assert "network address" in body["message"]
    for a in range(40):  # a flood of challenges from 40 more addresses
        client = person(app, f"10.2.3.{a}")
        arrive(client)
        assert client.post("/api/lobby/challenges", json={"to": tag}).status_code == 201
    friend = person(app)
    named(friend, "Ama")
    arrive(friend)
    made = friend.post("/api/lobby/challenges", json={"to": tag, "variant": "oware"})
    assert made.status_code == 201 and made.json is not None
    to_you = look(esi)["challenges"]["to_you"]
    assert to_you[0]["id"] == made.json["id"] and to_you[0]["by"] == "Ama"
    assert len(to_you) <= LIMITS.challenges_listed


def test_challenges_sent_are_capped_per_address(app: Flask) -> None:
    targets = []
    for _ in range(8):
        client = person(app)
        targets.append(arrive(client)["you"]["tag"])
    sent = 0
    for d in range(3):  # three devices of one address, three players each if they could
        client = person(app, "10.8.8.8")
        arrive(client)
        for tag in targets[3 * d : 3 * d + 3]:
            answer = client.post("/api/lobby/challenges", json={"to": tag})
            if answer.status_code == 201:
                sent += 1
            else:
                assert "network address" in refused(answer)["message"]
    assert sent == LIMITS.challenges_per_address


# -- lists: finished tournament games grouped, games being played ------------------------------


def seated_pair(app: Flask, address: str) -> str:
    """Two devices of ``address`` sit down to a game through a seek: its id."""
    maker, taker = person(app, address), person(app, address)
    arrive(maker)
    seek = maker.post("/api/lobby/seeks", json={"options": {"pits": 3, "seeds": 2}})
    assert seek.status_code == 201, seek.json
    game = taker.post(f"/api/lobby/seeks/{seek.json['id']}/join")
    assert game.status_code == 201, game.json
    return str(game.json["id"])


def test_games_being_played_list_each_address_a_few_times_and_the_newest_first(
    app: Flask,
) -> None:
    flood = [seated_pair(app, "10.5.6.7") for _ in range(8)]
    friends = seated_pair(app, "10.5.6.8")
    games = [g["id"] for g in arrive(person(app))["games"]]
    assert games[0] == friends
    assert len([g for g in games if g in flood]) == LIMITS.games_share


def test_finished_tournament_games_are_grouped_by_tournament_and_bounded(app: Flask) -> None:
    games = [
        {
            "id": f"g{t}-{i}",
            "title": f"P{i} – Q{i}",
            "players": [f"P{i}", f"Q{i}"],
            "result": "1-0",
            "url": f"/game/g{t}-{i}",
            "tournament": f"Cup {t}",
            "tournament_url": f"/tournaments/t{t}",
        }
        for t in range(5)
        for i in range(10)
    ]

    def source(limit: int) -> list[JSONObject]:
        return games[:limit]  # newest first: Cup 0's games, then Cup 1's...

    hooks.register_finished(source)
    try:
        seen = arrive(person(app))
    finally:
        hooks.unregister_finished(source)
    groups = seen["finished"]
    assert [g["tournament"] for g in groups] == ["Cup 0", "Cup 1", "Cup 2"]
    assert all(len(g["games"]) == LIMITS.finished_share for g in groups)
    assert all(g["more"] == 10 - LIMITS.finished_share for g in groups)
    assert groups[0]["url"] == "/tournaments/t0"
    assert len(seen["tournament_games"]) == 3 * LIMITS.finished_share  # was 50 rows


def test_the_room_limits_can_be_set_and_a_bad_setting_says_which(app: Flask) -> None:
    limits = RoomLimits.of({"seeks_per_address": 10, "here_seconds": 25})
    assert limits.seeks_per_address == 10 and limits.here_seconds == 25.0
    assert RoomLimits.of(None) == RoomLimits()
    for bad in ({"seeks": 1}, {"seeks_per_address": -1}, {"seeks_per_address": True}, [1]):
        with pytest.raises(ValueError, match="ROOM_LIMITS"):
            RoomLimits.of(bad)


# -- the store's side, on SQLite and a real PostgreSQL ------------------------------------------


def test_presence_and_caps_by_address_on_both_stores(store: Any) -> None:  # noqa: F811
    lobby = LobbyStore(store)
    now = time.time()
    beats = [lobby.beat(f"d{i}", "10.0.0.1", now + i, 20.0, 3) for i in range(5)]
    assert [b.arrived for b in beats] == [True] * 5
    assert [p.device for p in lobby.present(now)] == ["d4", "d3", "d2"]  # the newest three
    assert lobby.beat("d4", "10.0.0.1", now + 6, 20.0, 3) == Beat(False)  # still here
    caps = SeekCaps(device=2, address=3)
    kept = [
        lobby.add_capped(f"s{i}", f"d{i % 5}", None, {}, now, "10.0.0.1", caps) for i in range(5)
    ]
    assert kept == [None, None, None, "address", "address"]  # unlisted devices count too
    challenge = SeekCaps(device=3, address=6, to_one_device=1, to_one_address=2)
    assert lobby.add_capped("c1", "d0", "t", {}, now, "10.0.0.1", challenge) is None
    assert lobby.add_capped("c2", "d0", "t", {}, now, "10.0.0.1", challenge) == "to_one_device"
    assert lobby.add_capped("c3", "d1", "t", {}, now, "10.0.0.1", challenge) is None
    assert lobby.add_capped("c4", "d2", "t", {}, now, "10.0.0.1", challenge) == "to_one_address"
    listed = lobby.seeks_present("s.target IS NULL", now)
    assert [(s.id, a) for s, a in listed] == [("s2", "10.0.0.1")]  # d0, d1 are unlisted
    version = lobby.version()
    assert lobby.leave("d4") and not lobby.leave("d4")
    assert lobby.version() == version + 1
    assert lobby.expire(now + 30) == 4 and lobby.present(0) == []
    assert lobby.expire(now + 30) == 0
