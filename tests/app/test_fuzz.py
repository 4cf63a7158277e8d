"""Fuzzing every route of the OpenAPI description with Hypothesis.

For each path and method of :func:`app.web.openapi.spec` (a new endpoint is fuzzed without a change
here), requests are drawn with junk bodies (any JSON value; objects with the endpoint's own field
names holding wrong types, huge numbers, NaN-like strings, nested junk; bytes that are not JSON;
wrong content types), junk query strings and junk game ids, from a seat holder, the opponent, a
stranger or a bot, with and without cross-site headers, against real games in several states.

The rules checked on every answer: never a 5xx (a 503 only if it says the computer is busy);
every 4xx in the one error shape; a cross-site write is a 403 and a non-JSON write body a 415;
and after any refused request every game that could not have changed by itself (no computer to
move) is stored exactly as before.

Record imports (the largest parser behind the API) are fuzzed on their own as well.  Structural
choices (which game, who asks, which headers, what kind of body) come from a seeded ``Random``
drawn by Hypothesis, so their mix stays as weighted; values come from Hypothesis' strategies.
Run it alone with ``python -m pytest tests/test_fuzz.py`` (about 15 s).
"""

from __future__ import annotations

import json
import random
import re
import time
from functools import cache
from types import SimpleNamespace
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from app.contract import document
from app.games import Game
from engine import get_variant, variant_names
from engine.record import GameRecord
from engine.solver.rules import deep_enough

# The whole document, request shapes included, copied once: app.contract.document copies all
# of it on each call, and each example's body read it (7 of a route's 8.6 s of examples).
spec = cache(document)
METHODS = ("get", "post", "patch", "put", "delete")
# The pure solver raises Python's recursion limit when it first runs (a board's values may
# start it); raised here, before hypothesis runs a test: it fails one that changes the limit.
deep_enough()
UNSAFE = {"POST", "PATCH", "PUT", "DELETE"}
EXAMPLES = 50  # per route with a game id or a body, plus 8 per field of its body
SLOW_LEVELS = {
    "expert",
    "master",
    "perfect",
}  # not drawn: their background searches would slow the run


def spec_routes() -> list[tuple[str, str]]:
    """Every (METHOD, path) the OpenAPI description has, in its order."""
    return [
        (method.upper(), path)
        for path, item in spec()["paths"].items()
        for method in METHODS
        if method in item
    ]


ROUTES = spec_routes()


def resolve(schema: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    if ref is None:
        return schema
    found: Any = spec()
    for part in ref.removeprefix("#/").split("/"):
        found = found[part]
    return resolve(found)


def fields(method: str, path: str) -> dict[str, dict[str, Any]]:
    """The endpoint's body fields with their schemas, from the spec."""
    operation = spec()["paths"][path][method.lower()]
    schema = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    properties = resolve(schema.get("schema", {})).get("properties", {})
    return {name: resolve(prop) for name, prop in properties.items()}


def plausible(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values a field's schema allows (levels: the fast ones only), to get past its check."""
    enum = schema.get("enum")
    if enum:
        return st.sampled_from([v for v in enum if v not in SLOW_LEVELS] or enum)
    kind = schema.get("type")
    if kind == "array":
        return st.lists(plausible(resolve(schema.get("items", {}))), min_size=2, max_size=2)
    if kind == "integer":
        return st.integers(0, 7)
    if kind == "number":
        return st.floats(0, 5)
    if kind == "boolean":
        return st.booleans()
    if kind == "string":
        return st.text(max_size=12)
    options = st.dictionaries(
        st.sampled_from(["pits", "seeds", "x"]), st.integers(0, 8), max_size=2
    )
    return st.one_of(st.just({}), options)


# -- what is drawn --------------------------------------------------------------------------------

NASTY_STRINGS = [
    "",
    " ",
    "NaN",
    "nan",
    "Infinity",
    "-Infinity",
    "1e999",
    "-0",
    "0x10",
    "١٢",  # Arabic-Indic digits: int() reads them
    "\x00",
    "\ud7ff\uffff",
    "null",
    "true",
    "{}",
    "[]",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "kalah:",
    "kalah first=1: A1",
    "kalah pits=99999999: ",
    "oware first=2:",
    "nosuchvariant:",
    ":",
    "   :  ",
]
NASTY_NUMBERS = [0, -1, 1, 2, 5, 6, 13, 2**31, 2**63, -(2**63) - 1, 10**30, 1.5, -0.0, 1e308]
huge_digits = st.integers(4300, 6000).map(lambda n: "9" * n)  # over int()'s digit limit
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**200), max_value=2**200),
    st.sampled_from(NASTY_NUMBERS),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.sampled_from(NASTY_STRINGS),
    huge_digits,
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=20,
)
record_lines = st.builds(  # the one-line text form of a record, with junk in its parts
    "{} {}: {}".format,
    st.sampled_from([*variant_names(), "nope", "KALAH"]),
    st.lists(
        st.builds(
            "{}={}".format,
            st.sampled_from(["pits", "seeds", "first", "capture", "end", "x"]),
            st.one_of(
                st.integers(-3, 12).map(str),
                st.sampled_from(["true", "false", "nan", "", "1.5", "٣"]),
                st.text(max_size=5),
                huge_digits,
            ),
        ),
        max_size=3,
    ).map(" ".join),
    st.lists(
        st.one_of(
            st.sampled_from(["A1", "C4+", "d7x3", "F1", "a4", "1-2", "0-0"]), st.text(max_size=4)
        ),
        max_size=6,
    ).map(" ".join),
)
records = st.fixed_dictionaries(
    {},
    optional={
        "variant": st.one_of(st.sampled_from(["kalah", "oware", "nope"]), json_values),
        "options": st.one_of(st.dictionaries(st.sampled_from(["pits", "seeds"]), scalars), scalars),
        "first_player": scalars,
        "moves": st.one_of(st.lists(st.one_of(st.integers(-2, 8), scalars), max_size=8), scalars),
        "result": json_values,
    },
)
JSON_TYPES = ["application/json", "application/json; charset=utf-8", "application/problem+json"]
OTHER_TYPES = [
    "text/plain",
    "text/plain; charset=utf-8",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/octet-stream",
    "",
]
RAW_BODIES = [
    b'{"pit": NaN, "version": Infinity}',
    b'{"pit": 1, "version": ' + b"9" * 5000 + b"}",
    b'{"version": 1, "version": "1"}',
    b"\xef\xbb\xbf{}",  # a UTF-8 byte order mark
    b"\xff\xfe{\x00}\x00",
    b'{"pit": 1',
    b"[" * 50 + b"]" * 50,
    b"[" * 100_000 + b"]" * 100_000,  # deeper than the JSON parser's recursion
    b'{"a":' * 50 + b"1" + b"}" * 50,
    b"null",
    b"[]",
    b'"text"',
    b"1",
    b"pit=1&version=1",
]
JUNK_IDS = [
    "x" * 5000,
    "é" * 1000,
    "\x00",
    "%",
    "..",
    "a/b",
    "' OR '1'='1",
    "<script>",
    "🂡",
    "ﬀ",
    "null",
]
CROSS_SITE = [{"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
              {"Origin": "http://evil.example"}, {"Origin": "null"}]  # fmt: skip
SAME_SITE = [{}, {}, {}, {"Sec-Fetch-Site": "same-origin"}, {"Origin": "http://localhost"},
             {"Sec-Fetch-Site": "none"}, {"Accept": "text/html"}]  # fmt: skip
ids_text = st.text(
    alphabet=st.characters(exclude_categories=("Cs",)), min_size=1, max_size=40
).filter(lambda s: s.strip("/."))


def allowed(name: str, schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """A value of the field's type (a record: one with junk in its parts)."""
    if name == "record":
        return st.one_of(records, record_lines, records.map(json.dumps))
    return plausible(schema)


def body_for(
    data: st.DataObject, rnd: random.Random, method: str, path: str, version: int
) -> tuple[bytes, str]:
    """A request body and its content type.

    Mostly an object of one of the endpoint's fields (a few others come along with values of
    their types, so that this one is looked at) holding a value of its type or junk; else any
    JSON value, bytes, or nothing.
    """
    spec_fields = fields(method, path)
    names = list(spec_fields) or ["version", "pit", "action", "level"]  # for a body-less one
    kind = rnd.choices(["fields", "json", "raw", "none"], weights=[10, 1, 2, 1])[0]
    content_type = rnd.choice(JSON_TYPES if rnd.random() < 0.85 else OTHER_TYPES)
    if kind == "none":
        return b"", rnd.choice(["", "application/json", "text/plain"])
    if kind == "raw":
        raw = data.draw(st.one_of(st.sampled_from(RAW_BODIES), st.binary(max_size=60)))
        return raw, content_type
    if kind == "json":
        return json.dumps(data.draw(json_values), allow_nan=True).encode(), content_type
    focus = rnd.choice(names)  # the field this body is about; a few others come along
    value: dict[str, Any] = {}
    for name in names:
        if name == focus or rnd.random() < 0.25:
            value[name] = data.draw(allowed(name, spec_fields.get(name, {})), label=name)
    if "version" in names and rnd.random() < 0.8:
        value["version"] = version  # so that the other fields are looked at
    junk = rnd.random()
    if junk < 0.5:
        value[focus] = data.draw(st.one_of(scalars, json_values), label=f"junk {focus}")
    elif junk < 0.6:
        value[data.draw(st.text(max_size=8), label="unknown field")] = data.draw(json_values)
    return json.dumps(value, allow_nan=True).encode(), content_type


def query_for(data: st.DataObject, version: int) -> dict[str, str]:
    query: dict[str, str] = {}
    for name in data.draw(st.lists(st.sampled_from(["since", "format", "x"]), unique=True)):
        query[name] = data.draw(
            st.one_of(
                st.sampled_from([str(version - 1), str(version + 1), "json", "text"]),
                st.sampled_from(NASTY_STRINGS),
                st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=30),
            ),
            label=name,
        )
    return query


# -- the games ------------------------------------------------------------------------------------


class World:
    """Real games in several states, and the browsers and bots that send the requests."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.store = app.extensions["mancala_store"]
        self.owner = app.test_client()  # created every game, and holds their seats
        self.opponent = app.test_client()  # joined the full remote game
        self.games: dict[str, str] = {}
        computer = self.create(variant="kalah", level="beginner")
        self.post(computer, "moves", pit=5, wait=True)  # the computer has replied: mid-play
        self.games["computer"] = computer
        local = self.create(mode="local", variant="oware")
        self.post(local, "moves", pit=0)
        self.post(local, "moves", pit=3)
        self.games["local"] = local
        self.games["remote, one seat"] = self.create(mode="remote")
        remote = self.create(mode="remote", variant="kalah")
        self.post(remote, "join", client=self.opponent)
        self.post(remote, "moves", pit=0)
        self.games["remote, two seats"] = remote
        watch = self.create(mode="watch", levels=["beginner"] * 2, delay=5)
        response = self.owner.patch(f"/api/games/{watch}", json={"paused": True})
        assert response.status_code == 200, response.json
        self.games["watch, paused"] = watch
        self.games["over"] = self.create(record=finished_record(), mode="local")
        resigned = self.create(mode="remote", variant="kalah")
        self.post(resigned, "join", client=self.opponent)
        self.post(resigned, "resign")
        self.games["remote, resigned"] = resigned

    def create(self, **params: Any) -> str:
        response = self.owner.post("/api/games", json=params)
        assert response.status_code == 201, response.json
        return str(response.json["id"])

    def post(
        self, game_id: str, action: str, client: FlaskClient | None = None, **body: Any
    ) -> None:
        client = client or self.owner
        body["version"] = self.store.load(game_id).version
        response = client.post(f"/api/games/{game_id}/{action}", json=body)
        assert response.status_code == 200, response.json

    def snapshot(self) -> dict[str, tuple[int, str]]:
        """Every game's stored version and data."""
        out = {}
        for game_id in self.games.values():
            row = self.store.load(game_id)
            out[game_id] = (row.version, json.dumps(row.data, sort_keys=True))
        return out

    def moves_by_itself(self, stored: tuple[int, str]) -> bool:
        """Whether the game stored so may change with no request: a computer is to move."""
        data = json.loads(stored[1])
        row = SimpleNamespace(id="-", version=stored[0], data=data, updated=0.0)
        return Game.from_row(row).computer_to_move() is not None


def finished_record() -> dict[str, Any]:
    """A whole Kalah game (both sides play their first legal pit) as a record to import."""
    record = GameRecord(get_variant("kalah"), 0)
    while not record.state.is_over:
        record.push(record.state.legal_moves()[0])
    return record.to_dict()


@pytest.fixture
def world(app: Flask) -> World:
    if "RATE_LIMITS" in app.config:  # fuzzing is one very busy client
        app.config["RATE_LIMITS"] = {k: [10**6, 10**6] for k in app.config["RATE_LIMITS"]}
    return World(app)


# -- the rules ------------------------------------------------------------------------------------


def test_the_spec_describes_every_api_route(app: Flask) -> None:
    """So that fuzzing the spec fuzzes the whole API."""
    served = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/") or rule.rule in ("/api", "/health"):  # /health too
            path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
            served |= {(m, path) for m in rule.methods or () if m not in ("HEAD", "OPTIONS")}
    assert set(ROUTES) == served
    assert len(ROUTES) >= 12


def check_answer(response: Any, method: str, cross_site: bool, body: bytes, ctype: str) -> None:
    status = response.status_code
    text = response.get_data(as_text=True)
    if status >= 500:
        busy = status == 503 and "busy" in text.lower()
        assert busy, f"server error {status}: {text[:500]}"
    if status >= 400:
        assert response.mimetype == "application/json", text[:300]
        answer = response.json
        assert {"error", "message", "status"} <= set(answer), answer
        assert answer["status"] == status and isinstance(answer["error"], str)
        assert isinstance(answer["message"], str) and answer["message"], answer
    if method in UNSAFE and cross_site:
        assert status == 403, (status, text[:300])
    elif method in UNSAFE and body.strip() and not is_json_type(ctype):
        assert status == 415, (status, text[:300])


def is_json_type(ctype: str) -> bool:
    mime = ctype.split(";")[0].strip().lower()
    return mime == "application/json" or (
        mime.startswith("application/") and mime.endswith("+json")
    )


def examples(method: str, path: str) -> int:
    """More examples for a route with more body fields; fewer for one with no game id or body."""
    if method not in UNSAFE and "{" not in path:
        return 15
    return EXAMPLES + 8 * len(fields(method, path))


DOCUMENTED = {  # the statuses the description lists for each route
    (path, method): set(operation["responses"])
    for path, operations in spec()["paths"].items()
    for method, operation in operations.items()
    if method != "parameters"
}


def fuzz_once(world: World, method: str, path: str, data: st.DataObject) -> None:
    """One drawn request, its answer checked, and every game that could not move checked."""
    rnd = data.draw(st.randoms(use_true_random=True), label="choices")
    if rnd.random() < 0.8:
        game_id = rnd.choice(sorted(world.games.values()))
    else:
        game_id = data.draw(st.one_of(st.sampled_from(JUNK_IDS), ids_text), label="game id")
    version = world.store.version(game_id) or 1
    who = rnd.choices(["owner", "opponent", "stranger", "bot", "bad bot"], [6, 1, 1, 1, 1])[0]
    headers: dict[str, str] = {}
    if who == "bot":
        headers["Authorization"] = "Bearer " + "b" * 32
    elif who == "bad bot":
        headers["X-Seat-Token"] = rnd.choice(["short", "z" * 500, ""])
    clients = {"owner": world.owner, "opponent": world.opponent}
    client = clients.get(who) or world.app.test_client()
    cross_site = rnd.random() < 0.1
    headers.update(rnd.choice(CROSS_SITE if cross_site else SAME_SITE))
    body, ctype = body_for(data, rnd, method, path, version) if method in UNSAFE else (b"", "")
    query = query_for(data, version)
    url = path.replace("{game_id}", quote(game_id, safe=""))

    before = world.snapshot()
    started = time.monotonic()
    response = client.open(
        url, method=method, data=body, content_type=ctype or None, headers=headers,
        query_string=query,
    )  # fmt: skip
    event(f"status {response.status_code}")
    check_answer(response, method, cross_site, body, ctype)
    documented = DOCUMENTED[(path, method.lower())]
    assert str(response.status_code) in documented, (method, path, response.status_code)
    if response.status_code >= 400:
        after = world.snapshot()
        for name, game in world.games.items():
            if after[game] != before[game] and not world.moves_by_itself(before[game]):
                pytest.fail(f"{response.json} changed the {name} game")
    assert time.monotonic() - started < 30, "a request took more than 30 s"


@pytest.mark.parametrize(("method", "path"), ROUTES, ids=[f"{m} {p}" for m, p in ROUTES])
def test_fuzzed_requests_get_a_4xx_and_change_nothing(world: World, method: str, path: str) -> None:
    """Every route of the spec, against the same games (which the accepted requests change)."""

    @settings(
        max_examples=examples(method, path),
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        fuzz_once(world, method, path, data)

    fuzz()


@settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(record=st.one_of(record_lines, records, records.map(json.dumps)))
def test_fuzzed_record_imports_are_a_new_game_or_a_400(
    record_client: FlaskClient, record: Any
) -> None:
    """The largest parser behind the API: a record to import, as an object or one line."""
    response = record_client.post("/api/games", json={"record": record, "mode": "local"})
    assert response.status_code in (201, 400), response.get_data(as_text=True)[:500]
    if response.status_code == 400:
        assert response.json["message"].startswith("bad game record"), response.json


@pytest.fixture
def record_client(app: Flask) -> FlaskClient:
    if "RATE_LIMITS" in app.config:
        app.config["RATE_LIMITS"] = {k: [10**6, 10**6] for k in app.config["RATE_LIMITS"]}
    return app.test_client()
