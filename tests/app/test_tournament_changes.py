"""A tournament's typed model and its pure changes, apart from the use cases (no store, no
games, no clock): a stored document reads and writes back unchanged; each change gives a new
tournament and leaves the one it was given as it was; refusals say why."""

from __future__ import annotations

import copy

import pytest

from app.games.errors import BadInput, NotCreator, NotNow
from app.tournaments import changes
from app.tournaments.model import Match, Tournament
from app.tournaments.results import Ended

NOW = 1_000_000.0


def arena_doc() -> dict:
    """An arena as the store keeps it, with each kind of listed game and player."""
    return {
        "name": "Friday",
        "system": "arena",
        "variant": "kalah",
        "options": {"pits": 4, "seeds": 3},
        "clock": {"minutes": 1, "increment": 1},
        "rated": True,
        "director": "d1",
        "address": "10.0.0.1",
        "status": "running",
        "created": NOW - 100,
        "started": NOW - 90,
        "ends": NOW + 900,
        "round": 0,
        "minutes": 15,
        "paused_at": None,
        "players": [
            {"id": "p1", "name": "Ama", "owner": "d1", "computer": None, "state": "in"},
            {"id": "p2", "name": "Kofi", "owner": "d2", "computer": None, "state": "in"},
            {
                "id": "p3",
                "name": "Computer (easy)",
                "owner": None,
                "computer": {"level": "easy", "algorithm": "minimax"},
                "state": "in",
            },
            {
                "id": "p4",
                "name": "Esi",
                "owner": "d4",
                "computer": None,
                "state": "left",
                "missed": 2,
                "dropped": "missed",
            },
        ],
        "games": [
            {
                "round": 0,
                "white": "p1",
                "black": "p2",
                "game": None,
                "score": 1.0,
                "paired": NOW - 80,
                "ended": NOW - 60,
            },
            {
                "round": 0,
                "white": "p4",
                "black": "p3",
                "game": None,
                "score": 0.0,
                "paired": NOW - 80,
                "ended": NOW - 20,
                "forfeit": "no-show",
                "aborted_game": "g2",
            },
            {
                "round": 0,
                "white": "p2",
                "black": "p3",
                "game": "g3",
                "score": None,
                "paired": NOW - 10,
            },
        ],
        "schedule": [],
    }


def test_a_stored_document_reads_and_writes_back_unchanged() -> None:
    doc = arena_doc()
    doc["paused_at"] = NOW - 5  # set: kept
    assert Tournament.of(doc).doc() == doc
    doc["future"] = {"kept": True}  # a key the model does not know is kept as it was
    assert Tournament.of(doc).doc() == doc


def test_a_change_leaves_the_tournament_it_was_given_as_it_was() -> None:
    doc = arena_doc()
    before = Tournament.of(doc)
    kept = copy.deepcopy(before.doc())
    paused = changes.pause(before, "d1", True, NOW)
    assert paused.status == "paused" and paused.paused_at == NOW
    assert before.doc() == kept and before.status == "running"
    with pytest.raises(AttributeError):
        before.status = "paused"  # type: ignore[misc]  # frozen


def test_a_pause_moves_an_arenas_end_on_by_its_length() -> None:
    t = changes.pause(Tournament.of(arena_doc()), "d1", True, NOW)
    resumed = changes.pause(t, "d1", False, NOW + 30)
    assert resumed.status == "running" and resumed.paused_at is None
    assert resumed.ends == NOW + 930
    with pytest.raises(NotCreator):
        changes.pause(t, "d2", False, NOW)


def test_a_game_that_ended_is_recorded_and_the_waiting_players_paired_again() -> None:
    t = Tournament.of(arena_doc())
    assert changes.advance(t, {}, NOW) is t  # nothing ended, nobody waits: the same tournament
    after = changes.advance(t, {"g3": Ended(0.5)}, NOW)
    decided = next(e for e in after.games if e.paired == NOW - 10)
    assert decided.score == 0.5 and decided.ended == NOW
    fresh = [e for e in after.games if e.paired == NOW]
    assert len(fresh) == 1 and {fresh[0].white, fresh[0].black} <= {"p1", "p2", "p3"}
    assert fresh[0].game is not None and fresh[0].score is None


def test_a_no_show_forfeits_and_two_in_a_row_pause_an_arena_player() -> None:
    doc = arena_doc()
    doc["players"][1]["missed"] = 1
    t = Tournament.of(doc)
    after = changes.advance(t, {"g3": Ended(None, None, 0, (False, True))}, NOW)
    lost = next(e for e in after.games if e.aborted_game == "g3")
    assert (lost.score, lost.forfeit, lost.game) == (0.0, "no-show", None)
    kofi = after.player("p2")
    assert (kofi.state, kofi.dropped, kofi.missed) == ("left", "missed", 2)
    back = changes.join(after, "d2", "Kofi")
    assert back.player("p2").state == "in" and back.player("p2").missed == 0


def test_joining_refuses_a_name_taken_and_a_full_tournament() -> None:
    t = Tournament.of(arena_doc())
    with pytest.raises(NotNow, match="called"):
        changes.join(t, "d9", "ama")
    with pytest.raises(NotNow, match="full"):
        changes.join(t, "d9", "Yaw", most=4)
    joined = changes.join(t, "d9", "Yaw")
    assert joined.players[-1].id == "p5" and joined.players[-1].owner == "d9"


def test_removing_a_player_forfeits_their_game_and_names_it_to_call_off() -> None:
    t = Tournament.of(arena_doc())
    removed = changes.remove(t, "d1", "p2", NOW)
    assert removed.called_off == ("g3",)
    entry = removed.tournament.games[2]
    assert (entry.score, entry.forfeit, entry.aborted_game) == (0.0, "removed", "g3")
    assert removed.tournament.player("p2").state == "removed"
    with pytest.raises(BadInput):
        changes.remove(t, "d1", "p9", NOW)


def test_a_round_robin_starts_with_its_first_round_and_ends_after_its_last() -> None:
    doc = arena_doc()
    doc.update(system="round_robin", status="open", games=[], cycles=1, ends=None, started=None)
    del doc["minutes"]
    doc["players"] = doc["players"][:3]
    t = changes.start(Tournament.of(doc), "d1", NOW)
    assert t.status == "running" and t.round == 1 and len(t.schedule) == 3
    first = [e for e in t.games if e.round == 1]
    assert sum(e.bye for e in first) == 1 and sum(e.playing for e in first) == 1
    while t.status == "running":
        ended = {e.game: Ended(1.0) for e in t.games if e.playing and e.game}
        t = changes.advance(t, ended, NOW)
    assert t.status == "finished" and t.round == 3 and t.finished == NOW
    assert all(isinstance(e, Match) and e.score is not None for e in t.games if not e.bye)
