"""Tournament pages (``/tournaments``, ``/tournaments/<id>``) and their JSON API under
``/api/tournaments``: list, create, read (long-poll with ``?since=N``), join, leave, seat the
computer, the director's start / pause / remove / end, and the export as JSON or CSV."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, has_app_context, render_template, request
from flask.blueprints import BlueprintSetupState
from flask.typing import ResponseReturnValue

from app.games import Game, ends, rematches
from app.games.errors import NoGame
from app.games.service import get_games
from app.games.view import variants_payload
from app.lobby.hooks import register_finished
from app.store import GameStore, get_store
from app.store.sql import SQLStore
from app.tournaments.caps import TournamentLimits
from app.tournaments.export import games_csv, standings_csv
from app.tournaments.hooks import FinishedSource, rematch_rule
from app.tournaments.service import Tournaments
from app.tournaments.store import TournamentRow, TournamentStore
from app.tournaments.view import SYSTEM_LABELS, public, summary, view_text, yours
from app.web.errors import APIError
from app.web.inputs import body
from app.web.inputs import since as seen_version
from app.web.limits import client_address
from app.web.polls import long_poll
from app.web.seats import current_owner, ensure_owner
from engine.agents import ALGORITHMS, LEVELS

bp = Blueprint("tournaments", __name__)


lobby_games = FinishedSource(lambda: get_tournaments().store)  # asked inside a request


def settle_on_end(store: GameStore, game: Game) -> None:
    """A tournament game ended: record it and pair the next games now (the tournament's
    reads settle it too, so a game whose end no request saw is still counted)."""
    tournament = game.data.get("tournament")
    if not isinstance(tournament, dict) or not has_app_context():
        return
    try:
        get_tournaments().settle(str(tournament.get("id")))
    except NoGame:
        return  # the tournament is gone: nothing to settle


@bp.record_once
def hooks(state: BlueprintSetupState) -> None:
    """Tournament games: their end settles the tournament, their rematches follow it, the
    lobby lists them."""
    ends.on_end("tournaments", settle_on_end)
    rematches.register(rematch_rule)
    register_finished(lobby_games)


def get_tournaments() -> Tournaments:
    """The tournaments of this app (made on first use, over the app's store and games)."""
    found: Tournaments | None = current_app.extensions.get("mancala_tournaments")
    if found is None:
        store = get_store()
        if not isinstance(store, SQLStore):
            raise APIError(503, "tournaments need an SQL store")
        limits = TournamentLimits.of(current_app.config.get("TOURNAMENT_LIMITS"))
        found = Tournaments(TournamentStore(store), get_games(), limits)
        current_app.extensions["mancala_tournaments"] = found
    return found


def answer(row: TournamentRow, owner: str | None = None) -> Response:
    """The tournament from the asking device's side (or ``owner``'s), as JSON: what everyone
    sees of its version written once and shared (:func:`app.tournaments.view.view_text`)."""

    def dumps(value: object) -> str:
        return str(current_app.json.dumps(value, separators=(",", ":")))

    text = view_text(row, owner or current_owner(), dumps)
    return Response(text, mimetype="application/json")


@bp.get("/tournaments")
def list_page() -> str:
    """The tournaments, and a form to create one."""
    return render_template(
        "tournaments.html",
        variants=variants_payload(),
        systems=SYSTEM_LABELS,
        levels=LEVELS,
        algorithms=ALGORITHMS,
    )


@bp.get("/tournaments/<tournament_id>")
def page(tournament_id: str) -> str:
    """One tournament live: standings, cross-table, games, and the controls."""
    get_tournaments().row(tournament_id)  # 404 for a tournament that isn't there
    return render_template(
        "tournament.html", tournament_id=tournament_id, levels=LEVELS, algorithms=ALGORITHMS
    )


@bp.get("/api/tournaments")
def listing() -> ResponseReturnValue:
    """The tournaments in the room (see :meth:`Tournaments.recent`), their ``version`` (with
    ``?since=`` that version, answered once it changes, or at the long-poll's timeout), and
    ``yours``: the asking device's tournament games waiting to be played."""
    since = seen_version()
    tournaments = get_tournaments()
    timeout = float(current_app.config["LONG_POLL_SECONDS"])
    with long_poll(since is not None):
        version = tournaments.listed_version(since, timeout)
    rows = tournaments.recent()
    return {
        "version": version,
        "tournaments": [summary(r) for r in rows],
        "yours": yours(rows, current_owner()),
    }


@bp.post("/api/tournaments")
def create() -> ResponseReturnValue:
    row = get_tournaments().create(body(), ensure_owner(), client_address())
    return answer(row, current_owner() or row.data["director"]), 201


@bp.get("/api/tournaments/<tournament_id>")
def read(tournament_id: str) -> ResponseReturnValue:
    since = seen_version()  # strictly: ASCII digits (app.web.inputs)
    timeout = float(current_app.config["LONG_POLL_SECONDS"])
    with long_poll(since is not None):
        row = get_tournaments().read(tournament_id, since, timeout)
    return answer(row)


@bp.post("/api/tournaments/<tournament_id>/join")
def join(tournament_id: str) -> ResponseReturnValue:
    tournaments = get_tournaments()
    row = tournaments.join(tournament_id, body(), ensure_owner(), client_address())
    return answer(tournaments.settle(tournament_id, row))  # an arena pairs whoever came at once


@bp.post("/api/tournaments/<tournament_id>/leave")
def leave(tournament_id: str) -> ResponseReturnValue:
    body()
    return answer(get_tournaments().leave(tournament_id, ensure_owner()))


@bp.post("/api/tournaments/<tournament_id>/computer")
def computer(tournament_id: str) -> ResponseReturnValue:
    return answer(get_tournaments().add_computer(tournament_id, body(), ensure_owner()))


@bp.post("/api/tournaments/<tournament_id>/start")
def start(tournament_id: str) -> ResponseReturnValue:
    body()
    return answer(get_tournaments().start(tournament_id, ensure_owner()))


@bp.post("/api/tournaments/<tournament_id>/pause")
def pause(tournament_id: str) -> ResponseReturnValue:
    return answer(get_tournaments().pause(tournament_id, body(), ensure_owner()))


@bp.post("/api/tournaments/<tournament_id>/remove")
def remove(tournament_id: str) -> ResponseReturnValue:
    return answer(get_tournaments().remove(tournament_id, body(), ensure_owner()))


@bp.post("/api/tournaments/<tournament_id>/end")
def end(tournament_id: str) -> ResponseReturnValue:
    body()
    return answer(get_tournaments().end(tournament_id, ensure_owner()))


@bp.get("/api/tournaments/<tournament_id>/export")
def export(tournament_id: str) -> ResponseReturnValue:
    """The results: ``format=json`` (everything public) or ``csv``: ``table=standings`` (the
    default: standings, each round's games and the cross-table, one line a player) or
    ``table=games`` (one line a game)."""
    row = get_tournaments().settle(tournament_id)
    fmt = request.args.get("format", "json")
    if fmt == "json":
        response = Response(
            current_app.json.dumps(public(row, every_game=True)), mimetype="application/json"
        )
    elif fmt == "csv":
        table = request.args.get("table", "standings")
        if table not in CSV_TABLES:
            raise APIError(400, f"'table' must be one of {', '.join(CSV_TABLES)}")
        response = Response(CSV_TABLES[table](row), mimetype="text/csv")
        if table != "standings":
            fmt = f"{table}.csv"
    else:
        raise APIError(400, "'format' must be json or csv")
    response.headers["Content-Disposition"] = f'attachment; filename="tournament-{row.id}.{fmt}"'
    return response


CSV_TABLES = {"standings": standings_csv, "games": games_csv}
