"""The learning pages and their JSON: ``/learn`` (lessons) and ``/puzzles``; every route parses,
calls one use case, and answers its view."""

from __future__ import annotations

from flask import Blueprint, render_template
from flask.typing import ResponseReturnValue

from app.learn import get_learn_store
from app.learn.lessons import course_view, find, overview, try_step
from app.web.inputs import body
from app.web.seats import current_owner, ensure_owner

bp = Blueprint("learn", __name__)


def _done() -> dict[str, list[str]]:
    owner = current_owner()
    return get_learn_store().steps_done(owner) if owner else {}


@bp.get("/learn")
def lessons_page() -> str:
    """The lessons: a course per variant, each step on a live board."""
    return render_template("learn.html", courses=overview(_done()))


@bp.get("/api/learn")
def lessons() -> ResponseReturnValue:
    """Every course in short, with the steps this device has passed."""
    return {"courses": overview(_done())}


@bp.get("/api/learn/<variant>")
def lesson(variant: str) -> ResponseReturnValue:
    """One variant's course: every step's idea, task, position and pits to try."""
    found, _ = find(variant)
    return course_view(found, _done().get(variant, []))


@bp.post("/api/learn/<variant>/<step>")
def try_lesson_step(variant: str, step: str) -> ResponseReturnValue:
    """Try a pit in a step (``{"pit": n}``): whether it did the task, the move to animate, what
    happened and why it missed; a passed step is kept for this device."""
    find(variant, step)  # 404 before a cookie is minted for nothing
    sent = body()
    return try_step(get_learn_store(), ensure_owner(), variant, step, sent)
