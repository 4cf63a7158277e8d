"""The request side of the API contract: the document's request bodies, queries and path
parameters are written from the TypedDicts beside the parsers (app/*/asks.py), and each write's
parser holds to its shape: an example made from the schema is accepted, each required field left
out is refused with a 4xx naming it, and a field a closed body does not know is refused naming
it. Every route of the app is in the document with its methods, and nothing else is."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from functools import cache
from typing import Any, get_type_hints

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.contract import document as whole_document
from app.contract.schemas import asks, schemas
from app.contract.shapes import ASKS, CLOSED
from app.games.asks import NewGame
from app.games.params import CREATE_FIELDS
from app.i18n.api_doc import i18n_paths
from app.players.asks import PlayerFilters
from app.web.openapi import QUERY_KEY, spec

WRITES = ("post", "put", "patch", "delete")
REFUSED = (400, 415, 422)  # a body or field the parser does not take
NUMBERS = itertools.count(1)  # each world's player name its own (names are unique)
# The document, copied once for these tests, which only read it: app.contract.document copies
# all of it on each call, and the parameters below read it per path and per $ref (4 s a process
# collecting the tests).
document = cache(whole_document)


def _resolved(schema: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    if ref is None:
        return schema
    return _resolved(document()["components"]["schemas"][ref.rsplit("/", 1)[-1]])


def body_schema(path: str, method: str) -> dict[str, Any] | None:
    """The operation's JSON body schema (its first alternative where there are several)."""
    operation = document()["paths"][path][method]
    content = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if content is None:
        return None
    schema = _resolved(content["schema"])
    alternatives = schema.get("oneOf") or schema.get("anyOf")
    return _resolved(alternatives[0]) if alternatives else schema


def example(schema: dict[str, Any]) -> Any:
    """A value the schema allows: its const, its first choice, its least number."""
    schema = _resolved(schema)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][0]
    if "anyOf" in schema:
        return example(schema["anyOf"][0])
    kind = schema.get("type")
    if kind == "integer":
        return schema.get("minimum", 0)
    if kind == "number":
        return schema.get("minimum", 1)
    if kind == "boolean":
        return True
    if kind == "string":
        return "x" * max(1, schema.get("minLength", 1))
    if kind == "array":
        return [example(schema.get("items", {})) for _ in range(schema.get("minItems", 0))]
    return {}


# -- a world each write can be asked in --------------------------------------------------------


class World:
    """Two devices in the lobby (``me`` asks, ``other`` makes what ``me`` answers), and the
    values of this moment's fields a schema cannot know (a game's version, a legal pit)."""

    def __init__(self, app: Flask) -> None:
        self.me = app.test_client()
        self.other = app.test_client()
        for client in (self.me, self.other):
            for _ in range(2):  # a cookie, then in the room
                assert client.post("/api/lobby/here").status_code == 200
        self.name = f"Contract tester {next(NUMBERS)}"
        named = self.me.put("/api/me", json={"name": self.name})
        assert named.status_code == 200, named.json  # a tournament's player has a name
        self.game: dict[str, Any] = {}
        self.legal: list[int] = []  # the last game's or puzzle's legal pits
        self.player = ""  # the last tournament's player (me)

    def tag(self, client: FlaskClient) -> str:
        return str(client.get("/api/lobby").json["you"]["tag"])  # type: ignore[index]

    def fresh_game(self) -> str:
        return self.new_game(self.me, "local")

    def open_game(self) -> str:
        return self.new_game(self.other, "remote")

    def new_game(self, client: FlaskClient, mode: str) -> str:
        made = client.post("/api/games", json={"mode": mode})
        assert made.status_code == 201, made.json
        self.game = made.json  # type: ignore[assignment]
        self.legal = self.game["legal_moves"]
        return str(self.game["id"])

    def seek(self) -> str:
        made = self.other.post("/api/lobby/seeks", json={})
        assert made.status_code == 201, made.json
        return str(made.json["id"])  # type: ignore[index]

    def challenge(self) -> str:
        made = self.other.post("/api/lobby/challenges", json={"to": self.tag(self.me)})
        assert made.status_code == 201, made.json
        return str(made.json["id"])  # type: ignore[index]

    def tournament(self) -> str:
        made = self.me.post("/api/tournaments", json={"name": "Contract", "you": self.name})
        assert made.status_code == 201, made.json
        self.player = made.json["players"][0]["id"]  # type: ignore[index]
        return str(made.json["id"])  # type: ignore[index]

    def puzzle(self) -> str:
        found: dict[str, Any] = self.me.get("/api/puzzles/next").json  # type: ignore[assignment]
        self.legal = found["legal_moves"]
        return str(found["id"])

    def fields(self) -> dict[str, Any]:
        """This moment's values of the fields a schema cannot know."""
        return {
            "version": self.game.get("version", 1),
            "pit": (self.legal or [0])[0],
            "name": self.name,
            "player": self.player,
            "to": self.tag(self.other),
            "text": "Thanks",
            "a": "random",
            "b": "greedy",
            "games": 2,
            "game": 0,
        }

    def path(self, path: str, method: str) -> str:
        """``path`` with its parameters naming things that exist for ``me``."""
        makers: dict[str, Callable[[], str]] = {
            "game_id": self.open_game if path.endswith("/join") else self.fresh_game,
            "seek_id": self.challenge if "/challenges/" in path else self.seek,
            "tournament_id": self.tournament,
            "puzzle_id": self.puzzle,
            "variant": lambda: "kalah",
            "step": lambda: "capture",
            "name": lambda: "nobody-here",
        }
        return re.sub(r"\{(\w+)\}", lambda m: makers[m.group(1)](), path)


def writes() -> list[tuple[str, str]]:
    """Every write the document gives a JSON body."""
    return [
        (path, method)
        for path, item in document()["paths"].items()
        for method in WRITES
        if method in item and body_schema(path, method) is not None
    ]


def minimal(schema: dict[str, Any], known: dict[str, Any]) -> dict[str, Any]:
    """The required fields only: this moment's value where the world knows it, else an
    example from the schema."""
    properties = schema.get("properties", {})
    return {
        field: known[field] if field in known else example(properties[field])
        for field in schema.get("required", [])
    }


def ask(world: World, path: str, method: str, body: Callable[[dict[str, Any]], Any]) -> Any:
    """``me``'s request: the path's things made first, then the body from this moment's
    fields (the version of the game just made)."""
    url = world.path(path, method)
    return getattr(world.me, method)(url, json=body(world.fields()))


@pytest.mark.parametrize(("path", "method"), writes())
def test_an_example_from_the_schema_is_accepted(app: Flask, path: str, method: str) -> None:
    world = World(app)
    schema = body_schema(path, method)
    assert schema is not None
    answer = ask(world, path, method, lambda known: minimal(schema, known))
    assert answer.status_code not in REFUSED, (path, answer.json)


@pytest.mark.parametrize(("path", "method"), writes())
def test_each_required_field_left_out_is_refused_naming_it(
    app: Flask, path: str, method: str
) -> None:
    schema = body_schema(path, method)
    assert schema is not None
    for field in schema.get("required", []):
        world = World(app)

        def without(known: dict[str, Any], field: str = field) -> dict[str, Any]:
            return {k: v for k, v in minimal(schema, known).items() if k != field}

        answer = ask(world, path, method, without)
        assert 400 <= answer.status_code < 500, (path, field, answer.status_code)
        assert field in answer.json["message"], (path, field, answer.json)


@pytest.mark.parametrize(("path", "method"), writes())
def test_a_closed_body_refuses_a_field_it_does_not_know(app: Flask, path: str, method: str) -> None:
    schema = body_schema(path, method)
    assert schema is not None
    if schema.get("additionalProperties") is not False or not schema.get("properties"):
        return  # its parser passes over other fields (or takes none: no_fields says so)
    world = World(app)
    answer = ask(world, path, method, lambda known: {**minimal(schema, known), "surplus_field": 1})
    assert answer.status_code == 400, (path, answer.json)
    said = answer.json["message"]  # the field it does not know, or the fields it takes
    assert "surplus_field" in said or all(f in said for f in schema["properties"]), said


# -- the document: every route, and each parameter from one source ------------------------------


def test_every_route_of_the_app_is_described_with_its_methods_and_nothing_else(
    app: Flask,
) -> None:
    described = {
        (path, method.upper())
        for path, item in document()["paths"].items()
        for method in item
        if method != "parameters"
    }
    served = set()
    for rule in app.url_map.iter_rules():
        if not (rule.rule.startswith("/api/") or rule.rule == "/health"):
            continue  # pages and static files
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)  # <path:name> -> {name}
        served |= {(path, method) for method in (rule.methods or set()) - {"HEAD", "OPTIONS"}}
    assert served == described, (served - described, described - served)


def test_the_paths_name_their_request_shapes_and_write_none() -> None:
    own = {p: item for p, item in spec()["paths"].items() if p not in i18n_paths()}
    for path, item in own.items():
        assert "parameters" not in item, path  # a path's parameters: from its {name}s
        for method, operation in item.items():
            assert "parameters" not in operation, (path, method)  # a query: its x-query shape
            body = operation.get("requestBody")
            if body is None:
                continue
            schema = body["content"]["application/json"]["schema"]
            named = schema.get("oneOf", [schema])
            for ref in named:
                assert set(ref) == {"$ref"}, (path, method)
                assert ref["$ref"].rsplit("/", 1)[-1] in asks(), (path, method)


def test_path_and_query_parameters_are_written_from_the_path_and_the_shapes() -> None:
    paths = document()["paths"]
    for path, item in paths.items():
        assert [p["name"] for p in item.get("parameters", [])] == re.findall(r"\{(\w+)\}", path)
        for operation in item.values():
            assert isinstance(operation, list) or QUERY_KEY not in operation, path
    player = paths["/api/players/{name}"]["get"]["parameters"]
    assert [p["name"] for p in player] == list(get_type_hints(PlayerFilters))
    result = next(p for p in player if p["name"] == "result")
    assert result["schema"]["enum"] == ["win", "loss", "draw"] and not result["required"]
    poll = paths["/api/games/{game_id}"]["get"]["parameters"]
    assert poll[0]["name"] == "since" and poll[0]["schema"]["type"] == "integer"
    assert "429" in paths["/api/games/{game_id}"]["get"]["responses"]  # a long-poll's cap


def test_request_shapes_are_components_of_their_own_names() -> None:
    assert not set(asks()) & set(schemas()), "an ask and an answer of one name"
    components = document()["components"]["schemas"]
    for shape in ASKS:
        assert shape.__name__ in components
    for shape in CLOSED:
        assert components[shape.__name__]["additionalProperties"] is False, shape.__name__
    assert components["NewGame"]["properties"]["names"]["maxItems"] == 2
    challenge = document()["paths"]["/api/lobby/challenges"]["post"]["requestBody"]
    assert challenge["content"]["application/json"]["schema"]["required"] == ["to"]
    assert set(CREATE_FIELDS) | {"seat_token"} == set(get_type_hints(NewGame))


def reads_with_queries() -> list[tuple[str, dict[str, Any]]]:
    """Every read's query parameters, each with its path."""
    return [
        (path, parameter)
        for path, item in document()["paths"].items()
        for parameter in item.get("get", {}).get("parameters", [])
        if parameter["in"] == "query" and parameter["name"] not in BY_THE_DATA
    ]


BY_THE_DATA = {"pool"}  # a pool is named once a rated game is played in it (else a 400 says so)


@pytest.mark.parametrize(
    ("path", "parameter"),
    reads_with_queries(),
    ids=lambda x: x if isinstance(x, str) else x["name"],
)
def test_each_query_parameter_takes_its_schemas_values(
    app: Flask, path: str, parameter: dict[str, Any]
) -> None:
    world = World(app)
    url = world.path(path, "get")
    name, schema = parameter["name"], parameter["schema"]
    values = schema.get("enum") or [example(schema)]
    for value in values:
        answer = world.me.get(url, query_string={name: value})
        assert answer.status_code not in REFUSED, (path, name, value, answer.json)
    if schema.get("type") == "integer":  # not a number: refused, naming it
        answer = world.me.get(url, query_string={name: "many"})
        said: dict[str, Any] = answer.json or {}
        assert answer.status_code == 400 and name in said.get("message", ""), said
