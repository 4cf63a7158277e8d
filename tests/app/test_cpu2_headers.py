"""The per-request work cut for CPU (issue 34, item 7) leaves the answers as they were: the
security headers and ``Vary`` written by precomputed text (a view's own values kept), the
request's language remembered per ``Accept-Language`` header in a bounded cache."""

from __future__ import annotations

from flask import Flask, Response, request
from flask.testing import FlaskClient

from app.i18n import VARY_TEXT, vary
from app.i18n.choose import COOKIE, HEADERS_KEPT, from_header, from_request
from app.web.headers import HEADERS
from app.web.security import add_headers


def test_every_answer_has_the_security_headers_once_and_vary_on_the_language() -> None:
    response = add_headers(vary(Response("{}", mimetype="application/json")))
    for name, value in HEADERS.items():
        assert response.headers.getlist(name) == [value]
    assert response.headers.getlist("Vary") == ["Accept-Language, Cookie"] == [VARY_TEXT]


def test_a_view_s_own_header_values_are_kept_and_its_vary_extended() -> None:
    own = Response("x", headers={"X-Frame-Options": "SAMEORIGIN", "vary": "Origin"})
    response = add_headers(vary(own))
    assert response.headers.getlist("X-Frame-Options") == ["SAMEORIGIN"]
    assert response.headers.getlist("Vary") == ["Origin, Accept-Language, Cookie"]
    for name in ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy"):
        assert response.headers.getlist(name) == [HEADERS[name]]
    again = vary(Response("x", headers={"Vary": "Cookie"}))  # nothing named twice
    assert again.headers.getlist("Vary") == ["Cookie, Accept-Language"]


def test_pages_and_api_answers_carry_them(client: FlaskClient) -> None:
    for path in ("/", "/api/health", "/static/css/i18n.css", "/no/such/page"):
        response = client.get(path)
        for name, value in HEADERS.items():
            assert response.headers.getlist(name) == [value], (path, name)
        assert "Accept-Language" in response.headers.get("Vary", ""), path
        response.close()


def test_the_language_of_a_header_is_as_parsed_by_quality_then_order() -> None:
    assert from_header("") == "en"
    assert from_header("de-CH, fr;q=0.9") == "de"
    assert from_header("xx, fr;q=0.5, de;q=0.8") == "de"
    assert from_header("pt_BR;q=0.2, zz") == "pt"
    assert from_header("tlh, *;q=0.1") == "en"
    assert from_header(";;;q=x, ,") == "en"  # nonsense is English, never an error


def test_the_remembered_languages_are_bounded() -> None:
    from_header.cache_clear()
    for n in range(HEADERS_KEPT * 3):
        assert from_header(f"x{n}, fr;q=0.{n % 9 + 1}") == "fr"
    info = from_header.cache_info()
    assert info.maxsize == HEADERS_KEPT and info.currsize == HEADERS_KEPT


def test_the_cookie_still_wins_over_the_remembered_header(app: Flask) -> None:
    client = app.test_client()
    page = client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert '<html lang="fr"' in page
    client.set_cookie(COOKIE, "de")
    page = client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert '<html lang="de"' in page


def test_the_cookies_are_parsed_for_the_language_only_when_they_name_it(app: Flask) -> None:
    def chosen(cookie: str, accept: str = "fr") -> tuple[str, bool]:
        headers = {"Cookie": cookie, "Accept-Language": accept}
        with app.test_request_context("/", headers=headers):
            code = from_request()
            return code, "cookies" in request.__dict__  # werkzeug's parsed cookies, if made

    assert chosen("mancala_seat=abc.def") == ("fr", False)  # a token's cookie, left unparsed
    assert chosen("") == ("fr", False)
    assert chosen("a=1; mancala_lang=de") == ("de", True)
    assert chosen('mancala_lang="pt"; b=2') == ("pt", True)
    assert chosen("not_mancala_lang=de") == ("fr", True)  # another name: the header decides
    assert chosen("mancala_lang=xx", "de;q=0.5, zz") == ("de", True)  # not ours: the header
