"""The rating policy: which finished rated games change ratings (docs/hosting.md, "Rating
policy").  A game created rated between two named devices counts when:

- it was not called off (an aborted game never counts);
- both players moved (:data:`MIN_MOVES` move each) before a resignation or an agreed draw: until
  then the game could be called off, so ending it by resigning is calling it off (as lichess
  counts a game once both sides moved); a clock can't run out before both moved (that is the
  first-move window, an abort), and the rules end no game that early;
- it is the pair's first rated game in its pool in the last :data:`PAIR_WINDOW` seconds
  (:data:`PAIR_GAMES` a day, whoever won): a pair's later games that day are played as rated
  but change nothing.

Why so few: two devices of one person, resigning to each other as fast as the server allows,
are the farm this stops.  Glicko-2 gives a newcomer +162 for a win over another newcomer, and
+58 more for a second one (1500 -> 1720), so a second counted game a day between one pair
would already lift a farmed rating past 1700.  One a day keeps it at 1662 however long they
farm, while every other opponent of the evening still counts.  The move minimum stops the
fastest farm (seek, join, resign at move 0) from even being claimed as a result; more moves
would not bound the farm further (a script plays them as fast), the pair's cap does.

Whether a game counts is decided once, in the settlement's transaction (:mod:`settle`);
:func:`why_not` says it in words for the end-of-game dialog.
"""

from __future__ import annotations

from app.games.model import Game

MIN_MOVES = 1
PAIR_GAMES = 1
PAIR_WINDOW = 86400.0

ABORTED = "the game was called off before both players moved"
NO_NAME = "a player had no player's name"
SHORT = "it ended before both players had moved"
PAIR = (
    "these two players' rated game in this pool already counted in the last 24 hours "
    "(one a day for each pair of players)"
)


def moves_of(game: Game, seat: int) -> int:
    """How many moves ``seat`` made in the game."""
    return sum(1 for r in game.record.records if r.player == seat)


def too_short(game: Game) -> bool:
    """Whether a resignation or an agreed draw ended the game before both players made
    :data:`MIN_MOVES` moves."""
    if game.ended_by not in ("resignation", "agreement"):
        return False
    return min(moves_of(game, 0), moves_of(game, 1)) < MIN_MOVES


def why_not(game: Game, named: bool, settled: bool) -> str | None:
    """Why a finished rated game changed no rating, in words (None while that is not decided:
    a game in play, or one whose settlement has not run).  ``named``: both players have
    names; ``settled``: its settlement ran (and rated nothing)."""
    if not game.over:
        return None
    if game.aborted is not None:
        return ABORTED
    if not named:
        return NO_NAME
    if too_short(game):
        return SHORT
    return PAIR if settled else None
