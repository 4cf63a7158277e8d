"""The limits a host may change by a setting: the room's and the tournaments' caps, each a
JSON object naming the limits to change, refused whole when a name or value is wrong."""

from __future__ import annotations

import pytest

from app.lobby.caps import RoomLimits
from app.tournaments.caps import DEFAULT_LIMITS, TournamentLimits


def test_a_setting_changes_only_the_limits_it_names() -> None:
    limits = TournamentLimits.of({"open_per_address": 20, "join_address": [100, 2]})
    assert limits.open_per_address == 20
    assert limits.join_address == (100.0, 2.0)
    assert limits.open_per_device == DEFAULT_LIMITS.open_per_device
    assert TournamentLimits.of(None) == DEFAULT_LIMITS == TournamentLimits.of({})
    room = RoomLimits.of({"seeks_per_address": 10, "here_seconds": 5})
    assert (room.seeks_per_address, room.here_seconds) == (10, 5.0)
    assert isinstance(room.seeks_per_address, int) and isinstance(room.here_seconds, float)


@pytest.mark.parametrize(
    ("setting", "said"),
    [
        ("12", "must be a JSON object"),
        ({"open_per_adress": 3}, "unknown limit 'open_per_adress'"),
        ({"open_per_address": -1}, "must be a number of at least 0"),
        ({"open_per_address": True}, "must be a number of at least 0"),
        ({"join_address": 5}, "must be [burst, tokens a second]"),
        ({"join_address": [1, 2, 3]}, "must be [burst, tokens a second]"),
    ],
)
def test_a_wrong_setting_says_what_is_wrong(setting: object, said: str) -> None:
    with pytest.raises(ValueError) as error:
        TournamentLimits.of(setting)
    assert said in str(error.value)
