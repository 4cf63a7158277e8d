"""Relay: Kalah-style sowing where a last seed in an own occupied pit sows on (no captures).

The rules (the relay game of the Flask reference project; "avalanche" with own-side relay):

* 6 pits a side, 4 seeds each;
* sow counter-clockwise one seed a pit, into your own store but never the opponent's;
* last seed in your own store: you move again;
* last seed in one of your own pits that already held seeds: lift them all and keep sowing from
  there by the same rules;
* last seed in an empty pit of yours or in any pit of the opponent's: the turn ends;
* there are no captures;
* a player with no seeds on their row passes;
* the game ends when every seed is in a store; most seeds wins.

A move always ends: the sowing only moves forward, so every 13 seeds sown pass the mover's store
and add one seed to it, and a store can't grow past the 48 seeds in play.
"""

from __future__ import annotations

from typing import ClassVar

from engine.core import Ending, EndKind, MoveRecord, Option, Player, Rules
from engine.texts import N_


class Relay(Rules):
    name: ClassVar[str] = "relay"
    title: ClassVar[str] = "Relay"
    summary: ClassVar[str] = N_(
        "Kalah sowing that keeps going: when your last seed lands in one of your own pits that "
        "already held seeds, pick them all up and sow on. Last seed in your store: move again; "
        "in an empty pit of yours or on the opponent's side: your turn ends. No captures. "
        "A player without seeds passes; when every seed is in a store, most seeds wins."
    )
    rules_lines: ClassVar[tuple[str, ...]] = (
        N_("6 pits a side, 4 seeds each;"),
        N_("sow counter-clockwise one seed a pit, into your own store but never the opponent's;"),
        N_("last seed in your own store: you move again;"),
        N_(
            "last seed in one of your own pits that already held seeds: lift them all and keep "
            "sowing from there by the same rules;"
        ),
        N_("last seed in an empty pit of yours or in any pit of the opponent's: the turn ends;"),
        N_("there are no captures;"),
        N_("a player with no seeds on their row passes;"),
        N_("the game ends when every seed is in a store; most seeds wins."),
    )
    """The rules a person reads, one a line: the bullets above, marked for the catalogs."""
    options_spec: ClassVar[dict[str, Option]] = {}

    def sow(self, board: list[int], player: Player, pit: int, rec: MoveRecord | None) -> int:
        """Lift the pit and sow one seed a pit, skipping the opponent's store; relay from an own
        pit that already held seeds.  Returns where the last seed of the last lap landed."""
        i = self.index(player, pit)
        nxt = self.next_pit[player]
        while True:
            seeds = board[i]
            board[i] = 0
            if rec is not None:
                rec.lifted.append((i, seeds))
            for _ in range(seeds):
                i = nxt[i]
                board[i] += 1
                if rec is not None:
                    rec.sown.append(i)
            if not self.relays(board, player, i):
                return i

    def relays(self, board: list[int], player: Player, last: int) -> bool:
        """Last seed in one of the mover's own pits that already held seeds: sowing goes on."""
        first = (self.pits + 1) * player
        return first <= last < first + self.pits and board[last] > 1

    def extra_turn(self, board: list[int], player: Player, last: int) -> bool:
        """Last seed in the mover's own store: the mover goes again."""
        return last == self.store(player)

    def game_over(self, board: list[int], next_player: Player) -> Ending | None:
        """The game ends when every seed is in a store."""
        if any(board[i] for p in (0, 1) for i in self.row(p)):
            return None
        return Ending(EndKind.ALL_STORED, N_("every seed is in a store"))
