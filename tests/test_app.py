"""The web app's pages."""

from __future__ import annotations

import pytest

from app import create_app


@pytest.fixture
def client(tmp_path):
    return create_app({"TESTING": True}).test_client()


def test_home_page_renders_the_starting_board(client) -> None:
    page = client.get("/").get_data(as_text=True)
    assert page.count('class="pit"') == 12 and "Kalah" in page


def test_oware_board(client) -> None:
    page = client.get("/?variant=oware").get_data(as_text=True)
    assert "Oware" in page and page.count('<div class="pit">4</div>') == 12


def test_unknown_variant_is_404(client) -> None:
    assert client.get("/?variant=chess").status_code == 404
