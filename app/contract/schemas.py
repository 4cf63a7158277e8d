"""The API's shapes as JSON Schema, written by pydantic from the TypedDicts the code declares
(the one source: mypy checks that each view builds its TypedDict and reads a request through
the names of its own, this module turns the same classes into the OpenAPI document's
``components.schemas`` and query parameters, and tools.api_types turns the answers' into the
pages' JSDoc types).

Rules: a field's docstring is its description; names are the classes' names. An answer sends
no field it does not declare (``additionalProperties: false``) but those of :data:`OPEN`; a
request body may carry others (its parser passes over them) but those of :data:`CLOSED`.
Answers are written as pydantic serializes, requests as it validates.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import ConfigDict, TypeAdapter
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaMode

from app.contract.shapes import ASKS, CLOSED, OPEN, QUERIES, SHAPES
from app.store.json_types import JSONObject

REF = "#/components/schemas/{model}"
Extra = Literal["allow", "forbid", "ignore"]


class _Untitled(GenerateJsonSchema):
    """pydantic's JSON Schema without the titles it makes up from field names."""

    def field_title_should_be_set(self, schema: object) -> bool:
        return False


def _configure(shape: type, extra: Extra) -> None:
    """Tell pydantic to read attribute docstrings and what to do with undeclared fields (set
    on the class, read only by pydantic; nested shapes inherit it)."""
    config = ConfigDict(use_attribute_docstrings=True, extra=extra)
    setattr(shape, "__pydantic_config__", config)  # noqa: B010 (a TypedDict has no such field)


def _one_line(node: object) -> None:
    """Each description on one line (a docstring's line breaks are the source's layout)."""
    if isinstance(node, dict):
        if isinstance(node.get("description"), str):
            node["description"] = " ".join(node["description"].split())
        for value in node.values():
            _one_line(value)
    elif isinstance(node, list):
        for value in node:
            _one_line(value)


def _written(shapes: tuple[type, ...], mode: JsonSchemaMode) -> dict[str, JSONObject]:
    """Each of ``shapes`` and the shapes they use, as JSON Schema by name."""
    adapters: list[tuple[str, JsonSchemaMode, TypeAdapter[object]]] = [
        (shape.__name__, mode, TypeAdapter(shape)) for shape in shapes
    ]
    _, found = TypeAdapter.json_schemas(adapters, ref_template=REF, schema_generator=_Untitled)
    defs: dict[str, JSONObject] = dict(found.get("$defs", {}))
    for schema in defs.values():
        schema.pop("title", None)  # the component's name
        _one_line(schema)
    return defs


@cache
def schemas() -> dict[str, JSONObject]:
    """Every response shape's JSON Schema by name, with the shapes they use."""
    for shape in SHAPES:
        _configure(shape, "allow" if shape in OPEN else "forbid")
    for shape in OPEN:
        _configure(shape, "allow")
    return dict(sorted(_written(SHAPES, "serialization").items()))


@cache
def asks() -> dict[str, JSONObject]:
    """Every request body's JSON Schema by name, with the shapes they use."""
    for shape in ASKS:
        _configure(shape, "forbid" if shape in CLOSED else "ignore")
    return dict(sorted(_written(ASKS, "validation").items()))


@cache
def queries() -> dict[str, list[JSONObject]]:
    """Each query shape's fields as OpenAPI query parameters, by the shape's name."""
    written = _written(QUERIES, "validation")
    found: dict[str, list[JSONObject]] = {}
    for shape in QUERIES:
        schema = written[shape.__name__]
        required = set(schema.get("required", []))
        found[shape.__name__] = [
            _parameter(name, "query", name in required, field)
            for name, field in schema["properties"].items()
        ]
    return found


def _parameter(name: str, where: str, required: bool, schema: JSONObject) -> JSONObject:
    """One OpenAPI parameter (a field's description is the parameter's)."""
    schema = dict(schema)
    described = schema.pop("description", None)
    parameter: JSONObject = {"name": name, "in": where, "required": required, "schema": schema}
    if described:
        parameter["description"] = described
    return parameter


def path_parameters(path: str) -> list[JSONObject]:
    """A path's ``{name}`` parts as its parameters: each one path segment, a string."""
    names = [part[1:-1] for part in path.split("/") if part.startswith("{")]
    return [_parameter(name, "path", True, {"type": "string"}) for name in names]
