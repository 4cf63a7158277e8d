"""Analyses in progress: every position of a game valued through the computer's fair queue.

An analysis is a series of queued line jobs (:class:`app.analysis.step.EvaluateLine`): each
takes the next consecutive positions still to do, from the last back (:func:`take_line`), and
values them on one solver whose transposition table it keeps from each position to the next
(the bench's ``lines``: ``python -m engine bench --exact``), within a time slice
(``Budget.line_seconds`` of planned work) so it holds a process about as long as one position's
job; what it did not reach goes back to be taken next.  At most ``parallel`` of one analysis
are queued or running at a time, for the device that asked: the fair queue gives other
devices' moves their turns in between, so an analysis can't starve them.  Each position is a
search of a fixed size (:func:`app.analysis.step.budget`), so it gets the same values in any
run, in any line, short of a machine far busier than planned.  Under load an analysis
degrades, it never fails: a search still running at its wall-time cap stops itself with the
deepest search it finished, and the positions of a line whose search process was stopped anyway
(past its time, or dead) get a quick estimate; either is marked ``capped`` (an estimate) and the
analysis goes on.  Each result is written to the store as it
comes (the progress every server worker reads); a run whose process died is taken up again,
from where it stopped, by the next request that reads it.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field

from app.analysis import report
from app.analysis.step import Evaluate, EvaluateLine, as_decision, quick_estimate
from app.analysis.store import AnalysisStore, Kept, runner_id
from app.computer.pool import SearchFailed
from app.computer.queue import FairQueue, wall_cap
from app.games.errors import N_
from app.games.model import Game
from app.games.service import Device
from app.games.spec import GameSpec
from app.store import StoreError
from app.store.json_types import JSONObject
from engine.agents.analysis import solver_plays
from engine.agents.exact_first import LINE_POSITIONS, LINE_SECONDS, take_line
from engine.core import Rules

log = logging.getLogger(__name__)

# Why a run stopped, as the page says it (the exception's words go to the log).
COULD_NOT = N_("a position could not be analysed")
STALE_SECONDS = 30.0  # a run with no progress for this long (its process gone) is taken up


@dataclass
class Budget:
    """Seconds of search per position: ``seconds`` each, at most ``game_seconds`` for a whole
    game, and ``small_seconds`` on small boards (at most ``small_seeds`` seeds), where the
    search can solve every position."""

    seconds: float = 0.35
    game_seconds: float = 60.0
    small_seconds: float = 2.0
    small_seeds: int = 32
    least: float = 0.05
    solve_seconds: float = 25.0
    """Where the host has an endgame table for the rules (Kalah): the solver's seconds for one
    position of a game's analysis or the analysis board (a fixed node count at the solver's
    planned rate), enough to solve every 6x4 position off the opening book with the large
    table (docs/engine.md); hints keep their share of ``seconds``."""
    line_seconds: float = LINE_SECONDS
    """A line job's time slice: the planned work (solver nodes at the solver's planned rate,
    an estimate's planned seconds) after which it starts no other position."""
    line_positions: int = LINE_POSITIONS
    """The most positions one line job takes."""
    cap_seconds: float | None = None
    """The wall time at which a position's search stops itself and answers with what it has,
    marked as an estimate (``ANALYSIS_CAP_SECONDS``); None: the queue's rule for the job's
    budget (:func:`app.computer.queue.wall_cap`, a few seconds before the job is killed)."""

    def cap_for(self, seconds: float) -> float:
        """The wall-time cap of a position's search of budget ``seconds`` (solve included)."""
        rule = wall_cap(seconds)
        return rule if self.cap_seconds is None else min(rule, self.cap_seconds)

    def solve_for(self, rules: Rules) -> float:
        """The solver's seconds for a background evaluation of a position of ``rules``: 0
        where the solver does not play or the board is small (``small_seconds`` solve it)."""
        if rules.total_seeds <= self.small_seeds or not solver_plays(rules):
            return 0.0
        return self.solve_seconds

    def one_position(self, rules: Rules) -> float:
        """The seconds for a lone position of ``rules`` (the analysis board's values)."""
        return self.small_seconds if rules.total_seeds <= self.small_seeds else self.seconds

    def per_position(self, game: Game) -> float:
        if game.record.rules.total_seeds <= self.small_seeds:
            return self.small_seconds
        n = max(1, len(game.record.moves))
        return max(self.least, min(self.seconds, self.game_seconds / n))


@dataclass
class Run:
    """One analysis this process is working on."""

    game_id: str
    spec: GameSpec  # the game as it was when the run started
    kept: Kept
    todo: list[int]  # position indices still to queue, ascending: the next one last
    client: str
    seconds: float
    solve_seconds: float
    in_flight: int = 0
    alone: set[int] = field(default_factory=set)
    """Positions of a line whose process was stopped: each is taken again as a line of one,
    so only the position that ran too long gets a quick estimate."""
    lock: threading.Lock = field(default_factory=threading.Lock)
    saving: threading.Lock = field(default_factory=threading.Lock)
    """Held while the run is written: two positions ending at once write in turn, each what
    the run holds then, so an earlier snapshot never lands after the last one."""

    def save(self, store: AnalysisStore) -> None:
        """Write what the run holds now to ``store``."""
        with self.saving:
            store.save(self.game_id, self.kept)


class Analyses:
    """Starts analyses and answers for them (``answer``), over the store and the fair queue."""

    def __init__(
        self,
        store: AnalysisStore,
        queue: FairQueue,
        budget: Budget | None = None,
        parallel: int | None = None,
    ) -> None:
        self.store = store
        self.queue = queue
        self.budget = budget or Budget()
        background = sum(lane.name == "background" for lane in queue.pool.lanes)
        self.parallel = parallel or max(1, min(2, background or queue.pool.workers))
        self._runs: dict[str, Run] = {}
        self._lock = threading.Lock()

    # -- answering -------------------------------------------------------------------------------

    def kept(self, game: Game) -> tuple[Kept | None, bool]:
        """The game's analysis (this process's run, else the stored one) and whether it runs."""
        with self._lock:
            run = self._runs.get(game.id)
        if run is not None:
            return run.kept, not run.kept.complete
        kept = self.store.load(game.id)
        if kept is None or kept.complete or kept.error:
            return kept, False
        # Another process's run is alive while it makes progress; one this process had (an
        # earlier app, or a reused process id) is not, since it is not among this one's runs.
        fresh = time.time() - kept.updated < STALE_SECONDS
        return kept, fresh and bool(kept.runner) and kept.runner != runner_id()

    def read(self, game: Game, client: str) -> JSONObject:
        """The answer for the game's analysis; a run left by a dead process is taken up."""
        kept, running = self.kept(game)
        if kept is not None and not running and not kept.complete and not kept.error:
            return self.start(game, client)[0]
        return answer(game, kept, running)

    def start(self, game: Game, client: str) -> tuple[JSONObject, bool]:
        """Analyse the game's moves (keeping what an earlier analysis found for the same
        positions); the answer, and True if work was queued."""
        moves = list(game.record.moves)
        kept, running = self.kept(game)
        if kept is not None and kept.moves == moves and (kept.complete or running):
            return answer(game, kept, running), False
        fresh = Kept(moves, [None] * len(moves), runner=runner_id())
        if kept is not None and not kept.error:
            same = 0
            while same < min(len(moves), len(kept.moves)) and moves[same] == kept.moves[same]:
                same += 1
            for i in range(min(same + 1, len(moves), len(kept.positions))):
                fresh.positions[i] = kept.positions[i]
        run = Run(
            game.id,
            game.spec,
            fresh,
            [i for i, p in enumerate(fresh.positions) if p is None],
            client,
            self.budget.per_position(game),
            self.budget.solve_for(game.record.rules),
        )
        with self._lock:
            other = self._runs.get(game.id)
            if other is not None and not other.kept.complete:  # another request was first
                return answer(game, other.kept, True), False
            self._runs[game.id] = run
        self.store.save(game.id, fresh)
        if not run.todo:
            self._finish(run)
            return answer(game, fresh, False), False
        for _ in range(self.parallel):
            self._next(run)
        return answer(game, fresh, game.id in self._runs), True

    # -- the work --------------------------------------------------------------------------------

    def _next(self, run: Run) -> None:
        """Queue the run's next line of positions, if any is left."""
        with run.lock:
            if not run.todo:
                return
            plies = take_line(run.todo, self.budget.line_positions, run.alone)
            run.in_flight += 1
        cap = self.budget.cap_for(run.seconds + run.solve_seconds)
        line = EvaluateLine(
            run.spec, plies, run.seconds, run.solve_seconds, cap, self.budget.line_seconds
        )
        try:
            future = self.queue.submit(run.client, line, seconds=line.budget, interactive=False)
        except Exception as exc:  # noqa: BLE001 (the queue is shut down: the run stops here)
            self._fail(run, N_("the computer could not take the analysis"), str(exc))
            return
        future.add_done_callback(functools.partial(self._step_done, run, plies))

    def _step_done(self, run: Run, plies: tuple[int, ...], future: Future[JSONObject]) -> None:
        try:
            found = done_positions(future.result(), plies)
        except SearchFailed as exc:  # stopped past its time under load, or its process died
            log.warning("analysis of %s: line %s stopped (%s)", run.game_id, plies, exc)
            try:
                found = {} if len(plies) > 1 else {plies[0]: self._quick(run, plies[0])}
            except Exception as failed:  # noqa: BLE001 (the position itself is bad)
                self._fail(run, COULD_NOT, repr(failed))
                return
        except BaseException as exc:  # noqa: BLE001 (a failed or cancelled search)
            self._fail(run, COULD_NOT, repr(exc))
            return
        with run.lock:
            if not found:  # a line stopped: each of its positions again, alone
                run.alone.update(plies)
            for index, position in found.items():
                run.kept.positions[index] = position
            run.todo.extend(sorted(p for p in plies if p not in found))  # taken next
            run.in_flight -= 1
            last = not run.todo and run.in_flight == 0
        if last:
            self._finish(run)
            return
        try:
            run.save(self.store)
        except StoreError as exc:  # the next position's write may get through
            log.warning("could not save analysis progress of %s: %s", run.game_id, exc)
        self._next(run)

    @staticmethod
    def _quick(run: Run, index: int) -> JSONObject:
        """The quick estimate of the run's position before move ``index``."""
        spec = run.spec.upto(index)
        return quick_estimate(
            spec.variant, dict(spec.options), spec.first, list(spec.moves), spec.start
        )

    def _finish(self, run: Run) -> None:
        run.kept.runner = ""
        try:
            run.save(self.store)
        except StoreError as exc:
            log.error("could not save the analysis of %s: %s", run.game_id, exc)
        with self._lock:
            if self._runs.get(run.game_id) is run:
                del self._runs[run.game_id]

    def _fail(self, run: Run, message: str, detail: str) -> None:
        """Stop ``run``: ``message`` (a message id, said in the reader's language) is kept as
        its ``error``; the ``detail`` (an exception's words) goes to the log only."""
        log.warning("analysis of game %s stopped: %s (%s)", run.game_id, message, detail)
        with run.lock:
            run.todo.clear()
        run.kept.error = message
        self._finish(run)

    def position(
        self, game: Game, ply: int, client: str, timeout: float, interactive: bool = False
    ) -> JSONObject:
        """Value every legal move of one position of the game (before move ``ply``) through
        the fair queue, waiting for the answer (for hints, interactive; for the values of a
        position, background, with the long solve)."""
        seconds = self.budget.per_position(game)
        solve = 0.0 if interactive else self.budget.solve_for(game.record.rules)
        return self.values(game.spec.upto(ply), seconds, client, timeout, interactive, solve)

    def values(
        self,
        spec: GameSpec,
        seconds: float,
        client: str,
        timeout: float,
        interactive: bool = False,
        solve_seconds: float = 0.0,
        replaces: str | None = None,
    ) -> JSONObject:
        """Value every legal move of the position ``spec`` reaches by a search of the size
        ``seconds`` plan for (at least ``solve_seconds`` of solver where the host has a table),
        through the fair queue, waiting for the answer ``timeout`` seconds plus the solve's; a
        newer job of the client tagged ``replaces`` cancels this one while it waits (the
        queue's ``replaces``)."""
        future = self._submit(spec, seconds, client, interactive, solve_seconds, replaces)
        return future.result(timeout=timeout + solve_seconds)

    def _submit(
        self,
        spec: GameSpec,
        seconds: float,
        client: str,
        interactive: bool,
        solve_seconds: float,
        replaces: str | None = None,
    ) -> Future[JSONObject]:
        """Queue the evaluation of the position ``spec`` reaches (one :class:`Evaluate` job),
        its budget the search's ``seconds`` plus the long solve's, its wall-time cap
        :meth:`Budget.cap_for` that."""
        cap = self.budget.cap_for(seconds + solve_seconds)
        step = Evaluate(spec, seconds, solve_seconds, cap)
        return self.queue.submit(
            client, step, seconds=step.budget, interactive=interactive, replaces=replaces
        )

    def admit(self, device: Device) -> None:
        """Before new analysis work for ``device``: its limit of searches and room in the
        queue (background work), else the refusal (429 or 503)."""
        device.limit("computer")
        self.queue.admit(device.address, interactive=False)

    def hint(self, game: Game, client: str, timeout: float) -> JSONObject:
        """The analysis search's best move for the position now, as a decision."""
        found = self.position(game, len(game.record.moves), client, timeout, interactive=True)
        return as_decision(found)


def done_positions(found: JSONObject, plies: tuple[int, ...]) -> dict[int, JSONObject]:
    """A line job's answer (:func:`app.analysis.step.evaluate_line`) by ply: the first of
    ``plies``, at least one; a ValueError if it is not such an answer."""
    done, positions = found.get("plies"), found.get("positions")
    if not isinstance(done, list) or not isinstance(positions, list) or not done:
        raise ValueError(f"not a line's answer: {sorted(found)}")
    if done != list(plies[: len(done)]) or len(positions) != len(done):
        raise ValueError(f"a line's answer for plies {done}, not the first of {list(plies)}")
    out: dict[int, JSONObject] = {}
    for ply, position in zip(done, positions, strict=True):
        assert isinstance(ply, int) and isinstance(position, dict)
        out[ply] = position
    return out


def answer(game: Game, kept: Kept | None, running: bool) -> JSONObject:
    """What GET/POST /api/games/{id}/analysis answer."""
    moves_now = list(game.record.moves)
    out: JSONObject = {
        "status": "none",
        "done": 0,
        "total": len(moves_now),
        "current": True,
        "moves": [],
        "summary": report.summary([]),
        "thresholds": report.thresholds(),
        "help": report.TAG_HELP,
        "capped": 0,
    }
    if kept is None:
        return out
    records = game.record.records
    entries = []
    covers = kept.moves == moves_now[: len(kept.moves)]
    for ply, position in enumerate(kept.positions):
        if position is None or not covers:
            continue
        entry = report.move_entry(
            ply, records[ply].player, kept.moves[ply], position, len(position["values"]) == 1
        )
        entry["capped"] = bool(position.get("capped", False))
        entries.append(entry)
    status = "done" if kept.complete else "failed" if kept.error else "running"
    out.update(
        status=status,
        done=kept.done,
        total=len(kept.moves),
        current=kept.moves == moves_now,
        moves=entries,
        summary=report.summary(entries),
    )
    if kept.error:
        out["error"] = kept.error
    capped = sum(1 for entry in entries if entry["capped"])
    out["capped"] = capped
    if capped:
        out["note"] = (
            f"The computer was busy: {capped} of the positions were searched for less time "
            "than planned, so their values are estimates."
        )
    if entries and entries[0]["ply"] == 0:
        first = entries[0]
        out["start_seat0"] = first["value_before"] * (1 if first["player"] == 0 else -1)
    return out
