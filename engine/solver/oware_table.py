"""Oware endgame tables: two exact bounds on the value of every position of up to N seeds.

What a value means.  A position is the twelve houses seen by the player to move (their six in
sowing order, then the opponent's six); the stores stay outside.  Its value is the final margin
(the mover's seeds minus the opponent's) of the seeds now on the board, both sides playing
perfectly, under the app's Oware rules: the 12-seed skip, the feeding rule, the end when a
player can't be fed (each banks their own row), the grand-slam option of the table, a player
who empties the opponent's row moving again (``capture_all``: the engine's passing rule).  The
whole game's final margin is the store difference plus it.

The majority end is left out: the game goes on as if it had none.  That never changes who wins:
stores only grow, so a player who reaches 25 still has them when this longer game ends, and a
game that ends otherwise ends the same way in both.  It changes margins only (the real game
stops earlier), so the exact levels play for the result first (``engine.agents.oware_exact``).

The repetition end depends on the history since the last capture, which a table can't hold.
A layer (one seed count) is where it acts: a capture leaves the layer and clears the history.
So each position holds two values, each iterated to its fixpoint within the layer:

* ``L``: the margin the mover forces when a game that never leaves the layer counts as the
  worst margin for them (-n): they force it by leaving the layer, never repeating;
* ``U``: the margin the mover can hope for when it counts as the best (+n).

With no history since the last capture the game's value lies in ``[L, U]`` whatever a
repetition scores (a player forcing ``L`` reaches a capture or an end without passing any
position twice), and where ``L == U`` the table is exact: the repetition rule can't change it.
Where ``L < U`` the history can change the value; docs/engine.md says how often that happens.

Progress.  Beside each value the table keeps the sweep of its layer in which it last changed
(0: never).  A layer is swept in rank order, updating in place, so a value set at sweep ``s``
read only final values: set at an earlier sweep, or earlier in sweep ``s`` (a lower rank).
Ordered by (sweep, rank), a move keeping ``L`` whose child comes first therefore always comes
before the position itself: playing it, the mover forces ``L`` and no position comes back
(``engine.agents.oware_exact``), as distance-to-win does in chess tablebases.

Layout (format ``FORMAT``): every position of up to N seeds, ranked as the Kalah tables rank
views (seed count, then lexicographic: :func:`engine.solver.table.rank` on 12 houses), four
bytes a position: L and U (int8; ``UNKNOWN`` (-128) marks one not built), then the sweeps of L
and of U (uint8).  The native twin is ``engine/native/_oware.c``; the pure one here sweeps in
the same order and builds the same bytes.  Files are named by the grand-slam option and the
format (an older format's file is not read: the host builds the new one) and mapped read-only
(one copy a host).
"""

from __future__ import annotations

import json
import mmap
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb
from pathlib import Path
from types import ModuleType
from typing import Any

from engine import native
from engine.core import Rules
from engine.solver import cache
from engine.solver.table import compositions, rank

HOUSES = 12
UNKNOWN = 0x80
"""The byte of a value not built yet (-128: no position is worth that)."""
FLAGS = ("no_capture", "illegal", "capture_all")
"""The grand-slam options, in the order of the native flag (``Oware.kernel_rules``)."""
MAX_SEEDS = 48
ENTRY = 4
"""Bytes a position: L, U, the sweep of L, the sweep of U."""
FORMAT = 2
"""The file format (1: L and U only, no sweeps)."""
MAX_SWEEPS = 255
"""A layer's sweeps fit a byte (measured: 66 at 14 seeds, about 5 more a seed)."""
LARGE_BYTES = 5_010_000_000
"""The largest table a host builds in the background: every position of up to 24 seeds
(1,251,677,700 positions, 5.0 GB); smaller where the machine's memory or disk is smaller."""
SESSION_SEEDS = 16
"""The size built first (and the one measured here: docs/engine.md)."""

View = tuple[int, ...]
Progress = Callable[[int, int], object]
"""Called after each layer with (seeds done, seeds in the table)."""


def count(seeds: int) -> int:
    """Positions of 12 houses holding at most ``seeds`` seeds."""
    return comb(seeds + HOUSES, HOUSES) if seeds >= 0 else 0


def nbytes(seeds: int) -> int:
    """The bytes of the table of ``seeds`` seeds (``ENTRY`` a position)."""
    return ENTRY * count(seeds)


def flag_of(rules: Rules) -> int | None:
    """The native flag of ``rules``' grand-slam option, None if ``rules`` is not Oware."""
    if rules.name != "oware" or rules.pits != 6:
        return None
    return FLAGS.index(rules.options["grand_slam"])


def oware_core() -> ModuleType | None:
    """The compiled ``engine.native._oware``, None where it isn't built or is forced pure."""
    if native.pure_forced():
        return None
    return native.load("_oware")


# -- the rules on a view (the pure twin of _oware.c) ------------------------------------------


def sow(b: View, i: int) -> tuple[list[int], int]:
    """The houses after sowing house ``i`` (skipping it on later laps) and the last one sown."""
    c = list(b)
    seeds, j = c[i], i
    c[i] = 0
    while seeds:
        j = (j + 1) % HOUSES
        if j != i:
            c[j] += 1
            seeds -= 1
    return c, j


def capture_run(c: Sequence[int], j: int) -> tuple[int, int, bool]:
    """A last seed at ``j``: the seeds it captures, the first house of the run, and whether they
    are every seed of the far row (a grand slam)."""
    if j < 6 or c[j] not in (2, 3):
        return 0, j + 1, False
    k, got = j, 0
    while k >= 6 and c[k] in (2, 3):
        got += c[k]
        k -= 1
    return got, k + 1, got == sum(c[6:])


def can_move(b: Sequence[int]) -> bool:
    """Whether the mover has a legal move (a seed, and one reaching an empty far row)."""
    far = any(b[6:])
    return any(b[i] and (far or b[i] >= 6 - i) for i in range(6))


def legal(b: View, flag: int) -> list[int]:
    """The mover's legal houses under the grand-slam ``flag``."""
    far = any(b[6:])
    moves = [i for i in range(6) if b[i] and (far or b[i] >= 6 - i)]
    if flag == 1:
        keep = [i for i in moves if not _slams(b, i)]
        return keep or moves
    return moves


def _slams(b: View, i: int) -> bool:
    c, j = sow(b, i)
    got, _, every = capture_run(c, j)
    return bool(got) and every


@dataclass(frozen=True)
class Child:
    """A move's outcome: the seeds it gains, then ``view`` and whether the opponent moves
    (``swap``) or the mover again; ``view`` None: the game is over, banked into ``gain``."""

    gain: int
    view: View | None
    swap: bool


def play(b: View, i: int, flag: int) -> Child:
    """Play house ``i`` of ``b``: sow, capture (not a grand slam unless ``capture_all``), then
    the opponent moves if they can, else the mover if they can, else both rows are banked."""
    c, j = sow(b, i)
    got, lo, every = capture_run(c, j)
    gain = 0
    if got and not (every and flag != 2):
        for x in range(lo, j + 1):
            c[x] = 0
        gain = got
    d = (*c[6:], *c[:6])
    if can_move(d):
        return Child(gain, d, True)
    if can_move(c):
        return Child(gain, tuple(c), False)
    return Child(gain + sum(c[:6]) - sum(c[6:]), None, False)


def _signed(v: int) -> int:
    return v - 256 if v > 127 else v


def _value(b: View, flag: int, values: bytearray | mmap.mmap, which: int) -> int:
    """The mover's L (``which`` 0) or U (1) from the children's current values."""
    moves = legal(b, flag)
    if not moves:
        return sum(b[:6]) - sum(b[6:])
    best = -1000
    for i in moves:
        ch = play(b, i, flag)
        if ch.view is None:
            v = ch.gain
        elif ch.swap:
            v = ch.gain - _signed(values[ENTRY * rank(ch.view) + 1 - which])
        else:
            v = ch.gain + _signed(values[ENTRY * rank(ch.view) + which])
        best = max(best, v)
    return best


def fill_python(flag: int, values: bytearray | mmap.mmap, first: int, last: int) -> int:
    """Build layers ``first..last`` in place (those below built): the pure twin of the native
    ``fill_layers``, the same order of updates; the sweeps it took."""
    sweeps = 0
    for n in range(first, last + 1):
        layer = compositions(n, HOUSES)
        base = count(n - 1)
        for r in range(base, base + len(layer)):
            values[ENTRY * r : ENTRY * r + ENTRY] = bytes(((-n) & 0xFF, n, 0, 0))
        changed, sweep = True, 0
        while changed:
            changed, sweep = False, sweep + 1
            if sweep > MAX_SWEEPS:
                raise OverflowError("a layer took more sweeps than a byte counts")
            for r, b in enumerate(layer, base):
                e = ENTRY * r
                if values[e] == values[e + 1]:
                    continue  # met: final
                lo, hi = _value(b, flag, values, 0) & 0xFF, _value(b, flag, values, 1) & 0xFF
                if lo != values[e]:
                    values[e], values[e + 2], changed = lo, sweep, True
                if hi != values[e + 1]:
                    values[e + 1], values[e + 3], changed = hi, sweep, True
        sweeps += sweep
    return sweeps


def fill(flag: int, values: bytearray | mmap.mmap, first: int, last: int, pure: bool) -> int:
    """Build layers ``first..last`` natively unless ``pure`` or the core isn't built."""
    core = None if pure else oware_core()
    if core is None:
        return fill_python(flag, values, first, last)
    sweeps: int = core.fill_layers(flag, values, first, last)
    return sweeps


def build(flag: int, seeds: int, pure: bool = False) -> bytes:
    """The table of up to ``seeds`` seeds in memory."""
    values = bytearray([UNKNOWN]) * nbytes(seeds)
    fill(flag, values, 0, seeds, pure)
    return bytes(values)


# -- a built table ------------------------------------------------------------------------------

Values = bytes | mmap.mmap


@dataclass(frozen=True, eq=False)
class OwareTable:
    """Bounds ``(L, U)`` for every view of up to ``seeds`` seeds under grand-slam ``flag``."""

    flag: int
    seeds: int
    values: Values

    @property
    def held(self) -> int:
        """Bytes this process holds: none for a mapped file (the host's page cache)."""
        return 0 if isinstance(self.values, mmap.mmap) else len(self.values)

    def bounds(self, b: Sequence[int]) -> tuple[int, int]:
        """``(L, U)`` of a view holding at most ``seeds`` seeds."""
        r = ENTRY * rank(tuple(b))
        return _signed(self.values[r]), _signed(self.values[r + 1])

    def order(self, b: Sequence[int], which: int) -> tuple[int, int]:
        """When L (``which`` 0) or U (1) of a view reached its value: (the sweep of its layer,
        the view's rank).  A move keeping L whose child comes first comes before its position."""
        r = rank(tuple(b))
        return self.values[ENTRY * r + 2 + which], r

    def final_bounds(self, board: Sequence[int], player: int) -> tuple[int, int] | None:
        """The final margin (stores included) ``player``, to move on an Oware ``board`` (the
        engine's layout), forces and can hope for; None beyond the table."""
        own, other = 7 * player, 7 * (1 - player)
        b = (*board[own : own + 6], *board[other : other + 6])
        if sum(b) > self.seeds:
            return None
        lo, hi = self.bounds(b)
        stores = board[own + 6] - board[other + 6]
        return stores + lo, stores + hi


def file_name(flag: int, seeds: int) -> str:
    return f"oware-{FLAGS[flag]}-n{seeds}.v{FORMAT}.bin"


def largest(flag: int, folder: str | os.PathLike[str]) -> int | None:
    """The seeds of the largest complete table of ``flag`` in ``folder``, None if none."""
    prefix, most = f"oware-{FLAGS[flag]}-n", None
    if not Path(folder).is_dir():
        return None
    suffix = f".v{FORMAT}.bin"
    for path in Path(folder).glob(f"{prefix}*{suffix}"):
        digits = path.name[len(prefix) : -len(suffix)]
        n = int(digits) if digits.isdigit() else -1
        if 0 <= n <= MAX_SEEDS and path.stat().st_size == nbytes(n) and (most is None or n > most):
            most = n
    return most


def open_table(flag: int, folder: str | os.PathLike[str]) -> OwareTable | None:
    """The largest complete table of ``flag`` in ``folder``, mapped read-only and kept in the
    byte cache (charged nothing: one copy a host), or None.  Never builds."""
    seeds = largest(flag, folder)
    if seeds is None:
        return None
    key = ("oware-table", flag, seeds, os.fspath(folder))
    found = cache.kept(key)
    if found is not None:
        return found  # type: ignore[no-any-return]

    def make() -> OwareTable:
        path = Path(folder) / file_name(flag, seeds)
        with path.open("rb") as f:
            return OwareTable(flag, seeds, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ))

    return cache.keep(key, make, lambda t: [(t, t.held)])


def for_rules(rules: Rules, folder: str | os.PathLike[str] | None) -> OwareTable | None:
    """The table a search of ``rules`` reads (None: not Oware, no folder, or none built)."""
    flag = flag_of(rules)
    if flag is None or folder is None:
        return None
    return open_table(flag, folder)


# -- building into a file, resumably -----------------------------------------------------------


def part_name(flag: int, seeds: int) -> str:
    return file_name(flag, seeds) + ".part"


def layers_done(folder: Path, flag: int, seeds: int) -> int:
    """The layers a build in progress has finished (a layer is built whole or redone)."""
    note = folder / (part_name(flag, seeds) + ".json")
    part = folder / part_name(flag, seeds)
    if not part.exists() or part.stat().st_size != nbytes(seeds) or not note.exists():
        return 0
    try:
        return int(json.loads(note.read_text())["layers"])
    except (ValueError, KeyError, TypeError):
        return 0


def build_file(
    flag: int,
    seeds: int,
    folder: str | os.PathLike[str],
    progress: Progress | None = None,
    pure: bool = False,
) -> Path:
    """Build (or finish) the table of ``seeds`` seeds in ``folder``; its path.  A layer at a
    time in a mapped ``.part`` file, its progress noted after each layer reaches the disk, so
    a stopped build continues at the first unfinished layer (a smaller table is copied in)."""
    folder = Path(folder)
    final = folder / file_name(flag, seeds)
    if final.exists() and final.stat().st_size == nbytes(seeds):
        return final
    folder.mkdir(parents=True, exist_ok=True)
    drop_old_formats(folder, flag)
    part, note = folder / part_name(flag, seeds), folder / (part_name(flag, seeds) + ".json")
    done = layers_done(folder, flag, seeds)
    if done == 0:
        done = _start(part, flag, seeds, folder)
        _note(note, done)
    with part.open("r+b") as f:
        values = mmap.mmap(f.fileno(), nbytes(seeds), access=mmap.ACCESS_WRITE)
        try:
            for n in range(done, seeds + 1):
                fill(flag, values, n, n, pure)
                values.flush()
                _note(note, n + 1)
                if progress is not None:
                    progress(n + 1, seeds + 1)
        finally:
            values.close()
        os.fsync(f.fileno())
    part.chmod(0o644)
    part.replace(final)
    note.unlink(missing_ok=True)
    return final


def drop_old_formats(folder: Path, flag: int) -> list[Path]:
    """Remove ``flag``'s files of an older format (never read: the new one is built); them."""
    gone = []
    for old in range(1, FORMAT):
        for path in folder.glob(f"oware-{FLAGS[flag]}-n*.v{old}.bin*"):
            path.unlink(missing_ok=True)
            gone.append(path)
    return gone


def _note(note: Path, layers: int) -> None:
    tmp = note.with_name(note.name + ".new")
    tmp.write_text(json.dumps({"layers": layers}) + "\n")
    tmp.replace(note)


def _start(part: Path, flag: int, seeds: int, folder: Path) -> int:
    """A new part file: a smaller complete table's bytes (a prefix), then UNKNOWN; the layers
    it holds already."""
    smaller = largest(flag, folder)
    have = smaller if smaller is not None and smaller < seeds else -1
    with part.open("wb") as f:
        if have >= 0:
            f.write((folder / file_name(flag, have)).read_bytes())
        left = nbytes(seeds) - nbytes(have)
        block = bytes([UNKNOWN]) * min(left, 1 << 24)
        while left:
            f.write(block[: min(left, len(block))])
            left -= min(left, len(block))
        f.flush()
        os.fsync(f.fileno())
    return have + 1


def describe(folder: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The complete Oware tables in ``folder`` (for /health): option, seeds, bytes."""
    found = []
    for flag, name in enumerate(FLAGS):
        seeds = largest(flag, folder)
        if seeds is not None:
            found.append({"grand_slam": name, "seeds": seeds, "bytes": nbytes(seeds)})
    return found
