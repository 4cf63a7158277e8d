"""Oware abapa (Awalé): no stores on the sowing path, captures of 2s and 3s on the far row.

The rules:

* sow counter-clockwise one seed a house over the twelve houses; a move of 12 or more seeds
  skips the house it started from;
* if the last seed makes an opponent house hold 2 or 3, the mover captures it, and then the
  houses before it on the opponent's row while each holds 2 or 3 (an unbroken run);
* a move that would capture every seed the opponent has captures nothing (the grand slam;
  ``grand_slam="illegal"`` forbids it unless every legal move is one, and then it captures
  nothing; ``grand_slam="capture_all"`` lets it capture as usual);
* when the opponent has no seeds, the mover must play a move that gives them some; if no move
  does, the game ends;
* when a position (same board, same player to move) repeats since the last capture, the game
  ends;
* when the game ends each player banks the seeds on their own row; more than half the seeds
  (25 of 48) wins, 24 each is a draw.
* the pie rule (``pie=True``, :data:`engine.variants.options.PIE`): the second player may swap
  sides instead of their first sowing.

The store slots of the board hold each player's captured seeds and are never sown into.
"""

from __future__ import annotations

from typing import ClassVar

from engine.core import Board, Ending, EndKind, MoveRecord, Option, Player, Rules, State
from engine.texts import N_
from engine.variants.options import PIE, PIE_RULE


class Oware(Rules):
    name: ClassVar[str] = "oware"
    title: ClassVar[str] = "Oware"
    summary: ClassVar[str] = N_(
        "No stores on the path; 12+ seeds skip the house they came from. Last seed making an "
        "opponent house 2 or 3 captures it and the unbroken run of 2s and 3s before it, unless "
        "that would take all their seeds. You must feed an opponent who has none. "
        "25 of 48 seeds wins."
    )
    rules_lines: ClassVar[tuple[str, ...]] = (
        N_(
            "sow counter-clockwise one seed a house over the twelve houses; a move of 12 or more "
            "seeds skips the house it started from;"
        ),
        N_(
            "if the last seed makes an opponent house hold 2 or 3, the mover captures it, and then"
            " the houses before it on the opponent's row while each holds 2 or 3 (an unbroken "
            "run);"
        ),
        N_(
            "a move that would capture every seed the opponent has captures nothing (the grand "
            'slam; grand_slam="illegal" forbids it unless every legal move is one, and then it '
            'captures nothing; grand_slam="capture_all" lets it capture as usual);'
        ),
        N_(
            "when the opponent has no seeds, the mover must play a move that gives them some; if "
            "no move does, the game ends;"
        ),
        N_(
            "when a position (same board, same player to move) repeats since the last capture, the"
            " game ends;"
        ),
        N_(
            "when the game ends each player banks the seeds on their own row; more than half the "
            "seeds (25 of 48) wins, 24 each is a draw."
        ),
        PIE_RULE,
    )
    """The rules a person reads, one a line: the bullets above, marked for the catalogs."""
    options_spec: ClassVar[dict[str, Option]] = {
        "grand_slam": Option(
            str,
            "no_capture",
            N_(
                "A move that would capture all the opponent's seeds: captures nothing, may not be "
                "played unless every move is one, or captures them all"
            ),
            choices=("no_capture", "illegal", "capture_all"),
            quiet_default=True,
        ),
        "pie": PIE,
    }
    has_stores_on_path: ClassVar[bool] = False
    store_word: ClassVar[str] = "captured seeds"

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        self.grand_slam: str = self.options["grand_slam"]
        # next_house[i]: the house after i, counter-clockwise, stepping over both store slots.
        self.next_house = tuple((i + 2) % 14 if i in (5, 12) else (i + 1) % 14 for i in range(14))

    def kernel_rules(self) -> tuple[str, tuple[int, ...]]:
        """Oware's family; flag: the grand-slam rule (0 no capture, 1 illegal, 2 capture all)."""
        return "oware", (self.options_spec["grand_slam"].choices.index(self.grand_slam),)

    def moves(self, board: list[int] | Board, player: Player) -> list[int]:
        """Non-empty houses; when the opponent's row is empty, only moves that reach it."""
        base = 7 * player
        mine = [i for i in range(6) if board[base + i]]
        if not any(board[7 - base : 13 - base]):
            mine = [i for i in mine if self.feeds(board, base + i)]
        if self.grand_slam == "illegal":
            return self.without_grand_slams(board, player, mine)
        return mine

    def without_grand_slams(
        self, board: list[int] | Board, player: Player, moves: list[int]
    ) -> list[int]:
        """``grand_slam="illegal"``: drop the moves that would capture all the opponent's seeds,
        unless every move would (then they may be played, and capture nothing)."""
        allowed = [pit for pit in moves if not self.would_grand_slam(board, player, pit)]
        return allowed or moves

    def would_grand_slam(self, board: list[int] | Board, player: Player, pit: int) -> bool:
        """Whether sowing ``pit`` ends in a capture of every seed the opponent has."""
        trial = list(board)
        last = self.sow(trial, player, pit, None)
        first = 7 - 7 * player
        run = self.capture_run(trial, first, last)
        return bool(run) and self.is_grand_slam(trial, first, run)

    def feeds(self, board: list[int] | Board, index: int) -> bool:
        """Whether sowing from ``index`` reaches the opponent's row (house 5 is 1 step from it)."""
        return board[index] >= 6 - index % 7

    def why_illegal(self, board: list[int], player: Player, pit: int) -> str:
        if board[7 * player + pit] == 0:
            return "that house is empty"
        if any(board[7 - 7 * player : 13 - 7 * player]) or self.feeds(board, 7 * player + pit):
            return "it would capture all the opponent's seeds (a grand slam) and other moves don't"
        return "the opponent has no seeds and this move does not give them any"

    def sow(self, board: list[int], player: Player, pit: int, rec: MoveRecord | None) -> int:
        """Sow one seed a house over all twelve houses, skipping the origin on later laps."""
        origin = 7 * player + pit
        seeds = board[origin]
        board[origin] = 0
        if rec is not None:
            rec.lifted.append((origin, seeds))
        nxt = self.next_house
        i = origin
        while seeds:
            i = nxt[i]
            if i == origin:
                continue
            board[i] += 1
            seeds -= 1
            if rec is not None:
                rec.sown.append(i)
        return i

    def capture(self, board: list[int], player: Player, last: int, rec: MoveRecord | None) -> None:
        """Last seed making an opponent house 2 or 3 takes it and the run of 2s and 3s before it."""
        first = 7 - 7 * player  # the opponent's first house
        if board[last] not in (2, 3):
            return
        run = self.capture_run(board, first, last)
        if not run or (self.grand_slam != "capture_all" and self.is_grand_slam(board, first, run)):
            return
        store = 13 if player else 6
        for i in run:
            if rec is not None:
                rec.captures.append((i, board[i]))
            board[store] += board[i]
            board[i] = 0

    def capture_run(self, board: list[int], first: int, last: int) -> list[int]:
        """The houses a last seed at ``last`` captures: it, if it now holds 2 or 3 and is on the
        opponent's row (which starts at ``first``), and the unbroken run of 2s and 3s before it."""
        run: list[int] = []
        if not first <= last < first + 6:
            return run
        i = last
        while i >= first and board[i] in (2, 3):
            run.append(i)
            i -= 1
        return run

    def is_grand_slam(self, board: list[int], first: int, run: list[int]) -> bool:
        """A capture that would leave the opponent's row empty captures nothing (by default)."""
        return sum(board[first : first + 6]) == sum(board[i] for i in run)

    def game_over(self, board: list[int], next_player: Player) -> Ending | None:
        """The game ends once a player has captured more than half the seeds."""
        half = self.total_seeds // 2
        if board[6] > half or board[13] > half:
            return Ending(EndKind.MAJORITY, N_("a player has captured more than half the seeds"))
        return None

    # -- repetition ---------------------------------------------------------------------------

    def start_history(self, board: Board, to_move: Player) -> frozenset[tuple[Board, Player]]:
        return frozenset({(board, to_move)})

    def next_history(
        self, state: State, board: list[int], nxt: Player | None, rec: MoveRecord | None
    ) -> tuple[Player | None, frozenset[tuple[Board, Player]]]:
        """A position seen before since the last capture ends the game; a capture clears history."""
        if nxt is None:
            return None, frozenset()
        key = (tuple(board), nxt)
        captured = board[6] + board[13] != state.board[6] + state.board[13]
        if captured:
            return nxt, frozenset({key})
        if key in state.history:
            self.bank(board, rec, Ending(EndKind.REPETITION, N_("the position repeated")))
            return None, frozenset()
        return nxt, state.history | {key}
