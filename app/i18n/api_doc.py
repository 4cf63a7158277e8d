"""The catalog route in the API document (app.web.openapi adds these paths)."""

from __future__ import annotations

from app.i18n.languages import LANGUAGES

JSONObject = dict[str, object]  # a piece of the API document (i18n sits below app.store)

ERROR = {"$ref": "#/components/schemas/Error"}
CATALOG: JSONObject = {
    "type": "object",
    "required": ["lang", "dir", "messages", "numbers"],
    "properties": {
        "lang": {"type": "string", "enum": list(LANGUAGES)},
        "dir": {"enum": ["ltr", "rtl"]},
        "numbers": {
            "type": "object",
            "description": "the language's decimal and group signs (Latin digits)",
            "required": ["decimal", "group"],
            "properties": {"decimal": {"type": "string"}, "group": {"type": "string"}},
        },
        "messages": {
            "type": "object",
            "description": "each message's English text (its id) and its translation; a "
            "plural's forms keyed by CLDR category (zero, one, two, few, many, other)",
            "additionalProperties": {
                "oneOf": [
                    {"type": "string"},
                    {"type": "object", "additionalProperties": {"type": "string"}},
                ]
            },
        },
    },
}


def i18n_paths() -> JSONObject:
    """GET /api/i18n/{lang}: a language's catalog for the scripts (static/js/i18n.js)."""
    lang = {"name": "lang", "in": "path", "required": True, "schema": {"type": "string"}}
    return {
        "/api/i18n/{lang}": {
            "get": {
                "summary": "A language's messages for the page's scripts (English has none: "
                "its ids are the text); the same catalogs the server renders pages with",
                "parameters": [lang],
                "responses": {
                    "200": {
                        "description": "The catalog",
                        "content": {"application/json": {"schema": CATALOG}},
                    },
                    "404": {
                        "description": "No such language (the message names the known ones)",
                        "content": {"application/json": {"schema": ERROR}},
                    },
                },
            }
        }
    }
