"""Kalah's lesson: sowing, the store, the extra turn, the capture (and when there is none), the
end and the banking of the rows, and the set-up and the goal of a whole game (the rules:
:mod:`engine.variants.kalah`)."""

from engine.lessons import Aim, Course, Goal, Step
from engine.texts import N_

COURSE = Course(
    variant="kalah",
    intro=N_(
        "Kalah in seven steps: each one rule, on a real board. You play the bottom row. The "
        "goal: more seeds in your store than your opponent has in theirs when the game ends "
        "(25 of the 48 wins)."
    ),
    steps=(
        Step(
            key="sowing",
            title=N_("Sowing"),
            idea=N_(
                "A move lifts every seed from one of your pits and sows them one by one into "
                "the next pits, counter-clockwise: rightwards along your row, into your store, "
                "then leftwards along the top row. Your opponent's store is skipped."
            ),
            task=N_("Make your last seed land in their pit b."),
            board=(2, 1, 3, 5, 2, 1, 5, 4, 4, 4, 4, 4, 4, 5),
            goal=Goal(Aim.LAST_IN, 8),
            answer=(3,),
            hint=N_("Count the seeds: a pit with n seeds ends n places further on."),
        ),
        Step(
            key="store",
            title=N_("Your store"),
            idea=N_(
                "Your store is the long pit at the end of your row: on your right (on a phone, "
                "the bar below the board). Sowing past it drops a seed in it, "
                "and seeds in your store are yours for good: the most seeds wins."
            ),
            task=N_("Put a seed into your store."),
            board=(3, 2, 1, 5, 0, 0, 6, 4, 4, 4, 4, 4, 4, 7),
            goal=Goal(Aim.STORE, 1),
            answer=(3,),
            hint=N_("Only a pit with enough seeds to reach past pit F sows into the store."),
        ),
        Step(
            key="extra-turn",
            title=N_("The extra turn"),
            idea=N_("When your last seed lands in your own store, you move again."),
            task=N_("Win an extra turn."),
            board=(1, 4, 1, 3, 0, 2, 6, 4, 4, 4, 4, 4, 4, 7),
            goal=Goal(Aim.EXTRA_TURN),
            answer=(3,),
            hint=N_("Find the pit whose seeds run out exactly at your store."),
        ),
        Step(
            key="capture",
            title=N_("The capture"),
            idea=N_(
                "When your last seed lands in an empty pit on your own row and the pit "
                "opposite holds seeds, that seed and all the seeds opposite go to your store."
            ),
            task=N_("Capture the seeds in their pit e."),
            board=(1, 0, 2, 0, 3, 0, 12, 2, 3, 1, 4, 5, 2, 13),
            goal=Goal(Aim.CAPTURE, 6),
            answer=(0,),
            hint=N_("Pit e faces your pit B: end your sowing in B while it is empty."),
        ),
        Step(
            key="no-capture",
            title=N_("When there is no capture"),
            idea=N_(
                "A capture needs seeds opposite. A last seed in your empty pit with an empty "
                "pit opposite captures nothing: it just stays there."
            ),
            task=N_("Two moves end in an empty pit of yours. Capture with the right one."),
            board=(1, 0, 0, 1, 0, 0, 15, 3, 6, 2, 1, 0, 4, 15),
            goal=Goal(Aim.CAPTURE, 1),
            answer=(3,),
            hint=N_("Look at the pit opposite where your last seed lands: it must hold seeds."),
            notes={0: N_("Pit B's opposite pit, e, is empty.")},
        ),
        Step(
            key="end",
            title=N_("The end and the banking"),
            idea=N_(
                "When either row is empty after a move, the game ends and each player banks "
                "the seeds left on their own row into their store. Then the stores are counted: "
                "the fuller store wins (25 of 48 is more than half), equal stores are a draw."
            ),
            task=N_("End the game now, and win it."),
            board=(0, 0, 0, 1, 0, 3, 18, 0, 5, 0, 0, 0, 0, 21),
            goal=Goal(Aim.WIN),
            answer=(3,),
            hint=N_(
                "Empty their row with a capture: then the seeds left on yours are banked for you."
            ),
        ),
        Step(
            key="start",
            title=N_("A whole game: the set-up and the goal"),
            idea=N_(
                "A game starts with 4 seeds in each of the twelve pits, 48 in all, and both "
                "stores empty. You play the bottom row; your store is yours to fill. Whoever has "
                "more seeds in their store at the end wins: 25 of the 48 is more than half and "
                "wins for sure; 24 each is a draw."
            ),
            task=N_("Start a game well: win an extra turn with your first move."),
            board=(4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0),
            goal=Goal(Aim.EXTRA_TURN),
            answer=(2,),
            hint=N_("Which pit's 4 seeds run out exactly in your store?"),
        ),
    ),
)
