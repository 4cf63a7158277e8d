"""The rule for a name a player or a seat shows, and how two names are compared.

A name: 1 to 24 characters once trimmed (NFC), each one visible (a letter, mark, number,
punctuation or symbol; a single space between words is allowed, other spaces, control and
invisible formatting characters are not), and not "." or "..".  Beyond the categories,
characters that draw nothing are refused: every Default_Ignorable_Code_Point (U+034F, U+17B4,
U+200B, the variation selectors such as U+FE0F, ...) and the fillers that are letters or
symbols (U+3164, U+FFA0, U+115F, U+1160, U+2800).  The two emoji joiners are the exception:
U+200D between two symbols and U+FE0E/U+FE0F right after a symbol (an emoji sequence).  A name
may not start with a combining mark, and may not read as a guest's label ("Guest c962": what
the room calls a device without a name).

Two names are one name when their *skeletons* (Unicode TS #39, "confusable detection") of the
NFKC case-folded name are equal: "Ama", "AMA", "ａｍａ", Cyrillic "Аmа", "Ama" + U+034F and
"Arna" are one name.  The skeleton is ICU's (``SpoofChecker.getSkeleton``, through PyICU: ICU
is Unicode's own implementation of TS #39 and follows its confusables data release by release).

A seat of a game between two devices shows its player's name when the device has one
(:func:`seat_name`); a device without one may label its seat as on one screen (a casual game:
rated games are between named players), but not as a guest.  Keeping names for devices is the
players' part (:mod:`app.players.names`); the rule sits here, below the games that show it.
"""

from __future__ import annotations

import threading
import unicodedata

import icu  # type: ignore[import-untyped]

from app.games.errors import N_, BadInput
from app.games.player_names import PlayerNames
from app.store.base import GameStore

MAX_LENGTH = 24
VISIBLE = ("L", "M", "N", "P", "S")  # Unicode categories shown as something (Zs: see below)
# Letters and symbols that draw nothing (beside the default-ignorable code points).
FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
JOINER = "\u200d"
EMOJI_STYLES = frozenset("\ufe0e\ufe0f")
_IGNORABLE = icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT
_SPOOF = icu.SpoofChecker()
_spoof_lock = threading.Lock()


class InvalidName(BadInput):
    """The name breaks the rule for names (400)."""


def ignorable(char: str) -> bool:
    """Whether ``char`` is a Default_Ignorable_Code_Point (drawn as nothing)."""
    return bool(icu.Char.hasBinaryProperty(char, _IGNORABLE))


def skeleton(text: str) -> str:
    """The TS #39 skeleton of ``text`` (ICU's): two strings that look alike have one."""
    with _spoof_lock:
        return str(_SPOOF.getSkeleton(0, text))


def key_of(name: str) -> str:
    """The form names are compared in: the skeleton of the NFKC case-folded name (two names
    with one key are one name)."""
    return skeleton(unicodedata.normalize("NFKC", name).casefold())


GUEST = key_of("Guest")
HEX_LOOKS = frozenset("".join(key_of(c) for c in "0123456789abcdef"))


def guest_like(name: str) -> bool:
    """Whether ``name`` reads as a guest's label: "Guest" alone or followed by up to 8
    characters that look like hex digits ("Guest c962", "GUEST C962", "Guеst c962")."""
    key = key_of(name)
    if not key.startswith(GUEST):
        return False
    rest = key[len(GUEST) :].strip()
    return len(rest) <= 8 and all(c in HEX_LOOKS for c in rest)


def shown(char: str, before: str, after: str) -> bool:
    """Whether ``char`` (between ``before`` and ``after``) draws something where it stands: a
    visible category, not a filler nor a default-ignorable code point (but the emoji joiners
    of an emoji sequence)."""
    if char == " ":
        return True
    if char in FILLERS:
        return False
    if ignorable(char):
        symbol = unicodedata.category(before).startswith("S")
        if char == JOINER:
            return symbol and unicodedata.category(after).startswith("S")
        return char in EMOJI_STYLES and symbol
    return unicodedata.category(char).startswith(VISIBLE)


def clean(name: object) -> str:
    """The name as kept (trimmed, NFC), or InvalidName saying what is wrong with it."""
    if not isinstance(name, str):
        raise InvalidName("'name' must be a string of 1 to 24 visible characters")
    text = unicodedata.normalize("NFC", name).strip(" ")
    if not text:
        raise InvalidName("'name' must have at least one visible character")
    if len(text) > MAX_LENGTH:
        raise InvalidName(
            N_("'name' may have at most %(most)s characters (%(sent)s sent)"),
            most=MAX_LENGTH,
            sent=len(text),
        )
    if "  " in text:
        raise InvalidName("'name' may have only single spaces between words")
    if text in (".", ".."):  # a player page's address would lead elsewhere
        raise InvalidName("'name' may not be '.' or '..'")
    for i, char in enumerate(text):
        before, after = text[i - 1] if i else "", text[i + 1] if i + 1 < len(text) else ""
        if not shown(char, before or " ", after or " "):
            raise InvalidName(
                N_("'name' may hold only visible characters (not %(code)s, %(char)s)"),
                code=f"U+{ord(char):04X}",
                char=unicodedata.name(char, "an unnamed character").lower(),
            )
    if unicodedata.category(text[0]).startswith("M"):
        raise InvalidName("'name' may not start with a combining mark")
    if guest_like(text):
        raise InvalidName(
            "'name' may not look like a guest's label ('Guest' and a number): choose your own"
        )
    return text


def seat_name(store: GameStore, device_id: str, given: str | None) -> str | None:
    """The name a device's seat in a game between two devices shows: its player's name when
    it has one, whatever label was sent; else the label it gave (InvalidName if it reads as a
    guest's label), else None.  A label is not a name: it is not kept for the device, and a
    rated game is between named players, whose seats show their names."""
    kept = PlayerNames(store).name_of(device_id)
    if kept is not None:
        return kept
    if given is None:
        return None
    if guest_like(given):
        raise InvalidName("'name' may not look like a guest's label ('Guest' and a number)")
    return given
