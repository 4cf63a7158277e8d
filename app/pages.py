"""HTML pages."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request

from engine import get_variant, variant_names

bp = Blueprint("pages", __name__)


@bp.get("/")
def index() -> str:
    """The home page: a variant's starting board, rendered by the server."""
    name = request.args.get("variant", "kalah")
    if name not in variant_names():
        abort(404)
    rules = get_variant(name)
    state = rules.initial_state()
    return render_template(
        "index.html",
        rules=rules,
        variants=variant_names(),
        top=[state.board[i] for i in reversed(rules.row(1))],
        bottom=[state.board[i] for i in rules.row(0)],
        stores=state.scores,
    )
