"""HTML pages: the menu with "your games", and the board page.  Both render only; the board
is drawn and played by the ES modules under static/js talking to the JSON API."""

from __future__ import annotations

import time
from pathlib import Path

from flask import Blueprint, current_app, render_template, request
from markupsafe import Markup

from app.games import DEFAULT_LEVEL
from app.games.service import get_games
from app.games.view import summary, variants_payload
from app.i18n.board_help import board_help_words
from app.i18n.choose import gettext
from app.store import get_store
from app.store.json_types import JSONObject
from app.upkeep.maintenance import get_upkeep, listed, notice
from app.web.lan import qr_svg, urls
from app.web.seats import current_owner
from engine import get_variant
from engine.agents import ALGORITHMS, LEVELS
from engine.agents.levels import DESCRIPTIONS
from engine.agents.perfect import menu_line

bp = Blueprint("pages", __name__)

# The computer's methods as the menu names them (the engine's names are the values sent).
ALGORITHM_NAMES = {
    "minimax": "Minimax search (looks ahead)",
    "mcts": "Monte Carlo tree search",
    "evolutionary": "Evolutionary (breeds plans)",
}


def level_notes() -> dict[str, str]:
    """Each level's line for the menu; Perfect's says from where it is exact on this host
    (its opening book, and whether the host's large endgame table is built)."""
    tables = Path(current_app.instance_path) / "tables"
    return {**DESCRIPTIONS, "perfect": menu_line(tables).render(gettext)}


def algorithm_choices() -> list[tuple[str, str]]:
    """Each of the engine's algorithms with its name in words (its own name if it has none)."""
    return [(a, ALGORITHM_NAMES.get(a, a.capitalize())) for a in ALGORITHMS]


@bp.get("/")
def index() -> str:
    """The menu: three doors, watch, your games; variant and difficulty right there."""
    owner = current_owner()
    yours = [listed(summary(g, owner), g) for g in get_games().games_of(owner, limit=12)]
    lan = lan_urls()
    qr = qr_svg(lan[0]) if lan else None
    return render_template(
        "index.html",
        variants=variants_payload(),
        levels=LEVELS,
        level_notes=level_notes(),
        algorithms=algorithm_choices(),
        default_level=DEFAULT_LEVEL,
        yours=yours,
        lan=lan,
        qr=Markup(qr) if qr else None,
        open_games=open_games(owner),
    )


def lan_urls() -> list[str]:
    """This server's addresses for other devices on the LAN (no localhost)."""
    port = request.host.rpartition(":")[2] if ":" in request.host else "80"
    return [u for u in (urls(int(port)) if port.isdigit() else []) if "localhost" not in u]


OPEN_GAME_HOURS = 12  # an invite older than this is not listed (but still works)


def open_games(owner: str | None, limit: int = 10) -> list[JSONObject]:
    """Games between two devices on this server still waiting for an opponent (not yours)."""
    found = []
    oldest = time.time() - OPEN_GAME_HOURS * 3600
    rows = get_store().open_invites(oldest, limit + 20)  # by index: not every stored game
    for game in get_games().replayable(rows):
        if game.over or game.seats_of(owner):
            continue
        if game.has_open_seat:
            found.append(
                {
                    "id": game.id,
                    "title": game.record.rules.title,
                    "host": next((s.name for s in game.seats if s.name), None),
                    "url": f"/game/{game.id}?invite=1",
                    "moves": len(game.record.moves),
                }
            )
        if len(found) >= limit:
            break
    return found


def base_url() -> str:
    """The address to put in invites: the LAN one when the host browses via localhost."""
    host = request.host.split(":")[0]
    if host in ("localhost", "127.0.0.1", "::1", "[::1]"):
        lan = lan_urls()
        if lan:
            return lan[0].rstrip("/")
    return request.host_url.rstrip("/")


@bp.get("/game/<game_id>")
def game_page(game_id: str) -> str:
    """The board page; the game itself is loaded by the front end."""
    game = get_games().load(game_id)  # 404 / 410 (a damaged game) as an error page
    rules = game.record.rules
    invite = watch = invite_qr = None
    if game.mode == "remote":
        invite = f"{base_url()}/game/{game_id}?invite=1"
        watch = f"{base_url()}/game/{game_id}?watch=1"
        svg = qr_svg(invite)
        invite_qr = Markup(svg) if svg else None
    return render_template(
        "game.html",
        game_id=game_id,
        title=rules.title,
        rules=rules,
        invite=invite,
        watch=watch,
        invite_qr=invite_qr,
        expiry=notice(game, get_upkeep())["text"],
    )


@bp.get("/rules")
def rules_page() -> str:
    """Every variant's rules in one page (the board page shows the game's own), in the request's
    language: the engine's texts are message ids the template translates; the board's help is
    worded here."""
    variants = [
        {**v, "board_help": board_help_words(get_variant(v["name"]))} for v in variants_payload()
    ]
    return render_template("rules.html", variants=variants)
