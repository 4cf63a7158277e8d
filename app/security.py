"""Hostile input: security headers on every response, and cross-site writes refused.

* Every response (pages, API, static files, errors) carries :data:`HEADERS`: a
  Content-Security-Policy that allows only this origin's scripts and styles (no inline script,
  no ``style=""`` attribute), ``nosniff``, no framing, and the referrer kept to this origin.
* A state-changing request (any method but GET, HEAD, OPTIONS, TRACE) is refused with 403 when
  the browser says it comes from another site (``Sec-Fetch-Site`` other than ``same-origin`` or
  ``none``), or, from a browser without ``Sec-Fetch-Site``, when its ``Origin`` is not this
  request's ``Host``.  A request with neither header (a bot, curl, a test client) is allowed: the
  rule of Go 1.25's ``http.CrossOriginProtection``.
* A state-changing request with a non-empty body that is not ``application/json`` is refused
  with 415, so no HTML form or ``text/plain`` "simple request" reaches a view.  A body over
  ``MAX_CONTENT_LENGTH`` is refused with 413, a chunked one (no ``Content-Length``) included.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, Response, request

from app.errors import APIError

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
DEFAULT_PORTS = {"http": "80", "https": "443"}


def _host_port(host: str, scheme: str) -> str:
    """``host`` lower-cased, without the scheme's default port (``example.com:80``)."""
    host = host.strip().lower()
    default = DEFAULT_PORTS.get(scheme)
    if default and host.endswith(f":{default}"):
        host = host[: -len(default) - 1]
    return host


def same_origin(origin: str, host: str, scheme: str) -> bool:
    """Whether the ``Origin`` header names the host:port this request was sent to."""
    try:
        parts = urlsplit(origin.strip())
    except ValueError:
        return False
    if not parts.netloc or parts.scheme not in DEFAULT_PORTS:
        return False  # "null" (a sandboxed or file: page) and anything malformed
    return _host_port(parts.netloc, parts.scheme) == _host_port(host, parts.scheme)


def cross_site_reason() -> str | None:
    """Why this unsafe request looks cross-site, or None when it may go on."""
    site = request.headers.get("Sec-Fetch-Site", "").strip().lower()
    if site in ("same-origin", "none"):
        return None
    if site:
        return f"a request from another site (Sec-Fetch-Site: {site[:20]}) cannot change a game"
    origin = request.headers.get("Origin")
    if origin is None:
        return None  # not a browser, or one too old to say: bots, curl, test clients
    if same_origin(origin, request.host, request.scheme):
        return None
    return "a request from another origin cannot change a game"


def check_request() -> None:
    """Refuse cross-site writes (403) and non-JSON bodies of writes (415)."""
    if request.method in SAFE_METHODS:
        return
    reason = cross_site_reason()
    if reason is not None:
        raise APIError(403, reason)
    raw = request.get_data(cache=True)  # 413 here when Content-Length is over the limit
    if request.content_length is None and raw:
        request.stream.read(1)  # a streamed (chunked) body stops at the limit: 413 if it is there
    if raw.strip() and not request.is_json:
        raise APIError(415, "send JSON with 'Content-Type: application/json'")


def add_headers(response: Response) -> Response:
    """Put :data:`HEADERS` on ``response`` (a view's own value of one is kept)."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def init_app(app: Flask) -> None:
    """Check every request before its view, and add the headers to every response."""
    app.before_request(check_request)
    app.after_request(add_headers)
