"""A tournament evening that ends right (issues 32 and 33): a no-show loses by forfeit and the
one who came is not made to replay, repeated misses pause or withdraw, a removed player is told,
the Swiss bye rule holds in the look-ahead, complete ties share a place, the arena's pause stops
its countdown, the CSV export is complete and safe to open, the room's list is live, fair and
bounded, and tournaments never started expire."""

from __future__ import annotations

import csv
import io
import threading
import time
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.games import clock
from app.tournaments import caps, service
from app.tournaments.export import cell_text, games_csv, standings_csv
from app.tournaments.roundrobin import Pairing
from app.tournaments.standings import Result, standings
from app.tournaments.store import TournamentRow
from app.tournaments.swiss import entrants_from, pair_round

WINDOW = 2.0  # each first-move window in these tests (30 s and 60 s in play)
CLOCK = {"minutes": 1, "increment": 0}


@pytest.fixture
def short_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    """First-move windows of WINDOW seconds (white's after the pairing, black's after it)."""
    monkeypatch.setattr(clock, "START_SECONDS", WINDOW)
    monkeypatch.setattr(service, "FIRST_WINDOW_SECONDS", WINDOW)


def make(client: FlaskClient, **body: object) -> dict:
    sent = {"name": "Friday", "system": "round_robin", "variant": "kalah", **body}
    r = client.post("/api/tournaments", json=sent)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def read(client: FlaskClient, tid: str) -> dict:
    r = client.get(f"/api/tournaments/{tid}")
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def until(what: Callable[[], dict | None], seconds: float = 60.0) -> dict:
    """Poll ``what`` until it answers something (generous: the machine may be loaded)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = what()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError("not seen in time")


def players(names: list[str], app: Flask, **body: object) -> tuple[str, dict[str, FlaskClient]]:
    """A tournament the first of ``names`` directs and plays in, the others joined, started."""
    clients = {n: app.test_client() for n in names}
    t = make(clients[names[0]], you=names[0], **body)
    for n in names[1:]:
        r = clients[n].post(f"/api/tournaments/{t['id']}/join", json={"name": n})
        assert r.status_code == 200, r.get_json()
    r = clients[names[0]].post(f"/api/tournaments/{t['id']}/start", json={})
    assert r.status_code == 200, r.get_json()
    return t["id"], clients


def move_first(client: FlaskClient, game_id: str) -> None:
    """Open the game and make its first move (white's)."""
    game = client.get(f"/api/games/{game_id}").get_json()
    pit = next(p for p in range(6) if game["board"][p])
    r = client.post(f"/api/games/{game_id}/moves", json={"pit": pit, "version": game["version"]})
    assert r.status_code == 200, r.get_json()


def resign(client: FlaskClient, game_id: str) -> None:
    version = client.get(f"/api/games/{game_id}").get_json()["version"]
    r = client.post(f"/api/games/{game_id}/resign", json={"version": version})
    assert r.status_code == 200, r.get_json()


def decided(client: FlaskClient, tid: str, index: int) -> Callable[[], dict | None]:
    """The tournament once its game ``index`` has a result."""

    def look() -> dict | None:
        t = read(client, tid)
        games = t["games"]
        return t if len(games) > index and games[index]["result"] != "playing" else None

    return look


# -- no-shows ------------------------------------------------------------------------------------


def test_a_no_show_loses_by_forfeit_and_the_one_who_came_is_not_made_to_replay(
    app: Flask, short_windows: None
) -> None:
    tid, c = players(["Esi", "Yaw"], app, clock=CLOCK)
    game = read(c["Esi"], tid)["your_game"]
    move_first(c["Esi"], game)  # Esi came and moved; Yaw never comes
    t = until(decided(c["Esi"], tid, 0))
    assert len(t["games"]) == 1  # no replay
    g = t["games"][0]
    assert g["result"] == "+/−" and g["forfeit"] and not g["double_forfeit"]
    assert "did not come" in g["forfeit_reason"]
    assert t["status"] == "finished"
    lines = {s["name"]: s for s in t["standings"]}
    assert (lines["Esi"]["points"], lines["Esi"]["wins"], lines["Esi"]["draws"]) == (1.0, 1, 0)
    assert (lines["Yaw"]["points"], lines["Yaw"]["losses"]) == (0.0, 1)
    assert [(row["name"], row["cells"]) for row in t["cross_table"]] == [
        ("Esi", ["", "+"]),
        ("Yaw", ["−", ""]),
    ]
    assert "+" in t["legend"] and "forfeit" in t["legend"]
    assert read(c["Yaw"], tid)["your_notice"] is not None  # told he missed it


def test_the_one_who_opened_the_game_wins_when_the_other_never_came(
    app: Flask, short_windows: None
) -> None:
    tid, c = players(["Ama", "Kofi"], app, clock=CLOCK)
    game = read(c["Kofi"], tid)["your_game"]
    assert c["Kofi"].get(f"/api/games/{game}").status_code == 200  # Kofi (black) opens it
    t = until(decided(c["Kofi"], tid, 0))  # Ama (white) never comes
    assert t["games"][0]["result"] == "−/+"
    assert [(s["name"], s["points"]) for s in t["standings"]] == [("Kofi", 1.0), ("Ama", 0.0)]


def test_neither_came_is_a_double_forfeit_with_no_points(app: Flask, short_windows: None) -> None:
    tid, c = players(["Ama", "Kofi"], app, clock=CLOCK)
    t = until(decided(c["Ama"], tid, 0))
    g = t["games"][0]
    assert g["result"] == "−/−" and g["double_forfeit"] and "neither" in g["forfeit_reason"]
    assert [(s["points"], s["losses"], s["draws"]) for s in t["standings"]] == [(0, 1, 0)] * 2
    assert [row["cells"] for row in t["cross_table"]] == [["", "−"], ["−", ""]]


def test_two_misses_in_a_row_withdraw_a_round_robin_player(app: Flask, short_windows: None) -> None:
    # Berger for 4: R1 Ama-Yaw, Kofi-Esi; R2 Yaw-Esi, Ama-Kofi; R3 Kofi-Yaw, Esi-Ama.
    tid, c = players(["Ama", "Kofi", "Esi", "Yaw"], app, clock=CLOCK)
    ids = {p["name"]: p["id"] for p in read(c["Ama"], tid)["players"]}
    for rnd, (present, played) in enumerate([("Esi", ("Ama", "Yaw")), ("Ama", ("Yaw", "Esi"))]):
        t = until(lambda r=rnd + 1: (x := read(c["Ama"], tid))["round"] == r and x or None)
        resign(c[played[1]], read(c[played[0]], tid)["your_game"])  # the other game is played
        c[present].get(f"/api/games/{read(c[present], tid)['your_game']}")  # came for Kofi
        index = 2 * rnd + 1  # Kofi's game: the second of each round
        t = until(lambda i=index: (x := read(c["Ama"], tid))["games"][i]["forfeit"] and x or None)
    t = until(lambda: (x := read(c["Ama"], tid))["round"] == 3 and x or None)
    kofi = next(s for s in t["standings"] if s["name"] == "Kofi")
    assert kofi["state"] == "left" and kofi["dropped"] == "missed"
    seen = read(c["Kofi"], tid)
    assert seen["your_game"] is None and "withdrawn" in seen["your_notice"]
    # His game still to play (round 3, against Yaw) was lost by forfeit without a game.
    r3 = [g for g in t["games"] if g["round"] == 3 and ids["Kofi"] in (g["white"], g["black"])]
    assert [(g["result"], g["game"]) for g in r3] == [("−/+", None)]


def test_two_misses_in_a_row_pause_an_arena_player_until_they_come_back(
    app: Flask, short_windows: None
) -> None:
    tid, c = players(["Ama", "Kofi"], app, system="arena", minutes=10, clock=CLOCK)
    for index in range(2):  # Ama opens each game; Kofi never comes
        t = until(lambda i=index: len((x := read(c["Ama"], tid))["games"]) > i and x or None)
        c["Ama"].get(f"/api/games/{t['games'][index]['game']}")
        until(decided(c["Ama"], tid, index))
    t = read(c["Kofi"], tid)
    assert t["your_state"] == "left" and "paused" in t["your_notice"] and t["can_join"]
    assert [g["result"] for g in t["games"]] == ["+/−", "+/−"] or [
        g["result"] for g in t["games"]
    ] == ["+/−", "−/+"]
    assert next(s for s in t["standings"] if s["name"] == "Ama")["points"] == 4
    assert len(read(c["Ama"], tid)["games"]) == 2  # nobody to pair Ama with meanwhile
    r = c["Kofi"].post(f"/api/tournaments/{tid}/join", json={"name": "Kofi"})
    assert r.status_code == 200, r.get_json()
    back = read(c["Kofi"], tid)
    assert back["your_state"] == "in" and back["your_notice"] is None
    assert back["your_game"] is not None  # paired again at once


def test_a_removed_player_is_told_and_their_game_is_gone(app: Flask) -> None:
    tid, c = players(["Ama", "Kofi", "Esi", "Yaw"], app, clock=CLOCK)
    ids = {p["name"]: p["id"] for p in read(c["Ama"], tid)["players"]}
    game = read(c["Kofi"], tid)["your_game"]
    assert game is not None
    r = c["Ama"].post(f"/api/tournaments/{tid}/remove", json={"player": ids["Kofi"]})
    assert r.status_code == 200, r.get_json()
    seen = read(c["Kofi"], tid)
    assert seen["your_game"] is None and seen["your_state"] == "removed"
    assert "removed you" in seen["your_notice"]
    g = next(g for g in seen["games"] if ids["Kofi"] in (g["white"], g["black"]))
    assert g["forfeit"] and "removed" in g["forfeit_reason"]
    assert c["Esi"].get(f"/api/games/{game}").get_json()["status"] != "playing"


# -- pairing and standings -----------------------------------------------------------------------


def test_the_swiss_bye_goes_to_the_lowest_without_one_in_the_look_ahead_too() -> None:
    # After round 1 of five players: Ama 1 (beat Kofi), Computer 1 (the bye), Esi ½, Yaw ½
    # (drew), Kofi 0.  Ama-Esi, Computer-Yaw is a full pairing with Kofi the bye.
    seeded = ["Ama", "Kofi", "Esi", "Yaw", "Computer"]
    r1 = [
        (Pairing("Ama", "Kofi"), 1.0),
        (Pairing("Esi", "Yaw"), 0.5),
        (Pairing("Computer", None), None),
    ]
    entrants = entrants_from(seeded, [r1])
    for rounds_left in (1, 2, 3, 4):
        games = pair_round(entrants, rounds_left)
        assert [g.white for g in games if g.black is None] == ["Kofi"], (rounds_left, games)


def test_complete_ties_share_one_place() -> None:
    # A beats B and C beats D: A and C equal in points, SB (0) and Buchholz (0); B and D too.
    results = [Result(1, "A", "B", 1.0), Result(1, "C", "D", 1.0)]
    lines = standings(["A", "B", "C", "D"], results, bye_points=0.0)
    assert [(x.player, x.rank, x.place) for x in lines] == [
        ("A", 1, "1–2"),
        ("C", 2, "1–2"),
        ("B", 3, "3–4"),
        ("D", 4, "3–4"),
    ]
    # One more game apart: no tie left.
    lines = standings(["A", "B", "C", "D"], [*results, Result(2, "A", "D", 1.0)], bye_points=0.0)
    assert [x.place for x in lines] == ["1", "2", "3", "4"]


# -- the director's pause ------------------------------------------------------------------------


def test_the_directors_pause_stops_the_arena_countdown(app: Flask) -> None:
    tid, c = players(["Ama", "Kofi"], app, system="arena", minutes=10)
    r = c["Ama"].post(f"/api/tournaments/{tid}/pause", json={"paused": True})
    assert r.status_code == 200 and r.get_json()["countdown_stopped"] is True
    first = read(c["Kofi"], tid)["seconds_left"]
    time.sleep(1.2)
    assert read(c["Kofi"], tid)["seconds_left"] == first  # stopped
    r = c["Ama"].post(f"/api/tournaments/{tid}/pause", json={"paused": False})
    assert r.get_json()["countdown_stopped"] is False
    time.sleep(1.2)
    assert read(c["Kofi"], tid)["seconds_left"] < first  # runs again, from where it stopped
    assert read(c["Kofi"], tid)["seconds_left"] > first - 60


# -- exports -------------------------------------------------------------------------------------


def test_the_csv_has_rounds_games_and_the_cross_table_and_escapes_formulas(app: Flask) -> None:
    tid, c = players(["Ama", "Kofi", "Esi"], app)
    for _ in range(3):  # each round's game: black resigns
        t = read(c["Ama"], tid)
        for g in [g for g in t["games"] if g["result"] == "playing"]:
            black = next(n for n in c if read(c[n], tid)["you"] == g["black"])
            resign(c[black], g["game"])
    t = read(c["Ama"], tid)
    assert t["status"] == "finished"
    text = c["Esi"].get(f"/api/tournaments/{tid}/export?format=csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][-6:] == ["round 1", "round 2", "round 3", "vs 1", "vs 2", "vs 3"]
    assert len(rows) == 4
    for row, line in zip(rows[1:], t["standings"], strict=True):
        assert row[1] == line["name"]
    cross = {row[1]: row[-3:] for row in rows[1:]}
    assert cross == {r["name"]: r["cells"] for r in t["cross_table"]}
    assert all(any(cell == "bye" for cell in row[10:13]) for row in rows[1:])  # a bye each
    r = c["Esi"].get(f"/api/tournaments/{tid}/export?format=csv&table=games")
    assert r.status_code == 200 and "games.csv" in r.headers["Content-Disposition"]
    games = list(csv.reader(io.StringIO(r.get_data(as_text=True))))
    assert games[0] == ["round", "white", "black", "result", "forfeit", "game"]
    assert len(games) == 1 + len(t["games"])
    assert c["Esi"].get(f"/api/tournaments/{tid}/export?format=csv&table=x").status_code == 400
    # A name that starts like a formula is written as text.
    with app.app_context():
        from app.tournaments.routes import get_tournaments

        row = get_tournaments().row(tid)
    doc = dict(row.data, players=[dict(p) for p in row.data["players"]])
    for p, name in zip(doc["players"], ['=HYPERLINK("x")', "+1", "@SUM(1)"], strict=True):
        p["name"] = name
    bad = TournamentRow(row.id, row.version + 1000, doc, row.created, row.updated)
    for text in (standings_csv(bad), games_csv(bad)):
        cells = [cell for line in csv.reader(io.StringIO(text)) for cell in line]
        assert not [x for x in cells if x[:1] in ("=", "+", "-", "@", "\t", "\r")], cells
        assert '\'=HYPERLINK("x")' in cells and "'+1" in cells and "'@SUM(1)" in cells
    assert cell_text("\tx") == "'\tx" and cell_text("\rx") == "'\rx" and cell_text(-1) == -1


def test_since_takes_ascii_digits_only(app: Flask, client: FlaskClient) -> None:
    tid = make(client)["id"]
    for path in (f"/api/tournaments/{tid}?since=²", "/api/tournaments?since=²"):
        r = client.get(path)
        assert r.status_code == 400, (path, r.get_data(as_text=True)[:200])
        assert set(r.get_json()) >= {"error", "message", "status"}


# -- the room: caps, a fair list, live, expiry ----------------------------------------------------


def test_open_tournaments_are_capped_by_device_and_by_address(app: Flask) -> None:
    first = app.test_client()
    for _ in range(caps.OPEN_PER_DEVICE):
        make(first)
    r = first.post("/api/tournaments", json={"name": "One more"})
    assert r.status_code == 429 and r.headers.get("Retry-After"), r.get_json()
    assert "start or end one" in r.get_json()["message"]
    made = caps.OPEN_PER_DEVICE
    while made < caps.OPEN_PER_ADDRESS:  # other cookies on the same address
        other = app.test_client()
        for _ in range(min(caps.OPEN_PER_DEVICE, caps.OPEN_PER_ADDRESS - made)):
            make(other)
            made += 1
    r = app.test_client().post("/api/tournaments", json={"name": "Yet another"})
    assert r.status_code == 429 and "network address" in r.get_json()["message"]
    assert int(r.headers["Retry-After"]) >= 1


def test_joins_are_capped_per_device(app: Flask, client: FlaskClient) -> None:
    tid = make(client)["id"]
    joiner = app.test_client()
    statuses = []
    for _ in range(int(caps.JOIN_DEVICE[0]) + 2):
        statuses.append(joiner.post(f"/api/tournaments/{tid}/join", json={"name": "Bo"}))
        joiner.post(f"/api/tournaments/{tid}/leave", json={})
    refused = [r for r in statuses if r.status_code == 429]
    assert refused and refused[0].headers.get("Retry-After")
    assert "joins" in refused[0].get_json()["message"]


def test_a_flood_does_not_push_the_evenings_tournament_off_the_list(app: Flask) -> None:
    with app.app_context():
        from app.tournaments.routes import get_tournaments

        store = get_tournaments().store
        for i in range(1000):  # made before the caps, by one device
            store.create(
                f"flood{i}",
                {
                    "name": f"spam {i}",
                    "system": "round_robin",
                    "variant": "kalah",
                    "options": {},
                    "clock": None,
                    "rated": False,
                    "director": "mallory",
                    "address": "10.0.0.66",
                    "status": "open",
                    "created": time.time(),
                    "started": None,
                    "ends": None,
                    "round": 0,
                    "players": [],
                    "games": [],
                    "schedule": [],
                    "cycles": 1,
                },
            )
    friend = app.test_client()
    evening = make(friend, name="The evening")["id"]
    listed = friend.get("/api/tournaments").get_json()["tournaments"]
    assert listed[0]["id"] == evening
    assert sum(1 for t in listed if t["name"].startswith("spam")) == caps.LISTED_PER_DEVICE


def test_the_list_is_live_and_names_your_game(slow_polls: Flask) -> None:
    watcher, maker = slow_polls.test_client(), slow_polls.test_client()
    version = watcher.get("/api/tournaments").get_json()["version"]
    answer: dict = {}

    def wait() -> None:
        started = time.monotonic()
        answer["body"] = watcher.get(f"/api/tournaments?since={version}").get_json()
        answer["took"] = time.monotonic() - started

    th = threading.Thread(target=wait)
    th.start()
    time.sleep(0.3)
    tid = make(maker, name="Late arrival", you="Ama")["id"]
    th.join(30)
    assert [t["id"] for t in answer["body"]["tournaments"]] == [tid]
    assert answer["body"]["version"] != version
    assert answer["took"] < 5.0  # woken by the change, not by the long-poll's end
    r = watcher.post(f"/api/tournaments/{tid}/join", json={"name": "Kofi"})
    assert r.status_code == 200
    maker.post(f"/api/tournaments/{tid}/start", json={})
    yours = watcher.get("/api/tournaments").get_json()["yours"]
    assert [(y["tournament"], y["round"]) for y in yours] == [(tid, 1)]
    assert yours[0]["url"] == f"/game/{yours[0]['game']}"


def test_tournaments_never_started_expire(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    client = app.test_client()
    old = make(client, name="Never started")["id"]
    running, c = players(["Ama", "Kofi"], app)
    with app.app_context():
        from app.tournaments.routes import get_tournaments

        tournaments = get_tournaments()
        monkeypatch.setattr(caps, "OPEN_HOURS", 0.0)
        tournaments.expired_at = -1e9
        listed = [t["id"] for t in client.get("/api/tournaments").get_json()["tournaments"]]
    assert listed == [running]
    assert client.get(f"/api/tournaments/{old}").status_code == 404


def test_a_no_show_against_the_computer_loses_by_forfeit(app: Flask, short_windows: None) -> None:
    client = app.test_client()
    tid = make(client, you="Ama", clock=CLOCK)["id"]
    r = client.post(f"/api/tournaments/{tid}/computer", json={"level": "beginner"})
    assert r.status_code == 200, r.get_json()
    assert client.post(f"/api/tournaments/{tid}/start", json={}).status_code == 200
    t = until(decided(client, tid, 0))  # Ama (white) never moves
    assert t["games"][0]["result"] == "−/+" and not t["games"][0]["double_forfeit"]
    assert [s["name"] for s in t["standings"]] == ["Computer (beginner)", "Ama"]
