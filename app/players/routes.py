"""The players' pages and API: who this device is (``GET /api/me``) and its name (``PUT
/api/me``); a player's page (``/players/<name>``, JSON at ``/api/players/<name>``) and the
leaderboard (``/leaderboard``, JSON at ``/api/leaderboard``).

A device is the owner hash of its seat token (a browser's cookie, a bot's bearer token); a
device without one yet is anonymous (``device`` null) until it first takes a seat or a name.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask.typing import ResponseReturnValue
from typing_extensions import TypedDict

from app.games.errors import N_, BadInput, NoGame
from app.games.service import get_games
from app.players import names
from app.players.chart import rating_chart
from app.players.profile import RESULTS, Filters, PoolBoard, Profile, kind_arg, leaderboard, profile
from app.ratings.store import RatingTables
from app.store import get_store
from app.web.inputs import body
from app.web.seats import current_owner, ensure_owner
from engine import variant_names

bp = Blueprint("players", __name__)


class NoPlayer(NoGame):
    """No player has this name (404)."""


class Me(TypedDict):
    """Who this device is: its id (the hash of its seat token; null before it has one), whose
    games and ratings are kept by it, and its player's name (null: anonymous)."""

    device: str | None
    name: str | None


class PlayerAnswer(Profile):
    """A player's page as JSON."""

    you: bool
    """the player is this device"""


class Leaderboard(TypedDict):
    """Each rating pool's players by rating."""

    pools: list[PoolBoard]


@bp.get("/api/me")
def me() -> ResponseReturnValue:
    """This device's id and name (both null for a device without a seat token yet)."""
    device = current_owner()
    found: Me = {"device": device, "name": names.name_of(get_store(), device)}
    return found


@bp.put("/api/me")
def rename() -> ResponseReturnValue:
    """Take or change this device's name (400 for a bad one, 409 for a taken one or one that
    looks like it, 429 past the address's name changes)."""
    sent = body()
    unknown = sorted(set(sent) - {"name"})
    if unknown:
        raise BadInput(
            N_("unknown field(s): %(fields)s; send only 'name'"), fields=", ".join(unknown)
        )
    if "name" not in sent:
        raise BadInput('send {"name": "..."}: the name to take')
    names.clean(sent["name"])  # 400 before a cookie is minted for nothing
    device = ensure_owner()
    name = names.take(get_store(), device, sent["name"])
    taken: Me = {"device": device, "name": name}
    return taken


def filters() -> Filters:
    """A player's game list filters from the query (400 for a value that can't be one)."""
    variant = request.args.get("variant") or None
    result = request.args.get("result") or None
    opponent = request.args.get("opponent") or None
    if variant is not None and variant not in variant_names():
        raise BadInput(
            N_("'variant' must be one of %(variants)s"), variants=", ".join(variant_names())
        )
    if result is not None and result not in RESULTS:
        raise BadInput(N_("'result' must be one of %(results)s"), results=", ".join(RESULTS))
    if opponent is not None and len(opponent) > 4 * names.MAX_LENGTH:
        raise BadInput("'opponent' is a player's name (at most 24 characters)")
    return Filters(variant, result, opponent, kind_arg(request.args.get("kind")))


def player_data(name: str) -> PlayerAnswer:
    found = names.canonical(get_store(), name)
    if found is None:
        raise NoPlayer(N_("there is no player named %(name)s"), name=repr(name[:40]))
    device, kept = found
    return {
        **profile(get_store(), get_games(), device, kept, filters()),
        "you": device == current_owner(),
    }


@bp.get("/api/players/<path:name>")
def player_api(name: str) -> ResponseReturnValue:
    """A player's ratings, rating history, games (filtered), records and current games."""
    return player_data(name)


@bp.get("/players/<path:name>")
def player_page(name: str) -> ResponseReturnValue:
    data = player_data(name)
    charts = {h["pool"]: rating_chart(h) for h in data["history"]}
    return render_template("player.html", player=data, charts=charts)


def pool_arg() -> str | None:
    pool = request.args.get("pool") or None
    if pool is not None and pool not in RatingTables(get_store()).pools():
        raise BadInput(
            N_("no rated game was played in the pool %(pool)s yet"), pool=repr(pool[:40])
        )
    return pool


@bp.get("/api/leaderboard")
def leaderboard_api() -> ResponseReturnValue:
    """Each pool's players by rating (``pool``: one pool), provisional ratings marked."""
    found: Leaderboard = {"pools": leaderboard(get_store(), pool_arg())}
    return found


@bp.get("/leaderboard")
def leaderboard_page() -> ResponseReturnValue:
    me_name = names.name_of(get_store(), current_owner())
    return render_template(
        "players.html", pools=leaderboard(get_store(), pool_arg()), me_name=me_name
    )
