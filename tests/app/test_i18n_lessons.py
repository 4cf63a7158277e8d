"""Issue 36: the lessons in every language. The engine gives message ids with their arguments
(engine/lessons), never a sentence of its own language; the app says them through the catalogs.
Every text a lesson can show (each step's words, and what every try at every pit of every step
says and why it missed) is in every catalog, translated, with the same placeholders."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from app.i18n.catalogs import po_path
from app.i18n.check import message_problems
from app.i18n.languages import TRANSLATED
from engine.lessons import Counted, attempt, course, courses, english, spoken
from engine.texts import Text

LRI, PDI = "\u2066", "\u2069"


def _texts(text: Text | str) -> Iterator[Text | str]:
    """A text and every text among its arguments."""
    yield text
    if isinstance(text, Text):
        for value in text.args.values():
            if isinstance(value, Text):
                yield from _texts(value)


def lesson_messages() -> dict[str, Message]:
    """Every message a lesson can show, as the catalogs key it (a plural by its singular)."""
    found: dict[str, Message] = {}

    def add(text: Text | str) -> None:
        for part in _texts(text):
            if isinstance(part, Counted):
                found[part.id] = Message((part.id, part.plural))
            elif isinstance(part, Text):
                found[part.id] = Message(part.id)
            else:
                found[part] = Message(part)

    for lesson in courses():
        add(lesson.intro)
        for step in lesson.steps:
            for word in (step.title, step.idea, step.task, step.hint, *step.notes.values()):
                add(word)
            for pit in range(lesson.rules.pits):
                tried = attempt(lesson, step, pit)
                for text in (*tried.lines, *tried.reasons):
                    add(text)
    return found


def test_every_try_says_known_ids_only() -> None:
    """A variant's reason (an illegal move's, an ending's) reaches a lesson as a marked id: no
    English passed through as it came (engine.lessons.reason keeps an unknown one as it is)."""
    messages = lesson_messages()
    assert len(messages) > 150
    from app.i18n.extract import extract

    marked = {m.id if isinstance(m.id, str) else m.id[0] for m in extract() if m.id}
    assert sorted(set(messages) - marked) == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_lesson_text_is_translated_in_every_language(lang: str) -> None:
    with po_path(lang).open("rb") as f:
        po = read_po(f, locale=lang)
    problems = []
    for key, source in lesson_messages().items():
        problems += message_problems(source, po.get(key))
    assert problems == []


def test_the_english_is_the_ids_filled_in() -> None:
    """The engine's tools and tests read English: the ids with their arguments, the plural by
    English rules ("1 house", "2 houses")."""
    oware = course("oware")
    tried = attempt(oware, oware.step("run"), 4)
    assert isinstance(tried.reasons[0], Counted)
    assert english(tried.reasons[0]) == "You captured from 1 house; the task wants 3 at once."
    seen: list[tuple[str, str, int]] = []

    def ngettext(one: str, many: str, n: int) -> str:
        seen.append((one, many, n))
        return "%(num)s/%(target)s"

    assert spoken(tried.reasons[0], lambda s: s, ngettext) == "1/3"
    assert seen == [
        (
            "You captured from %(num)s house; the task wants %(target)s at once.",
            "You captured from %(num)s houses; the task wants %(target)s at once.",
            1,
        )
    ]


def _try(client: FlaskClient, lang: str, variant: str, step: str, pit: int) -> dict[str, Any]:
    answer = client.post(
        f"/api/learn/{variant}/{step}", json={"pit": pit}, headers={"Accept-Language": lang}
    )
    got: dict[str, Any] = answer.get_json()
    assert answer.status_code == 200, got
    return got


def test_a_wrong_try_is_explained_in_french(client: FlaskClient) -> None:
    got = _try(client, "fr", "kalah", "no-capture", 0)
    assert got["said"][-1] == "La dernière graine est tombée dans votre case B, qui était vide."
    assert got["why"].startswith("Rien n'a été pris. La case d'en face de B, e, est vide.")
    assert got["said"][0] == (
        "Vous avez semé l'unique graine de votre case A, une par case, dans le sens inverse "
        "des aiguilles d'une montre."
    )


def test_counts_take_the_languages_plural(client: FlaskClient) -> None:
    """Russian's three forms: "1 лунки", "2 лунок"; Kazakh keeps the noun singular."""
    one = _try(client, "ru", "oware", "run", 4)
    assert one["why"].startswith("Вы взяли камни из 1 лунки; задание требует 3 сразу.")
    two = _try(client, "ru", "oware", "run", 3)
    assert two["why"].startswith("Вы взяли камни из 2 лунок;")
    kk = _try(client, "kk", "oware", "run", 3)
    assert kk["why"].startswith("Сіз 2 отаудан ұттыңыз;")


def test_arabic_keeps_pit_letters_left_to_right(client: FlaskClient) -> None:
    got = _try(client, "ar", "kalah", "no-capture", 0)
    assert f"في حفرتك {LRI}B{PDI}" in got["said"][-1]
    assert got["why"].startswith("لم يُؤسر شيء. الحفرة المقابلة لـ B")


def test_the_lesson_and_its_steps_in_kazakh(client: FlaskClient) -> None:
    lesson = client.get("/api/learn/toguz_kumalak", headers={"Accept-Language": "kk"}).get_json()
    assert lesson["title"] == "Тоғызқұмалақ"
    assert lesson["intro"].startswith("Тоғызқұмалақ: әр жақта тоғыз отау")
    assert [s["title"] for s in lesson["steps"]][:3] == ["Тарату", "Жұп ұту", "Тұздық"]
    listed = client.get("/api/learn", headers={"Accept-Language": "kk"}).get_json()
    assert "Тоғызқұмалақ" in [c["title"] for c in listed["courses"]]


def test_the_english_lesson_is_unchanged(client: FlaskClient) -> None:
    got = _try(client, "en", "kalah", "no-capture", 0)
    assert got["said"][-1] == "The last seed fell in your pit B, which was empty."
    assert got["why"].startswith("Nothing was captured. Pit B's opposite pit, e, is empty.")


def test_the_page_in_arabic_has_no_english_of_its_own(client: FlaskClient) -> None:
    page = client.get("/learn", headers={"Accept-Language": "ar"}).get_data(as_text=True)
    assert "تعلّم اللعب" in page and "Learn to play" not in page
    assert 'dir="rtl"' in page


def test_a_lessons_refusal_is_said_in_the_requests_language(client: FlaskClient) -> None:
    """The error field stays English (for programs); the message is the request's language."""
    answer = client.post(
        "/api/learn/kalah/sowing", json={"pit": 9}, headers={"Accept-Language": "fr"}
    )
    assert answer.status_code == 400 and answer.json is not None
    assert answer.json["error"] == "Bad Request"
    assert answer.json["message"] == "'pit' doit être entre 0 et 5, pas 9"
    missing = client.get("/api/learn/nothing", headers={"Accept-Language": "kk"})
    assert missing.status_code == 404 and missing.json is not None
    assert missing.json["message"].startswith("'nothing' ойынына сабақ жоқ (сабақтар: kalah")
