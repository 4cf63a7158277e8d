"""Congkak's lesson: the store and the extra turn, sowing on from either row, the capture, the
end and the set-up (the rules: :mod:`engine.variants.congkak`)."""

from engine.lessons import Aim, Course, Goal, Step
from engine.texts import N_

COURSE = Course(
    variant="congkak",
    intro=N_(
        "Congkak: seven pits a side, seven seeds each, and long sowings. You play the bottom row. "
        "The goal: more seeds in your store than in theirs at the end (50 of 98 wins)."
    ),
    steps=(
        Step(
            key="extra-turn",
            title=N_("The store and the extra turn"),
            idea=N_(
                "Sow counter-clockwise one seed a pit, into your own store but never your "
                "opponent's. When your last seed lands in your store, you move again."
            ),
            task=N_("Win an extra turn."),
            board=(2, 0, 0, 3, 0, 1, 1, 38, 3, 0, 2, 5, 1, 0, 4, 38),
            goal=Goal(Aim.EXTRA_TURN),
            answer=(6,),
            hint=N_("Find the pit whose seeds run out exactly at your store."),
        ),
        Step(
            key="relay",
            title=N_("Sowing on, on both rows"),
            idea=N_(
                "When your last seed lands in a pit on either row that already held seeds, "
                "you lift them all and keep sowing. In an empty pit of theirs the turn ends."
            ),
            task=N_("Play a move that lifts again and sows on."),
            board=(0, 2, 0, 0, 1, 0, 2, 39, 3, 0, 2, 5, 1, 0, 4, 39),
            goal=Goal(Aim.RELAY, 2),
            answer=(6,),
            hint=N_("End your first sowing in a pit that holds seeds, on their row if need be."),
        ),
        Step(
            key="capture",
            title=N_("The capture"),
            idea=N_(
                "When your last seed lands in an empty pit of yours, you capture it and the "
                "seeds in the pit opposite, even if that pit is empty."
            ),
            task=N_("Capture at least four seeds."),
            board=(1, 0, 0, 2, 0, 1, 0, 39, 3, 0, 2, 5, 1, 0, 4, 40),
            goal=Goal(Aim.CAPTURE, 4),
            answer=(5,),
            hint=N_("End in an empty pit of yours whose opposite pit holds seeds."),
            notes={0: N_("Pit B's opposite pit is empty: you took only your own seed.")},
        ),
        Step(
            key="end",
            title=N_("How the game ends and who wins"),
            idea=N_(
                "There are 98 seeds. The game ends when the player to move has no seeds on "
                "their row (nobody passes): each player banks the seeds left on their own row, "
                "and the fuller store wins; 50 of 98 is more than half."
            ),
            task=N_("End the game now, and win it."),
            board=(1, 1, 1, 0, 0, 1, 0, 46, 0, 0, 1, 0, 0, 0, 0, 47),
            goal=Goal(Aim.WIN),
            answer=(1,),
            hint=N_(
                "Capture their last seeds: then they have nothing to move and your row is banked."
            ),
        ),
        Step(
            key="start",
            title=N_("A whole game: the set-up"),
            idea=N_(
                "A game starts with 7 seeds in each of the fourteen pits, 98 in all, both "
                "stores empty. You play the bottom row; your store is on your side. You play "
                "to bank more seeds than your opponent: 50 of 98 wins."
            ),
            task=N_("Start a game well: win an extra turn with your first move."),
            board=(7, 7, 7, 7, 7, 7, 7, 0, 7, 7, 7, 7, 7, 7, 7, 0),
            goal=Goal(Aim.EXTRA_TURN),
            answer=(0,),
            hint=N_("Which pit's 7 seeds run out exactly in your store?"),
        ),
    ),
)
