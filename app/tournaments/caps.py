"""How much of the room one device, or one address, may take with tournaments.

A device is its seat cookie (its owner); an address is the network address it comes from (many
cookies can share one).  Each cap holds for both, and a refusal is a 429 that says what to do,
with ``Retry-After``:

- **making**: per device a burst of 5, then one every 2 minutes; per address 12, then one a
  minute;
- **open** (made, not started): at most 3 per device and 8 per address at once;
- **joining**: per device a burst of 20 joins, then one every 5 s; per address 60, then one a
  second;
- **the list** (:func:`fair_share`): the newest first, at most 3 tournaments not finished per
  device and 5 per address, so a friend's tournament made after a flood is seen at once;
- **expiry**: a tournament never started is deleted :data:`OPEN_HOURS` hours after it was made.

Each cap but the expiry may be changed with the ``TOURNAMENT_LIMITS`` setting
(``MANCALA_TOURNAMENT_LIMITS='{"open_per_address": 20}'``, the names of
:class:`TournamentLimits`); docs/hosting.md lists them.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from app.config import with_setting
from app.games.errors import N_, TooManyGames
from app.store.base import GameStore
from app.tournaments.store import TournamentRow

CREATE_DEVICE = (5.0, 1 / 120)  # (burst, tokens a second)
CREATE_ADDRESS = (12.0, 1 / 60)
JOIN_DEVICE = (20.0, 1 / 5)
JOIN_ADDRESS = (60.0, 1.0)
OPEN_PER_DEVICE = 3
OPEN_PER_ADDRESS = 8
LISTED_PER_DEVICE = 3
LISTED_PER_ADDRESS = 5
OPEN_HOURS = 12.0


@dataclass(frozen=True)
class TournamentLimits:
    """The caps above, as one host applies them (defaults: a LAN evening, one device each)."""

    create_device: tuple[float, float] = CREATE_DEVICE
    create_address: tuple[float, float] = CREATE_ADDRESS
    join_device: tuple[float, float] = JOIN_DEVICE
    join_address: tuple[float, float] = JOIN_ADDRESS
    open_per_device: int = OPEN_PER_DEVICE
    open_per_address: int = OPEN_PER_ADDRESS
    listed_per_device: int = LISTED_PER_DEVICE
    listed_per_address: int = LISTED_PER_ADDRESS

    @classmethod
    def of(cls, setting: object) -> TournamentLimits:
        """The defaults with the ``TOURNAMENT_LIMITS`` setting's values (a JSON object)."""
        return with_setting(cls(), setting, "TOURNAMENT_LIMITS")


DEFAULT_LIMITS = TournamentLimits()


def take(store: GameStore, what: str, key: str, rule: tuple[float, float], advice: str) -> None:
    """Take a token from ``key``'s bucket for ``what``, or refuse with 429."""
    wait = store.take_token(f"tournament-{what}:{key}", rule[0], rule[1])
    if wait > 0:
        seconds = max(1, math.ceil(wait))
        raise TooManyGames(
            N_("%(advice)s; try again in %(seconds)s s"), seconds, advice=advice, seconds=seconds
        )


def admit_create(
    store: GameStore,
    owner: str,
    address: str,
    open_rows: list[TournamentRow],
    limits: TournamentLimits = DEFAULT_LIMITS,
) -> None:
    """Refuse (429) a new tournament from a device or address that has its fill open, or
    made too many of late."""
    mine = sum(1 for r in open_rows if r.data.get("director") == owner)
    if mine >= limits.open_per_device:
        raise TooManyGames(
            N_(
                "you have %(count)s tournaments waiting to start (at most %(most)s): start or "
                "end one first"
            ),
            60,
            count=mine,
            most=limits.open_per_device,
        )
    here = sum(1 for r in open_rows if r.data.get("address") == address)
    if here >= limits.open_per_address:
        raise TooManyGames(
            N_(
                "%(count)s tournaments made from your network address wait to start (at most "
                "%(most)s): start or end one first"
            ),
            60,
            count=here,
            most=limits.open_per_address,
        )
    advice = N_("too many new tournaments from your device")
    take(store, "create", f"owner:{owner}", limits.create_device, advice)
    advice = N_("too many new tournaments from your network address")
    take(store, "create", f"address:{address}", limits.create_address, advice)


def admit_join(
    store: GameStore, owner: str, address: str, limits: TournamentLimits = DEFAULT_LIMITS
) -> None:
    """Refuse (429) a device or address that joins tournaments too fast."""
    advice = N_("too many joins from your device")
    take(store, "join", f"owner:{owner}", limits.join_device, advice)
    advice = N_("too many joins from your network address")
    take(store, "join", f"address:{address}", limits.join_address, advice)


def fair_share(
    rows: list[TournamentRow], limits: TournamentLimits = DEFAULT_LIMITS
) -> list[TournamentRow]:
    """``rows`` (newest first) with at most a fair few from each device and address."""
    devices: Counter[str] = Counter()
    addresses: Counter[str] = Counter()
    kept = []
    for row in rows:
        device = str(row.data.get("director"))
        address = str(row.data.get("address", ""))
        if devices[device] >= limits.listed_per_device:
            continue
        if address and addresses[address] >= limits.listed_per_address:
            continue
        devices[device] += 1
        if address:
            addresses[address] += 1
        kept.append(row)
    return kept
