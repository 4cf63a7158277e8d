"""Lessons: for every variant a short course of steps, each one idea on a real board with a task
the engine checks.

A :class:`Step` is a literal position (the learner is player 0, the bottom row, and moves), the
idea in a few sentences, the task, and a :class:`Goal` the move must reach.  :func:`attempt`
plays a pit through the variant's own rules and says whether the goal was reached, what the
move did (:func:`account`) and, for a wrong try, why it missed.  ``answer`` is written beside
each step and must be exactly the pits the engine finds (:func:`solutions`; a test checks it).

The text lives here, once, beside the rules in :mod:`engine.variants`: one data module a variant
(:mod:`engine.lessons.kalah`, ...).  Pure data and rules: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.core import IllegalMove, MoveRecord, Player, Rules, State
from engine.notation import pit_letter
from engine.variants import get_variant, variant_names


class Aim(StrEnum):
    """What a step's move must do."""

    LAST_IN = "last_in"  # the last seed lands at board index ``target``
    STORE = "store"  # the mover's store gains at least ``target`` seeds
    EXTRA_TURN = "extra_turn"  # the mover moves again
    CAPTURE = "capture"  # the mover captures at least ``target`` seeds
    RUN = "run"  # the mover captures from at least ``target`` pits
    WIN = "win"  # the move ends the game and the mover wins
    FEED = "feed"  # the opponent's row, empty before, holds seeds after
    TUZDYK = "tuzdyk"  # the move makes the mover a tuzdyk
    RELAY = "relay"  # the sowing lifts at least ``target`` times (the move's own lift counts)


@dataclass(frozen=True)
class Goal:
    """A step's aim and its number (a board index or a count)."""

    aim: Aim
    target: int = 1


@dataclass(frozen=True)
class Step:
    """One idea: a position, what to read, what to do, and which pits do it (``answer``).
    ``notes`` says more about a tempting wrong pit when it is tried."""

    key: str
    title: str
    idea: str
    task: str
    board: tuple[int, ...]
    goal: Goal
    answer: tuple[int, ...]
    hint: str
    extra: tuple[int, ...] | None = None
    notes: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Course:
    """A variant's lesson: its steps in order, on the variant's default board."""

    variant: str
    intro: str
    steps: tuple[Step, ...]
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def rules(self) -> Rules:
        return get_variant(self.variant, **self.options)

    def step(self, key: str) -> Step:
        """The step named ``key``; KeyError if there is none."""
        for step in self.steps:
            if step.key == key:
                return step
        raise KeyError(key)

    def state(self, step: Step) -> State:
        """The step's position, player 0 (the learner) to move."""
        return self.rules.position(step.board, 0, step.extra)


@dataclass(frozen=True)
class Attempt:
    """A try at a step: whether it did the task, the move's record and the position after it
    (None for a pit that can't be played), what happened in words, and why it missed."""

    passed: bool
    record: MoveRecord | None
    after: State | None
    said: list[str]
    why: str


def courses() -> tuple[Course, ...]:
    """Every variant's course, in the menu's order."""
    from engine.lessons import adi, congkak, kalah, oware, relay, toguz_kumalak

    found = {
        c.variant: c
        for c in (
            kalah.COURSE,
            oware.COURSE,
            relay.COURSE,
            adi.COURSE,
            toguz_kumalak.COURSE,
            congkak.COURSE,
        )
    }
    return tuple(found[name] for name in variant_names())


def course(variant: str) -> Course:
    """The course of ``variant``; KeyError if it has none."""
    for found in courses():
        if found.variant == variant:
            return found
    raise KeyError(variant)


def place(rules: Rules, index: int) -> str:
    """A board index in the learner's words: "your pit C", "their pit b", "your store"."""
    for player in (0, 1):
        whose = "your" if player == 0 else "their"
        if index == rules.store(player):
            return f"{whose} {rules.store_word}"
        if index in rules.row(player):
            return f"{whose} {pit_word(rules)} {pit_letter(player, index - rules.index(player, 0))}"
    return f"square {index}"


def pit_word(rules: Rules) -> str:
    """What the learner's lesson calls a pit of a row: "house" in Oware (as its lesson says
    throughout), else "pit"."""
    return "house" if rules.name == "oware" else "pit"


def landing(rules: Rules, index: int) -> str:
    """Where a seed fell: a place, or a store off the path reached through a tuzdyk."""
    if index in (rules.store(0), rules.store(1)) and not rules.has_stores_on_path:
        return f"{place(rules, index)} (through the tuzdyk)"
    return place(rules, index)


def counted(n: int, word: str) -> str:
    """``n`` things: "1 seed", "3 seeds" (``word`` is the plural)."""
    return f"{n} {word if n != 1 else word.removesuffix('s')}"


def _gained(before: State, after: State, player: Player) -> int:
    store = before.rules.store(player)
    return after.board[store] - before.board[store]


def reached(goal: Goal, before: State, rec: MoveRecord, after: State) -> bool:
    """Whether a move (``before`` → ``after``, what it did in ``rec``) reaches ``goal``."""
    rules = before.rules
    player = rec.player
    match goal.aim:
        case Aim.LAST_IN:
            return bool(rec.sown) and rec.sown[-1] == goal.target
        case Aim.STORE:
            return _gained(before, after, player) >= goal.target
        case Aim.EXTRA_TURN:
            return rec.extra_turn and not rec.ended
        case Aim.CAPTURE:
            return rec.captured >= goal.target
        case Aim.RUN:
            return len({index for index, _ in rec.captures}) >= goal.target
        case Aim.WIN:
            return rec.ended and after.winner == player
        case Aim.FEED:
            theirs = rules.row(1 - player)
            return not any(before.board[i] for i in theirs) and any(after.board[i] for i in theirs)
        case Aim.TUZDYK:
            return before.extra[player] < 0 <= after.extra[player]
        case Aim.RELAY:
            return len(rec.lifted) >= goal.target


def missed(goal: Goal, before: State, rec: MoveRecord, after: State) -> str:
    """Why a move did not reach ``goal``, in one sentence."""
    rules = before.rules
    seeds = rules.seed_word
    match goal.aim:
        case Aim.LAST_IN:
            last = place(rules, rec.sown[-1]) if rec.sown else "nowhere"
            return f"The last {seeds[:-1]} fell in {last}, not in {place(rules, goal.target)}."
        case Aim.STORE:
            got = _gained(before, after, rec.player)
            return f"Your {rules.store_word} gained {got}; the task wants {goal.target}."
        case Aim.EXTRA_TURN:
            return "The turn passed to your opponent: no extra turn."
        case Aim.CAPTURE:
            if not rec.captured:
                return "Nothing was captured."
            return f"You captured {rec.captured}; the task wants {goal.target}."
        case Aim.RUN:
            pits = len({index for index, _ in rec.captures})
            run = counted(pits, pit_word(rules) + "s")
            return f"You captured from {run}; the task wants {goal.target} at once."
        case Aim.WIN:
            if not rec.ended:
                return "The game goes on."
            return "The game ended, but you did not win it."
        case Aim.FEED:
            return f"Your opponent still has no {seeds}."
        case Aim.TUZDYK:
            return "No tuzdyk was made."
        case Aim.RELAY:
            return "The sowing stopped without lifting again."


def account(before: State, rec: MoveRecord, after: State) -> list[str]:
    """What a move did, in sentences a learner reads: the sowing, each lift, captures, an
    extra turn, a tuzdyk, the end and what each row banked."""
    rules = before.rules
    seeds = rules.seed_word
    origin, lifted = rec.lifted[0] if rec.lifted else (rules.index(rec.player, rec.pit), 0)
    sown = f"the one {seeds.removesuffix('s')}" if lifted == 1 else f"the {counted(lifted, seeds)}"
    said = [
        f"You sowed {sown} of {place(rules, origin)}, one a {pit_word(rules)} counter-clockwise."
    ]
    for index, count in rec.lifted[1:]:
        said.append(
            f"The last {seeds.removesuffix('s')} fell in {place(rules, index)}, which held "
            f"{seeds}: you lifted its {count} and sowed on."
        )
    last = rec.sown[-1]
    empty = last in rules.row(0) or last in rules.row(1)
    empty = empty and after.board[last] == 1 and not rec.captures  # it held none before
    was = ", which was empty" if empty else ""
    said.append(f"The last {seeds[:-1]} fell in {landing(rules, last)}{was}.")
    if rec.opponent_captures:
        taken = sum(n for _, n in rec.opponent_captures)
        said.append(f"Your opponent took {taken} on the way (pits that made 4 on their side).")
    if rec.captures:
        pits = ", ".join(place(rules, index) for index, _ in rec.captures)
        said.append(f"You captured {counted(rec.captured, seeds)} ({pits}).")
    made = after.extra[rec.player] if after.extra else -1
    if after.extra and before.extra[rec.player] < 0 <= made:
        said.append(f"{place(rules, made).capitalize()} became your tuzdyk.")
    if rec.ended:
        mine, theirs = rec.banked
        said.append(
            f"That ended the game ({rec.end_reason}): you banked {mine} and your opponent "
            f"{theirs}; the score is {after.scores[0]}–{after.scores[1]}."
        )
    elif rec.extra_turn:
        said.append("You move again.")
    return said


def attempt(course: Course, step: Step, pit: int) -> Attempt:
    """Play ``pit`` (the learner's pit number) in ``step``: passed or not, and why."""
    before = course.state(step)
    try:
        after, rec = before.play_record(pit)
    except IllegalMove as exc:
        reason = str(exc).split(": ", 1)[-1]
        letter = pit_letter(0, pit) if 0 <= pit < before.rules.pits else str(pit)
        said = [f"Pit {letter} can't be played: {reason}."]
        return Attempt(False, None, None, said, step.notes.get(pit, step.hint))
    if reached(step.goal, before, rec, after):
        return Attempt(True, rec, after, account(before, rec, after), "")
    why = " ".join(x for x in (missed(step.goal, before, rec, after), step.notes.get(pit)) if x)
    return Attempt(False, rec, after, account(before, rec, after), f"{why} {step.hint}".strip())


def solutions(course: Course, step: Step) -> tuple[int, ...]:
    """Every pit that does ``step``'s task, as the engine plays it."""
    return tuple(
        pit for pit in course.state(step).legal_moves() if attempt(course, step, pit).passed
    )


def tries(course: Course, step: Step) -> tuple[int, ...]:
    """The pits a learner may try: every pit of theirs that holds seeds (the engine says why
    an illegal one can't be played)."""
    board = step.board
    rules = course.rules
    return tuple(p for p in range(rules.pits) if board[rules.index(0, p)])
