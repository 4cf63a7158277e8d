"""One hook registry (app.games.hooks) serves every event a package above hooks into: a game's
end, a rematch's rule and the lobby's finished tournament games. Named hooks run in the order
they were first registered; a hook's error is logged and the others still run, unless the
event lets it through."""

from __future__ import annotations

import logging

import pytest

from app.games import ends, rematches
from app.games.errors import NotNow
from app.games.hooks import Hooks
from app.games.model import Game
from app.lobby import hooks as lobby_hooks
from app.store.json_types import JSONObject


def test_the_three_events_share_one_registry() -> None:
    assert isinstance(ends.HOOKS, Hooks)
    assert isinstance(rematches.RULES, Hooks)
    assert isinstance(lobby_hooks.SOURCES, Hooks)


def test_hooks_run_in_the_order_their_names_were_first_registered() -> None:
    calls: list[str] = []
    hooks: Hooks[object] = Hooks("test")
    hooks.add(lambda: calls.append("a"), "a")
    hooks.add(lambda: calls.append("b"), "b")
    hooks.add(lambda: calls.append("a again"), "a")  # replaces a, in a's place
    ran = hooks.run(lambda hook: hook())  # type: ignore[operator]
    assert calls == ["a again", "b"] and ran.ok and len(ran.answers) == 2
    hooks.remove("a")
    hooks.remove("not there")
    assert [name for name, _ in hooks.named()] == ["b"]


class Source:
    def __init__(self) -> None:
        self.asked = 0

    def games(self, limit: int) -> list[JSONObject]:
        self.asked += 1
        return [{"id": str(limit)}]


def test_a_hook_without_a_name_is_kept_once_by_its_identity() -> None:
    def one(limit: int) -> list[JSONObject]:
        return []

    def other(limit: int) -> list[JSONObject]:
        return []

    source = Source()
    hooks: Hooks[lobby_hooks.Source] = Hooks("test")
    for hook in (one, other, one, source.games, source.games):  # a bound method made twice
        hooks.add(hook)
    assert [hook for _, hook in hooks.named()] == [one, other, source.games]
    hooks.remove(source.games)
    hooks.remove(one)
    assert [hook for _, hook in hooks.named()] == [other]


def test_a_failing_hook_is_logged_and_the_others_still_run(
    caplog: pytest.LogCaptureFixture,
) -> None:
    hooks: Hooks[lobby_hooks.Source] = Hooks("test event")

    def broken(limit: int) -> list[JSONObject]:
        raise RuntimeError("down")

    source = Source()
    hooks.add(broken, "broken")
    hooks.add(source.games, "source")
    with caplog.at_level(logging.ERROR, logger="app.games.hooks"):
        ran = hooks.run(lambda hook: hook(3), " for the test")
    assert ran.answers == [[{"id": "3"}]] and ran.failed == ["broken"] and not ran.ok
    assert "the test event hook 'broken' failed for the test" in caplog.text
    assert "RuntimeError: down" in caplog.text


def test_an_error_let_through_stops_the_run_and_reaches_the_caller() -> None:
    hooks: Hooks[lobby_hooks.Source] = Hooks("test")
    source = Source()

    def refuses(limit: int) -> list[JSONObject]:
        raise NotNow("not now")

    hooks.add(refuses, "refuses")
    hooks.add(source.games, "source")
    with pytest.raises(NotNow, match="not now"):
        hooks.run(lambda hook: hook(1), let_through=(NotNow,))
    assert source.asked == 0


def test_a_rematch_rule_that_fails_refuses_the_rematch_as_before() -> None:
    def failing(game: Game) -> JSONObject | None:
        raise KeyError("round")

    def shapes(game: Game) -> JSONObject | None:
        return {"round": 2}

    others = [rule for _, rule in rematches.RULES.named()]  # e.g. the tournaments', read games
    for rule in others:
        rematches.unregister(rule)
    rematches.register(shapes)
    try:
        game = Game.__new__(Game)  # these rules never look at it
        assert rematches.ruled(game) == {"round": 2}
        rematches.register(failing)
        with pytest.raises(KeyError):
            rematches.ruled(game)
    finally:
        rematches.unregister(failing)
        rematches.unregister(shapes)
        for rule in others:
            rematches.register(rule)
    assert all(rule not in (failing, shapes) for _, rule in rematches.RULES.named())


def test_a_broken_source_of_finished_games_is_logged_and_left_out(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken(limit: int) -> list[JSONObject]:
        raise RuntimeError("down")

    source = Source()
    lobby_hooks.register_finished(broken)
    lobby_hooks.register_finished(source.games)
    try:
        with caplog.at_level(logging.ERROR, logger="app.games.hooks"):
            assert lobby_hooks.finished_tournament_games(5) == [{"id": "5"}]
        assert "the finished tournament games hook" in caplog.text
    finally:
        lobby_hooks.unregister_finished(broken)
        lobby_hooks.unregister_finished(source.games)
    assert lobby_hooks.finished_tournament_games(5) == []
