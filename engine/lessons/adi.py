"""Adi's lesson: sowing on, capturing fours with the last seed and on the way, the end and the
set-up (the rules:
:mod:`engine.variants.adi`)."""

from engine.lessons import Aim, Course, Goal, Step
from engine.texts import N_

COURSE = Course(
    variant="adi",
    intro=N_(
        "Adi sows over all twelve pits, there are no stores on the path, and every capture is a "
        "four. You play the bottom row; captured seeds sit at the ends. The goal: capture more "
        "seeds than your opponent (25 of 48 wins)."
    ),
    steps=(
        Step(
            key="relay",
            title=N_("Sowing on"),
            idea=N_(
                "Sow counter-clockwise one seed a pit over all twelve pits. If your last seed "
                "lands in a pit that now holds 1, the turn ends; if it holds more (but not 4), "
                "you lift them all and keep sowing."
            ),
            task=N_("Play a move that lifts again and sows on."),
            board=(1, 2, 1, 0, 0, 0, 16, 3, 1, 0, 0, 5, 3, 16),
            goal=Goal(Aim.RELAY, 2),
            answer=(0,),
            hint=N_("End your first sowing in a pit that already holds seeds."),
        ),
        Step(
            key="four",
            title=N_("Capturing a four"),
            idea=N_("If your last seed makes a pit hold exactly 4, you capture those 4 seeds."),
            task=N_("Capture four seeds with your last seed."),
            board=(0, 1, 0, 2, 0, 1, 16, 3, 0, 1, 2, 3, 3, 16),
            goal=Goal(Aim.CAPTURE, 4),
            answer=(5,),
            hint=N_("Land your last seed on a pit holding 3."),
            notes={3: N_("The 4 made on their row on the way went to them, not you.")},
        ),
        Step(
            key="fours-on-the-way",
            title=N_("Fours on the way"),
            idea=N_(
                "A seed that is not the last and makes a pit hold 4 gives those 4 to the owner "
                "of that pit at once: made on your row, they are yours; on theirs, theirs."
            ),
            task=N_("Capture four seeds on your own row while you sow."),
            board=(2, 3, 0, 0, 1, 0, 16, 1, 2, 0, 2, 1, 4, 16),
            goal=Goal(Aim.CAPTURE, 4),
            answer=(0,),
            hint=N_("Sow across one of your own pits that holds 3."),
        ),
        Step(
            key="end",
            title=N_("How the game ends and who wins"),
            idea=N_(
                "There are 48 seeds and most captured seeds wins. The game ends when the board "
                "is empty, or when a capture leaves only the last four in play: the capturer "
                "takes those too. (A move or a position that would go round forever ends it "
                "too, the seeds left split evenly.)"
            ),
            task=N_("Eight seeds are left: capture a four and the last four with it, and win."),
            board=(0, 1, 0, 0, 1, 1, 20, 3, 0, 0, 1, 1, 0, 20),
            goal=Goal(Aim.WIN),
            answer=(5,),
            hint=N_("Your last seed must make a 4 in one of their pits."),
        ),
        Step(
            key="start",
            title=N_("A whole game: the set-up"),
            idea=N_(
                "A game starts with 4 seeds in each of the twelve pits, 48 in all, nothing "
                "captured. You play the bottom row; your captures sit at your end. You play to "
                "capture more than your opponent: 25 of 48 wins."
            ),
            task=N_("Start a game: sow on until your last seed stops in their pit a."),
            board=(4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0),
            goal=Goal(Aim.LAST_IN, 7),
            answer=(4,),
            hint=N_(
                "Every pit holds seeds now, so the sowing goes on until it ends in an empty one."
            ),
        ),
    ),
)
