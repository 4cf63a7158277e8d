"""No Flask session: the app keeps nothing in Flask's signed session cookie (a device is known by
its seat token, :mod:`app.web.seats`; its language by its own cookie), so no request opens one.

Flask opens the session of every request before its view, building a signing serializer each
time (3 % of a game request's CPU in a profile of the loadbench's mix); with this interface a
request gets Flask's null session at once (reading it is empty, writing to it fails loudly) and
nothing is saved after it.
"""

from __future__ import annotations

from flask import Flask, Request, Response
from flask.sessions import SessionInterface, SessionMixin


class Sessionless(SessionInterface):
    """Flask's session interface that opens no session (see the module docstring)."""

    def open_session(self, app: Flask, request: Request) -> SessionMixin | None:  # noqa: ARG002
        """Flask's null session: the app has none."""
        return self.make_null_session(app)

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """Nothing to save."""


def init_app(app: Flask) -> None:
    """Open no Flask session in any request of ``app``."""
    app.session_interface = Sessionless()
