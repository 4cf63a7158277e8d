"""The one place ``Any`` stands for JSON in the app (on the store's floor, the lowest every
package may import: the store keeps each game as a JSON object).

A JSON object's values are any JSON (objects, arrays, strings, numbers, true/false, null): a
request body before it is checked, a game's data as the store keeps it, a variant's options, a
response before Flask sends it.  Everything else in ``app/`` has a real type
(``disallow_any_explicit`` in pyproject.toml).
"""

from __future__ import annotations

from typing import Any

JSONObject = dict[str, Any]
"""A JSON object (``{...}``): keys are strings, values any JSON."""
