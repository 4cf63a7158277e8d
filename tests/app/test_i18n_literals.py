"""Issue 36: the converted pages and scripts show no English of their own: every word a person
reads goes through the catalogs (``_()`` in templates, ``t()``/``tn()`` in scripts).

The files not converted yet are listed by name (they were being edited by others when these
pages were converted): the lists only shrink, a file moving to the converted ones.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
SCRIPTS = ROOT / "static" / "js"

CONVERTED_TEMPLATES = {
    "_review.html",
    "analysis_board.html",
    "base.html",
    "error.html",
    "game.html",
    "index.html",
    "learn.html",
    "player.html",
    "players.html",
    "puzzles.html",
    "rules.html",
    "tournament.html",
    "tournaments.html",
    "lab.html",
}
NOT_YET_TEMPLATES: set[str] = set()
CONVERTED_SCRIPTS = {
    *("analysis-board.js", "analysis-draw.js", "analysis-link.js", "analysis-state.js"),
    *("analysis.js", "copy.js", "graph.js", "position-editor.js", "record.js"),
    *("review-analysis.js", "review-text.js", "review-values.js", "review.js", "thinking-kept.js"),
    "text.js",
    "actions.js",
    "api.js",
    "clock.js",
    "game-title.js",
    "game-tournament.js",
    "game.js",
    "home.js",
    "i18n.js",
    "learn.js",
    "lobby.js",
    "local-time.js",
    "names.js",
    "player-live.js",
    "player-name.js",
    "player-ratings.js",
    "puzzle-daily.js",
    "puzzles.js",
    "follow.js",
    "render.js",
    "seats.js",
    "state.js",
    "match-options.js",
    "quick.js",
    "sound.js",
    "tournament-go.js",
    "tournament-list.js",
    "tournament.js",
    "tournaments-home.js",
    "tournaments.js",
    *("animate.js", "board.js", "lab.js", "match.js", "pits.js"),
    # Type definitions (JSDoc) only: no text shown to a person.
    *("api-types.js", "types.js"),
}
NOT_YET_SCRIPTS: set[str] = set()
# Words that are the same in every language: names of formats and of the game's notation.
SAME_EVERYWHERE = {
    *("JSON", "Content-Type", "application/json", "AbortError", "ApiError"),
    *("Escape", "Home", "End"),  # keys' names (KeyboardEvent.key), never shown
}
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "aria-description")


def test_the_lists_name_each_file_once() -> None:
    """A converted file is never listed as not yet converted (and exists)."""
    assert not CONVERTED_TEMPLATES & NOT_YET_TEMPLATES
    assert not CONVERTED_SCRIPTS & NOT_YET_SCRIPTS
    assert {p.name for p in TEMPLATES.glob("*.html")} >= CONVERTED_TEMPLATES
    assert {p.name for p in SCRIPTS.glob("*.js")} >= CONVERTED_SCRIPTS


class _Words(HTMLParser):
    """The text and shown attributes of a page, outside scripts and styles."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skip += 1
        self.found += [v for k, v in attrs if k in SHOWN_ATTRIBUTES and v]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.found.append(data)


def english_in_template(source: str) -> list[str]:
    """Person-visible literal words left in a template (its Jinja parts taken out)."""
    source = re.sub(r"\{#.*?#\}", "", source, flags=re.S)
    source = re.sub(r"\{% block body_class %\}.*?\{% endblock %\}", "", source, flags=re.S)
    source = re.sub(r"\{%.*?%\}", "", source, flags=re.S)
    source = re.sub(r"\{\{.*?\}\}", "\x00", source, flags=re.S)
    parser = _Words()
    parser.feed(source)
    words = [w.replace("\x00", " ").strip() for w in parser.found]
    return [w for w in words if re.search(r"[A-Za-z]{2}", w) and w not in SAME_EVERYWHERE]


@pytest.mark.parametrize("name", sorted(CONVERTED_TEMPLATES))
def test_a_converted_template_has_no_literal_words(name: str) -> None:
    assert english_in_template((TEMPLATES / name).read_text(encoding="utf-8")) == []


def test_the_template_scan_finds_words() -> None:
    page = (
        '<p title="Hello there">{{ _("Fine") }} Not fine <b>{{ x }}</b></p><script>a="b c"</script>'
    )
    assert english_in_template(page) == ["Hello there", "Not fine"]


LITERAL = re.compile(
    r"""//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`""", re.S
)
WRAPPED = re.compile(r"\b(?:t|tr|tn)\(\s*$|\btn\(\s*(?:\"[^\"]*\"|'[^']*')\s*,\s*$")
SHOWN = re.compile(r"(?:textContent|title|placeholder|alert|confirm|say)\s*(?:=|\()\s*$")


def _strip_interpolations(text: str) -> str:
    out, depth = [], 0
    i = 0
    while i < len(text):
        if text.startswith("${", i):
            depth += 1
            i += 2
            continue
        if depth and text[i] == "{":
            depth += 1
        elif depth and text[i] == "}":
            depth -= 1
        elif not depth:
            out.append(text[i])
        i += 1
    return "".join(out)


def english_in_script(source: str) -> list[str]:
    """String literals of a script that read as words for a person and bypass ``t()``: a
    sentence-case word or words ("Join", "No games yet."), or any text put on the page."""
    found = []
    for match in LITERAL.finditer(source):
        token = match.group()
        if token.startswith(("//", "/*")):
            continue
        before = source[max(0, match.start() - 80) : match.start()]
        if WRAPPED.search(before):
            continue
        text = _strip_interpolations(token[1:-1])
        if text in SAME_EVERYWHERE or not re.search(r"[A-Za-z]{2}", text):
            continue
        sentence = re.search(
            r"(?:^|[\s(])[A-Z][a-z]+|[a-z]{2,}[.?!…]\s*$|[a-z]+ [a-z]+ [a-z]+", text
        )
        if sentence or SHOWN.search(before):
            found.append(text)
    return found


@pytest.mark.parametrize("name", sorted(CONVERTED_SCRIPTS))
def test_a_converted_script_has_no_literal_words(name: str) -> None:
    assert english_in_script((SCRIPTS / name).read_text(encoding="utf-8")) == []


def test_the_script_scan_finds_words() -> None:
    script = """
    // A comment with Words.
    el.textContent = "playing";
    say(t("Your game is ready."));
    const a = `${n} moves left.`;
    const b = tn("%(num)s move", "%(num)s moves", n);
    el.className = "button primary";
    const c = "Join";
    """
    assert english_in_script(script) == ["playing", " moves left.", "Join"]


PAGES = {name for name in CONVERTED_TEMPLATES - {"base.html"} if not name.startswith("_")}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_a_converted_page_says_it_is_in_the_page_language(name: str) -> None:
    """base.html marks a page's main English (lang="en" dir="ltr") until its template says it
    is translated by emptying the block (a part included in a page, "_review.html", is said by
    its page)."""
    source = (TEMPLATES / name).read_text(encoding="utf-8")
    assert "{% block untranslated %}{% endblock %}" in source
