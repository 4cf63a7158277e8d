"""The lessons' API: every course, a try at a step (passed or not, the move to animate, what
happened and why), progress kept per device, and bad input answered with a 4xx saying what."""

from __future__ import annotations

from flask.testing import FlaskClient

from engine.lessons import course, courses
from tests.app.test_api import assert_error


def test_every_course_is_listed_with_its_steps(client: FlaskClient) -> None:
    got = client.get("/api/learn").json["courses"]
    assert [c["variant"] for c in got] == [c.variant for c in courses()]
    assert all(c["passed"] == 0 and len(c["steps"]) >= 3 for c in got)


def test_a_course_sends_each_steps_position_and_pits_to_try(client: FlaskClient) -> None:
    got = client.get("/api/learn/toguz_kumalak").json
    assert got["pits"] == 9 and got["stores"] == [9, 19] and got["letters"][0][0] == "A"
    step = got["steps"][3]
    assert step["key"] == "tuzdyk-collects"
    assert step["board"] == list(course("toguz_kumalak").steps[3].board)
    assert step["special_pits"] == [{"pit": 11, "owner": 0, "kind": "tuzdyk"}]
    assert step["tries"] == [2, 4, 6, 8] and step["done"] is False


def test_a_right_try_passes_the_step_and_it_is_kept_for_the_device(
    client: FlaskClient, other: FlaskClient
) -> None:
    got = client.post("/api/learn/kalah/capture", json={"pit": 0}).json
    assert got["passed"] is True and got["why"] == "" and got["next"] == "no-capture"
    assert got["before"] == [1, 0, 2, 0, 3, 0, 12, 2, 3, 1, 4, 5, 2, 13]
    move = got["move"]
    assert move["board"] == [0, 0, 2, 0, 3, 0, 18, 2, 3, 1, 4, 0, 2, 13]
    assert move["record"]["sown"] == [1] and move["record"]["captures"] == [[11, 5], [1, 1]]
    assert got["done"] == ["capture"]
    assert client.get("/api/learn/kalah").json["steps"][3]["done"] is True
    assert client.get("/api/learn").json["courses"][0]["passed"] == 1
    assert other.get("/api/learn/kalah").json["passed"] == 0  # another device: its own


def test_a_wrong_try_shows_the_move_and_says_why(client: FlaskClient) -> None:
    got = client.post("/api/learn/kalah/no-capture", json={"pit": 0}).json
    assert got["passed"] is False and got["done"] == []
    assert got["move"]["board"] == [0, 1, 0, 1, 0, 0, 15, 3, 6, 2, 1, 0, 4, 15]
    assert got["said"][-1] == "The last seed fell in your pit B, which was empty."
    assert got["why"].startswith("Nothing was captured. Pit B's opposite pit, e, is empty.")


def test_an_illegal_try_is_explained_not_refused(client: FlaskClient) -> None:
    got = client.post("/api/learn/oware/feeding", json={"pit": 3}).json
    assert got["passed"] is False and got["move"] is None
    assert "does not give them any" in got["said"][0]


def test_bad_input_is_a_4xx_saying_what(client: FlaskClient) -> None:
    assert_error(client.get("/api/learn/chess"), 404, "no lesson for 'chess'")
    assert_error(client.post("/api/learn/kalah/nope", json={"pit": 0}), 404, "no step 'nope'")
    assert_error(client.post("/api/learn/kalah/capture", json={}), 400, "'pit'")
    assert_error(client.post("/api/learn/kalah/capture", json={"pit": "A"}), 400, "'pit'")
    assert_error(client.post("/api/learn/kalah/capture", json={"pit": True}), 400, "'pit'")
    assert_error(client.post("/api/learn/kalah/capture", json={"pit": 9}), 400, "0-5")
    assert_error(client.post("/api/learn/kalah/capture", json={"pit": 0, "x": 1}), 400, "'x'")
    assert_error(client.post("/api/learn/kalah/capture", data="pit=0"), 415, "JSON")
    assert client.get("/api/learn").json["courses"][0]["passed"] == 0


def test_the_lessons_page_lists_every_course(client: FlaskClient) -> None:
    page = client.get("/learn")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    for found in courses():
        assert f'data-variant="{found.variant}"' in text


def test_a_long_name_is_cut_short_in_the_message(client: FlaskClient) -> None:
    got = client.get("/api/learn/" + "x" * 5000)
    assert_error(got, 404, "no lesson for 'xxxx")
    assert len(got.json["message"]) < 200
