"""The languages the app speaks: each code, its name in itself, and its direction."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    """A language the picker offers: ``code`` (BCP 47), ``name`` in itself, ``dir`` of its text."""

    code: str
    name: str
    dir: str = "ltr"


SOURCE = "en"  # the catalogs' message ids are the English text
LANGUAGES: dict[str, Language] = {
    lang.code: lang
    for lang in (
        Language("en", "English"),
        Language("fr", "Français"),
        Language("de", "Deutsch"),
        Language("es", "Español"),
        Language("pt", "Português"),
        Language("ru", "Русский"),
        Language("kk", "Қазақша"),
        Language("ms", "Bahasa Melayu"),
        Language("ar", "العربية", "rtl"),
    )
}
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)
