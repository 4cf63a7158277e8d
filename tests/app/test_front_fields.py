"""Fields the pages draw instead of deciding: a tournament's ``system_label`` (in its view and in
the list) and the analysis board's ``best_move`` (the pie rule's swap included)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from app.board.service import best_move
from app.tournaments.view import SYSTEM_LABELS
from engine import get_variant
from engine.core import SWAP


@pytest.mark.parametrize(
    ("system", "label"), [("round_robin", "Round robin"), ("swiss", "Swiss"), ("arena", "Arena")]
)
def test_a_tournament_says_its_system_in_words(
    client: FlaskClient, system: str, label: str
) -> None:
    made = client.post(
        "/api/tournaments", json={"name": "Words", "system": system, "variant": "kalah"}
    )
    assert made.status_code == 201, made.get_json()
    tid = made.get_json()["id"]
    assert made.get_json()["system_label"] == label
    assert client.get(f"/api/tournaments/{tid}").get_json()["system_label"] == label
    listed = client.get("/api/tournaments").get_json()["tournaments"]
    assert [t["system_label"] for t in listed if t["id"] == tid] == [label]


def test_the_new_tournament_form_offers_the_same_words(client: FlaskClient) -> None:
    page = client.get("/tournaments").get_data(as_text=True)
    for system, label in SYSTEM_LABELS.items():
        assert f'value="{system}"' in page and f">{label}</option>" in page
    assert '<option value="round_robin" selected>Round robin</option>' in page


def values(best: int, pits: dict[str, float], swap: float | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {"values": pits, "exact": {}, "best": best}
    if swap is not None:
        found["swap_value"] = swap
    return found


def test_the_best_move_is_the_best_pit_unless_the_swap_is_worth_more() -> None:
    assert best_move(values(2, {"0": -1, "2": 3})) == 2
    assert best_move(values(2, {"0": -1, "2": 3}, swap=3)) == 2  # a tie keeps the pit
    assert best_move(values(2, {"0": -1, "2": 3}, swap=4)) == SWAP
    assert best_move(values(0, {"0": -5}, swap=-6)) == 0


SMALL_PIE = {"variant": "kalah", "options": {"pits": 3, "seeds": 2, "pie": True}}


def test_the_board_names_the_best_move_with_its_values(client: FlaskClient) -> None:
    """After the opener's first turn with the pie rule: the answer's ``best_move`` is what its
    own values say (the swap where it beats every pit), and a plain position's best pit."""
    rules = get_variant("kalah", pits=3, seeds=2, pie=True)
    state = rules.initial_state(0)
    moves: list[int] = []
    while not state.can_swap:
        pit = state.legal_moves()[0]
        moves.append(pit)
        state = state.play(pit)
    got = client.post("/api/board", json={**SMALL_PIE, "moves": moves, "values": True})
    assert got.status_code == 200, got.get_json()
    answer = got.get_json()
    assert answer["can_swap"]
    found = answer["values"]
    assert "swap_value" in found
    pit_best = max(found["values"].values())
    expected = SWAP if found["swap_value"] > pit_best else found["best"]
    assert found["best_move"] == expected
    plain = client.post(
        "/api/board",
        json={"variant": "kalah", "options": {"pits": 3, "seeds": 2}, "values": True},
    ).get_json()["values"]
    assert plain["best_move"] == plain["best"]
    assert plain["values"][str(plain["best"])] == max(plain["values"].values())
