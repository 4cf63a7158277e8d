"""The security headers every response carries (pages, API, static files, errors, and the
server's own refusals): a Content-Security-Policy that allows only this origin's scripts and
styles, ``nosniff``, no framing, and the referrer kept to this origin (see
:mod:`app.web.security`, which sets them)."""

from __future__ import annotations

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
