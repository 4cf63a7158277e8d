"""Terminal play: ``python -m engine play``.

Four modes (human–human, human–computer, computer–human, computer–computer), a variant menu with
its options, a level and an algorithm menu for each computer player.  Moves are typed as pit
letters (``C``, or ``c`` for player 1) or numbers (``3``), counted from the mover's left.  The
game is saved after every move to a JSON file (``$MANCALA_SAVE_DIR`` or ``~/.mancala``) and offered
for resuming on the next start.

Input is read line by line, so the whole session can be driven by piped text; the end of input
quits (the game so far stays saved).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from engine import get_variant, variant_names
from engine.agents import ALGORITHMS, LEVELS, Agent, Decision, make_agent
from engine.core import SWAP, Rules, State
from engine.notation import SWAP_TEXT, move_text, pit_letter
from engine.record import GameRecord

SAVE_NAME = "terminal-game.json"
SAVE_VERSION = 1
MODES = (
    ("human", "human"),
    ("human", "computer"),
    ("computer", "human"),
    ("computer", "computer"),
)
MODE_NAMES = (
    "Human vs human (two people, one keyboard)",
    "Human vs computer (you move first)",
    "Computer vs human (the computer moves first)",
    "Computer vs computer (watch)",
)

ALGORITHM_NAMES = {
    "minimax": "Minimax (alpha-beta search)",
    "mcts": "Monte Carlo tree search (mcts)",
    "evolutionary": "Evolutionary (evolved move plans)",
}


class EndOfInput(Exception):
    """Standard input ran out: the session ends quietly."""


class Console:
    """Line-by-line prompts on a pair of text streams.

    When the input is not a terminal each answer is echoed, so a transcript reads like a session.
    """

    def __init__(self, inp: TextIO, out: TextIO, echo: bool | None = None) -> None:
        self.inp = inp
        self.out = out
        if echo is None:
            isatty = getattr(inp, "isatty", None)
            echo = not (isatty() if isatty else False)
        self.echo = echo
        self.save_warned = False

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def ask(self, prompt: str) -> str:
        """One line of input (stripped); EndOfInput at the end of the input."""
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            raise EndOfInput
        if self.echo:
            self.out.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    def yes_no(self, prompt: str, default: bool) -> bool:
        hint = "[Y/n]" if default else "[y/N]"
        while True:
            answer = self.ask(f"{prompt} {hint} ").lower()
            if not answer:
                return default
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            self.say("Please answer y or n.")

    def menu(self, title: str, items: Sequence[str], default: int = 0) -> int:
        """Choose from a numbered list; the index of the item (Enter takes ``default``)."""
        self.say(title)
        for n, item in enumerate(items, 1):
            self.say(f"  {n}. {item}")
        while True:
            answer = self.ask(f"Choose 1-{len(items)} [{default + 1}]: ")
            if not answer:
                return default
            if answer.isdigit() and 1 <= int(answer) <= len(items):
                return int(answer) - 1
            lowered = [item.lower() for item in items]
            matches = [i for i, item in enumerate(lowered) if item.startswith(answer.lower())]
            if len(matches) == 1:
                return matches[0]
            self.say(f"Please type a number from 1 to {len(items)}.")


# -- the players -----------------------------------------------------------------------------------


@dataclass
class Seat:
    """Who plays one side: a human, or a computer at a level with an algorithm."""

    kind: str
    level: str = "medium"
    algorithm: str = "minimax"

    def label(self) -> str:
        if self.kind == "human":
            return "human"
        return f"computer, {self.level.capitalize()}, {self.algorithm}"

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "level": self.level, "algorithm": self.algorithm}

    @classmethod
    def from_dict(cls, data: Any) -> Seat:
        if not isinstance(data, dict) or data.get("kind") not in ("human", "computer"):
            raise ValueError(f"bad player entry {data!r}")
        seat = cls(data["kind"], data.get("level", "medium"), data.get("algorithm", "minimax"))
        if seat.level not in LEVELS or seat.algorithm not in ALGORITHMS:
            raise ValueError(f"bad level or algorithm in {data!r}")
        return seat

    def agent(self) -> Agent | None:
        if self.kind == "human":
            return None
        return make_agent(level=self.level, algorithm=self.algorithm)


@dataclass
class Setup:
    """A game's settings: the rules and the two seats."""

    rules: Rules
    seats: list[Seat] = field(default_factory=list)


# -- drawing -------------------------------------------------------------------------------------


def draw_board(state: State, seats: Sequence[Seat] | None = None) -> str:
    """The board as text: player 1's row on top, right to left; stores at the ends.

    >>> from engine import get_variant
    >>> print(draw_board(get_variant("kalah", pits=3, seeds=2).initial_state()))
              c    b    a      player 1
           [  2][  2][  2]
     (  0)               (  0)
           [  2][  2][  2]
              A    B    C      player 0
    player 0 to move
    """
    r = state.rules
    n = r.pits
    b = state.board
    top = [b[r.index(1, i)] for i in reversed(range(n))]
    bottom = [b[r.index(0, i)] for i in range(n)]
    names = [f"player {p}" + (f" ({seats[p].label()})" if seats else "") for p in (0, 1)]
    pad = " " * 7
    lines = [
        pad + "".join(f"{pit_letter(1, i):>4} " for i in reversed(range(n))) + "     " + names[1],
        pad + "".join(f"[{x:3d}]" for x in top),
        f" ({b[r.store1]:3d})" + " " * (5 * n) + f"({b[r.store0]:3d})",
        pad + "".join(f"[{x:3d}]" for x in bottom),
        pad + "".join(f"{pit_letter(0, i):>4} " for i in range(n)) + "     " + names[0],
    ]
    if state.is_over:
        lines.append("game over")
    else:
        swap = " (or swap sides: the pie rule)" if state.can_swap else ""
        lines.append(f"player {state.to_move} to move{swap}")
    return "\n".join(line.rstrip() for line in lines)


def legal_text(state: State) -> str:
    """The mover's legal moves as letters with numbers, e.g. ``A (1), C (3)``.

    >>> from engine import get_variant
    >>> legal_text(get_variant("kalah", pits=3, seeds=2).initial_state())
    'A (1), B (2), C (3)'
    """
    player = state.to_move or 0
    pits = ", ".join(f"{pit_letter(player, p)} ({p + 1})" for p in state.legal_moves())
    return f"{pits}, or swap (take over the opening: the pie rule)" if state.can_swap else pits


def parse_entry(text: str, state: State) -> int | None:
    """The pit a typed entry names (a letter, a number from 1, or notation such as ``C4+``).

    None when the entry is not a legal move for the player to move.

    >>> from engine import get_variant
    >>> s = get_variant("kalah").initial_state()
    >>> parse_entry("c", s), parse_entry("3", s), parse_entry("C4+", s), parse_entry("9", s)
    (2, 2, 2, None)
    """
    t = text.strip()
    if not t:
        return None
    if t.lower() == SWAP_TEXT:
        return SWAP if state.can_swap else None
    if t.isdigit():
        pit = int(t) - 1
    elif t[0].isalpha() and (len(t) == 1 or t[1:].rstrip("+").replace("x", "").isdigit()):
        pit = ord(t[0].lower()) - ord("a")
    else:
        return None
    return pit if pit in state.legal_moves() else None


def pv_text(state: State, pv: Sequence[int]) -> str:
    """A principal variation in notation, played out from ``state`` as far as it is legal."""
    words = []
    for pit in pv:
        if pit not in state.legal_moves():
            break
        state, rec = state.play_record(pit)
        words.append(move_text(rec))
    return " ".join(words)


def decision_text(state: State, decision: Decision) -> str:
    """What the computer found, in a line: value, depth, nodes, time and expected line."""
    parts = []
    if decision.value is not None:
        parts.append(f"value {decision.value:+.2f}")
    if decision.depth is not None:
        parts.append(f"depth {decision.depth}")
    parts.append(f"{decision.nodes:,} nodes")
    parts.append(f"{decision.seconds:.2f} s")
    line = pv_text(state, decision.pv)
    if len(decision.pv) > 1 and line:
        parts.append(f"expects {line}")
    return ", ".join(parts)


# -- saving ---------------------------------------------------------------------------------------


def save_dir() -> Path:
    """Where the game is saved: ``$MANCALA_SAVE_DIR``, else ``~/.mancala``."""
    env = os.environ.get("MANCALA_SAVE_DIR")
    return Path(env) if env else Path.home() / ".mancala"


def save_path() -> Path:
    return save_dir() / SAVE_NAME


def save_game(path: Path, game: GameRecord, seats: Sequence[Seat]) -> None:
    """Write the game and its seats as JSON, atomically (a temporary file, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "version": SAVE_VERSION,
        "players": [s.to_dict() for s in seats],
        "game": game.to_dict(),
    }
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)


def try_save(con: Console, path: Path, game: GameRecord, seats: Sequence[Seat]) -> bool:
    """Save, or say once why the game can't be saved (play goes on)."""
    try:
        save_game(path, game, seats)
        return True
    except OSError as exc:
        if not con.save_warned:
            con.say(f"(The game can't be saved to {path}: {exc.strerror or exc}.)")
            con.save_warned = True
        return False


def load_game(path: Path) -> tuple[GameRecord, list[Seat]]:
    """Read a saved game; ValueError (RecordError) if it is unreadable or corrupt."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
        raise ValueError(f"{path} is not a saved game of this version")
    players = data.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise ValueError("a saved game needs two players")
    seats = [Seat.from_dict(p) for p in players]
    return GameRecord.from_dict(data.get("game")), seats


def discard_save(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


# -- the session ---------------------------------------------------------------------------------


def ask_options(con: Console, cls: type[Rules]) -> dict[str, Any]:
    """Each rule option with its default (Enter keeps it); bad values are asked again."""
    options: dict[str, Any] = {}
    for name, spec in cls.options_spec.items():
        while True:
            if spec.kind is bool:
                hint = "y/n"
                shown = "y" if spec.default else "n"
            elif spec.choices:
                hint = ", ".join(f"{n}={c}" for n, c in enumerate(spec.choices, 1))
                shown = str(spec.default)
            elif spec.minimum is not None:
                hint = f"{spec.minimum}-{spec.maximum}"
                shown = str(spec.default)
            else:
                hint, shown = spec.kind.__name__, str(spec.default)
            answer = con.ask(f"{spec.help} ({name}: {hint}) [{shown}]: ")
            if not answer:
                break
            try:
                value: Any = answer
                if spec.choices and answer.isdigit() and 1 <= int(answer) <= len(spec.choices):
                    value = spec.choices[int(answer) - 1]
                elif spec.kind is bool:
                    if answer.lower() not in ("y", "yes", "n", "no", "true", "false"):
                        raise ValueError("please answer y or n")
                    value = answer.lower() in ("y", "yes", "true")
                elif spec.kind is int:
                    value = int(answer)
                options[name] = spec.validate(name, value)
                break
            except ValueError as exc:
                con.say(f"  {exc}")
    return options


def choose_setup(con: Console) -> Setup:
    """The menus: mode, variant and its options, and a level and algorithm per computer."""
    from engine.variants import VARIANTS

    mode = con.menu("Who plays?", MODE_NAMES, default=1)
    names = variant_names()
    items = [f"{VARIANTS[n].title} ({n})" for n in names]
    cls = VARIANTS[names[con.menu("Variant:", items, default=0)]]
    rules = get_variant(cls.name, **ask_options(con, cls))
    seats = []
    for player, kind in enumerate(MODES[mode]):
        seat = Seat(kind)
        if kind == "computer":
            who = f"player {player}" + (" (moves first)" if player == 0 else "")
            levels = [lv.capitalize() for lv in LEVELS]
            seat.level = LEVELS[con.menu(f"Level for the computer, {who}:", levels, default=2)]
            algos = [ALGORITHM_NAMES.get(a, a.capitalize()) for a in ALGORITHMS]
            seat.algorithm = ALGORITHMS[con.menu("Algorithm:", algos, default=0)]
        seats.append(seat)
    return Setup(rules, seats)


QUIT = -10  # (never a pit, nor the pie rule's engine.core.SWAP)
UNDO = -11


def human_move(con: Console, state: State) -> int:
    """Ask the human to move until the entry is legal; or QUIT, or UNDO."""
    player = state.to_move or 0
    first, last = pit_letter(player, 0), pit_letter(player, state.rules.pits - 1)
    while True:
        swap = ", or swap" if state.can_swap else ""
        entry = con.ask(
            f"Player {player}, your move ({first}-{last} or 1-{state.rules.pits}{swap}): "
        )
        if entry.lower() in ("q", "quit", "exit"):
            return QUIT
        if entry.lower() in ("u", "undo"):
            return UNDO
        if entry.lower() in ("?", "h", "help"):
            con.say(
                "Type the letter or number of one of your pits; 'undo' takes back your last "
                "move (and the computer's replies); 'quit' leaves (the game stays saved)."
            )
            con.say(f"Legal moves: {legal_text(state)}")
            continue
        pit = parse_entry(entry, state)
        if pit is not None:
            return pit
        con.say(f"{entry!r} is not a legal move here. Legal moves: {legal_text(state)}")


def undo(game: GameRecord, seats: Sequence[Seat]) -> str:
    """Take back moves until a human is to move again; the moves taken back, in notation."""
    taken: list[str] = []
    while game.moves:
        taken.append(move_text(game.records[-1]))
        game.pop()
        mover = game.state.to_move
        if mover is not None and seats[mover].kind == "human":
            break
    return " ".join(reversed(taken))


def result_text(state: State) -> str:
    a, b = state.scores
    if state.winner is None:
        return f"Game over: a draw, {a}-{b}."
    return f"Game over: player {state.winner} wins, {a}-{b}."


def play_game(con: Console, game: GameRecord, seats: Sequence[Seat], path: Path) -> bool:
    """Play (or go on with) ``game`` to its end, saving after every move; False if quit."""
    agents = [seat.agent() for seat in seats]
    rules = game.rules
    con.say()
    con.say(f"{rules.title}: " + ", ".join(f"{k}={v}" for k, v in rules.options.items()))
    con.say(f"Player 0: {seats[0].label()}; player 1: {seats[1].label()}.")
    while not game.state.is_over:
        state = game.state
        con.say()
        con.say(draw_board(state, seats))
        player = state.to_move
        assert player is not None
        agent = agents[player]
        if agent is None:
            pit = human_move(con, state)
            if pit == QUIT:
                con.say(f"Game saved to {path}; start again to resume it.")
                return False
            if pit == UNDO:
                taken = undo(game, seats)
                for a in agents:
                    if a is not None:
                        a.reset()
                con.say(f"Took back {taken}." if taken else "There is no move to take back.")
                try_save(con, path, game, seats)
                continue
            rec = game.push(pit)
            con.say(f"Player {player} plays {move_text(rec)}.")
        else:
            con.say(f"Player {player} ({seats[player].label()}) is thinking...")
            decision = agent.choose(state)
            rec = game.push(decision.move)
            con.say(f"Player {player} plays {move_text(rec)} ({decision_text(state, decision)}).")
        if rec.pit == SWAP:
            con.say(
                f"Player {player} swaps sides: the board turns round, and player {1 - player} "
                "plays on from the other row."
            )
        elif game.state.to_move == player:
            if rec.extra_turn:
                con.say(f"Player {player} moves again.")
            else:
                con.say(f"Player {1 - player} has no move: player {player} moves again.")
        try_save(con, path, game, seats)
    con.say()
    con.say(draw_board(game.state, seats))
    con.say(result_text(game.state))
    con.say(f"Record: {game.to_text()}")
    discard_save(path)
    return True


def offer_resume(con: Console, path: Path) -> tuple[GameRecord, list[Seat]] | None:
    """The saved game, if there is one in play and the player wants to go on with it."""
    if not path.exists():
        return None
    try:
        game, seats = load_game(path)
    except ValueError as exc:
        con.say(f"The saved game in {path} could not be read ({exc}); starting afresh.")
        return None
    if game.state.is_over:
        return None
    con.say(
        f"A saved game was found: {game.rules.title}, player 0 {seats[0].label()} vs "
        f"player 1 {seats[1].label()}, {len(game.moves)} moves played, "
        f"player {game.state.to_move} to move."
    )
    if con.yes_no("Resume it?", True):
        return game, seats
    return None


def session(con: Console, path: Path, resume: bool = True) -> int:
    """Menus, games and "play again?" until the player stops."""
    con.say(
        "Mancala in the terminal. At a move prompt: '?' for help, 'undo', 'quit'. "
        "Enter takes [defaults]."
    )
    saved = offer_resume(con, path) if resume else None
    if saved is not None:
        game, seats = saved
    else:
        setup = choose_setup(con)
        game, seats = GameRecord(setup.rules), setup.seats
    while True:
        if not play_game(con, game, seats, path):
            return 0
        if not con.yes_no("Play again?", False):
            con.say("Thanks for playing.")
            return 0
        if con.yes_no("Same settings?", True):
            game = GameRecord(game.rules)
        else:
            setup = choose_setup(con)
            game, seats = GameRecord(setup.rules), setup.seats


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """``python -m engine play [--new]``: the terminal game; returns the exit status."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m engine play", description=__doc__)
    parser.add_argument("--new", action="store_true", help="don't offer the saved game")
    parser.add_argument(
        "--save-dir", help="where to save (default $MANCALA_SAVE_DIR or ~/.mancala)"
    )
    args = parser.parse_args(argv)
    con = Console(stdin if stdin is not None else sys.stdin, stdout or sys.stdout)
    path = Path(args.save_dir) / SAVE_NAME if args.save_dir else save_path()
    try:
        return session(con, path, resume=not args.new)
    except EndOfInput:
        con.say()
        con.say("End of input: bye.")
        return 0
    except KeyboardInterrupt:
        con.say()
        con.say("Interrupted: bye.")
        return 130
    except BrokenPipeError:  # the output was closed (e.g. piped into `head`)
        return 0


if __name__ == "__main__":
    sys.exit(main())
