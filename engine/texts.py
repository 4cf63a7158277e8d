"""Texts the engine hands to people: message ids, never a language of their own.

Rule: the engine speaks no language. A text a person reads (a variant's rules, an option's
help, a lesson's words) is written in English, and that English IS its message id: it is marked
with :func:`N_` where it is written, so the app's extractor finds it and the catalogs translate
it. A text with parts that vary is a :class:`Text`: its id with ``%(name)s`` placeholders and
the arguments to fill them. The engine's command-line tools show the English (:meth:`Text.english`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


def N_(message: str) -> str:  # noqa: N802 (gettext's name for a marker)
    """Mark ``message`` as a message id for the catalogs; it is translated where it is shown."""
    return message


@dataclass(frozen=True)
class Text:
    """A message id (English, with ``%(name)s`` placeholders) and its arguments."""

    id: str
    args: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))

    def english(self) -> str:
        """The text in English, the placeholders filled in."""
        return self.id % dict(self.args) if self.args else self.id

    def render(self, translate: Callable[[str], str]) -> str:
        """The text through ``translate`` (a catalog's gettext), the placeholders filled in."""
        text = translate(self.id)
        return text % dict(self.args) if self.args else text
