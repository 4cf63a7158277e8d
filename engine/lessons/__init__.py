"""Lessons: for every variant a short course of steps, each one idea on a real board with a task
the engine checks.

A :class:`Step` is a literal position (the learner is player 0, the bottom row, and moves), the
idea in a few sentences, the task, and a :class:`Goal` the move must reach.  :func:`attempt`
plays a pit through the variant's own rules and says whether the goal was reached, what the
move did (:func:`account`) and, for a wrong try, why it missed.  ``answer`` is written beside
each step and must be exactly the pits the engine finds (:func:`solutions`; a test checks it).

The text lives here, once, beside the rules in :mod:`engine.variants`: one data module a variant
(:mod:`engine.lessons.kalah`, ...).  Pure data and rules: no I/O, and no language: every word is
a message id (English, marked with ``N_``/``Nn_`` for the catalogs) with its arguments
(:class:`~engine.texts.Text`, :class:`Counted`); the app says them through its catalogs
(:func:`spoken`), the engine's tools and tests in English (:func:`english`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from engine.core import IllegalMove, MoveRecord, Player, Rules, State
from engine.notation import pit_letter
from engine.texts import N_, Text
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
    ``notes`` says more about a tempting wrong pit when it is tried.  The words are message ids
    (English, marked with ``N_``): the app says them in the learner's language."""

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
    (None for a pit that can't be played), what happened (``lines``) and why it missed
    (``reasons``), as message ids with their arguments: the app says them in the learner's
    language, :attr:`said` and :attr:`why` in English."""

    passed: bool
    record: MoveRecord | None
    after: State | None
    lines: tuple[Text, ...]
    reasons: tuple[Text | str, ...]

    @property
    def said(self) -> list[str]:
        """What happened, a sentence each, in English."""
        return [english(line) for line in self.lines]

    @property
    def why(self) -> str:
        """Why it missed, in English ("" when it passed)."""
        return " ".join(english(x) for x in self.reasons)


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


@dataclass(frozen=True)
class Counted(Text):
    """A text that counts: its singular id (``id``), its plural id, and the count ``num`` that
    picks the form (each language by its own plural rules); ``args`` holds ``num`` too."""

    plural: str = ""
    num: int = 0


def Nn_(singular: str, plural: str, num: int, **args: object) -> Counted:  # noqa: N802
    """Mark a counted message (``ngettext``'s two ids) and fill in ``num`` and ``args``."""
    return Counted(singular, MappingProxyType({"num": num, **args}), plural, num)


def T(message: str, **args: object) -> Text:  # noqa: N802
    """A message id (marked with ``N_`` where it is written) with its arguments."""
    return Text(message, MappingProxyType(args))


def spoken(
    text: Text | str,
    gettext: Callable[[str], str],
    ngettext: Callable[[str, str, int], str],
    shown: Callable[[str, object], object] = lambda name, value: value,
) -> str:
    """``text`` through a catalog (``gettext``, ``ngettext``), its arguments first: an argument
    that is itself a :class:`Text` is said in the same language, any other goes through
    ``shown(name, value)`` (e.g. to isolate a pit's letter in a right-to-left sentence)."""
    if isinstance(text, str):
        return gettext(text)
    args = {
        name: spoken(value, gettext, ngettext, shown)
        if isinstance(value, Text)
        else shown(name, value)
        for name, value in text.args.items()
    }
    if isinstance(text, Counted):
        return ngettext(text.id, text.plural, text.num) % args
    found = gettext(text.id)
    return found % args if args else found


def english(text: Text | str) -> str:
    """``text`` in English: the ids themselves (the engine's tools and tests read this)."""
    return spoken(text, lambda s: s, lambda one, many, n: one if n == 1 else many)


# Translators: a place on the board, said as where something lands or lies ("in your pit C",
# with the preposition or case your language needs there): the sentences say "the last seed fell
# %(place)s", "you captured 5 seeds (%(pits)s)". The letters stay as they are.
PLACES = {
    ("your", "store"): N_("your store"),
    ("their", "store"): N_("their store"),
    ("your", "kazan"): N_("your kazan"),
    ("their", "kazan"): N_("their kazan"),
    ("your", "captured seeds"): N_("your captured seeds"),
    ("their", "captured seeds"): N_("their captured seeds"),
    ("your", "pit"): N_("your pit %(letter)s"),
    ("their", "pit"): N_("their pit %(letter)s"),
    ("your", "house"): N_("your house %(letter)s"),
    ("their", "house"): N_("their house %(letter)s"),
}
SQUARE = N_("square %(index)s")
NOWHERE = N_("nowhere")
# Translators: a store reached through a tuzdyk; %(place)s is one of the places above.
THROUGH_TUZDYK = N_("%(place)s (through the tuzdyk)")
# Translators: a list's separator between two places (Arabic: "، ").
AND_ALSO = N_("%(before)s, %(after)s")
# Why a move is illegal and how a game ended, as the variants say it (engine/variants): the
# same English, marked here so that a lesson's explanation is said in the learner's language.
REASONS = {
    N_("that pit is empty"),
    N_("that house is empty"),
    N_("that pit is the opponent's tuzdyk"),
    N_("it would capture all the opponent's seeds (a grand slam) and other moves don't"),
    N_("the opponent has no seeds and this move does not give them any"),
    N_("a row is empty"),
    N_("no player can move"),
    N_("a player has captured more than half the seeds"),
    N_("the position repeated"),
    N_("every seed is in a store"),
    N_("the board is empty"),
    N_("a capture left the last four seeds, and the capturer takes them too"),
}
REASON_PATTERNS = (
    (re.compile(r"a store holds (?P<count>\d+)"), N_("a store holds %(count)s")),
    (re.compile(r"both stores hold (?P<count>\d+)"), N_("both stores hold %(count)s")),
    (
        re.compile(r"player (?P<player>\d+) has no seeds to move"),
        N_("player %(player)s has no seeds to move"),
    ),
    (re.compile(r"player (?P<player>\d+) cannot move"), N_("player %(player)s cannot move")),
)


def reason(said: str) -> Text | str:
    """A variant's reason (an illegal move's, an ending's) as a message id; an unknown one is
    kept as it is (a test checks that every lesson's reasons are known)."""
    if said in REASONS:
        return T(said)
    for pattern, message in REASON_PATTERNS:
        if found := pattern.fullmatch(said):
            return T(message, **{name: int(value) for name, value in found.groupdict().items()})
    return said


def place(rules: Rules, index: int) -> Text:
    """A board index in the learner's words: "your pit C", "their pit b", "your store"."""
    for player in (0, 1):
        whose = "your" if player == 0 else "their"
        if index == rules.store(player):
            return T(PLACES[whose, rules.store_word])
        if index in rules.row(player):
            letter = pit_letter(player, index - rules.index(player, 0))
            return T(PLACES[whose, pit_word(rules)], letter=letter)
    return T(SQUARE, index=index)


def pit_word(rules: Rules) -> str:
    """What the learner's lesson calls a pit of a row: "house" in Oware (as its lesson says
    throughout), else "pit"."""
    return "house" if rules.name == "oware" else "pit"


def landing(rules: Rules, index: int) -> Text:
    """Where a seed fell: a place, or a store off the path reached through a tuzdyk."""
    if index in (rules.store(0), rules.store(1)) and not rules.has_stores_on_path:
        return T(THROUGH_TUZDYK, place=place(rules, index))
    return place(rules, index)


def listed(texts: list[Text]) -> Text:
    """Several texts as one list: "your pit C, their pit b"."""
    found = texts[0]
    for text in texts[1:]:
        found = T(AND_ALSO, before=found, after=text)
    return found


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


# The sentences of a try, one id per word the variant uses (seeds or stones, pit or house, store
# or kazan): each language words them as its players say them.
LAST_NOT_IN = {
    "seeds": N_("The last seed fell in %(last)s, not in %(target)s."),
    "stones": N_("The last stone fell in %(last)s, not in %(target)s."),
}
STORE_GAINED = {
    "store": N_("Your store gained %(got)s; the task wants %(target)s."),
    "kazan": N_("Your kazan gained %(got)s; the task wants %(target)s."),
    "captured seeds": N_("Your captured seeds gained %(got)s; the task wants %(target)s."),
}
NO_SEEDS_LEFT = {
    "seeds": N_("Your opponent still has no seeds."),
    "stones": N_("Your opponent still has no stones."),
}
LIFTED = {
    "seeds": N_(
        "The last seed fell in %(place)s, which held seeds: you lifted its %(count)s and sowed on."
    ),
    "stones": N_(
        "The last stone fell in %(place)s, which held stones: you lifted its %(count)s and "
        "sowed on."
    ),
}
LAST_IN = {
    "seeds": N_("The last seed fell in %(place)s."),
    "stones": N_("The last stone fell in %(place)s."),
}
LAST_IN_EMPTY = {
    "seeds": N_("The last seed fell in %(place)s, which was empty."),
    "stones": N_("The last stone fell in %(place)s, which was empty."),
}


def _run(pits: int, target: int, word: str) -> Counted:
    if word == "house":
        return Nn_(
            "You captured from %(num)s house; the task wants %(target)s at once.",
            "You captured from %(num)s houses; the task wants %(target)s at once.",
            pits,
            target=target,
        )
    return Nn_(
        "You captured from %(num)s pit; the task wants %(target)s at once.",
        "You captured from %(num)s pits; the task wants %(target)s at once.",
        pits,
        target=target,
    )


def _sowed(lifted: int, letter: str, pit: str, seeds: str) -> Counted:
    """The sowing's sentence: "You sowed the 3 seeds of your pit C, one a pit counter-clockwise"
    (the learner's own pit: in a lesson the learner moves)."""
    if pit == "house":
        return Nn_(
            "You sowed the one seed of your house %(letter)s, one a house counter-clockwise.",
            "You sowed the %(num)s seeds of your house %(letter)s, one a house counter-clockwise.",
            lifted,
            letter=letter,
        )
    if seeds == "stones":
        return Nn_(
            "You sowed the one stone of your pit %(letter)s, one a pit counter-clockwise.",
            "You sowed the %(num)s stones of your pit %(letter)s, one a pit counter-clockwise.",
            lifted,
            letter=letter,
        )
    return Nn_(
        "You sowed the one seed of your pit %(letter)s, one a pit counter-clockwise.",
        "You sowed the %(num)s seeds of your pit %(letter)s, one a pit counter-clockwise.",
        lifted,
        letter=letter,
    )


def _captured(seeds: int, pits: Text, word: str) -> Counted:
    if word == "stones":
        return Nn_(
            "You captured %(num)s stone (%(pits)s).",
            "You captured %(num)s stones (%(pits)s).",
            seeds,
            pits=pits,
        )
    return Nn_(
        "You captured %(num)s seed (%(pits)s).",
        "You captured %(num)s seeds (%(pits)s).",
        seeds,
        pits=pits,
    )


def missed(goal: Goal, before: State, rec: MoveRecord, after: State) -> Text:
    """Why a move did not reach ``goal``, in one sentence."""
    rules = before.rules
    seeds = rules.seed_word
    match goal.aim:
        case Aim.LAST_IN:
            last = place(rules, rec.sown[-1]) if rec.sown else T(NOWHERE)
            return T(LAST_NOT_IN[seeds], last=last, target=place(rules, goal.target))
        case Aim.STORE:
            got = _gained(before, after, rec.player)
            return T(STORE_GAINED[rules.store_word], got=got, target=goal.target)
        case Aim.EXTRA_TURN:
            return T(N_("The turn passed to your opponent: no extra turn."))
        case Aim.CAPTURE:
            if not rec.captured:
                return T(N_("Nothing was captured."))
            return T(
                N_("You captured %(captured)s; the task wants %(target)s."),
                captured=rec.captured,
                target=goal.target,
            )
        case Aim.RUN:
            pits = len({index for index, _ in rec.captures})
            return _run(pits, goal.target, pit_word(rules))
        case Aim.WIN:
            if not rec.ended:
                return T(N_("The game goes on."))
            return T(N_("The game ended, but you did not win it."))
        case Aim.FEED:
            return T(NO_SEEDS_LEFT[seeds])
        case Aim.TUZDYK:
            return T(N_("No tuzdyk was made."))
        case Aim.RELAY:
            return T(N_("The sowing stopped without lifting again."))


def explain(before: State, rec: MoveRecord, after: State) -> list[Text]:
    """What a move did, as texts a learner reads: the sowing, each lift, captures, an extra
    turn, a tuzdyk, the end and what each row banked (the learner is player 0)."""
    rules = before.rules
    seeds = rules.seed_word
    origin, lifted = rec.lifted[0] if rec.lifted else (rules.index(rec.player, rec.pit), 0)
    letter = pit_letter(0, origin - rules.index(0, 0))
    said: list[Text] = [_sowed(lifted, letter, pit_word(rules), seeds)]
    for index, count in rec.lifted[1:]:
        said.append(T(LIFTED[seeds], place=place(rules, index), count=count))
    last = rec.sown[-1]
    empty = last in rules.row(0) or last in rules.row(1)
    empty = empty and after.board[last] == 1 and not rec.captures  # it held none before
    said.append(T((LAST_IN_EMPTY if empty else LAST_IN)[seeds], place=landing(rules, last)))
    if rec.opponent_captures:
        taken = sum(n for _, n in rec.opponent_captures)
        said.append(
            T(
                N_("Your opponent took %(taken)s on the way (pits that made 4 on their side)."),
                taken=taken,
            )
        )
    if rec.captures:
        pits = listed([place(rules, index) for index, _ in rec.captures])
        said.append(_captured(rec.captured, pits, seeds))
    made = after.extra[rec.player] if after.extra else -1
    if after.extra and before.extra[rec.player] < 0 <= made:
        # A tuzdyk is always one of the opponent's pits.
        letter = pit_letter(1, made - rules.index(1, 0))
        said.append(T(N_("Their pit %(letter)s became your tuzdyk."), letter=letter))
    if rec.ended:
        mine, theirs = rec.banked
        said.append(
            T(
                N_(
                    "That ended the game (%(reason)s): you banked %(mine)s and your opponent "
                    "%(theirs)s; the score is %(score)s."
                ),
                reason=reason(rec.end_reason),
                mine=mine,
                theirs=theirs,
                score=f"{after.scores[0]}–{after.scores[1]}",
            )
        )
    elif rec.extra_turn:
        said.append(T(N_("You move again.")))
    return said


def account(before: State, rec: MoveRecord, after: State) -> list[str]:
    """What a move did, in English sentences (:func:`explain`'s texts)."""
    return [english(text) for text in explain(before, rec, after)]


def attempt(course: Course, step: Step, pit: int) -> Attempt:
    """Play ``pit`` (the learner's pit number) in ``step``: passed or not, and why."""
    before = course.state(step)
    try:
        after, rec = before.play_record(pit)
    except IllegalMove as exc:
        why_not = reason(str(exc).split(": ", 1)[-1])
        letter = pit_letter(0, pit) if 0 <= pit < before.rules.pits else str(pit)
        said = T(N_("Pit %(letter)s can't be played: %(reason)s."), letter=letter, reason=why_not)
        return Attempt(False, None, None, (said,), (step.notes.get(pit, step.hint),))
    if reached(step.goal, before, rec, after):
        return Attempt(True, rec, after, tuple(explain(before, rec, after)), ())
    note = step.notes.get(pit)
    reasons: tuple[Text | str, ...] = (
        missed(step.goal, before, rec, after),
        *([note] if note else []),
        step.hint,
    )
    return Attempt(False, rec, after, tuple(explain(before, rec, after)), reasons)


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
