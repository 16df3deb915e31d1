"""Genetic tuning of the selective search (David-Tabibi, Koppel & Netanyahu, seed 004).

An organism is a bit string: every tuned search parameter
(:data:`gamecore.search.params.RANGES` with bits > 0) Gray-coded in its bits,
seed 004's 18 parameters first (70 bits), then gamecore's late-move
reduction and aspiration parameters. Its fitness is the total number of nodes
the search needs to solve a suite of positions with known best moves: for
each position, the nodes searched when an iteration of iterative deepening
first reports a best move; a position not solved within the node cap costs
the cap. Selection is fitness-proportional on 1 / nodes, crossover uniform,
mutation a bit flip, and the best organisms pass unchanged (elitism); the
operators are DEAP's. Organisms are evaluated in parallel on an
:class:`~gamecore.executor.Executor` (local processes or Ray). The whole
state is checkpointed after every generation, so a stopped run resumes there.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from deap import base, tools

from gamecore.errors import BadOption
from gamecore.executor import Executor, run_all
from gamecore.files import write_text_atomically
from gamecore.game import Game
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.search.params import RANGES
from gamecore.suites import SuitePosition

TUNED = tuple(name for name, span in RANGES.items() if span.bits > 0)
"""The genes, in chromosome order."""
CHROMOSOME_BITS = sum(RANGES[name].bits for name in TUNED)
CHECKPOINT_FORMAT = "gamecore-tune-search"


# -- the chromosome ------------------------------------------------------------------------


def gray_decode(bits: list[int]) -> int:
    """The number whose reflected Gray code is ``bits`` (most significant first)."""
    value = 0
    bit = 0
    for gray in bits:
        bit ^= gray
        value = (value << 1) | bit
    return value


def gray_encode(value: int, width: int) -> list[int]:
    gray = value ^ (value >> 1)
    return [(gray >> (width - 1 - i)) & 1 for i in range(width)]


def decode(chromosome: list[int], base_params: SearchParams) -> SearchParams:
    """The search parameters a chromosome stands for, on top of ``base_params`` (whose
    untuned fields it keeps). Futility is switched on: its depth gene (0 to 3) says where."""
    if len(chromosome) != CHROMOSOME_BITS:
        raise ValueError(f"a chromosome has {CHROMOSOME_BITS} bits, not {len(chromosome)}")
    values: dict[str, Any] = {"futility": True}
    at = 0
    for name in TUNED:
        span = RANGES[name]
        raw = gray_decode(chromosome[at : at + span.bits])
        at += span.bits
        if span.is_float:
            values[name] = float(min(span.low + raw, span.high))
        elif (span.low, span.high) == (0, 1):
            values[name] = bool(raw)
        else:
            values[name] = int(min(span.low + raw, span.high))  # 3 bits for 0..4: clamped
    return base_params._replace(**values)


def encode(params: SearchParams) -> list[int]:
    """The chromosome nearest to ``params`` (values clamped to the tuner's ranges)."""
    bits: list[int] = []
    for name in TUNED:
        span = RANGES[name]
        value = getattr(params, name)
        raw = round(min(max(float(value), span.low), span.high) - span.low)
        if name == "futility_depth" and not params.futility:
            raw = 0
        bits += gray_encode(raw, span.bits)
    return bits


# -- fitness -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SolveTask:
    """One organism's search over a suite, as a worker receives it."""

    game: Game
    positions: list[SuitePosition]
    theta: np.ndarray
    params: SearchParams
    node_cap: int


@dataclass(frozen=True)
class SuiteScore:
    nodes: int
    """Total over the suite; an unsolved position counts the cap."""
    solved: int


def solve_suite(task: SolveTask) -> SuiteScore:
    """Search every position of the suite, from an empty table, until it is solved."""
    searcher = Searcher(task.game, task.theta, task.params, tt_megabytes=16)
    total = solved = 0
    for position in task.positions:
        searcher.clear()
        state = task.game.state_from_text(position.position)
        cost = task.node_cap
        for info in searcher.iterate(state, Limits(nodes=task.node_cap)):
            if info.complete and info.best_move in position.best:
                cost = min(info.nodes, task.node_cap)
                solved += 1
                break
        total += cost
    return SuiteScore(total, solved)


# -- the genetic algorithm -----------------------------------------------------------------


class _Fitness(base.Fitness):
    weights = (1.0,)  # maximise 1 / nodes: fitness-proportional selection needs it positive


class Organism(list):
    """A chromosome (list of bits) with the fitness DEAP's operators read."""

    def __init__(self, bits: list[int]) -> None:
        super().__init__(bits)
        self.fitness = _Fitness()


@dataclass(frozen=True)
class TuneConfig:
    population: int = 10
    generations: int = 50
    crossover: float = 0.75
    """Chance that a pair of parents is crossed (uniform crossover, each bit swapped with
    probability ½)."""
    mutation: float = 0.05
    """Chance that each bit flips."""
    elite: int = 1
    """Best organisms copied unchanged into the next generation."""
    node_cap: int = 500_000
    seed: int = 0

    def check(self) -> None:
        if self.population < 2:
            raise BadOption("--population must be at least 2")
        if not 0 <= self.elite < self.population:
            raise BadOption(f"--elite must be from 0 to {self.population - 1}")


@dataclass
class Generation:
    """One generation's figures, as the log records them."""

    generation: int
    mean_nodes: float
    best_nodes: int
    mean_solved: float
    best_solved: int
    best_ever_nodes: int
    best_ever_solved: int
    evaluated: int
    """Organisms searched this generation (the others' scores were known)."""
    seconds: float


@dataclass
class TuneState:
    """Everything a resumed run needs, written after every generation."""

    config: TuneConfig
    generation: int = 0
    """Generations finished."""
    population: list[list[int]] = field(default_factory=list)
    scores: dict[str, tuple[int, int]] = field(default_factory=dict)
    """(nodes, solved) of every chromosome searched so far, by its bit string."""
    best: list[int] = field(default_factory=list)
    random_state: Any = None

    def best_score(self) -> tuple[int, int]:
        """(nodes, solved) of the best chromosome."""
        return self.scores[_key(self.best)]

    def to_dict(self) -> dict[str, Any]:
        """The state as JSON holds it (a checkpoint, or a training run's metadata)."""
        return {
            "config": asdict(self.config),
            "generation": self.generation,
            "population": [_key(c) for c in self.population],
            "scores": self.scores,
            "best": _key(self.best),
            "random_state": _jsonable(self.random_state),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TuneState:
        """The state :meth:`to_dict` wrote; ValueError, KeyError or TypeError if damaged."""
        return cls(
            config=TuneConfig(**data["config"]),
            generation=int(data["generation"]),
            population=[_bits(text) for text in data["population"]],
            scores={k: (int(v[0]), int(v[1])) for k, v in data["scores"].items()},
            best=_bits(data["best"]) if data["best"] else [],
            random_state=_tupled(data["random_state"]),
        )

    def save(self, path: Path, context: dict[str, Any]) -> None:
        data = {"format": CHECKPOINT_FORMAT, "version": 1, "context": context, **self.to_dict()}
        write_text_atomically(path, json.dumps(data) + "\n")

    @classmethod
    def load(cls, path: Path, context: dict[str, Any]) -> TuneState:
        """The state in a checkpoint; :class:`BadOption` if it is damaged or belongs to a run
        with another game, suite or weights."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("format") != CHECKPOINT_FORMAT:
                raise ValueError("not a tune-search checkpoint")
            if data["context"] != context:
                changed = sorted(k for k in context if data["context"].get(k) != context[k])
                raise BadOption(
                    f"checkpoint {str(path)!r} is of a run with another {', '.join(changed)}"
                )
            return cls.from_dict(data)
        except OSError as exc:
            raise BadOption(f"cannot read checkpoint {str(path)!r}: {exc.strerror}") from None
        except (ValueError, KeyError, TypeError) as exc:
            raise BadOption(f"checkpoint {str(path)!r} is damaged: {exc}") from None


def _key(chromosome: list[int]) -> str:
    return "".join(str(int(b)) for b in chromosome)


def _bits(text: str) -> list[int]:
    if len(text) != CHROMOSOME_BITS or set(text) - {"0", "1"}:
        raise ValueError(f"chromosome {text[:20]!r}… is not {CHROMOSOME_BITS} bits")
    return [int(c) for c in text]


def _jsonable(value: Any) -> Any:
    """``random.getstate()`` as JSON can hold it (tuples as lists); ``_tupled`` undoes it."""
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


class Tuner:
    """Runs the GA generation by generation; ``evaluate`` scores a list of parameter sets."""

    def __init__(
        self,
        config: TuneConfig,
        base_params: SearchParams,
        evaluate: Callable[[list[SearchParams]], list[SuiteScore]],
        state: TuneState | None = None,
    ) -> None:
        self.config = config
        self.base_params = base_params
        self.evaluate = evaluate
        if state is None:
            random.seed(config.seed)
            population = [
                [random.randint(0, 1) for _ in range(CHROMOSOME_BITS)]
                for _ in range(config.population)
            ]
            state = TuneState(config, population=population, random_state=random.getstate())
        self.state = state

    @property
    def finished(self) -> bool:
        return self.state.generation >= self.config.generations

    def params_of(self, chromosome: list[int]) -> SearchParams:
        return decode(chromosome, self.base_params)

    def best_params(self) -> SearchParams:
        return self.params_of(self.state.best)

    def step(self, seconds: Callable[[], float]) -> Generation:
        """Score the current population, record the best, and breed the next one."""
        state = self.state
        todo = sorted({_key(c) for c in state.population} - set(state.scores))
        results = self.evaluate([self.params_of(_bits(key)) for key in todo])
        for key, score in zip(todo, results, strict=True):
            state.scores[key] = (score.nodes, score.solved)
        organisms = []
        for chromosome in state.population:
            organism = Organism(chromosome)
            nodes, _ = state.scores[_key(chromosome)]
            organism.fitness.values = (1.0 / max(nodes, 1),)
            organisms.append(organism)
        scored = [state.scores[_key(c)] for c in state.population]
        champion = min(range(len(scored)), key=lambda i: scored[i][0])
        if not state.best or scored[champion][0] < state.scores[_key(state.best)][0]:
            state.best = list(state.population[champion])
        best_ever = state.scores[_key(state.best)]
        record = Generation(
            generation=state.generation + 1,
            mean_nodes=float(np.mean([s[0] for s in scored])),
            best_nodes=scored[champion][0],
            mean_solved=float(np.mean([s[1] for s in scored])),
            best_solved=scored[champion][1],
            best_ever_nodes=best_ever[0],
            best_ever_solved=best_ever[1],
            evaluated=len(todo),
            seconds=seconds(),
        )
        random.setstate(state.random_state)
        state.population = self._breed(organisms)
        state.random_state = random.getstate()
        state.generation += 1
        return record

    def _breed(self, organisms: list[Organism]) -> list[list[int]]:
        config = self.config
        ranked = sorted(organisms, key=lambda o: -o.fitness.values[0])
        elite = [list(o) for o in ranked[: config.elite]]
        parents = tools.selRoulette(organisms, config.population - config.elite)
        children = [Organism(list(p)) for p in parents]
        random.shuffle(children)
        for first, second in zip(children[::2], children[1::2], strict=False):
            if random.random() < config.crossover:
                tools.cxUniform(first, second, indpb=0.5)
        for child in children:
            tools.mutFlipBit(child, indpb=config.mutation)
        return elite + [list(child) for child in children]


def suite_evaluator(
    game: Game,
    positions: list[SuitePosition],
    theta: np.ndarray,
    node_cap: int,
    executor: Executor | None,
    on_result: Callable[[], None] | None = None,
) -> Callable[[list[SearchParams]], list[SuiteScore]]:
    """Scores parameter sets on the suite, one organism per task on the executor."""

    def evaluate(candidates: list[SearchParams]) -> list[SuiteScore]:
        tasks = [SolveTask(game, positions, theta, params, node_cap) for params in candidates]

        def done(i: int, result: SuiteScore, lost: int) -> None:
            if on_result is not None:
                on_result()

        return run_all(executor, solve_suite, tasks, done)

    return evaluate
