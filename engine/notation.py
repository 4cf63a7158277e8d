"""Move text: the pit letter, seeds sown, seeds captured, and a mark for an extra turn.

Player 0's pits are ``A``, ``B``, ... and player 1's ``a``, ``b``, ... in sowing order.  ``C4``
is pit C with 4 seeds sown; ``d7x3`` also captured 3; a trailing ``+`` means the mover goes again.
``swap`` is the pie rule's swap of sides (played by the second player, see ``engine.core.SWAP``).

>>> from engine import get_variant
>>> state = get_variant("kalah").initial_state()
>>> after, record = state.play_record(2)
>>> move_text(record)
'C4+'
>>> parse_move("C4+", 6)
ParsedMove(player=0, pit=2, sown=4, captured=0, extra_turn=True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.core import SWAP, MoveRecord, Player

_MOVE = re.compile(r"^([A-Za-z])(\d+)?(?:x(\d+))?(\+)?$")
SWAP_TEXT = "swap"


def pit_letter(player: Player, pit: int) -> str:
    """``A``.. for player 0's pits, ``a``.. for player 1's."""
    return chr((ord("a") if player else ord("A")) + pit)


def move_text(record: MoveRecord) -> str:
    """The notation of a played move, from what the move did."""
    if record.pit == SWAP:
        return SWAP_TEXT
    text = f"{pit_letter(record.player, record.pit)}{len(record.sown)}"
    if record.captured:
        text += f"x{record.captured}"
    if record.extra_turn and not record.ended:
        text += "+"
    return text


@dataclass(frozen=True)
class ParsedMove:
    """A move read from text; counts that the text leaves out are None (``swap``: the player is
    whoever is to move, None here)."""

    player: Player | None
    pit: int
    sown: int | None
    captured: int | None
    extra_turn: bool


def parse_move(text: str, pits: int) -> ParsedMove:
    """Read move text such as ``C4``, ``d7x3``, ``B`` or ``swap``; ValueError saying what is
    wrong."""
    if text.strip().lower() == SWAP_TEXT:
        return ParsedMove(None, SWAP, None, None, False)
    match = _MOVE.match(text.strip())
    if not match:
        raise ValueError(
            f"{text!r} is not a move: expected a pit letter, e.g. 'C4' or 'd7x3', or 'swap'"
        )
    letter, sown, captured, extra = match.groups()
    player = 0 if letter.isupper() else 1
    pit = ord(letter.lower()) - ord("a")
    if pit >= pits:
        last = pit_letter(player, pits - 1)
        raise ValueError(f"{text!r}: pit {letter} does not exist (pits run to {last})")
    return ParsedMove(
        player,
        pit,
        int(sown) if sown is not None else None,
        int(captured) if captured is not None else (0 if sown is not None else None),
        extra is not None,
    )
