"""What a request brings: its JSON body, the device asking, and whose side the answer is drawn
from.  Every blueprint reads its input through these."""

from __future__ import annotations

import json
from typing import cast

from flask import g, request
from typing_extensions import TypedDict

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


MOST_DIGITS = 15  # a version or count is far smaller; longer is junk, not a number


def whole_number(value: str | None, name: str, what: str = "a whole number") -> int | None:
    """A query or path parameter that is a whole number, parsed strictly: ASCII digits 0-9
    only (``str.isdigit`` also passes "²" and "٣", which ``int`` then refuses or reads), at
    most 15 of them; None when it is absent; 400 naming ``name`` otherwise."""
    if value is None:
        return None
    if not (0 < len(value) <= MOST_DIGITS and value.isascii() and value.isdigit()):
        raise APIError(400, f"'{name}' must be {what}: digits 0-9 only")
    return int(value)


class Since(TypedDict, total=False):
    """A long-poll's query: answer at once without ``since``."""

    since: int
    """The version you saw: the answer waits (a long-poll) until it changes."""


class NoFields(TypedDict, total=False):
    """A body with no fields: none, or an empty object."""


def since() -> int | None:
    """A long-poll's ``?since=``: the version the client has seen (None: answer at once)."""
    return whole_number(request.args.get("since"), "since", "the version you saw")


def device() -> Device:
    """The device asking: its seat owner, its address and its rate limits."""
    return Device(owner(), client_address(), limit)


def owner() -> str | None:
    """The request's seat owner (:func:`app.web.seats.current_owner`), worked out once per
    request and the tokens it minted: a token minted since (a new cookie's, a bot's) asks
    again; a refusal (a token not issued here) is raised each time, never kept."""
    here = vars(g._get_current_object())  # the request's globals, looked up once
    minted = (here.get("new_seat_token"), here.get("issued_seat_token"))
    kept = here.get("_seat_owner")
    if kept is not None and kept[0] == minted:
        return cast(str | None, kept[1])
    found = current_owner()
    here["_seat_owner"] = (minted, found)
    return found


def viewer() -> str | None:
    """Whose side the answer is drawn from (a seat token minted by this request counts)."""
    if issued_token():
        return owner_hash(str(issued_token()))
    if g.get("new_seat_token"):
        return owner_hash(g.new_seat_token)
    return owner()
