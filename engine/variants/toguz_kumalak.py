"""Toguz Kumalak (Kazakh "nine stones"): 2 x 9 pits, 9 stones each, captures on even counts.

The rules:

* 9 pits a side, 9 stones each (162); no stores on the path (the store slots hold captures);
* lift a pit and sow counter-clockwise over the 18 pits, the first stone back into the pit it
  came from (a pit holding a single stone just moves it on to the next pit);
* last stone making an opponent pit even: the mover captures that pit;
* last stone making an opponent pit exactly 3: it becomes the mover's *tuzdyk* and its stones
  are captured, unless the mover has a tuzdyk already, the pit is the opponent's ninth (pit 8),
  or it has the same number as the opponent's own tuzdyk (the "same number" rule); from then on
  every stone sown into a tuzdyk goes straight to its owner's store;
* the game ends as soon as a store holds 82 (that player wins) or both hold 81 (a draw), and the
  stores stand as they are then: stones still on the rows are not banked (they count for nobody);
* a player who cannot move (all their pits empty) ends the game, and the other takes the stones
  left on their own row.

The tuzdyks are not on the board: a state keeps them in ``State.extra`` as (player 0's tuzdyk,
player 1's tuzdyk), each the board index of the pit on the opponent's row or -1 for none.  The
rule hooks see them appended to the board list, at indices ``size`` and ``size + 1``.
"""

from __future__ import annotations

from typing import ClassVar

from engine.core import Board, Ending, EndKind, MoveRecord, Option, Player, Rules
from engine.notation import pit_letter
from engine.texts import N_

CANNOT_MOVE = N_("player %(player)s cannot move")  # an ending's words

NO_TUZDYK = -1


class ToguzKumalak(Rules):
    name: ClassVar[str] = "toguz_kumalak"
    title: ClassVar[str] = "Toguz Kumalak"
    summary: ClassVar[str] = N_(
        "Nine pits of nine stones. The first stone goes back into the pit it came from. Your "
        "last stone making an opponent's pit even captures it; making it exactly 3 turns it "
        "into your tuzdyk (one per game, never their ninth pit, never the number of their "
        "tuzdyk), whose stones are yours for the rest of the game. 82 wins, 81 each is a draw "
        "(the stones left on the rows count for nobody); a player who cannot move ends the "
        "game, and the other takes the stones on their own row."
    )
    rules_lines: ClassVar[tuple[str, ...]] = (
        N_(
            "9 pits a side, 9 stones each (162); no stores on the path (the store slots hold "
            "captures);"
        ),
        N_(
            "lift a pit and sow counter-clockwise over the 18 pits, the first stone back into the "
            "pit it came from (a pit holding a single stone just moves it on to the next pit);"
        ),
        N_("last stone making an opponent pit even: the mover captures that pit;"),
        N_(
            "last stone making an opponent pit exactly 3: it becomes the mover's *tuzdyk* and its "
            "stones are captured, unless the mover has a tuzdyk already, the pit is the opponent's"
            " ninth (pit 8), or it has the same number as the opponent's own tuzdyk (the \"same "
            'number" rule); from then on every stone sown into a tuzdyk goes straight to its '
            "owner's store;"
        ),
        N_(
            "the game ends as soon as a store holds 82 (that player wins) or both hold 81 (a "
            "draw), and the stores stand as they are then: stones still on the rows are not banked"
            " (they count for nobody);"
        ),
        N_(
            "a player who cannot move (all their pits empty) ends the game, and the other takes "
            "the stones left on their own row."
        ),
    )
    """The rules a person reads, one a line: the bullets above, marked for the catalogs."""
    options_spec: ClassVar[dict[str, Option]] = {}
    has_stores_on_path: ClassVar[bool] = False
    store_word: ClassVar[str] = "kazan"
    seed_word: ClassVar[str] = "stones"
    board_only: ClassVar[bool] = False
    default_pits: ClassVar[int] = 9
    default_seeds: ClassVar[int] = 9

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        # row_step[i]: the pit after i, counter-clockwise, stepping over both store slots.
        size, s0, s1 = self.size, self.store0, self.store1
        self.row_step = tuple(
            (i + 2) % size if (i + 1) % size in (s0, s1) else (i + 1) % size for i in range(size)
        )

    # -- the tuzdyks beside the board -----------------------------------------------------------

    def start_extra(self) -> tuple[int, ...]:
        """Nobody has a tuzdyk at the start."""
        return (NO_TUZDYK, NO_TUZDYK)

    def check_extra(self, board: Board, extra: tuple[int, ...]) -> None:
        """Each tuzdyk is -1 or an empty pit of the opponent's row that the rules allow."""
        if len(extra) != 2:
            raise ValueError(f"toguz_kumalak keeps two tuzdyks beside the board, not {extra!r}")
        for player in (0, 1):
            tuzdyk = extra[player]
            if tuzdyk == NO_TUZDYK:
                continue
            pit = tuzdyk - (self.pits + 1) * (1 - player)
            if not 0 <= pit < self.pits - 1 or isinstance(tuzdyk, bool):
                raise ValueError(
                    f"player {player}'s tuzdyk must be -1 or a board index of one of the "
                    f"opponent's first {self.pits - 1} pits, not {tuzdyk!r}"
                )
            if board[tuzdyk]:
                raise ValueError(f"a tuzdyk never holds stones: index {tuzdyk} holds some")
        if NO_TUZDYK not in extra and extra[0] - (self.pits + 1) == extra[1]:
            raise ValueError("the two tuzdyks can't have the same number")

    def special_pits(self, extra: tuple[int, ...]) -> list[tuple[int, Player, str]]:
        """Each player's tuzdyk: a pit on the opponent's row whose stones are the owner's."""
        return [(pit, owner, "tuzdyk") for owner, pit in enumerate(extra) if pit != NO_TUZDYK]

    def extra_text(self, extra: tuple[int, ...]) -> str:
        """Each player's tuzdyk by pit letter (on the opponent's row), e.g. "tuzdyks: c, none"."""
        names = [
            "none" if t == NO_TUZDYK else pit_letter(1 - p, t - (self.pits + 1) * (1 - p))
            for p, t in enumerate(extra)
        ]
        return f"tuzdyks: {names[0]}, {names[1]}"

    def tuzdyk_owner(self, board: list[int], i: int) -> Player | None:
        """The player whose tuzdyk index ``i`` is, or None."""
        size = self.size
        return 0 if board[size] == i else 1 if board[size + 1] == i else None

    # -- rule hooks -----------------------------------------------------------------------------

    def why_illegal(self, board: list[int], player: Player, pit: int) -> str:
        if self.tuzdyk_owner(board, self.index(player, pit)) is not None:
            return "that pit is the opponent's tuzdyk"
        return "that pit is empty"

    def sow(self, board: list[int], player: Player, pit: int, rec: MoveRecord | None) -> int:
        """Lift the pit and sow over the 18 pits, the first stone back into the pit it came
        from (a single stone moves on); returns the index of the last stone's pit."""
        i = self.index(player, pit)
        stones = board[i]
        board[i] = 0
        if rec is not None:
            rec.lifted.append((i, stones))
        if stones > 1:
            self.drop(board, i, rec)
            stones -= 1
        nxt = self.row_step
        for _ in range(stones):
            i = nxt[i]
            self.drop(board, i, rec)
        return i

    def drop(self, board: list[int], i: int, rec: MoveRecord | None) -> None:
        """One stone into pit ``i``; a stone sown into a tuzdyk goes straight to its owner's
        store (and is recorded as sown there)."""
        owner = self.tuzdyk_owner(board, i)
        if owner is not None:
            i = self.store(owner)
        board[i] += 1
        if rec is not None:
            rec.sown.append(i)

    def capture(self, board: list[int], player: Player, last: int, rec: MoveRecord | None) -> None:
        """Last stone making an opponent pit even: capture it; exactly 3: it may become the
        mover's tuzdyk, and its stones are captured."""
        if last not in self.row(1 - player) or self.tuzdyk_owner(board, last) is not None:
            return
        if board[last] % 2 == 0 or (board[last] == 3 and self.makes_tuzdyk(board, player, last)):
            if rec is not None:
                rec.captures.append((last, board[last]))
            board[self.store(player)] += board[last]
            board[last] = 0

    def makes_tuzdyk(self, board: list[int], player: Player, last: int) -> bool:
        """A 3 made on the opponent's row becomes the mover's tuzdyk, unless the mover has one,
        it is the opponent's ninth pit, or it has the number of the opponent's tuzdyk."""
        size = self.size
        if board[size + player] != NO_TUZDYK:
            return False
        number = last - (self.pits + 1) * (1 - player)
        if number == self.pits - 1:
            return False
        theirs = board[size + 1 - player]
        if theirs != NO_TUZDYK and theirs - (self.pits + 1) * player == number:
            return False
        board[size + player] = last
        return True

    def game_over(self, board: list[int], next_player: Player) -> Ending | None:
        """The game ends at 82 in a store, at 81 each, or when the player to move can't move."""
        half = self.total_seeds // 2
        s0, s1 = board[self.store0], board[self.store1]
        if s0 > half or s1 > half:
            return Ending.of(EndKind.MAJORITY, N_("a store holds %(count)s"), count=half + 1)
        if s0 == s1 == half:
            return Ending.of(EndKind.HALF_EACH, N_("both stores hold %(count)s"), count=half)
        if not self.moves(board, next_player):
            return Ending.of(EndKind.CANNOT_MOVE, CANNOT_MOVE, player=next_player)
        return None

    def bank(self, board: list[int], rec: MoveRecord | None, ending: Ending) -> None:
        """End of game: only when a player cannot move are the rows banked (the other player
        takes the stones on their own row); at 82 or 81 each the stores stand as they are and
        the stones left on the rows count for nobody."""
        half = self.total_seeds // 2
        s0, s1 = board[self.store0], board[self.store1]
        if not (s0 > half or s1 > half or s0 == s1 == half):
            super().bank(board, rec, ending)
        elif rec is not None:
            rec.end(ending)
