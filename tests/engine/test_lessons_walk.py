"""The walk's wording (issue 35, build 5): a lesson's account says "house" in Oware as its
lesson does, counts pits without "(s)", names the seed that fell and never "the 1 seed"; the
Kalah rules summary agrees with the lesson's step 5 (no capture opposite an empty pit)."""

from __future__ import annotations

from engine import get_variant
from engine.lessons import attempt, course


def test_oware_says_house_throughout_and_counts_without_brackets() -> None:
    oware = course("oware")
    step = oware.step("run")
    one = attempt(oware, step, 4)
    assert one.said == [
        "You sowed the 2 seeds of your house E, one a house counter-clockwise.",
        "The last seed fell in their house a.",
        "You captured 2 seeds (their house a).",
    ]
    assert one.why.startswith("You captured from 1 house; the task wants 3 at once.")
    two = attempt(oware, step, 3)
    assert two.why.startswith("You captured from 2 houses; the task wants 3 at once.")
    for tried in (one, two):
        assert "pit" not in " ".join(tried.said) and "(s)" not in tried.why


def test_a_lone_seed_is_the_one_seed_and_a_lift_names_the_seed() -> None:
    relay = course("relay")
    step = relay.step("relay-to-store")
    said = attempt(relay, step, 2).said
    assert said[0] == "You sowed the one seed of your pit C, one a pit counter-clockwise."
    assert said[1].startswith("The last seed fell in your pit D, which held seeds")
    assert not any("the 1 seed" in s or "The last fell" in s for s in said)


def test_the_kalah_summary_agrees_with_the_lesson_on_an_empty_opposite_pit() -> None:
    summary = get_variant("kalah").summary
    assert "take it and the seeds opposite." not in summary
    assert "with seeds opposite" in summary and "opposite pit empty, nothing is taken" in summary
    kalah = course("kalah")
    assert "empty" in kalah.step("no-capture").idea
