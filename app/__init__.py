"""The Flask application: pages and JSON API over the pure-Python engine."""

from __future__ import annotations

import os
from typing import Any

from flask import Flask


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the app; ``config`` overrides the environment (used by tests)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    app = Flask(
        __name__,
        instance_path=os.environ.get("MANCALA_INSTANCE", os.path.join(root, "instance")),
        template_folder=os.path.join(root, "templates"),
        static_folder=os.path.join(root, "static"),
    )
    if config:
        app.config.update(config)

    from app import pages

    app.register_blueprint(pages.bp)
    return app
