"""Search kernels: every child of a board at once, for the searches' inner loops.

``children(board, player)`` returns ``(move, child_board, next_player_or_None)`` for every legal
move.  The generic kernel calls the variant's own rules (``rules.moves`` and ``rules.apply``), so
every variant can be searched.  For the two most played rule sets this module also has fused
kernels that do the same work in one function, without the per-rule method calls; they are
checked against the rules on random positions by ``tests/engine/test_kernels.py`` and are only
chosen for the exact options they implement.  A variant offers a fused kernel through its class
(``Rules.kernel_rules()``: a rule family and integer options); :func:`kernel_spec` turns that into
the spec the native core (``engine.native``) takes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache

from engine.core import Player, Rules
from engine.cutoff import best_of

Child = tuple[int, list[int], Player | None]
Children = Callable[[list[int], Player], Iterable[Child]]
LeafBest = Callable[[Sequence[int], Player, float, float], tuple[float, int, int, int]]
"""``(board, player, alpha, beta) -> (best value, best move, moves valued, moves valued by the
heuristic)`` over the leaves."""
Spec = tuple[int, int, int, tuple[int, ...]]
"""A rule set for the native core: (family, pits, seeds, integer options)."""

FAMILIES = {"kalah": 0, "oware": 1}
"""The rule families the native core knows, by the name ``Rules.kernel_rules()`` gives."""


def kernel_spec(rules: Rules) -> Spec | None:
    """The native core's spec for ``rules``, or None if no fused kernel plays by them."""
    found = rules.kernel_rules() if rules.board_only else None
    if found is None or found[0] not in FAMILIES:
        return None
    family, flags = found
    return FAMILIES[family], rules.pits, rules.seeds, tuple(flags)


def generic_children(rules: Rules) -> Children:
    """Children through the variant's rule hooks (works for every board-only variant)."""
    moves, apply = rules.moves, rules.apply

    def children(board: list[int], player: Player) -> list[Child]:
        out = []
        for move in moves(board, player):
            child = list(board)
            out.append((move, child, apply(child, player, move)))
        return out

    return children


@lru_cache(maxsize=64)
def kernel_for(rules: Rules) -> Children:
    """The fastest pure kernel that plays exactly by ``rules`` (built once per rule set: its
    tables cost more than a shallow search)."""
    found = rules.kernel_rules() if rules.board_only else None
    if _default_kalah_ending(found):
        return _kalah_children(rules)
    if found == ("oware", (0,)):
        return _oware_children(rules)  # a grand slam captures nothing
    return generic_children(rules)


def _default_kalah_ending(found: tuple[str, tuple[int, ...]] | None) -> bool:
    """Kalah where either empty row ends the game and each player banks their own row (what
    the pure fused kernels implement; capture and empty_capture may be anything)."""
    return found is not None and found[0] == "kalah" and found[1][2:] == (1, 1)


def _kalah_drops(rules: Rules, player: Player, pit: int) -> list[int]:
    """Where the seeds of a Kalah move from ``pit`` go, one index a seed, for as many seeds as
    the game holds: every pit and the mover's store in turn, skipping the opponent's store."""
    skip = rules.store(1 - player)
    drops: list[int] = []
    j = rules.index(player, pit)
    while len(drops) < rules.total_seeds:
        j = (j + 1) % rules.size
        if j != skip:
            drops.append(j)
    return drops


def _kalah_children(rules: Rules) -> Children:
    """Kalah: sow (own store, not the opponent's), capture, extra turn, end when a row is empty."""
    n = rules.pits
    capture = rules.options["capture"]
    empty_capture = rules.options["empty_capture"]
    total = rules.total_seeds
    # moves[player][pit][seeds] = (indices that get a seed in order, repeats on laps; the last
    # one; change in seeds on the mover's row; seeds added to the opponent's row).
    moves: list[list[list[tuple[tuple[int, ...], int, int, int]]]] = []
    for player in (0, 1):
        mine, theirs = set(rules.row(player)), set(rules.row(1 - player))
        per_pit = []
        for pit in range(n):
            sequence = _kalah_drops(rules, player, pit)
            per_seeds: list[tuple[tuple[int, ...], int, int, int]] = [((), -1, 0, 0)]
            for seeds in range(1, total + 1):
                drops = tuple(sequence[:seeds])
                own = sum(1 for j in drops if j in mine) - seeds
                per_seeds.append((drops, drops[-1], own, sum(1 for j in drops if j in theirs)))
            per_pit.append(per_seeds)
        moves.append(per_pit)
    rows = ((0, n), (n + 1, 2 * n + 1))
    zeros = [0] * n

    def children(board: list[int], player: Player) -> Iterator[Child]:
        base = (n + 1) * player
        store = base + n
        my_moves = moves[player]
        lo, hi = rows[player]
        my_seeds = sum(board[lo:hi])
        lo, hi = rows[1 - player]
        their_seeds = sum(board[lo:hi])
        for pit in range(n):
            seeds = board[base + pit]
            if not seeds:
                continue
            b = board[:]
            b[base + pit] = 0
            drops, last, own_change, their_gain = my_moves[pit][seeds]
            for j in drops:
                b[j] += 1
            mine_left = my_seeds + own_change
            their_row_emptied = False
            nxt: Player | None = player
            if last != store:
                nxt = 1 - player
                if capture and base <= last < store and b[last] == 1:
                    across = 2 * n - last
                    taken = b[across]
                    if taken or empty_capture:
                        b[store] += taken + 1
                        b[across] = b[last] = 0
                        mine_left -= 1
                        their_row_emptied = their_seeds + their_gain == taken
            if not mine_left or their_row_emptied:
                # A row is empty: each player banks their own row.
                b[n] += sum(b[0:n])
                b[2 * n + 1] += sum(b[n + 1 : 2 * n + 1])
                b[0:n] = b[n + 1 : 2 * n + 1] = zeros
                nxt = None
            yield pit, b, nxt

    return children


@lru_cache(maxsize=256)
def leaf_best_for(
    rules: Rules, weights: tuple[float, float, float, float], me: Player, win: float
) -> LeafBest | None:
    """A kernel that does an alpha-beta search's last ply without building any board, where one
    exists (Kalah with the default end rules): it values each move in pit order, for player
    ``me`` (the exact end value, ``win`` plus the margin, if the move ends the game, else
    ``a * own store + b * their store + c * own row + d * their row`` with ``weights`` =
    (a, b, c, d), summed in the same order as the heuristic does on a board), keeps the best
    for the player to move (``me`` maximises, the other minimises) and stops at a cutoff exactly
    where the search would: it runs the searches' one loop (:func:`engine.cutoff.best_of`)."""
    found = rules.kernel_rules() if rules.board_only else None
    if not _default_kalah_ending(found):
        return None
    return _kalah_leaf_best(rules, weights, me, win)


def _kalah_leaf_best(
    rules: Rules, weights: tuple[float, float, float, float], me: Player, win: float
) -> LeafBest:
    """Kalah's rules as arithmetic on totals: what each move adds to the stores and rows."""
    a, b, c, d = weights
    n = rules.pits
    capture = rules.options["capture"]
    empty_capture = rules.options["empty_capture"]
    total = rules.total_seeds
    # table[player][pit][seeds] = (last index, change on the mover's row, seeds added to the
    # opponent's row, seeds into the mover's store, seeds dropped on the last pit, and on the
    # pit across from it).
    table: list[list[list[tuple[int, int, int, int, int, int]]]] = []
    for player in (0, 1):
        store = rules.store(player)
        mine, theirs = set(rules.row(player)), set(rules.row(1 - player))
        per_pit = []
        for pit in range(n):
            sequence = _kalah_drops(rules, player, pit)
            per_seeds = [(-1, 0, 0, 0, 0, 0)]
            for seeds in range(1, total + 1):
                drops = sequence[:seeds]
                last = drops[-1]
                per_seeds.append(
                    (
                        last,
                        sum(1 for j in drops if j in mine) - seeds,
                        sum(1 for j in drops if j in theirs),
                        drops.count(store),
                        drops.count(last),
                        drops.count(2 * n - last) if last in mine else 0,
                    )
                )
            per_pit.append(per_seeds)
        table.append(per_pit)

    def best(
        board: Sequence[int], player: Player, alpha: float, beta: float
    ) -> tuple[float, int, int, int]:
        base = (n + 1) * player
        store = base + n
        mine = table[player]
        my_store, their_store = board[store], board[3 * n + 1 - store]
        my_row = sum(board[base:store])
        their_row = sum(board[n + 1 - base : 2 * n + 1 - base])
        valued = guessed = 0

        def value(
            child: tuple[int, int], sign: int, depth: int, alpha: float, beta: float, best: float
        ) -> float:
            """The value for ``me`` of a move (its pit and seeds), times ``sign``."""
            nonlocal valued, guessed
            pit, seeds = child
            last, own_change, their_gain, into_store, at_last, at_across = mine[pit][seeds]
            s_me = my_store + into_store
            r_me = my_row + own_change
            r_them = their_row + their_gain
            if capture and base <= last < store:  # (the last seed in an own pit, not the store)
                in_last = at_last + (0 if last == base + pit else board[last])
                if in_last == 1:
                    taken = board[2 * n - last] + at_across
                    if taken or empty_capture:
                        s_me += taken + 1
                        r_me -= 1
                        r_them -= taken
            s_them = their_store
            if player != me:
                s_me, s_them, r_me, r_them = s_them, s_me, r_them, r_me
            valued += 1
            if not r_me or not r_them:
                margin = s_me + r_me - s_them - r_them
                return sign * (win + margin if margin > 0 else -win + margin if margin else 0.0)
            guessed += 1
            return sign * (a * s_me + b * s_them + c * r_me + d * r_them)

        moves = ((pit, seeds) for pit, seeds in enumerate(board[base:store]) if seeds)
        # The opponent minimises: the shared loop maximises their negated values.
        if player == me:
            found, pit = best_of(moves, value, 1, 1, alpha, beta)
        else:
            found, pit = best_of(moves, value, -1, 1, -beta, -alpha)
            found = -found
        return found, pit, valued, guessed

    return best


def _oware_children(rules: Rules) -> Children:
    """Oware abapa without the repetition rule (which needs history the kernel doesn't keep)."""
    half = rules.total_seeds // 2
    # paths[i]: the eleven houses after house i, skipping both store slots and the origin.
    houses = [j for j in range(14) if j not in (6, 13)]
    paths = {}
    for i in houses:
        k = houses.index(i)
        paths[i] = tuple(houses[(k + d) % 12] for d in range(1, 12))

    def children(board: Sequence[int], player: Player) -> list[Child]:
        base = 7 * player
        first = 7 - base  # the opponent's first house
        store = base + 6
        opponent_empty = not any(board[first : first + 6])
        out = []
        for pit in range(6):
            i = base + pit
            seeds = board[i]
            if not seeds or (opponent_empty and seeds < 6 - pit):
                continue
            b = list(board)
            b[i] = 0
            path = paths[i]
            if seeds <= 11:
                for j in path[:seeds]:
                    b[j] += 1
                last = path[seeds - 1]
            else:
                laps, rest = divmod(seeds, 11)
                for j in path:
                    b[j] += laps
                for j in path[:rest]:
                    b[j] += 1
                last = path[rest - 1] if rest else path[-1]
            if first <= last < first + 6 and 2 <= b[last] <= 3:
                j = last
                taken = 0
                while j >= first and 2 <= b[j] <= 3:
                    taken += b[j]
                    j -= 1
                if taken != sum(b[first : first + 6]):  # not a grand slam
                    b[store] += taken
                    for k in range(j + 1, last + 1):
                        b[k] = 0
            nxt: Player | None = 1 - player
            if b[6] > half or b[13] > half:
                nxt = None
            elif not _has_move(b, 1 - player):
                # Passing: the mover goes again if they can, else the game is over.
                nxt = player if _has_move(b, player) else None
            if nxt is None:
                for k in range(6):
                    b[6] += b[k]
                    b[13] += b[7 + k]
                    b[k] = b[7 + k] = 0
            out.append((pit, b, nxt))
        return out

    return children


def _has_move(b: list[int], mover: Player) -> bool:
    """Whether ``mover`` has a legal Oware move: any seeds, or a feeding move if must feed."""
    base = 7 * mover
    other = 7 - base
    if any(b[other : other + 6]):
        return any(b[base : base + 6])
    return any(b[base + k] >= 6 - k for k in range(6))
