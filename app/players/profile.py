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

from app.games.errors import BadInput
from app.games.model import Game
from app.games.service import Games
from app.games.view import tournament_of
from app.players.names import key_of
from app.ratings.pools import pool_of, title_of
from app.ratings.shown import shown, signed
from app.store.base import GameStore
from app.store.json_types import JSONObject
from app.store.players import Change, KeptRating
from engine import get_variant
from engine.core import Rules

GAMES_READ = 300  # the most recent games of a device a page looks through
RESULTS = ("win", "loss", "draw")
SIZE_OPTIONS = ("pits", "seeds")  # a board's size, named in the kind where it may be chosen
KIND_LENGTH = 200  # the longest kind a filter takes (a real one is far shorter)


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


def kind_of(rules: Rules) -> JSONObject:
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


def when(at: float) -> JSONObject:
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


def rating_line(kept: KeptRating) -> JSONObject:
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


def result_of(game: Game, seat: int) -> str | None:
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
) -> JSONObject | None:
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


def kept_by(line: JSONObject, filters: Filters) -> bool:
    """Whether a game line passes the filters (an opponent compared as names are)."""
    if filters.variant and line["variant"] != filters.variant:
        return False
    if filters.kind and line["kind"] != filters.kind:
        return False
    if filters.result and line["result"] != filters.result:
        return False
    return not (filters.opponent and key_of(line["opponent"]) != key_of(filters.opponent))


def records(lines: list[JSONObject]) -> list[JSONObject]:
    """Wins, losses and draws against each named opponent, most games first."""
    found: dict[str, JSONObject] = {}
    for line in lines:
        player = line["opponent_player"]
        if player is None or line["result"] not in RESULTS:
            continue
        row = found.setdefault(
            player,
            {"opponent": player, "url": line["opponent_url"], "win": 0, "loss": 0, "draw": 0},
        )
        row[line["result"]] += 1
    out = [dict(r, games=r["win"] + r["loss"] + r["draw"]) for r in found.values()]
    return sorted(out, key=lambda r: (-r["games"], key_of(r["opponent"])))


def histories(changes: list[Change]) -> list[JSONObject]:
    """Each pool's rating after each rated game, from the rating before the first."""
    pools: dict[str, list[Change]] = {}
    for change in changes:
        pools.setdefault(change.pool, []).append(change)
    out = []
    for pool, found in sorted(pools.items()):
        points: list[JSONObject] = [
            {"at": found[0].at, "rating": round(found[0].before_rating), "game": None}
        ]
        points += [{"at": c.at, "rating": round(c.after_rating), "game": c.game_id} for c in found]
        out.append({"pool": pool, "title": title_of(pool), "points": points})
    return out


def profile(store: GameStore, games: Games, device: str, name: str, filters: Filters) -> JSONObject:
    """Everything a player's page shows (see the module docstring)."""
    played = games.games_of(device, GAMES_READ)
    others = {s.owner for g in played for s in g.seats if s.owner and s.owner != device}
    names = store.players.names_of(others)
    changes = store.players.history(device, limit=2000)
    by_game = {c.game_id: c for c in changes}
    lines = [ln for g in played if (ln := game_line(g, device, names, by_game)) is not None]
    finished = [ln for ln in lines if ln["result"] is not None]
    shown_lines = [ln for ln in finished if kept_by(ln, filters)]
    variants = sorted({(ln["variant"], ln["title"]) for ln in finished})
    kinds = sorted({(ln["kind_title"], ln["kind"]) for ln in finished})
    return {
        "name": name,
        "url": player_url(name),
        "ratings": [rating_line(k) for k in store.players.ratings_of(device)],
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


def leaderboard(store: GameStore, pool: str | None = None, limit: int = 100) -> list[JSONObject]:
    """Each pool's players by rating (one pool, or every pool with a rating), provisional
    ratings marked "?"."""
    pools = [pool] if pool is not None else store.players.pools()
    out = []
    for name in pools:
        kept = store.players.pool(name, limit)
        named = store.players.names_of(k.device for k in kept)
        players = [
            dict(rating_line(k), rank=rank, name=named[k.device], url=player_url(named[k.device]))
            for rank, k in enumerate((k for k in kept if k.device in named), 1)
        ]
        out.append({"pool": name, "title": title_of(name), "players": players})
    return out
