"""Relay's lesson: the extra turn, the continuing sowing, the end (every seed in
a store) and the set-up (the rules:
:mod:`engine.variants.relay`)."""

from engine.lessons import Aim, Course, Goal, Step
from engine.texts import N_

COURSE = Course(
    variant="relay",
    intro=N_(
        "Relay sows as Kalah does, into your own store, but there are no captures: instead your "
        "sowing goes on. You play the bottom row. The goal: the most seeds in your store when "
        "every seed is in a store (25 of 48 wins)."
    ),
    steps=(
        Step(
            key="extra-turn",
            title=N_("The store and the extra turn"),
            idea=N_(
                "Sowing goes counter-clockwise, one seed a pit, into your store (never your "
                "opponent's). When your last seed lands in your store, you move again."
            ),
            task=N_("Win an extra turn."),
            board=(0, 3, 1, 0, 2, 0, 9, 4, 4, 4, 4, 4, 4, 9),
            goal=Goal(Aim.EXTRA_TURN),
            answer=(4,),
            hint=N_("Find the pit whose seeds run out exactly at your store."),
        ),
        Step(
            key="relay",
            title=N_("Sowing on"),
            idea=N_(
                "When your last seed lands in one of your own pits that already held seeds, "
                "you lift them all and keep sowing from there. In an empty pit of yours, or on "
                "their row, the turn ends."
            ),
            task=N_("Play a move that lifts again and sows on."),
            board=(1, 1, 0, 3, 0, 0, 9, 4, 4, 4, 4, 4, 4, 10),
            goal=Goal(Aim.RELAY, 2),
            answer=(0,),
            hint=N_("End your first sowing in a pit of yours that holds seeds."),
        ),
        Step(
            key="relay-to-store",
            title=N_("A relay into the store"),
            idea=N_(
                "A relay can end in your store too, and then you move again: look one sowing "
                "further than the first."
            ),
            task=N_("Win an extra turn (no pit reaches the store directly)."),
            board=(2, 0, 1, 2, 0, 0, 9, 4, 4, 4, 4, 4, 4, 10),
            goal=Goal(Aim.EXTRA_TURN),
            answer=(2,),
            hint=N_("Which pit, once lifted, holds just enough seeds to reach your store?"),
        ),
        Step(
            key="end",
            title=N_("How the game ends and who wins"),
            idea=N_(
                "There are no captures: seeds only leave the rows into the stores. A player "
                "with no seeds passes, and the game ends when every seed is in a store. Most "
                "seeds wins: 25 of the 48 is more than half, so it wins whatever happens next."
            ),
            task=N_("You have 24: get one more seed into your store."),
            board=(1, 1, 0, 0, 2, 0, 24, 0, 1, 0, 1, 0, 0, 18),
            goal=Goal(Aim.STORE, 1),
            answer=(4,),
            hint=N_("Only a sowing that passes your store puts a seed in it."),
        ),
        Step(
            key="start",
            title=N_("A whole game: the set-up"),
            idea=N_(
                "A game starts with 4 seeds in each of the twelve pits, 48 in all, both stores "
                "empty. You play the bottom row; your store is on your side. You play to bank "
                "more seeds than your opponent, 25 of 48, by the time every seed is in a store."
            ),
            task=N_("Start a game well: win an extra turn with your first move."),
            board=(4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0),
            goal=Goal(Aim.EXTRA_TURN),
            answer=(2,),
            hint=N_("Which pit's 4 seeds run out exactly in your store?"),
        ),
    ),
)
