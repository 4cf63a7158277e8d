"""The message catalogs: ``translations/<lang>/LC_MESSAGES/messages.po`` read with Babel.

Rule: the message id is the English text; a fuzzy or empty entry is not used (the English shows,
and the catalog test fails). Plurals follow each catalog's ``Plural-Forms`` (gettext) on the
server; for the browser each form is keyed by its CLDR category, as ``Intl.PluralRules`` names it.
"""

from __future__ import annotations

import gettext as stdlib_gettext
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.pofile import read_po

from app.i18n.languages import LANGUAGES, SOURCE

ROOT = Path(__file__).resolve().parents[2] / "translations"
CLDR_TAGS = ("zero", "one", "two", "few", "many", "other")
SAMPLES: tuple[int, ...] = (*range(0, 200), 1000, 1000000)


def po_path(lang: str) -> Path:
    """Where ``lang``'s catalog lives."""
    return ROOT / lang / "LC_MESSAGES" / "messages.po"


@dataclass(frozen=True)
class Catalog:
    """One language's translated messages (English ones are the ids themselves)."""

    lang: str
    plural: Callable[[int], int] = field(default=lambda n: int(n != 1))
    singles: dict[str, str] = field(default_factory=dict)
    plurals: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def gettext(self, message: str) -> str:
        """``message`` in this language (the English when it has no translation)."""
        return self.singles.get(message) or message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` for the count ``n``."""
        forms = self.plurals.get(singular)
        index = self.plural(n)
        if forms and 0 <= index < len(forms) and forms[index]:
            return forms[index]
        return singular if n == 1 else plural

    def for_browser(self) -> dict[str, str | dict[str, str]]:
        """Every message for ``static/js/i18n.js``: plurals keyed by CLDR category."""
        found: dict[str, str | dict[str, str]] = dict(self.singles)
        count = max((len(forms) for forms in self.plurals.values()), default=2)
        categories = cldr_to_index(self.lang, self.plural, count)
        for singular, forms in self.plurals.items():
            found[singular] = {tag: forms[i] for tag, i in categories.items() if i < len(forms)}
        return found


def cldr_to_index(lang: str, plural: Callable[[int], int], count: int) -> dict[str, int]:
    """Each CLDR plural category of ``lang`` and the gettext form it uses (by a sample count);
    a category only fractions reach (Russian's "other") takes the last of ``count`` forms."""
    rule = Locale.parse(lang).plural_form
    found: dict[str, int] = {}
    for n in SAMPLES:
        found.setdefault(rule(n), plural(n))
    for tag in rule.tags | {"other"}:
        found.setdefault(tag, count - 1)
    return found


def read(lang: str) -> Catalog:
    """``lang``'s catalog from its .po file (an empty one for the source language)."""
    path = po_path(lang)
    if lang == SOURCE or not path.exists():
        return Catalog(lang)
    with path.open("rb") as f:
        po = read_po(f, locale=lang)
    singles: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for message in po:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple | list):
            forms = tuple(message.string or ())
            if all(forms):
                plurals[message.id[0]] = forms
        elif message.string:
            singles[message.id] = str(message.string)
    plural = stdlib_gettext.c2py(po.plural_expr)
    return Catalog(lang, plural, singles, plurals)


@cache
def catalog(lang: str) -> Catalog:
    """``lang``'s catalog, read once per process."""
    return read(lang if lang in LANGUAGES else SOURCE)
