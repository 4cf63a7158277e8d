"""The API contract has one source: the views' TypedDicts. The OpenAPI document's answer
schemas are written from them (app.contract), the pages' JSDoc types from the document
(tools.api_types, committed as static/js/api-types.js), and every JSON answer the tests see is
checked against the document (tests/api_contract.py)."""

from __future__ import annotations

from typing import get_type_hints

import pytest
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator

from app.contract import document
from app.contract.schemas import schemas
from app.contract.shapes import OPEN, SHAPES
from app.games.view import GameView
from app.web.api import GameAnswer
from tests.api_contract import mismatch
from tools.api_types import OUT, render


def test_the_committed_js_types_are_what_the_document_writes() -> None:
    assert OUT.read_text(encoding="utf-8") == render(document()), "run python -m tools.api_types"


def test_the_game_schema_lists_every_field_the_view_sends(client: FlaskClient) -> None:
    game = client.post("/api/games", json={"mode": "local"}).get_json()
    served = client.get("/api/openapi.json").get_json()
    properties = served["components"]["schemas"]["GameAnswer"]["properties"]
    assert set(game) <= set(properties)
    for field in ("can_undo", "can_join", "mode", "you", "tournament", "ended_by"):
        assert field in properties, field
    assert set(properties) == set(get_type_hints(GameAnswer))
    assert served["components"]["schemas"]["GameAnswer"]["additionalProperties"] is False


def test_a_game_ends_in_one_word(client: FlaskClient) -> None:
    game = client.post("/api/games", json={"mode": "local"}).get_json()
    over = client.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]})
    assert over.get_json()["ended_by"] == "resignation"
    assert "end_kind" not in over.get_json()
    assert "end_kind" not in get_type_hints(GameView)


def test_every_schema_is_json_schema_and_every_shape_is_in_the_document() -> None:
    components = document()["components"]["schemas"]
    for name, schema in components.items():
        Draft202012Validator.check_schema(schema)
        assert "title" not in schema, name
    for shape in SHAPES + OPEN:
        assert shape.__name__ in components
    # two shapes of one name would be told apart by their modules' names (the JS types' too)
    assert not [name for name in components if "__" in name]
    assert schemas()["DecisionView"]["additionalProperties"] is True  # a search adds its own


def test_a_docstring_is_a_fields_description() -> None:
    seat = schemas()["SeatView"]["properties"]
    assert seat["open"]["description"] == "a human seat nobody has taken yet"


def test_the_check_finds_an_answer_unlike_the_document() -> None:
    game_path = "/api/games/abc"
    wrong = mismatch("GET", game_path, 200, {"id": "abc"})
    assert wrong is not None and "'version' is a required property" in wrong
    assert (
        mismatch("GET", game_path, 404, {"error": "Not Found", "message": "x", "status": 404})
        is None
    )
    wrong = mismatch("GET", game_path, 404, {"error": "Not Found"})
    assert wrong is not None and "required" in wrong
    assert mismatch("GET", game_path, 299, {}) is not None  # a status not listed
    assert (
        mismatch("GET", "/api/no-such", 404, {"error": "Not Found", "message": "x", "status": 404})
        is None
    )
    assert mismatch("GET", "/api/no-such", 200, {}) is not None
    extra = {"alive": True, "surprise": 1}
    assert "surprise" in (mismatch("GET", "/api/alive", 200, extra) or "")


def test_the_check_runs_on_the_test_clients_answers(client: FlaskClient) -> None:
    def alive() -> dict[str, object]:
        return {"alive": "yes"}

    client.application.view_functions["api.alive"] = alive
    with pytest.raises(pytest.fail.Exception, match="alive"):
        client.get("/api/alive")
