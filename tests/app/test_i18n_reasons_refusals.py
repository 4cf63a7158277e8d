"""Issue 36: the refusals of the game settings' reader (app.games.params), the tournaments, the
lobby, the computer's queue, the analysis, the board and the puzzles are said in the request's
language, their arguments filled in after (a value the request sent is shown as sent; a part
that is a phrase of its own, "start it", is said too). English is unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient


def refusal(
    client: FlaskClient, lang: str, path: str, body: dict[str, Any] | None, status: int
) -> str:
    """The message of the refusal ``path`` answers (a GET without ``body``)."""
    headers = {"Accept-Language": lang}
    if body is None:
        answer = client.get(path, headers=headers)
    else:
        answer = client.post(path, json=body, headers=headers)
    assert answer.status_code == status, answer.get_data(as_text=True)
    data = answer.json or {}
    assert data["status"] == status and data["error"]  # the code stays English
    return str(data["message"])


UNKNOWN_VARIANT = {
    "en": "unknown variant 'nope' (variants: ",
    "fr": "variante inconnue 'nope' (variantes : ",
    "kk": "белгісіз нұсқа 'nope' (нұсқалар: ",
    "ar": "نوع غير معروف 'nope' (الأنواع: ",
}


@pytest.mark.parametrize("lang", sorted(UNKNOWN_VARIANT))
def test_a_new_games_refusal(client: FlaskClient, lang: str) -> None:
    said = refusal(client, lang, "/api/games", {"variant": "nope"}, 400)
    assert said.startswith(UNKNOWN_VARIANT[lang]) and "kalah" in said


NO_TOURNAMENT = {
    "en": "there is no tournament 'zzz'",
    "fr": "il n'y a pas de tournoi 'zzz'",
    "kk": "'zzz' турнирі жоқ",
    "ar": "لا توجد بطولة 'zzz'",
}
SYSTEM = {
    "en": "'system' must be one of ",
    "fr": "'system' doit être l'un de ",
    "kk": "'system' мыналардың бірі болуы керек: ",
    "ar": "يجب أن يكون 'system' واحدًا من ",
}
DIRECTOR = {
    "en": "only the tournament's director may start it",
    "fr": "seul le directeur du tournoi peut le lancer",
    "kk": "турнир директоры ғана оны бастай алады",
    "ar": "لا يستطيع بدءها إلا مدير البطولة",
}


@pytest.mark.parametrize("lang", sorted(NO_TOURNAMENT))
def test_the_tournaments_refusals(app: Flask, client: FlaskClient, lang: str) -> None:
    assert refusal(client, lang, "/api/tournaments/zzz", None, 404) == NO_TOURNAMENT[lang]
    said = refusal(client, lang, "/api/tournaments", {"name": "Cup", "system": "x"}, 400)
    assert said.startswith(SYSTEM[lang]) and "round_robin" in said
    made = client.post("/api/tournaments", json={"name": "Cup"})
    assert made.status_code == 201, made.get_data(as_text=True)
    tid = (made.json or {})["id"]
    other = app.test_client()
    assert refusal(other, lang, f"/api/tournaments/{tid}/start", {}, 403) == DIRECTOR[lang]


ROOM = {
    "en": (
        "there is no player 'nobody' in the lobby",
        "this request takes no fields (got 'x')",
        "there is no seek 'zzz' (it was withdrawn, or taken long ago)",
        "unknown field 'x' (send {'game': <game id>} or {})",
    ),
    "fr": (
        "il n'y a pas de joueur 'nobody' dans la salle",
        "cette requête ne prend aucun champ (reçu 'x')",
        "il n'y a pas d'offre 'zzz' (elle a été retirée, ou acceptée il y a longtemps)",
        "champ inconnu 'x' (envoyez {'game': <identifiant de la partie>} ou {})",
    ),
    "kk": (
        "залда 'nobody' ойыншысы жоқ",
        "бұл сұрау өріс қабылдамайды (келгені: 'x')",
        "'zzz' ұсынысы жоқ (ол қайтарылып алынды не әлдеқашан қабылданды)",
        "белгісіз өріс 'x' ({'game': <ойын id>} не {} жіберіңіз)",
    ),
    "ar": (
        "لا يوجد لاعب 'nobody' في القاعة",
        "هذا الطلب لا يأخذ حقولًا (وصل 'x')",
        "لا يوجد عرض 'zzz' (سُحب، أو قُبل منذ زمن)",
        "حقل غير معروف 'x' (أرسل {'game': <معرّف المباراة>} أو {})",
    ),
}


@pytest.mark.parametrize("lang", sorted(ROOM))
def test_the_rooms_and_the_puzzles_refusals(client: FlaskClient, lang: str) -> None:
    nobody, no_fields, no_seek, mistakes = ROOM[lang]
    assert refusal(client, lang, "/api/lobby/challenges", {"to": "nobody"}, 404) == nobody
    assert refusal(client, lang, "/api/lobby/seeks/zzz/join", {"x": 1}, 400) == no_fields
    assert refusal(client, lang, "/api/lobby/seeks/zzz/join", {}, 404) == no_seek
    assert refusal(client, lang, "/api/puzzles/mistakes", {"x": 1}, 400) == mistakes
