"""One error shape for the JSON API, and proper HTML pages for people.

Every API error is ``{"error": <status name>, "message": <what was wrong>, "status": <code>}``.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES

log = logging.getLogger(__name__)


class APIError(Exception):
    """An error to answer with ``status`` and a message saying what was wrong."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def error_body(status: int, message: str) -> dict[str, Any]:
    return {"error": HTTP_STATUS_CODES.get(status, "Error"), "message": message, "status": status}


def error_response(status: int, message: str) -> tuple[Response, int]:
    return jsonify(error_body(status, message)), status


def wants_json() -> bool:
    """API paths always get JSON; elsewhere, whoever prefers JSON to HTML."""
    if request.path.startswith("/api/") or request.path == "/api":
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json"


_MESSAGES = {
    404: "There is nothing at this address.",
    405: "This address does not accept that method.",
    413: "The request is too large.",
    415: "Send JSON with 'Content-Type: application/json'.",
}


def init_app(app: Flask) -> None:
    """Register the handlers: APIError, any HTTPException, and anything unexpected."""

    @app.errorhandler(APIError)
    def api_error(exc: APIError) -> Any:
        return error_response(exc.status, exc.message)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        status = exc.code or 500
        message = _MESSAGES.get(status) or exc.description or HTTP_STATUS_CODES.get(status, "")
        if status == 400 and exc.description:
            message = exc.description
        if wants_json():
            return error_response(status, message)
        page = render_template("error.html", status=status, message=message)
        return page, status

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> Any:
        log.exception("unhandled error on %s %s", request.method, request.path)
        message = "Something went wrong on the server; the game was not changed."
        if wants_json():
            return error_response(500, message)
        return render_template("error.html", status=500, message=message), 500
