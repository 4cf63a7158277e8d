"""A browser's seat token: one random value in an HttpOnly cookie, set on first need.

The store keeps only a hash of it (see :func:`app.games.owner_hash`); whoever holds the cookie
holds that browser's seats.
"""

from __future__ import annotations

import secrets

from flask import Flask, Response, current_app, g, request

from app.games import owner_hash


def current_owner() -> str | None:
    """The hash of this browser's token, or None if it has none yet."""
    token = request.cookies.get(current_app.config["SEAT_COOKIE"], "")
    if len(token) < 20 or len(token) > 100:
        return None
    return owner_hash(token)


def ensure_owner() -> str:
    """The hash of this browser's token, minting a token (sent back as a cookie) if needed."""
    owner = current_owner()
    if owner is not None:
        return owner
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
