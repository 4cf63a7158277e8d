"""Which language a request is answered in.

Rule: the device's choice (the ``mancala_lang`` cookie the header's picker sets) wins; else the
best match of the browser's ``Accept-Language``; else English.
"""

from __future__ import annotations

from functools import lru_cache

from flask import g, has_request_context, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from app.i18n.catalogs import Catalog, catalog
from app.i18n.languages import LANGUAGES, SOURCE, Language

COOKIE = "mancala_lang"
COOKIE_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie


HEADERS_KEPT = 512  # the Accept-Language headers whose best language is remembered


def from_request() -> str:
    """The language code for the current request.  The cookies are parsed only when the
    ``Cookie`` header names :data:`COOKIE` (a bot sending its seat token in a header, or a
    device that never chose, has it parsed for nothing); both headers are read as the request's
    own parsers read them, from the WSGI environment."""
    environ = request.environ
    if COOKIE in environ.get("HTTP_COOKIE", ""):
        chosen = request.cookies.get(COOKIE, "")
        if chosen in LANGUAGES:
            return chosen
    return from_header(environ.get("HTTP_ACCEPT_LANGUAGE", ""))


@lru_cache(maxsize=HEADERS_KEPT)
def from_header(accept: str) -> str:
    """The best of our languages for an ``Accept-Language`` header (by its qualities, then its
    order), else English; remembered for the last :data:`HEADERS_KEPT` headers, since browsers
    send few distinct ones and parsing one is a tenth of a millisecond of every page."""
    for value, _quality in parse_accept_header(accept, LanguageAccept):
        code = value.lower().replace("_", "-").split("-")[0]
        if code in LANGUAGES:
            return code
    return SOURCE


def current() -> Language:
    """The current request's language (English outside a request)."""
    if not has_request_context():
        return LANGUAGES[SOURCE]
    here = g._get_current_object()  # one look-up of the request's globals, not three
    code: str | None = here.get("lang")
    if code is None:
        code = here.lang = from_request()
    return LANGUAGES[code]


def messages() -> Catalog:
    """The current request's catalog."""
    return catalog(current().code)


def gettext(message: str, **args: object) -> str:
    """``message`` in the request's language, its ``%(name)s`` placeholders filled from ``args``."""
    text = messages().gettext(message)
    return text % args if args else text


def ngettext(singular: str, plural: str, num: int, **args: object) -> str:
    """The form for ``num`` in the request's language; ``%(num)s`` and ``args`` filled in."""
    text = messages().ngettext(singular, plural, num)
    return text % {"num": num, **args}


def N_(message: str) -> str:  # noqa: N802 (gettext's name for a marker)
    """Mark ``message`` for the catalogs without translating it now (it is shown later)."""
    return message
