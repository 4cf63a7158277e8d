"""``python -m app.i18n.update``: bring every language's catalog up to date with the source.

New messages are added empty, gone ones dropped, changed ones marked fuzzy: translate them, then
run the catalog test (tests/app/test_i18n_catalogs.py).
"""

from __future__ import annotations

from datetime import datetime

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from app.i18n.catalogs import po_path
from app.i18n.extract import extract
from app.i18n.languages import LANGUAGES, TRANSLATED

# Arabic's six forms in the order gettext tools use (zero, one, two, few, many, other).
PLURAL_FORMS = {
    "ar": (
        6,
        "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)",
    ),
}


def updated(lang: str, template: Catalog) -> Catalog:
    """``lang``'s catalog merged with ``template`` (created empty the first time)."""
    path = po_path(lang)
    if path.exists():
        with path.open("rb") as f:
            po = read_po(f, locale=lang)
    else:
        po = Catalog(locale=lang, project="Mancala", fuzzy=False)
    if lang in PLURAL_FORMS:
        count, expression = PLURAL_FORMS[lang]
        po.mime_headers = [("Plural-Forms", f"nplurals={count}; plural={expression};")]
    created = po.creation_date
    po.update(template, no_fuzzy_matching=True)
    po.creation_date = created  # the header changes only when a message does
    if not isinstance(po.revision_date, datetime):
        po.revision_date = created
    po.last_translator = po.language_team = "the Mancala project (docs/glossary)"
    po.msgid_bugs_address = ""
    po.header_comment = (
        f"# {LANGUAGES[lang].name}: Mancala's pages and messages ({lang}).\n"
        f"# The game's words: docs/glossary/{lang}.md. Updated by python -m app.i18n.update."
    )
    po.version = ""
    po.obsolete.clear()
    return po


def write(lang: str, po: Catalog) -> None:
    """Write ``po`` as ``lang``'s catalog (no line numbers: fewer needless diffs)."""
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, po, width=100, include_lineno=False, sort_output=False)


def main() -> None:
    """Update each language's catalog and say how many messages each is missing."""
    template = extract()
    for lang in TRANSLATED:
        po = updated(lang, template)
        write(lang, po)
        missing = sum(1 for m in po if m.id and (m.fuzzy or not all(_forms(m.string))))
        print(f"{lang}: {len(po)} messages, {missing} to translate")


def _forms(string: object) -> tuple[str, ...]:
    return tuple(string) if isinstance(string, tuple | list) else (str(string or ""),)


if __name__ == "__main__":
    main()
