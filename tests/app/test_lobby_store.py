"""The lobby's store on both databases (SQLite and a real PostgreSQL): a seek taken once of
many tries, the lobby's version and its watcher, quick messages kept to the last few, and the
upkeep that forgets what is a day old (nothing grows without end)."""

from __future__ import annotations

import threading
import time
from typing import Any

from app.lobby.store import LOBBY, MESSAGES, LobbyStore
from tests.app.test_stores import Stores, store, stores  # noqa: F401 (both stores' fixtures)


def test_a_seek_is_taken_by_exactly_one_of_many_stores(stores: Stores) -> None:  # noqa: F811
    lobbies = [LobbyStore(stores()) for _ in range(4)]
    now = time.time()
    assert lobbies[0].add_seek("s1", "maker", None, {"variant": "oware"}, now, cap=3)
    won: list[str] = []
    start = threading.Barrier(len(lobbies))

    def take(i: int) -> None:
        start.wait()
        if lobbies[i].take("s1", f"taker{i}", f"game{i}", now):
            won.append(f"game{i}")

    threads = [threading.Thread(target=take, args=(i,)) for i in range(len(lobbies))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(won) == 1
    seek = lobbies[1].seek("s1")
    assert seek is not None and seek.state == "taken" and seek.game_id == won[0]


def test_a_device_keeps_at_most_its_cap_of_open_seeks(store: Any) -> None:  # noqa: F811
    lobby = LobbyStore(store)
    now = time.time()
    kept = [lobby.add_seek(f"s{i}", "one", None, {}, now, cap=3) for i in range(5)]
    assert kept == [True, True, True, False, False]
    assert len(lobby.open_seeks()) == 3


def test_every_change_moves_the_version_and_wakes_a_waiter(stores: Stores) -> None:  # noqa: F811
    here, there = LobbyStore(stores()), LobbyStore(stores())
    seen = here.version()
    woke: list[int] = []
    waiter = threading.Thread(target=lambda: woke.append(here.watcher().wait(LOBBY, seen, 5.0)))
    began = time.monotonic()
    waiter.start()
    time.sleep(0.3)
    there.add_seek("s1", "one", None, {}, time.time(), cap=3)  # another host's change
    waiter.join()
    assert woke == [seen + 1] and time.monotonic() - began < 3.0


def test_a_game_keeps_its_last_messages_and_their_count_is_their_version(
    store: Any,  # noqa: F811
) -> None:
    lobby = LobbyStore(store)
    for i in range(7):
        assert lobby.add_message("g", i % 2, "Thanks", time.time(), kept=5) == i + 1
    assert [n for n, *_ in lobby.messages("g")] == [3, 4, 5, 6, 7]
    assert lobby.version_of(MESSAGES + "g") == 7 and lobby.messages("other") == []


def test_the_upkeep_forgets_what_is_a_day_old(store: Any) -> None:  # noqa: F811
    lobby = LobbyStore(store)
    day = 24 * 3600.0
    old, now = time.time() - 2 * day, time.time()
    lobby.seen("gone", old, 180)
    lobby.seen("here", now, 180)
    lobby.set_quiet("quiet", True)
    lobby.add_seek("old", "gone", None, {}, old, cap=3)
    lobby.add_seek("new", "here", None, {}, now, cap=3)
    lobby.add_message("g-old", 0, "Oops", old, kept=20)
    lobby.add_message("g-new", 0, "Oops", now, kept=20)
    assert lobby.forget(now - day) == 4  # a device, a seek, a message, its game's version
    assert [h.device for h in lobby.here(0)] == ["here", "quiet"]
    assert [s.id for s in lobby.open_seeks()] == ["new"]
    assert lobby.messages("g-old") == [] and len(lobby.messages("g-new")) == 1
    assert lobby.version_of(MESSAGES + "g-old") == 0 and lobby.version_of(MESSAGES + "g-new") == 1
    assert lobby.quiet(["quiet", "here"]) == {"quiet"}


def test_open_seeks_of_makers_who_left_are_dropped(store: Any) -> None:  # noqa: F811
    lobby = LobbyStore(store)
    now = time.time()
    lobby.seen("left", now - 100, 180)
    lobby.seen("stays", now, 180)
    lobby.add_seek("a", "left", None, {}, now, cap=3)
    lobby.add_seek("b", "stays", None, {}, now, cap=3)
    assert lobby.drop_gone(now - 40) == 1
    assert [s.id for s in lobby.open_seeks()] == ["b"]
