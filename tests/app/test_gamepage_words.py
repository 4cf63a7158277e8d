"""The words of a game's end as the server writes them: one seed is "1 seed" (issue 33, item
15: "the 1 seeds left")."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

# Kalah 4x3 (seeded random play): the last move leaves exactly one seed on the rows.
ONE_LEFT = [3, 3, 1, 2, 2, 0, 1, 3, 3, 2]


def finished(client: FlaskClient, **options: Any) -> dict[str, Any]:
    record = {
        "variant": "kalah",
        "options": {"pits": 4, "seeds": 3, **options},
        "first_player": 0,
        "moves": ONE_LEFT,
    }
    response = client.post("/api/games", json={"mode": "local", "record": record})
    assert response.status_code == 201, response.get_data(as_text=True)
    game: dict[str, Any] = response.json  # type: ignore[assignment]
    assert game["status"] == "over"
    return game


def test_one_seed_left_for_nobody_is_one_seed(client: FlaskClient) -> None:
    result = finished(client, leftovers="none")["result"]
    assert sum(result["scores"]) == 4 * 3 * 2 - 1
    assert result["detail"] == "The 1 seed left on the rows counts for nobody."


def test_one_seed_banked_is_one_seed(client: FlaskClient) -> None:
    result = finished(client)["result"]
    assert sum(result["banked"]) == 1
    detail = result["detail"]
    assert "the 1 seed left on the rows was counted for its row's owner (" in detail, detail
