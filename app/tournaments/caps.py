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
"""

from __future__ import annotations

import math
from collections import Counter

from app.games.errors import TooManyGames
from app.store.base import GameStore
from app.store.tournaments import TournamentRow

CREATE_DEVICE = (5.0, 1 / 120)  # (burst, tokens a second)
CREATE_ADDRESS = (12.0, 1 / 60)
JOIN_DEVICE = (20.0, 1 / 5)
JOIN_ADDRESS = (60.0, 1.0)
OPEN_PER_DEVICE = 3
OPEN_PER_ADDRESS = 8
LISTED_PER_DEVICE = 3
LISTED_PER_ADDRESS = 5
OPEN_HOURS = 12.0


def take(store: GameStore, what: str, key: str, rule: tuple[float, float], advice: str) -> None:
    """Take a token from ``key``'s bucket for ``what``, or refuse with 429."""
    wait = store.take_token(f"tournament-{what}:{key}", rule[0], rule[1])
    if wait > 0:
        seconds = max(1, math.ceil(wait))
        raise TooManyGames(f"{advice}; try again in {seconds} s", seconds)


def admit_create(
    store: GameStore, owner: str, address: str, open_rows: list[TournamentRow]
) -> None:
    """Refuse (429) a new tournament from a device or address that has its fill open, or
    made too many of late."""
    mine = sum(1 for r in open_rows if r.data.get("director") == owner)
    if mine >= OPEN_PER_DEVICE:
        raise TooManyGames(
            f"you have {mine} tournaments waiting to start (at most {OPEN_PER_DEVICE}): start "
            "or end one first",
            60,
        )
    here = sum(1 for r in open_rows if r.data.get("address") == address)
    if here >= OPEN_PER_ADDRESS:
        raise TooManyGames(
            f"{here} tournaments made from your network address wait to start (at most "
            f"{OPEN_PER_ADDRESS}): start or end one first",
            60,
        )
    advice = "too many new tournaments from your device"
    take(store, "create", f"owner:{owner}", CREATE_DEVICE, advice)
    advice = "too many new tournaments from your network address"
    take(store, "create", f"address:{address}", CREATE_ADDRESS, advice)


def admit_join(store: GameStore, owner: str, address: str) -> None:
    """Refuse (429) a device or address that joins tournaments too fast."""
    take(store, "join", f"owner:{owner}", JOIN_DEVICE, "too many joins from your device")
    advice = "too many joins from your network address"
    take(store, "join", f"address:{address}", JOIN_ADDRESS, advice)


def fair_share(rows: list[TournamentRow]) -> list[TournamentRow]:
    """``rows`` (newest first) with at most a fair few from each device and address."""
    devices: Counter[str] = Counter()
    addresses: Counter[str] = Counter()
    kept = []
    for row in rows:
        device = str(row.data.get("director"))
        address = str(row.data.get("address", ""))
        if devices[device] >= LISTED_PER_DEVICE:
            continue
        if address and addresses[address] >= LISTED_PER_ADDRESS:
            continue
        devices[device] += 1
        if address:
            addresses[address] += 1
        kept.append(row)
    return kept
