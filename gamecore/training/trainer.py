"""The training driver: games between a learner and an opponent, checkpointed and resumable.

Each game starts from a few random opening plies (so self-play does not
repeat one game), then every seat of the learner's team chooses greedily from
its search, and each of those searches updates θ. The trainer writes a CSV
row per game and, every ``checkpoint_every`` games and on Ctrl-C, a weights
file holding θ and everything needed to continue: the games done, the random
generator's state and the configuration. A checkpoint always describes a game
boundary (on Ctrl-C, θ as it was when the interrupted game began), so
``--resume`` replays exactly what an uninterrupted run would have played
(for depth-limited searches; time-limited ones depend on the clock anyway).
With ``eval_every``, the weights are also measured against fixed opponents as
they learn (:mod:`gamecore.training.yardsticks`), into ``OUT.eval.csv``.

While a run goes, the game being played is published in ``OUT.live`` (see
:mod:`gamecore.training.live`) for ``gamecore gui GAME --watch OUT``: a few hundred bytes
of JSON replaced atomically at most every :data:`~gamecore.training.live.PUBLISH_SECONDS`.
"""

from __future__ import annotations

import csv
import dataclasses
import os
import time
from collections.abc import Callable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from gamecore.bounds import is_finite_number, is_whole
from gamecore.errors import BadOption, GamecoreError
from gamecore.evaluations import evaluation_named
from gamecore.executor import Executor, LocalExecutor, WorkerLost
from gamecore.files import check_input, complete_rows
from gamecore.game import Game
from gamecore.kernel_api import ONGOING
from gamecore.learners import LEARNERS
from gamecore.learners.base import Learner, fix_squash
from gamecore.learners.updates import tie_sides
from gamecore.play.clock import Clocks, TimeControl, choose_on_clock
from gamecore.play.openings import load_book
from gamecore.play.players import Choice, LearnerPlayer, RandomPlayer, SearchPlayer
from gamecore.registry import get_game
from gamecore.search import Limits
from gamecore.search_params import resolve as resolve_search_params
from gamecore.training.config import LINEAR_ONLY, LINEAR_ONLY_UNSET
from gamecore.training.config import OUTCOME_AT_CUT as OUTCOME_AT_CUT  # re-exported
from gamecore.training.config import TrainConfig as TrainConfig  # re-exported
from gamecore.training.config import configure as configure  # re-exported
from gamecore.training.live import LivePublisher, live_path
from gamecore.training.retuning import SearchRetuner
from gamecore.training.sparring import Sparring, learner_side
from gamecore.training.stages import group_mask, parse_group_steps, parse_stages, stage_of
from gamecore.training.worker import GameReport, GameTask, game_seed
from gamecore.training.yardsticks import YardstickRunner
from gamecore.weights import BadWeights, Weights, resolve_weights, spec_label

LOG_FIELDS = (
    "game",
    "learner_team",
    "winner",
    "outcome",
    "plies",
    "seconds",
    "searches",
    "nodes",
    "mean_abs_error",
    "mean_abs_delta",
    "end",
    "workers_lost",
    "opponent",
)

STOP_POLL_SECONDS = 0.1
"""How often the driver of parallel training looks for a stop request between results."""


class TrainingDiverged(GamecoreError):
    """θ left the finite numbers: the step size is too large for the game's feature scale."""


@dataclass
class Progress:
    """Totals over the run, shown by the progress bar."""

    games_done: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    decisive: int = 0
    """Self-play games that did not end in a draw."""
    plies: int = 0
    seconds: float = 0.0
    last_abs_delta: float = 0.0

    def record(self, outcome: str, plies: int, seconds: float, abs_delta: float) -> None:
        self.games_done += 1
        self.plies += plies
        self.seconds += seconds
        self.last_abs_delta = abs_delta
        if outcome == "win":
            self.wins += 1
        elif outcome == "loss":
            self.losses += 1
        elif outcome == "decisive":
            self.decisive += 1
        else:
            self.draws += 1


@dataclass
class GameBoundary:
    """The run as it stood between two games: what an interrupted game is rewound to."""

    theta: np.ndarray
    rng_state: Mapping[str, Any]
    progress: Progress
    rule_state: dict
    """The update rule's state (Adam's moments)."""
    average: np.ndarray
    """The running average of θ (see ``TrainConfig.average``)."""


class Trainer:
    """Runs a :class:`TrainConfig`, from scratch or from a checkpoint."""

    def __init__(self, config: TrainConfig, resume: Weights | None = None) -> None:
        if config.algo not in LEARNERS:
            known = ", ".join(LEARNERS)
            raise BadOption(f"unknown algorithm {config.algo!r} (choose from {known})")
        config.check()
        self.time_control = TimeControl.parse(config.time_control) if config.time_control else None
        self.config = config
        self.game: Game = get_game(config.game, **config.game_options)
        self.evaluation = evaluation_named(self.game, config.evaluation)
        if not self.evaluation.is_linear:
            for name, refusal in LINEAR_ONLY.items():
                if getattr(config, name) != LINEAR_ONLY_UNSET[name]:
                    raise BadOption(refusal)
        self.progress = Progress()
        self.rng = np.random.default_rng(config.seed)
        self._in_game = False
        self._in_evaluation = False
        self._stop_requested = False
        self._stopping = False
        self._resumed = resume is not None
        self.live: LivePublisher | None = None
        """Where the game being played is published (None: nowhere; see :meth:`run`)."""
        if resume is not None:
            state = resume.metadata["training"]
            theta = np.array(state["live_theta"]) if "live_theta" in state else resume.theta.copy()
            self.progress = Progress(**state["progress"])
            self.rng.bit_generator.state = state["rng"]
        elif config.init:
            start = resolve_weights(self.game, config.init)
            if start.evaluation(self.game).name != self.evaluation.name:
                raise BadOption(
                    f"--init {config.init}: weights for {start.feature_set}, "
                    f"not the {config.evaluation} evaluation"
                )
            theta = start.theta.copy()
        else:
            theta = self.evaluation.initial_weights(config.seed, config.init_scale)
            mirror = self.game.side_mirror() if self.evaluation.is_linear else None
            if config.tie_sides and mirror is not None:
                theta = tie_sides(theta, mirror)
        if resume is None and config.squash == "fixed" and self.evaluation.shape is not None:
            fix_squash(theta, self.evaluation.shape)
        learner_cls = LEARNERS[config.algo]
        options: dict[str, Any] = {
            "step": config.step,
            "update": config.update,
            "loss": config.loss,
            "outcome_step": config.outcome_step,
            "outcome_discount": config.outcome_discount,
            "outcome_mask": None
            if config.outcome_groups == "all"
            else group_mask(self.game, config.outcome_groups),
            "group_steps": parse_group_steps(self.game, config.group_steps)
            if config.group_steps
            else None,
            "cut_is_draw": config.outcome_at_cut == "draw",
            "tie_sides": config.tie_sides,
            "quiet_leaves": config.quiet_leaves,
            "evaluation": self.evaluation,
            "symmetry": config.symmetry,
            "squash": config.squash,
        }
        if config.search_params is not None:
            options["params"] = resolve_search_params(self.game, config.search_params)
        if config.algo == "treestrap-ab":
            options["min_depth"] = config.min_depth
        if config.algo == "tdleaf":
            options["lam"] = config.lam
        if config.algo == "td0":
            options["loser_learns"] = config.loser_learns
            options["base_rule"] = config.base_rule
        self.learner = learner_cls(self.game, theta, **options)
        self._learner_options = options
        self.retuner = self._retuner(resume)
        if self.retuner is not None:
            self.learner.searcher.set_params(self.retuner.params)
        self.average = resume.theta.copy() if resume is not None else theta.copy()
        if resume is not None:
            self.learner.rule.load_state(resume.metadata["training"].get("update_rule", {}))
        self.learner_player = LearnerPlayer(self.learner, config.limits())
        self.opponents = [self._opponent(spec) for spec in config.vs.split(",")]
        self.sparring = Sparring.parse(config.sparring) if config.vs == "self" else None
        """The self-play run's sparring partners and scores (None: plain self-play or an
        opponent run)."""
        self._partners: dict[str, Any] = {}
        if self.sparring is not None:
            for partner in self.sparring.partners:
                if partner == "self":
                    raise BadOption("--sparring: the learner is not its own sparring partner")
                self._partner(partner)  # an unknown partner stops the run before it starts
            if resume is not None:
                self.sparring.load_state(resume.metadata["training"].get("sparring", {}))
        self.book = load_book(self.game, config.book) if config.book else None
        self.stages = parse_stages(self.game, config.stages) if config.stages else None
        self.yardsticks = self._yardsticks()
        self._kept_log_rows = self._read_kept_log_rows()

    def warm_up(self) -> None:
        """Compile (or load from numba's cache) everything a training game runs: a search
        and an update by a throwaway copy of the learner, and one move towards a result.

        Done once here, before the workers start, so that on a cold cache the code is
        compiled once (and the workers load it) and the user can be told it is happening.
        """
        state = self.game.initial_state()
        learner = self._throwaway_learner()
        learner.search_and_learn(state, Limits(depth=1))
        gradient, squares = learner._buffers()
        learner.move_towards(state.arrays, 0.0, gradient, squares)

    def warm_up_search(self) -> None:
        """Compile (or load) the search alone, the larger half of :meth:`warm_up`, while
        another process runs :meth:`warm_up_learning` (``gamecore train`` on a cold cache)."""
        self._throwaway_learner().searcher.search(self.game.initial_state(), Limits(depth=1))

    def warm_up_learning(self) -> None:
        """Compile (or load) the learner's own kernels, searching as little as it can."""
        state = self.game.initial_state()
        learner = self._throwaway_learner()
        learner.compile_learning(state)
        gradient, squares = learner._buffers()
        learner.move_towards(state.arrays, 0.0, gradient, squares)

    def _throwaway_learner(self) -> Learner:
        """A learner like the run's, on a copy of θ, for compiling."""
        return type(self.learner)(self.game, self.learner.theta.copy(), **self._learner_options)

    def _opponent(self, vs: str):
        if vs == "self":
            return self.learner_player
        if vs == "random":
            return RandomPlayer(self.rng)
        try:
            weights = resolve_weights(self.game, vs, others=("self", "random"))
        except BadWeights as exc:
            raise BadOption(f"--vs: {exc}") from None
        return SearchPlayer(self.game, weights, self.config.limits(), name=spec_label(vs))

    def _partner(self, spec: str):
        """The player of sparring partner ``spec``, made once."""
        if spec not in self._partners:
            try:
                self._partners[spec] = self._opponent(spec)
            except BadOption as exc:
                raise BadOption(str(exc).replace("--vs", "--sparring", 1)) from None
        return self._partners[spec]

    def partner_for(self, index: int) -> str | None:
        """Game ``index``'s sparring partner, or None (self-play, or a run with an opponent)."""
        if self.sparring is None:
            return None
        return self.sparring.choose(self.config.seed, index)

    def _retuner(self, resume: Weights | None) -> SearchRetuner | None:
        """The search tuner of ``--tune-search-every`` (its suite read now), if asked for."""
        config = self.config
        if not config.tune_search_every:
            return None
        assert config.tune_suite is not None
        saved = resume.metadata["training"].get("search_tuning") if resume is not None else None
        return SearchRetuner(
            self.game,
            every=config.tune_search_every,
            suite=config.tune_suite,
            generations=config.tune_generations,
            population=config.tune_population,
            node_cap=config.tune_node_cap,
            seed=config.seed,
            out=config.out,
            base_params=self.learner.searcher.params,
            saved=saved,
        )

    def _retune(self, executor: Executor | None) -> None:
        """Re-tune the search parameters if due (at a game boundary, no game in flight)."""
        done = self.progress.games_done
        if self.retuner is None or done >= self.config.games or not self.retuner.due(done):
            return
        params = self.retuner.retune(self.learner.theta, self.progress.games_done, executor)
        self.learner.searcher.set_params(params)
        self.checkpoint()

    def _yardsticks(self) -> YardstickRunner | None:
        """The measurements against fixed opponents, if asked for (opponents checked now)."""
        config = self.config
        if not config.eval_every:
            return None
        return YardstickRunner(
            self.game,
            config.game_options,
            config.eval_log_path(),
            every=config.eval_every,
            opponents=config.eval_vs,
            settings=config.match_settings(config.eval_games, self.book),
            evaluation=config.evaluation,
        )

    # -- running -------------------------------------------------------------------

    def request_stop(self) -> None:
        """Stop at once if a game is being played (it is discarded), else after the bookkeeping.

        For signal handlers: an interrupt raised while the log or a checkpoint is
        being written could leave them half-done, so it waits for the next game.
        A measurement against the yardsticks is dropped at once, like a game.
        Once a stop has begun, further requests are ignored: a second Ctrl-C must
        not cut short the checkpoint the first one is writing.
        """
        if self._stopping:
            return
        if self._in_game or self._in_evaluation:
            self._stopping = True
            raise KeyboardInterrupt
        self._stop_requested = True

    def run(
        self,
        on_game: Callable[[Progress, dict], None] | None = None,
        executor: Executor | None = None,
    ) -> Progress:
        """Play the remaining games; checkpoint as configured and on Ctrl-C (then re-raise);
        measure against the yardsticks as configured, the final weights too.

        Without an executor the games are played here, one after another; with one,
        its workers play them and this process merges what they learned (see
        :func:`play_training_game`)."""
        self._trim_log()
        self.live = self._live_publisher()
        ended = "stopped"
        try:
            self._measure()
            if executor is None:
                self._play(on_game)
            else:
                self._play_parallel(executor, on_game)
            self._measure(final=True)
            ended = "finished"
        finally:
            if self.yardsticks is not None:
                self.yardsticks.close()
            if self.live is not None:
                self.live.end(ended, self.progress.games_done)
        return self.progress

    def _live_publisher(self) -> LivePublisher | None:
        """The run's ``OUT.live``, announcing that the run has started (None if it cannot be
        written: watching is a convenience, never a reason to stop training)."""
        config = self.config
        publisher = LivePublisher(
            live_path(config.out), config.game, config.game_options, config.games
        )
        return publisher if publisher.start(self.progress.games_done) else None

    def _play(self, on_game: Callable[[Progress, dict], None] | None) -> None:
        config = self.config
        started = time.perf_counter()
        if self.progress.games_done >= config.games:
            self.checkpoint()  # zero games: the starting weights, as a file
        while self.progress.games_done < config.games:
            if (
                config.time_budget is not None
                and time.perf_counter() - started > config.time_budget
            ):
                self.checkpoint()
                break
            if self._stop_requested:
                self.checkpoint()
                raise KeyboardInterrupt
            before = self._game_boundary()
            self._in_game = True
            try:
                index = self.progress.games_done
                row = self.play_game(index, self.partner_for(index))
            except KeyboardInterrupt:
                self._rewind_and_checkpoint(before)
                raise
            finally:
                self._in_game = False
            if not np.isfinite(self.learner.theta).all():
                self._rewind_and_checkpoint(before)
                raise self._diverged(row["game"])
            self._after_game(row, on_game)
            self._retune(None)

    def _play_parallel(
        self, executor: Executor, on_game: Callable[[Progress, dict], None] | None
    ) -> None:
        """Keep every worker busy with a game; merge each finished game's Δθ into θ.

        A game whose worker dies is sent again (with θ as it is then) and the
        log's ``workers_lost`` says how often. On Ctrl-C the checkpoint holds
        the games merged so far; the games in flight are lost.
        """
        config = self.config
        started = time.perf_counter()
        if self.progress.games_done >= config.games:
            self.checkpoint()
        in_flight: dict[Future, GameTask] = {}
        lost: dict[int, int] = {}
        next_index = self.progress.games_done
        # One game at a time is published (by the worker playing it), on this machine only.
        publish = self.live is not None and isinstance(executor, LocalExecutor)

        def send(index: int) -> None:
            mask = stage_of(self.stages, index).mask if self.stages is not None else None
            watched = publish and not any(t.live for t in in_flight.values())
            task = GameTask(
                config,
                index,
                self.learner.theta.copy(),
                self.learner.rule.state(),
                mask,
                live=str(self.live.path) if watched and self.live is not None else None,
                params=self.learner.searcher.params if self.retuner is not None else None,
                partner=self.partner_for(index),
            )
            in_flight[executor.submit(play_training_game, task)] = task

        try:
            while True:
                if self._stop_requested:
                    raise KeyboardInterrupt
                over_budget = (
                    config.time_budget is not None
                    and time.perf_counter() - started > config.time_budget
                )
                # A re-tuning waits for the games in flight, then has every worker.
                played = self.progress.games_done
                retune_due = (
                    self.retuner is not None and played < config.games and self.retuner.due(played)
                )
                if retune_due and not in_flight:
                    self._retune(executor)
                    continue
                while (
                    len(in_flight) < executor.workers
                    and next_index < config.games
                    and not over_budget
                    and not retune_due
                ):
                    send(next_index)
                    next_index += 1
                if not in_flight:
                    break
                # Not marked as "in a game": an interrupt raised by the signal handler inside
                # wait() can leave its waiter's lock held, and the pool's manager thread then
                # blocks on it for ever. The stop request is seen at the top of the loop.
                done, _ = wait(in_flight, timeout=STOP_POLL_SECONDS, return_when=FIRST_COMPLETED)
                for future in done:
                    task = in_flight.pop(future)
                    try:
                        report = executor.result(future)
                    except WorkerLost:
                        lost[task.index] = lost.get(task.index, 0) + 1
                        send(task.index)
                        continue
                    self._merge(report, lost.pop(task.index, 0), on_game)
            self.checkpoint()
        except KeyboardInterrupt:
            executor.close()
            self.checkpoint()
            raise

    def _merge(
        self,
        report: GameReport,
        workers_lost: int,
        on_game: Callable[[Progress, dict], None] | None,
    ) -> None:
        """Add one finished game's Δθ and its bookkeeping, as ``_play`` does after a game."""
        merged = self.learner.theta + report.delta
        if not np.isfinite(merged).all():
            self.checkpoint()  # θ as it was before this game
            raise self._diverged(report.index + 1)
        self.learner.theta[:] = merged
        self.learner.average_symmetry()  # games merged together average as one would
        self.learner.rule.load_state(report.rule_state)
        row = report.row
        self.progress.record(
            row["outcome"], row["plies"], row["seconds"], float(row["mean_abs_delta"])
        )
        row = {**row, "game": self.progress.games_done, "workers_lost": workers_lost}
        self._after_game(row, on_game)

    def _diverged(self, game_number: int) -> TrainingDiverged:
        config = self.config
        return TrainingDiverged(
            f"the weights became infinite or NaN in game {game_number}: step "
            f"{self.learner.step:g} is too large for {config.game}; the last finite "
            f"weights are in {config.out} (resume with --resume and a smaller --step)"
        )

    def _after_game(self, row: dict, on_game: Callable[[Progress, dict], None] | None) -> None:
        """The bookkeeping after each game: sparring score, average, log, checkpoint, snapshot,
        yardsticks."""
        config = self.config
        done = self.progress.games_done
        if self.sparring is not None and row["opponent"] in self.sparring.scores:
            points = {"win": 1.0, "draw": 0.5, "loss": 0.0}[row["outcome"]]
            self.sparring.record(row["opponent"], points)
        self._update_average()
        self._append_log(row)
        if done % config.checkpoint_every == 0 or done == config.games:
            self.checkpoint()
        if config.snapshot_every and done % config.snapshot_every == 0:
            self.checkpoint(self.snapshot_path(done))
        self._measure()
        if on_game is not None:
            on_game(self.progress, row)

    def _measure(self, final: bool = False) -> None:
        """Hand the weights to the yardsticks if a measurement is due (at the end, wait for
        it); record any that finished. Ctrl-C meanwhile checkpoints this game boundary."""
        runner = self.yardsticks
        if runner is None:
            return
        done = self.progress.games_done
        self._in_evaluation = True
        try:
            if runner.due(done, self.config.games, final):
                runner.submit(done, self.current_weights(), self.progress.seconds)
            runner.poll()
            if final:
                runner.wait()
        except KeyboardInterrupt:
            self.checkpoint()
            raise
        finally:
            self._in_evaluation = False

    def current_weights(self) -> np.ndarray:
        """θ as the run writes it: the running average when averaging, else the live θ."""
        return self.average if self.config.average else self.learner.theta

    def _update_average(self) -> None:
        """θ̄ += (θ − θ̄)/k over the games so far, k capped at ``average_share`` of the run's."""
        if not self.config.average:
            return
        horizon = max(1, int(self.config.games * self.config.average_share))
        self.average += (self.learner.theta - self.average) / min(self.progress.games_done, horizon)

    def _game_boundary(self) -> GameBoundary:
        """What a checkpoint at this game boundary holds."""
        return GameBoundary(
            theta=self.learner.theta.copy(),
            rng_state=self.rng.bit_generator.state,
            progress=dataclasses.replace(self.progress),
            rule_state=self.learner.rule.state(),
            average=self.average.copy(),
        )

    def _rewind_and_checkpoint(self, boundary: GameBoundary) -> None:
        """Undo the unfinished game (back to ``boundary``) and checkpoint there."""
        self.learner.theta[:] = boundary.theta
        self.rng.bit_generator.state = boundary.rng_state
        self.progress = boundary.progress
        self.learner.rule.load_state(boundary.rule_state)
        self.average = boundary.average
        self.checkpoint()

    def play_game(self, index: int, partner: str | None = None) -> dict:
        """One training game (against sparring ``partner`` if one is given); returns its log
        row."""
        config = self.config
        start = time.perf_counter()
        if self.stages is not None:
            self.learner.trainable = stage_of(self.stages, index).mask
        state = self.game.initial_state()
        if self.book is not None:
            for move in self.book[index % len(self.book)]:
                state.push_unchecked(move)
        for _ in range(0 if self.book is not None else config.opening_plies):
            moves = state.legal_moves()
            if not moves or state.status() != ONGOING:
                break
            state.push_unchecked(moves[int(self.rng.integers(len(moves)))])
        # Opponents take turns; each meets the learner on both sides in turn.
        opponent = self.opponents[index % len(self.opponents)]
        label = self.config.vs.split(",")[index % len(self.opponents)]
        self_play = opponent is self.learner_player
        learner_team = None if self_play else (index // len(self.opponents)) % 2
        if partner is not None:
            opponent, label, self_play = self._partner(partner), partner, False
            learner_team = learner_side(index)
        self.learner_player.new_game()
        if not self_play:
            opponent.new_game()
        end = ""
        clocks = None
        if self.time_control is not None:
            clocks = Clocks(self.time_control, self.game.num_players, config.depth)
        while True:
            result = state.status()
            if result != ONGOING:
                end = self.game.describe_result(state)
                break
            if len(state.history) >= config.max_plies:
                end = f"adjudicated a draw after {config.max_plies} plies"
                break
            seat = self.learner_player if self_play or state.team == learner_team else opponent
            choice: Choice = choose_on_clock(seat, state, clocks)
            state.push_unchecked(choice.move)
            if self.live is not None:
                self.live.game(index, state.history)
        finished = state.status() != ONGOING
        if self.live is not None:
            self.live.game(index, state.history, end, final=True)
        self.learner.end_game(state, learner_team)
        self.learner.track_squash(state)
        self.learner.learn_outcome(state)
        self.learner.decay_weights(config.decay)
        self.learner.average_symmetry()
        winner = state.winner_team() if finished else None
        outcome = _outcome(winner, learner_team)
        seconds = time.perf_counter() - start
        stats = self.learner.stats
        self.progress.record(outcome, len(state.history), seconds, stats.mean_abs_delta)
        return {
            "game": index + 1,
            "learner_team": -1 if learner_team is None else learner_team,
            "winner": -1 if winner is None else winner,
            "outcome": outcome,
            "plies": len(state.history),
            "seconds": round(seconds, 3),
            "searches": stats.searches,
            "nodes": stats.nodes,
            "mean_abs_error": round(stats.mean_abs_error, 4),
            "mean_abs_delta": f"{stats.mean_abs_delta:.3e}",
            "end": end,
            "workers_lost": 0,
            "opponent": label,
        }

    # -- files ---------------------------------------------------------------------

    def snapshot_path(self, games: int) -> Path:
        out = Path(self.config.out)
        return out.with_name(f"{out.stem}-g{games:05d}{out.suffix}")

    def checkpoint(self, path: str | Path | None = None) -> None:
        """Write θ and the run's state atomically to the output file (or ``path``)."""
        meta: dict[str, Any] = {
            "training": {
                "config": dataclasses.asdict(self.config),
                "progress": dataclasses.asdict(self.progress),
                "rng": self.rng.bit_generator.state,
                "update_rule": self.learner.rule.state(),
            },
            "algorithm": self.config.algo,
            "games": self.progress.games_done,
        }
        if self.config.average:  # what the learner continues from
            meta["training"]["live_theta"] = self.learner.theta.tolist()
        if self.retuner is not None:
            meta["training"]["search_tuning"] = self.retuner.to_dict()
        if self.sparring is not None:
            meta["training"]["sparring"] = self.sparring.state()
        weights = Weights.for_game(self.game, self.current_weights(), self.evaluation, **meta)
        weights.metadata["training"]["theta_digest"] = weights.digest()
        weights.save(path or self.config.out)

    def _append_log(self, row: dict) -> None:
        path = self.config.log_path()
        new = not path.exists()
        with path.open("a", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=LOG_FIELDS)
            if new:
                writer.writeheader()
            writer.writerow(row)

    def _trim_log(self) -> None:
        """Drop log rows of games played after the checkpoint being resumed (they are replayed),
        and the same for the measurements (a new run starts both afresh)."""
        if self.yardsticks is not None:
            self.yardsticks.trim(self.progress.games_done if self._resumed else -1)
        path = self.config.log_path()
        if not path.exists():
            return
        tmp = path.with_suffix(".csv.tmp")
        with tmp.open("w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=LOG_FIELDS)
            writer.writeheader()
            writer.writerows(self._kept_log_rows)
        tmp.replace(path)

    def _read_kept_log_rows(self) -> list[dict]:
        """The log rows a resumed run keeps: whole rows up to its checkpoint (a new run keeps
        none). Read when the trainer is made, so an unreadable log is reported before work."""
        path = self.config.log_path()
        if not self._resumed or not path.exists():
            return []
        check_input(path, "training log")
        done = self.progress.games_done
        try:
            with path.open(newline="") as f:
                return [r for r in complete_rows(csv.DictReader(f)) if int(r["game"]) <= done]
        except (OSError, UnicodeDecodeError, ValueError, KeyError, csv.Error) as exc:
            raise BadOption(
                f"training log {str(path)!r} beside the checkpoint is unreadable ({exc}); "
                "move it away to resume without it"
            ) from None


def _outcome(winner: int | None, learner_team: int | None) -> str:
    if learner_team is None:
        return "decisive" if winner is not None else "draw"
    if winner is None:
        return "draw"
    return "win" if winner == learner_team else "loss"


def resume_config(checkpoint: Weights, **overrides: Any) -> TrainConfig:
    """The configuration stored in a checkpoint, with ``overrides`` applied (e.g. more games)."""
    try:
        stored = checkpoint.metadata["training"]["config"]
    except (KeyError, TypeError):
        raise BadOption("that weights file is not a training checkpoint") from None
    # Runs checkpointed before the update rules existed used the paper's rule.
    if not isinstance(stored, dict):
        raise BadOption("that checkpoint is damaged: its configuration is not a record")
    # ... those from before twin features were tied learned every weight on its own, and
    # those from before quiet leaves moved every position itself, and networks from before
    # symmetric weights were averaged kept them apart.
    stored = {
        "update": "sgd",
        "loss": "value",
        "average": False,
        "tie_sides": False,
        "quiet_leaves": False,
        "symmetry": "none",
        "sparring": "none",
        **stored,
    }
    known = {field.name for field in dataclasses.fields(TrainConfig)}
    unknown = sorted(set(stored) - known, key=repr)
    if unknown:
        raise BadOption(f"that checkpoint is damaged: its configuration has {unknown[0]!r:.60}")
    try:
        config = TrainConfig(**stored)
    except TypeError as exc:  # a field missing: its name is an identifier, the line one line
        raise BadOption(f"that checkpoint is damaged: {exc}") from None
    _check_training_state(checkpoint)  # the configuration is checked by the Trainer
    return dataclasses.replace(config, **{k: v for k, v in overrides.items() if v is not None})


def _check_training_state(checkpoint: Weights) -> None:
    """The progress, random state and live θ a resume continues from, or one line naming the
    damage (nothing is changed: the check runs before the run opens any file)."""
    state = checkpoint.metadata["training"]
    try:
        progress = Progress(**state["progress"])
        np.random.default_rng().bit_generator.state = state["rng"]
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise BadOption(f"that checkpoint is damaged: {type(exc).__name__}: {exc}") from None
    digest = state.get("theta_digest")
    if digest is not None and digest != checkpoint.digest():
        raise BadOption(
            "that file's weights were changed after its checkpoint was written, so it is no "
            "run's state to resume: start a new run from them with --init"
        )
    counts = (progress.games_done, progress.wins, progress.draws, progress.losses)
    if any(not is_whole(n) or n < 0 for n in counts):
        raise BadOption(f"that checkpoint is damaged: negative or fractional counts {counts}")
    if "live_theta" in state:
        live = state["live_theta"]
        if (
            not isinstance(live, list)
            or len(live) != checkpoint.theta.size
            or not all(is_finite_number(x) for x in live)
        ):
            raise BadOption("that checkpoint is damaged: its live weights are not finite numbers")


# -- the worker's side of parallel training (see gamecore.training.worker) -------------------

_TRAINERS: dict[str, Trainer] = {}
"""Per worker process: one trainer per configuration, reused across its games."""


def play_training_game(task: GameTask) -> GameReport:
    """Play and learn from one game with the task's θ; return what it changed."""
    trainer = _trainer_for(task.config)
    learner = trainer.learner
    learner.theta[:] = task.theta
    learner.rule.load_state(task.rule_state)
    learner.trainable = task.mask
    if task.params is not None:
        learner.searcher.set_params(task.params)
    trainer.rng.bit_generator.state = game_seed(task.config.seed, task.index).bit_generator.state
    trainer.live = _publisher(task)
    row = trainer.play_game(task.index, task.partner)
    return GameReport(
        index=task.index,
        delta=learner.theta - task.theta,
        row=row,
        rule_state=learner.rule.state(),
        worker=os.getpid(),
    )


def _publisher(task: GameTask):
    """The worker's publisher of ``task.live`` (kept across games, so its pace holds)."""
    if task.live is None:
        return None
    config = task.config
    key = ("live", task.live)
    if key not in _PUBLISHERS:
        _PUBLISHERS.clear()
        _PUBLISHERS[key] = LivePublisher(task.live, config.game, config.game_options, config.games)
    return _PUBLISHERS[key]


_PUBLISHERS: dict[tuple[str, str], Any] = {}


def _trainer_for(config: TrainConfig) -> Trainer:
    key = repr(config)
    if key not in _TRAINERS:
        _TRAINERS.clear()
        # The driver checks files and measures the weights; a worker only plays, with the θ,
        # stage mask and search parameters each task brings. The starting weights are the
        # evaluation's own random ones (no file to read, and of the network's shape, where
        # ``zeros`` would be linear), overwritten by the task's θ anyway.
        local = dataclasses.replace(
            config, init=None, eval_every=0, stages=None, tune_search_every=0
        )
        _TRAINERS[key] = Trainer(local)
    return _TRAINERS[key]


def compile_learning(config: TrainConfig) -> None:
    """Compile the run's learner kernels into the disk cache (a helper process's one task
    while the driver compiles the search; see ``gamecore.commands.train.warm_up``)."""
    _trainer_for(config).warm_up_learning()
