"""The analysis board: POST /api/board, the /analysis page, and games started from a position."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from app.games.replay import replay
from engine import get_variant
from tests.app.test_api import assert_error, create, settle

SMALL = {"variant": "kalah", "options": {"pits": 3, "seeds": 2}}
BOARD = [1, 0, 2, 3, 2, 1, 2, 1]


def ask(client: FlaskClient, **sent: Any) -> Any:
    return client.post("/api/board", json={**SMALL, "board": BOARD, "to_move": 1, **sent})


def test_the_board_answers_moves_and_paths(client: FlaskClient) -> None:
    found = ask(client)
    assert found.status_code == 200, found.json
    got = found.json
    state = get_variant("kalah", pits=3, seeds=2).position(BOARD, 1)
    assert got["legal_moves"] == [0, 1, 2] and got["to_move"] == 1 and got["board"] == BOARD
    for pit in state.legal_moves():
        after, rec = state.play_record(pit)
        entry = got["after"][str(pit)]
        assert entry["board"] == list(after.board) and entry["to_move"] == after.to_move
        assert entry["record"]["sown"] == rec.sown
    assert "values" not in got


def test_moves_played_from_the_position_replay_and_values_come_on_request(
    client: FlaskClient,
) -> None:
    got = ask(client, moves=[2], values=True).json
    state = get_variant("kalah", pits=3, seeds=2).position(BOARD, 1).play(2)
    assert got["board"] == list(state.board) and got["moves"] == [2]
    assert got["played"][0]["notation"] and got["start"] == {"board": BOARD, "to_move": 1}
    values = got["values"]
    assert set(values["values"]) == {str(m) for m in state.legal_moves()}
    assert all(values["exact"].values())  # 12 seeds: solved
    assert_error(ask(client, moves=[1, 1, 1, 1, 1, 1]), 400, "bad move")


def test_a_bad_position_is_a_400_saying_what_is_wrong(client: FlaskClient) -> None:
    cases = [
        ({"board": BOARD[:-1]}, "8 entries, not 7"),
        ({"board": [*BOARD[:-1], 2]}, "13 seeds, not 12"),
        ({"board": [-1, 2, *BOARD[2:]]}, ">= 0"),
        ({"board": "1,0,2"}, "'board' must be a list"),
        ({"to_move": 3}, "0 or 1"),
        ({"board": [0, 0, 0, 9, 2, 1, 0, 0]}, "game is over"),
        ({"variant": "nope"}, "unknown variant"),
        ({"values": "yes"}, "'values'"),
        ({"moves": "2"}, "'moves'"),
        ({"colour": 1}, "unknown field"),
        (
            {"variant": "toguz_kumalak", "options": {}, "board": [9] * 9 + [0] + [9] * 9 + [0]},
            "tuzdyk",
        ),
    ]
    for case, words in cases:
        sent = {"extra": [12, -1], **case} if "toguz" in str(case) else case
        assert_error(ask(client, **sent), 400, words)


def test_the_analysis_page_renders(client: FlaskClient) -> None:
    page = client.get("/analysis?variant=kalah&board=4,4&to_move=0")
    assert page.status_code == 200
    assert b"analysis-board.js" in page.data and b"<script>" not in page.data


def test_a_game_from_a_position_starts_there_and_the_computer_plays_on(
    client: FlaskClient,
) -> None:
    position = {"board": BOARD, "to_move": 1}
    game = create(client, **SMALL, position=position, level="beginner")
    game = settle(client, game)
    assert game["initial_board"] == BOARD and game["first_player"] == 1
    assert len(game["moves"]) >= 1 and game["moves"][0]["player"] == 1  # the computer's seat
    row = client.get(f"/api/games/{game['id']}").json
    assert row["board"] == game["board"]
    again = replay("kalah", SMALL["options"], 1, [m["pit"] for m in game["moves"]], position)
    assert list(again.state.board) == game["board"]
    for bad, words in (
        ({"board": BOARD, "to_move": 5}, "0 or 1"),
        ({"board": BOARD}, "'to_move'"),
        ([1, 2], "'position' must be an object"),
        ({"board": [*BOARD[:-1], 5], "to_move": 0}, "seeds"),
    ):
        response = client.post("/api/games", json={**SMALL, "position": bad})
        assert_error(response, 400, words)
    both = client.post("/api/games", json={**SMALL, "position": position, "first": "me"})
    assert_error(both, 400, "neither")


def test_a_game_from_a_position_exports_a_record_that_imports_from_there(
    client: FlaskClient,
) -> None:
    game = create(client, **SMALL, mode="local", position={"board": BOARD, "to_move": 1})
    assert game["start"] == {"board": BOARD, "to_move": 1}
    version = game["version"]
    for pit in (2, 0):
        answer = client.post(
            f"/api/games/{game['id']}/moves", json={"pit": pit, "version": version}
        )
        assert answer.status_code == 200, answer.json
        version = answer.json["version"]
    exported = client.get(f"/api/games/{game['id']}/record").json
    assert exported["start"] == {"board": BOARD, "to_move": 1} and exported["moves"] == [2, 0]
    copy = create(client, mode="local", record=exported)
    assert copy["board"] == answer.json["board"] and copy["start"] == exported["start"]
    opened = client.post("/api/board", json={"record": exported}).json
    assert opened["start"] == exported["start"] and opened["board"] == copy["board"]
    bad = {**exported, "start": {"board": BOARD, "to_move": 7}}
    assert_error(client.post("/api/games", json={"mode": "local", "record": bad}), 400, "0 or 1")


def test_against_the_computer_from_a_position_you_may_take_the_second_seat(
    client: FlaskClient,
) -> None:
    position = {"board": BOARD, "to_move": 0, "seat": 1}
    game = settle(client, create(client, **SMALL, position=position))
    assert [s["kind"] for s in game["seats"]] == ["computer", "human"] and game["you"] == [1]
    assert game["moves"] and game["moves"][0]["player"] == 0  # the computer moved first
    assert game["start"] == {"board": BOARD, "to_move": 0}
    for bad, words in (({**position, "seat": 2}, "0 or 1"), ({**position, "seat": True}, "0 or 1")):
        assert_error(client.post("/api/games", json={**SMALL, "position": bad}), 400, words)
    local = client.post("/api/games", json={**SMALL, "mode": "local", "position": position})
    assert_error(local, 400, "against the computer")


def test_the_start_of_kalah_gets_the_same_values_on_every_load(client: FlaskClient) -> None:
    """The report: the analysis board's start position read C +3.0 / +5.0 / +4.5 on three
    loads.  Each load is a search of the same size: the same values, busy machine or not."""
    from tests.app.test_analysis_size import cpu_burner, without_time

    def load() -> dict[str, Any]:
        found = client.post("/api/board", json={"variant": "kalah", "values": True})
        assert found.status_code == 200, found.json
        return without_time(found.json["values"])

    first = load()
    assert load() == first
    with cpu_burner():
        assert load() == first
