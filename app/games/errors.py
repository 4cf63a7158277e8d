"""What can go wrong in a use case, by kind; :mod:`app.web.errors` maps each kind to an HTTP status.

No HTTP here: a use case says *what* went wrong (not your turn, no seat, ...) and the message a
person reads; the status is the web layer's business (one table, ``app.web.errors.STATUS``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from engine.texts import Text


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs (Babel finds the calls); it is translated where sent."""
    return message


# The refusals a player meets on the game page, marked for the catalogs: the use cases raise
# them in English and app.web.errors sends each in the request's language (a test checks each
# is still raised with exactly this text). Messages built with f-strings stay English for now.
GAME_REFUSALS = (
    N_("you have no seat in this game (you are watching it)"),
    N_("your friend has not taken their seat yet: the game starts when they do"),
    N_("your time is up"),
    N_("aborting is for games between two devices; resign instead"),
    N_("both players have moved: the game can't be aborted now; resign instead"),
    N_("hints are off in this game (chosen when it was created)"),
    N_("requests to the opponent are for games between two devices"),
    N_("your opponent has not joined yet"),
    N_("there is no move of yours to take back"),
    N_("a rematch is offered when the game is over"),
    N_("the rematch has started already"),
    N_("a rematch offer is already waiting for an answer"),
    N_("there is no rematch offer from your opponent to answer"),
    N_("you already have a seat in this game"),
    N_("this game is over: it was aborted, its seat can't be taken"),
    N_("this seat is taken: both seats have players, you can watch this game"),
    N_("the game is changing too fast; try again"),
    N_("a hint is for your own turn"),
    N_("the game changed meanwhile; reload it"),
)


class GameError(Exception):
    """A request a use case refused; nothing was changed.

    ``message`` is English. With ``params`` it is a message id: its ``%(name)s`` placeholders
    are filled from them (``BadInput(N_("%(field)s must be 1 to %(high)s"), field=..., high=8)``;
    a part that is a sentence of its own is a :class:`engine.texts.Text`), so app.web.errors can
    say it in the request's language; ``message`` is the English filled in.
    """

    def __init__(self, message: str, retry_after: int | None = None, **params: object) -> None:
        english = {k: v.english() if isinstance(v, Text) else v for k, v in params.items()}
        text = message % english if params else message
        super().__init__(text)
        self.message = text
        self.message_id = message
        self.params = params
        self.retry_after = retry_after  # seconds until trying again makes sense (busy, limited)


class BadInput(GameError):
    """The request is malformed: a missing or wrong field, an unknown option."""


def known_fields(sent: Iterable[str], fields: Collection[str]) -> None:
    """Refuse a request that names a field outside ``fields``: the first unknown one (in
    alphabetical order) is named, and the known ones are listed."""
    unknown = sorted(set(sent) - set(fields))
    if unknown:
        raise BadInput(
            N_("unknown field %(field)s (fields: %(fields)s)"),
            field=repr(unknown[0]),
            fields=", ".join(sorted(fields)),
        )


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
