"""Issue 36: the game page's expiry notice (app.upkeep.maintenance.notice) in the request's
language: the rule, how long and when, its counts by the language's plural rules; English
unchanged (tests/app/test_storage_backup.py)."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

ENGLISH = re.compile(r"nobody|removed|this one|unless|someone|\bdays?\b|finished|kept")
SAID = {
    "fr": "Une partie où personne ne joue pendant 30 jours est supprimée ; pour celle-ci : "
    "dans 30 jours, sauf si quelqu'un joue.",
    "ru": "Партия, в которой никто не ходит 30 дней, удаляется; эта — через 30 дней, если никто"
    " не сделает ход.",
    "kk": "30 күн бойы ешкім жүрмеген ойын жойылады; бұл ойын — 30 күннен кейін, егер ешкім "
    "жүрмесе.",
}


@pytest.mark.parametrize("lang", ["fr", "de", "es", "pt", "ru", "kk", "ms", "ar"])
def test_the_expiry_notice_is_said_in_the_page_language(client: FlaskClient, lang: str) -> None:
    asked = {"Accept-Language": lang}
    game = client.post("/api/games", json={"mode": "local"}, headers=asked).json
    assert game is not None
    text = game["expires"]["text"]
    assert ENGLISH.findall(text) == [], text
    assert game["expires"]["in_words"] == "in 30 days"  # data, not shown: stays as it was
    if lang in SAID:
        assert text == SAID[lang]
    page = client.get(f"/game/{game['id']}", headers=asked).get_data(as_text=True)
    shown = re.search(r'id="expiry">([^<]*)</p>', page)
    assert shown is not None and ENGLISH.findall(shown.group(1)) == []
    client.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]})
    after = client.get(f"/api/games/{game['id']}", headers=asked).json
    assert after is not None and ENGLISH.findall(after["expires"]["text"]) == []
