"""``GET /api/i18n/<lang>`` (a catalog for the browser) and ``GET /language/<lang>`` (the
header's picker: keeps the choice for the device in a cookie and goes back)."""

from __future__ import annotations

from babel.numbers import get_decimal_symbol, get_group_symbol
from flask import Blueprint, Response, jsonify, redirect, request
from flask.typing import ResponseReturnValue

from app.i18n.catalogs import catalog
from app.i18n.choose import COOKIE, COOKIE_AGE, gettext
from app.i18n.languages import LANGUAGES
from app.web.errors import APIError

bp = Blueprint("i18n", __name__)  # url_for("i18n.messages"), url_for("i18n.choose")


def known(lang: str) -> str:
    """``lang`` if the app speaks it, else a 404 naming the ones it does."""
    if lang not in LANGUAGES:
        raise APIError(
            404, gettext("No such language; known: %(known)s.", known=", ".join(LANGUAGES))
        )
    return lang


def number_symbols(code: str) -> dict[str, str]:
    """The language's decimal and group signs with Latin digits (CLDR, through Babel): a browser
    without that language's number data (Debian's Chromium writes Kazakh 1.7) writes ours."""
    return {
        "decimal": get_decimal_symbol(code, numbering_system="latn"),
        "group": get_group_symbol(code, numbering_system="latn"),
    }


@bp.get("/api/i18n/<lang>")
def messages(lang: str) -> ResponseReturnValue:
    """Every message of ``lang`` for ``static/js/i18n.js`` (ids are the English text)."""
    language = LANGUAGES[known(lang)]
    response: Response = jsonify(
        {
            "lang": language.code,
            "dir": language.dir,
            "messages": catalog(lang).for_browser(),
            "numbers": number_symbols(language.code),
        }
    )
    response.headers["Cache-Control"] = "no-cache"
    return response


def local_path(target: str) -> str:
    """``target`` if it is a path on this site (never another host), else the home page."""
    if target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return "/"


@bp.get("/language/<lang>")
def choose(lang: str) -> ResponseReturnValue:
    """Keep ``lang`` for this device and go back to ``next`` (this site's path) or home."""
    response = redirect(local_path(request.args.get("next", "/")), code=303)
    response.set_cookie(
        COOKIE, known(lang), max_age=COOKIE_AGE, samesite="Lax", httponly=True, path="/"
    )
    return response
