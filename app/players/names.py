"""Players' names: a player is a name kept for a device (the owner hash of the seat token the
server signed, see :mod:`app.web.seats`); whoever holds the device is the player.

What a name may be and when two names are one (their TS #39 skeleton) is the rule of
:mod:`app.games.names`; names are unique on the server by that key.  A device may change its
name at any time; its old name is then free for anyone.  Games and ratings are kept by device,
so a new name carries them along.

Every way to take a name (``PUT /api/me``, joining or creating a tournament under a name, a
seek's name) goes through :func:`take`: the rule, the skeleton and the ``name`` rate limit of
the device's address.

Names kept before the skeleton (compared by case folding only) are brought to it once per
process (:func:`rekeyed`): of two kept names with one skeleton, the one taken first stays and
the later one is released, as is a kept name that breaks today's rule; such a device is
asked for a name again when it next matters.
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Iterable

from app.games.errors import N_, NotNow
from app.games.names import MAX_LENGTH, InvalidName, clean, key_of, seat_name
from app.games.player_names import NameTaken, PlayerNames
from app.store.base import GameStore

__all__ = [
    "MAX_LENGTH",
    "InvalidName",
    "TakenName",
    "canonical",
    "clean",
    "device_of",
    "forget",
    "key_of",
    "name_of",
    "names_of",
    "rekeyed",
    "seat_name",
    "set_name",
    "take",
]


class TakenName(NotNow):
    """Another player has this name, or one that looks the same (409)."""


_rekeyed: set[int] = set()
_rekey_lock = threading.Lock()


def kept_key(name: str) -> str | None:
    """A kept name's key under today's rule, or None if the name breaks it."""
    try:
        return key_of(clean(name))
    except InvalidName:
        return None


def rekeyed(store: GameStore) -> GameStore:
    """The store, its kept names brought to today's keys once in this process (see the module
    docstring: the name taken first keeps a shared skeleton)."""
    if id(store) not in _rekeyed:
        with _rekey_lock:
            if id(store) not in _rekeyed:
                PlayerNames(store).rekey(kept_key)
                _rekeyed.add(id(store))
    return store


def name_of(store: GameStore, device_id: str | None) -> str | None:
    """The name kept for the device, or None (an anonymous device)."""
    return None if device_id is None else PlayerNames(store).name_of(device_id)


def names_of(store: GameStore, ids: Iterable[str | None]) -> dict[str, str]:
    """The names of those of ``ids`` that have one (device id -> name)."""
    return PlayerNames(store).names_of(i for i in ids if i is not None)


def canonical(store: GameStore, name: str) -> tuple[str, str] | None:
    """The device holding ``name`` (or a name that looks the same) and the name as its player
    spelled it, or None."""
    if not isinstance(name, str) or not name.strip() or len(name) > 4 * MAX_LENGTH:
        return None
    return PlayerNames(rekeyed(store)).device_of(
        key_of(unicodedata.normalize("NFC", name).strip(" "))
    )


def device_of(store: GameStore, name: str) -> str | None:
    """The device holding ``name`` (or a name that looks the same), or None."""
    found = canonical(store, name)
    return None if found is None else found[0]


def set_name(store: GameStore, device_id: str, name: object) -> str:
    """Keep ``name`` for the device (its old one is freed): the name as kept.  InvalidName
    (400) if it breaks the rule, TakenName (409) if another device holds it or a name that
    looks the same.  No rate limit: callers on a request use :func:`take`."""
    text = clean(name)
    try:
        PlayerNames(rekeyed(store)).set_name(device_id, text, key_of(text))
    except NameTaken:
        raise TakenName(
            N_(
                "the name %(name)s is taken by another player (or one that looks the same); "
                "choose another"
            ),
            name=repr(text),
        ) from None
    return text


def take(store: GameStore, device_id: str, name: object) -> str:
    """Every way a request takes a name: the rule, then the ``name`` rate limit of the
    address (429), then :func:`set_name`.  The device's own name sent again as kept costs
    nothing."""
    from app.web.limits import limit  # the request's address; imported late (app.web uses us)

    text = clean(name)
    if text == name_of(store, device_id):
        return text
    limit("name")
    return set_name(store, device_id, text)


def forget(store: GameStore, device_id: str, restore: str | None) -> None:
    """Undo a :func:`take` whose request was then refused: the device's name back to
    ``restore`` (None: no name), unless another device took that meanwhile (then none)."""
    if restore is not None:
        try:
            PlayerNames(store).set_name(device_id, restore, key_of(restore))
            return
        except NameTaken:
            pass
    PlayerNames(store).forget(device_id)
