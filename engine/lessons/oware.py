"""Oware's lesson: sowing over twelve houses, captures of 2s and 3s, the run, the grand slam and
feeding, the end (25 of 48, or no feeding, or a repeated position) and the set-up (the rules:
:mod:`engine.variants.oware`)."""

from engine.lessons import Aim, Course, Goal, Step
from engine.texts import N_

COURSE = Course(
    variant="oware",
    intro=N_(
        "Oware (abapa) in seven steps. You play the bottom row; captured seeds sit at the ends. "
        "The goal: capture more than half the seeds, 25 of 48."
    ),
    steps=(
        Step(
            key="sowing",
            title=N_("Sowing"),
            idea=N_(
                "There is no store on the path: a move sows its seeds one a house, "
                "counter-clockwise, over all twelve houses. (A move of 12 or more seeds skips "
                "the house it started from.)"
            ),
            task=N_("Make your last seed land in their house c."),
            board=(2, 1, 3, 5, 2, 1, 5, 4, 3, 5, 4, 3, 4, 6),
            goal=Goal(Aim.LAST_IN, 9),
            answer=(3,),
            hint=N_("A house with n seeds ends n houses further on."),
        ),
        Step(
            key="twos-and-threes",
            title=N_("Capturing 2s and 3s"),
            idea=N_(
                "If your last seed makes a house on your opponent's row hold 2 or 3, you "
                "capture those seeds."
            ),
            task=N_("Capture."),
            board=(0, 0, 1, 0, 2, 3, 13, 3, 0, 1, 4, 2, 5, 14),
            goal=Goal(Aim.CAPTURE, 2),
            answer=(5,),
            hint=N_("Land your last seed on a house holding 1 or 2, so that it makes 2 or 3."),
        ),
        Step(
            key="run",
            title=N_("The run"),
            idea=N_(
                "After a capture, the house before it on their row is captured too if it "
                "holds 2 or 3, then the one before that, and so on: an unbroken run."
            ),
            task=N_("Capture from three houses in one move."),
            board=(0, 0, 0, 4, 2, 3, 14, 1, 2, 1, 4, 0, 3, 14),
            goal=Goal(Aim.RUN, 3),
            answer=(5,),
            hint=N_(
                "Every house your seeds pass on their row gains one: make a, b and c all 2 or 3."
            ),
        ),
        Step(
            key="grand-slam",
            title=N_("The grand slam"),
            idea=N_(
                "A move that would capture every seed your opponent has captures nothing at "
                "all: that is the grand slam rule. Leave them something."
            ),
            task=N_("Capture some of their seeds."),
            board=(0, 0, 0, 0, 2, 2, 21, 1, 1, 0, 0, 0, 0, 21),
            goal=Goal(Aim.CAPTURE, 2),
            answer=(4,),
            hint=N_("Capturing both a and b would take all they have, so it would take nothing."),
            notes={5: N_("Pit F would capture both their houses: all their seeds, a grand slam.")},
        ),
        Step(
            key="feeding",
            title=N_("Feeding"),
            idea=N_(
                "When your opponent has no seeds, you must play a move that gives them some. "
                "If no move can, the game ends and each player keeps the seeds on their row."
            ),
            task=N_("Your opponent has no seeds: feed them."),
            board=(0, 0, 0, 1, 0, 2, 22, 0, 0, 0, 0, 0, 0, 23),
            goal=Goal(Aim.FEED),
            answer=(5,),
            hint=N_("Only a move whose seeds reach their row may be played now."),
        ),
        Step(
            key="end",
            title=N_("How the game ends and who wins"),
            idea=N_(
                "There are 48 seeds: whoever captures more than half, 25, wins, and the game "
                "ends at once. It also ends when a player can't be fed (each then keeps the seeds "
                "on their own row), or when a position comes back with the same player to move "
                "(the rows are banked the same way). Then the most seeds wins; 24 each is a draw."
            ),
            task=N_("You have 21: capture enough to reach 25 and win."),
            board=(1, 0, 0, 1, 0, 2, 21, 1, 1, 0, 0, 0, 1, 20),
            goal=Goal(Aim.WIN),
            answer=(5,),
            hint=N_("Make their houses 2 or 3 with your last seed, and the run before it."),
        ),
        Step(
            key="start",
            title=N_("A whole game: the set-up"),
            idea=N_(
                "A game starts with 4 seeds in each of the twelve houses, 48 in all, nothing "
                "captured. You play the bottom row; what you capture sits at your end. You are "
                "playing to capture 25."
            ),
            task=N_("Start a game: sow so that your last seed lands in their house a."),
            board=(4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0),
            goal=Goal(Aim.LAST_IN, 7),
            answer=(2,),
            hint=N_("A house of 4 seeds ends 4 houses further on."),
        ),
    ),
)
