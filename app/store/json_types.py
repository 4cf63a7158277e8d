"""The one place ``Any`` stands for JSON in the app (on the store's floor, the lowest every
package may import: the store keeps each game as a JSON object).

A JSON object's values are any JSON (objects, arrays, strings, numbers, true/false, null): a
request body before it is checked, a game's data as the store keeps it, a variant's options, a
response before Flask sends it.  Elsewhere ``app/`` writes out no ``Any`` but in the few
modules pyproject.toml lists, each with its reason (``disallow_any_explicit``).
"""

from __future__ import annotations

from typing import Any

JSONObject = dict[str, Any]
"""A JSON object (``{...}``): keys are strings, values any JSON."""

JSONValue = Any
"""Any JSON value, as parsed (a setting read from the environment as JSON, say)."""
