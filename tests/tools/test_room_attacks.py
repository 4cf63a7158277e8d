"""The room's fast attacks (issue 32, tools/roomattacks.py) against a real server
(``python -m app.web.serve``, as ``make run`` starts it): each must hold.

One server for the module, devices by loopback address and cookie, as on a LAN.  The floods
are shortened (3 s); their victim's p95s are printed, not asserted (a wall time under this
machine's load would be a guess): ``python -m tools.attacks room`` measures them.  The slow
attacks (ten minutes of rating farming, presence ending after a page closes) run there too.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server import Server
from tools.roomattacks import ROOM_ATTACKS, Room, Victim, run_one

FAST = [name for name, spec in ROOM_ATTACKS.items() if spec.fast]


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    server = Server(Path(tmp_path_factory.mktemp("room")) / "instance").start()
    room = Room("127.0.0.1", server.port, flood_seconds=3.0, farm_seconds=10.0)
    room.victim = Victim(room.host, room.port, room.addresses.take()[0]).start()
    try:
        yield room
    finally:
        room.victim.stop()
        server.stop()


@pytest.mark.slow
@pytest.mark.parametrize("name", FAST)
def test_the_room_holds(room: Room, name: str) -> None:
    result = run_one(room, name)
    print(result.line())
    assert result.held, result.line()


def test_every_break_of_the_issue_has_an_attack() -> None:
    """The issue's 14 breaks, each with its attack (the floods timed from a victim; names
    and ratings take a few each)."""
    assert {
        "lobby-reads",
        "seek-flood",
        "challenge-flood",
        "tournament-flood",
        "lookalike-names",
        "name-squat",
        "seat-name-spoof",
        "arena-rejoin",
        "rating-farm",
        "puzzle-farm",
        "daily-misses",
        "engine-help",
        "csv-formula",
        "since-superscript",
        "long-path",
    } <= set(ROOM_ATTACKS)
    assert all(ROOM_ATTACKS[n].flood for n in ("lobby-reads", "seek-flood", "challenge-flood"))
