"""The sentence under the board says how the board reads, true for each variant and layout."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from app.games.view import board_help
from engine import get_variant
from engine.variants import VARIANTS


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_board_help_names_the_variants_own_words_and_your_row(name: str) -> None:
    rules = get_variant(name)
    text = board_help(rules)
    assert rules.store_word in text and "the bottom one" in text
    assert text.startswith(rules.seed_word.capitalize())


def test_where_the_stores_lie_is_said_for_both_layouts() -> None:
    text = board_help(get_variant("kalah"))
    assert "at the right end of your row" in text
    assert "on a narrow screen: yours below the board, theirs above" in text  # the phone layout


def test_a_variant_whose_stores_are_off_the_path_says_they_are_beside_the_board() -> None:
    text = board_help(get_variant("oware"))
    assert "around both rows" in text and "beside the board" in text
    assert "right end" not in text


def test_a_board_on_its_end_is_read_from_the_left_column() -> None:
    # On a phone, nine pits a row stand the board on its end: your row is the left column and
    # your kazan below the board (the browser test checks the layout itself).
    text = board_help(get_variant("toguz_kumalak"))
    assert "or the left one where a narrow screen stands the board on its end" in text
    assert "on a narrow screen: yours below it, theirs above" in text


def test_the_menu_names_the_computers_methods_in_words(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert '<option value="mcts">Monte Carlo tree search' in page
    assert '<option value="minimax">Minimax search' in page
    assert ">Mcts<" not in page


def test_a_game_and_a_board_send_every_pits_letter_as_the_notation_writes_it(
    client: FlaskClient,
) -> None:
    # The page shows the server's letters as sent (it never makes them from a pit number).
    game = client.post(
        "/api/games", json={"variant": "kalah", "options": {"pits": 4}, "mode": "local"}
    )
    assert game.status_code == 201, game.json
    assert game.json["letters"] == [["A", "B", "C", "D"], ["a", "b", "c", "d"]]
    board = client.post("/api/board", json={"variant": "toguz_kumalak"})
    assert board.status_code == 200, board.json
    assert board.json["letters"] == [list("ABCDEFGHI"), list("abcdefghi")]
