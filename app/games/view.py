"""A game as JSON for the browser, from the viewer's side: what the page draws and what it may do.

The page computes no rules: whatever it needs to know (legal moves, who may undo, special pits
with their owners, the variant's words, each move's sowing and captures) is sent from here.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import Literal, NotRequired, cast

from typing_extensions import TypedDict

from app.games import clock
from app.games.changes import can_undo, series_after
from app.games.clock import START_SECONDS
from app.games.kept_views import Kept
from app.games.model import Game
from app.store.json_types import JSONObject
from engine import get_variant, variant_names
from engine.agents.levels import level_seconds
from engine.core import SWAP, Rules, State
from engine.notation import move_text, pit_letter
from engine.record import GameRecord
from engine.texts import Text

# The shapes this module sends (typing_extensions.TypedDict: pydantic reads them on Python 3.11
# to write the OpenAPI document, app.contract). A field's docstring is its description.


class Words(TypedDict):
    """The variant's words for the board's parts."""

    store: str
    seeds: str


class SeatView(TypedDict):
    """A seat of a game, from the viewer's side."""

    seat: int
    kind: Literal["human", "computer"]
    name: str
    """how the seat is named to you: its player's name ("Ana (you)" for your own seat between
    devices) or a default ("You", "Opponent", "Player 1", "Computer (Easy)", "Waiting for a
    friend")"""
    player_name: str | None
    """the name its player gave, verbatim, or null"""
    open: bool
    """a human seat nobody has taken yet"""
    level: str | None
    algorithm: str | None
    yours: bool
    seen_ago: NotRequired[float | None]
    """between devices only: seconds since the seat's browser was last seen"""
    connected: NotRequired[bool]
    """between devices only: whether the seat's browser is connected"""


class SpecialPit(TypedDict):
    """A special pit (a tuzdyk): its board index, owner and kind."""

    pit: int
    owner: int
    kind: str


class MoveRecordView(TypedDict):
    """What one move did (the engine's MoveRecord as JSON)."""

    player: int
    pit: int
    sown: list[int]
    """board indices, in sowing order"""
    lifted: list[tuple[int, int]]
    """[board index, seeds] lifted to sow on (relay sowing)"""
    captures: list[tuple[int, int]]
    """[board index, seeds] the mover took"""
    captured: int
    opponent_captures: list[tuple[int, int]]
    """[board index, seeds] the opponent took during the move"""
    extra_turn: bool
    ended: bool
    banked: list[int]
    """seeds banked at the end, by seat"""
    end_reason: str
    end_kind: str | None
    """the rule that ended the game with this move (e.g. "row_empty"), else null"""


class DecisionView(TypedDict):
    """A computer's (or a hint's) decision; a search may add fields of its own."""

    move: int
    value: NotRequired[float | None]
    depth: NotRequired[int | None]
    nodes: NotRequired[int]
    pv: NotRequired[list[int]]
    move_values: NotRequired[dict[str, float]]
    """each legal pit's value, in seeds"""
    seconds: NotRequired[float]
    agent: NotRequired[str]
    exact: NotRequired[bool]
    upper_bounds: NotRequired[list[int]]
    """the pits whose value is an upper bound: proved no better than the move played"""
    random: NotRequired[bool]
    """the level played a deliberate slip"""


class MoveView(TypedDict):
    """A move of a game as the page shows it."""

    ply: int
    turn: int
    """a player's extra-turn moves share one turn"""
    player: int
    pit: int
    letter: str
    """the pit's letter ("" for a swap)"""
    swap: bool
    """the pie rule's swap of sides (no pit played)"""
    notation: str
    record: MoveRecordView
    board: list[int]
    """the board after the move"""
    decision: DecisionView | None


class ResultView(TypedDict):
    """The result of a game that is over, from the viewer's side."""

    winner: int | None
    """null: a draw"""
    by: Literal["rules", "resignation", "time", "aborted", "agreement"]
    scores: list[int]
    captured: list[int]
    """each store before the end banked the rows"""
    banked: list[int]
    """seeds left on each row counted for its owner"""
    text: str
    """one line, e.g. You won, 30–18"""
    detail: str


class SeriesView(TypedDict):
    """The score across rematches, this game counted once over."""

    wins: list[int]
    draws: int
    games: int
    text: str
    """e.g. You 2 – 1 Ben"""


class TournamentLink(TypedDict):
    """The tournament a game belongs to, as a link back to it."""

    id: str
    name: str
    url: str
    round: NotRequired[int | None]
    """on a player's page: the round the game was played in"""


class StartWait(TypedDict):
    """The first-move window of the player to move, as of server_time_ms: when it closes the
    game is aborted without a result."""

    seat: int
    left_ms: int


class StartPosition(TypedDict):
    """A position set up by hand that a game starts from."""

    board: list[int]
    """seeds per pit and store"""
    to_move: int
    extra: NotRequired[list[int]]
    """Toguz Kumalak: each player's tuzdyk as a board index, or -1"""


class Rematch(TypedDict):
    """A rematch offered (game null) or agreed (the new game's id)."""

    by: int
    game: str | None


class EndWords(TypedDict):
    """Why the rules ended a game, in no language: a message id and its arguments."""

    id: str
    """the message id, English with %(name)s placeholders ("a store holds %(count)s")"""
    args: dict[str, int | str]
    """the values of its placeholders"""


class GameView(TypedDict):
    """A game as the server sends it to one viewer: everything the page draws and may do."""

    id: str
    version: int
    variant: str
    title: str
    summary: str
    options: JSONObject
    pits: int
    stores_on_path: bool
    stores: list[int]
    """the board indices of the two stores"""
    words: Words
    letters: list[list[str]]
    """each player's pit letters, letters[player][pit]"""
    board_help: str
    mode: Literal["computer", "local", "remote", "watch"]
    seats: list[SeatView]
    you: list[int]
    """the viewer's seats"""
    first_player: int
    extra: list[int]
    extra_text: str
    special_pits: list[SpecialPit]
    initial_board: list[int]
    start: StartPosition | None
    """a position set up by hand, else null"""
    board: list[int]
    to_move: int | None
    legal_moves: list[int]
    """empty while a seat waits for its player"""
    can_swap: bool
    """the pie rule: the player to move may swap sides (post swap_move as the pit) instead"""
    swap_move: int
    your_turn: bool
    scores: list[int]
    status: Literal["playing", "over"]
    winner: int | None
    resigned: int | None
    end_reason: str
    """why the game ended, in words ("" while it goes on)"""
    end_words: EndWords | None
    """how the rules ended it as a message id and its arguments, for the page to say in its
    language (null unless the rules ended the game)"""
    ended_by: Literal["rules", "resignation", "time", "aborted", "agreement"] | None
    """how the game ended: the rules, a resignation, time, an abort or a draw agreed (null in
    play); the rule that ended it is the last move's record.end_kind"""
    flagged: int | None
    """the seat that ran out of time (and lost)"""
    result: ResultView | None
    series: SeriesView | None
    rated: bool
    """counts for the ratings"""
    tournament: TournamentLink | None
    hints: bool
    """hints allowed"""
    hints_used: list[int]
    """hints given to each seat (games between people)"""
    clock: clock.ClockView | None
    server_time_ms: int
    """the server's time of this answer (ms since 1970)"""
    can_undo: bool
    undo_asks: bool
    thinking: bool
    think_seconds: float | None
    paused: bool
    delay: float
    moves: list[MoveView]
    last_decision: DecisionView | None
    takeback: int | None
    """the seat asking to take back its last move, or null"""
    rematch: Rematch | None
    """a rematch offered or agreed, or null"""
    draw_offer: int | None
    """the seat offering a draw, waiting for an answer"""
    can_offer_draw: bool
    can_abort: bool
    waiting_for_seat: bool
    """between two devices, a seat is open: nobody moves until both seats are taken"""
    start_wait: StartWait | None
    can_join: bool
    updated: float
    expires: JSONObject
    """when the game is deleted if nobody changes it: at (seconds since 1970), in_words and
    text"""


class GameLine(TypedDict):
    """A line of the "your games" list."""

    id: str
    variant: str
    title: str
    mode: str
    opponent: str
    opponent_level: str | None
    """the opponent's level when it is the computer (the page names it in its language)"""
    players: list[str]
    named: bool
    moves: int
    scores: list[int]
    status: str
    """your turn, waiting, aborted, draw, you won, you lost, or a name and won"""
    over: bool
    updated: float
    url: str
    expires: NotRequired[JSONObject]


class VariantView(TypedDict):
    """A variant of the engine's registry with its rule options, for menus."""

    name: str
    title: str
    summary: str
    pits: int
    options: dict[str, JSONObject]
    """each rule option: its kind, default and choices"""
    rules: list[str]
    """the rules, one line each"""
    board_help: str


def seat_name(game: Game, seat: int, mine: list[int]) -> str:
    """How a seat is named to the viewer: its player's name ("Ana (you)") or a default."""
    info = game.seats[seat]
    if info.is_computer and info.name:  # an agent of the lab, named by its spec
        return info.name
    if info.is_computer:
        number = f" {seat + 1}" if game.mode == "watch" else ""
        return f"Computer{number} ({str(info.level).capitalize()})"
    if game.mode == "local":
        return info.name or f"Player {seat + 1}"
    if seat in mine:
        return f"{info.name} (you)" if info.name else "You"
    if info.is_open:
        return "Waiting for a friend"
    if info.name:
        return info.name
    return "Opponent" if mine else f"Player {seat + 1}"


_move_lists: OrderedDict[tuple[str, int], list[MoveView]] = OrderedDict()
_move_lists_lock = threading.Lock()
MOVE_LISTS_KEPT = 256

Basis = tuple[str, dict[str, object], int, State]
"""What a game's moves are played from: its variant, options, first player and start."""

_latest_lists: OrderedDict[str, tuple[Basis, list[MoveView]]] = OrderedDict()
"""Each game's latest move list built, with what it was played from: the next version's list
is this one extended (its entries shared), not rebuilt."""


def move_list(game: Game) -> list[MoveView]:
    """Every move of the game as the browser shows it (the same for every viewer), each with its
    turn number: a player's extra-turn moves share one turn.

    Kept per (game, version) for the players and spectators reading that version; the list
    is shared, so callers must not change it (nor its entries).  A version's list is the
    game's latest list built, extended: the entries of the moves both lists share (the same
    variant, options, first player and start, the same pits and the same decisions) are that
    list's own objects, only the moves after them built anew.
    """
    key = (game.id, game.version)
    with _move_lists_lock:
        found = _move_lists.get(key)
        latest = _latest_lists.get(game.id)
    if found is not None and len(found) == len(game.record.moves):
        return found
    record = game.record
    rules = record.rules
    basis: Basis = (rules.name, dict(rules.options), record.first_player, record.states[0])
    decisions = game.data.get("decisions", {})
    records = record.records
    moves: list[MoveView] = []
    if latest is not None and latest[0] == basis:
        for ply, entry in enumerate(latest[1][: len(records)]):  # the moves both share
            if entry["pit"] != records[ply].pit or entry["decision"] != decisions.get(str(ply)):
                break
            moves.append(entry)
    states = record.states
    turn = moves[-1]["turn"] if moves else 0
    for ply in range(len(moves), len(records)):
        rec = records[ply]
        if ply == 0 or records[ply - 1].player != rec.player:
            turn += 1
        moves.append(
            {
                "ply": ply,
                "turn": turn,
                "player": rec.player,
                "pit": rec.pit,
                "letter": "" if rec.pit == SWAP else pit_letter(rec.player, rec.pit),
                "swap": rec.pit == SWAP,
                "notation": move_text(rec),
                "record": cast(MoveRecordView, rec.to_dict()),  # the engine's JSON
                "board": list(states[ply + 1].board),
                "decision": decisions.get(str(ply)),
            }
        )
    if game.version > 0:  # (a stored version; unsaved games are never kept)
        with _move_lists_lock:
            _move_lists[key] = moves
            while len(_move_lists) > MOVE_LISTS_KEPT:
                _move_lists.popitem(last=False)
            _latest_lists[game.id] = (basis, moves)
            _latest_lists.move_to_end(game.id)
            while len(_latest_lists) > MOVE_LISTS_KEPT:
                _latest_lists.popitem(last=False)
    return moves


def end_words(record: GameRecord) -> EndWords | None:
    """How the rules ended the game (its last move's ending), as a message id and its
    arguments; None while it goes on."""
    last = record.records[-1] if record.records else None
    if last is None or not last.ended:
        return None
    said = last.end_said or Text(last.end_reason)
    return {"id": said.id, "args": {k: v for k, v in said.args.items() if isinstance(v, int | str)}}


def end_reason(game: Game, mine: list[int]) -> str:
    """Why the game ended, in words ("" while it goes on)."""
    if game.aborted is not None:
        return aborted_words(game, mine)
    if game.drawn:
        return "a draw was agreed"
    if game.resigned is not None:
        return f"{seat_name(game, game.resigned, mine)} resigned"
    if game.flagged is not None:
        return f"{seat_name(game, game.flagged, mine)} ran out of time"
    records = game.record.records
    if records and records[-1].ended:
        return records[-1].end_reason
    return ""


def aborted_words(game: Game, mine: list[int]) -> str:
    """Why an aborted game was called off: "Ben aborted the game", "Ben made no first move
    within 30 s"."""
    aborted = game.aborted or {}
    if aborted.get("by") is not None:
        return f"{who(game, int(aborted['by']), mine, capital=True)} aborted the game"
    late = aborted.get("late")
    if late is None:
        return "the game was aborted"
    seconds = float(aborted.get("seconds", START_SECONDS))
    return f"{who(game, int(late), mine, capital=True)} made no first move within {seconds:g} s"


def viewer_seat(mine: list[int]) -> int | None:
    """The seat whose side the words take ("you"): the viewer's only seat, else None (a
    spectator, or two players on one screen)."""
    return mine[0] if len(mine) == 1 else None


def who(game: Game, seat: int, mine: list[int], capital: bool = False) -> str:
    """A seat in a sentence: "you" for the viewer's own, else its name ("Ben", "Opponent")."""
    if seat == viewer_seat(mine):
        return "You" if capital else "you"
    name = seat_name(game, seat, mine)
    if name == "Opponent":
        return "Your opponent" if capital else "your opponent"
    return name


def standing(game: Game, scores: Sequence[object], mine: list[int]) -> str:
    """Both scores with their owners, the viewer's first: "you 3, Ben 2"."""
    me = viewer_seat(mine)
    order = [me, 1 - me] if me is not None else [0, 1]
    return ", ".join(f"{who(game, seat, mine)} {scores[seat]}" for seat in order)


def counted(n: int, word: str) -> str:
    """A number of seeds in words, singular for one: "1 seed", "4 seeds" (the variant's word
    is plural: "seeds", "stones")."""
    return f"{n} {word[:-1] if n == 1 and word.endswith('s') else word}"


def result(game: Game, mine: list[int]) -> ResultView | None:
    """The result of a game that is over, in data and in words from the viewer's side: the
    winner (None for a draw), how it ended, the scores, what each side captured and what the
    end banked, a one-line ``text`` ("You won, 30–18") and a ``detail`` sentence or two."""
    by = game.ended_by
    if by is None:
        return None
    rules = game.record.rules
    state = game.record.state
    records = game.record.records
    scores = list(state.scores)
    winner = game.winner()
    me = viewer_seat(mine)
    banked = [0, 0]
    if by == "rules" and records and records[-1].ended:
        banked = list(records[-1].banked)
    captured = [scores[i] - banked[i] for i in (0, 1)]
    seeds = rules.seed_word
    if by == "rules":
        if winner is None:
            text = f"Draw, {scores[0]}–{scores[1]}"
        else:
            mine_first = me if me is not None else winner
            a, b = scores[mine_first], scores[1 - mine_first]
            if me is None:
                text = f"{who(game, winner, mine, capital=True)} won, {a}–{b}"
            else:
                text = f"You {'won' if winner == me else 'lost'}, {a}–{b}"
        details = []
        left = sum(state.board) - sum(scores)
        if any(banked):
            kept = "In the stores" if rules.has_stores_on_path else "Captured"
            were = "was counted for its" if sum(banked) == 1 else "were counted for their"
            details.append(
                f"{kept}: {standing(game, captured, mine)}; the {counted(sum(banked), seeds)} "
                f"left on the rows {were} row's owner "
                f"({standing(game, [f'+{n}' for n in banked], mine)})."
            )
        elif left:
            count = "counts" if left == 1 else "count"
            details.append(f"The {counted(left, seeds)} left on the rows {count} for nobody.")
        detail = " ".join(details)
    elif by == "aborted":
        text = "Game aborted: no result"
        detail = f"{end_reason(game, mine)[:1].upper()}{end_reason(game, mine)[1:]}."
    elif by == "agreement":
        text = f"Draw agreed, {scores[0]}–{scores[1]}"
        if me is not None:
            text = f"Draw agreed, {scores[me]}–{scores[1 - me]}"
        detail = f"Scores when the draw was agreed: {standing(game, scores, mine)}."
    else:
        loser = game.resigned if by == "resignation" else game.flagged
        assert loser is not None
        how = "resigned" if by == "resignation" else "ran out of time"
        if loser == me:
            text = f"You {how}: you lost"
        else:  # "You won: Ben resigned", "Ana won: Ben ran out of time"
            text = f"{who(game, 1 - loser, mine, capital=True)} won: {who(game, loser, mine)} {how}"
        if not game.record.moves:
            detail = "No move had been played."
        else:
            when = "at the resignation" if by == "resignation" else "when time ran out"
            detail = f"Scores {when}: {standing(game, scores, mine)}."
    return {
        "winner": winner,
        "by": by,
        "scores": scores,
        "captured": captured,
        "banked": banked,
        "text": text,
        "detail": detail,
    }


def series(game: Game, mine: list[int]) -> SeriesView | None:
    """The score of the series of rematches this game belongs to, this game counted once it is
    over ("Ana 2 – 1 Ben"); None before any game of it has finished."""
    after = series_after(game)
    wins, draws = after["wins"], after["draws"]
    if not sum(wins) + draws:
        return None
    me = viewer_seat(mine)
    a, b = (me, 1 - me) if me is not None else (0, 1)
    text = f"{who(game, a, mine, capital=True)} {wins[a]} – {wins[b]} {who(game, b, mine)}"
    if draws:
        text += f" ({draws} draw{'s' if draws > 1 else ''})"
    return {"wins": wins, "draws": draws, "games": sum(wins) + draws, "text": text}


def extra_text(rules: Rules, state: State) -> str:
    """What a variant keeps beside the board, in words (e.g. Toguz Kumalak's tuzdyks)."""
    return rules.extra_text(state.extra) if state.extra else ""


def words(rules: Rules) -> Words:
    """The variant's words for the board's parts."""
    return {"store": rules.store_word, "seeds": rules.seed_word}


def letters(rules: Rules) -> list[list[str]]:
    """Each player's pit letters in sowing order, as the notation writes them: ``letters[p][i]``
    is player p's pit i (A, B, ... for player 0; a, b, ... for player 1)."""
    return [[pit_letter(player, pit) for pit in range(rules.pits)] for player in (0, 1)]


def board_help(rules: Rules) -> str:
    """One sentence on how the board reads, true for the variant."""
    seeds = rules.seed_word.capitalize()
    if rules.has_stores_on_path:
        return (
            f"{seeds} are sown counter-clockwise; your {rules.store_word} is at the right end of "
            "your row (the bottom one), your opponent's at the left (on a narrow screen: yours "
            "below the board, theirs above)."
        )
    return (
        f"{seeds} are sown counter-clockwise around both rows (yours is the bottom one, or the "
        "left one where a narrow screen stands the board on its end); the "
        f"{rules.seed_word} each player takes are counted in their {rules.store_word}, "
        "beside the board (on a narrow screen: yours below it, theirs above)."
    )


def tournament_of(game: Game) -> TournamentLink | None:
    """The tournament a game belongs to, as a link back to it (None outside tournaments)."""
    found = game.data.get("tournament")
    if not isinstance(found, dict) or not isinstance(found.get("id"), str):
        return None
    return {
        "id": found["id"],
        "name": str(found.get("name", "")),
        "url": f"/tournaments/{found['id']}",
    }


_shared_parts: Kept[JSONObject] = Kept(lambda part: 2048 + 512 * len(part["moves"]))
"""Each version's shared part (:func:`shared_part`), by (game id, version, last change, moves)."""

OWN_FIELDS = (
    "seats",
    "you",
    "your_turn",
    "end_reason",
    "result",
    "series",
    "can_undo",
    "can_offer_draw",
    "can_abort",
    "can_join",
    "clock",
    "server_time_ms",
    "start_wait",
    "expires",
)
"""The fields of a game's answer that are the viewer's own or depend on the time of asking;
every other field is the same for every viewer of a version (:func:`shared_part`)."""


def shared_key(game: Game) -> tuple[str, int, float, int]:
    """What names one version of a game in this process: its id, version, last change and moves
    (a record a move was pushed onto in place is not its stored version)."""
    return (game.id, game.version, game.updated, len(game.record.moves))


def view(game: Game, owner: str | None, expires: JSONObject) -> GameView:
    """Everything a browser needs to draw the game, from the viewer's side; ``expires``: when it
    is deleted if nobody changes it (:func:`app.upkeep.maintenance.notice`).  The fields of
    :func:`shared_part` and of :func:`own_part`; the nested lists of the shared part are shared:
    replace them, never change them."""
    return cast(GameView, {**shared_part(game), **own_part(game, owner, expires)})


def shared_part(game: Game) -> JSONObject:
    """The fields of a game's answer every viewer of its version is sent (no viewer's name, no
    time of asking, no word of the request's language), kept per version
    (:mod:`app.games.kept_views`); shared: callers must not change it."""
    if game.version <= 0:  # an unsaved game is never kept
        return build_shared(game)
    return _shared_parts.get_or_make(shared_key(game), lambda: build_shared(game))


def build_shared(game: Game) -> JSONObject:
    """The shared part of a game's answer (:func:`shared_part`), built."""
    record = game.record
    rules = record.rules
    state = record.state
    moves = move_list(game)
    mover = game.to_move
    computer = game.computer_to_move()
    last_decision = next((m["decision"] for m in reversed(moves) if m["decision"]), None)
    playable = mover is not None and not game.waiting_for_seat  # nobody moves before both sit
    return {
        "id": game.id,
        "version": game.version,
        "variant": rules.name,
        "title": rules.title,
        "summary": rules.summary,
        "options": dict(rules.options),
        "pits": rules.pits,
        "stores_on_path": bool(type(rules).has_stores_on_path),
        "stores": [rules.store0, rules.store1],
        "words": cast(JSONObject, words(rules)),
        "letters": letters(rules),
        "board_help": board_help(rules),
        "mode": game.mode,
        "first_player": record.first_player,
        "extra": list(state.extra),
        "extra_text": extra_text(rules, state),
        "special_pits": [
            {"pit": pit, "owner": owner_seat, "kind": kind}
            for pit, owner_seat, kind in rules.special_pits(state.extra)
        ],
        "initial_board": list(record.states[0].board),
        "start": game.data.get("start"),  # a game from a position set up by hand, else None
        "board": list(state.board),
        "to_move": mover,
        "legal_moves": list(state.legal_moves()) if playable else [],
        "can_swap": playable and state.can_swap,  # the pie rule: the mover may swap sides
        "swap_move": SWAP,
        "scores": list(state.scores),
        "status": "over" if game.over else "playing",
        "winner": game.winner() if game.over else None,
        "resigned": game.resigned,
        "ended_by": game.ended_by,
        "end_words": end_words(record) if game.ended_by == "rules" else None,
        "flagged": game.flagged,
        "rated": bool(game.data.get("rated")),
        "tournament": cast(JSONObject | None, tournament_of(game)),
        "hints": game.data.get("hints", True),
        "hints_used": list(game.data.get("hints_used") or [0, 0]),
        "undo_asks": game.mode == "remote",
        "thinking": computer is not None,
        "think_seconds": level_seconds(str(computer.level)) if computer else None,
        "paused": bool(game.data.get("paused")),
        "delay": game.data.get("delay", 0.0),
        "moves": cast(list[JSONObject], moves),
        "last_decision": cast(JSONObject | None, last_decision),
        "takeback": game.data.get("takeback"),
        "rematch": game.data.get("rematch"),
        "draw_offer": None if game.over else game.data.get("draw_offer"),
        "waiting_for_seat": game.waiting_for_seat,
        "updated": game.updated,
    }


def own_part(game: Game, owner: str | None, expires: JSONObject) -> JSONObject:
    """The fields of a game's answer that are the viewer's own (``OWN_FIELDS``): the seats'
    names, what the viewer may do, the result in their words, and what depends on now (the
    clock, the first-move window, when the game is deleted)."""
    mine = game.seats_of(owner)
    mover = game.to_move
    now = time.time()
    playable = mover is not None and not game.waiting_for_seat
    return {
        "seats": [
            {
                "seat": i,
                "kind": s.kind,
                "name": seat_name(game, i, mine),
                "player_name": s.name,
                "open": s.is_open,
                "level": s.level,
                "algorithm": s.algorithm,
                "yours": i in mine,
            }
            for i, s in enumerate(game.seats)
        ],
        "you": cast(list[object], mine),
        "your_turn": playable and mover in mine,
        "end_reason": end_reason(game, mine),
        "result": cast(JSONObject | None, result(game, mine)),
        "series": cast(JSONObject | None, series(game, mine)),
        "can_undo": can_undo(game, mine),
        "can_offer_draw": can_offer_draw(game, mine),
        "can_abort": bool(mine) and game.abortable,
        "can_join": not mine and game.has_open_seat,
        "clock": cast(JSONObject | None, clock.view(game.data.get("clock"), now)),
        "server_time_ms": round(now * 1000),
        "start_wait": cast(JSONObject | None, start_wait(game, now)),
        "expires": expires,
    }


def can_offer_draw(game: Game, mine: list[int]) -> bool:
    """Whether the viewer may offer a draw: one seat of a game between two devices in play,
    both seats taken, no offer waiting."""
    return (
        game.mode == "remote"
        and len(mine) == 1
        and not game.over
        and not game.has_open_seat
        and game.data.get("draw_offer") is None
    )


def start_wait(game: Game, now: float) -> StartWait | None:
    """The first-move window of the player to move, if one is open: their seat and the
    milliseconds left as of ``server_time_ms``."""
    window = game.data.get("start_wait")
    left = clock.seconds_to_start(window, now)
    if game.over or window is None or left is None:
        return None
    return {"seat": int(window["seat"]), "left_ms": round(left * 1000)}


def summary(game: Game, owner: str | None) -> GameLine:
    """A line for the "your games" list."""
    mine = game.seats_of(owner)
    opponents = [seat_name(game, i, mine) for i in range(2) if i not in mine]
    levels = [
        str(s.level)
        for i, s in enumerate(game.seats)
        if i not in mine and s.is_computer and not s.name
    ]
    winner = game.winner() if game.over else None
    if not game.over:
        status = "your turn" if game.to_move in mine and not game.waiting_for_seat else "waiting"
    elif game.aborted is not None:
        status = "aborted"
    elif winner is None:
        status = "draw"
    elif game.mode == "local":
        status = f"{seat_name(game, winner, mine)} won"
    else:
        status = "you won" if winner in mine else "you lost"
    return {
        "id": game.id,
        "variant": game.record.rules.name,
        "title": game.record.rules.title,
        "mode": game.mode,
        "opponent": opponents[0] if opponents else "each other",
        "opponent_level": levels[0] if len(opponents) == 1 and levels else None,
        "players": [seat_name(game, i, mine) for i in range(2)],
        "named": any(s.name for s in game.seats),
        "moves": len(game.record.moves),
        "scores": list(game.record.state.scores),
        "status": status,
        "over": game.over,
        "updated": game.updated,
        "url": f"/game/{game.id}",
    }


def variants_payload() -> list[VariantView]:
    """Every variant of the engine's registry with its rule options, for menus."""
    out: list[VariantView] = []
    for name in variant_names():
        rules = get_variant(name)
        out.append(
            {
                "name": name,
                "title": rules.title,
                "summary": rules.summary,
                "pits": rules.pits,
                "options": type(rules).option_specs(),
                "rules": type(rules).rules_text(),
                "board_help": board_help(rules),
            }
        )
    return out
