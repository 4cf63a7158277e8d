"""What is wrong with a language's catalog, against the messages the source marks.

Rule: every marked message is in every language's catalog, translated (each plural form), not
fuzzy, with the same ``%(name)s`` placeholders as its English (a plural form may leave out
``%(num)s``, as Arabic's "one" and "two" do); the catalog holds nothing the source no longer has.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def placeholders(text: str) -> set[str]:
    """The names of ``text``'s ``%(name)s`` placeholders."""
    return set(PLACEHOLDER.findall(text))


def _key(message: Message) -> str:
    return message.id[0] if isinstance(message.id, tuple | list) else str(message.id)


def _texts(value: object) -> list[str]:
    """A message's text, or a plural's forms, as a list."""
    if isinstance(value, tuple | list):
        return [str(x or "") for x in value]
    return [str(value or "")]


def message_problems(source: Message, found: Message | None) -> list[str]:
    """What is wrong with ``found``, the translation of ``source`` (None: missing)."""
    key = _key(source)
    if found is None:
        return [f"missing: {key!r}"]
    if found.fuzzy:
        return [f"fuzzy: {key!r}"]
    plural = isinstance(source.id, tuple | list)
    english = _texts(source.id)
    forms = _texts(found.string)
    if not all(forms):
        return [f"untranslated: {key!r}"]
    wanted = set().union(*(placeholders(e) for e in english))
    problems = []
    for form in forms:
        have = placeholders(form)
        allowed_gap = {"num"} if plural else set()
        if have - wanted or (wanted - have) - allowed_gap:
            problems.append(f"placeholders differ: {key!r} -> {form!r}")
    return problems


def catalog_problems(po_file: Path, template: Catalog) -> list[str]:
    """Every problem of the catalog ``po_file`` against ``template`` (the extracted messages)."""
    if not po_file.exists():
        return [f"no catalog: {po_file}"]
    with po_file.open("rb") as f:
        po = read_po(f)
    problems: list[str] = []
    for source in template:
        if source.id:
            problems += message_problems(source, po.get(source.id))
    extra = {_key(m) for m in po if m.id} - {_key(m) for m in template if m.id}
    problems += [f"no longer in the source: {key!r}" for key in sorted(extra)]
    return problems
