"""The Flask application: pages and JSON API over the engine, games kept in a store."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

from app.config import DEFAULTS, secret_key_from_instance


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the app.

    Settings come from :data:`app.config.DEFAULTS`, then ``MANCALA_*`` environment variables,
    then ``config`` (tests).  The instance folder (``MANCALA_INSTANCE``, default ``instance/``
    beside the code) holds the SQLite store and the generated secret key.
    """
    root = Path(__file__).resolve().parent.parent
    instance = (config or {}).get("INSTANCE_PATH") or os.environ.get(
        "MANCALA_INSTANCE", str(root / "instance")
    )
    app = Flask(
        __name__,
        instance_path=str(Path(instance).resolve()),
        template_folder=str(root / "templates"),
        static_folder=str(root / "static"),
    )
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env("MANCALA")
    if config:
        app.config.update(config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key_from_instance(app.instance_path)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.url_map.merge_slashes = False  # "/api/games/x//moves" is a 404, not a redirect

    from app import analysis, i18n, store
    from app.analysis import routes as analysis_routes
    from app.board import routes as board_routes
    from app.computer import moves
    from app.contract import bp as contract_bp
    from app.games import liveness
    from app.games.facts import describe
    from app.lab import routes as lab_routes
    from app.learn import routes as learn_routes
    from app.lobby import ends as lobby_ends
    from app.lobby import routes as lobby_routes
    from app.players import routes as player_routes
    from app.ratings import settle
    from app.tournaments import routes as tournament_routes
    from app.upkeep import maintenance
    from app.web import (
        api,
        errors,
        health,
        language,
        pages,
        seats,
        security,
        sessionless,
        sync_hooks,
    )

    store.init_app(app, describe)
    settle.register()  # a rated game's end changes its players' ratings (app.games.ends)
    liveness.init_app(app)
    maintenance.init_app(app)
    lobby_ends.register()  # a game's end moves the lobby's version on (after the ratings')
    moves.init_app(app, app.extensions["mancala_store"])
    analysis.init_app(app)
    errors.init_app(app)
    i18n.init_app(app)  # the request's language: templates, catalogs for the browser
    seats.init_app(app)
    security.init_app(app)
    sessionless.init_app(app)  # no Flask session is opened: the app keeps none
    sync_hooks.init_app(app)  # Flask's coroutine check once per view and hook
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(analysis_routes.bp)
    app.register_blueprint(health.bp)
    app.register_blueprint(language.bp)  # the language picker, the catalogs for the scripts
    app.register_blueprint(lab_routes.bp)
    app.register_blueprint(board_routes.bp)
    app.register_blueprint(tournament_routes.bp)
    app.register_blueprint(learn_routes.bp)
    app.register_blueprint(player_routes.bp)
    app.register_blueprint(lobby_routes.bp)
    app.register_blueprint(contract_bp)  # /api/openapi.json
    return app
