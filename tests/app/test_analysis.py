"""Game analysis: the values of a position's moves, and POST/GET /api/games/{id}/analysis."""

from __future__ import annotations

import functools
import random
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.analysis import report
from app.analysis.runner import STALE_SECONDS, answer
from app.analysis.step import EvaluateLine, evaluate_position
from app.analysis.store import Kept
from app.contract import document
from app.games.model import Game
from app.web.openapi import spec
from engine import get_variant
from engine.agents.analysis import Searcher, evaluate
from engine.core import State
from engine.solver import Solver
from tests.app.test_api import assert_error, create
from tests.app.test_stores import stores  # noqa: F401 (the fixture: both stores)

# -- the values of one position --------------------------------------------------------------------


@functools.cache
def brute(state: State) -> int:
    """The final margin the mover forces, by plain minimax over every line (no pruning)."""
    assert state.to_move is not None
    best = None
    for move in state.legal_moves():
        value = after(state, move)
        best = value if best is None else max(best, value)
    assert best is not None
    return best


def after(state: State, move: int) -> int:
    """The mover's final margin after ``move``, both playing perfectly on."""
    child = state.play(move)
    mover = state.to_move
    if child.to_move is None:
        a, b = child.scores
        return a - b if mover == 0 else b - a
    value = brute(child)
    return value if child.to_move == mover else -value


def random_positions(rules: Any, count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = rules.initial_state()
        for _ in range(rng.randrange(0, 12)):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_over:
            out.append(state)
    return out


@pytest.mark.parametrize("pits,seeds", [(3, 2), (3, 3), (4, 2)])
def test_exact_values_are_the_solved_margins(pits: int, seeds: int) -> None:
    rules = get_variant("kalah", pits=pits, seeds=seeds)
    for state in random_positions(rules, 12, seed=pits * 10 + seeds):
        found = Searcher(rules).evaluate(state, seconds=30)
        assert found.all_exact, state
        assert found.values == {m: after(state, m) for m in state.legal_moves()}, state
        assert found.value == brute(state)


def test_values_are_from_the_movers_point_of_view() -> None:
    rules = get_variant("kalah", pits=3, seeds=2)
    state = rules.initial_state(first_player=1)
    found = evaluate(state, seconds=10)
    assert found.values == {m: after(state, m) for m in state.legal_moves()}


def test_a_big_board_gets_estimates_in_time_not_exact_values() -> None:
    state = get_variant("kalah").initial_state()
    start = time.perf_counter()
    found = evaluate(state, seconds=0.2)
    assert time.perf_counter() - start < 5  # generous: the machine is shared
    assert set(found.values) == set(state.legal_moves())
    assert not found.all_exact
    assert found.depth >= 1


def test_history_rules_are_never_called_exact() -> None:
    rules = get_variant("oware")
    state = rules.initial_state()
    for _ in range(30):
        state = state.play(state.legal_moves()[0])
    found = evaluate(state, seconds=0.2)
    assert not any(found.exact.values())


def test_a_finished_game_has_nothing_to_evaluate() -> None:
    rules = get_variant("kalah", pits=3, seeds=1)
    state = rules.initial_state()
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    with pytest.raises(ValueError, match="over"):
        evaluate(state, 0.1)


def test_the_step_replays_the_moves_first() -> None:
    found = evaluate_position("kalah", {"pits": 3, "seeds": 2}, 0, [0], 5.0)
    state = get_variant("kalah", pits=3, seeds=2).initial_state().play(0)
    assert found["values"] == {str(m): after(state, m) for m in state.legal_moves()}
    assert all(found["exact"].values())


# -- tags and summaries ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "loss,tag",
    [(0, "best"), (0.5, "good"), (1, "good"), (2, "inaccuracy"), (3, "inaccuracy")]
    + [(3.5, "mistake"), (6, "mistake"), (6.5, "blunder"), (40, "blunder")],
)
def test_tags_by_loss_in_seeds(loss: float, tag: str) -> None:
    assert report.tag_of(loss) == tag


def test_a_move_entry_and_the_summary() -> None:
    position = {"values": {"0": 4, "1": -3, "2": 4}, "exact": {"0": True, "1": True, "2": True}}
    position["best"] = 0
    blunder = report.move_entry(5, 1, 1, position, forced=False)
    assert blunder["loss"] == 7 and blunder["tag"] == "blunder" and blunder["best"] == 0
    assert blunder["value_before"] == 4 and blunder["played_value"] == -3 and blunder["exact"]
    assert blunder["after_seat0"] == 3  # seat 1 ends 3 seeds down
    tie = report.move_entry(6, 0, 2, position, forced=False)
    assert tie["tag"] == "best" and tie["best"] == 2 and tie["loss"] == 0
    summary = report.summary([blunder, tie])
    assert summary[0]["tags"]["best"] == 1 and summary[0]["average_loss"] == 0
    assert summary[1]["tags"]["blunder"] == 1 and summary[1]["average_loss"] == 7


# -- the API ---------------------------------------------------------------------------------------


def play_out(client: FlaskClient, game: dict[str, Any], seed: int = 1) -> dict[str, Any]:
    """Play random moves on one screen until the game is over."""
    rng = random.Random(seed)
    while game["status"] != "over":
        game = client.post(
            f"/api/games/{game['id']}/moves",
            json={"pit": rng.choice(game["legal_moves"]), "version": game["version"]},
        ).json
    return game


def finish(client: FlaskClient, url: str, timeout: float = 60.0) -> dict[str, Any]:
    """Poll the analysis until it is no longer running."""
    end = time.monotonic() + timeout
    found = client.get(url).json
    while found["status"] == "running" and time.monotonic() < end:
        time.sleep(0.05)
        found = client.get(url).json
    assert found["status"] == "done", found
    return found


def small_game(client: FlaskClient, seed: int = 1) -> dict[str, Any]:
    game = create(client, mode="local", variant="kalah", options={"pits": 3, "seeds": 3})
    return play_out(client, game, seed)


def test_analysing_a_finished_game(client: FlaskClient) -> None:
    game = small_game(client)
    url = f"/api/games/{game['id']}/analysis"
    assert client.get(url).json["status"] == "none"
    started = client.post(url)
    # 202 while it runs (200 only if it finished before the answer: a very fast machine)
    assert (started.status_code, started.json["status"]) in ((202, "running"), (200, "done"))
    assert started.json["total"] == len(game["moves"])
    found = finish(client, url)
    assert found["done"] == found["total"] == len(game["moves"])
    assert [m["ply"] for m in found["moves"]] == list(range(len(game["moves"])))
    rules = get_variant("kalah", pits=3, seeds=3)
    state = rules.initial_state()
    for entry, played in zip(found["moves"], game["moves"], strict=True):
        assert entry["played"] == played["pit"] and entry["player"] == played["player"]
        assert entry["exact"]  # a 3x3 board is solved at every move
        assert entry["best_value"] == brute(state) == entry["value_before"]
        assert entry["played_value"] == after(state, played["pit"])
        assert entry["loss"] == entry["best_value"] - entry["played_value"]
        assert entry["tag"] == report.tag_of(entry["loss"])
        state = state.play(played["pit"])
    for seat in (0, 1):
        mine = [m for m in found["moves"] if m["player"] == seat]
        assert found["summary"][seat]["moves"] == len(mine)
        assert sum(found["summary"][seat]["tags"].values()) == len(mine)
    again = client.post(url)
    assert again.status_code == 200 and again.json["moves"] == found["moves"]


def test_the_analysis_goes_through_the_fair_queue_as_the_device(
    app: Flask, client: FlaskClient
) -> None:
    game = small_game(client, seed=2)
    queue = app.extensions["mancala_computer"].queue
    seen: list[tuple[str, Any, tuple[int, ...]]] = []
    submit = queue.submit

    def spy(client_id: str, args: Any, task: Any = None, **how: Any) -> Any:
        seen.append((client_id, type(args), args.plies))
        assert how["interactive"] is False and how["seconds"] > 0  # background, budgeted
        return submit(client_id, args, task, **how)

    queue.submit = spy
    url = f"/api/games/{game['id']}/analysis"
    client.post(url, environ_base={"REMOTE_ADDR": "10.1.2.3"})
    finish(client, url)
    assert 1 <= len(seen) <= len(game["moves"])
    assert {c for c, _, _ in seen} == {"10.1.2.3"}
    assert {t for _, t, _ in seen} == {EvaluateLine}  # typed line jobs (issue 34)
    assert {p for _, _, plies in seen for p in plies} == set(range(len(game["moves"])))


def test_more_moves_extend_the_analysis_kept(app: Flask, client: FlaskClient) -> None:
    game = create(client, mode="local", variant="kalah", options={"pits": 3, "seeds": 3})
    for _ in range(3):
        game = client.post(
            f"/api/games/{game['id']}/moves",
            json={"pit": game["legal_moves"][0], "version": game["version"]},
        ).json
    url = f"/api/games/{game['id']}/analysis"
    client.post(url)
    first = finish(client, url)
    assert first["total"] == 3 and first["current"]
    game = play_out(client, game)
    stale = client.get(url).json
    assert stale["current"] is False and stale["status"] == "done"
    queue = app.extensions["mancala_computer"].queue
    searched: set[int] = set()
    submit = queue.submit

    def counting(*args: Any, **kwargs: Any) -> Any:
        searched.update(args[1].plies)  # the positions of each line job
        return submit(*args, **kwargs)

    queue.submit = counting
    extended = client.post(url)
    assert extended.status_code in (200, 202), extended.json  # 200 if already done
    second = finish(client, url)
    assert second["total"] == len(game["moves"]) and second["current"]
    assert second["moves"][:3] == first["moves"]
    assert searched == set(range(3, len(game["moves"])))  # the first three were kept


def test_a_run_whose_process_died_is_taken_up(app: Flask, client: FlaskClient) -> None:
    game = small_game(client, seed=3)
    analyses = app.extensions["mancala_analyses"]
    moves = [m["pit"] for m in game["moves"]]
    half = Kept(moves, [None] * len(moves), runner="gone:1")  # not written for 60 s
    first = evaluate_position("kalah", {"pits": 3, "seeds": 3}, 0, [], 2.0)
    half.positions[0] = first
    analyses.store.save(game["id"], half)
    store = app.extensions["mancala_store"]
    store.run(lambda db: db.execute("UPDATE analyses SET updated = updated - 60"))
    url = f"/api/games/{game['id']}/analysis"
    found = finish(client, url)
    assert found["moves"][0]["values"] == first["values"]
    assert found["done"] == len(moves)


def test_a_fresh_run_of_another_live_process_is_left_to_it(app: Flask, client: FlaskClient) -> None:
    game = small_game(client, seed=4)
    moves = [m["pit"] for m in game["moves"]]
    app.extensions["mancala_analyses"].store.save(
        game["id"], Kept(moves, [None] * len(moves), runner="another-host:1")
    )
    url = f"/api/games/{game['id']}/analysis"
    found = client.get(url).json
    assert found["status"] == "running" and found["done"] == 0
    assert STALE_SECONDS >= 10


def test_a_game_between_two_devices_only_once_it_is_over(
    host: FlaskClient, friend: FlaskClient, other: FlaskClient
) -> None:
    game = create(host, mode="remote", variant="kalah", options={"pits": 3, "seeds": 3})
    game = friend.post(f"/api/games/{game['id']}/join", json={}).json
    game = host.post(
        f"/api/games/{game['id']}/moves", json={"pit": 0, "version": game["version"]}
    ).json
    url = f"/api/games/{game['id']}/analysis"
    for who in (host, friend, other):
        assert_error(who.post(url), 409, "once it is over")
        assert_error(who.get(url), 409, "once it is over")
    game = friend.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]}).json
    assert game["status"] == "over"
    assert other.post(url).status_code in (200, 202)  # a spectator too
    assert finish(other, url)["total"] == 1


def test_refusals_change_nothing(client: FlaskClient) -> None:
    assert_error(client.post("/api/games/nope/analysis"), 404, "no game")
    assert_error(client.get("/api/games/nope/analysis"), 404, "no game")
    game = create(client, mode="local", variant="kalah", options={"pits": 3, "seeds": 3})
    url = f"/api/games/{game['id']}/analysis"
    assert_error(client.post(url), 409, "no move")
    bad = client.post(url, data="{", content_type="application/json")
    assert_error(bad, 400, "not valid JSON")
    assert_error(client.post(url, data="x", content_type="text/plain"), 415, "JSON")
    assert client.get(url).json["status"] == "none"


def test_answer_before_any_analysis(app: Flask, client: FlaskClient) -> None:
    game = small_game(client, seed=5)
    with app.app_context():
        row = app.extensions["mancala_store"].load(game["id"])
        found = answer(Game.from_row(row), None, False)
    assert found["status"] == "none" and found["total"] == len(game["moves"])
    assert [t["tag"] for t in found["thresholds"]] == [name for name, _ in report.TAGS]


def test_the_routes_are_described() -> None:
    described = spec()["paths"]["/api/games/{game_id}/analysis"]
    assert set(described["post"]["responses"]) >= {"200", "202", "404", "409", "503"}
    assert "200" in described["get"]["responses"]
    components = document()["components"]["schemas"]  # from app.analysis.report's types
    schema = components["AnalysisAnswer"]
    entry = components[schema["properties"]["moves"]["items"]["$ref"].rsplit("/")[-1]]
    entry = entry["properties"]
    for name in ("ply", "player", "played", "best", "value_before", "played_value"):
        assert name in entry
    for name in ("best_value", "loss", "tag", "exact"):
        assert name in entry


# -- kept with the game, in either store ----------------------------------------------------


def test_an_analysis_is_kept_in_both_stores(stores: Any) -> None:  # noqa: F811 (the fixture)
    from app.analysis.store import AnalysisStore

    first, second = AnalysisStore(stores()), AnalysisStore(stores())
    first.store.create("g1", {"mode": "local"}, [])
    assert first.load("g1") is None
    kept = Kept([2, 0], [{"values": {"2": 1}}, None], runner="h:1")
    first.save("g1", kept)
    found = second.load("g1")  # another process (or host) reads it
    assert found is not None
    assert (found.moves, found.positions, found.runner) == ([2, 0], kept.positions, "h:1")
    assert found.done == 1 and not found.complete
    kept.positions[1] = {"values": {"0": -1}}
    second.save("g1", kept)
    again = first.load("g1")
    assert again is not None and again.complete and again.updated >= found.updated


def test_one_position_valued(client: FlaskClient) -> None:
    game = small_game(client, seed=6)
    url = f"/api/games/{game['id']}/analysis/position"
    found = client.post(url, json={"ply": 1})
    assert found.status_code == 200, found.json
    state = get_variant("kalah", pits=3, seeds=3).initial_state().play(game["moves"][0]["pit"])
    assert found.json["player"] == state.to_move and found.json["ply"] == 1
    assert found.json["values"] == {str(m): after(state, m) for m in state.legal_moves()}
    assert all(found.json["exact"].values())
    assert_error(client.post(url, json={}), 409, "game is over")  # the last position
    for bad in (-1, len(game["moves"]) + 1, "1", True, 1.5):
        assert_error(client.post(url, json={"ply": bad}), 400, "'ply'")


def test_one_position_between_two_devices_is_only_your_own_turn(
    host: FlaskClient, friend: FlaskClient, other: FlaskClient
) -> None:
    game = create(host, mode="remote", variant="kalah", options={"pits": 3, "seeds": 3})
    game = friend.post(f"/api/games/{game['id']}/join", json={}).json
    url = f"/api/games/{game['id']}/analysis/position"
    mover = host if 0 in host.get(f"/api/games/{game['id']}").json["you"] else friend
    waiting = friend if mover is host else host
    assert mover.post(url, json={}).status_code == 200
    for who in (waiting, other):
        assert_error(who.post(url, json={}), 409, "your own turn")


def test_a_game_from_a_position_set_up_by_hand(client: FlaskClient) -> None:
    rules = get_variant("kalah", pits=3, seeds=3)
    state = rules.initial_state()
    for pit in (0, 1, 2):
        if state.is_over or pit not in state.legal_moves():
            break
        state = state.play(pit)
    record = {
        "variant": "kalah",
        "options": {"pits": 3, "seeds": 3},
        "first": 0,
        "start": {"board": list(state.board), "to_move": state.to_move},
        "moves": [],
    }
    made = client.post("/api/games", json={"record": record, "mode": "local"})
    assert made.status_code == 201, made.json  # a record with a start position is imported
    assert made.json["start"] == {"board": list(state.board), "to_move": state.to_move}
    game = play_out(client, made.json)
    url = f"/api/games/{game['id']}/analysis"
    client.post(url)
    found = finish(client, url)
    assert found["moves"][0]["values"] == {str(m): after(state, m) for m in state.legal_moves()}


def test_exact_values_agree_with_the_engines_solver() -> None:
    rules = get_variant("kalah", pits=4, seeds=2)
    solver = Solver(rules)
    for state in random_positions(rules, 10, seed=42):
        mine = Searcher(rules).evaluate(state, seconds=30)
        assert mine.all_exact
        assert mine.values == {m: float(v) for m, v in solver.solve(state).move_values.items()}
