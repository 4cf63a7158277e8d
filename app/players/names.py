"""Players' names: a player is a name kept for a device (the owner hash of the seat token the
server signed, see :mod:`app.web.seats`); whoever holds the device is the player.

The rule for a name: 1 to 24 characters once trimmed (NFC), each one visible (a letter, mark,
number, punctuation or symbol; a single space between words is allowed, other spaces, control
and invisible formatting characters are not), and not "." or ".." (a player page's address
would be another's).  Names are unique on the server compared without
case (Unicode case folding of the NFKC form: "Ama", "AMA" and "ａｍａ" are one name).  A device
may change its name at any time; its old name is then free for anyone.  Games and ratings are
kept by device, so a new name carries them along.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from app.games.errors import BadInput, NotNow
from app.store.base import GameStore
from app.store.players import NameTaken

MAX_LENGTH = 24
VISIBLE = ("L", "M", "N", "P", "S")  # Unicode categories shown as something (Zs: see below)


class InvalidName(BadInput):
    """The name breaks the rule for names (400)."""


class TakenName(NotNow):
    """Another player has this name (409)."""


def clean(name: object) -> str:
    """The name as kept (trimmed, NFC), or InvalidName saying what is wrong with it."""
    if not isinstance(name, str):
        raise InvalidName("'name' must be a string of 1 to 24 visible characters")
    text = unicodedata.normalize("NFC", name).strip(" ")
    if not text:
        raise InvalidName("'name' must have at least one visible character")
    if len(text) > MAX_LENGTH:
        raise InvalidName(f"'name' may have at most {MAX_LENGTH} characters ({len(text)} sent)")
    if "  " in text:
        raise InvalidName("'name' may have only single spaces between words")
    if text in (".", ".."):  # a player page's address would lead elsewhere
        raise InvalidName("'name' may not be '.' or '..'")
    for char in text:
        if char != " " and not unicodedata.category(char).startswith(VISIBLE):
            raise InvalidName(
                f"'name' may hold only visible characters (not U+{ord(char):04X}, "
                f"{unicodedata.name(char, 'an unnamed character').lower()})"
            )
    return text


def key_of(name: str) -> str:
    """The form names are compared in (two names with one key are one name)."""
    return unicodedata.normalize("NFKC", name).casefold()


def name_of(store: GameStore, device_id: str | None) -> str | None:
    """The name kept for the device, or None (an anonymous device)."""
    return None if device_id is None else store.players.name_of(device_id)


def names_of(store: GameStore, ids: Iterable[str | None]) -> dict[str, str]:
    """The names of those of ``ids`` that have one (device id -> name)."""
    return store.players.names_of(i for i in ids if i is not None)


def device_of(store: GameStore, name: str) -> str | None:
    """The device holding ``name`` (compared without case), or None."""
    if not isinstance(name, str) or not name.strip() or len(name) > 4 * MAX_LENGTH:
        return None
    found = store.players.device_of(key_of(unicodedata.normalize("NFC", name).strip(" ")))
    return None if found is None else found[0]


def canonical(store: GameStore, name: str) -> tuple[str, str] | None:
    """The device holding ``name`` and the name as its player spelled it, or None."""
    if not isinstance(name, str) or not name.strip() or len(name) > 4 * MAX_LENGTH:
        return None
    return store.players.device_of(key_of(unicodedata.normalize("NFC", name).strip(" ")))


def set_name(store: GameStore, device_id: str, name: object) -> str:
    """Keep ``name`` for the device (its old one is freed): the name as kept.  InvalidName
    (400) if it breaks the rule, TakenName (409) if another device holds it."""
    text = clean(name)
    try:
        store.players.set_name(device_id, text, key_of(text))
    except NameTaken:
        raise TakenName(f"the name {text!r} is taken by another player; choose another") from None
    return text
