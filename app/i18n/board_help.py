"""How the board reads, in the request's language: one home for the sentence the rules page,
the lessons and the game page's English (:func:`app.games.view.board_help`) say.

Rule: one whole sentence a kind of board (stores on the sowing path; kazans beside it, where
the variant's word is stones; captured seeds beside it), never pieced together from words, so
each language words it as a whole.
"""

from __future__ import annotations

from app.i18n.choose import gettext
from engine.core import Rules


def board_help_words(rules: Rules) -> str:
    """How the board reads, true for ``rules``' variant, in the request's language (English
    outside a request, the same as :func:`app.games.view.board_help`)."""
    if rules.has_stores_on_path:
        return gettext(
            "Seeds are sown counter-clockwise; your store is at the right end of your row (the "
            "bottom one), your opponent's at the left (on a narrow screen: yours below the board, "
            "theirs above)."
        )
    if rules.seed_word == "stones":
        return gettext(
            "Stones are sown counter-clockwise around both rows (yours is the bottom one, or the "
            "left one where a narrow screen stands the board on its end); the stones each player "
            "takes are counted in their kazan, beside the board (on a narrow screen: yours below "
            "it, theirs above)."
        )
    return gettext(
        "Seeds are sown counter-clockwise around both rows (yours is the bottom one, or the left "
        "one where a narrow screen stands the board on its end); the seeds each player takes are "
        "counted in their captured seeds, beside the board (on a narrow screen: yours below it, "
        "theirs above)."
    )
