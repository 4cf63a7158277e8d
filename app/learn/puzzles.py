"""Puzzles: one position, one good move, rated both ways.

A :class:`Problem` is what the page is shown and what a try is judged by, whichever set it
comes from: the engine's shipped puzzles (:mod:`app.learn.shipped`) or a player's own, made
from their mistakes (:mod:`app.learn.mistakes`).  A try plays the pit through the engine; it
solves the problem when the pit is one of its good moves.  A named player's first try of a
puzzle, when it is also the first try of that puzzle from their network address, moves two
Glicko-2 ratings (:mod:`app.ratings.glicko2`, the same code as every rating in the app): the
player's, as a game won (solved) or lost against the puzzle, and the puzzle's, as the opposite
result against the player.  Every other try is answered but not rated, and says why: a later
try; a device without a player's name (a throwaway cookie moves no puzzle's rating, however
many); a device whose address tried the puzzle first (a throwaway cookie can't learn the
answer for another device of its address to be rated on).  An address's first try is used up
by whichever device made it, named or not.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import cast

from babel.numbers import format_decimal

from app.games.errors import BadInput, IllegalMove, NoGame
from app.games.view import MoveRecordView, letters, words
from app.i18n.choose import N_, current, gettext, messages, ngettext
from app.i18n.names import variant_name
from app.learn import named
from app.learn.puzzle_line import refutation, step, walk_to
from app.learn.puzzle_shapes import (
    Daily,
    LineMove,
    PastTries,
    PastTryView,
    PuzzlePosition,
    PuzzleRating,
    PuzzleTry,
    PuzzleView,
    TryRatings,
)
from app.learn.puzzle_tries import PastTry, PuzzleTries
from app.learn.store import Kept, LearnStore
from app.ratings.glicko2 import Rating, rate_game
from app.store.json_types import JSONObject
from engine import IllegalMove as RuleBroken
from engine import get_variant, variant_names
from engine.core import State
from engine.notation import move_text, parse_move
from engine.puzzles import THEMES

RD_NEW_PUZZLE = 200.0  # a puzzle's deviation before anyone tried it: its rating is an estimate
DIFFICULTY = (
    (1200, N_("easy")),
    (1600, N_("medium")),
    (2000, N_("hard")),
    (10_000, N_("very hard")),
)


@dataclass(frozen=True)
class Problem:
    """A puzzle as the app shows and judges it: the position, its good first moves (``good``,
    pit numbers), the solution line as turns of move text, what it wins, how sure that is, its
    themes and its rating; ``origin`` says where a player's own puzzle came from."""

    id: str
    variant: str
    options: JSONObject
    board: tuple[int, ...]
    extra: tuple[int, ...] | None
    to_move: int
    good: frozenset[int]
    solution: tuple[tuple[str, ...], ...]
    gain: float
    margin: float
    exact: bool
    depth: int | None
    themes: tuple[str, ...] = ()
    rating: int = 1500
    own: JSONObject = field(default_factory=dict)
    confirm: int | None = None
    """The shallower of two searches that agree on the move and the margin (None: exact, or
    one search only)."""

    def state(self) -> State:
        """The puzzle's position, its mover to play."""
        return get_variant(self.variant, **self.options).position(
            self.board, self.to_move, self.extra
        )


def difficulty(rating: float) -> str:
    """A rating in words: easy, medium, hard, very hard (in the request's language)."""
    return gettext(next(name for top, name in DIFFICULTY if rating < top))


def task_text(problem: Problem) -> str:
    """What the page asks: the move that wins N seeds (or the one good move), or, for a
    player's own puzzle, the move they missed."""
    word = get_variant(problem.variant, **problem.options).seed_word
    if problem.own:
        return gettext(
            "Find the move you missed (yours lost %(amount)s).",
            amount=amount(problem.margin, word),
        )
    if problem.gain > 0:
        return gettext("Find the move that wins %(amount)s.", amount=amount(problem.gain, word))
    return gettext(
        "Find the only good move: every other one loses at least %(amount)s more.",
        amount=amount(problem.margin, word),
    )


def proof_text(problem: Problem) -> str:
    """How sure the answer is: exact, confirmed by two searches that agree, or verified by
    a search to a stated depth; a player's own puzzle says what its game's analysis found."""
    if problem.own.get("check"):
        return str(problem.own["check"])
    if problem.exact:
        return gettext("Exact: solved to the end of the game.")
    if problem.confirm is not None:
        return gettext(
            "Confirmed by the engine's search at depths %(first)s and %(second)s: both find this"
            " move and that every other is worse by at least the same margin.",
            first=number(problem.confirm),
            second=number(problem.depth or 0),
        )
    return gettext(
        "Verified by the engine's search to depth %(depth)s.", depth=number(problem.depth or 0)
    )


def _seeds(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.1f}"


def number(value: float) -> str:
    """``value`` (a whole number or a half) written in the request's language's forms."""
    return format_decimal(float(_seeds(value)), locale=current().code)


def amount(value: float, word: str) -> str:
    """'3 seeds' (or stones, ``word``) in the request's language, its plural by CLDR (a half
    takes the form of 2, as "1.5 seeds" does in English)."""
    count = int(value) if value == int(value) else 2
    if word == "stones":
        text = messages().ngettext("%(num)s stone", "%(num)s stones", count)
    else:
        text = messages().ngettext("%(num)s seed", "%(num)s seeds", count)
    return text % {"num": number(value)}


def seen(text: str, mover: int) -> str:
    """Move text as the solver reads it: their own pits in capitals, the opponent's in small
    letters, whichever side they play (the engine writes player 0's in capitals)."""
    return text[0].swapcase() + text[1:] if mover == 1 and text != "swap" else text


def seen_letters(letters_: list[list[str]], mover: int) -> list[list[str]]:
    """The pits' letters as the solver reads them (see :func:`seen`)."""
    return [[seen(x, mover) for x in row] for row in letters_]


def played_line(
    state: State, turns: Iterable[Iterable[str]], seen_by: int | None = None
) -> list[LineMove]:
    """The moves of ``turns`` played from ``state``: each with its record and the board after
    it, for the page to animate one after the other (``seen_by``: the notation as that player
    reads it, see :func:`seen`)."""
    return played_pits(
        state, [parse_move(text, state.rules.pits).pit for turn in turns for text in turn], seen_by
    )


def played_pits(state: State, pits: Iterable[int], seen_by: int | None = None) -> list[LineMove]:
    """The moves of ``pits`` played from ``state``, as :func:`played_line` gives them."""
    line: list[LineMove] = []
    for pit in pits:
        if state.to_move is None:
            return line
        before = list(state.board)
        state, rec = state.play_record(pit)
        text = move_text(rec)
        line.append(
            {
                "player": rec.player,
                "pit": rec.pit,
                "notation": text if seen_by is None else seen(text, seen_by),
                "record": cast(MoveRecordView, rec.to_dict()),  # the engine's JSON
                "before": before,
                "board": list(state.board),
            }
        )
    return line


def standing(lead_now: float) -> str:
    """The solver's lead in words: 'lead by 3', 'trail by 2', 'are level'."""
    if lead_now > 0:
        return gettext("You lead by %(num)s now (stores)", num=number(lead_now))
    if lead_now < 0:
        return gettext("You trail by %(num)s now (stores)", num=number(-lead_now))
    return gettext("You are level now (stores)")


def gain_text(problem: Problem) -> str:
    """What "wins N seeds" means, in words: the final margin minus the lead now."""
    if problem.own or problem.gain <= 0:
        return ""
    state = problem.state()
    gain = amount(problem.gain, state.rules.seed_word)
    mine, theirs = state.scores if problem.to_move == 0 else state.scores[::-1]
    now = mine - theirs
    end = now + problem.gain
    if problem.exact:
        said = gettext(
            "Winning %(amount)s: you finish %(amount)s further ahead of your opponent than you"
            " are now, at the end of the game, with best play on both sides.",
            amount=gain,
        )
    else:
        said = ngettext(
            "Winning %(amount)s: you finish %(amount)s further ahead of your opponent than you"
            " are now, %(num)s move (yours and theirs) from here, with the best play the"
            " engine's search finds.",
            "Winning %(amount)s: you finish %(amount)s further ahead of your opponent than you"
            " are now, %(num)s moves (yours and theirs) from here, with the best play the"
            " engine's search finds.",
            problem.depth or 0,
            amount=gain,
        )
    if end > 0:
        finish = gettext("so you finish %(num)s ahead.", num=number(end))
    elif end < 0:
        finish = gettext("so you finish %(num)s behind.", num=number(-end))
    else:
        finish = gettext("so you finish level.")
    return gettext("%(said)s %(now)s, %(then)s", said=said, now=standing(now), then=finish)


def notation_text(mine: list[str], theirs: list[str], seeds: str) -> str:
    """How the moves are written (``mine``, ``theirs``: the pits' letters as the solver reads
    them), said once, where they are shown; letters and notation isolated (they read the same
    in every language)."""
    args = {
        "mine": _isolated(f"{mine[0]}–{mine[-1]}"),
        "theirs": _isolated(f"{theirs[0]}–{theirs[-1]}"),
        "x5": _isolated("x5"),
        "plus": _isolated("+"),
    }
    if seeds == "stones":
        return gettext(
            "How moves are written: the pit's letter (yours %(mine)s from your left, your"
            " opponent's %(theirs)s from their left), then the stones sown; %(x5)s: 5 stones"
            " captured; %(plus)s: another turn.",
            **args,
        )
    return gettext(
        "How moves are written: the pit's letter (yours %(mine)s from your left, your"
        " opponent's %(theirs)s from their left), then the seeds sown; %(x5)s: 5 seeds"
        " captured; %(plus)s: another turn.",
        **args,
    )


def _isolated(text: str) -> str:
    """Left-to-right notation kept whole inside a right-to-left sentence (Unicode's
    left-to-right isolate: plain text, so it works in textContent)."""
    return f"\u2066{text}\u2069" if current().dir == "rtl" else text


def view(problem: Problem, kept: Kept | None) -> PuzzleView:
    """A puzzle as the page draws it (the mover's row at the bottom)."""
    state = problem.state()
    rules = state.rules
    rating = kept.r if kept is not None else float(problem.rating)
    read = seen_letters(letters(rules), problem.to_move)
    return {
        "id": problem.id,
        "variant": problem.variant,
        "title": variant_name(problem.variant, rules.title),
        "options": problem.options,
        "pits": rules.pits,
        "stores": [rules.store(0), rules.store(1)],
        "letters": read,
        "words": words(rules),
        "board": list(state.board),
        "extra": list(state.extra),
        "special_pits": [
            {"pit": pit, "owner": owner, "kind": kind}
            for pit, owner, kind in rules.special_pits(state.extra)
        ],
        "to_move": problem.to_move,
        "legal_moves": list(state.legal_moves()),
        "task": task_text(problem),
        "gain": problem.gain,
        "gain_text": gain_text(problem),
        "notation": notation_text(
            read[problem.to_move], read[1 - problem.to_move], rules.seed_word
        ),
        "solver_moves": sum(len(turn) for turn in problem.solution[::2]),
        "proof": proof_text(problem),
        "exact": problem.exact,
        "depth": problem.depth,
        "confirm": problem.confirm,
        "themes": list(problem.themes),
        "rating": round(rating),
        "difficulty": difficulty(rating),
        "tries": kept.tries if kept is not None else 0,
        "own": problem.own or None,
    }


def rating_view(kept: Kept | None) -> PuzzleRating:
    """A player's puzzle rating as shown: rounded, with whether it is still provisional."""
    rating = Rating() if kept is None else Rating(kept.r, kept.rd, kept.sigma)
    return {
        "rating": round(rating.r),
        "deviation": round(rating.rd),
        "provisional": rating.provisional,
        "tries": kept.tries if kept else 0,
        "solved": kept.solved if kept else 0,
    }


def rater(
    problem: Problem, solved: bool
) -> Callable[[Kept | None, Kept | None], tuple[Kept, Kept]]:
    """The two ratings after a first try: the player's against the puzzle (1 if solved, else
    0) and the puzzle's against the player (the other way round), each by Glicko-2."""

    def both(player: Kept | None, puzzle: Kept | None) -> tuple[Kept, Kept]:
        mine = Rating() if player is None else Rating(player.r, player.rd, player.sigma)
        its = (
            Rating(float(problem.rating), RD_NEW_PUZZLE)
            if puzzle is None
            else Rating(puzzle.r, puzzle.rd, puzzle.sigma)
        )
        score = 1.0 if solved else 0.0
        new_mine = rate_game(mine, its, score)
        new_its = rate_game(its, mine, 1.0 - score)
        tries = (player.tries if player else 0) + 1
        solves = (player.solved if player else 0) + int(solved)
        p_tries = (puzzle.tries if puzzle else 0) + 1
        p_solves = (puzzle.solved if puzzle else 0) + int(solved)
        return (
            Kept(new_mine.r, new_mine.rd, new_mine.sigma, tries, solves),
            Kept(new_its.r, new_its.rd, new_its.sigma, p_tries, p_solves),
        )

    return both


@dataclass(frozen=True)
class Trier:
    """Who tries a puzzle, as the puzzle policy asks: their network address (None: not
    counted by address) and whether they are a named player."""

    address: str | None
    named: bool


# Why a try moved no rating (the puzzle policy, docs/hosting.md "Rating policy").
UNRATED = {
    "again": N_("only your first try of a puzzle is rated"),
    "name": N_("only a named player's try is rated: take a name on the players page"),
    "address": N_("this puzzle was tried from your network address first; only that try is rated"),
}


class Puzzles:
    """The puzzle use cases over the shipped set and the store (own puzzles, ratings)."""

    def __init__(
        self,
        store: LearnStore,
        shipped: list[Problem],
        own: Callable[[JSONObject], Problem],
        trier: Callable[[str], Trier] | None = None,
    ) -> None:
        self.store = store
        self.tries = PuzzleTries(store.store)
        self.trier = trier or (lambda owner: Trier(None, True))
        self.shipped = {p.id: p for p in shipped}
        self.by_variant: dict[str, list[Problem]] = {}
        for problem in sorted(shipped, key=lambda p: p.id):
            self.by_variant.setdefault(problem.variant, []).append(problem)
        self.own_problem = own

    def counts(self) -> dict[str, int]:
        """How many shipped puzzles each variant has (those with none are left out), in the
        menu's order."""
        return {
            name: len(self.by_variant[name]) for name in variant_names() if name in self.by_variant
        }

    def theme_counts(self) -> dict[str, dict[str, int]]:
        """How many shipped puzzles each variant has of each theme: only the themes it has
        puzzles of, in the themes' order (the page offers those, never an empty one)."""
        order = {theme: n for n, theme in enumerate(THEMES)}
        found: dict[str, dict[str, int]] = {}
        for name, problems in self.by_variant.items():
            counted: dict[str, int] = {}
            for problem in problems:
                for theme in problem.themes:
                    counted[theme] = counted.get(theme, 0) + 1
            found[name] = dict(
                sorted(counted.items(), key=lambda kv: (order.get(kv[0], 99), kv[0]))
            )
        return found

    def mine(self, owner: str | None) -> list[Problem]:
        """``owner``'s own puzzles (from their mistakes), oldest first."""
        if owner is None:
            return []
        found = []
        for text in self.store.own(owner):
            try:
                found.append(self.own_problem(json.loads(text)))
            except (ValueError, KeyError, TypeError):
                continue  # a damaged row is skipped, never a 500
        return found

    def find(self, owner: str | None, puzzle_id: str) -> Problem:
        """The shipped puzzle or ``owner``'s own with that id; NoGame if there is none."""
        found = self.shipped.get(puzzle_id)
        if found is None:
            found = next((p for p in self.mine(owner) if p.id == puzzle_id), None)
        if found is None:
            raise NoGame(gettext("there is no puzzle %(id)s", id=named(puzzle_id)))
        return found

    def show(self, owner: str | None, puzzle_id: str) -> PuzzleView:
        problem = self.find(owner, puzzle_id)
        return view(problem, self.store.puzzle(problem.id))

    def next(
        self,
        owner: str | None,
        variant: str,
        mine: bool = False,
        theme: str = "",
        streak: int | None = None,
    ) -> PuzzleView:
        """The next puzzle for ``owner``: with ``mine``, their oldest own puzzle not yet
        tried; else the untried puzzle of ``variant`` (of ``theme``, if named) whose rating
        is nearest theirs; in streak mode (``streak``: the puzzles solved in a row so far) an
        untried one only, nearest a rating that climbs with the streak
        (:func:`streak_target`)."""
        tried = self.store.tried(owner) if owner else {}
        if mine:
            own = [p for p in self.mine(owner) if p.id not in tried]
            if not own:
                raise NoGame(gettext("you have no own puzzle left to try: analyse a game first"))
            return view(own[0], self.store.puzzle(own[0].id))
        choices = self.by_variant.get(variant)
        if not choices:
            names = ", ".join(sorted(self.by_variant)) or "none yet"
            raise NoGame(
                gettext(
                    "there are no %(game)s puzzles (puzzles: %(names)s)",
                    game=named(variant),
                    names=names,
                )
            )
        if theme:
            choices = [p for p in choices if theme in p.themes]
            if not choices:
                raise NoGame(
                    gettext(
                        "there are no %(game)s puzzles with the theme %(theme)s",
                        game=variant_name(variant, variant),
                        theme=named(theme),
                    )
                )
        kept_player = self.store.player(owner) if owner else None
        target = kept_player.r if kept_player else Rating().r
        fresh = [p for p in choices if p.id not in tried]
        if streak is not None:
            if not fresh:
                raise NoGame(
                    gettext(
                        "you have tried every %(game)s puzzle: the streak ends here",
                        game=variant_name(variant, variant),
                    )
                )
            target = streak_target(streak)
        fresh = fresh or choices
        ratings = self.store.puzzles([p.id for p in fresh[:2000]])
        best = min(
            fresh[:2000],
            key=lambda p: (abs((ratings[p.id].r if p.id in ratings else p.rating) - target), p.id),
        )
        return view(best, ratings.get(best.id))

    def daily(self, today: dt.date) -> Daily:
        """The day's puzzle: the same for everyone on that (UTC) day, drawn from the shipped
        Kalah puzzles (else from all); ``puzzle`` is null while there are none."""
        pool = self.by_variant.get("kalah") or sorted(self.shipped.values(), key=lambda p: p.id)
        if not pool:
            return {"day": today.isoformat(), "puzzle": None}
        digest = hashlib.sha256(today.isoformat().encode()).digest()
        problem = pool[int.from_bytes(digest[:8], "big") % len(pool)]
        return {"day": today.isoformat(), "puzzle": view(problem, self.store.puzzle(problem.id))}

    def past(self, owner: str | None) -> PastTries:
        """``owner``'s past tries, newest first (own puzzles included)."""
        if owner is None:
            return {"tries": []}
        known = {**self.shipped, **{p.id: p for p in self.mine(owner)}}
        return {"tries": past_view(known, self.tries.past(owner))}

    def attempt(self, owner: str, puzzle_id: str, sent: JSONObject) -> PuzzleTry:
        """Try the pit ``sent`` names after the line's ``moves`` already played (see
        :mod:`app.learn.puzzle_line`): whether it is right (``solved``, as it always said for
        the first move), the line's reply when the solver's turn ended, whether the line is
        done and what it won; a wrong move comes with the reply that refutes it, and the
        page retries from before it.  The ratings move once, on the first wrong move or the
        line's end, whichever comes first (a later try, a retry, is not rated)."""
        problem = self.find(owner, puzzle_id)
        unknown = sorted(set(sent) - {"pit", "moves"})
        if unknown:
            raise BadInput(
                N_(
                    "unknown field %(field)s (send {'pit': <pit number>, 'moves': [<pits played "
                    "before>]})"
                ),
                field=named(unknown[0]),
            )
        pit = sent.get("pit")
        if isinstance(pit, bool) or not isinstance(pit, int):
            raise BadInput("'pit' must be the number of one of the mover's pits")
        moves = sent.get("moves", [])
        if not isinstance(moves, list) or not all(
            isinstance(m, int) and not isinstance(m, bool) for m in moves
        ):
            raise BadInput("'moves' must be the list of pits played before in this puzzle")
        if len(moves) >= sum(len(turn) for turn in problem.solution[::2]):
            raise BadInput("'moves' is longer than this puzzle's line")
        start = problem.state()
        walk = walk_to(start, problem.solution, problem.good, moves)
        state = walk.state
        if walk.done or state.to_move is None:
            raise BadInput("this puzzle's line is over: there is no move left to play")
        try:
            state.rules.check_move(state, pit)
        except RuleBroken as exc:
            raise IllegalMove(str(exc)) from None
        mover = problem.to_move
        text = seen(move_text(state.play_record(pit)[1]), mover)
        found = step(walk, pit, problem.solution, problem.good)
        right = found is not None
        reply: list[LineMove] = []
        refuted: list[LineMove] = []
        done = False
        end = state.play(pit)
        if found is not None and problem.own:
            # A player's own puzzle asks for the one move they missed; the rest of its line
            # (the analysis's, not proved the only way) is shown, not asked.
            done = True
            rest = problem.solution if text == seen(problem.solution[0][0], mover) else ()
            reply = played_line(start, rest, mover)[1:]
            now_moves = [*moves, pit]
        elif found is not None:
            done, end = found.walk.done, found.walk.state
            if found.before_reply is not None:
                reply = played_line(found.before_reply, [found.reply], mover)
            now_moves = [*moves, pit]
        else:
            after_wrong = state.play(pit)
            refuted = played_pits(state, [pit, *refutation(after_wrong, mover)], mover)
            now_moves = list(moves)
        ratings = self._rate(owner, problem, right, final=not right or done)
        result: PuzzleTry = {
            "id": problem.id,
            "pit": pit,
            "played": text,
            "solved": right,
            "done": done,
            "moves": now_moves,
            "good": sorted(problem.good),
            "best": seen(problem.solution[0][0], mover),
            "tried": played_pits(state, [pit], mover),
            "reply": reply,
            "refutation": refuted,
            "line": played_line(start, problem.solution, mover),
            "position": position_view(end if right and not done else state),
            "ratings": ratings,
            "puzzle": view(problem, self.store.puzzle(problem.id)),
        }
        if done:
            result["won"] = won(start, end, mover)
            result["won_text"] = won_text(problem, float(result["won"]))
        return result

    def _rate(self, owner: str, problem: Problem, solved: bool, final: bool) -> TryRatings:
        """The ratings a try moved (only a final one, the first wrong move or the line's end,
        is counted) and why not when none moved."""
        if not final:
            player = self.store.player(owner)
            return {
                "rated": False,
                "pending": True,
                "reason": "the line goes on: the puzzle counts when it is over",
                "player": {"before": rating_view(player), "after": rating_view(player)},
            }
        who = self.trier(owner)
        first = problem.id not in self.store.tried(owner)
        rated = self.store.rate(
            owner, problem.id, solved, rater(problem, solved), who.address, who.named
        )
        if rated is None:
            player = self.store.player(owner)
            why = "again" if not first else "address" if who.named else "name"
            return {
                "rated": False,
                "reason": gettext(UNRATED[why]),
                "player": {"before": rating_view(player), "after": rating_view(player)},
            }
        p_before, z_before, p_after, z_after = rated
        z_start = z_before or Kept(float(problem.rating), RD_NEW_PUZZLE, Rating().sigma)
        return {
            "rated": True,
            "player": {"before": rating_view(p_before), "after": rating_view(p_after)},
            "puzzle": {"before": round(z_start.r), "after": round(z_after.r)},
        }


def position_view(state: State) -> PuzzlePosition:
    """The position the solver moves in next (after a right move and the line's reply; after a
    wrong one, the position before it, to try again): its board, the pits they may play, the
    special pits."""
    return {
        "board": list(state.board),
        "to_move": state.to_move,
        "legal_moves": list(state.legal_moves()) if state.to_move is not None else [],
        "special_pits": [
            {"pit": pit, "owner": owner, "kind": kind}
            for pit, owner, kind in state.rules.special_pits(state.extra)
        ],
    }


def won_text(problem: Problem, gained: float) -> str:
    """What the line showed, at its end: the seeds won (in the solver's store), or how many
    of them so far when it stopped before."""
    if problem.own or problem.gain <= 0:
        return ""
    word = get_variant(problem.variant, **problem.options).seed_word
    if gained >= problem.gain:
        return gettext(
            "Line complete: you are %(amount)s further ahead in the stores.",
            amount=amount(gained, word),
        )
    return gettext(
        "Line complete: %(got)s of the %(amount)s are in the stores so far; the rest follows"
        " with best play.",
        got=number(max(gained, 0)),
        amount=amount(problem.gain, word),
    )


def won(start: State, end: State, mover: int) -> float:
    """The seeds the solver won in the line: their store lead at its end minus at its start."""

    def lead_of(state: State) -> int:
        mine, theirs = state.scores if mover == 0 else state.scores[::-1]
        return mine - theirs

    return float(lead_of(end) - lead_of(start))


def streak_target(current: int) -> float:
    """The rating streak mode aims at after ``current`` puzzles solved in a row: easy first,
    then 60 points harder each."""
    return 900.0 + 60.0 * current


def past_view(problems: dict[str, Problem], tries: list[PastTry]) -> list[PastTryView]:
    """Past tries as the page lists them: the puzzle, its game, solved or not at the first try,
    when; a puzzle no longer shipped is left out."""
    shown: list[PastTryView] = []
    for tried in tries:
        problem = problems.get(tried.puzzle)
        if problem is None:
            continue
        shown.append(
            {
                "id": tried.puzzle,
                "variant": problem.variant,
                "title": variant_name(
                    problem.variant, get_variant(problem.variant, **problem.options).title
                ),
                "solved": tried.solved,
                "at": tried.at,
                "rating": problem.rating,
            }
        )
    return shown


def today() -> dt.date:
    """Today in UTC (the daily puzzle changes at midnight UTC)."""
    return dt.datetime.now(dt.UTC).date()
