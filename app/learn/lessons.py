"""The lessons as the page gets them, and a try at a step: the engine plays the pit and says
whether it did the task (:mod:`engine.lessons`); a passed step is kept for the device.

The page is sent every step's position, its pits to try, the words for the board, and after a
try the move's record (its sowing path, for the animation), the board after it, what happened
and why it missed; it computes no rule."""

from __future__ import annotations

from typing import cast

from typing_extensions import TypedDict

from app.games.errors import BadInput, NoGame
from app.games.view import MoveRecordView, SpecialPit, Words, letters, words
from app.i18n.board_help import board_help_words
from app.i18n.choose import current, gettext, messages
from app.i18n.names import variant_name
from app.learn import named
from app.learn.store import LearnStore
from app.store.json_types import JSONObject
from engine import variant_names
from engine.lessons import Course, Step, attempt, course, courses, spoken, tries
from engine.notation import move_text
from engine.texts import Text

# Arguments kept left to right inside a right-to-left sentence: pit letters, a score "12–30".
LEFT_TO_RIGHT = frozenset({"letter", "score"})


class StepView(TypedDict):
    """A lesson step as the page draws it: the idea, the task, the position, the pits to try."""

    key: str
    title: str
    idea: str
    task: str
    done: bool
    """the device passed it"""
    board: list[int]
    extra: list[int]
    special_pits: list[SpecialPit]
    tries: list[int]
    """the pits worth trying"""


class CourseView(TypedDict):
    """A variant's course with every step, and how many the device has passed."""

    variant: str
    title: str
    intro: str
    pits: int
    stores: list[int]
    letters: list[list[str]]
    words: Words
    board_help: str
    rules_url: str
    steps: list[StepView]
    passed: int


class StepLine(TypedDict):
    """A step in short."""

    key: str
    title: str
    done: bool


class CourseLine(TypedDict):
    """A course in short: its steps' titles and how many the device has passed."""

    variant: str
    title: str
    intro: str
    steps: list[StepLine]
    passed: int


class Courses(TypedDict):
    """Every variant's lesson in short."""

    courses: list[CourseLine]


class LessonMove(TypedDict):
    """The move a try played: its record (the sowing path, for the animation), the board
    after it."""

    player: int
    pit: int
    notation: str
    record: MoveRecordView
    board: list[int]
    scores: list[int]


class StepTry(TypedDict):
    """A try at a step: passed or not, the move, what happened and why it missed."""

    variant: str
    step: str
    pit: int
    passed: bool
    said: list[str]
    """what the move did, in words (a sentence each)"""
    why: str
    """why it missed the task ("" when it passed)"""
    before: list[int]
    move: LessonMove | None
    done: list[str]
    """the steps the device has passed"""
    next: str | None
    """the next step's key (null: the last)"""


def said(text: Text | str) -> str:
    """A lesson's text (a message id and its arguments) in the request's language; in a
    right-to-left language pit letters and scores are isolated left to right."""
    catalog = messages()
    rtl = current().dir == "rtl"

    def shown(name: str, value: object) -> object:
        return f"\u2066{value}\u2069" if rtl and name in LEFT_TO_RIGHT else value

    return spoken(text, catalog.gettext, catalog.ngettext, shown)


def find(variant: str, key: str | None = None) -> tuple[Course, Step | None]:
    """The course of ``variant`` (and its step ``key``); NoGame saying which exist."""
    try:
        found = course(variant)
    except KeyError:
        raise NoGame(
            gettext(
                "there is no lesson for %(game)s (lessons: %(names)s)",
                game=named(variant),
                names=", ".join(variant_names()),
            )
        ) from None
    if key is None:
        return found, None
    try:
        return found, found.step(key)
    except KeyError:
        keys = ", ".join(s.key for s in found.steps)
        raise NoGame(
            gettext(
                "the %(game)s lesson has no step %(step)s (steps: %(keys)s)",
                game=variant,
                step=named(key),
                keys=keys,
            )
        ) from None


def step_view(lesson: Course, step: Step, done: list[str]) -> StepView:
    """A step as the page draws it: the idea, the task, the position and the pits to try."""
    state = lesson.state(step)
    rules = state.rules
    return {
        "key": step.key,
        "title": gettext(step.title),
        "idea": gettext(step.idea),
        "task": gettext(step.task),
        "done": step.key in done,
        "board": list(state.board),
        "extra": list(state.extra),
        "special_pits": [
            {"pit": pit, "owner": owner, "kind": kind}
            for pit, owner, kind in rules.special_pits(state.extra)
        ],
        "tries": list(tries(lesson, step)),
    }


def course_view(lesson: Course, done: list[str]) -> CourseView:
    """A variant's course with every step, and which the device has passed."""
    rules = lesson.rules
    return {
        "variant": lesson.variant,
        "title": variant_name(lesson.variant, rules.title),
        "intro": gettext(lesson.intro),
        "pits": rules.pits,
        "stores": [rules.store(0), rules.store(1)],
        "letters": letters(rules),
        "words": words(rules),
        "board_help": board_help_words(rules),
        "rules_url": f"/rules#rules-{lesson.variant}",
        "steps": [step_view(lesson, s, done) for s in lesson.steps],
        "passed": sum(1 for s in lesson.steps if s.key in done),
    }


def overview(done: dict[str, list[str]]) -> list[CourseLine]:
    """Every course in short: its steps' titles and how many the device has passed."""
    out: list[CourseLine] = []
    for lesson in courses():
        mine = done.get(lesson.variant, [])
        out.append(
            {
                "variant": lesson.variant,
                "title": variant_name(lesson.variant, lesson.rules.title),
                "intro": gettext(lesson.intro),
                "steps": [
                    {"key": s.key, "title": gettext(s.title), "done": s.key in mine}
                    for s in lesson.steps
                ],
                "passed": sum(1 for s in lesson.steps if s.key in mine),
            }
        )
    return out


def pit_of(sent: JSONObject) -> int:
    """The ``pit`` a try names; BadInput saying what is wrong."""
    unknown = sorted(set(sent) - {"pit"})
    if unknown:
        raise BadInput(
            gettext(
                "unknown field %(field)s (send {'pit': <your pit number>})", field=named(unknown[0])
            )
        )
    pit = sent.get("pit")
    if isinstance(pit, bool) or not isinstance(pit, int):
        raise BadInput(gettext("'pit' must be the number of one of your pits (0 is your leftmost)"))
    return pit


def try_step(
    store: LearnStore, owner: str | None, variant: str, key: str, sent: JSONObject
) -> StepTry:
    """Play the pit ``sent`` names in the step: passed or not, the move (its record and the
    board after it, for the animation), what happened and why it missed.  A passed step is
    kept for ``owner`` (None: kept nowhere)."""
    lesson, step = find(variant, key)
    assert step is not None
    pit = pit_of(sent)
    if not 0 <= pit < lesson.rules.pits:
        raise BadInput(
            gettext("'pit' must be 0-%(last)s, not %(pit)s", last=lesson.rules.pits - 1, pit=pit)
        )
    tried = attempt(lesson, step, pit)
    if tried.passed and owner is not None:
        store.pass_step(owner, variant, key)
    move: LessonMove | None = None
    if tried.record is not None and tried.after is not None:
        move = {
            "player": tried.record.player,
            "pit": tried.record.pit,
            "notation": move_text(tried.record),
            "record": cast(MoveRecordView, tried.record.to_dict()),  # the engine's JSON
            "board": list(tried.after.board),
            "scores": list(tried.after.scores),
        }
    done = store.steps_done(owner).get(variant, []) if owner else []
    keys = [s.key for s in lesson.steps]
    after = keys[keys.index(key) + 1 :]
    return {
        "variant": variant,
        "step": key,
        "pit": pit,
        "passed": tried.passed,
        "said": [said(line) for line in tried.lines],
        "why": " ".join(said(reason) for reason in tried.reasons),
        "before": list(step.board),
        "move": move,
        "done": done,
        "next": after[0] if after else None,
    }
