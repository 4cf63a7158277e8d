"""The room's limits: how many seeks and challenges a device and an address may have open, how
many devices one address keeps in "who is here", how often an address may arrive, and the
share of each list one maker gets.

A LAN's devices are told apart two ways: by their player cookie (a *device*) and by their
network address (as the rate limits of :mod:`app.web.limits` do).  One person can make many
cookies, so every cap holds for the address too, and every list the room shows gives each
address a few entries, the newest (:func:`app.lobby.lists.fair`).  A cap reached is refused
with 429, what to do, and a Retry-After.  Each value may be changed with the ``ROOM_LIMITS`` setting
(``MANCALA_ROOM_LIMITS='{"seeks_per_address": 10}'``); docs/hosting.md lists them.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.config import with_setting
from app.games.errors import TooManySearches
from app.lobby.store import SeekCaps

RETRY_SECONDS = 30  # a cap reached: try again after this (a seek taken, a maker gone...)


@dataclass(frozen=True)
class RoomLimits:
    """Every limit of the room (defaults: a LAN evening of friends, one device each)."""

    here_seconds: float = 20.0  # a page that has not beaten this long is gone from the room
    beat_seconds: float = 6.0  # how often an open page beats (told to the page)
    here_per_address: int = 6  # devices one address keeps in the room (its newest arrivals)
    arrivals_burst: float = 10.0  # arrivals one address may make at once,
    arrivals_per_second: float = 1 / 6  # and then this often (beyond: not shown until later)
    seeks_per_device: int = 3  # open seeks to anyone, per device
    seeks_per_address: int = 6  # and per address
    challenges_per_device: int = 3  # open challenges sent, per device
    challenges_per_address: int = 6  # and per address
    pending_per_device: int = 1  # open challenges to one player from one device
    pending_per_address: int = 2  # and from one address
    seeks_share: int = 3  # open seeks listed per address (its newest)
    challenges_share: int = 2  # challenges to a player listed per address
    games_share: int = 3  # games being played listed per address that made them
    here_listed: int = 40  # people listed at most
    seeks_listed: int = 30  # seeks listed at most
    challenges_listed: int = 20  # challenges to a player listed at most
    games_listed: int = 20  # games being played listed at most
    tournaments_listed: int = 3  # tournaments whose finished games are listed
    finished_share: int = 6  # finished games listed per tournament (its newest; 4 players: all)

    @classmethod
    def of(cls, setting: object) -> RoomLimits:
        """The defaults with the ``ROOM_LIMITS`` setting's values (a JSON object) in place."""
        return with_setting(cls(), setting, "ROOM_LIMITS")

    @property
    def here_list(self) -> tuple[int, int]:
        """Who is here: each address's share, and how many in all."""
        return self.here_per_address, self.here_listed

    @property
    def seeks_list(self) -> tuple[int, int]:
        """Open seeks: each address's share, and how many in all."""
        return self.seeks_share, self.seeks_listed

    @property
    def challenges_list(self) -> tuple[int, int]:
        """Challenges to one player: each address's share, and how many in all."""
        return self.challenges_share, self.challenges_listed

    def seek_caps(self, challenge: bool) -> SeekCaps:
        """The caps on a new seek (or a challenge)."""
        if challenge:
            return SeekCaps(
                self.challenges_per_device,
                self.challenges_per_address,
                self.pending_per_device,
                self.pending_per_address,
            )
        return SeekCaps(self.seeks_per_device, self.seeks_per_address)


class Crowded(TooManySearches):
    """A cap of the room reached (429 with Retry-After, as a device's searches are)."""


def refusal(cap: str, limits: RoomLimits, to: str | None) -> Crowded:
    """What a maker who reached ``cap`` (see LobbyStore.add_capped) is told."""
    retry = f"try again in {RETRY_SECONDS} s"
    words = {
        "device": (
            f"you have {limits.seeks_per_device} games waiting in the room already (the most "
            "at once); withdraw one, or wait until one is taken"
            if to is None
            else f"you have {limits.challenges_per_device} challenges open already (the most "
            "at once); withdraw one, or wait for an answer"
        ),
        "address": (
            f"{limits.seeks_per_address} games from your network address are waiting in the "
            "room already (the most at once); withdraw one, or wait until one is taken"
            if to is None
            else f"{limits.challenges_per_address} challenges from your network address are "
            "open already (the most at once); withdraw one, or wait for an answer"
        ),
        "to_one_device": f"you have challenged {to} already; wait for their answer, or "
        "withdraw that challenge first",
        "to_one_address": f"{limits.pending_per_address} challenges from your network address "
        f"are waiting for {to} already; wait for their answers",
    }
    return Crowded(f"{words[cap]} ({retry})", RETRY_SECONDS)


def arrivals_refusal(retry: int) -> Crowded:
    """What a device is told when its address made too many arrivals in the room just now."""
    return Crowded(
        "too many devices arrived in the room from your network address just now; try again "
        f"in {retry} s",
        retry,
    )
