"""The computer and the pie rule (``pie=True``, see ``engine.core.Rules.swap``).

Rules implemented, for every agent, from the values its own search gives the player to move:

* offered the swap: swap when the position is worth less than even to the mover, i.e. the
  opener's side is the better one.  The swap turns the position round, so it hands the mover
  exactly the opener's side: its value is the mirror of the mover's (0 - v on a margin, 1 - v on
  a win rate).  Where the agent solves the position (Perfect on Kalah) the value is exact.  An
  agent whose values are not zero-sum (a heuristic of its own seeds alone) swaps when the
  opener leads in store; one without values (random) swaps as often as it plays any one pit.
* as the opener (their first turn, extra turns included): every way the turn can end is an
  offer to the other player, who takes the better side of it, so the opener gets the worse one,
  ``even - |v - even|`` for the other player's value ``v``.  The agent searches each end (its
  time shared between them) and plays towards the end nearest even.  With more than
  :data:`MAX_ENDS` ends, or no zero-sum values, it plays its usual move.
"""

from __future__ import annotations

from engine.agents.base import Agent, Deadline, Decision, Limit
from engine.core import SWAP, State

MAX_ENDS = 24
"""The most ways a first turn may end for the opener to search each (Kalah 6x4 has 10)."""
DECIDED = 1e6
"""An end where the first turn finishes the game: won or lost outright, beyond any value."""


def decide(agent: Agent, state: State, limit: Limit, clock: Deadline) -> Decision:
    """``agent``'s decision in the pie rule's opening: at the offer (``state.can_swap``) or in
    the opener's first turn."""
    if state.can_swap:
        decision = agent.search(state, limit, clock)
        swap_or_sow(agent, state, decision)
        return decision
    found = opening(agent, state, limit, clock)
    if found is not None:
        return found
    legal = state.legal_moves()
    if len(legal) == 1:
        return Decision(legal[0], nodes=0, pv=(legal[0],))
    return agent.search(state, limit, clock)


def swap_or_sow(agent: Agent, state: State, decision: Decision) -> None:
    """Turn ``decision`` (the search of the pits at the offer) into the swap when the opener's
    side is the better one; ``extra["swap"]`` says which it is."""
    even = agent.even_value(state, decision)
    value = decision.value
    if even is not None and value is not None:
        swap = value < even
    elif value is not None:
        opener = state.opener
        assert opener is not None
        swap = state.scores[opener] > state.scores[1 - opener]
    else:
        swap = agent.rng.randrange(len(state.legal_moves()) + 1) == 0
    decision.extra["swap"] = swap
    if swap:
        decision.move, decision.pv = SWAP, (SWAP,)
        if value is not None and even is not None:
            decision.value = 2 * even - value


def first_turn_ends(state: State, most: int) -> list[tuple[tuple[int, ...], State]] | None:
    """Every way the opener's first turn can go on from ``state`` to its end (the other player
    to move, or the game over): (the pits, the state it ends in); None past ``most`` ends."""
    ends: list[tuple[tuple[int, ...], State]] = []
    stack: list[tuple[tuple[int, ...], State]] = [((), state)]
    while stack:
        path, here = stack.pop()
        if path and (here.is_over or here.to_move != state.to_move):
            ends.append((path, here))
            if len(ends) > most:
                return None
            continue
        stack.extend(((*path, m), here.play(m)) for m in reversed(here.legal_moves()))
    return ends


def opening(agent: Agent, state: State, limit: Limit, clock: Deadline) -> Decision | None:
    """The opener's move towards the end of their first turn nearest even, or None where the
    agent can't weigh them (too many ends, or values that are not zero-sum)."""
    ends = first_turn_ends(state, MAX_ENDS)
    if not ends or len(ends) < 2:
        return None
    opener = state.to_move
    nodes = 0
    best: tuple[float, tuple[int, ...]] | None = None
    by_move: dict[int, float] = {}
    for n, (path, end) in enumerate(ends):
        share = None  # the time left, shared by the ends left (an overrun is made up)
        if clock.end is not None:
            share = max(0.001, (clock.end - clock.start - clock.elapsed()) / (len(ends) - n))
        if end.is_over:
            a, b = end.scores if opener == 0 else end.scores[::-1]
            worth = DECIDED if a > b else -DECIDED if a < b else 0.0
        else:
            found = agent.search(end, Limit(share, limit.depth, limit.iterations), Deadline(share))
            nodes += found.nodes
            even = agent.even_value(end, found)
            if even is None or found.value is None:
                return None
            worth = even - abs(found.value - even)
        by_move[path[0]] = max(by_move.get(path[0], -float("inf")), worth)
        if best is None or worth > best[0]:
            best = (worth, path)
    assert best is not None
    worth, path = best
    return Decision(
        path[0],
        value=worth,
        nodes=nodes,
        pv=path,
        move_values=by_move,
        extra={"pie_opening": True, "ends": len(ends)},
    )
