"""Which language a request is answered in.

Rule: the device's choice (the ``mancala_lang`` cookie the header's picker sets) wins; else the
best match of the browser's ``Accept-Language``; else English.
"""

from __future__ import annotations

from flask import g, has_request_context, request

from app.i18n.catalogs import Catalog, catalog
from app.i18n.languages import LANGUAGES, SOURCE, Language

COOKIE = "mancala_lang"
COOKIE_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie


def from_request() -> str:
    """The language code for the current request."""
    chosen = request.cookies.get(COOKIE, "")
    if chosen in LANGUAGES:
        return chosen
    for value, _quality in request.accept_languages:
        code = value.lower().replace("_", "-").split("-")[0]
        if code in LANGUAGES:
            return code
    return SOURCE


def current() -> Language:
    """The current request's language (English outside a request)."""
    if not has_request_context():
        return LANGUAGES[SOURCE]
    if "lang" not in g:
        g.lang = from_request()
    return LANGUAGES[g.lang]


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
