"""A hint, the values on the pits and the line under the board come from one search: the hint's
move is the best of its values, and the position's values (the pits) are the hint's own."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.app.test_api import assert_error, create, move, settle


def best_of(values: dict[str, float]) -> int:
    """The best pit of a position's values (the lowest of equals, as the board marks it)."""
    top = max(values.values())
    return min(int(m) for m, v in values.items() if v == top)


@pytest.mark.parametrize("variant,seed", [("kalah", 1), ("oware", 2)])
def test_the_hint_names_the_best_of_the_values_the_pits_show(
    client: FlaskClient, variant: str, seed: int
) -> None:
    rng = random.Random(seed)
    game = create(client, variant=variant, mode="local", hints=True)
    for _ in range(5):
        hint = client.post(f"/api/games/{game['id']}/hint", json={})
        assert hint.status_code == 200, hint.json
        found = hint.json
        assert found["move"] in game["legal_moves"] and found["player"] == game["to_move"]
        assert set(found["move_values"]) == {str(m) for m in game["legal_moves"]}
        assert found["move"] == best_of(found["move_values"])
        assert found["value"] == found["move_values"][str(found["move"])]
        # The pits' values (what the board asks for next): the same search, the same numbers.
        pits = client.post(f"/api/games/{game['id']}/analysis/position", json={}).json
        assert pits["values"] == found["move_values"] and pits["best"] == found["move"]
        assert pits["exact"] == found["exact_moves"]
        game = found["game"]  # on one screen a hint is counted: a new version
        played = move(client, game, rng.choice(game["legal_moves"]))
        assert played.status_code == 200, played.json
        game = played.json
        if game["status"] == "over":
            break


def test_the_first_kalah_hint_against_hard_agrees_with_the_pits(client: FlaskClient) -> None:
    """The report: Kalah, Hard, you start, 'h' on move 1 put the ring on F while the pits and
    the text said C."""
    game = create(client, variant="kalah", level="hard")
    hint = client.post(f"/api/games/{game['id']}/hint", json={}).json
    pits = client.post(f"/api/games/{game['id']}/analysis/position", json={}).json
    assert hint["move"] == pits["best"] == best_of(pits["values"])
    assert hint["move_values"] == pits["values"]


def test_a_hint_of_a_named_level_is_that_agents_move(client: FlaskClient) -> None:
    game = create(client, variant="kalah", mode="local", hints=True)
    found = client.post(f"/api/games/{game['id']}/hint", json={"level": "medium"}).json
    assert found["level"] == "medium" and found["move"] in game["legal_moves"]
    values = found["move_values"]
    assert values[str(found["move"])] == max(values.values())
    assert_error(
        client.post(f"/api/games/{game['id']}/hint", json={"level": "grandmaster"}),
        400,
        "'level' must be one of",
    )
    assert settle(client, game)["version"] == game["version"]


def test_a_hint_leaves_the_game_as_it_was(client: FlaskClient) -> None:
    game = create(client, variant="kalah", level="hard")
    client.post(f"/api/games/{game['id']}/hint", json={})
    again: dict[str, Any] = client.get(f"/api/games/{game['id']}").json
    assert again["version"] == game["version"] and again["board"] == game["board"]
