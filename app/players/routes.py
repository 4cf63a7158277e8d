"""The players' HTTP API: who this device is (``GET /api/me``) and its name (``PUT /api/me``).

A device is the owner hash of its seat token (a browser's cookie, a bot's bearer token); a
device without one yet is anonymous (``device`` null) until it first takes a seat or a name.
"""

from __future__ import annotations

from flask import Blueprint
from flask.typing import ResponseReturnValue

from app.games.errors import BadInput
from app.players import names
from app.store import get_store
from app.web.inputs import body
from app.web.seats import current_owner, ensure_owner

bp = Blueprint("players", __name__)


@bp.get("/api/me")
def me() -> ResponseReturnValue:
    """This device's id and name (both null for a device without a seat token yet)."""
    device = current_owner()
    return {"device": device, "name": names.name_of(get_store(), device)}


@bp.put("/api/me")
def rename() -> ResponseReturnValue:
    """Take or change this device's name (400 for a bad one, 409 for a taken one)."""
    sent = body()
    unknown = sorted(set(sent) - {"name"})
    if unknown:
        raise BadInput(f"unknown field(s): {', '.join(unknown)}; send only 'name'")
    if "name" not in sent:
        raise BadInput('send {"name": "..."}: the name to take')
    device = ensure_owner()
    name = names.set_name(get_store(), device, sent["name"])
    return {"device": device, "name": name}
