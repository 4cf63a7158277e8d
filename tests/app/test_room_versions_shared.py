"""What every reader of one version of a game sees alike of its ratings is read once per
process and shared (issue 34, the room at 64 players): the mover's answer and every long-poll
it wakes read the same version, so a rated game's ratings are read from the store once per
version, and again once the game moves on (a settlement is a version of its own)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.ratings.store import RatingTables


def rated_game(host: FlaskClient, guest: FlaskClient) -> dict[str, Any]:
    assert host.put("/api/me", json={"name": "Abena"}).status_code == 200
    assert guest.put("/api/me", json={"name": "Yaw"}).status_code == 200
    sent = {"mode": "remote", "rated": True, "first": 0}
    made = host.post("/api/games", json=sent)
    assert made.status_code == 201, made.get_data(as_text=True)
    joined = guest.post(f"/api/games/{made.json['id']}/join", json={})  # type: ignore[index]
    assert joined.status_code == 200, joined.get_data(as_text=True)
    return joined.json  # type: ignore[return-value]


def test_a_rated_games_ratings_are_read_once_per_version(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    host, guest, watcher = app.test_client(), app.test_client(), app.test_client()
    game = rated_game(host, guest)
    reads: list[str] = []
    real = RatingTables.changes_in

    def changes_in(self: RatingTables, game_id: str) -> Any:
        reads.append(game_id)
        return real(self, game_id)

    monkeypatch.setattr(RatingTables, "changes_in", changes_in)
    gid = game["id"]
    seen = [c.get(f"/api/games/{gid}").json for c in (host, guest, watcher) * 3]
    assert len(reads) <= 1, reads  # nine reads of one version: its ratings read at most once
    assert all(s["ratings"] == seen[0]["ratings"] for s in seen)  # type: ignore[index]
    assert [s["ratings"]["seats"][0]["before"] for s in seen[:1]] == [1500]  # type: ignore[index]
    mover = host if game["to_move"] == 0 else guest
    body = {"pit": game["legal_moves"][0], "version": game["version"]}
    moved = mover.post(f"/api/games/{gid}/moves", json=body)
    assert moved.status_code == 200, moved.get_data(as_text=True)
    before = len(reads)
    for c in (host, guest, watcher) * 2:
        assert c.get(f"/api/games/{gid}").json["ratings"]["pool"]  # type: ignore[index]
    assert len(reads) == before  # the move's answer read the new version's; the others share it
    assert before >= 1


def test_the_finished_tournament_games_are_one_list_while_no_tournament_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The lobby's source of finished tournament games answers the same list (the same
    objects) while the latest tournaments' versions stay, so the room groups them once."""
    from types import SimpleNamespace

    from app.tournaments import hooks as tournament_hooks

    versions = [("t1", 3)]
    loads: list[str] = []

    class Tournaments:
        def latest(self, limit: int) -> list[tuple[str, int]]:
            return list(versions)

        def load(self, tid: str) -> Any:
            loads.append(tid)
            return SimpleNamespace(id=tid, version=versions[0][1], data={})

    ended = [(1.0, {"id": "g1"}), (2.0, {"id": "g2"})]
    monkeypatch.setattr(tournament_hooks, "finished_games", lambda row: list(ended))
    source = tournament_hooks.FinishedSource(Tournaments)  # type: ignore[arg-type]
    first = source(50)
    assert [g["id"] for g in first] == ["g2", "g1"]
    assert source(50) is first and source(50) is first
    assert loads == ["t1"]
    versions[0] = ("t1", 4)  # the tournament moved on: read again, a new list
    again = source(50)
    assert again is not first and again == first and loads == ["t1", "t1"]
