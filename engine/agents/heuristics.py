"""Position evaluations for depth-limited search, from one player's point of view.

The five heuristics the reference projects used, plus a weighted one whose weights are tuned by
self-play (``python -m engine evolve``):

* ``store``: the player's own store;
* ``diff``: store difference (own minus opponent's);
* ``seeds``: seeds on the player's own row;
* ``side``: row difference (own row minus opponent's row);
* ``mix``: store difference + 0.3 x row difference;
* ``tuned``: a weighted sum of the :data:`FEATURES` with weights tuned per variant by self-play;
* ``weights=[...]`` (any heuristic name): that weighted sum with the given weights.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core import Rules

Evaluator = Callable[[Sequence[int]], float]
"""Maps a board to a value for the player it was made for.  An evaluator that is a weighted sum
of the stores and the rows' seed counts carries its weights for (own store, their store, own
row, their row) as ``totals_weights`` (else None)."""

HEURISTICS: tuple[str, ...] = ("store", "diff", "seeds", "side", "mix", "tuned")
ONE_SIDED: tuple[str, ...] = ("store", "seeds")
"""Heuristics that count the player's own seeds alone: their values are not zero-sum (an even
game is not worth 0), the others' are."""

FEATURES: tuple[str, ...] = ("store_diff", "side_diff", "store_moves_diff", "empty_pits_diff")
"""Inputs of the weighted heuristic, each own minus opponent's:
stores; seeds on the rows; pits whose seeds end exactly in the own store (extra-turn threats);
empty pits on the row (capture chances in Kalah-like games)."""

MIX_WEIGHTS: tuple[float, ...] = (1.0, 0.3, 0.0, 0.0)

# Tuned by `python -m engine evolve` (engine/data/tuned-weights.json; see README).
# Variants without their own weights use MIX_WEIGHTS.
TUNED_WEIGHTS: dict[str, tuple[float, ...]] = {
    "kalah": (1.0, 0.0, 0.0, 0.0),
    "oware": (1.0, 0.132, -0.338, -0.294),
}

WIN = 1000.0
"""Value of a won game before the margin is added, far above any heuristic value."""


def final_value(board: Sequence[int], rules: Rules, player: int, win: float = WIN) -> float:
    """Exact value of a finished game for ``player``: a win is worth ``win`` plus the margin."""
    return margin_value(board[rules.store(player)] - board[rules.store(1 - player)], win)


def margin_value(margin: int, win: float = WIN) -> float:
    """The value of a game that ends with ``margin``: ``win`` plus it, minus ``win`` plus it,
    or 0 for a draw."""
    if margin > 0:
        return win + margin
    if margin < 0:
        return -win + margin
    return 0.0


def make_evaluator(
    rules: Rules, player: int, heuristic: str = "diff", weights: Sequence[float] | None = None
) -> Evaluator:
    """The evaluation function ``heuristic`` for ``player`` in a game of ``rules``."""
    n = rules.pits
    mine_store, their_store = rules.store(player), rules.store(1 - player)
    mine = slice(0, n) if player == 0 else slice(n + 1, 2 * n + 1)
    theirs = slice(n + 1, 2 * n + 1) if player == 0 else slice(0, n)
    if weights is None and heuristic == "mix":
        weights = MIX_WEIGHTS
    if weights is None and heuristic == "tuned":
        weights = TUNED_WEIGHTS.get(rules.name, MIX_WEIGHTS)
    linear: tuple[float, float, float, float] | None
    if weights is not None:
        w = tuple(float(x) for x in weights)
        if len(w) == len(FEATURES) and not any(w[2:]):
            return _linear(rules, player, (w[0], -w[0], w[1], -w[1]))
        evaluate, linear = _weighted(rules, player, w), None
    elif heuristic == "store":
        evaluate, linear = (lambda b: b[mine_store]), (1.0, 0.0, 0.0, 0.0)
    elif heuristic == "diff":
        evaluate, linear = (lambda b: b[mine_store] - b[their_store]), (1.0, -1.0, 0.0, 0.0)
    elif heuristic == "seeds":
        evaluate, linear = (lambda b: sum(b[mine])), (0.0, 0.0, 1.0, 0.0)
    elif heuristic == "side":
        evaluate, linear = (lambda b: sum(b[mine]) - sum(b[theirs])), (0.0, 0.0, 1.0, -1.0)
    else:
        raise ValueError(f"unknown heuristic {heuristic!r} (heuristics: {', '.join(HEURISTICS)})")
    evaluate.totals_weights = linear  # type: ignore[attr-defined]
    return evaluate


def _linear(rules: Rules, player: int, weights: tuple[float, float, float, float]) -> Evaluator:
    """``a * own store + b * their store + c * own row + d * their row``, in that order (the
    leaf kernel of the search computes the same sum from totals, to the last bit)."""
    a, b, c, d = weights
    ms, ts = rules.store(player), rules.store(1 - player)
    n = rules.pits
    mine = slice(0, n) if player == 0 else slice(n + 1, 2 * n + 1)
    theirs = slice(n + 1, 2 * n + 1) if player == 0 else slice(0, n)

    def evaluate(board: Sequence[int]) -> float:
        return a * board[ms] + b * board[ts] + c * sum(board[mine]) + d * sum(board[theirs])

    evaluate.totals_weights = weights  # type: ignore[attr-defined]
    return evaluate


def _weighted(rules: Rules, player: int, weights: tuple[float, ...]) -> Evaluator:
    if len(weights) != len(FEATURES):
        raise ValueError(f"weights need {len(FEATURES)} numbers ({', '.join(FEATURES)})")
    n = rules.pits
    ms, ts = rules.store(player), rules.store(1 - player)
    my_row = list(rules.row(player))
    their_row = list(rules.row(1 - player))
    w_store, w_side, w_moves, w_empty = weights
    # Seeds a pit needs to end in its owner's store (only where stores are on the path).
    distance = [n - i for i in range(n)] if rules.has_stores_on_path else None

    def evaluate(b: Sequence[int]) -> float:
        value = w_store * (b[ms] - b[ts])
        if w_side:
            value += w_side * (sum(b[i] for i in my_row) - sum(b[i] for i in their_row))
        if w_moves and distance is not None:
            mine = sum(1 for k, i in enumerate(my_row) if b[i] == distance[k])
            theirs = sum(1 for k, i in enumerate(their_row) if b[i] == distance[k])
            value += w_moves * (mine - theirs)
        if w_empty:
            empty = sum(1 for i in my_row if not b[i]) - sum(1 for i in their_row if not b[i])
            value += w_empty * empty
        return value

    evaluate.feature_weights = weights  # type: ignore[attr-defined]
    return evaluate
