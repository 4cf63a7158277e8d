"""Words the server hands to the pages that people read: variant, level and method names, the
"your games" statuses, tournament systems; and times in words in the request's language.

Rule: a variant keeps the name its own players use where they have one (Тоғызқұмалақ in Kazakh,
Awalé in French); the catalogs hold those names under the English one (docs/glossary/). Other
English words listed here are shown through :func:`tr` (their text is the catalog id).
"""

from __future__ import annotations

import time
from datetime import timedelta
from unicodedata import bidirectional

from babel.dates import format_timedelta
from markupsafe import Markup

from app.i18n.choose import N_, current, gettext

VARIANT_NAMES = {
    "kalah": N_("Kalah"),
    "oware": N_("Oware"),
    "relay": N_("Relay"),
    "adi": N_("Adi"),
    "toguz_kumalak": N_("Toguz Kumalak"),
    "congkak": N_("Congkak"),
}
LEVEL_NAMES = {
    "beginner": N_("Beginner"),
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
    "master": N_("Master"),
    "perfect": N_("Perfect"),
}
# The same English as the engine's and the app's own words for them, so each shows translated.
WORDS = (
    N_("Looks one move ahead and sometimes slips."),
    N_("Looks a couple of moves ahead."),
    N_("Looks a few moves ahead."),
    N_("Looks several moves ahead."),
    N_("Searches deep, up to 1 s a move."),
    N_("Searches as deep as it can in 3 s a move."),
    N_("Minimax search (looks ahead)"),
    N_("Monte Carlo tree search"),
    N_("Evolutionary (breeds plans)"),
    N_("your turn"),
    N_("waiting"),
    N_("aborted"),
    N_("draw"),
    N_("you won"),
    N_("you lost"),
    N_("Waiting for a friend"),
    N_("You"),
    N_("Round robin"),
    N_("Swiss"),
    N_("Arena"),
)


def variant_name(name: str, title: str | None = None) -> str:
    """The variant ``name`` as the request's language calls it (``title`` if it has no entry)."""
    english = VARIANT_NAMES.get(name)
    return gettext(english) if english else (title or name)


def game_title(title: object) -> str:
    """A game's or a rating pool's title ("Oware", "Kalah 6×4") with its variant named as the
    request's language calls it ("Awalé", "Тоғызқұмалақ"); the board's size after it as written."""
    text = str(title or "")
    for english in sorted(VARIANT_NAMES.values(), key=len, reverse=True):
        if text == english or text.startswith(english + " "):
            return gettext(english) + text[len(english) :]
    return text


def level_name(level: str) -> str:
    """A computer level's name in the request's language."""
    english = LEVEL_NAMES.get(level)
    return gettext(english) if english else level.capitalize()


def tr(english: str | None) -> str:
    """English text the server made, in the request's language where the catalogs hold it."""
    return gettext(english) if english else ""


def in_time(at: float) -> str:
    """A moment ``at`` (seconds since 1970) from now in words: "in 3 days", "dans 3 jours"."""
    lang = current().code
    delta = timedelta(seconds=at - time.time())
    return format_timedelta(delta, add_direction=True, locale=lang, threshold=_threshold(delta))


def _threshold(delta: timedelta) -> float:
    """Babel's threshold that words ``delta`` in days from two days up ("in 30 days", not
    "in 1 month"), in hours from two hours up, else in minutes: Babel takes the largest unit
    whose count reaches the threshold, so it is set just above the next larger unit's count."""
    hours = abs(delta.total_seconds()) / 3600
    if hours >= 48:
        return hours / 24 / 7 + 0.01  # above the weeks' count (and the months' and years')
    if hours >= 2:
        return hours / 24 + 0.01  # above the days' count
    return hours + 0.01  # above the hours' count: minutes


def isolate(text: object) -> Markup:
    """``text`` (a name, a number, notation) kept from mixing with the sentence around it: in a
    ``<bdi>`` where directions can mix (a right-to-left page, or right-to-left text), else as is."""
    words = str(text)
    if current().dir == "rtl" or any(bidirectional(c) in ("R", "AL") for c in words):
        return Markup("<bdi>{}</bdi>").format(words)
    return Markup("{}").format(words)
