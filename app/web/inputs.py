"""What a request brings: its JSON body, the device asking, and whose side the answer is drawn
from.  Every blueprint reads its input through these."""

from __future__ import annotations

import json

from flask import g, request

from app.games import owner_hash
from app.games.service import Device
from app.store.json_types import JSONObject
from app.web.errors import APIError
from app.web.limits import client_address, limit
from app.web.seats import current_owner, issued_token


def body() -> JSONObject:
    """The request's JSON object; an empty body is {}; 415 / 400 for anything else."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        return {}
    if not request.is_json:
        raise APIError(415, "send JSON with 'Content-Type: application/json'")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise APIError(400, f"the body is not valid JSON: {exc}") from None
    except RecursionError:
        raise APIError(400, "the body is nested too deeply") from None
    if not isinstance(data, dict):
        raise APIError(400, "the body must be a JSON object")
    return data


def device() -> Device:
    """The device asking: its seat owner, its address and its rate limits."""
    return Device(current_owner(), client_address(), limit)


def viewer() -> str | None:
    """Whose side the answer is drawn from (a seat token minted by this request counts)."""
    if issued_token():
        return owner_hash(str(issued_token()))
    if g.get("new_seat_token"):
        return owner_hash(g.new_seat_token)
    return current_owner()
