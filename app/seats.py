"""A browser's seat token: one random value in an HttpOnly cookie, set on first need.

The store keeps only a hash of it (see :func:`app.games.owner_hash`); whoever holds the cookie
holds that browser's seats.
"""

from __future__ import annotations

import secrets

from flask import Flask, Response, current_app, g, request

from app.errors import APIError
from app.games import owner_hash


def request_token() -> str:
    """The seat token of this request: a bot's header, else the browser's cookie.

    Bots choose their own secret token (20-100 characters) and send it as
    ``Authorization: Bearer <token>`` or ``X-Seat-Token: <token>``.
    """
    auth = request.headers.get("Authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip()
    header = request.headers.get("X-Seat-Token")
    if header is not None:
        return header.strip()
    return request.cookies.get(current_app.config["SEAT_COOKIE"], "")


def current_owner() -> str | None:
    """The hash of this browser's (or bot's) token, or None if it has none yet."""
    token = request_token()
    if len(token) < 20 or len(token) > 100:
        return None
    return owner_hash(token)


def ensure_owner() -> str:
    """The hash of this browser's token, minting a token (sent back as a cookie) if needed."""
    owner = current_owner()
    if owner is not None:
        return owner
    if "Authorization" in request.headers or "X-Seat-Token" in request.headers:
        raise APIError(400, "a seat token must be 20 to 100 characters")
    if "new_seat_token" not in g:
        g.new_seat_token = secrets.token_urlsafe(32)
    return owner_hash(g.new_seat_token)


def init_app(app: Flask) -> None:
    @app.after_request
    def set_seat_cookie(response: Response) -> Response:
        token = g.get("new_seat_token")
        if token:
            response.set_cookie(
                app.config["SEAT_COOKIE"],
                token,
                max_age=app.config["SEAT_COOKIE_MAX_AGE"],
                httponly=True,
                samesite="Lax",
                secure=request.is_secure,
            )
        return response
