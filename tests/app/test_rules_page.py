"""The /rules page shows every variant's rules as its module's docstring writes them, once."""

from __future__ import annotations

import html

from flask.testing import FlaskClient

from engine import get_variant, variant_names


def test_every_variant_has_its_rules_from_its_docstring() -> None:
    for name in variant_names():
        rules = type(get_variant(name)).rules_text()
        assert len(rules) >= 3, name
        assert all(rule and "``" not in rule and "\n" not in rule for rule in rules), name
    kalah = type(get_variant("kalah")).rules_text()
    assert kalah[1] == "last seed in your own store: you move again;"


def test_the_rules_page_shows_each_rule_and_where_the_seeds_go(client: FlaskClient) -> None:
    page = html.unescape(client.get("/rules").get_data(as_text=True))
    for name in variant_names():
        for rule in type(get_variant(name)).rules_text():
            assert rule in page, (name, rule)
    assert "store on the right" not in page  # not true of Oware, Adi or Toguz Kumalak
    assert "counted in their captured seeds" in page and "counted in their kazan" in page


def test_the_rules_page_explains_the_pie_rule_for_kalah_and_oware(client: FlaskClient) -> None:
    page = html.unescape(client.get("/rules").get_data(as_text=True))
    assert 'id="pie-rule"' in page and "swap sides" in page
    assert page.count('href="#pie-rule"') == 2  # from the Kalah and the Oware cards
    assert "the opener plays on from the other row" in " ".join(page.split())
