"""The pie rule through the API: the server offers the swap (``can_swap``) at the second player's
first action only, takes it as a move ("swap" or ``swap_move``), refuses it anywhere else with a
4xx that says why (the game unchanged), and the computer takes it when the opening is good."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from app.analysis.report import move_entry
from app.analysis.step import as_decision
from engine.core import SWAP
from tests.app.test_play_rules import ok, refused, remote, settled, v

PIE = {"pits": 6, "seeds": 4, "pie": True}
OPENED = [4, 4, 0, 5, 5, 0, 2, 5, 5, 5, 5, 4, 4, 0]  # after C4+ F5: player 1 to move
TURNED = [5, 5, 5, 5, 4, 4, 0, 4, 4, 0, 5, 5, 0, 2]  # the same, turned round: player 0 to move


def local(client: FlaskClient, options: dict[str, Any] = PIE) -> dict[str, Any]:
    body = {"mode": "local", "first": 0, "variant": "kalah", "options": options}
    return ok(client.post("/api/games", json=body), 201)


def move(client: FlaskClient, game: dict[str, Any], pit: object) -> Any:
    return client.post(f"/api/games/{game['id']}/moves", json={"pit": pit, **v(game)})


def test_the_swap_is_offered_then_taken_and_the_board_turns_round(client: FlaskClient) -> None:
    game = local(client)
    assert game["can_swap"] is False and game["swap_move"] == SWAP
    game = ok(move(client, game, 2))
    assert game["to_move"] == 0 and game["can_swap"] is False  # C4+: the opener moves again
    game = ok(move(client, game, 5))
    assert game["board"] == OPENED and game["to_move"] == 1
    assert game["can_swap"] is True and game["legal_moves"] == [0, 1, 2, 3, 4, 5]
    swapped = ok(move(client, game, "swap"))
    assert swapped["board"] == TURNED and swapped["to_move"] == 0
    assert swapped["can_swap"] is False
    last = swapped["moves"][-1]
    assert (last["player"], last["pit"], last["swap"]) == (1, SWAP, True)
    assert (last["notation"], last["letter"]) == ("swap", "")


def test_the_swap_move_number_works_as_well_as_the_word(client: FlaskClient) -> None:
    game = local(client)
    for pit in (2, 5):
        game = ok(move(client, game, pit))
    assert ok(move(client, game, game["swap_move"]))["board"] == TURNED


def test_a_swap_where_it_is_not_allowed_is_refused_and_changes_nothing(
    client: FlaskClient,
) -> None:
    game = local(client)
    refused(move(client, game, "swap"), 422, "only the second player's first action")
    game = ok(move(client, game, 2))
    refused(move(client, game, "swap"), 422, "only the second player's first action")
    for pit in (5, 0):  # the opener's turn ends; the second player sows instead of swapping
        game = ok(move(client, game, pit))
    refused(move(client, game, "swap"), 422, "only the second player's first action")
    assert ok(client.get(f"/api/games/{game['id']}"))["version"] == game["version"]
    plain = local(client, {"pits": 6, "seeds": 4})
    for pit in (2, 5):
        plain = ok(move(client, plain, pit))
    assert plain["can_swap"] is False
    refused(move(client, plain, "swap"), 422, "the pie rule is off")
    refused(move(client, plain, "swop"), 400, '"swap" to swap sides')
    assert ok(client.get(f"/api/games/{plain['id']}"))["board"] == OPENED


def test_between_devices_each_keeps_their_seat_and_clock(
    host: FlaskClient, friend: FlaskClient
) -> None:
    game = remote(host, friend, options=PIE, name="Ana", clock={"minutes": 5, "increment": 3})
    game = ok(move(host, game, 2))
    game = ok(move(host, game, 5))
    seen = ok(friend.get(f"/api/games/{game['id']}"))
    assert seen["can_swap"] is True and seen["your_turn"] is True
    mine = ok(host.get(f"/api/games/{game['id']}"))  # like legal_moves: what the mover may do
    assert mine["can_swap"] is True and mine["your_turn"] is False
    refused(move(host, game, "swap"), 409, "not your turn")
    swapped = ok(move(friend, seen, "swap"))
    assert swapped["board"] == TURNED and swapped["to_move"] == 0
    assert [s["player_name"] for s in swapped["seats"]] == ["Ana", "Ben"]
    assert swapped["clock"]["running"] == 0  # Ana's clock runs: she moves next
    assert ok(host.get(f"/api/games/{game['id']}"))["your_turn"] is True


def test_the_computer_swaps_after_a_strong_opening(client: FlaskClient) -> None:
    body = {"mode": "computer", "first": "me", "level": "medium", "options": PIE}
    game = ok(client.post("/api/games", json=body), 201)
    game = ok(move(client, game, 2))
    game = settled(client, ok(move(client, game, 5)))
    assert game["moves"][2]["swap"] is True
    assert game["board"] == TURNED and game["to_move"] == 0 and game["your_turn"] is True


def test_a_record_with_a_swap_imports_and_replays(client: FlaskClient) -> None:
    record = "kalah pits=6 seeds=4 pie=true first=0: C4+ F5 swap A5"
    body = {"mode": "local", "record": record}
    game = ok(client.post("/api/games", json=body), 201)
    assert [m["notation"] for m in game["moves"]] == ["C4+", "F5", "swap", "A5"]
    assert game["options"]["pie"] is True


def test_the_analysis_values_the_swap_as_the_opening_turned_round() -> None:
    # At the offer the best pit is worth -4 to the mover: swapping is worth +4.
    found = {
        "values": {"0": -4, "1": -6},
        "exact": {"0": True, "1": True},
        "best": 0,
        "value": -4,
        "depth": 9,
        "nodes": 10,
        "seconds": 0.1,
        "source": "solver",
        "swap_value": 4,
        "swap_exact": True,
    }
    hint = as_decision(found)
    assert (hint["move"], hint["value"], hint["pv"]) == (SWAP, 4, [SWAP])
    swapped = move_entry(2, 1, SWAP, found, forced=False)
    assert (swapped["best"], swapped["loss"], swapped["tag"], swapped["exact"]) == (
        SWAP,
        0,
        "best",
        True,
    )
    sowed = move_entry(2, 1, 0, found, forced=False)
    assert (sowed["best"], sowed["loss"], sowed["tag"]) == (SWAP, 8, "blunder")
    # One pit left and the swap: not a forced move.
    one_pit = {**found, "values": {"0": -4}, "exact": {"0": True}}
    assert move_entry(2, 1, 0, one_pit, forced=True)["forced"] is False


def test_the_analysis_board_replays_a_game_with_its_swap(client: FlaskClient) -> None:
    # The board starts from the start as a position by hand (what "Analyse from here" sends).
    start = {"board": [4] * 6 + [0] + [4] * 6 + [0], "to_move": 0}
    body = {"variant": "kalah", "options": PIE, **start, "moves": [2, 5, SWAP, 0]}
    answer = ok(client.post("/api/board", json=body))
    assert [p["notation"] for p in answer["played"]] == ["C4+", "F5", "swap", "A5"]
    assert [p["swap"] for p in answer["played"]] == [False, False, True, False]
    at_offer = ok(client.post("/api/board", json={**body, "moves": [2, 5]}))
    assert at_offer["board"] == OPENED and at_offer["to_move"] == 1
    record = {"record": "kalah pits=6 seeds=4 pie=true first=0: C4+ F5 swap"}
    assert ok(client.post("/api/board", json=record))["board"] == TURNED


def test_the_analysis_of_a_game_judges_the_swap_exactly(client: FlaskClient) -> None:
    from tests.app.test_analysis import finish

    # Kalah 4x3: after B3+ C4 the second player is at -6 by the solver, so swapping is +6.
    options = {"pits": 4, "seeds": 3, "pie": True}
    for second, loss in ((SWAP, 0), (0, None)):
        game = local(client, options)
        for pit in (1, 2, second):
            game = ok(move(client, game, pit))
        url = f"/api/games/{game['id']}/analysis"
        client.post(url)
        entry = finish(client, url)["moves"][2]
        assert (entry["played"], entry["best"], entry["best_value"]) == (second, SWAP, 6)
        assert entry["exact"] is True
        if loss is not None:
            assert (entry["played_value"], entry["loss"], entry["tag"]) == (6, 0, "best")
        else:
            # Sowing on is worth at most the best pit's -6: twelve seeds or more given away.
            assert entry["played_value"] <= -6 and entry["loss"] == 6 - entry["played_value"]


def test_the_menu_offers_the_pie_rule_for_kalah_and_oware_only(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'id="kalah-pie"' in page and 'id="oware-pie"' in page
    assert page.count('data-option="pie"') == 2
    assert "Pie rule: after the opener&#39;s first turn" in page
