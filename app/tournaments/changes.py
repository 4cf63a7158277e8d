"""What happens to a tournament, as pure changes: each takes a :class:`Tournament` (and what the
request or the clock says) and gives the next one, or refuses (:class:`NotNow`,
:class:`NotCreator`); none reads the store, the games or the clock (``now`` is given), so the
use cases of :mod:`app.tournaments.service` load, change and save around them, as the games'
use cases do around :mod:`app.games.changes`.

- joining, leaving, seating the computer; the director's start, pause, removal and end;
- :func:`advance`: record the games that ended (:func:`app.tournaments.results.record`) and pair
  what comes next: a round robin's next round from its table, a Swiss round paired now, an
  arena's waiting players at once; a round of only byes and forfeits moves straight on.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.games import new_game_id
from app.games.errors import N_, BadInput, NotCreator, NotNow
from app.players.names import key_of
from app.tournaments import arena, roundrobin, swiss
from app.tournaments.model import Computer, Match, Player, Tournament
from app.tournaments.results import Ended, back, forfeit, points_of, record
from app.tournaments.roundrobin import Pairing

MAX_PLAYERS = 64


@dataclass(frozen=True)
class Removed:
    """A removal: the tournament after it, and the games being played that it called off."""

    tournament: Tournament
    called_off: tuple[str, ...]


# -- entering and leaving ---------------------------------------------------------------------


def join(t: Tournament, owner: str, name: str, most: int = MAX_PLAYERS) -> Tournament:
    """``owner`` joins under ``name`` (``most`` players at most), or comes back (to an arena,
    or before the start)."""
    mine = t.of_owner(owner)
    if mine is not None and mine.state == "removed":
        raise NotNow("the director removed you from this tournament")
    if t.status == "finished":
        raise NotNow("this tournament is over")
    if mine is not None:
        if mine.state == "in":
            raise NotNow("you are in this tournament already")
        if t.status != "open" and t.system != "arena":
            raise NotNow("you left this tournament; only an arena takes players back")
        taken_name([p for p in t.players if p.id != mine.id], name)
        return t.with_player(replace(back(mine), name=name))
    if t.status != "open" and t.system != "arena":
        raise NotNow("this tournament has started: only an arena takes new players")
    taken_name(list(t.players), name)
    return t.with_player(Player(next_id(t, most), name, owner, None))


def add_computer(
    t: Tournament, owner: str, level: str, algorithm: str, most: int = MAX_PLAYERS
) -> Tournament:
    """The director seats the computer at ``level`` and ``algorithm`` (``most`` players at
    most)."""
    director_only(t, owner, N_("seat the computer"))
    if t.status != "open" and t.system != "arena":
        raise NotNow("this tournament has started: only an arena takes new players")
    name = f"Computer ({level}{'' if algorithm == 'minimax' else ', ' + algorithm})"
    same = sum(1 for p in t.players if p.name.startswith(name))
    name = name if same == 0 else f"{name} {same + 1}"
    return t.with_player(Player(next_id(t, most), name, None, Computer(level, algorithm)))


def leave(t: Tournament, owner: str) -> Tournament:
    """Before the start, off the list; once it runs, left (paused in an arena, withdrawn in a
    round robin or Swiss: its games still to pair are lost by forfeit)."""
    mine = t.of_owner(owner)
    if mine is None or mine.state != "in":
        raise NotNow("you are not playing in this tournament")
    if t.status == "open":
        return t.without_player(mine.id)
    return t.with_player(replace(mine, state="left"))


# -- the director ---------------------------------------------------------------------------------


def start(t: Tournament, owner: str, now: float) -> Tournament:
    """The director starts it: a round robin's table drawn, an arena's end set, the first
    games paired."""
    director_only(t, owner, N_("start it"))
    if t.status != "open":
        raise NotNow("this tournament has started already")
    players = [p.id for p in t.players if p.state == "in"]
    if len(players) < 2:
        raise NotNow("a tournament needs at least two players to start")
    t = replace(t, status="running", started=now)
    if t.system == "round_robin":
        table = roundrobin.round_robin(players, int(t.cycles or 1))
        t = replace(t, schedule=tuple(tuple((g.white, g.black) for g in rnd) for rnd in table))
    if t.system == "arena":
        t = replace(t, ends=now + 60.0 * float(t.minutes or 0))
    return advance(t, {}, now)


def pause(t: Tournament, owner: str, paused: bool, now: float) -> Tournament:
    """Pause or resume: paused, nothing new is paired and an arena's countdown stops (its end
    moves on by the pause's length)."""
    director_only(t, owner, N_("pause it"))
    if t.status not in ("running", "paused"):
        raise NotNow("only a running tournament can be paused or resumed")
    if paused and t.status == "running":
        t = replace(t, paused_at=now)
    elif not paused and t.paused_at is not None:
        if t.ends is not None:
            t = replace(t, ends=t.ends + max(0.0, now - t.paused_at))
        t = replace(t, paused_at=None)
    return replace(t, status="paused" if paused else "running")


def remove(t: Tournament, owner: str, player: str, now: float) -> Removed:
    """The director removes ``player``: before the start, off the list; after, removed, the
    game they play and their games ahead lost by forfeit (the game called off)."""
    director_only(t, owner, N_("remove a player"))
    found = [p for p in t.players if p.id == player]
    if not found:
        raise BadInput(N_("there is no player %(player)s in this tournament"), player=repr(player))
    if t.status == "open":
        return Removed(t.without_player(player), ())
    t = t.with_player(replace(found[0], state="removed"))
    hit = [e for e in t.games if e.playing and player in (e.white, e.black)]
    games = [
        forfeit(replace(e, aborted_game=e.game), {player}, now, reason="removed") if e in hit else e
        for e in t.games
    ]
    return Removed(t.with_games(games), tuple(e.game for e in hit if e.game))


def end(t: Tournament, owner: str) -> Tournament:
    """The director ends it now: the games being played still count; nothing more is
    paired."""
    director_only(t, owner, N_("end it"))
    if t.status == "finished":
        raise NotNow("this tournament is over already")
    return replace(t, status="ending")


def director_only(t: Tournament, owner: str | None, what: str) -> None:
    if owner is None or t.director != owner:
        raise NotCreator(N_("only the tournament's director may %(what)s"), what=what)


def next_id(t: Tournament, most: int = MAX_PLAYERS) -> str:
    """A new entrant's id (``p1``, ``p2``…); refused once the tournament has ``most``."""
    if len(t.players) >= most:
        raise NotNow(N_("this tournament is full (%(most)s players)"), most=most)
    used = {p.id for p in t.players}
    n = len(used) + 1
    while f"p{n}" in used:
        n += 1
    return f"p{n}"


def taken_name(players: list[Player], name: str) -> None:
    """Refuse a name that looks like one of ``players``' (compared by skeleton)."""
    if any(key_of(p.name) == key_of(name) for p in players):
        raise NotNow(
            N_("someone in this tournament is called %(name)s already; pick another name"),
            name=repr(name),
        )


# -- pairing the next games (from the results) --------------------------------------------------


def advance(t: Tournament, finished: dict[str, Ended], now: float) -> Tournament:
    """``t`` with the ``finished`` games recorded and what comes next paired (again while a
    round is only byes and forfeits); ``t`` itself if nothing changed."""
    done = record(t, finished, now)
    for _ in range(2 * len(t.players) + 2):
        stepped = step(done, now)
        if stepped is None:
            break
        done = stepped
    return t if done == t else done


def step(t: Tournament, now: float) -> Tournament | None:
    """One step on: finish, or pair the next round (the next arena games); None if none."""
    if t.status in ("open", "finished"):
        return None
    playing = t.playing()
    if t.status == "ending":
        return None if playing else replace(t, status="finished", finished=now)
    if t.system == "arena":
        return arena_step(t, now)
    if playing or t.status == "paused":
        return None
    total = len(t.schedule) if t.system == "round_robin" else int(t.rounds or 0)
    pairings = next_round(t, t.round + 1) if t.round < total else []
    if not pairings:  # the last round was played (or Swiss can't pair another without repeats)
        return replace(t, status="finished", finished=now)
    t = replace(t, round=t.round + 1)
    return t.with_games([*t.games, *(new_entry(t, p, now) for p in pairings)])


def next_round(t: Tournament, number: int) -> list[Pairing]:
    """The pairings of round ``number`` (round robin: its table; Swiss: paired now; none
    when Swiss can't pair it by its rules)."""
    if t.system == "round_robin":
        return [Pairing(w, b) for w, b in t.schedule[number - 1]]
    active = [p.id for p in t.players if p.state == "in"]
    everyone = [p.id for p in t.players]
    played: swiss.Played = [
        [(Pairing(e.white, e.black), e.score) for e in t.games if e.round == r]
        for r in range(1, number)
    ]
    histories = swiss.entrants_from(everyone, played)
    by_id = {e.player: e for e in histories}
    for e in t.games:  # a double forfeit gave black nothing either
        if e.double_forfeit and e.round < number and e.black is not None:
            by_id[e.black].points -= 1.0
    try:
        return swiss.pair_round(
            [e for e in histories if e.player in active], int(t.rounds or 0) - number + 1
        )
    except ValueError:  # too few players left for the rounds asked: stop here
        return []


def new_entry(t: Tournament, pairing: Pairing, now: float) -> Match:
    """A new listed game (its id chosen now, the game made after the save), or a bye; a
    game against a player who is gone is lost by forfeit at once."""
    if pairing.black is None:
        return Match(t.round, pairing.white, None, None, None, now, bye=True)
    entry = Match(t.round, pairing.white, pairing.black, new_game_id(), None, now)
    gone = t.gone()
    if pairing.white in gone or pairing.black in gone:
        return forfeit(entry, gone, now)
    return entry


def arena_players(t: Tournament) -> list[arena.ArenaPlayer]:
    """The arena's players with their results so far, in joining order."""
    players = {
        p.id: arena.ArenaPlayer(p.id, i, paused=p.state != "in") for i, p in enumerate(t.players)
    }
    for e in sorted(t.games, key=lambda x: x.ended or x.paired):
        if e.black is None:
            continue
        white, black = players[e.white], players[e.black]
        white.whites += 1
        black.blacks += 1
        if e.score is None:
            white.playing = black.playing = True
            continue
        white_points, black_points = points_of(e)
        white.outcomes.append(white_points)
        black.outcomes.append(black_points)
        white.last_opponent, black.last_opponent = black.player, white.player
    return list(players.values())


def arena_end(ends: float, paused_at: float | None, now: float) -> float:
    """When an arena that ends at ``ends`` ends, as of ``now``: a director's pause (since
    ``paused_at``) stops its countdown."""
    if paused_at is not None:
        ends += max(0.0, now - paused_at)
    return ends


def arena_step(t: Tournament, now: float) -> Tournament | None:
    """An arena: past its end, finish once no game is played; else pair whoever waits."""
    playing = any(e.score is None for e in t.games)
    if now >= arena_end(float(t.ends or 0.0), t.paused_at, now):
        return None if playing else replace(t, status="finished", finished=now)
    if t.status != "running":
        return None
    games = arena.pair_waiting(arena_players(t))
    if not games:
        return None
    return t.with_games([*t.games, *(new_entry(t, p, now) for p in games)])
