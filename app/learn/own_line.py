"""The line of a player's own puzzle and why it wins (issue 35, build 4).

A mistake's puzzle shows a real line, not one move: the best move, the opponent's best reply,
the mover's next turn (:data:`engine.puzzles.checks.LINE_TURNS` turns).  Where the analysis
solved the position the line is the solver's (each move keeps the exact value), as long as each
move is found within :data:`LINE_SECONDS`; else, and where the analysis only searched, each
move is a search's to :data:`LINE_DEPTH` plies at most (never deeper than the analysis looked).
Every value is said in whole seeds, with "about" where it is an estimate.

Rule (issue 36): why the line wins and how sure it is are kept as message ids with their
arguments (:func:`stored`), never in a language, and said in the reader's (:func:`said`); a
puzzle kept before, its English stored, shows that English as it is.
"""

from __future__ import annotations

from types import MappingProxyType

from app.i18n.choose import current, messages
from app.store.json_types import JSONObject
from engine.core import MoveRecord, State
from engine.lessons import Counted, T, english, spoken
from engine.notation import move_text
from engine.puzzles.checks import best_of, depth_values, solution_line, solver_for
from engine.texts import N_, Text

LINE_DEPTH = 6
"""The deepest search that picks a move of the line after the first (quick for every variant:
about 0.1 s a move for Toguz Kumalak natively)."""
NOTATION = frozenset({"move", "best", "played"})
"""Arguments that are moves as a record writes them: left to right in a right-to-left text."""
LINE_SECONDS = 0.5
"""The solver's time for one move of an exact line, beyond which the line is searched."""


def whole(value: float) -> int:
    """A value in whole seeds (halves away from zero)."""
    return int(value + 0.5) if value >= 0 else -int(-value + 0.5)


def signed(value: float) -> str:
    """A margin in whole seeds with its sign: +5, −3, 0."""
    n = whole(value)
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def turn_of(records: list[MoveRecord], ply: int) -> int:
    """The turn number of the move at ``ply``, as the review's move list numbers turns (a turn
    is all of one player's moves in a row)."""
    turn = 0
    for i in range(ply + 1):
        if i == 0 or records[i - 1].player != records[i].player:
            turn += 1
    return turn


def own_line(
    state: State, first: int, exact: bool, depth: int | None
) -> tuple[tuple[tuple[str, ...], ...], str, list[MoveRecord]]:
    """The line from ``state`` starting with ``first``: its turns in move text, how its moves
    were chosen ("exact", or "depth N") and their records.  ``exact``: the analysis solved the
    position; ``depth``: the plies it searched (None: unknown)."""
    most = LINE_DEPTH if depth is None else max(1, min(depth, LINE_DEPTH))
    solver = solver_for(state.rules) if exact else None
    searched: list[bool] = []

    def choose(here: State, played: int) -> int:
        if solver is not None and not any(searched):
            try:
                return solver.best(here, seconds=LINE_SECONDS)[0]
            except TimeoutError:
                pass
        searched.append(True)
        return best_of(depth_values(here, max(1, most - played)))

    line, records = solution_line(state, first, choose)
    check = "exact" if solver is not None and not searched else f"depth {most}"
    return line, check, records


def amount(n: int, seeds: str) -> Counted:
    """'3 seeds' (or stones: ``seeds`` is the variant's word), its form by ``n``'s size (the ids
    app.learn.puzzles marks with ngettext)."""
    count = abs(n)
    if seeds == "stones":
        return Counted("%(num)s stone", MappingProxyType({"num": n}), "%(num)s stones", count)
    return Counted("%(num)s seed", MappingProxyType({"num": n}), "%(num)s seeds", count)


def event(rec: MoveRecord, mine: bool, seeds: str) -> list[Text]:
    """What one move of the line does, in message ids: a capture, another turn, the end."""
    move = move_text(rec)
    said: list[Text] = []
    if rec.captured:
        took = amount(rec.captured, seeds)
        if mine:
            said.append(T(N_("%(move)s captures %(amount)s"), move=move, amount=took))
        else:
            said.append(T(N_("their %(move)s captures %(amount)s"), move=move, amount=took))
    if rec.extra_turn and not rec.ended:  # only where the stores are on the sowing path
        if mine:
            said.append(T(N_("%(move)s ends in the store, so you move again"), move=move))
        else:
            said.append(T(N_("their %(move)s ends in the store, so they move again"), move=move))
    if rec.ended:
        if mine:
            said.append(T(N_("%(move)s ends the game"), move=move))
        else:
            said.append(T(N_("their %(move)s ends the game"), move=move))
    return said


def events(records: list[MoveRecord], me: int, seeds: str) -> Text:
    """What the moves of the line do, one clause after the other (a quiet line keeps the
    position together)."""
    said = [t for rec in records for t in event(rec, rec.player == me, seeds)]
    if not said:
        return T(N_("it keeps your position together"))
    joined = said[-1]
    for before in reversed(said[:-1]):
        # Translators: two clauses of a list of what moves do (the separator your language uses).
        joined = T(N_("%(first)s; %(then)s"), first=before, then=joined)
    return joined


def why_said(
    state: State,
    records: list[MoveRecord],
    played: str,
    played_value: float,
    best_value: float,
    exact: bool,
) -> Text:
    """Why the best move wins, as message ids with their arguments: what its line does, the
    final margin it keeps for the mover against the one the played move leads to."""
    rules, me = state.rules, state.to_move
    assert me is not None and records
    seeds = rules.seed_word
    lost = whole(best_value) - whole(played_value)
    return T(
        N_(
            "In the line, %(line)s. With best play after %(best)s you finish %(best_finish)s; "
            "after %(played)s, which you played, %(played_finish)s: %(lost)s given away."
        ),
        line=events(records, me, seeds),
        best=move_text(records[0]),
        best_finish=finish_said(best_value, seeds, exact),
        played=played,
        played_finish=finish_said(played_value, seeds, exact),
        lost=amount(lost, seeds),
    )


def why_text(
    state: State,
    records: list[MoveRecord],
    played: str,
    played_value: float,
    best_value: float,
    exact: bool,
) -> JSONObject:
    """:func:`why_said` in its stored form (:func:`stored`), said in the reader's language
    when shown (:func:`said`)."""
    return stored(why_said(state, records, played, played_value, best_value, exact))


def finish_said(value: float, seeds: str, exact: bool) -> Text:
    """A final margin as a message id: "3 seeds ahead", "about 1 seed behind", "level"."""
    n = whole(value)
    # Translators: a final margin, as "you finish %(best_finish)s" says it: neither ahead nor
    # behind (and the amounts ahead and behind below).
    if n == 0:
        return T(N_("level")) if exact else T(N_("about level"))
    much = amount(abs(n), seeds)
    if n > 0:
        return T(N_("%(amount)s ahead") if exact else N_("about %(amount)s ahead"), amount=much)
    return T(N_("%(amount)s behind") if exact else N_("about %(amount)s behind"), amount=much)


def finish(value: float, seeds: str, about: str) -> str:
    """A final margin in English words: "3 seeds ahead", "about 1 seed behind", "level"."""
    return english(finish_said(value, seeds, not about))


def check_said(exact: bool, depth: int | None, line_check: str) -> Text:
    """How sure the puzzle's answer is, as it was found: solved to the game's end by the
    analysis, or the depth its search actually reached; and how the line's moves were chosen
    (``line_check``: "exact", "depth N", or "" for a puzzle kept before its line was)."""
    first: Text
    if exact:
        first = T(N_("Exact: the game's analysis solved this position to the end of the game."))
    elif depth is None:
        first = T(N_("An estimate of the game's analysis (its search depth was not kept)."))
    else:
        first = T(
            N_(
                "An estimate: the game's analysis searched %(depth)s plies deep here, not to the "
                "end of the game."
            ),
            depth=depth,
        )
    if not line_check:
        return first
    if line_check == "exact":
        return T(N_("%(first)s Every move of the line keeps the solved value."), first=first)
    return T(
        N_("%(first)s The line's later moves are the engine's search to depth %(depth)s."),
        first=first,
        depth=int(line_check.removeprefix("depth ")),
    )


def check_text(exact: bool, depth: int | None, line_check: str) -> JSONObject:
    """:func:`check_said` in its stored form (:func:`stored`)."""
    return stored(check_said(exact, depth, line_check))


def stored(text: Text) -> JSONObject:
    """A text as the store keeps it: its id and arguments (a counted text its plural id and
    count too), nested texts the same way; no language of its own."""
    args = {k: stored(v) if isinstance(v, Text) else v for k, v in text.args.items()}
    kept: JSONObject = {"id": text.id, "args": args}
    if isinstance(text, Counted):
        kept |= {"plural": text.plural, "num": text.num}
    return kept


def read_back(kept: object) -> Text | str:
    """The text :func:`stored` kept (a string: a puzzle kept before its texts were ids, in
    English; anything else unreadable is shown as its string)."""
    if not isinstance(kept, dict) or not isinstance(kept.get("id"), str):
        return kept if isinstance(kept, str) else str(kept)
    raw = kept.get("args")
    args = {
        str(k): read_back(v) if isinstance(v, dict) else v
        for k, v in (raw.items() if isinstance(raw, dict) else ())
    }
    plural, num = kept.get("plural"), kept.get("num")
    if isinstance(plural, str) and isinstance(num, int):
        return Counted(kept["id"], MappingProxyType(args), plural, num)
    return Text(kept["id"], MappingProxyType(args))


def said(kept: object) -> str:
    """A stored text in the request's language (English outside a request); notation kept left
    to right in a right-to-left sentence. Old stored English is shown as it is."""
    text = read_back(kept)
    if isinstance(text, str):
        return text
    catalog = messages()
    rtl = current().dir == "rtl"

    def shown(name: str, value: object) -> object:
        return f"\u2066{value}\u2069" if rtl and name in NOTATION else value

    return spoken(text, catalog.gettext, catalog.ngettext, shown)
