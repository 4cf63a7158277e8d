"""Every message the app shows, found in its source by Babel's extractors.

Rule: what a person reads is marked where it is written: ``_()``/``ngettext()`` in templates,
``gettext()``/``ngettext()``/``N_()`` in the server's Python, ``N_()`` (engine/texts.py) in
the engine, ``t()``/``tn()`` in static/js
(``t`` imported as ``tr`` where a module's ``t`` is a tournament).
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

ROOT = Path(__file__).resolve().parents[2]
SOURCES: tuple[tuple[str, str, str, dict[str, object]], ...] = (
    ("app", "**.py", "python", dict(DEFAULT_KEYWORDS)),
    ("templates", "**.html", "jinja2.ext:babel_extract", dict(DEFAULT_KEYWORDS)),
    ("static/js", "**.js", "javascript", {"t": None, "tr": None, "tn": (1, 2)}),
    # The engine's texts: ids marked with engine.texts.N_ (the engine speaks no language).
    # Nn_ (engine/lessons): a counted text, singular and plural ids (ngettext).
    ("engine", "**.py", "python", {"N_": None, "Nn_": (1, 2)}),
)
OPTIONS = {"**.html": {"extensions": "jinja2.ext.i18n", "newstyle_gettext": "true"}}


def extract() -> Catalog:
    """A catalog template (no translations) of every marked message in the repository."""
    found = Catalog(project="Mancala", fuzzy=False)
    for folder, pattern, method, keywords in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
            ROOT / folder,
            [(pattern, method)],
            options_map=OPTIONS,
            keywords=keywords,  # type: ignore[arg-type]
            comment_tags=("Translators:",),
            strip_comment_tags=True,
        ):
            found.add(
                message,
                locations=[(f"{folder}/{filename}", lineno)],
                auto_comments=comments,
                context=context,
            )
    return found
