"""Evolutionary agent: evolve plans for the agent's next turns, encoded as bit strings.

A genome is ``horizon`` genes of ``bits`` bits each; gene k chooses the agent's move on its k-th
turn from now as ``legal[value % len(legal)]``, so every bit string is a legal plan.  A plan is
played out with the opponent answering greedily (the reply that banks them the most), and its
fitness is the heuristic value of the position reached (exact if the game ends).

Each generation keeps the best plans (elitism), fills the rest with children of tournament
winners (one-point crossover) and flips each bit with a small probability.  The first
generation holds a plan starting with every legal move, so every move gets a value.
"""

from __future__ import annotations

from typing import Any

from engine.agents.base import Agent, Deadline, Decision, Limit
from engine.agents.heuristics import final_value, make_evaluator
from engine.agents.kernels import kernel_for
from engine.core import State

Genome = tuple[int, ...]


class EvolutionaryAgent(Agent):
    """Genetic search over move plans.  ``population``, ``generations`` (an iteration limit
    overrides it), ``horizon`` (own turns planned), ``mutation`` (per-bit flip probability;
    default 1 / genome length), ``crossover`` (probability), ``elite``, ``heuristic``."""

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
    ) -> None:
        super().__init__(seed, limit)
        if population < 2 or generations < 1 or horizon < 1:
            raise ValueError("population >= 2, generations >= 1 and horizon >= 1 are required")
        self.population = population
        self.generations = generations
        self.horizon = horizon
        self.mutation = mutation
        self.crossover = crossover
        self.elite = min(elite, population)
        self.heuristic = heuristic
        self.tournament = tournament

    def describe(self) -> str:
        return f"evolutionary(pop={self.population}, horizon={self.horizon})"

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
        self.fitness_cache: dict[tuple[int, ...], tuple[float, tuple[int, ...]]] = {}
        self.evaluations = 0

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
        """Heuristic value after playing the plan against greedy replies; and the moves played."""
        genes = self.genes(genome)
        if self.children is None:
            return self._fitness_states(genes)
        board: Any = list(self.state.board)
        player: int | None = self.me
        played: list[int] = []
        turn = 0
        moves, apply, children = self.rules.moves, self.rules.apply, self.children
        while player is not None and turn < len(genes):
            if player == self.me:
                legal = moves(board, player)
                move = legal[genes[turn] % len(legal)]
                player = apply(board, player, move)
                if player != self.me:  # an extra turn continues the same planned turn
                    turn += 1
            else:
                store = self.rules.store(player)
                move, board, player = max(children(board, player), key=lambda c: c[1][store])
            played.append(move)
        self.evaluations += 1
        if player is None:
            return final_value(board, self.rules, self.me), tuple(played)
        return float(self.evaluate(board)), tuple(played)

    def _fitness_states(self, genes: list[int]) -> tuple[float, tuple[int, ...]]:
        state = self.state
        played: list[int] = []
        turn = 0
        while not state.is_over and turn < len(genes):
            if state.to_move == self.me:
                legal = state.legal_moves()
                move = legal[genes[turn] % len(legal)]
                after = state.play(move)
                if after.to_move != self.me:
                    turn += 1
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

    def run(self, limit: Limit, clock: Deadline) -> Decision:
        agent = self.agent
        legal = self.state.legal_moves()
        size = max(agent.population, len(legal))
        population = [self.encode_first(i) for i in range(len(legal))]
        while len(population) < size:
            population.append(self.encode_first(self.rng.randrange(1 << self.bits)))
        generations = limit.iterations or agent.generations
        best_by_move: dict[int, float] = {}
        best: tuple[float, Genome] = (-float("inf"), population[0])
        done = 0
        for _ in range(generations):
            scored = []
            for genome in population:
                value, played = self.score(genome)
                scored.append((value, genome))
                first = played[0]
                if value > best_by_move.get(first, -float("inf")):
                    best_by_move[first] = value
            scored.sort(key=lambda s: -s[0])
            if scored[0][0] > best[0]:
                best = scored[0]
            done += 1
            if limit.seconds is not None and clock.expired():
                break
            nxt = [g for _, g in scored[: agent.elite]]
            while len(nxt) < size:
                nxt.append(self.breed(self.select(scored), self.select(scored)))
            population = nxt
        value, plan = self.score(best[1])
        return Decision(
            plan[0],
            value=value,
            depth=agent.horizon,
            nodes=self.evaluations,
            pv=plan,
            move_values=dict(sorted(best_by_move.items())),
            extra={"generations": done},
        )
