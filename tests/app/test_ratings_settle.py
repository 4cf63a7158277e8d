"""Rated games: which pool a game counts in, who may play one, and the settlement: a rated
game's end changes both players' ratings exactly once (on both stores; several hosts at once;
a host killed between the end and the settlement)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from flask.testing import FlaskClient

from app.games import ends, params
from app.games.model import Game
from app.players import names
from app.ratings import settle
from app.ratings.glicko2 import Rating, rate_game
from app.ratings.policy import MIN_MOVES
from app.ratings.pools import pool_of, title_of
from app.ratings.store import RatingTables
from app.store.base import Row
from engine import get_variant
from tests.app import test_stores

store = test_stores.store  # the fixtures: each test on SQLite and on PostgreSQL
stores = test_stores.stores

# -- pools ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "options", "pool", "title"),
    [
        ("kalah", {}, "kalah", "Kalah 6×4"),
        ("kalah", {"pits": 6, "seeds": 4}, "kalah", "Kalah 6×4"),
        ("kalah", {"seeds": 3}, "kalah-6x3", "Kalah 6×3"),
        ("kalah", {"pits": 4, "seeds": 3}, "kalah-4x3", "Kalah 4×3"),
        ("kalah", {"empty_capture": True}, "kalah-other", "Kalah, house rules"),
        ("kalah", {"pits": 4, "capture": False}, "kalah-other", "Kalah, house rules"),
        ("oware", {}, "oware", "Oware"),
        ("toguz_kumalak", {}, "toguz_kumalak", "Toguz Kumalak"),
        ("relay", {}, "relay", "Relay"),
        ("adi", {}, "adi", "Adi"),
        ("congkak", {}, "congkak", "Congkak"),
    ],
)
def test_each_game_counts_in_its_pool(
    variant: str, options: dict[str, Any], pool: str, title: str
) -> None:
    assert pool_of(variant, options) == pool
    assert title_of(pool) == title


def test_an_oware_house_rule_is_a_pool_of_its_own() -> None:
    assert pool_of("oware", {"grand_slam": "illegal"}) == "oware-other"
    assert pool_of("oware", {"grand_slam": "capture_all"}) == "oware-other"


# -- who may play a rated game -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sent", "says"),
    [
        ({"mode": "remote", "rated": "yes"}, "'rated' must be true or false"),
        ({"mode": "computer", "rated": True}, "does not apply"),
        ({"mode": "local", "rated": True}, "does not apply"),
        ({"mode": "remote", "rated": True, "hints": True}, "no hints"),
        (
            {"mode": "remote", "rated": True, "position": {"board": [0] * 14, "to_move": 0}},
            "variant's start",
        ),
    ],
)
def test_a_rated_game_is_only_between_two_devices_from_the_start(
    client: FlaskClient, sent: dict[str, Any], says: str
) -> None:
    client.put("/api/me", json={"name": "Ama"})
    answer = client.post("/api/games", json=sent)
    assert answer.status_code == 400, answer.get_json()
    assert says in answer.get_json()["message"]


def test_a_rated_game_needs_named_players(client: FlaskClient, other: FlaskClient) -> None:
    answer = client.post("/api/games", json={"mode": "remote", "rated": True})
    assert answer.status_code == 409
    assert "name" in answer.get_json()["message"]
    client.put("/api/me", json={"name": "Ama"})
    game = client.post("/api/games", json={"mode": "remote", "rated": True}).get_json()
    assert game["rated"] is True
    assert game["seats"][0]["player_name"] == "Ama"  # the seat takes its player's name
    refused = other.post(f"/api/games/{game['id']}/join", json={})
    assert refused.status_code == 409
    assert "name" in refused.get_json()["message"]
    other.put("/api/me", json={"name": "Kofi"})
    joined = other.post(f"/api/games/{game['id']}/join", json={})
    assert joined.status_code == 200
    assert [s["player_name"] for s in joined.get_json()["seats"]] == ["Ama", "Kofi"]


def test_a_game_is_casual_unless_asked(client: FlaskClient) -> None:
    game = client.post("/api/games", json={"mode": "remote"}).get_json()
    assert game["rated"] is False
    assert "ratings" not in game


# -- the settlement over HTTP ----------------------------------------------------------------------


def rated_game(host: FlaskClient, friend: FlaskClient, **extra: Any) -> dict[str, Any]:
    host.put("/api/me", json={"name": "Ama"})
    friend.put("/api/me", json={"name": "Kofi"})
    sent = {"mode": "remote", "rated": True, "first": 0, **extra}
    game = host.post("/api/games", json=sent).get_json()
    return friend.post(f"/api/games/{game['id']}/join", json={}).get_json()  # type: ignore[no-any-return]


def into(host: FlaskClient, friend: FlaskClient, game: dict[str, Any]) -> dict[str, Any]:
    """The game once both players made the moves a resignation needs to be rated
    (app.ratings.policy.MIN_MOVES each), each playing its first legal move."""
    players = {0: host, 1: friend}
    made = [0, 0]
    while min(made) < MIN_MOVES:
        mover = game["to_move"]
        body = {"pit": game["legal_moves"][0], "version": game["version"]}
        game = players[mover].post(f"/api/games/{game['id']}/moves", json=body).get_json()
        made[mover] += 1
    return host.get(f"/api/games/{game['id']}").get_json()  # type: ignore[no-any-return]


def opening() -> list[int]:
    """Moves of a Kalah 6x4 game (seat 0 first) after which both players made MIN_MOVES."""
    state, moves, made = get_variant("kalah").initial_state(), [], [0, 0]
    while min(made) < MIN_MOVES:
        made[state.to_move] += 1
        moves.append(state.legal_moves()[0])
        state = state.play(moves[-1])
    return moves


def expected(score: float) -> tuple[Rating, Rating]:
    """Two newcomers' ratings after one game that seat 0 scored ``score`` in."""
    return rate_game(Rating(), Rating(), score), rate_game(Rating(), Rating(), 1 - score)


def test_a_resignation_changes_both_ratings_once_and_the_game_shows_it(
    host: FlaskClient, friend: FlaskClient
) -> None:
    game = rated_game(host, friend)
    assert game["ratings"] == {
        "pool": "kalah",
        "title": "Kalah 6×4",
        "settled": False,
        "seats": [
            {
                "seat": seat,
                "before": 1500,
                "before_text": "1500?",
                "after": None,
                "after_text": None,
                "change": None,
                "change_text": None,
                "provisional": True,
            }
            for seat in (0, 1)
        ],
    }
    game = into(host, friend, game)
    over = friend.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]})
    assert over.status_code == 200
    ratings = over.get_json()["ratings"]
    win, loss = expected(1.0)
    assert ratings["settled"] is True
    assert [s["after"] for s in ratings["seats"]] == [round(win.r), round(loss.r)]
    assert [s["change"] for s in ratings["seats"]] == [round(win.r) - 1500, round(loss.r) - 1500]
    assert ratings["seats"][0]["change_text"] == f"+{round(win.r) - 1500}"
    assert ratings["seats"][1]["change_text"] == f"\u2212{1500 - round(loss.r)}"
    assert host.get(f"/api/games/{game['id']}").get_json()["ratings"] == ratings
    store = host.application.extensions["mancala_store"]
    ama = names.device_of(store, "Ama")
    assert ama is not None
    kept = RatingTables(store).ratings_of(ama)
    assert [(k.pool, k.games, round(k.rating, 6)) for k in kept] == [("kalah", 1, round(win.r, 6))]
    assert len(RatingTables(store).changes_in(game["id"])) == 2
    assert ends.sweep(store) == 0  # nothing left over; swept again, nothing changes
    assert settle.settle(store, Game.from_row(store.load(game["id"]))) is False
    assert RatingTables(store).ratings_of(ama)[0].games == 1


def test_an_agreed_draw_is_rated_as_half_a_point(host: FlaskClient, friend: FlaskClient) -> None:
    game = into(host, friend, rated_game(host, friend))
    path = f"/api/games/{game['id']}/draw"
    offered = host.post(path, json={"version": game["version"]}).get_json()
    drawn = friend.post(path, json={"version": offered["version"], "action": "accept"})
    seats = drawn.get_json()["ratings"]["seats"]
    assert [s["change"] for s in seats] == [0, 0]
    store = host.application.extensions["mancala_store"]
    assert [round(c.after_deviation, 6) for c in RatingTables(store).changes_in(game["id"])] == [
        round(expected(0.5)[0].rd, 6)
    ] * 2


def test_an_aborted_rated_game_changes_nothing(host: FlaskClient, friend: FlaskClient) -> None:
    game = rated_game(host, friend)
    aborted = host.post(f"/api/games/{game['id']}/abort", json={"version": game["version"]})
    assert aborted.status_code == 200
    assert aborted.get_json()["ratings"]["settled"] is False
    store = host.application.extensions["mancala_store"]
    assert RatingTables(store).changes_in(game["id"]) == []
    assert store.is_swept(game["id"])


def test_a_casual_game_between_named_players_changes_nothing(
    host: FlaskClient, friend: FlaskClient
) -> None:
    host.put("/api/me", json={"name": "Ama"})
    friend.put("/api/me", json={"name": "Kofi"})
    game = host.post("/api/games", json={"mode": "remote", "first": 0}).get_json()
    game = friend.post(f"/api/games/{game['id']}/join", json={}).get_json()
    friend.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]})
    store = host.application.extensions["mancala_store"]
    assert RatingTables(store).pools() == []


def test_a_game_played_to_its_end_is_settled(host: FlaskClient, friend: FlaskClient) -> None:
    """Kalah 4 pits × 1 seed, played by its first legal moves until the rules end it."""
    game = rated_game(host, friend, options={"pits": 4, "seeds": 1})
    players = {0: host, 1: friend}
    while game["status"] != "over":
        mover = players[game["to_move"]]
        body = {"pit": game["legal_moves"][0], "version": game["version"]}
        game = mover.post(f"/api/games/{game['id']}/moves", json=body).get_json()
    assert game["ended_by"] == "rules"
    assert game["ratings"]["pool"] == "kalah-4x1"
    assert game["ratings"]["settled"] is True
    score = 0.5 if game["winner"] is None else float(game["winner"] == 0)
    win, loss = expected(score)
    assert [s["after"] for s in game["ratings"]["seats"]] == [round(win.r), round(loss.r)]


# -- the settlement in the store (both), across hosts -------------------------------------------


def finished_rated(store: Any, game_id: str, resigned: int = 1) -> Game:
    """A rated game between dev-a (seat 0) and dev-b, resigned by ``resigned``, written straight
    to the store (as a host that died before settling would leave it)."""
    names.set_name(store, "dev-a", "Ama")
    names.set_name(store, "dev-b", "Kofi")
    data = params.new_game_data({"mode": "remote", "rated": True, "first": 0}, "dev-a")
    data["seats"][1] = {"kind": "human", "owner": "dev-b"}
    data["moves"] = opening()  # both made the moves a resignation needs to be rated
    data["resigned"] = resigned
    row: Row = store.create(game_id, data, [("dev-a", 0), ("dev-b", 1)])
    return Game.from_row(row)


def test_a_game_settles_once_however_often_it_is_asked(store: Any) -> None:
    game = finished_rated(store, "g1")
    assert settle.settle(store, game) is True
    assert settle.settle(store, game) is False
    win, loss = expected(1.0)
    kept = {k.device: k for k in RatingTables(store).pool("kalah")}
    assert {d: (round(k.rating, 6), k.games) for d, k in kept.items()} == {
        "dev-a": (round(win.r, 6), 1),
        "dev-b": (round(loss.r, 6), 1),
    }
    history = RatingTables(store).history("dev-a")
    assert [(h.game_id, h.before_rating, round(h.after_rating, 6)) for h in history] == [
        ("g1", 1500.0, round(win.r, 6))
    ]


def test_the_second_game_is_rated_on_the_first_ones_ratings(store: Any) -> None:
    settle.settle(store, finished_rated(store, "g1", resigned=1))
    a_day = RatingTables(store).history("dev-a")[0].at - 86401  # a pair counts once a day
    test_stores.raw(store, "UPDATE rating_history SET at = ? WHERE game_id = 'g1'", a_day)
    settle.settle(store, finished_rated(store, "g2", resigned=0))
    a1, b1 = expected(1.0)
    a2 = rate_game(a1, b1, 0.0)
    kept = {k.device: k for k in RatingTables(store).pool("kalah")}
    assert round(kept["dev-a"].rating, 6) == round(a2.r, 6)
    assert kept["dev-a"].games == 2
    assert [h.game_id for h in RatingTables(store).history("dev-a")] == ["g1", "g2"]


def test_hosts_seeing_one_end_at_once_settle_it_once(stores: Any) -> None:
    """Eight hosts (each its own store: its own connections) settle one game at once."""
    first = stores()
    game = finished_rated(first, "g1")
    hosts = [stores() for _ in range(8)]
    results: list[bool] = []
    start = threading.Barrier(len(hosts))

    def run(host: Any) -> None:
        start.wait()
        results.append(settle.settle(host, game))

    threads = [threading.Thread(target=run, args=(h,)) for h in hosts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False] * 7 + [True]
    assert [k.games for k in RatingTables(first).pool("kalah")] == [1, 1]
    assert len(RatingTables(first).changes_in("g1")) == 2


def test_a_sweep_settles_a_game_its_host_left_unsettled(store: Any) -> None:
    settle.register()
    finished_rated(store, "g1")
    assert store.unswept_ends(0.0) == ["g1"]
    assert ends.sweep(store) == 1
    assert RatingTables(store).is_settled("g1")
    assert store.unswept_ends(0.0) == []
    assert ends.sweep(store) == 0
    assert [k.games for k in RatingTables(store).pool("kalah")] == [1, 1]


# -- a host killed between a game's end and its settlement (real PostgreSQL, two processes) -----

HOST_A = """
import sys, threading, time
from app.games import ends

def stall(store, game):  # the host dies here: after the game's end is written, before settling
    print("ENDED", game.id, flush=True)
    time.sleep(3600)

ends.on_end("stall", stall)  # before create_app's own hooks: it runs first
from app import create_app
app = create_app({"TESTING": True, "INSTANCE_PATH": sys.argv[2], "DATABASE_URL": sys.argv[1],
                  "AI_EXECUTOR": "thread"})
ama, kofi = app.test_client(), app.test_client()
ama.put("/api/me", json={"name": "Ama"})
kofi.put("/api/me", json={"name": "Kofi"})
game = ama.post("/api/games", json={"mode": "remote", "rated": True, "first": 0}).get_json()
game = kofi.post(f"/api/games/{game['id']}/join", json={}).get_json()
players, made = {0: ama, 1: kofi}, [0, 0]
while min(made) < 3:  # the moves a resignation needs to be rated (app.ratings.policy)
    body = {"pit": game["legal_moves"][0], "version": game["version"]}
    made[game["to_move"]] += 1
    game = players[game["to_move"]].post(f"/api/games/{game['id']}/moves", json=body).get_json()
kofi.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]})
"""


def test_a_host_killed_before_settling_is_settled_by_another(
    postgres_url: str, tmp_path: Any
) -> None:
    import subprocess
    import sys

    from app.store.postgres import PostgresStore
    from app.upkeep.maintenance import Upkeep, run_once

    host_a = subprocess.Popen(
        [sys.executable, "-c", HOST_A, postgres_url, str(tmp_path / "a")],
        cwd=test_stores.ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert host_a.stdout is not None
        line = host_a.stdout.readline()
        assert line.startswith("ENDED "), line
        game_id = line.split()[1]
    finally:
        host_a.kill()  # kill -9: mid-request, the game over, its ratings untouched
        host_a.wait()
        if host_a.stdout is not None:
            host_a.stdout.close()
    host_b = PostgresStore(postgres_url, pool_size=2)
    try:
        row = host_b.load(game_id)
        assert row is not None and row.data["resigned"] == 1
        assert not RatingTables(host_b).is_settled(game_id)
        assert RatingTables(host_b).pools() == []
        settle.register()
        done = run_once(host_b, Upkeep(every=60.0))  # host b's maintenance job
        assert done["ends"] == 1
        assert RatingTables(host_b).is_settled(game_id)
        win, loss = expected(1.0)  # Kofi (seat 1) resigned: Ama won
        ratings = {
            names.name_of(host_b, k.device): round(k.rating, 6)
            for k in RatingTables(host_b).pool("kalah")
        }
        assert ratings == {
            "Ama": round(expected(1.0)[0].r, 6),
            "Kofi": round(expected(1.0)[1].r, 6),
        }
        assert run_once(host_b, Upkeep(every=0.0)).get("ends") == 0  # swept again: nothing
        assert [k.games for k in RatingTables(host_b).pool("kalah")] == [1, 1]
    finally:
        host_b.close()


def test_the_settlement_wakes_whoever_waits_on_the_game(
    host: FlaskClient, friend: FlaskClient
) -> None:
    """The loser resigns; the winner's long-poll, at the version that ended the game or any
    before it, ends with the ratings settled (the settlement is a version of its own)."""
    game = into(host, friend, rated_game(host, friend))
    over = friend.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]})
    settled = over.get_json()
    assert settled["version"] == game["version"] + 2  # the resignation, then the settlement
    seen = host.get(f"/api/games/{game['id']}?since={game['version'] + 1}").get_json()
    assert seen["version"] == settled["version"]
    assert seen["ratings"]["settled"] is True


def test_a_rating_not_played_for_days_grows_uncertain_first(store: Any) -> None:
    """Each whole day without a rated game in the pool is a period without games (step 6)."""
    from app.ratings.glicko2 import rate

    settle.settle(store, finished_rated(store, "g1", resigned=1))
    kept = {k.device: k for k in RatingTables(store).pool("kalah")}
    ten_days = kept["dev-a"].updated - 10.5 * 86400
    test_stores.raw(store, "UPDATE ratings SET updated = ? WHERE device = 'dev-a'", ten_days)
    test_stores.raw(store, "UPDATE rating_history SET at = ? WHERE game_id = 'g1'", ten_days)
    settle.settle(store, finished_rated(store, "g2", resigned=0))
    a = Rating(kept["dev-a"].rating, kept["dev-a"].deviation, kept["dev-a"].volatility)
    b = Rating(kept["dev-b"].rating, kept["dev-b"].deviation, kept["dev-b"].volatility)
    rested = a
    for _ in range(10):
        rested = rate(rested, [])
    assert rested.rd > a.rd
    history = {c.device: c for c in RatingTables(store).changes_in("g2")}
    assert round(history["dev-a"].before_deviation, 6) == round(rested.rd, 6)
    assert round(history["dev-b"].before_deviation, 6) == round(b.rd, 6)  # played today
    after = rate_game(rested, b, 0.0)
    assert round(history["dev-a"].after_rating, 6) == round(after.r, 6)


def test_one_players_games_settled_at_once_chain_their_ratings(stores: Any) -> None:
    """Eight games of one player end at once on eight hosts: each is rated on the rating the
    one before it left (no update lost), whatever the order."""
    first = stores()
    names.set_name(first, "dev-a", "Ama")
    games = []
    for i in range(8):
        names.set_name(first, f"dev-{i}", f"Opponent {i}")
        data = params.new_game_data({"mode": "remote", "rated": True, "first": 0}, "dev-a")
        data["seats"][1] = {"kind": "human", "owner": f"dev-{i}"}
        data["moves"] = opening()
        data["resigned"] = i % 2
        games.append(Game.from_row(first.create(f"g{i}", data, [("dev-a", 0), (f"dev-{i}", 1)])))
    hosts = [stores() for _ in games]
    start = threading.Barrier(len(hosts))

    def run(host: Any, game: Game) -> None:
        start.wait()
        assert settle.settle(host, game)

    threads = [threading.Thread(target=run, args=pair) for pair in zip(hosts, games, strict=True)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    history = RatingTables(first).history("dev-a")
    befores = [round(h.before_rating, 9) for h in history]
    afters = [round(h.after_rating, 9) for h in history]
    assert len(history) == 8 and len(set(befores)) == 8  # no two games rated on one rating
    assert set(befores) - set(afters) == {1500.0}  # each starts where another ended
    (final,) = set(afters) - set(befores)
    assert befores[1:] == afters[:-1]  # in the history's order (by time)
    kept = RatingTables(first).rating_in("dev-a", "kalah")
    assert kept is not None and kept.games == 8 and round(kept.rating, 9) == final
