"""Issue 34 item 7: a game answer's expiry notice is worked out per request only for its "when";
the rule's words and the sentence are remembered per (language, rule, finished or not, unit,
count) and say exactly what they said when built word by word."""

from __future__ import annotations

import pytest
from flask import Flask

from app.games.model import Game
from app.i18n.choose import gettext, messages
from app.upkeep import maintenance
from app.upkeep.maintenance import DAY, Upkeep, days, notice, notice_text, rule_words


def word_by_word(rule: str, over: bool, left: float) -> str:
    """The notice's sentence as it was built before it was remembered (session 33)."""
    if left >= 2 * DAY:
        n = round(left / DAY)
        said = messages().ngettext("in %(num)s day", "in %(num)s days", n) % {
            "num": maintenance.number(n)
        }
    elif left >= 2 * 3600:
        n = round(left / 3600)
        said = messages().ngettext("in %(num)s hour", "in %(num)s hours", n) % {
            "num": maintenance.number(n)
        }
    else:
        said = gettext("within the next two hours")
    if over:
        return gettext("%(rule)s: this one %(when)s.", rule=rule, when=said)
    return gettext("%(rule)s: this one %(when)s, unless someone moves.", rule=rule, when=said)


def rule_word_by_word(kind: str, seconds: float) -> str:
    words = {
        "lab": "A lab game is kept %(days)s",
        "finished": "A finished game is kept %(days)s",
        "unfinished": "A game nobody moves in for %(days)s is removed",
        "invite": "An invite nobody takes is removed after %(days)s",
    }
    return gettext(words[kind], days=days(seconds))


def game(data: dict[str, object], updated: float = 1000.0) -> Game:
    from app.games.spec import GameSpec

    full = {"variant": "kalah", "options": {}, "first_player": 0, "moves": [], **data}
    return Game("g", 1, full, GameSpec.of(full).replay(), updated)


HUMAN = {"kind": "human", "owner": "a"}
OPEN = {"kind": "human", "owner": None}


@pytest.mark.parametrize("lang", ["en", "fr", "ru", "kk", "ar", "de"])
def test_the_remembered_notice_says_what_the_word_by_word_one_said(app: Flask, lang: str) -> None:
    upkeep = Upkeep(keep_lab=0.5 * DAY, keep_invites=7 * DAY)
    cases = [
        (game({"mode": "local", "seats": [HUMAN, HUMAN]}), "unfinished", False),
        (game({"mode": "local", "seats": [HUMAN, HUMAN], "resigned": 0}), "finished", True),
        (game({"mode": "remote", "seats": [HUMAN, OPEN]}), "invite", False),
        (game({"mode": "local", "seats": [HUMAN, HUMAN], "lab": {}}), "lab", False),
    ]
    with app.test_request_context(headers={"Accept-Language": lang}):
        for found, kind, over in cases:
            seconds, said = maintenance.rule(found, upkeep)
            assert maintenance.rule_of(found, upkeep) == (seconds, kind)
            assert said == rule_word_by_word(kind, seconds)
            for ago in (0.0, 3 * DAY, seconds - 5 * 3600, seconds - 3600, seconds + 1):
                now = found.updated + ago
                got = notice(found, upkeep, now=now)
                left = max(0.0, round(found.updated + seconds) - now)
                assert got["text"] == word_by_word(said, over, left), (kind, ago)
                assert got["at"] == round(found.updated + seconds)
                assert got == dict(maintenance.expires(found, upkeep, now=now), text=got["text"])


def test_a_second_answer_in_a_language_builds_no_words(app: Flask) -> None:
    notice_text.cache_clear()
    rule_words.cache_clear()
    found = game({"mode": "local", "seats": [HUMAN, HUMAN]})
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        first = notice(found, Upkeep(), now=found.updated + 60)
        again = notice(found, Upkeep(), now=found.updated + 120)
    assert first["text"] == again["text"]
    assert notice_text.cache_info().hits == 1 and notice_text.cache_info().misses == 1
    assert rule_words.cache_info().misses == 1  # the rule's words once


def test_the_remembered_words_are_bounded() -> None:
    assert notice_text.cache_info().maxsize == 1024
    assert rule_words.cache_info().maxsize == 256
