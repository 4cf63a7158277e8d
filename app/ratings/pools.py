"""Rating pools: which ratings a game counts for, and which games count at all.

A player has one rating per pool, as lichess keeps one per time control.  The pools follow the
rules, since a strong Kalah player need not be a strong Oware player:

- ``kalah``: Kalah 6×4 with the standard rules (capture on, no capture of an empty
  opposite pit, the game ends when a row is empty, leftovers to the row's owner);
- ``kalah-PxS``: standard Kalah with another size (``kalah-4x3``: 4 pits, 3 seeds);
- ``kalah-other``: Kalah with any other rule option changed (one pool for the house rules);
- ``oware``: Oware with the standard grand slam rule (it captures nothing); ``oware-other``
  for any other grand slam rule;
- one pool per other variant (``toguz_kumalak``, ``relay``, ``adi``, ``congkak``) at its
  standard options, and ``<variant>-other`` if an option was changed.

A game is rated when it was created with ``rated: true`` (only between two devices, from the
variant's start, without hints: see :func:`app.games.params.rated`), its two seats are held by
two different devices that both have a player's name, and it ended by the rules, a
resignation, a clock or an agreed draw (an aborted game counts for nothing).  Whether such a
game then changes the ratings is the rating policy's (:mod:`app.ratings.policy`: both players
moved; one game a day for each pair in a pool).
"""

from __future__ import annotations

from app.games.model import Game
from app.store.json_types import JSONObject
from engine import get_variant

KALAH_RULES = ("capture", "empty_capture", "end", "leftovers")  # beside pits and seeds
TITLES = {
    "kalah": "Kalah 6×4",
    "kalah-other": "Kalah, house rules",
    "oware": "Oware",
    "oware-other": "Oware, house rules",
    "toguz_kumalak": "Toguz Kumalak",
    "relay": "Relay",
    "adi": "Adi",
    "congkak": "Congkak",
}


def pool_of(variant: str, options: JSONObject) -> str:
    """The pool a game of ``variant`` with ``options`` counts in (see the module docstring)."""
    standard = dict(get_variant(variant).options)
    given = dict(get_variant(variant, **options).options)
    if given == standard:
        return variant
    if variant == "kalah" and all(given[k] == standard[k] for k in KALAH_RULES):
        return f"kalah-{given['pits']}x{given['seeds']}"
    return f"{variant}-other"


def title_of(pool: str) -> str:
    """A pool as a person reads it: "Kalah 6×4", "Kalah 4×3", "Oware"."""
    if pool in TITLES:
        return TITLES[pool]
    if pool.startswith("kalah-") and "x" in pool:
        pits, _, seeds = pool.removeprefix("kalah-").partition("x")
        return f"Kalah {pits}×{seeds}"
    base, _, rest = pool.partition("-")
    title = base.replace("_", " ").title()
    return f"{title}, house rules" if rest == "other" else title


def rated_pair(game: Game) -> tuple[str, str] | None:
    """The two devices of a game created rated between two devices (seat 0's, seat 1's), or
    None when it can't count: not rated, not between two devices, a seat open or held by the
    computer, both seats one device.  Whether both have names is the store's to say."""
    if not game.data.get("rated") or game.mode != "remote":
        return None
    if game.data.get("start") is not None:
        return None
    owners = [s.owner if s.kind == "human" else None for s in game.seats]
    first, second = owners
    if first is None or second is None or first == second:
        return None
    return first, second


def score_of(game: Game) -> float | None:
    """Seat 0's score in a finished game: 1 a win, 0.5 a draw, 0 a loss; None while it goes
    on or when it was aborted (no result)."""
    if not game.over or game.aborted is not None:
        return None
    winner = game.winner()
    return 0.5 if winner is None else float(winner == 0)
