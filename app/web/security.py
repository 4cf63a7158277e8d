"""Hostile input: security headers on every response, and cross-site writes refused.

* Every response (pages, API, static files, errors) carries :data:`HEADERS`: a
  Content-Security-Policy that allows only this origin's scripts and styles (no inline script,
  no ``style=""`` attribute), ``nosniff``, no framing, and the referrer kept to this origin.
* A state-changing request (any method but GET, HEAD, OPTIONS, TRACE) is refused with 403 when
  the browser says it comes from another site (``Sec-Fetch-Site`` other than ``same-origin`` or
  ``none``), or, from a browser without ``Sec-Fetch-Site``, when its ``Origin`` is not this
  request's ``Host``.  A request with neither header (a bot, curl, a test client) is allowed: the
  rule of Go 1.25's ``http.CrossOriginProtection``.
* A request whose ``Host`` names a host this server does not serve is refused with 421 (a
  DNS-rebinding page, whose requests carry its own name): the names it answers to are
  ``localhost``, this machine's names, LAN (private) and loopback addresses, this machine's
  addresses and ``ALLOWED_HOSTS`` (``["*"]``: any).  ``/health`` answers any host (monitors).
* A state-changing request with a non-empty body that is not ``application/json`` is refused
  with 415, so no HTML form or ``text/plain`` "simple request" reaches a view.  A body over
  ``MAX_CONTENT_LENGTH`` is refused with 413, a chunked one (no ``Content-Length``) included.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import threading
import time
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request

from app.games.errors import N_, WrongHost
from app.web.errors import APIError
from app.web.headers import HEADERS
from app.web.lan import lan_addresses

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


LOCAL_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})
REFRESH_SECONDS = 10.0  # this machine's addresses are looked up again at most this often


def host_name(host: str) -> str:
    """The name or address of a ``Host`` header, without its port (``[::1]:8000`` -> ``::1``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    name, colon, port = host.rpartition(":")
    return name.rstrip(".") if colon and port.isdigit() else host.rstrip(".")


class Hosts:
    """The host names and addresses this server answers to (see the module docstring)."""

    def __init__(self, extra: list[str] | str) -> None:
        if isinstance(extra, str):  # MANCALA_ALLOWED_HOSTS=a.example,b.example
            extra = [h.strip() for h in extra.split(",") if h.strip()]
        self.any = "*" in extra
        self.extra = frozenset(host_name(h) for h in extra if h != "*")
        self._lock = threading.Lock()
        self._own: frozenset[str] = frozenset()
        self._looked = 0.0

    def own(self, fresh: bool = False) -> frozenset[str]:
        """This machine's names and addresses (looked up again when ``fresh`` and stale)."""
        with self._lock:
            if self._looked and not (fresh and time.monotonic() - self._looked > REFRESH_SECONDS):
                return self._own
            self._looked = time.monotonic()
        names = {socket.gethostname().lower(), *lan_addresses()}
        names |= {f"{n}.local" for n in list(names) if "." not in n}
        with contextlib.suppress(OSError):
            names.add(socket.getfqdn().lower())
        with self._lock:
            self._own = frozenset(names)
            return self._own

    def allowed(self, name: str) -> bool:
        if self.any or name in LOCAL_NAMES or name in self.extra:
            return True
        try:
            address = ipaddress.ip_address(name)
        except ValueError:
            address = None
        if address is not None and (address.is_private or address.is_loopback):
            return True  # a LAN or loopback address: a rebinding page's requests carry a name
        return name in self.own() or name in self.own(fresh=True)


def check_host() -> None:
    """Refuse (421) a request for a host this server does not serve."""
    if request.path == "/health":
        return  # for monitors, which may use any name; it tells nothing about games
    hosts: Hosts = current_app.extensions["mancala_hosts"]
    name = host_name(request.host)
    if not hosts.allowed(name):
        raise WrongHost(
            N_(
                "this server does not answer to the host name %(name)s: open it by its "
                "address (as printed when it started), or its host can add the name to "
                "MANCALA_ALLOWED_HOSTS"
            ),
            name=repr(name[:60]),
        )


HEADERS_BY_KEY = tuple((name.lower(), name, value) for name, value in HEADERS.items())


def add_headers(response: Response) -> Response:
    """Put :data:`HEADERS` on ``response`` (a view's own value of one is kept): the names it
    has are read once, instead of a search of its headers per security header."""
    headers = response.headers
    have = {name.lower() for name in headers.keys()}  # noqa: SIM118 (Headers iterates pairs)
    for key, name, value in HEADERS_BY_KEY:
        if key not in have:
            headers.add(name, value)
    return response


def init_app(app: Flask) -> None:
    """Check every request before its view, and add the headers to every response."""
    app.extensions["mancala_hosts"] = Hosts(app.config.get("ALLOWED_HOSTS") or [])
    app.before_request(check_host)
    app.before_request(check_request)
    app.after_request(add_headers)
