"""Issue 36: the AI lab's page in the request's language (its script's lines are the browser
test's, tests/browser/test_i18n_rules_lab.py)."""

from __future__ import annotations

import html

from flask.testing import FlaskClient


def lab_in(client: FlaskClient, lang: str) -> str:
    answer = client.get("/lab", headers={"Accept-Language": lang})
    assert answer.status_code == 200
    return " ".join(html.unescape(answer.get_data(as_text=True)).split())


def test_the_lab_in_french(client: FlaskClient) -> None:
    page = lab_in(client, "fr")
    assert "<h1>Labo IA</h1>" in page
    assert "Jouer le match" in page and "Play the match" not in page
    assert "<code>mcts:iterations=N</code> (jusqu'à 5000)" in page  # specs stay as typed
    assert "avec son intervalle à 95 % ;" in page  # the %% of the message is one %


def test_each_language_names_the_master_level_its_own_way(client: FlaskClient) -> None:
    """The level's name is looked up per request (a filter on a constant would be folded by
    Jinja once, in whichever language compiled the template first)."""
    assert "(Шебер — 0,3 с)" in lab_in(client, "kk")
    arabic = lab_in(client, "ar")
    assert "(أستاذ: 0.3 ث)" in arabic and "Шебер" not in arabic
    assert '<bdi dir="ltr">400·log₁₀(s / (1 − s))</bdi>' in arabic
    assert "(Master 0.3 s)" in lab_in(client, "en")
