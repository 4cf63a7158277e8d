"""Evolutionary agent: evolve plans for the agent's next turns, encoded as bit strings.

A genome is ``horizon`` genes of ``bits`` bits each; gene k chooses the agent's move on its k-th
turn from now as ``legal[value % len(legal)]``, so every bit string is a legal plan.  A plan is
played out against a model of the opponent, who answers every planned turn, the last one too:
with ``reply`` 0 the opponent plays the reply that banks them the most (greedy); with ``reply``
r > 0 it plays the reply an r-ply alpha-beta search with the agent's heuristic finds worst for
the agent.  The fitness of a plan is the value of where it ends: the heuristic after the greedy
last reply, or the search value of the last reply (exact if the game ends).

Each generation keeps the best plans (elitism), fills the rest with children of tournament
winners (one-point crossover) and flips each bit with a small probability.  The first
generation holds a plan starting with every legal move, so every move gets a value.  With
``deepen`` and a time limit, a run whose population has converged (a generation bred no plan it
had not valued) searches the opponent's replies a ply deeper, starts a new population from a
plan for every move plus the old one, and evolves on for as long as the time lasts; the move
comes from the deepest reply depth whose first generation was valued in full.
"""

from __future__ import annotations

from typing import Any

from engine.agents.alphabeta import endgame_scorer
from engine.agents.base import Agent, Deadline, Decision, Limit
from engine.agents.heuristics import ONE_SIDED, WIN, final_value, make_evaluator
from engine.agents.kernels import kernel_for
from engine.core import State
from engine.solver.table import ready

Genome = tuple[int, ...]


class _OutOfTime(Exception):
    """A reply search ran past the time limit while an earlier result stands."""


MAX_REPLY = 30
"""The deepest the opponent's replies are searched when a timed run deepens."""


class EvolutionaryAgent(Agent):
    """Genetic search over move plans.  ``population``, ``generations`` (an iteration limit
    overrides it), ``horizon`` (own turns planned), ``mutation`` (per-bit flip probability;
    default 1 / genome length), ``crossover`` (probability), ``elite``, ``heuristic``,
    ``reply`` (plies the opponent's replies are searched; 0: greedy), ``deepen`` (under a
    time limit, search the replies deeper each time the population converges, up to
    ``max_reply`` plies) and ``endgame``
    (value Kalah positions with few seeds left exactly from the endgame table cached in the
    folder ``tables``, as the minimax agent does)."""

    name = "evolutionary"

    def __init__(
        self,
        seed: int | None = None,
        limit: Limit | None = None,
        population: int = 30,
        generations: int = 30,
        horizon: int = 3,
        mutation: float | None = None,
        crossover: float = 0.9,
        elite: int = 2,
        heuristic: str = "diff",
        tournament: int = 3,
        reply: int = 0,
        deepen: bool = False,
        max_reply: int = MAX_REPLY,
        endgame: bool = False,
        tables: str | None = None,
    ) -> None:
        super().__init__(seed, limit)
        if population < 2 or generations < 1 or horizon < 1 or not 0 <= reply <= max_reply:
            raise ValueError(
                "population >= 2, generations >= 1, horizon >= 1 and 0 <= reply <= max_reply "
                "are required"
            )
        self.population = population
        self.generations = generations
        self.horizon = horizon
        self.mutation = mutation
        self.crossover = crossover
        self.elite = min(elite, population)
        self.heuristic = heuristic
        self.tournament = tournament
        self.reply = reply
        self.deepen = deepen
        self.max_reply = max_reply
        self.endgame = bool(endgame)
        self.tables = tables

    def describe(self) -> str:
        return f"evolutionary(pop={self.population}, horizon={self.horizon}, reply={self.reply})"

    def even_value(self, state: State, decision: Decision) -> float | None:
        """0 on the zero-sum heuristics; None on one that counts the mover's own seeds alone."""
        if decision.value is None or self.heuristic in ONE_SIDED:
            return None
        return 0.0

    def search(self, state: State, limit: Limit, clock: Deadline) -> Decision:
        return _Evolution(self, state).run(limit, clock)


class _Evolution:
    """One run of the genetic algorithm from one position."""

    def __init__(self, agent: EvolutionaryAgent, state: State) -> None:
        self.agent = agent
        self.rng = agent.rng
        self.state = state
        self.rules = rules = state.rules
        assert state.to_move is not None
        self.me: int = state.to_move
        self.bits = max(1, (rules.pits - 1).bit_length())
        self.length = self.bits * agent.horizon
        self.mutation = agent.mutation if agent.mutation is not None else 1.0 / self.length
        self.evaluate = make_evaluator(rules, self.me, agent.heuristic)
        self.children = kernel_for(rules) if rules.board_only else None
        table = ready(rules, agent.tables) if agent.endgame and self.children else None
        self.exact = None if table is None else endgame_scorer(table, self.me, WIN)
        self.fitness_cache: dict[tuple[int, ...], tuple[float, tuple[int, ...]]] = {}
        self.evaluations = 0
        self.reply = agent.reply
        self.nodes = 0
        self.stop: Deadline | None = None  # set while a result stands: a search may give up
        # The opponent's searched replies, by position (plans share their first turns).
        self.replies: dict[tuple[int, ...], tuple[int, list[int], int | None, float]] = {}
        self.state_replies: dict[State, tuple[int, State, float]] = {}

    # -- genomes ------------------------------------------------------------------------------

    def genes(self, genome: Genome) -> list[int]:
        b = self.bits
        return [
            int("".join(map(str, genome[k * b : (k + 1) * b])), 2)
            for k in range(self.agent.horizon)
        ]

    def encode_first(self, index: int) -> Genome:
        """A random genome whose first gene is ``index``."""
        first = tuple(int(x) for x in format(index, f"0{self.bits}b"))
        rest = tuple(self.rng.getrandbits(1) for _ in range(self.length - self.bits))
        return first + rest

    # -- fitness ------------------------------------------------------------------------------

    def fitness(self, genome: Genome) -> tuple[float, tuple[int, ...]]:
        """The value of where the plan ends against the opponent's replies; and the moves played."""
        genes = self.genes(genome)
        if self.children is None:
            return self._fitness_states(genes)
        board: Any = list(self.state.board)
        player: int | None = self.me
        played: list[int] = []
        turn = 0
        moves, apply, children = self.rules.moves, self.rules.apply, self.children
        while player is not None and (turn < len(genes) or player != self.me):
            if player == self.me:
                legal = moves(board, player)
                move = legal[genes[turn] % len(legal)]
                player = apply(board, player, move)
                if player != self.me:  # an extra turn continues the same planned turn
                    turn += 1
            elif self.reply:
                move, board, player, value = self._reply(board, player)
                if turn >= len(genes):  # the plan is over: the reply's search values it
                    played.append(move)
                    self.evaluations += 1
                    return value, tuple(played)
            else:
                store = self.rules.store(player)
                move, board, player = max(children(board, player), key=lambda c: c[1][store])
            played.append(move)
        self.evaluations += 1
        if player is None:
            return final_value(board, self.rules, self.me), tuple(played)
        return self._leaf(board, player), tuple(played)

    def _fitness_states(self, genes: list[int]) -> tuple[float, tuple[int, ...]]:
        state = self.state
        played: list[int] = []
        turn = 0
        while not state.is_over and (turn < len(genes) or state.to_move != self.me):
            if state.to_move == self.me:
                legal = state.legal_moves()
                move = legal[genes[turn] % len(legal)]
                after = state.play(move)
                if after.to_move != self.me:
                    turn += 1
            elif self.reply:
                move, after, value = self._reply_state(state)
                if turn >= len(genes):
                    played.append(move)
                    self.evaluations += 1
                    return value, tuple(played)
            else:
                mover = state.to_move
                assert mover is not None  # (the loop runs while the game goes on)
                move, after = max(
                    ((m, state.play(m)) for m in state.legal_moves()),
                    key=lambda c: c[1].board[self.rules.store(mover)],
                )
            played.append(move)
            state = after
        self.evaluations += 1
        if state.is_over:
            return final_value(state.board, self.rules, self.me), tuple(played)
        return float(self.evaluate(state.board)), tuple(played)

    # -- the opponent's replies ----------------------------------------------------------------

    def _reply(self, board: list[int], player: int) -> tuple[int, list[int], int | None, float]:
        """The opponent's move that leaves the agent worst off, by an alpha-beta search of
        ``reply`` plies with the agent's heuristic (the first such move in move order)."""
        assert self.children is not None
        key = (*board, player)
        found = self.replies.get(key)
        if found is None:
            beta = float("inf")
            for move, after, nxt in self.children(board, player):
                value = self._value(after, nxt, self.reply - 1, -float("inf"), beta)
                if found is None or value < beta:
                    found, beta = (move, after, nxt, value), value
            assert found is not None  # (the opponent has a move while the game goes on)
            self.replies[key] = found
        move, after, nxt, value = found
        return move, list(after), nxt, value

    def _tick(self) -> None:
        """Count a searched node; every 64th, give up if the time is over and a result stands."""
        self.nodes += 1
        if self.stop is not None and not self.nodes & 63 and self.stop.expired():
            raise _OutOfTime

    def _leaf(self, board: list[int], player: int) -> float:
        """A position where the search stops: exact from the endgame table if it holds it,
        else the heuristic."""
        if self.exact is not None:
            known = self.exact(board, player)
            if known is not None:
                return known
        return float(self.evaluate(board))

    def _value(
        self, board: list[int], player: int | None, depth: int, alpha: float, beta: float
    ) -> float:
        if player is None:
            return final_value(board, self.rules, self.me)
        known = self.exact(board, player) if self.exact is not None else None
        if known is not None:
            return known
        if depth <= 0:
            return float(self.evaluate(board))
        self._tick()
        assert self.children is not None
        if player == self.me:
            for _, child, nxt in self.children(board, player):
                alpha = max(alpha, self._value(child, nxt, depth - 1, alpha, beta))
                if alpha >= beta:
                    break
            return alpha
        for _, child, nxt in self.children(board, player):
            beta = min(beta, self._value(child, nxt, depth - 1, alpha, beta))
            if alpha >= beta:
                break
        return beta

    def _reply_state(self, state: State) -> tuple[int, State, float]:
        """:meth:`_reply` through the rules' states (variants without a board kernel)."""
        found = self.state_replies.get(state)
        if found is None:
            beta = float("inf")
            for move in state.legal_moves():
                after = state.play(move)
                value = self._state_value(after, self.reply - 1, -float("inf"), beta)
                if found is None or value < beta:
                    found, beta = (move, after, value), value
            assert found is not None  # (the opponent has a move while the game goes on)
            self.state_replies[state] = found
        return found

    def _state_value(self, state: State, depth: int, alpha: float, beta: float) -> float:
        if state.is_over:
            return final_value(state.board, self.rules, self.me)
        if depth <= 0:
            return float(self.evaluate(state.board))
        self._tick()
        if state.to_move == self.me:
            for move in state.legal_moves():
                alpha = max(alpha, self._state_value(state.play(move), depth - 1, alpha, beta))
                if alpha >= beta:
                    break
            return alpha
        for move in state.legal_moves():
            beta = min(beta, self._state_value(state.play(move), depth - 1, alpha, beta))
            if alpha >= beta:
                break
        return beta

    def score(self, genome: Genome) -> tuple[float, tuple[int, ...]]:
        """Fitness, cached by the moves the genome decodes to on the board."""
        key = tuple(self.genes(genome))
        if key not in self.fitness_cache:
            self.fitness_cache[key] = self.fitness(genome)
        return self.fitness_cache[key]

    # -- evolution ----------------------------------------------------------------------------

    def select(self, scored: list[tuple[float, Genome]]) -> Genome:
        """Tournament selection: the fittest of a few random genomes."""
        picks = [self.rng.choice(scored) for _ in range(self.agent.tournament)]
        return max(picks, key=lambda s: s[0])[1]

    def breed(self, a: Genome, b: Genome) -> Genome:
        """One-point crossover, then per-bit mutation."""
        if self.rng.random() < self.agent.crossover:
            cut = self.rng.randrange(1, self.length) if self.length > 1 else 0
            child = list(a[:cut] + b[cut:])
        else:
            child = list(a)
        for i in range(self.length):
            if self.rng.random() < self.mutation:
                child[i] ^= 1
        return tuple(child)

    def seed_population(self, size: int, keep: list[Genome]) -> list[Genome]:
        """A plan starting with every legal move, then ``keep``, then random plans."""
        population = [self.encode_first(i) for i in range(len(self.state.legal_moves()))]
        population += keep[: max(0, size - len(population))]
        while len(population) < size:
            population.append(self.encode_first(self.rng.randrange(1 << self.bits)))
        return population

    def deepen(self) -> None:
        """Look one ply further in the opponent's replies (the old values no longer compare)."""
        self.reply += 1
        self.fitness_cache.clear()
        self.replies.clear()
        self.state_replies.clear()

    def run(self, limit: Limit, clock: Deadline) -> Decision:
        agent = self.agent
        size = max(agent.population, len(self.state.legal_moves()))
        population = self.seed_population(size, [])
        generations = limit.iterations or agent.generations
        deepen = agent.deepen and limit.seconds is not None
        # The result of the last reply depth whose first generation was scored in full.
        settled: tuple[float, tuple[int, ...], dict[int, float], int] | None = None
        best: tuple[float, tuple[int, ...]] = (-float("inf"), ())
        best_by_move: dict[int, float] = {}
        done = 0
        valued = False  # whether every move has a value at the current reply depth
        while done < generations:
            before = self.evaluations
            scored = []
            if limit.seconds is not None and (valued or settled is not None):
                self.stop = clock
            for genome in population:
                if self.stop is not None and clock.expired():
                    break  # out of time, with a result to give
                try:
                    value, played = self.score(genome)
                except _OutOfTime:
                    break
                scored.append((value, genome))
                first = played[0]
                if value > best_by_move.get(first, -float("inf")):
                    best_by_move[first] = value
                if value > best[0]:
                    best = (value, played)
            if len(scored) < len(population):
                break
            settled, valued = None, True
            done += 1
            if limit.seconds is not None and clock.expired():
                break
            scored.sort(key=lambda s: -s[0])
            elite = [g for _, g in scored[: agent.elite]]
            if deepen and self.evaluations == before:
                # Converged: every plan bred is known.  At the deepest reply search allowed
                # there is nothing left to learn; else keep this result, evolve one ply deeper.
                if self.reply >= agent.max_reply:
                    break
                settled = (*best, best_by_move, self.reply)
                self.deepen()
                best, best_by_move, valued = (-float("inf"), ()), {}, False
                population = self.seed_population(size, [g for _, g in scored])
                continue
            nxt = elite
            while len(nxt) < size:
                nxt.append(self.breed(self.select(scored), self.select(scored)))
            population = nxt
        if settled is not None:
            value, plan, best_by_move, reply = settled
        else:
            (value, plan), reply = best, self.reply
        return Decision(
            plan[0],
            value=value,
            depth=agent.horizon,
            nodes=self.evaluations,
            pv=plan,
            move_values=dict(sorted(best_by_move.items())),
            extra={"generations": done, "reply": reply},
        )
