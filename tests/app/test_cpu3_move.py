"""A move's CPU (issue 34 item 7): a move replays the game once (its load); the save's fact
columns and the answer are read from the state the move reached, and equal what a fresh replay
of the stored game gives."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

import app.games.spec as spec_module
from app.games import replay as replay_module
from app.games.kept_views import Kept
from app.store import get_store
from app.store.sql import FACTS
from engine.record import GameRecord
from tests.app.test_game_reads import steady


def counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The replays made from now on, counted (one entry per call of a stored game's replay)."""
    calls: list[int] = []
    real: Callable[..., Any] = replay_module.replay

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(spec_module, "replay", counted)
    return calls


def stored_facts(app: Flask, game_id: str) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The game's fact columns as stored, and as a fresh describe of its stored JSON gives."""
    with app.app_context():
        store: Any = get_store()
        query = f"SELECT data, {', '.join(FACTS)} FROM games WHERE id = :game"
        row = store.run(lambda db: store.execute(db, query, game=game_id).fetchone())
        replay_module._remembered.clear()  # a describe that really replays
        return tuple(row[1:]), store.facts_of(row[0])


def fresh_read(client: FlaskClient, game_id: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The game's answer built afresh: no remembered replay, no kept shared part."""
    replay_module._remembered.clear()
    with monkeypatch.context() as m:
        m.setattr(Kept, "get", lambda self, key: None)
        answer = client.get(f"/api/games/{game_id}")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return json.loads(answer.get_data(as_text=True))


def play_out(
    app: Flask,
    host: FlaskClient,
    other: FlaskClient,
    monkeypatch: pytest.MonkeyPatch,
    body: dict[str, Any],
) -> int:
    """Play a game between two devices to its end, checking each move: one replay, facts equal
    to a fresh describe, the answer equal to a fresh read.  The number of moves played."""
    made = host.post("/api/games", json=body)
    assert made.status_code == 201, made.json
    game_id = made.json["id"]  # type: ignore[index]
    joined = other.post(f"/api/games/{game_id}/join", json={})
    assert joined.status_code == 200, joined.json
    game: Any = joined.json
    played = 0
    while game["status"] != "over" and played < 200:
        reads = {c: fresh_read(c, game_id, monkeypatch) for c in (host, other)}
        mover = host if reads[host]["your_turn"] else other
        mine = reads[mover]
        calls = counting(monkeypatch)
        answer = mover.post(
            f"/api/games/{game_id}/moves",
            json={"pit": mine["legal_moves"][-1], "version": mine["version"]},
        )
        monkeypatch.undo()
        assert answer.status_code == 200, answer.json
        assert len(calls) == 1, f"move {played + 1}: {len(calls)} replays"
        game = answer.json
        stored, described = stored_facts(app, game_id)
        assert stored == described, played
        assert steady(game) == steady(fresh_read(mover, game_id, monkeypatch)), played
        played += 1
    assert game["status"] == "over"
    return played


def test_a_move_replays_once_and_its_facts_and_answer_are_a_fresh_replays(
    app: Flask, host: FlaskClient, other: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = {"mode": "remote", "variant": "kalah", "options": {"pits": 3, "seeds": 2}}
    assert play_out(app, host, other, monkeypatch, body) > 3


def test_a_game_from_a_position_moves_the_same(
    app: Flask, host: FlaskClient, other: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = {
        "mode": "remote",
        "variant": "kalah",
        "options": {"pits": 3, "seeds": 2},
        "position": {"board": [1, 0, 2, 3, 1, 1, 0, 4], "to_move": 1},
    }
    assert play_out(app, host, other, monkeypatch, body) >= 1


def test_the_moved_record_is_remembered_as_a_replay_of_its_moves(
    host: FlaskClient, other: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = host.post("/api/games", json={"mode": "remote", "variant": "kalah"})
    game_id = made.json["id"]  # type: ignore[index]
    other.post(f"/api/games/{game_id}/join", json={})
    game: Any = host.get(f"/api/games/{game_id}").json
    mover = host if game["your_turn"] else other
    mine: Any = mover.get(f"/api/games/{game_id}").json
    pit = mine["legal_moves"][0]
    replay_module._remembered.clear()
    answer = mover.post(
        f"/api/games/{game_id}/moves", json={"pit": pit, "version": mine["version"]}
    )
    assert answer.status_code == 200, answer.json
    moved = [k for k in replay_module._remembered if k[3] == (pit,)]
    assert len(moved) == 1
    kept = replay_module._remembered[moved[0]]
    fresh = GameRecord(kept.rules, kept.first_player, [pit])
    assert kept.moves == fresh.moves == [pit]
    assert [s.board for s in kept.states] == [s.board for s in fresh.states]
    assert [s.to_move for s in kept.states] == [s.to_move for s in fresh.states]
    calls = counting(monkeypatch)
    again = mover.get(f"/api/games/{game_id}")
    assert again.status_code == 200 and len(calls) == 1  # its read: the remembered record
    assert len(replay_module._remembered) == 2  # the load's and the move's, nothing new
