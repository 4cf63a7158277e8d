"""The names the lobby shows: a player's chosen name (:mod:`app.players`), else "Guest 1a2b"
(the first four digits of the device's public tag)."""

from __future__ import annotations

from app.lobby.store import tag_of
from app.players.names import device_of, names_of, take
from app.store.sql import SQLStore


def guest(device: str) -> str:
    """The name of a device that has chosen none."""
    return f"Guest {tag_of(device)[:4]}"


class Names:
    """Players' names on one store."""

    def __init__(self, store: SQLStore) -> None:
        self.store = store

    def chosen(self, devices: list[str]) -> dict[str, str]:
        """The names the players of ``devices`` chose (those without one are left out)."""
        return names_of(self.store, devices) if devices else {}

    def device_of(self, name: str) -> str | None:
        """The device of the player called ``name`` (any case), or None."""
        return device_of(self.store, name)

    def take(self, device: str, name: object) -> str:
        """``name`` taken as the device's player name: the rule, the address's name rate limit
        and uniqueness by skeleton, as every way to take a name (:func:`app.players.names.take`)."""
        return take(self.store, device, name)

    def name(self, device: str) -> str | None:
        """The name the player of ``device`` chose, or None."""
        return self.chosen([device]).get(device)

    def of(self, devices: list[str]) -> dict[str, str]:
        """A name for each of ``devices``: its chosen one, else its guest name."""
        return self.shown(devices)[0]

    def shown(self, devices: list[str]) -> tuple[dict[str, str], set[str]]:
        """:meth:`of`, and which of ``devices`` chose their name (one read of the names)."""
        unique = list(dict.fromkeys(devices))
        chosen = self.chosen(unique)
        return {d: chosen.get(d) or guest(d) for d in unique}, set(chosen)
