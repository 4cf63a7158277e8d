"""The app's play rules of issue 16 through the API: results in words and data (resignation,
time, seeds banked at the end), hints as a game option the opponent is told about, "play again"
alternating who starts, clocks for games between people and the series score across rematches."""

from __future__ import annotations

import time
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

# Kalah 6x4: after C, D, B, C, E player 0 leads 3-2 and player 1 is to move.
AHEAD_3_2 = {"variant": "kalah", "first_player": 0, "moves": [2, 3, 1, 2, 4]}
# Oware 6x4 (tests/data/oware-6-4.jsonl, game 1): 30 moves; captures 3-29, then player 1
# can't be fed and each side banks its row (1 and 15): final 4-44.
OWARE_GAME = {
    "variant": "oware",
    "first_player": 0,
    "moves": [0, 0, 1, 2, 1, 3, 2, 4, 1, 5, 0, 1, 4, 5, 3, 5, 4, 4, 2, 5]
    + [4, 0, 0, 3, 3, 4, 5, 3, 4, 2],
}


def ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)
    return response.json  # type: ignore[no-any-return]


def refused(response: Any, status: int, words: str) -> None:
    assert response.status_code == status, response.get_data(as_text=True)
    assert words.lower() in response.json["message"].lower(), response.json["message"]


def remote(host: FlaskClient, friend: FlaskClient, **params: Any) -> dict[str, Any]:
    """A game between two devices that ``friend`` joined (as "Ben"); the host's view."""
    params.setdefault("options", {"pits": 3, "seeds": 2})
    created = ok(host.post("/api/games", json={"mode": "remote", "first": 0, **params}), 201)
    ok(friend.post(f"/api/games/{created['id']}/join", json={"name": "Ben"}))
    return ok(host.get(f"/api/games/{created['id']}"))


def play(client: FlaskClient, game: dict[str, Any], pit: int) -> dict[str, Any]:
    return ok(client.post(f"/api/games/{game['id']}/moves", json={"pit": pit, **v(game)}))


def v(game: dict[str, Any]) -> dict[str, int]:
    return {"version": game["version"]}


def settled(client: FlaskClient, game: dict[str, Any], timeout: float = 20.0) -> dict[str, Any]:
    """The game once the computer has nothing left to do."""
    end = time.monotonic() + timeout
    while game["thinking"] and time.monotonic() < end:
        game = ok(client.get(f"/api/games/{game['id']}?since={game['version']}"))
    assert not game["thinking"], "the computer did not move in time"
    return game


# -- results --------------------------------------------------------------------------------------


def test_the_player_ahead_who_resigns_loses_and_both_sides_read_it(
    host: FlaskClient, friend: FlaskClient
) -> None:
    game = remote(host, friend, record=AHEAD_3_2, name="Ana")
    assert game["scores"] == [3, 2] and game["to_move"] == 1
    over = ok(host.post(f"/api/games/{game['id']}/resign", json=v(game)))
    assert over["winner"] == 1 and over["ended_by"] == "resignation"
    assert over["result"] == {
        "winner": 1,
        "by": "resignation",
        "scores": [3, 2],
        "captured": [3, 2],
        "banked": [0, 0],
        "text": "You resigned: you lost",
        "detail": "Scores at the resignation: you 3, Ben 2.",
    }
    seen = ok(friend.get(f"/api/games/{game['id']}"))["result"]
    assert seen["text"] == "You won: Ana resigned"
    assert seen["detail"] == "Scores at the resignation: you 2, Ana 3."


def test_resigning_before_any_move_reads_sensibly(host: FlaskClient, friend: FlaskClient) -> None:
    game = remote(host, friend)
    over = ok(host.post(f"/api/games/{game['id']}/resign", json=v(game)))
    assert over["result"]["text"] == "You resigned: you lost"
    assert over["result"]["detail"] == "No move had been played."
    seen = ok(friend.get(f"/api/games/{game['id']}"))["result"]
    assert seen["text"] == "You won: your opponent resigned" and seen["winner"] == 1


def test_resigning_on_one_screen_names_both_players(client: FlaskClient) -> None:
    game = ok(
        client.post("/api/games", json={"mode": "local", "names": ["Ana", "Ben"], "first": 0}),
        201,
    )
    over = ok(client.post(f"/api/games/{game['id']}/resign", json=v(game)))
    assert over["result"]["text"] == "Ben won: Ana resigned"


def test_oware_result_says_the_seeds_left_on_the_rows_were_counted(client: FlaskClient) -> None:
    game = ok(client.post("/api/games", json={"mode": "local", "record": OWARE_GAME}), 201)
    assert game["status"] == "over" and game["scores"] == [4, 44]
    assert game["result"] == {
        "winner": 1,
        "by": "rules",
        "scores": [4, 44],
        "captured": [3, 29],
        "banked": [1, 15],
        "text": "Player 2 won, 44–4",
        "detail": "Captured: Player 1 3, Player 2 29; the 16 seeds left on the rows were "
        "counted for their row's owner (Player 1 +1, Player 2 +15).",
    }


def test_a_result_by_the_rules_is_said_from_the_viewers_side(
    host: FlaskClient, friend: FlaskClient
) -> None:
    game = remote(host, friend, record=OWARE_GAME, options={})
    assert ok(host.get(f"/api/games/{game['id']}"))["result"]["text"] == "You lost, 4–44"
    assert ok(friend.get(f"/api/games/{game['id']}"))["result"]["text"] == "You won, 44–4"


def test_toguz_ended_at_82_says_the_stones_on_the_rows_count_for_nobody(
    client: FlaskClient,
) -> None:
    # A whole random Toguz game (seeded), imported: it ends at 82 or by a player who can't move.
    from random import Random

    from engine import get_variant

    rng = Random(5)
    state = get_variant("toguz_kumalak").initial_state()
    moves = []
    while not state.is_over:
        moves.append(rng.choice(state.legal_moves()))
        state = state.play(moves[-1])
    record = {"variant": "toguz_kumalak", "first_player": 0, "moves": moves}
    game = ok(client.post("/api/games", json={"mode": "local", "record": record}), 201)
    result = game["result"]
    left = sum(state.board) - sum(state.scores)
    assert result["scores"] == list(state.scores) and max(state.scores) >= 82
    assert result["banked"] == [0, 0]
    assert result["detail"] == f"The {left} stones left on the rows count for nobody."


# -- hints ----------------------------------------------------------------------------------------


def test_hints_are_off_by_default_between_people_and_both_see_the_option(
    host: FlaskClient, friend: FlaskClient
) -> None:
    game = remote(host, friend)
    assert game["hints"] is False
    assert ok(friend.get(f"/api/games/{game['id']}"))["hints"] is False
    refused(host.post(f"/api/games/{game['id']}/hint", json={}), 409, "hints are off")
    assert ok(host.get(f"/api/games/{game['id']}"))["version"] == game["version"]
    local = ok(host.post("/api/games", json={"mode": "local"}), 201)
    assert local["hints"] is False
    refused(host.post(f"/api/games/{local['id']}/hint", json={}), 409, "hints are off")
    computer = ok(host.post("/api/games", json={"mode": "computer", "level": "beginner"}), 201)
    assert computer["hints"] is True


def test_a_hint_used_is_told_to_the_opponent(host: FlaskClient, friend: FlaskClient) -> None:
    game = remote(host, friend, hints=True)
    assert game["hints"] is True and game["hints_used"] == [0, 0]
    hint = ok(host.post(f"/api/games/{game['id']}/hint", json={"level": "beginner"}))
    assert hint["move"] in game["legal_moves"]
    assert hint["version"] == game["version"] + 1 == hint["game"]["version"]
    assert hint["game"]["hints_used"] == [1, 0]
    seen = ok(friend.get(f"/api/games/{game['id']}"))
    assert seen["hints_used"] == [1, 0] and seen["version"] == hint["version"]
    # Asking again in the same position counts nothing and changes nothing.
    again = ok(host.post(f"/api/games/{game['id']}/hint", json={"level": "beginner"}))
    assert again["version"] == hint["version"] and again["game"]["hints_used"] == [1, 0]
    refused(friend.post(f"/api/games/{game['id']}/hint", json={}), 409, "your own turn")


def test_hints_bad_input_is_refused_and_nothing_is_created(client: FlaskClient) -> None:
    refused(client.post("/api/games", json={"mode": "local", "hints": "yes"}), 400, "hints")
    refused(client.post("/api/games", json={"mode": "watch", "hints": True}), 400, "hints")
    assert ok(client.get("/api/games"))["games"] == []


# -- play again -----------------------------------------------------------------------------------


def test_play_again_against_the_computer_alternates_who_starts(client: FlaskClient) -> None:
    game = ok(
        client.post("/api/games", json={"mode": "computer", "level": "beginner", "first": "me"}),
        201,
    )
    firsts = [game["first_player"]]
    for _ in range(3):
        game = settled(client, game)  # when the computer starts, its move lands first
        game = ok(client.post(f"/api/games/{game['id']}/resign", json=v(game)))
        game = ok(client.post(f"/api/games/{game['id']}/rematch", json={}), 201)
        firsts.append(game["first_player"])
    assert firsts == [0, 1, 0, 1]
    assert game["series"] is None or game["series"]["wins"] == [0, 3]
    assert game["seats"][0]["kind"] == "human" and game["you"] == [0]


# -- series ---------------------------------------------------------------------------------------


def test_the_series_score_is_carried_from_game_to_rematch(
    host: FlaskClient, friend: FlaskClient
) -> None:
    game = remote(host, friend, name="Ana")
    assert game["series"] is None
    over = ok(friend.post(f"/api/games/{game['id']}/resign", json=v(game)))  # Ana wins
    assert over["series"]["wins"] == [1, 0] and over["series"]["text"] == "You 0 – 1 Ana"
    url = f"/api/games/{game['id']}/rematch"
    offered = ok(host.post(url, json=v(over)))
    second = ok(friend.post(url, json={**v(offered), "action": "accept"}), 201)
    assert second["series"] == {"wins": [1, 0], "draws": 0, "games": 1, "text": "You 0 – 1 Ana"}
    second = ok(host.get(f"/api/games/{second['id']}"))
    assert second["series"]["text"] == "You 1 – 0 Ben"
    over = ok(host.post(f"/api/games/{second['id']}/resign", json=v(second)))  # Ben wins
    assert over["series"]["wins"] == [1, 1] and over["series"]["text"] == "You 1 – 1 Ben"
    offered = ok(friend.post(f"/api/games/{second['id']}/rematch", json=v(over)))
    third = ok(
        host.post(f"/api/games/{second['id']}/rematch", json={**v(offered), "action": "accept"}),
        201,
    )
    assert third["series"]["wins"] == [1, 1] and third["first_player"] == 0


# -- clocks ---------------------------------------------------------------------------------------


def test_no_clock_by_default_and_bad_clocks_are_refused(client: FlaskClient) -> None:
    game = ok(client.post("/api/games", json={"mode": "local"}), 201)
    assert game["clock"] is None and isinstance(game["server_time_ms"], int)
    for bad, words in [
        ({"mode": "computer", "clock": {"minutes": 5}}, "does not apply"),
        ({"mode": "local", "clock": {"minutes": 0}}, "clock.minutes"),
        ({"mode": "local", "clock": {"minutes": 181}}, "clock.minutes"),
        ({"mode": "local", "clock": {"minutes": True}}, "clock.minutes"),
        ({"mode": "local", "clock": {"minutes": 5, "increment": -1}}, "clock.increment"),
        ({"mode": "remote", "clock": {"minutes": 5, "extra": 1}}, "'clock' must be"),
        ({"mode": "remote", "clock": 5}, "'clock' must be"),
    ]:
        refused(client.post("/api/games", json=bad), 400, words)
    assert len(ok(client.get("/api/games"))["games"]) == 1


def test_each_clock_starts_after_that_players_first_move_and_charges_each_side(
    host: FlaskClient, friend: FlaskClient
) -> None:
    game = remote(host, friend, clock={"minutes": 5, "increment": 2})
    clock = game["clock"]
    assert clock["initial_ms"] == 300_000 and clock["increment_ms"] == 2000
    assert clock["remaining_ms"] == [300_000, 300_000] and clock["running"] is None
    moved = play(host, game, 0)
    clock = moved["clock"]
    # The first mover's thinking is free, and so is Ben's over his first move (lichess's rule:
    # each clock starts after that player's first move); the increment is earned as the turn
    # passes.
    assert clock["running"] is None and clock["remaining_ms"] == [302_000, 300_000]
    time.sleep(0.3)
    answered = play(friend, ok(friend.get(f"/api/games/{game['id']}")), 2)
    clock = answered["clock"]
    assert clock["running"] == 0 and clock["remaining_ms"][1] == 302_000
    assert 301_500 < clock["remaining_ms"][0] <= 302_000  # Ana's runs from Ben's answer
    time.sleep(0.3)
    reloaded = ok(friend.get(f"/api/games/{game['id']}"))["clock"]
    # A reload shows the time as it runs (the running side's clock went down).
    assert reloaded["remaining_ms"][1] == 302_000 and reloaded["running"] == 0
    assert reloaded["remaining_ms"][0] <= clock["remaining_ms"][0] - 250
    assert reloaded["server_time_ms"] >= clock["server_time_ms"] + 250
    again = play(host, ok(host.get(f"/api/games/{game['id']}")), 1)
    assert again["clock"]["running"] == 1
    assert 290_000 < again["clock"]["remaining_ms"][0] <= 304_000 - 250
    over = ok(host.post(f"/api/games/{game['id']}/resign", json=v(again)))
    assert over["clock"]["running"] is None


def test_a_flag_ends_the_game_and_the_side_out_of_time_loses(slow_polls: Flask) -> None:
    host, friend = slow_polls.test_client(), slow_polls.test_client()
    game = remote(host, friend, clock={"minutes": 0.02, "increment": 0}, name="Ana")  # 1.2 s
    moved = play(host, play(friend, play(host, game, 0), 2), 1)  # first moves are free
    assert moved["clock"]["running"] == 1
    start = time.monotonic()
    # The host's long-poll ends when Ben's time runs out, not at its 5 s timeout.
    news = ok(host.get(f"/api/games/{game['id']}?since={moved['version']}"))
    waited = time.monotonic() - start
    assert news["status"] == "over", news
    assert 0.5 < waited < 4.5
    assert news["ended_by"] == "time" and news["flagged"] == 1 and news["winner"] == 0
    assert news["result"]["text"] == "You won: Ben ran out of time"
    assert news["result"]["detail"].startswith("Scores when time ran out: you ")
    assert news["end_reason"] == "Ben ran out of time"
    assert news["clock"]["remaining_ms"][1] == 0 and news["clock"]["running"] is None
    seen = ok(friend.get(f"/api/games/{game['id']}"))
    assert seen["result"]["text"] == "You ran out of time: you lost"
    assert seen["version"] == news["version"]  # written once
    refused(play_raw(friend, seen, 0), 409, "over")
    summary = ok(friend.get("/api/games"))["games"][0]
    assert summary["status"] == "you lost"


def play_raw(client: FlaskClient, game: dict[str, Any], pit: int) -> Any:
    return client.post(f"/api/games/{game['id']}/moves", json={"pit": pit, **v(game)})


def test_a_move_after_the_time_is_up_is_refused_and_the_flag_stands(
    client: FlaskClient,
) -> None:
    game = ok(
        client.post("/api/games", json={"mode": "local", "clock": {"minutes": 0.01}}), 201
    )  # 0.6 s a side
    moved = play(client, play(client, game, 0), 0)  # each side's first move is free
    assert moved["clock"]["running"] == 0
    time.sleep(0.9)
    # The move's request is the first to see the time up: the flag is written, the move refused.
    refused(play_raw(client, moved, 1), 409, "the game has changed")
    over = ok(client.get(f"/api/games/{game['id']}"))
    refused(play_raw(client, over, 1), 409, "the game is over")
    assert over["can_undo"] is False
    refused(client.post(f"/api/games/{game['id']}/undo", json=v(over)), 409, "lost on time")
    assert over["flagged"] == 0
    assert over["result"]["text"] == "Player 2 won: Player 1 ran out of time"
    assert len(over["moves"]) == 2


def test_undo_on_one_screen_hands_the_clock_back(client: FlaskClient) -> None:
    game = ok(
        client.post("/api/games", json={"mode": "local", "clock": {"minutes": 1, "increment": 1}}),
        201,
    )
    moved = play(client, play(client, play(client, game, 0), 0), 2)  # A, a (free), C
    assert moved["clock"]["running"] == 1
    back = ok(client.post(f"/api/games/{game['id']}/undo", json=v(moved)))
    assert len(back["moves"]) == 2 and back["clock"]["running"] == 0
    # The increments earned stay; seat 0's clock runs again from the undo (as of the answer).
    assert 61_000 < back["clock"]["remaining_ms"][0] <= 62_000
    first = ok(client.post(f"/api/games/{game['id']}/undo", json=v(back)))
    assert len(first["moves"]) == 1 and first["clock"]["running"] is None  # b has not moved


def test_a_rematch_keeps_the_clock_settings_with_fresh_time(
    host: FlaskClient, friend: FlaskClient
) -> None:
    game = remote(host, friend, clock={"minutes": 3, "increment": 0})
    moved = play(host, game, 0)
    over = ok(friend.post(f"/api/games/{game['id']}/resign", json=v(moved)))
    url = f"/api/games/{game['id']}/rematch"
    offered = ok(host.post(url, json=v(over)))
    new = ok(friend.post(url, json={**v(offered), "action": "accept"}), 201)
    assert new["clock"]["remaining_ms"] == [180_000, 180_000] and new["clock"]["running"] is None
    assert new["flagged"] is None and new["hints_used"] == [0, 0]
