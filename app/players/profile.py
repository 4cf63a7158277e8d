"""A player's page as data: ratings per pool with their history, games (filtered by variant,
result and opponent), the record against each opponent, and the games in play; and the
leaderboard of each pool.  The pages (HTML) and the API (JSON) both draw from these.

A player's games are the games their device holds one seat of (a game on one screen, with
both seats, is not theirs against anyone), newest first, as long as the store keeps them
(finished games expire after some days; ratings and their history are kept).  Each game is
named by its *kind* (:func:`kind_of`): the game, its board where the game's board may be
chosen, and any rule changed from the standard ("Kalah 4×3", "Kalah 6×4 (empty capture)"),
so that two sizes of Kalah are told apart in the list and the filter; with the date it was
last played and, for a tournament's game, its tournament and round.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from typing_extensions import TypedDict

from app.games.errors import BadInput
from app.games.model import Game
from app.games.player_names import PlayerNames
from app.games.service import Games
from app.games.view import TournamentLink, tournament_of
from app.players.names import key_of
from app.ratings.pools import pool_of, title_of
from app.ratings.shown import shown, signed
from app.ratings.store import Change, KeptRating, RatingTables
from app.store.base import GameStore
from engine import get_variant
from engine.core import Rules

GAMES_READ = 300  # the most recent games of a device a page looks through
RESULTS = ("win", "loss", "draw")
SIZE_OPTIONS = ("pits", "seeds")  # a board's size, named in the kind where it may be chosen
KIND_LENGTH = 200  # the longest kind a filter takes (a real one is far shorter)


class Kind(TypedDict):
    """A game's kind: a key for the filter, a title, the rules changed in words."""

    kind: str
    """e.g. kalah-4x3, kalah-6x4+empty_capture=True"""
    title: str
    """e.g. Kalah 6×4 (empty capture)"""
    rules: list[str]


class Played(TypedDict):
    """When a game was last played."""

    at: float
    """seconds since 1970"""
    iso: str
    """UTC, for a <time>"""
    text: str
    """in the host's time, e.g. 28 Nov 2026, 21:05 (the page shows the device's own)"""


class RatingLine(TypedDict):
    """A kept rating as shown: whole points, "?" when provisional."""

    pool: str
    title: str
    rating: int
    deviation: int
    text: str
    """e.g. 1532?"""
    provisional: bool
    games: int


class PlayerGame(TypedDict):
    """A game from the player's side."""

    id: str
    url: str
    variant: str
    title: str
    kind: str
    kind_title: str
    house_rules: list[str]
    played: Played
    tournament: TournamentLink | None
    pool: str
    rated: bool
    seat: int
    opponent: str
    opponent_player: str | None
    opponent_url: str | None
    result: Literal["win", "loss", "draw", "aborted"] | None
    """null while the game goes on"""
    ended_by: Literal["rules", "resignation", "time", "aborted", "agreement"] | None
    scores: list[int]
    """the player's first"""
    moves: int
    rating_change: int | None
    rating_change_text: str | None
    updated: float


class RecordLine(TypedDict):
    """Wins, losses and draws against one named opponent."""

    opponent: str
    url: str | None
    win: int
    loss: int
    draw: int
    games: int


class Point(TypedDict):
    """A rating after a rated game (game null: the rating before the first)."""

    at: float
    rating: int
    game: str | None


class History(TypedDict):
    """A pool's rating after each rated game."""

    pool: str
    title: str
    points: list[Point]


class FiltersShown(TypedDict):
    """The filters a player's game list is narrowed to (null: any)."""

    variant: str | None
    result: str | None
    opponent: str | None
    kind: str | None


class Choice(TypedDict):
    """A variant to filter by."""

    name: str
    title: str


class KindChoice(TypedDict):
    """A kind of game to filter by."""

    kind: str
    title: str


class Choices(TypedDict):
    """What the filters offer: the player's variants, kinds, results and opponents."""

    variants: list[Choice]
    kinds: list[KindChoice]
    results: list[str]
    opponents: list[str]


class Profile(TypedDict):
    """Everything a player's page shows."""

    name: str
    url: str
    ratings: list[RatingLine]
    history: list[History]
    current: list[PlayerGame]
    """the games in play"""
    games: list[PlayerGame]
    """the finished games the filters keep, newest first"""
    filters: FiltersShown
    choices: Choices
    records: list[RecordLine]


class Leader(RatingLine):
    """A player of a pool's leaderboard."""

    rank: int
    name: str
    url: str


class PoolBoard(TypedDict):
    """A pool's players by rating."""

    pool: str
    title: str
    players: list[Leader]


@dataclass(frozen=True)
class Filters:
    """What a player's game list is narrowed to (None: any)."""

    variant: str | None = None
    result: str | None = None
    opponent: str | None = None
    kind: str | None = None


def rule_words(option: str, value: object) -> str:
    """A rule changed from the standard, in words: "pie rule", "no capture", "empty
    capture", "leftovers: none"."""
    name = option.replace("_", " ")
    if option == "pie":
        return "pie rule" if value else "no pie rule"
    if isinstance(value, bool):
        return name if value else f"no {name}"
    return f"{name}: {str(value).replace('_', ' ')}"


def kind_of(rules: Rules) -> Kind:
    """A game's kind (see the module docstring): ``kind``, a key for the filter ("kalah-4x3",
    "kalah-6x4+empty_capture=True"); ``title``, as a person reads it ("Kalah 4×3", "Kalah 6×4
    (empty capture)"); ``rules``, the rules changed from the standard, in words."""
    options = dict(rules.options)
    standard = dict(get_variant(rules.name).options)
    key, title = rules.name, rules.title
    if all(o in options for o in SIZE_OPTIONS):
        key += f"-{options['pits']}x{options['seeds']}"
        title += f" {options['pits']}×{options['seeds']}"
    changed = sorted(
        (k, v) for k, v in options.items() if k not in SIZE_OPTIONS and standard.get(k) != v
    )
    words = [rule_words(k, v) for k, v in changed]
    if changed:
        key += "+" + ",".join(f"{k}={v}" for k, v in changed)
        title += f" ({', '.join(words)})"
    return {"kind": key, "title": title, "rules": words}


def kind_arg(value: str | None) -> str | None:
    """A kind to filter by, as a query sends it (None: any); too long a one is refused (a kind
    no game has just finds nothing)."""
    if value is not None and len(value) > KIND_LENGTH:
        raise BadInput("'kind' is a kind of game as the page lists it (e.g. kalah-4x3)")
    return value or None


def when(at: float) -> Played:
    """When a game was last played: ``at`` (seconds), ``iso`` (UTC, for a ``<time>``) and
    ``text`` in the host's time ("28 Nov 2026, 21:05"; the page shows the device's own)."""
    moment = datetime.fromtimestamp(at, UTC)
    local = time.localtime(at)
    return {
        "at": at,
        "iso": moment.isoformat(timespec="seconds").replace("+00:00", "Z"),
        "text": time.strftime("%d %b %Y, %H:%M", local).lstrip("0"),
    }


def player_url(name: str) -> str:
    from urllib.parse import quote

    return f"/players/{quote(name, safe='')}"


def rating_line(kept: KeptRating) -> RatingLine:
    """A kept rating as shown: whole points, "?" when provisional."""
    return {
        "pool": kept.pool,
        "title": title_of(kept.pool),
        "rating": round(kept.rating),
        "deviation": round(kept.deviation),
        "text": shown(kept.rating, kept.deviation),
        "provisional": shown(kept.rating, kept.deviation).endswith("?"),
        "games": kept.games,
    }


def result_of(game: Game, seat: int) -> Literal["win", "loss", "draw", "aborted"] | None:
    """The game's result for ``seat``: win, loss, draw, aborted; None while it goes on."""
    if not game.over:
        return None
    if game.aborted is not None:
        return "aborted"
    winner = game.winner()
    if winner is None:
        return "draw"
    return "win" if winner == seat else "loss"


def game_line(
    game: Game, device: str, names: dict[str, str], changes: dict[str, Change]
) -> PlayerGame | None:
    """A game from the player's side; None if they hold both seats or none."""
    mine = game.seats_of(device)
    if len(mine) != 1:
        return None
    seat = mine[0]
    other = game.seats[1 - seat]
    player = None
    if other.is_computer:
        opponent = f"Computer ({other.level})"
    elif other.owner is None:
        opponent = "(a free seat)"
    else:
        player = names.get(other.owner)
        opponent = player or other.name or "Anonymous"
    rules = game.record.rules
    scores = list(game.record.state.scores)
    change = changes.get(game.id)
    delta = None if change is None else round(change.after_rating) - round(change.before_rating)
    kind = kind_of(rules)
    tournament = tournament_of(game)
    if tournament is not None:
        found = game.data.get("tournament")
        played = found.get("round") if isinstance(found, dict) else None
        tournament["round"] = played if isinstance(played, int) else None
    return {
        "id": game.id,
        "url": f"/game/{game.id}",
        "variant": rules.name,
        "title": rules.title,
        "kind": kind["kind"],
        "kind_title": kind["title"],
        "house_rules": kind["rules"],
        "played": when(game.updated),
        "tournament": tournament,
        "pool": pool_of(rules.name, dict(rules.options)),
        "rated": bool(game.data.get("rated")),
        "seat": seat,
        "opponent": opponent,
        "opponent_player": player,
        "opponent_url": None if player is None else player_url(player),
        "result": result_of(game, seat),
        "ended_by": game.ended_by,
        "scores": [scores[seat], scores[1 - seat]],
        "moves": len(game.record.moves),
        "rating_change": delta,
        "rating_change_text": None if delta is None else signed(delta),
        "updated": game.updated,
    }


def kept_by(line: PlayerGame, filters: Filters) -> bool:
    """Whether a game line passes the filters (an opponent compared as names are)."""
    if filters.variant and line["variant"] != filters.variant:
        return False
    if filters.kind and line["kind"] != filters.kind:
        return False
    if filters.result and line["result"] != filters.result:
        return False
    return not (filters.opponent and key_of(line["opponent"]) != key_of(filters.opponent))


def records(lines: list[PlayerGame]) -> list[RecordLine]:
    """Wins, losses and draws against each named opponent, most games first."""
    found: dict[str, RecordLine] = {}
    for line in lines:
        player, result = line["opponent_player"], line["result"]
        if player is None or result not in RESULTS:
            continue
        row = found.setdefault(
            player,
            {
                "opponent": player,
                "url": line["opponent_url"],
                "win": 0,
                "loss": 0,
                "draw": 0,
                "games": 0,
            },
        )
        row["win"] += result == "win"
        row["loss"] += result == "loss"
        row["draw"] += result == "draw"
        row["games"] += 1
    return sorted(found.values(), key=lambda r: (-r["games"], key_of(r["opponent"])))


def histories(changes: list[Change]) -> list[History]:
    """Each pool's rating after each rated game, from the rating before the first."""
    pools: dict[str, list[Change]] = {}
    for change in changes:
        pools.setdefault(change.pool, []).append(change)
    out: list[History] = []
    for pool, found in sorted(pools.items()):
        points: list[Point] = [
            {"at": found[0].at, "rating": round(found[0].before_rating), "game": None}
        ]
        points += [{"at": c.at, "rating": round(c.after_rating), "game": c.game_id} for c in found]
        out.append({"pool": pool, "title": title_of(pool), "points": points})
    return out


def profile(store: GameStore, games: Games, device: str, name: str, filters: Filters) -> Profile:
    """Everything a player's page shows (see the module docstring)."""
    played = games.games_of(device, GAMES_READ)
    others = {s.owner for g in played for s in g.seats if s.owner and s.owner != device}
    names = PlayerNames(store).names_of(others)
    changes = RatingTables(store).history(device, limit=2000)
    by_game = {c.game_id: c for c in changes}
    lines = [ln for g in played if (ln := game_line(g, device, names, by_game)) is not None]
    finished = [ln for ln in lines if ln["result"] is not None]
    shown_lines = [ln for ln in finished if kept_by(ln, filters)]
    variants = sorted({(ln["variant"], ln["title"]) for ln in finished})
    kinds = sorted({(ln["kind_title"], ln["kind"]) for ln in finished})
    return {
        "name": name,
        "url": player_url(name),
        "ratings": [rating_line(k) for k in RatingTables(store).ratings_of(device)],
        "history": histories(changes),
        "current": [ln for ln in lines if ln["result"] is None],
        "games": shown_lines,
        "filters": {
            "variant": filters.variant,
            "result": filters.result,
            "opponent": filters.opponent,
            "kind": filters.kind,
        },
        "choices": {
            "variants": [{"name": v, "title": t} for v, t in variants],
            "kinds": [{"kind": k, "title": t} for t, k in kinds],
            "results": list(RESULTS),
            "opponents": sorted({ln["opponent"] for ln in finished}, key=key_of),
        },
        "records": records(finished),
    }


def leaderboard(store: GameStore, pool: str | None = None, limit: int = 100) -> list[PoolBoard]:
    """Each pool's players by rating (one pool, or every pool with a rating), provisional
    ratings marked "?"."""
    pools = [pool] if pool is not None else RatingTables(store).pools()
    out: list[PoolBoard] = []
    for name in pools:
        kept = RatingTables(store).pool(name, limit)
        named = PlayerNames(store).names_of(k.device for k in kept)
        players: list[Leader] = [
            {
                **rating_line(k),
                "rank": rank,
                "name": named[k.device],
                "url": player_url(named[k.device]),
            }
            for rank, k in enumerate((k for k in kept if k.device in named), 1)
        ]
        out.append({"pool": name, "title": title_of(name), "players": players})
    return out
