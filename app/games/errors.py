"""What can go wrong in a use case, by kind; :mod:`app.web.errors` maps each kind to an HTTP status.

No HTTP here: a use case says *what* went wrong (not your turn, no seat, ...) and the message a
person reads; the status is the web layer's business (one table, ``app.web.errors.STATUS``).
"""

from __future__ import annotations


class GameError(Exception):
    """A request a use case refused; nothing was changed."""

    def __init__(self, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after  # seconds until trying again makes sense (busy, limited)


class BadInput(GameError):
    """The request is malformed: a missing or wrong field, an unknown option."""


class NoSeat(GameError):
    """The device holds no seat in the game (it is watching)."""


class NotCreator(GameError):
    """Only the device that created the game may do this."""


class NoGame(GameError):
    """There is no game with that id."""


class Damaged(GameError):
    """The stored game can't be read or replayed any more."""


class NotNow(GameError):
    """The game's state doesn't allow this now (game over, a request already pending, ...)."""


class NotYourTurn(NotNow):
    """Someone else is to move."""


class StaleVersion(NotNow):
    """The client's version is not the game's current one."""


class IllegalMove(GameError):
    """The rules forbid the move; the message says why."""


class QueueFull(GameError):
    """The computer can't take another search now (busy, or shutting down)."""


class TooManySearches(GameError):
    """This device already has as many searches waiting as it may."""


class TooLarge(GameError):
    """The game would be too large to store."""


class TooManyGames(TooManySearches):
    """This device already runs as many games of this kind (watch games) as it may."""


class WrongHost(GameError):
    """The request names a host this server does not serve (a DNS-rebinding page)."""


class BadToken(GameError):
    """The seat token sent was not issued by this server."""
