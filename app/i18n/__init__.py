"""The app in nine languages: gettext catalogs read with Babel, chosen per request.

Templates call ``_()`` / ``ngettext()`` (Jinja's i18n extension, new style: autoescaped,
``%(name)s`` placeholders); the browser gets the same catalogs as JSON (``app.web.language``).
"""

from __future__ import annotations

from flask import Flask, Response, request

from app.i18n.choose import current, messages
from app.i18n.languages import LANGUAGES
from app.i18n.names import game_title, in_time, isolate, level_name, tr, variant_name


def init_app(app: Flask) -> None:
    """Install the template callables and the page's language facts (the routes are
    app.web.language's)."""
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        lambda message: messages().gettext(message),
        lambda singular, plural, n: messages().ngettext(singular, plural, n),
        newstyle=True,  # Jinja fills the placeholders itself, escaping what it puts in
    )
    app.jinja_env.filters.update(
        variant_name=variant_name,
        game_title=game_title,
        level_name=level_name,
        tr=tr,
        in_time=in_time,
        isolate=isolate,
    )

    @app.context_processor
    def language() -> dict[str, object]:
        here = request.full_path.rstrip("?")
        return {"language": current(), "languages": LANGUAGES.values(), "here": here}

    app.after_request(vary)


VARY = ("Accept-Language", "Cookie")
VARY_TEXT = ", ".join(VARY)


def vary(response: Response) -> Response:
    """Say that the answer depends on the language's inputs: the ``Vary`` header gets
    ``Accept-Language, Cookie`` (added to a view's own ``Vary``, not replacing it).  The common
    case, no ``Vary`` yet, writes the finished text instead of parsing and rebuilding a set."""
    headers = response.headers
    if "Vary" not in headers:
        headers.add("Vary", VARY_TEXT)
        return response
    for name in VARY:
        response.vary.add(name)
    return response
