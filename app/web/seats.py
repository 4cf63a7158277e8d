"""Seat tokens: whoever holds a token holds its seats.  The server issues every token.

A browser gets one in an HttpOnly cookie, set with the first page it loads (or on its first
write, for a client that never loads a page).  A bot asks for one with
``"seat_token": true`` in the body of ``POST /api/games`` or ``POST /api/games/{id}/join``: the
answer carries it once as ``seat_token``, and the bot sends it on every request as
``Authorization: Bearer <token>`` (or ``X-Seat-Token``).  A token is a random value signed with
the server's secret key, so the server can tell its own tokens from chosen ones without storing
them; the store keeps only a token's hash (see :func:`app.games.owner_hash`).  A token from
before tokens were signed still works while it holds a seat; a chosen one never does (401).

A token signed with another secret key (a server moved to new hosts without its
``secret_key``) is not taken for one from before: its seats can't be proven, so a write with it
is refused (401) saying so and how the host brings them back (copy the key); a browser whose
cookie it is may still start a new game (it gets a new cookie), and a read sees a spectator's
view.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import threading
from functools import lru_cache

from flask import Flask, Response, current_app, g, request

from app.games import owner_hash
from app.games.errors import BadInput, BadToken
from app.store import get_store
from app.store.json_types import JSONObject

MAX_TOKEN = 200
SIGNED = re.compile(r"[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{22}")  # issue_token's shape
READS = frozenset({"GET", "HEAD", "OPTIONS"})
_known_lock = threading.Lock()
_known: set[str] = set()  # owners of unsigned (older) tokens seen holding seats, per process


def signature(body: str) -> str:
    return signed_with(str(current_app.config["SECRET_KEY"]), body)


@lru_cache(maxsize=4096)
def signed_with(key: str, body: str) -> str:
    """A token body's signature under ``key`` (remembered: a request checks its token more
    than once, and a device sends the same one all along)."""
    mac = hmac.new(key.encode(), b"seat-token:" + body.encode(), hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def issue_token() -> str:
    """A new seat token: 192 random bits, signed."""
    body = secrets.token_urlsafe(24)
    return f"{body}.{signature(body)}"


def issued(token: str) -> bool:
    """Whether this server issued ``token`` (its signature is right)."""
    body, dot, sig = token.rpartition(".")
    return bool(body and dot) and hmac.compare_digest(sig, signature(body))


def signed_elsewhere(token: str) -> bool:
    """Whether ``token`` has the shape of a signed token but another key signed it (tokens
    from before signing were 43 characters without a dot, or a bot's own choice)."""
    return SIGNED.fullmatch(token) is not None and not issued(token)


def holds_seats(owner: str) -> bool:
    """Whether an unsigned token's owner holds a seat (a token from before they were signed)."""
    with _known_lock:
        if owner in _known:
            return True
    if not get_store().games_of(owner, 1):
        return False
    with _known_lock:
        if len(_known) > 50_000:
            _known.clear()
        _known.add(owner)
    return True


def request_token() -> tuple[str, bool]:
    """The seat token of this request and whether a header (a bot) sent it; a bot's header
    wins over the browser's cookie."""
    auth = request.headers.get("Authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip(), True
    header = request.headers.get("X-Seat-Token")
    if header is not None:
        return header.strip(), True
    return request.cookies.get(current_app.config["SEAT_COOKIE"], ""), False


def current_owner() -> str | None:
    """The hash of this browser's (or bot's) token, or None if it has none (yet).

    A bot's token the server did not issue is refused on a write (:class:`BadToken`, 401; a
    read is answered as to a spectator); a cookie the server did not issue is ignored (a new one
    is set when the browser takes a seat).
    """
    token, from_header = request_token()
    writes = request.method not in READS  # a read is answered as to a spectator
    if token and signed_elsewhere(token):
        fresh = g.get("new_seat_token") or g.get("issued_seat_token")  # made by this request
        if writes and (from_header or not fresh):
            raise BadToken(OTHER_KEY)
        return None
    if token and len(token) <= MAX_TOKEN and (issued(token) or holds_seats(owner_hash(token))):
        return owner_hash(token)
    if from_header and writes:
        raise BadToken("this seat token was not issued by this server; " + ASK)
    return None


ASK = (
    'ask for one with {"seat_token": true} when you create or join a game, and send it back as '
    "'Authorization: Bearer <token>'"
)


OTHER_KEY = (
    "this seat token was not issued by this server: it was signed with another secret key, so "
    "the seats it held can't be proven here (the server was moved to new hosts, or its key "
    "changed, without its secret key). The server's host can bring them back by copying the "
    "old server's instance/secret_key file to every host (or setting the same "
    "MANCALA_SECRET_KEY everywhere); meanwhile you can start a new game"
)


def ensure_owner() -> str:
    """The hash of this browser's token, minting a token (sent back as a cookie) if needed:
    also in place of a cookie signed with another key (a bot's such token is refused)."""
    try:
        owner = current_owner()
    except BadToken:
        if request_token()[1]:
            raise
        owner = None  # this browser starts afresh
    if owner is not None:
        return owner
    if "new_seat_token" not in g:
        g.new_seat_token = issue_token()
    return owner_hash(g.new_seat_token)


def owner_for(body: JSONObject) -> str:
    """Who takes the seats of a create or join: with ``"seat_token": true`` (taken out of
    ``body``) a new token issued for a bot, returned once in the answer (:func:`issued_token`);
    else the requester's own token (a browser's cookie, minted if needed)."""
    if "seat_token" not in body:
        return ensure_owner()
    if body.pop("seat_token") is not True:
        raise BadInput("'seat_token' must be true (to get a seat token) or left out")
    g.issued_seat_token = issue_token()
    return owner_hash(g.issued_seat_token)


def issued_token() -> str | None:
    """The token issued to a bot by this request, if any."""
    token = g.get("issued_seat_token")
    return str(token) if token else None


def page_for_a_new_browser(response: Response) -> bool:
    """Whether ``response`` is a page served to a browser without a seat token: the page brings
    the device its token, so the page's first writes, sent side by side, all carry the same one
    (a write that minted its own would lose to its neighbour's cookie, and its effect with it).
    A token is only a signed random value, so this stores nothing; a browser that already has a
    cookie (even one signed with another key, which the host may still honour) keeps it."""
    return (
        request.method == "GET"
        and response.status_code == 200
        and response.mimetype == "text/html"
        and not request_token()[0]
        and "new_seat_token" not in g
    )


def init_app(app: Flask) -> None:
    @app.after_request
    def set_seat_cookie(response: Response) -> Response:
        if page_for_a_new_browser(response):
            g.new_seat_token = issue_token()
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
