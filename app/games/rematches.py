"""Who decides a rematch between two devices: by default the two players (an offer and its
answer, :func:`app.games.changes.rematch_offer`); a game that belongs to something with its own
pairing rules (a tournament) follows them instead.

A higher package registers a :data:`Rule` with :func:`register` (the tournaments do, for their
games; the registry: :mod:`app.games.hooks`).  Each rule is asked about every rematch request,
in the order they were registered: it returns None when the game is none of its business,
raises :class:`~app.games.errors.NotNow` to refuse the rematch (saying why), or returns the
fields to set on the new game (e.g. its tournament and round), which also means it allows it.
A rule that fails refuses the rematch too: its error reaches the request, never passed over.
"""

from __future__ import annotations

from collections.abc import Callable

from app.games.hooks import Hooks
from app.games.model import Game
from app.store.json_types import JSONObject

Rule = Callable[[Game], JSONObject | None]
RULES: Hooks[Rule] = Hooks("rematch rule")


def register(rule: Rule) -> None:
    """Ask ``rule`` about every rematch from now on (once, however often it is registered)."""
    RULES.add(rule)


def unregister(rule: Rule) -> None:
    """Stop asking ``rule`` (tests)."""
    RULES.remove(rule)


def ruled(game: Game) -> JSONObject:
    """What the registered rules set on the rematch of ``game`` ({} outside their games);
    NotNow (or the error of a rule that failed) when one refuses it."""
    fields: JSONObject = {}
    for found in RULES.run(lambda rule: rule(game), let_through=(Exception,)).answers:
        if found is not None:
            fields.update(found)
    return fields
