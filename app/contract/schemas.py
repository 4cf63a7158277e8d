"""The API's response shapes as JSON Schema, written by pydantic from the TypedDicts the views
declare (the one source: mypy checks that each view builds its TypedDict, this module turns the
same classes into the OpenAPI document's ``components.schemas``, and tools.api_types turns those
into the pages' JSDoc types).

Rules: a field's docstring is its description; a shape sends no field it does not declare
(``additionalProperties: false``) but those of :data:`OPEN`; names are the classes' names.
"""

from __future__ import annotations

from functools import cache

from pydantic import ConfigDict, TypeAdapter
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaMode

from app.contract.shapes import OPEN, SHAPES
from app.store.json_types import JSONObject

REF = "#/components/schemas/{model}"


class _Untitled(GenerateJsonSchema):
    """pydantic's JSON Schema without the titles it makes up from field names."""

    def field_title_should_be_set(self, schema: object) -> bool:
        return False


def _configure(shape: type, open_: bool) -> None:
    """Tell pydantic to read attribute docstrings and to refuse undeclared fields (set on the
    class, read only by pydantic; nested shapes inherit it)."""
    config = ConfigDict(use_attribute_docstrings=True, extra="allow" if open_ else "forbid")
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


@cache
def schemas() -> dict[str, JSONObject]:
    """Every response shape's JSON Schema by name, with the shapes they use."""
    for shape in SHAPES:
        _configure(shape, shape in OPEN)
    for shape in OPEN:
        _configure(shape, True)
    adapters: list[tuple[str, JsonSchemaMode, TypeAdapter[object]]] = [
        (shape.__name__, "serialization", TypeAdapter(shape)) for shape in SHAPES
    ]
    _, found = TypeAdapter.json_schemas(
        adapters,
        ref_template=REF,
        schema_generator=_Untitled,
    )
    defs: dict[str, JSONObject] = dict(found.get("$defs", {}))
    for schema in defs.values():
        schema.pop("title", None)  # the component's name
        _one_line(schema)
    return dict(sorted(defs.items()))
