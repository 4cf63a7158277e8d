"""Toguz Kumalak's lesson: sowing from the pit itself, the even-count capture, the tuzdyk and
what it collects, the end (82) and the set-up (the rules: :mod:`engine.variants.toguz_kumalak`)."""

from engine.lessons import Aim, Course, Goal, Step
from engine.texts import N_

COURSE = Course(
    variant="toguz_kumalak",
    intro=N_(
        "Toguz Kumalak: nine pits a side, nine stones each. Captures go to your kazan (store) at "
        "the end of the board. You play the bottom row (the left column where a phone stands the "
        "board on its end). The goal: 82 of the 162 stones in your kazan."
    ),
    steps=(
        Step(
            key="sowing",
            title=N_("Sowing"),
            idea=N_(
                "Lift a pit and sow counter-clockwise, one stone a pit, the first stone back "
                "into the pit it came from (a pit with a single stone just moves it on)."
            ),
            task=N_("Make your last stone land in their pit c."),
            board=(2, 3, 5, 1, 4, 7, 2, 7, 3, 42, 4, 4, 4, 6, 4, 5, 8, 6, 3, 42),
            goal=Goal(Aim.LAST_IN, 12),
            answer=(5,),
            hint=N_("A pit with n stones ends n - 1 pits further on, as its first stone stays."),
        ),
        Step(
            key="even",
            title=N_("The even capture"),
            idea=N_(
                "If your last stone makes a pit on your opponent's row hold an even number, "
                "you capture all its stones into your kazan."
            ),
            task=N_("Capture."),
            board=(0, 0, 0, 5, 0, 3, 0, 4, 2, 57, 5, 4, 7, 4, 2, 1, 6, 2, 2, 58),
            goal=Goal(Aim.CAPTURE, 2),
            answer=(8,),
            hint=N_("Land your last stone on a pit of theirs that holds an odd number."),
        ),
        Step(
            key="tuzdyk",
            title=N_("The tuzdyk"),
            idea=N_(
                "If your last stone makes a pit on their row hold exactly 3, you capture them "
                "and the pit becomes your tuzdyk, for the rest of the game. You may have only "
                "one; it can't be their ninth pit (i), nor the pit with the same number as "
                "their own tuzdyk."
            ),
            task=N_("Make a tuzdyk."),
            board=(1, 3, 2, 5, 0, 4, 2, 11, 3, 46, 5, 2, 7, 4, 9, 1, 6, 2, 2, 47),
            goal=Goal(Aim.TUZDYK),
            answer=(8,),
            hint=N_("Make a pit of theirs hold exactly 3 with your last stone, but not pit i."),
            notes={7: N_("Pit i is their ninth pit: it can never become a tuzdyk.")},
        ),
        Step(
            key="tuzdyk-collects",
            title=N_("What a tuzdyk collects"),
            idea=N_(
                "Every stone sown into your tuzdyk (marked on the board) goes straight to your "
                "kazan, whoever sows it."
            ),
            task=N_("Sow a stone through your tuzdyk into your kazan."),
            board=(0, 0, 4, 0, 2, 0, 2, 0, 3, 57, 5, 0, 7, 4, 9, 1, 6, 2, 2, 58),
            extra=(11, -1),
            goal=Goal(Aim.STORE, 1),
            answer=(8,),
            hint=N_("Your tuzdyk is their pit b: reach it."),
        ),
        Step(
            key="end",
            title=N_("How the game ends and who wins"),
            idea=N_(
                "There are 162 stones. The game ends as soon as a kazan holds 82, more than "
                "half: that player wins (81 each is a draw). Stones still on the rows then stay "
                "where they are; they are banked only when the player to move can't move."
            ),
            task=N_("Your kazan holds 78: capture enough to reach 82 and win."),
            board=(3, 0, 1, 0, 2, 0, 0, 0, 2, 78, 3, 0, 2, 0, 0, 1, 0, 0, 0, 70),
            goal=Goal(Aim.WIN),
            answer=(8,),
            hint=N_("Make a pit of theirs even with your last stone: 3 becomes 4."),
        ),
        Step(
            key="start",
            title=N_("A whole game: the set-up"),
            idea=N_(
                "A game starts with 9 stones in each of the eighteen pits, 162 in all, both "
                "kazans empty. You play the bottom row (on a phone the board stands on its end: "
                "your row is the left column, sown downwards). You play to fill your kazan to 82."
            ),
            task=N_("Start a game: capture with your first move."),
            board=(9, 9, 9, 9, 9, 9, 9, 9, 9, 0, 9, 9, 9, 9, 9, 9, 9, 9, 9, 0),
            goal=Goal(Aim.CAPTURE, 10),
            answer=(1, 2, 3, 4, 5, 6, 7, 8),
            hint=N_("Nine stones from a pit end eight pits further on: end in one of theirs."),
            notes={0: N_("Pit A's nine stones end in your own pit I: nothing to capture there.")},
        ),
    ),
)
