"""Issue 36: an analysis' withheld and failure reasons are message ids (app.games.fairplay,
app.analysis.runner): the refusal is said in the request's language, the answer's ``error``
keeps the id (the review page says it through the catalogs, which hold it in every language)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from app.analysis.runner import COULD_NOT
from app.games.fairplay import POSITION_GUARDED, RATED_RUNNING
from app.i18n.catalogs import catalog
from tests.app.test_api import create, move
from tests.app.test_rated_no_engine import SMALL, played, resign

GUARDED = {
    "fr": "cette position est dans une partie classée en cours",
    "kk": "бұл позиция қазір жүріп жатқан рейтингтік ойында бар",
    "ar": "هذا الوضع في مباراة مصنَّفة قيد اللعب الآن",
}


@pytest.mark.parametrize("lang", sorted(GUARDED))
def test_a_withheld_analysis_in_the_request_language(
    host: FlaskClient, friend: FlaskClient, other: FlaskClient, lang: str
) -> None:
    game = played(host, friend)
    local = create(other, mode="local", **SMALL)
    for pit in (game["moves"][0]["pit"], game["legal_moves"][0]):
        local = move(other, local, pit).json
    url = f"/api/games/{local['id']}/analysis"
    refused = other.post(url, headers={"Accept-Language": lang})
    assert refused.status_code == 409 and refused.json is not None
    assert refused.json["message"].startswith(GUARDED[lang]), refused.json
    read = other.get(url, headers={"Accept-Language": lang})
    assert read.json is not None and read.json["status"] == "withheld"
    assert read.json["error"] == POSITION_GUARDED  # the id: the page says it
    assert catalog(lang).gettext(read.json["error"]).startswith(GUARDED[lang])
    resign(host, game["id"])


@pytest.mark.parametrize("lang", ["fr", "de", "es", "pt", "ru", "kk", "ms", "ar"])
def test_every_reason_is_in_the_catalogs(lang: str) -> None:
    for message in (POSITION_GUARDED, RATED_RUNNING, COULD_NOT):
        assert catalog(lang).gettext(message) != message, (lang, message)
    said = catalog(lang).gettext("the computer could not take the analysis")
    assert said != "the computer could not take the analysis"
