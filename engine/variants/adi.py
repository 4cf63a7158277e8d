"""Adi (one round, as the C++ reference project plays it): relay sowing that captures fours.

The rules:

* 6 pits a side, 4 seeds each; no stores on the path (the store slots hold captured seeds);
* sow counter-clockwise one seed a pit over all 12 pits, the pit the move started from included
  on later laps;
* a seed that is not the last one and makes a pit hold 4: that pit's owner captures the 4 at once;
* the last seed: if its pit now holds 1 the turn ends; if it holds 4 the mover captures them;
  otherwise the mover lifts that pit and keeps sowing;
* a capture that leaves exactly 4 seeds in play (on the board plus any still being sown) gives
  those 4 to the capturer too, and the game ends ("when only 8 seeds remain, whoever captures
  the next 4 also takes the last 4");
* a move that cycles forever (the same board with the same sowing position at a lift, within
  the move) ends the game with the seeds on the board split evenly; so does a position that
  repeats with the same player to move;
* a player with no seeds passes; the game ends when the board is empty; more captured seeds wins.
"""

from __future__ import annotations

from typing import ClassVar

from engine.core import Board, Ending, EndKind, MoveRecord, Option, Player, Rules, State
from engine.texts import N_

CYCLE = N_("the move cycles forever: the seeds on the board are split evenly")
REPEAT = N_("the position repeated: the seeds on the board are split evenly")
LAST_FOUR = N_("a capture left the last four seeds, and the capturer takes them too")


class Adi(Rules):
    name: ClassVar[str] = "adi"
    title: ClassVar[str] = "Adi"
    summary: ClassVar[str] = N_(
        "Sow over all twelve pits. When your last seed lands in a pit that now holds 1, your "
        "turn ends; 4, you capture them; any other number, pick them up and sow on. Any other "
        "seed that makes a pit 4 gives those 4 to that pit's owner at once. Whoever captures "
        "when 8 seeds are left takes all 8. A move or a game that goes round in circles ends "
        "with the seeds split evenly. More captured seeds wins."
    )
    rules_lines: ClassVar[tuple[str, ...]] = (
        N_(
            "6 pits a side, 4 seeds each; no stores on the path (the store slots hold captured "
            "seeds);"
        ),
        N_(
            "sow counter-clockwise one seed a pit over all 12 pits, the pit the move started from "
            "included on later laps;"
        ),
        N_(
            "a seed that is not the last one and makes a pit hold 4: that pit's owner captures the"
            " 4 at once;"
        ),
        N_(
            "the last seed: if its pit now holds 1 the turn ends; if it holds 4 the mover captures"
            " them; otherwise the mover lifts that pit and keeps sowing;"
        ),
        N_(
            "a capture that leaves exactly 4 seeds in play (on the board plus any still being "
            'sown) gives those 4 to the capturer too, and the game ends ("when only 8 seeds '
            'remain, whoever captures the next 4 also takes the last 4");'
        ),
        N_(
            "a move that cycles forever (the same board with the same sowing position at a lift, "
            "within the move) ends the game with the seeds on the board split evenly; so does a "
            "position that repeats with the same player to move;"
        ),
        N_(
            "a player with no seeds passes; the game ends when the board is empty; more captured "
            "seeds wins."
        ),
    )
    """The rules a person reads, one a line: the bullets above, marked for the catalogs."""
    options_spec: ClassVar[dict[str, Option]] = {}
    has_stores_on_path: ClassVar[bool] = False
    store_word: ClassVar[str] = "captured seeds"

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        # next_house[i]: the pit after i, counter-clockwise, stepping over both store slots.
        self.next_house = tuple((i + 2) % 14 if i in (5, 12) else (i + 1) % 14 for i in range(14))
        self.pit_indices = (*range(6), *range(7, 13))

    def position(
        self,
        board: Board | list[int],
        to_move: Player | None = 0,
        extra: tuple[int, ...] | None = None,
    ) -> State:
        """A literal position; seeds are captured in fours, so each store holds a multiple of 4."""
        state = super().position(board, to_move, extra)
        if state.board[6] % 4 or state.board[13] % 4:
            raise ValueError("an adi store holds a multiple of 4 seeds (captures come in fours)")
        return state

    def apply(
        self, board: list[int], player: Player, pit: int, rec: MoveRecord | None = None
    ) -> Player | None:
        """Play the move (which may end the game by itself); then the opponent moves, or the
        mover again if the opponent has no seeds (a pass); an empty board ends the game."""
        if self.sow_and_capture(board, player, pit, rec):
            return None
        for nxt in (1 - player, player):
            if self.moves(board, nxt):
                return nxt
        self.bank(board, rec, Ending(EndKind.BOARD_EMPTY, N_("the board is empty")))
        return None

    def sow_and_capture(
        self, board: list[int], player: Player, pit: int, rec: MoveRecord | None
    ) -> bool:
        """Sow from the pit over all twelve pits, relaying and capturing as the rules say;
        True if the move ended the game (the last four were taken, or the move cycles)."""
        nxt = self.next_house
        i = self.index(player, pit)
        lifts: set[tuple[tuple[int, ...], int]] = set()
        while True:
            if self.cycles(board, i, lifts):
                self.split(board, rec, Ending(EndKind.CYCLE, CYCLE))
                return True
            hand = board[i]
            board[i] = 0
            if rec is not None:
                rec.lifted.append((i, hand))
            while hand:
                i = nxt[i]
                board[i] += 1
                hand -= 1
                if rec is not None:
                    rec.sown.append(i)
                if hand and board[i] == 4 and self.owner_takes_four(board, player, i, hand, rec):
                    return True
            if board[i] == 1:
                return False  # the last seed in an empty pit: the turn ends
            if board[i] == 4:
                return self.mover_takes_four(board, player, i, rec)
            # any other number: lift the pit and keep sowing

    def cycles(self, board: list[int], i: int, lifts: set[tuple[tuple[int, ...], int]]) -> bool:
        """The same board with the same sowing position at a lift within one move: the move
        would go on forever."""
        key = (tuple(board), i)
        if key in lifts:
            return True
        lifts.add(key)
        return False

    def owner_takes_four(
        self, board: list[int], mover: Player, i: int, hand: int, rec: MoveRecord | None
    ) -> bool:
        """A seed that is not the last making a pit 4: that pit's owner captures the 4 at once.
        Returns True if that capture ended the game (the last four)."""
        owner = self.owner(i)
        self.take(board, mover, owner, i, rec)
        return self.takes_last_four(board, mover, owner, i, hand, rec)

    def mover_takes_four(
        self, board: list[int], mover: Player, i: int, rec: MoveRecord | None
    ) -> bool:
        """The last seed making a pit 4: the mover captures the 4, on either side.  Returns True
        if that capture ended the game (the last four)."""
        self.take(board, mover, mover, i, rec)
        return self.takes_last_four(board, mover, mover, i, 0, rec)

    def takes_last_four(
        self,
        board: list[int],
        mover: Player,
        capturer: Player,
        i: int,
        hand: int,
        rec: MoveRecord | None,
    ) -> bool:
        """A capture that leaves exactly 4 seeds in play (on the board and in hand) gives them to
        the capturer too, and the game ends."""
        left = hand + sum(board[j] for j in self.pit_indices)
        if left != 4:
            return False
        if hand:
            # The seeds still in hand are taken where the sowing stopped.
            board[self.store(capturer)] += hand
            if rec is not None:
                self.note_capture(rec, mover, capturer, i, hand)
        for j in self.pit_indices:
            if board[j]:
                self.take(board, mover, capturer, j, rec)
        if rec is not None:
            rec.end(Ending(EndKind.LAST_FOUR, LAST_FOUR))
        return True

    def take(
        self, board: list[int], mover: Player, capturer: Player, i: int, rec: MoveRecord | None
    ) -> None:
        """Move the seeds of pit ``i`` into the capturer's store."""
        if rec is not None:
            self.note_capture(rec, mover, capturer, i, board[i])
        board[self.store(capturer)] += board[i]
        board[i] = 0

    @staticmethod
    def note_capture(rec: MoveRecord, mover: Player, capturer: Player, i: int, seeds: int) -> None:
        """Record a capture as the mover's or, when the opponent takes it, as theirs."""
        (rec.captures if capturer == mover else rec.opponent_captures).append((i, seeds))

    def split(self, board: list[int], rec: MoveRecord | None, ending: Ending) -> None:
        """End of game by a cycle or a repetition: the seeds on the board are split evenly."""
        half = sum(board[j] for j in self.pit_indices) // 2
        for j in self.pit_indices:
            board[j] = 0
        board[6] += half
        board[13] += half
        if rec is not None:
            rec.banked = (half, half)
            rec.end(ending)

    # -- repetition ---------------------------------------------------------------------------

    def start_history(self, board: Board, to_move: Player) -> frozenset[tuple[Board, Player]]:
        return frozenset({(board, to_move)})

    def next_history(
        self, state: State, board: list[int], nxt: Player | None, rec: MoveRecord | None
    ) -> tuple[Player | None, frozenset[tuple[Board, Player]]]:
        """A position seen before with the same player to move ends the game, the seeds on the
        board split evenly.  Positions before a capture can't recur (the stores only grow), so
        history restarts at each capture."""
        if nxt is None:
            return None, frozenset()
        key = (tuple(board), nxt)
        if board[6] + board[13] != state.board[6] + state.board[13]:
            return nxt, frozenset({key})
        if key in state.history:
            self.split(board, rec, Ending(EndKind.REPETITION, REPEAT))
            return None, frozenset()
        return nxt, state.history | {key}
