"""Congkak (one round, sequential turns): relay sowing on both sides, 7 pits of 7 seeds.

The rules:

* 7 pits a side, 7 seeds each (98 seeds); each player's store is on the sowing path;
* sow counter-clockwise one seed a pit, into your own store but never the opponent's (the pit
  you started from is sown into again on a later lap, as in Kalah);
* last seed in your own store: you move again;
* last seed in a pit on either side that already held seeds: lift them all and keep sowing;
* last seed in an empty pit of yours: you capture it and the pit opposite, even if that is empty;
* last seed in an empty pit of the opponent's: the turn ends;
* the game ends when the player to move has no seeds (there is no passing); each player banks the
  seeds on their own row, and most seeds wins.

A move always ends: the sowing only moves forward, so every 15 seeds sown pass the mover's store
and add one seed to it, and a store can't grow past the 98 seeds in play.
"""

from __future__ import annotations

from typing import ClassVar

from engine.core import NO_SEEDS, Ending, EndKind, MoveRecord, Option, Player
from engine.texts import N_
from engine.variants.relay import Relay


class Congkak(Relay):
    """Relay's sowing (:meth:`Relay.sow`) and extra turn, relaying from either side, with
    Congkak's capture and end."""

    name: ClassVar[str] = "congkak"
    title: ClassVar[str] = "Congkak"
    summary: ClassVar[str] = N_(
        "Seven pits of seven seeds. Sow into your own store (never the opponent's); when the "
        "last seed lands in a pit that already held seeds, on either side, pick them all up and "
        "sow on. Last seed in your store: move again; in an empty pit of yours: take it and the "
        "pit opposite; in an empty pit of theirs: your turn ends. The game ends when the player "
        "to move has no seeds; each banks their own row and most seeds wins."
    )
    rules_lines: ClassVar[tuple[str, ...]] = (
        N_("7 pits a side, 7 seeds each (98 seeds); each player's store is on the sowing path;"),
        N_(
            "sow counter-clockwise one seed a pit, into your own store but never the opponent's "
            "(the pit you started from is sown into again on a later lap, as in Kalah);"
        ),
        N_("last seed in your own store: you move again;"),
        N_(
            "last seed in a pit on either side that already held seeds: lift them all and keep "
            "sowing;"
        ),
        N_(
            "last seed in an empty pit of yours: you capture it and the pit opposite, even if that"
            " is empty;"
        ),
        N_("last seed in an empty pit of the opponent's: the turn ends;"),
        N_(
            "the game ends when the player to move has no seeds (there is no passing); each player"
            " banks the seeds on their own row, and most seeds wins."
        ),
    )
    """The rules a person reads, one a line: the bullets above, marked for the catalogs."""
    options_spec: ClassVar[dict[str, Option]] = {}
    default_pits: ClassVar[int] = 7
    default_seeds: ClassVar[int] = 7

    def relays(self, board: list[int], player: Player, last: int) -> bool:
        """Last seed in a pit (not a store) on either side that already held seeds: sow on."""
        return last not in (self.store0, self.store1) and board[last] > 1

    def capture(self, board: list[int], player: Player, last: int, rec: MoveRecord | None) -> None:
        """Last seed in an empty pit of the mover's: it and the pit opposite (even if empty) go
        to the mover's store."""
        if last not in self.row(player) or board[last] != 1:
            return
        across = self.opposite(last)
        if rec is not None:
            if board[across]:
                rec.captures.append((across, board[across]))
            rec.captures.append((last, 1))
        board[self.store(player)] += board[across] + 1
        board[across] = 0
        board[last] = 0

    def game_over(self, board: list[int], next_player: Player) -> Ending | None:
        """The game ends when the player to move has no seeds to move (nobody passes)."""
        if any(board[i] for i in self.row(next_player)):
            return None
        return Ending.of(EndKind.CANNOT_MOVE, NO_SEEDS, player=next_player)
