"""Issue 36 in a real browser: an ending whose words carry a number ("a store holds 82") is said
in the page's language in the game's end-of-game dialog and on the analysis board, from the
ending's message id and arguments the server sends (``end_words``)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.app.test_i18n_reasons_endings import finished
from tests.browser.test_browser_i18n import tab_in
from tests.browser.test_browser_play import wait_js

pytestmark = pytest.mark.browser

SAID = {
    "en": "Ended: a store holds 82.",
    "fr": "un kazan contient 82",
    "kk": "қазанда 82 бар",
    "ar": "في قازانٍ 82",
}
REASON = "document.getElementById('over-reason').textContent"


@pytest.mark.parametrize("lang", sorted(SAID))
def test_a_counted_ending_in_the_end_dialog(browser: Any, server: str, lang: str) -> None:
    tab = tab_in(browser, server, lang, "laptop")
    try:
        page = tab.page
        page.goto("/")
        record = finished("toguz_kumalak").to_dict()
        body = {"variant": "toguz_kumalak", "mode": "local", "record": record}
        made = tab.context.request.post("/api/games", data=body)
        assert made.ok, made.text()[:300]
        page.goto(f"/game/{made.json()['id']}")
        wait_js(page, f"({REASON} || '').length > 0")
        reason = str(page.evaluate(REASON))
        assert SAID[lang] in reason, reason
        if lang != "en":
            assert "store" not in reason and "holds" not in reason, reason
    finally:
        tab.close()


SHOWN = (
    "() => [document.getElementById('ab-status').textContent,"
    " document.getElementById('ab-last').textContent]"
)
BOARD_SAID = {"en": "a store holds 82", **{k: v for k, v in SAID.items() if k != "en"}}


@pytest.mark.parametrize("lang", sorted(BOARD_SAID))
def test_a_counted_ending_on_the_analysis_board(browser: Any, server: str, lang: str) -> None:
    tab = tab_in(browser, server, lang, "laptop")
    try:
        page = tab.page
        moves = ",".join(map(str, finished("toguz_kumalak").moves))
        page.goto(f"/analysis?variant=toguz_kumalak&moves={moves}")
        said = BOARD_SAID[lang]
        wait_js(page, f"({SHOWN})()[0].includes({said!r})")
        status, last = page.evaluate(SHOWN)
        assert said in status and said in last, (status, last)
    finally:
        tab.close()
