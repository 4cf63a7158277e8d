"""Kalah: sow into your own store, extra turn in the store, capture from an own empty pit.

The rules (Kalah as standardised by William Champion, with the usual options):

* sow counter-clockwise one seed a pit, into your own store but never the opponent's;
* last seed in your own store: you move again;
* last seed in an empty pit of your own row, with seeds in the pit opposite: that seed and the
  opposite seeds go to your store (``empty_capture=True`` captures even when the opposite pit is
  empty; ``capture=False`` turns capturing off);
* when either row is empty after a move the game ends and each player banks their own row
  (``end="mover_cannot_move"`` ends it only when the player to move has no seeds;
  ``leftovers="none"`` leaves the seeds still on the rows to nobody).
* the pie rule (``pie=True``, :data:`engine.variants.options.PIE`): the second player may swap
  sides instead of their first sowing.
"""

from __future__ import annotations

from typing import ClassVar

from engine.core import NO_SEEDS, Ending, EndKind, MoveRecord, Option, Player, Rules
from engine.texts import N_
from engine.variants.options import PIE, PIE_RULE

EITHER_ROW_EMPTY = "either_row_empty"
MOVER_CANNOT_MOVE = "mover_cannot_move"


class Kalah(Rules):
    name: ClassVar[str] = "kalah"
    title: ClassVar[str] = "Kalah"
    summary: ClassVar[str] = N_(
        "Sow into your own store (never the opponent's). Last seed in your store: move again. "
        "Last seed in an empty pit of yours with seeds opposite: take it and them (with the "
        "opposite pit empty, nothing is taken). "
        "When a row is empty, each player banks their own row; most seeds wins."
    )
    rules_lines: ClassVar[tuple[str, ...]] = (
        N_("sow counter-clockwise one seed a pit, into your own store but never the opponent's;"),
        N_("last seed in your own store: you move again;"),
        N_(
            "last seed in an empty pit of your own row, with seeds in the pit opposite: that seed "
            "and the opposite seeds go to your store (empty_capture=True captures even when the "
            "opposite pit is empty; capture=False turns capturing off);"
        ),
        N_(
            "when either row is empty after a move the game ends and each player banks their own "
            'row (end="mover_cannot_move" ends it only when the player to move has no seeds; '
            'leftovers="none" leaves the seeds still on the rows to nobody).'
        ),
        PIE_RULE,
    )
    """The rules a person reads, one a line: the bullets above, marked for the catalogs."""
    options_spec: ClassVar[dict[str, Option]] = {
        "pits": Option(int, 6, N_("Pits per row"), minimum=3, maximum=8),
        "seeds": Option(int, 4, N_("Seeds per pit at the start"), minimum=1, maximum=8),
        "capture": Option(
            bool, True, N_("Last seed in an own empty pit captures the pit opposite")
        ),
        "empty_capture": Option(
            bool, False, N_("Capture even when the opposite pit is empty (takes the lone seed)")
        ),
        "end": Option(
            str,
            EITHER_ROW_EMPTY,
            N_(
                "When the game ends: as soon as either row is empty, or only when the player to "
                "move has no seeds"
            ),
            choices=(EITHER_ROW_EMPTY, MOVER_CANNOT_MOVE),
            quiet_default=True,
        ),
        "leftovers": Option(
            str,
            "owner",
            N_("Seeds left on a row at the end: its owner banks them, or they count for nobody"),
            choices=("owner", "none"),
            quiet_default=True,
        ),
        "pie": PIE,
    }

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        self.ends_when_mover_is_stuck = self.options["end"] == MOVER_CANNOT_MOVE

    def kernel_rules(self) -> tuple[str, tuple[int, ...]]:
        """Kalah's family; flags: capture, empty_capture, ends when either row is empty,
        leftovers banked by their owner."""
        o = self.options
        flags = (o["capture"], o["empty_capture"], not self.ends_when_mover_is_stuck)
        return "kalah", (*(int(f) for f in flags), int(o["leftovers"] == "owner"))

    def sow(self, board: list[int], player: Player, pit: int, rec: MoveRecord | None) -> int:
        """Lift the pit and drop one seed in each following pit, skipping the opponent's store."""
        i = pit + (self.pits + 1) * player
        seeds = board[i]
        board[i] = 0
        nxt = self.next_pit[player]
        if rec is not None:
            rec.lifted.append((i, seeds))
            for _ in range(seeds):
                i = nxt[i]
                board[i] += 1
                rec.sown.append(i)
            return i
        for _ in range(seeds):
            i = nxt[i]
            board[i] += 1
        return i

    def capture(self, board: list[int], player: Player, last: int, rec: MoveRecord | None) -> None:
        """Last seed in an own pit that was empty: it and the opposite pit go to the store."""
        if not self.options["capture"] or board[last] != 1 or self.owner(last) != player:
            return
        if last in (self.store0, self.store1):
            return
        across = 2 * self.pits - last
        if board[across] == 0 and not self.options["empty_capture"]:
            return
        store = self.store1 if player else self.store0
        taken = board[across] + 1
        if rec is not None:
            if board[across]:
                rec.captures.append((across, board[across]))
            rec.captures.append((last, 1))
        board[store] += taken
        board[across] = 0
        board[last] = 0

    def extra_turn(self, board: list[int], player: Player, last: int) -> bool:
        """Last seed in the mover's own store: the mover goes again."""
        return bool(last == (self.store1 if player else self.store0))

    def game_over(self, board: list[int], next_player: Player) -> Ending | None:
        """The game ends as soon as either row is empty (or, with ``end="mover_cannot_move"``,
        only when the player to move next has no seeds)."""
        n = self.pits
        if self.ends_when_mover_is_stuck:
            if any(board[(n + 1) * next_player : (n + 1) * next_player + n]):
                return None
            return Ending.of(EndKind.CANNOT_MOVE, NO_SEEDS, player=next_player)
        if any(board[:n]) and any(board[n + 1 : 2 * n + 1]):
            return None
        return Ending(EndKind.ROW_EMPTY, N_("a row is empty"))

    def bank(self, board: list[int], rec: MoveRecord | None, ending: Ending) -> None:
        """End of game: each player banks their own row (``leftovers="none"``: nobody does, and
        the seeds stay on the board, counting for nobody)."""
        if self.options["leftovers"] == "owner":
            super().bank(board, rec, ending)
        elif rec is not None:
            rec.end(ending)
