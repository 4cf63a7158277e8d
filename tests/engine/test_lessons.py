"""The lessons (engine/lessons/): every variant has a course, every step's position is a real
one, its task is solvable, its written answer is exactly what the engine finds, and a wrong try
says what happened and why."""

from __future__ import annotations

import pytest

from engine import variant_names
from engine.lessons import Aim, account, attempt, course, courses, solutions, tries

STEPS = [(c, s) for c in courses() for s in c.steps]
IDS = [f"{c.variant}-{s.key}" for c, s in STEPS]


def test_every_variant_has_a_course_in_menu_order() -> None:
    assert [c.variant for c in courses()] == list(variant_names())
    for found in courses():
        assert course(found.variant) is found
        assert len({s.key for s in found.steps}) == len(found.steps) >= 3


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_the_answer_is_what_the_engine_says(lesson, step) -> None:
    state = lesson.state(step)  # a legal position of the variant (seed count, extra, ...)
    assert state.to_move == 0 and not state.is_over
    assert solutions(lesson, step) == step.answer != ()


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_every_step_has_a_wrong_try_that_says_why(lesson, step) -> None:
    wrong = [p for p in tries(lesson, step) if p not in step.answer]
    assert wrong, "a step is passed by choosing, so some pit must fail"
    assert set(step.notes) <= set(wrong)
    for pit in wrong:
        tried = attempt(lesson, step, pit)
        assert not tried.passed
        assert tried.said and tried.why
        if pit in step.notes:
            assert step.notes[pit] in tried.why


def test_a_passed_step_says_what_the_move_did() -> None:
    kalah = course("kalah")
    step = kalah.step("capture")
    tried = attempt(kalah, step, 0)
    assert tried.passed and tried.why == ""
    assert tried.after is not None
    assert list(tried.after.board) == [0, 0, 2, 0, 3, 0, 18, 2, 3, 1, 4, 0, 2, 13]
    assert tried.said == [
        "You sowed the one seed of your pit A, one a pit counter-clockwise.",
        "The last seed fell in your pit B.",
        "You captured 6 seeds (their pit e, your pit B).",
    ]


def test_a_wrong_try_shows_the_move_and_the_rule_it_missed() -> None:
    kalah = course("kalah")
    step = kalah.step("no-capture")
    tried = attempt(kalah, step, 0)
    assert not tried.passed
    assert tried.after is not None
    assert list(tried.after.board) == [0, 1, 0, 1, 0, 0, 15, 3, 6, 2, 1, 0, 4, 15]
    assert tried.why == (
        "Nothing was captured. Pit B's opposite pit, e, is empty. Look at the pit opposite "
        "where your last seed lands: it must hold seeds."
    )


def test_an_illegal_try_says_the_engines_reason() -> None:
    oware = course("oware")
    step = oware.step("feeding")
    tried = attempt(oware, step, 3)
    assert not tried.passed and tried.record is None and tried.after is None
    assert tried.said == [
        "Pit D can't be played: the opponent has no seeds and this move does not give them any."
    ]


def test_a_relay_is_told_lift_by_lift() -> None:
    relay = course("relay")
    step = relay.step("relay-to-store")
    before = relay.state(step)
    after, rec = before.play_record(2)
    assert account(before, rec, after) == [
        "You sowed the one seed of your pit C, one a pit counter-clockwise.",
        "The last seed fell in your pit D, which held seeds: you lifted its 3 and sowed on.",
        "The last seed fell in your store.",
        "You move again.",
    ]


def test_the_lessons_cover_the_ideas_the_issue_names() -> None:
    aims = {(c.variant, s.goal.aim) for c, s in STEPS}
    for needed in [
        ("kalah", Aim.LAST_IN),
        ("kalah", Aim.STORE),
        ("kalah", Aim.EXTRA_TURN),
        ("kalah", Aim.CAPTURE),
        ("kalah", Aim.WIN),
        ("oware", Aim.CAPTURE),
        ("oware", Aim.RUN),
        ("oware", Aim.FEED),
        ("toguz_kumalak", Aim.CAPTURE),
        ("toguz_kumalak", Aim.TUZDYK),
        ("relay", Aim.RELAY),
        ("adi", Aim.RELAY),
        ("congkak", Aim.RELAY),
    ]:
        assert needed in aims
    assert {"no-capture", "grand-slam"} <= {s.key for _, s in STEPS}
