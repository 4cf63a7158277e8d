"""A game's move list and its JSON extended from the version before (issue 34 item 7): each
version's list and text equal what a fresh build of that version gives, byte for byte, and what
a new version changes (a takeback, a decision, another start) is never served from the old."""

from __future__ import annotations

import json
from typing import Any, cast

from flask import Flask
from flask.testing import FlaskClient

from app.games import view
from app.games.kept_views import MoveTexts, move_texts
from app.games.model import Game
from app.games.service import get_games
from app.games.spec import GameSpec
from app.games.view import move_list, shared_part
from app.web import api
from engine.core import SWAP
from engine.notation import pit_letter


def reference_moves(game: Game) -> list[dict[str, Any]]:
    """The move list built from nothing, as before it was extended (the rule it must equal)."""
    record = game.record
    decisions = game.data.get("decisions", {})
    notation = record.notation()
    out: list[dict[str, Any]] = []
    turn = 0
    for ply, rec in enumerate(record.records):
        if ply == 0 or record.records[ply - 1].player != rec.player:
            turn += 1
        out.append(
            {
                "ply": ply,
                "turn": turn,
                "player": rec.player,
                "pit": rec.pit,
                "letter": "" if rec.pit == SWAP else pit_letter(rec.player, rec.pit),
                "swap": rec.pit == SWAP,
                "notation": notation[ply],
                "record": rec.to_dict(),
                "board": list(record.states[ply + 1].board),
                "decision": decisions.get(str(ply)),
            }
        )
    return out


def game_of(game_id: str, version: int, data: dict[str, Any]) -> Game:
    return Game(game_id, version, data, GameSpec.of(data).replay(), float(version))


def kalah(moves: list[int], **more: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "variant": "kalah",
        "options": {"pits": 4, "seeds": 3},
        "first_player": 0,
        "moves": moves,
        "mode": "local",
        "seats": [{"kind": "human", "owner": None}, {"kind": "human", "owner": None}],
    }
    return data | more


def legal_line(length: int, options: dict[str, Any] | None = None) -> list[int]:
    """A line of legal moves of Kalah 4x3 (the first legal pit each time)."""
    data = kalah([], options=options or {"pits": 4, "seeds": 3})
    moves: list[int] = []
    for _ in range(length):
        state = GameSpec.of(data | {"moves": moves}).replay().state
        if state.is_over:
            break
        moves.append(list(state.legal_moves())[-1])
    return moves


def check_version(game: Game) -> list[Any]:
    """The version's list equals the reference; its entries are its own to share."""
    found = move_list(game)
    assert found == reference_moves(game)
    return cast(list[Any], found)


def test_each_version_extends_the_list_before_it_and_equals_a_fresh_build() -> None:
    line = legal_line(20)
    before: list[Any] = []
    for n in range(len(line) + 1):
        found = check_version(game_of("extend-1", n + 1, kalah(line[:n])))
        assert all(a is b for a, b in zip(found, before, strict=False))  # shared, not rebuilt
        before = found


def test_a_takeback_or_another_line_is_rebuilt_from_where_it_differs() -> None:
    line = legal_line(12)
    long = check_version(game_of("back-1", 1, kalah(line)))
    short = check_version(game_of("back-1", 2, kalah(line[:5])))  # a takeback: fewer moves
    assert all(a is b for a, b in zip(short, long[:5], strict=True))
    state = GameSpec.of(kalah(line[:5])).replay().state
    other = line[:5] + [p for p in state.legal_moves() if p != line[5]][:1]
    assert len(other) == 6  # another move after the takeback: entry 5 is new
    again = check_version(game_of("back-1", 3, kalah(other)))
    assert again[5] is not long[5] and again[5]["pit"] == other[5]
    assert all(a is b for a, b in zip(again[:5], long[:5], strict=True))


def test_a_decision_changed_or_added_is_not_served_from_the_list_before() -> None:
    line = legal_line(6)
    first = check_version(game_of("decide-1", 1, kalah(line)))
    decided = kalah(line, decisions={"2": {"move": line[2], "value": 1.5}})
    second = check_version(game_of("decide-1", 2, decided))
    assert second[2]["decision"] == {"move": line[2], "value": 1.5} and first[2]["decision"] is None
    assert second[1] is first[1] and second[2] is not first[2]
    changed = kalah(line, decisions={"2": {"move": line[2], "value": -3.0}})
    third = check_version(game_of("decide-1", 3, changed))
    assert third[2]["decision"] == {"move": line[2], "value": -3.0}


def test_the_same_id_with_another_start_is_rebuilt() -> None:
    line = legal_line(6)
    check_version(game_of("start-1", 1, kalah(line)))
    other_options = legal_line(6, {"pits": 4, "seeds": 4})
    found = check_version(
        game_of("start-1", 2, kalah(other_options, options={"pits": 4, "seeds": 4}))
    )
    assert found[0]["board"] != reference_moves(game_of("x", 1, kalah(line)))[0]["board"]
    second = check_version(game_of("start-1", 3, kalah(line[:3], first_player=1)))
    assert second[0]["player"] == 1


def test_the_move_texts_reuse_only_the_same_entries_and_encoder() -> None:
    kept = MoveTexts(count=2)
    dumps_calls: list[object] = []

    def dumps(value: object) -> str:
        dumps_calls.append(value)
        return json.dumps(value)

    a, b, c = ({"ply": i, "decision": {"move": i}} for i in range(3))
    assert kept.text("g", [a, b], False, "enc", dumps) == json.dumps([a, b])
    dumps_calls.clear()
    assert kept.text("g", [a, b, c], False, "enc", dumps) == json.dumps([a, b, c])
    assert dumps_calls == [c]  # a and b reused
    b2 = dict(b)  # an equal entry, another object: encoded anew
    dumps_calls.clear()
    assert kept.text("g", [a, b2], False, "enc", dumps) == json.dumps([a, b2])
    assert dumps_calls == [b2]
    hidden = [{**m, "decision": None} for m in (a, b2)]
    assert kept.text("g", [a, b2], True, "enc", dumps) == json.dumps(hidden)
    dumps_calls.clear()
    assert kept.text("g", [a, b2], False, "other encoder", dumps) == json.dumps([a, b2])
    assert dumps_calls[-2:] == [a, b2]
    for n in range(5):
        kept.text(f"more {n}", [a], False, "enc", dumps)
    assert len(kept) == 2


def played(app: Flask, host: FlaskClient, other: FlaskClient, moves: int) -> list[str]:
    """A game between two devices played ``moves`` moves, each version's answer checked: its
    shared text is the whole part as the app's encoder writes it, byte for byte, and its moves
    equal the reference."""
    made = host.post("/api/games", json={"mode": "remote", "options": {"pits": 4, "seeds": 3}})
    game = other.post(f"/api/games/{made.json['id']}/join", json={}).json  # type: ignore[index]
    texts = []
    for _ in range(moves):
        assert game is not None
        with app.test_request_context():
            stored = get_games().load(game["id"])
            text = api.shared_text(stored)
            assert text == app.json.dumps(shared_part(stored))
            assert json.loads(text)["moves"] == reference_moves(stored)
            texts.append(text)
        if game["status"] == "over":
            break
        mine = host.get(f"/api/games/{game['id']}").json
        assert mine is not None
        mover = host if mine["your_turn"] else other
        if mover is other:
            mine = other.get(f"/api/games/{game['id']}").json
            assert mine is not None and mine["your_turn"]
        answer = mover.post(
            f"/api/games/{game['id']}/moves",
            json={"pit": mine["legal_moves"][0], "version": mine["version"]},
        )
        assert answer.status_code == 200, answer.json
        game = answer.json
    return texts


def test_every_versions_text_is_the_whole_part_encoded(
    app: Flask, host: FlaskClient, other: FlaskClient
) -> None:
    texts = played(app, host, other, 14)
    assert len(texts) > 5 and len(set(texts)) == len(texts)
    assert len(move_texts) > 0 and len(view._latest_lists) > 0


def test_a_takeback_answers_the_shorter_list(
    app: Flask, host: FlaskClient, friend: FlaskClient
) -> None:
    made = host.post(
        "/api/games", json={"mode": "remote", "options": {"pits": 3, "seeds": 2}, "first": 0}
    )
    game = friend.post(f"/api/games/{made.json['id']}/join", json={}).json  # type: ignore[index]
    assert game is not None and game["your_turn"] is False
    gid = game["id"]
    game = host.post(f"/api/games/{gid}/moves", json={"pit": 0, "version": game["version"]}).json
    assert game is not None and len(game["moves"]) == 1
    url = f"/api/games/{gid}/takeback"
    asked = host.post(url, json={"version": game["version"]}).json
    assert asked is not None
    back = friend.post(url, json={"version": asked["version"], "action": "accept"}).json
    assert back is not None and back["moves"] == []
    for client in (host, friend):
        read = client.get(f"/api/games/{gid}").json
        assert read is not None and read["moves"] == []
    game = host.post(f"/api/games/{gid}/moves", json={"pit": 1, "version": back["version"]}).json
    assert game is not None and [m["pit"] for m in game["moves"]] == [1]
    with app.test_request_context():
        stored = get_games().load(gid)
        assert api.shared_text(stored) == app.json.dumps(shared_part(stored))
        assert game["moves"] == reference_moves(stored)


def test_the_move_texts_stay_within_their_count_and_bytes() -> None:
    kept = MoveTexts(count=3, most_bytes=4 * MoveTexts.ENTRY_BYTES)
    entries = [{"ply": i, "decision": None} for i in range(6)]
    for n in range(10):
        assert kept.text(n, entries[:2], False, "enc", json.dumps) == json.dumps(entries[:2])
        assert len(kept) <= 3 and kept.bytes <= kept.most_bytes
    assert len(kept) == 1  # two entries' worth each: one game's fits beside the cap
    big = kept.text("big", entries, False, "enc", json.dumps)  # larger than the cap alone
    assert big == json.dumps(entries) and kept.bytes <= kept.most_bytes
    assert kept.text("big", entries, False, "enc", json.dumps) == big  # not kept: made again
    kept.clear()
    assert len(kept) == 0 and kept.bytes == 0
    assert move_texts.count <= 512 and move_texts.most_bytes <= 32 * 1024 * 1024
