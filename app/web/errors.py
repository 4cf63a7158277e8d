"""One error shape for the JSON API, and proper HTML pages for people.

Every API error is ``{"error": <status name>, "message": <what was wrong>, "status": <code>}``.
"""

from __future__ import annotations

import json
import logging
import socket

from flask import Flask, Response, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES

from app.games import errors as kinds
from app.i18n.choose import N_, gettext
from app.store import StoreError
from app.store.json_types import JSONObject
from app.web.headers import HEADERS
from engine.texts import Text

log = logging.getLogger(__name__)


class APIError(Exception):
    """An error to answer with ``status`` and a message saying what was wrong."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after  # seconds, sent as Retry-After (429, 503)


# Each kind of refusal a use case raises, and the status it answers with (the first match in the
# kind's class hierarchy wins, so StaleVersion answers as NotNow unless listed itself).
STATUS: dict[type[kinds.GameError], int] = {
    kinds.BadInput: 400,
    kinds.BadToken: 401,
    kinds.NoSeat: 403,
    kinds.NotCreator: 403,
    kinds.NoGame: 404,
    kinds.Damaged: 410,
    kinds.NotNow: 409,
    kinds.TooLarge: 413,
    kinds.WrongHost: 421,
    kinds.IllegalMove: 422,
    kinds.TooManySearches: 429,
    kinds.QueueFull: 503,
}


def status_of(exc: kinds.GameError) -> int:
    """The HTTP status of a use case's refusal (its kind's, or the nearest ancestor's)."""
    for kind in type(exc).__mro__:
        if kind in STATUS:
            return STATUS[kind]
    return 400


def error_body(status: int, message: str) -> JSONObject:
    return {"error": HTTP_STATUS_CODES.get(status, "Error"), "message": message, "status": status}


def error_response(
    status: int, message: str, retry_after: int | None = None
) -> tuple[Response, int]:
    """The JSON error; with ``retry_after``, a Retry-After header and field too."""
    body = error_body(status, message)
    if retry_after is not None:
        body["retry_after"] = retry_after
    response = jsonify(body)
    if retry_after is not None:
        response.headers["Retry-After"] = str(retry_after)
    return response, status


LONGEST_LINE = 8190  # gunicorn's largest limit_request_line (app.web.gunicorn_conf sets it)
SERVER_MESSAGES = {
    400: "The request is malformed: {detail}.",
    414: "The address is too long: a request line has at most {longest} bytes.",
    431: "The request's headers are too large: {detail}.",
}


def server_error(status: int, reason: str, detail: str) -> bytes:
    """A whole HTTP response in the app's error shape and with its security headers, closing
    the connection: for the refusals gunicorn makes before the app sees the request (an
    over-long request line or headers, a malformed request)."""

    template = SERVER_MESSAGES.get(status, "{detail}")
    message = template.format(longest=LONGEST_LINE, detail=detail.rstrip(".") or reason)
    body = json.dumps(error_body(status, message)).encode()
    lines = [f"HTTP/1.1 {status} {reason}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in HEADERS.items()]
    lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def write_server_error(sock: socket.socket, status: int, reason: str, detail: str) -> None:
    """Gunicorn's ``util.write_error`` in the app's JSON shape (its own writes an HTML page);
    installed in each server worker by :mod:`app.web.gunicorn_conf`."""
    from gunicorn.util import write_nonblock

    write_nonblock(sock, server_error(status, reason, detail))


def wants_json() -> bool:
    """API paths always get JSON; elsewhere, whoever prefers JSON to HTML."""
    if request.path.startswith("/api/") or request.path == "/api":
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json"


_MESSAGES = {
    404: N_("There is nothing at this address."),
    405: N_("This address does not accept that method."),
    413: N_("The request is too large."),
    415: N_("Send JSON with 'Content-Type: application/json'."),
}
UNEXPECTED = N_("Something went wrong on the server; the game was not changed.")


def shown(message: str) -> str:
    """``message`` in the request's language where the catalogs hold it (the ``error`` code stays
    English and stable; a message without an entry is sent as written)."""
    return gettext(message)


def said(exc: kinds.GameError) -> str:
    """A refusal in the request's language: its message id translated, then its arguments
    filled in (an argument that is itself a catalog message, such as a field's name as the page
    shows it, "Agent A", is said too; a value the request sent is shown as sent)."""
    if not exc.params:
        return exc.message
    args = {k: _said(v) for k, v in exc.params.items()}
    return shown(exc.message_id) % args


def _said(value: object) -> object:
    if isinstance(value, Text):
        return value.render(shown)
    return shown(value) if isinstance(value, str) else value


DRAIN_BYTES = 8 * 1024 * 1024  # of a refused body, read and dropped before answering


def drain_refused_body() -> None:
    """Read and drop what is left of a too-large request's body (up to DRAIN_BYTES).

    The client is still sending it: if the server answered and closed with the rest unread, the
    kernel would reset the connection and the client could lose the 413 it was sent.
    """
    stream = request.environ.get("wsgi.input")
    left = DRAIN_BYTES
    try:
        while stream is not None and left > 0:
            chunk = stream.read(min(1 << 16, left))
            if not chunk:
                break
            left -= len(chunk)
    except Exception:  # noqa: BLE001 (a broken or timed-out upload: nothing left to save)
        pass


def init_app(app: Flask) -> None:
    """Register the handlers: APIError, a use case's refusal, any HTTPException, and anything
    unexpected."""

    @app.errorhandler(APIError)
    def api_error(exc: APIError) -> ResponseReturnValue:
        message = shown(exc.message)
        if wants_json():
            return error_response(exc.status, message, exc.retry_after)
        page = render_template("error.html", status=exc.status, message=message)
        retry = {} if exc.retry_after is None else {"Retry-After": str(exc.retry_after)}
        return page, exc.status, retry

    @app.errorhandler(kinds.GameError)
    def game_error(exc: kinds.GameError) -> ResponseReturnValue:
        return api_error(APIError(status_of(exc), said(exc), exc.retry_after))

    @app.errorhandler(StoreError)
    def store_error(exc: StoreError) -> ResponseReturnValue:
        log.error("store unavailable on %s %s: %s", request.method, request.path, exc)
        return api_error(APIError(503, exc.message, exc.retry_after))

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> ResponseReturnValue:
        status = exc.code or 500
        if status == 413:
            drain_refused_body()
        message = _MESSAGES.get(status) or exc.description or HTTP_STATUS_CODES.get(status, "")
        if status == 400 and exc.description:
            message = exc.description
        message = shown(message)
        if wants_json():
            return error_response(status, message)
        page = render_template("error.html", status=status, message=message)
        return page, status

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> ResponseReturnValue:
        log.exception("unhandled error on %s %s", request.method, request.path)
        message = shown(UNEXPECTED)
        if wants_json():
            return error_response(500, message)
        return render_template("error.html", status=500, message=message), 500
