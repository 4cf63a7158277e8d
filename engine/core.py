"""Game state, move records and the base class that every variant's rules extend.

The board is a tuple in the canonical layout of docs/design.md: player 0's pits in sowing order,
player 0's store, player 1's pits in sowing order, player 1's store.  A move is the mover's pit
index, ``0 .. pits - 1``.

Rules work in two layers (as OpenSpiel's ``ApplyAction`` / ``DoApplyAction``):

* :meth:`Rules.play` validates, keeps the books (history, records) and returns a new
  :class:`State`; the input state is never changed;
* :meth:`Rules.apply` runs the rule hooks on a mutable list.  Searches call it directly on a
  copied list, so every agent plays by exactly the same rules code as the web app.
"""

from __future__ import annotations

import inspect
import re
import sys
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, ClassVar, Final

from engine.texts import N_, Text

Board = tuple[int, ...]
Player = int

SWAP: Final[int] = -1
"""The pie rule's swap, played instead of a pit (see :meth:`Rules.swap`): never in
``legal_moves()``, which lists pits only; :attr:`State.can_swap` says when it is legal."""


class IllegalMove(ValueError):
    """A move that is not legal in the position it was played in."""


class EndKind(StrEnum):
    """Why a game ended, as a kind a program can act on (the words are in :class:`Ending`)."""

    ROW_EMPTY = "row_empty"  # a row is empty (Kalah)
    CANNOT_MOVE = "cannot_move"  # the player to move (or nobody) has a move
    MAJORITY = "majority"  # a player holds more than half the seeds
    HALF_EACH = "half_each"  # both hold exactly half (a draw)
    ALL_STORED = "all_stored"  # every seed is in a store
    BOARD_EMPTY = "board_empty"  # no seed is left on the board
    REPETITION = "repetition"  # a position came back
    LAST_FOUR = "last_four"  # a capture left four seeds, taken too (Adi)
    CYCLE = "cycle"  # a move would sow forever (Adi)


@dataclass(frozen=True)
class Ending:
    """How a game ended: its kind and the same in words for a person (``text``, English;
    ``said``, the message id and its arguments when the words carry a number, made by
    :meth:`of`, so the app can say them in a language)."""

    kind: EndKind
    text: str
    said: Text | None = field(default=None, compare=False)

    @classmethod
    def of(cls, kind: EndKind, message: str, **args: object) -> Ending:
        """An ending worded by the message id ``message`` and its arguments."""
        said = Text(message, MappingProxyType(args))
        return cls(kind, said.english(), said)

    @property
    def words(self) -> Text:
        """The words as a message id and its arguments (the English text alone, as its id,
        when it has none)."""
        return self.said if self.said is not None else Text(self.text)


NOBODY_CAN_MOVE = Ending(EndKind.CANNOT_MOVE, N_("no player can move"))
# The player to move next has no seeds: an ending's words (Kalah's, Congkak's).
NO_SEEDS = N_("player %(player)s has no seeds to move")


@dataclass(frozen=True)
class Outcome:
    """A finished game's result: how it ended, the winner (None for a draw), the final stores."""

    ending: Ending | None
    winner: Player | None
    scores: tuple[int, int]

    @property
    def margin(self) -> int:
        """Seeds between the two final stores (0 for a draw)."""
        return abs(self.scores[0] - self.scores[1])


@dataclass
class MoveRecord:
    """What one move did, in order, so that a front end can animate it without knowing rules."""

    player: Player
    pit: int
    sown: list[int] = field(default_factory=list)
    """Board indices that received a seed, one entry per seed, in sowing order."""
    lifted: list[tuple[int, int]] = field(default_factory=list)
    """(board index, seeds) picked up to sow: the move's pit first, then any relay lifts."""
    captures: list[tuple[int, int]] = field(default_factory=list)
    """(board index, seeds) taken into the mover's store, in the order taken."""
    opponent_captures: list[tuple[int, int]] = field(default_factory=list)
    """(board index, seeds) taken into the opponent's store during the move (Adi: a seed that is
    not the last one making 4 in their pit)."""
    extra_turn: bool = False
    ended: bool = False
    banked: tuple[int, int] = (0, 0)
    """Seeds each player banked from their own row when the move ended the game."""
    end_reason: str = ""
    end_kind: EndKind | None = None
    end_said: Text | None = None
    """The reason's message id and arguments when it carries a number (see :class:`Ending`)."""

    def end(self, ending: Ending) -> None:
        """Note that this move ended the game, and how."""
        self.ended = True
        self.end_reason = ending.text
        self.end_kind = ending.kind
        self.end_said = ending.said

    @property
    def captured(self) -> int:
        return sum(seeds for _, seeds in self.captures)

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "pit": self.pit,
            "sown": list(self.sown),
            "lifted": [list(x) for x in self.lifted],
            "captures": [list(x) for x in self.captures],
            "captured": self.captured,
            "opponent_captures": [list(x) for x in self.opponent_captures],
            "extra_turn": self.extra_turn,
            "ended": self.ended,
            "banked": list(self.banked),
            "end_reason": self.end_reason,
            "end_kind": None if self.end_kind is None else str(self.end_kind),
        }


_set = object.__setattr__  # States are immutable: their own fields are set through this


class State:
    """An immutable position: board, player to move, any history the rules need, and any
    variant state that is not on the board (``extra``, e.g. Toguz Kumalak's tuzdyks).

    >>> from engine import get_variant
    >>> s = get_variant("kalah").initial_state()
    >>> s.play(2).board
    (4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0)
    """

    __slots__ = ("rules", "board", "to_move", "history", "extra", "opener", "_legal")

    rules: Rules
    board: Board
    to_move: Player | None
    history: frozenset[tuple[Board, Player]]
    extra: tuple[int, ...]
    """Variant state beside the board, () for most variants; see :meth:`Rules.play`."""
    opener: Player | None
    """With the pie rule on: the player who moved first, from the start until the other
    player's first action (a pit or the swap); None otherwise."""
    _legal: tuple[int, ...] | None

    def __init__(
        self,
        rules: Rules,
        board: Board,
        to_move: Player | None,
        history: frozenset[tuple[Board, Player]] = frozenset(),
        extra: tuple[int, ...] = (),
        opener: Player | None = None,
    ) -> None:
        _set(self, "rules", rules)
        _set(self, "board", tuple(board))
        _set(self, "to_move", to_move)
        _set(self, "history", history)
        _set(self, "extra", extra)
        _set(self, "opener", opener)
        _set(self, "_legal", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("State is immutable; play() returns a new state")

    def legal_moves(self) -> tuple[int, ...]:
        """The mover's legal pit indices, ascending; empty exactly when the game is over."""
        legal = self._legal
        if legal is None:
            if self.to_move is None:
                legal = ()
            else:
                board = self.board + self.extra if self.extra else self.board
                legal = tuple(self.rules.moves(board, self.to_move))
            _set(self, "_legal", legal)
        return legal

    @property
    def can_swap(self) -> bool:
        """Whether the player to move may swap sides now (the pie rule: the second player's
        first action, after the opener's first turn); then :data:`SWAP` is legal besides
        :meth:`legal_moves`."""
        return self.opener is not None and self.to_move == 1 - self.opener

    def play(self, pit: int) -> State:
        """The state after the mover plays ``pit`` (or :data:`SWAP`); raises
        :class:`IllegalMove` if it is illegal."""
        return self.rules.play(self, pit)[0]

    def play_record(self, pit: int) -> tuple[State, MoveRecord]:
        """Like :meth:`play`, and also say what the move did."""
        return self.rules.play(self, pit, record=True)  # type: ignore[return-value]

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def scores(self) -> tuple[int, int]:
        """Each player's store (once the game is over the rules have banked what they award)."""
        r = self.rules
        return self.board[r.store0], self.board[r.store1]

    @property
    def on_rows(self) -> int:
        """The seeds on the two rows (the board's seeds less the two stores')."""
        return sum(self.board) - sum(self.scores)

    @property
    def winner(self) -> Player | None:
        """0 or 1 once the game is over and someone has more; None for a draw or a game in play."""
        if self.to_move is not None:
            return None
        a, b = self.scores
        return 0 if a > b else 1 if b > a else None

    def key(self) -> tuple[Any, ...]:
        """What identifies the position for transpositions and repetitions: (board, to_move),
        plus ``extra`` for the variants that keep state beside the board."""
        if self.extra:
            return self.board, self.to_move, self.extra
        return self.board, self.to_move

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and self.rules == other.rules
            and self.board == other.board
            and self.to_move == other.to_move
            and self.history == other.history
            and self.extra == other.extra
            and self.opener == other.opener
        )

    def __hash__(self) -> int:
        return hash((self.board, self.to_move))

    def __repr__(self) -> str:
        extra = f", extra={self.extra}" if self.extra else ""
        return f"State({self.rules!r}, board={list(self.board)}, to_move={self.to_move}{extra})"

    def __str__(self) -> str:
        """The board drawn as a person sees it, player 1's row on top, right to left."""
        r = self.rules
        n = r.pits
        top = " ".join(f"{x:2d}" for x in reversed(self.board[n + 1 : 2 * n + 1]))
        bottom = " ".join(f"{x:2d}" for x in self.board[:n])
        s0, s1 = self.scores
        turn = "game over" if self.to_move is None else f"player {self.to_move} to move"
        if self.can_swap:
            turn += " or swap sides"
        if self.extra:
            turn += f"; {r.extra_text(self.extra)}"
        return f"    {top}\n{s1:3d}{' ' * (3 * n)} {s0:3d}\n    {bottom}\n({turn})"


@dataclass(frozen=True)
class Option:
    """One rule option: its type, default, allowed values and a line of help for menus."""

    kind: type
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    quiet_default: bool = False
    """Leave the option out of a text record while it has its default value (for options added
    after records were first written, so that those records still read the same)."""

    def validate(self, name: str, value: Any) -> Any:
        if self.kind is bool:
            if not isinstance(value, bool):
                raise ValueError(f"option {name!r} must be true or false, not {value!r}")
        elif self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {name!r} must be a whole number, not {value!r}")
            if self.minimum is not None and not self.minimum <= value <= (self.maximum or value):
                bounds = f"between {self.minimum} and {self.maximum}"
                raise ValueError(f"option {name!r} must be {bounds}, not {value}")
        elif not isinstance(value, self.kind):
            raise ValueError(f"option {name!r} must be a {self.kind.__name__}, not {value!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise ValueError(f"option {name!r} must be one of {allowed}, not {value!r}")
        return value

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.kind.__name__, "default": self.default, "help": self.help}
        if self.choices:
            d["choices"] = list(self.choices)
        if self.minimum is not None:
            d["min"], d["max"] = self.minimum, self.maximum
        return d


class Rules:
    """A variant's rules with its options.  Subclasses implement the rule hooks below.

    ``apply`` composes them: sow, capture, decide who moves next (extra turns and passing), and
    end the game.  A hook gets the board as a mutable list and an optional record to fill.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    rules_lines: ClassVar[tuple[str, ...]] = ()
    """The rules a person reads, one a line, marked with :func:`engine.texts.N_` (the English is
    the message id the app's catalogs translate)."""
    options_spec: ClassVar[dict[str, Option]]
    has_stores_on_path: ClassVar[bool] = True
    store_word: ClassVar[str] = "store"
    """What a person calls the place a player's seeds end up (a store, a kazan, captures)."""
    seed_word: ClassVar[str] = "seeds"
    default_pits: ClassVar[int] = 6
    """Pits per row (and seeds per pit below) when the variant has no ``pits`` option."""
    default_seeds: ClassVar[int] = 4
    board_only: ClassVar[bool] = True
    """True when :meth:`moves` and :meth:`apply` depend on the board and mover alone, so searches
    may run on bare boards; a variant with more state (history aside, e.g. ``State.extra``) sets
    it False and agents search through :meth:`State.play` instead."""

    def __init__(self, **options: Any) -> None:
        unknown = sorted(set(options) - set(self.options_spec))
        if unknown:
            known = ", ".join(self.options_spec)
            raise ValueError(f"{self.name}: unknown option {unknown[0]!r} (options: {known})")
        values = {k: spec.default for k, spec in self.options_spec.items()}
        for key, value in options.items():
            values[key] = self.options_spec[key].validate(key, value)
        self.options: dict[str, Any] = values
        self.pits: int = int(values.get("pits", self.default_pits))
        self.seeds: int = int(values.get("seeds", self.default_seeds))
        self.pie: bool = bool(values.get("pie", False))
        self.size = 2 * self.pits + 2
        self.store0 = self.pits
        self.store1 = 2 * self.pits + 1
        self.total_seeds = 2 * self.pits * self.seeds
        self.next_pit = self.sowing_order()

    def sowing_order(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``next_pit[player][i]``: the index after ``i`` when ``player`` sows round a board with
        stores on the path (their own store included, the opponent's skipped)."""
        size = self.size
        return tuple(  # type: ignore[return-value]
            tuple(
                (i + 2) % size if (i + 1) % size == self.store(1 - p) else (i + 1) % size
                for i in range(size)
            )
            for p in (0, 1)
        )

    # -- identity -------------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Rules) and type(other) is type(self) and other.options == self.options
        )

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.options.items()))))

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"get_variant({self.name!r}, {opts})"

    # -- board geometry -------------------------------------------------------------------------

    def store(self, player: Player) -> int:
        """Board index of ``player``'s store."""
        return self.store1 if player else self.store0

    def row(self, player: Player) -> range:
        """Board indices of ``player``'s pits, in sowing order."""
        return range(self.pits + 1, self.store1) if player else range(self.pits)

    def owner(self, index: int) -> Player:
        """Which player's side a board index is on."""
        return 0 if index <= self.store0 else 1

    def opposite(self, index: int) -> int:
        """The pit facing ``index`` across the board (pit i faces pit pits-1-i of the other row)."""
        return 2 * self.pits - index

    def index(self, player: Player, pit: int) -> int:
        """Board index of the mover's pit number ``pit``."""
        return pit + (self.pits + 1) * player

    def kernel_rules(self) -> tuple[str, tuple[int, ...]] | None:
        """The rule family and integer options that a fused search kernel plays exactly
        (``engine.agents.kernels`` and the native core), or None: searches use the rule hooks."""
        return None

    # -- the public entry points ----------------------------------------------------------------

    def initial_state(self, first_player: Player = 0) -> State:
        if first_player not in (0, 1):
            raise ValueError(f"first_player must be 0 or 1, not {first_player!r}")
        board = self.start_board()
        history = self.start_history(board, first_player)
        opener = first_player if self.pie else None
        return State(self, board, first_player, history, self.start_extra(), opener)

    def position(
        self,
        board: Board | list[int],
        to_move: Player | None = 0,
        extra: tuple[int, ...] | None = None,
    ) -> State:
        """A state from a literal board (for tests, puzzles and analysis); the board is checked.

        ``extra`` is the variant's state beside the board (default: as at the start).
        """
        board = tuple(board)
        if len(board) != self.size:
            raise ValueError(f"a {self.name} board has {self.size} entries, not {len(board)}")
        if any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in board):
            raise ValueError("board entries must be whole numbers >= 0")
        if sum(board) != self.total_seeds:
            raise ValueError(f"the board holds {sum(board)} seeds, not {self.total_seeds}")
        if to_move not in (0, 1, None):
            raise ValueError(f"to_move must be 0, 1 or None, not {to_move!r}")
        extra = self.start_extra() if extra is None else tuple(extra)
        self.check_extra(board, extra)
        history = self.start_history(board, to_move) if to_move is not None else frozenset()
        # The start set up by hand is the start: with the pie rule its opening offers the swap.
        start = self.pie and to_move is not None and extra == self.start_extra()
        opener = to_move if start and board == self.start_board() else None
        return State(self, board, to_move, history, extra, opener)

    def start_board(self) -> Board:
        """The board at the start: ``seeds`` in every pit, the stores empty."""
        row = [self.seeds] * self.pits
        return tuple(row + [0] + row + [0])

    def play(self, state: State, pit: int, record: bool = False) -> tuple[State, MoveRecord | None]:
        """Validate ``pit`` for the player to move, then return the next state (and record).

        A state's ``extra`` reaches the rule hooks appended to the board list (indices ``size``
        on), so a variant with state beside the board needs no other hook signatures.
        """
        self.check_move(state, pit)
        player = state.to_move
        assert player is not None
        rec = MoveRecord(player, pit) if record else None
        if pit == SWAP:
            return self.swap(state), rec
        extra = state.extra
        board = list(state.board + extra) if extra else list(state.board)
        nxt = self.apply(board, player, pit, rec)
        nxt, history = self.next_history(state, board, nxt, rec)
        # The pie rule's offer lasts while only the opener has moved and the game goes on.
        opener = state.opener if player == state.opener and nxt is not None else None
        if extra:
            size = self.size
            after = State(self, tuple(board[:size]), nxt, history, tuple(board[size:]), opener)
            return after, rec
        return State(self, tuple(board), nxt, history, (), opener), rec

    def swap(self, state: State) -> State:
        """The pie rule's swap: the second player takes over the opener's position and the
        opener plays on from the second player's.  The position turns round (each row with its
        store goes to the other side, see :meth:`mirror`) and the opener is to move: every
        person keeps their side of the screen, and the swapper owns the opened row."""
        opener = state.opener
        assert opener is not None
        history = frozenset((self.mirror(b), 1 - p) for b, p in state.history)
        return State(self, self.mirror(state.board), opener, history, state.extra)

    def mirror(self, board: Board) -> Board:
        """The board turned round: player 1's pits and store become player 0's and back."""
        half = self.pits + 1
        return tuple(board[half:]) + tuple(board[:half])

    def check_move(self, state: State, pit: object) -> None:
        """Raise :class:`IllegalMove` saying why ``pit`` can't be played in ``state``."""
        if state.to_move is None:
            raise IllegalMove(f"move {pit!r} is illegal: the game is over")
        if isinstance(pit, bool) or not isinstance(pit, int):
            raise IllegalMove(f"move {pit!r} is illegal: a move is a pit number 0-{self.pits - 1}")
        if pit == SWAP:
            if state.can_swap:
                return
            if not self.pie:
                raise IllegalMove("swapping sides is illegal: the pie rule is off in this game")
            raise IllegalMove(
                "swapping sides is illegal now: only the second player's first action, after "
                "the opener's first turn, may be a swap"
            )
        if pit in state.legal_moves():
            return
        if not 0 <= pit < self.pits:
            raise IllegalMove(f"move {pit} is illegal: pits are numbered 0-{self.pits - 1}")
        reason = self.why_illegal(list(state.board + state.extra), state.to_move, pit)
        raise IllegalMove(f"move {pit} is illegal for player {state.to_move}: {reason}")

    def apply(
        self, board: list[int], player: Player, pit: int, rec: MoveRecord | None = None
    ) -> Player | None:
        """Play a legal ``pit`` on ``board`` in place; return who moves next, None if it's over.

        No legality check: callers pass a move from :meth:`moves`.
        """
        last = self.sow(board, player, pit, rec)
        self.capture(board, player, last, rec)
        nxt = player if self.extra_turn(board, player, last) else 1 - player
        if rec is not None:
            rec.extra_turn = nxt == player
        ending = self.game_over(board, nxt)
        if ending is None:
            # Passing: whoever should move next does if they can, else the other player.
            if self.moves(board, nxt):
                return nxt
            if self.moves(board, 1 - nxt):
                return 1 - nxt
        self.bank(board, rec, ending or NOBODY_CAN_MOVE)
        return None

    # -- rule hooks -----------------------------------------------------------------------------

    def moves(self, board: list[int] | Board, player: Player) -> list[int]:
        """Legal pits for ``player``: by default every non-empty pit of their row."""
        base = (self.pits + 1) * player
        return [i for i in range(self.pits) if board[base + i]]

    def why_illegal(self, board: list[int], player: Player, pit: int) -> str:
        """A person's explanation of why a pit in range is not a legal move."""
        return "that pit is empty"

    def sow(self, board: list[int], player: Player, pit: int, rec: MoveRecord | None) -> int:
        """Lift the pit and sow its seeds; return the board index of the last seed."""
        raise NotImplementedError

    def capture(self, board: list[int], player: Player, last: int, rec: MoveRecord | None) -> None:
        """Take seeds into the mover's store if the last seed's pit says so."""

    def extra_turn(self, board: list[int], player: Player, last: int) -> bool:
        """Whether the mover moves again."""
        return False

    def game_over(self, board: list[int], next_player: Player) -> Ending | None:
        """How the game ends now, before ``next_player`` moves; None while it goes on."""
        return None

    def bank(self, board: list[int], rec: MoveRecord | None, ending: Ending) -> None:
        """End of game: each player banks the seeds left on their own row."""
        banked = [0, 0]
        for player in (0, 1):
            store = self.store(player)
            for i in self.row(player):
                banked[player] += board[i]
                board[store] += board[i]
                board[i] = 0
        if rec is not None:
            rec.banked = (banked[0], banked[1])
            rec.end(ending)

    # -- state beside the board (for rules such as Toguz Kumalak's tuzdyks) ---------------------

    def start_extra(self) -> tuple[int, ...]:
        """The variant's state beside the board at the start; most variants keep none."""
        return ()

    def extra_text(self, extra: tuple[int, ...]) -> str:
        """The state beside the board in words, for a person."""
        return f"extra {extra}"

    def special_pits(self, extra: tuple[int, ...]) -> list[tuple[int, Player, str]]:
        """Pits the state beside the board makes special: (board index, owner, kind)."""
        return []

    def check_extra(self, board: Board, extra: tuple[int, ...]) -> None:
        """Raise ValueError if ``extra`` is not a valid state beside ``board``."""
        if extra:
            raise ValueError(f"{self.name} keeps no state beside the board, not {extra!r}")

    # -- history (for rules such as repetition) -------------------------------------------------

    def start_history(self, board: Board, to_move: Player) -> frozenset[tuple[Board, Player]]:
        return frozenset()

    def next_history(
        self, state: State, board: list[int], nxt: Player | None, rec: MoveRecord | None
    ) -> tuple[Player | None, frozenset[tuple[Board, Player]]]:
        """Who moves after history rules are applied, and the history the new state keeps."""
        return nxt, state.history

    # -- description ----------------------------------------------------------------------------

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "options": dict(self.options),
            "pits": self.pits,
        }

    @classmethod
    def rules_text(cls) -> list[str]:
        """The rules as a person reads them, one rule a line: the variant's ``rules_lines``
        (English message ids marked for the catalogs; the app shows them translated)."""
        return list(cls.rules_lines)

    @classmethod
    def rules_doc(cls) -> list[str]:
        """The bullets of the variant module's docstring, each as one line of plain text (the
        rules as written for a programmer; ``rules_lines`` says the same to a person)."""
        doc = inspect.getdoc(sys.modules[cls.__module__]) or ""
        bullets: list[str] = []
        inside = False
        for line in doc.splitlines():
            if line.startswith("* "):
                bullets.append(line[2:].strip())
                inside = True
            elif inside and line.startswith("  ") and line.strip():
                bullets[-1] += " " + line.strip()
            else:
                inside = False
        return [re.sub(r", :data:`[^`]*`", "", b).replace("``", "") for b in bullets]

    @classmethod
    def option_specs(cls) -> dict[str, dict[str, Any]]:
        return {k: v.to_dict() for k, v in cls.options_spec.items()}
