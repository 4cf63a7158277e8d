"""The learning pages and their JSON: ``/learn`` (lessons) and ``/puzzles``; every route parses,
calls one use case, and answers its view."""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask.typing import ResponseReturnValue

from app.games.errors import N_, BadInput
from app.i18n.names import variant_name
from app.learn import get_learn_store, named
from app.learn.lessons import Courses, course_view, find, overview, try_step
from app.learn.puzzles import rating_view, today
from app.learn.service import get_mistakes, get_puzzles
from app.web.inputs import body
from app.web.seats import current_owner, ensure_owner
from engine import get_variant

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
    found: Courses = {"courses": overview(_done())}
    return found


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


# -- puzzles ---------------------------------------------------------------------------------------


@bp.get("/puzzles")
def puzzles_page() -> str:
    """The puzzles: one at a time on a live board, the rating that moves, your own puzzles."""
    puzzles = get_puzzles()
    counts = puzzles.counts()
    variants = [(name, get_variant(name).title, counts[name]) for name in counts]
    themes = puzzles.theme_counts()
    first = themes.get(variants[0][0], {}) if variants else {}
    # Pairs, not an object: JSON sorts an object's keys, and the themes keep their own order.
    offered = {name: list(counted.items()) for name, counted in themes.items()}
    return render_template("puzzles.html", variants=variants, themes=offered, first=first)


@bp.get("/api/puzzles/next")
def next_puzzle() -> ResponseReturnValue:
    """The next puzzle for this device: ``?variant=`` (default kalah) and ``?theme=``, nearest
    its rating among those it has not tried; ``?mine=1``: its oldest own puzzle not tried yet;
    ``?streak=N``: streak mode after N solved in a row (untried only, harder as N grows)."""
    variant = request.args.get("variant", "kalah")
    mine = request.args.get("mine", "") in ("1", "true")
    theme = request.args.get("theme", "")
    streak = request.args.get("streak")
    if streak is not None and (not streak.isdigit() or len(streak) > 6):
        raise BadInput("'streak' must be the puzzles solved in a row so far (0 or more)")
    return get_puzzles().next(
        current_owner(), variant, mine, theme, None if streak is None else int(streak)
    )


@bp.get("/api/puzzles/daily")
def daily_puzzle() -> ResponseReturnValue:
    """Today's puzzle (UTC), the same for everyone."""
    return get_puzzles().daily(today())


@bp.get("/api/puzzles/me")
def my_puzzles() -> ResponseReturnValue:
    """This device's puzzle rating and its own puzzles (made from its mistakes)."""
    owner = current_owner()
    store = get_learn_store()
    tried = store.tried(owner) if owner else {}
    own = [
        {
            "id": p.id,
            "variant": p.variant,
            "title": variant_name(p.variant, get_variant(p.variant).title),
            **p.own,
            "tried": p.id in tried,
            "solved": tried.get(p.id),
        }
        for p in get_puzzles().mine(owner)
    ]
    return {"rating": rating_view(store.player(owner) if owner else None), "own": own}


@bp.get("/api/puzzles/tries")
def past_tries() -> ResponseReturnValue:
    """This device's past tries, newest first (whether the first try solved each)."""
    return get_puzzles().past(current_owner())


@bp.get("/api/puzzles/<puzzle_id>")
def puzzle(puzzle_id: str) -> ResponseReturnValue:
    """One puzzle (shipped, or this device's own)."""
    return get_puzzles().show(current_owner(), puzzle_id)


@bp.post("/api/puzzles/<puzzle_id>/try")
def try_puzzle(puzzle_id: str) -> ResponseReturnValue:
    """Try a pit (``{"pit": n, "moves": [pits played before in the line]}``):
    right or not, the line's reply, whether the line is done, a wrong move's refutation, the
    solution line, and the ratings (the device's and the puzzle's) before and after, moved once
    (the first wrong move or the line's end)."""
    puzzles = get_puzzles()
    puzzles.find(current_owner(), puzzle_id)  # 404 before a cookie is minted for nothing
    sent = body()
    return puzzles.attempt(ensure_owner(), puzzle_id, sent)


@bp.post("/api/puzzles/mistakes")
def learn_from_mistakes() -> ResponseReturnValue:
    """Make this device's puzzles from its analysed games' mistakes and blunders: one game's
    (``{"game": id}``) or its recent games' (``{}``)."""
    sent = body()
    unknown = sorted(set(sent) - {"game"})
    if unknown:
        raise BadInput(
            N_("unknown field %(field)s (send {'game': <game id>} or {})"), field=named(unknown[0])
        )
    owner = current_owner()
    if owner is None:
        return {"made": []}
    game = sent.get("game")
    if game is None:
        return {"made": get_mistakes().from_recent(owner)}
    if not isinstance(game, str):
        raise BadInput("'game' must be a game id")
    return {"made": get_mistakes().from_game(owner, game)}
