"""The training driver: a run of games between a learner and its opponents, checkpointed
and resumable (each game is played by :class:`~gamecore.training.games.TrainingGames`).

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

import dataclasses
import time
from collections.abc import Callable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from gamecore.errors import GamecoreError
from gamecore.executor import Executor, LocalExecutor, WorkerLost
from gamecore.training.config import OUTCOME_AT_CUT as OUTCOME_AT_CUT  # re-exported
from gamecore.training.config import TrainConfig as TrainConfig  # re-exported
from gamecore.training.config import configure as configure  # re-exported
from gamecore.training.games import Progress as Progress  # re-exported
from gamecore.training.games import TrainingGames
from gamecore.training.live import LivePublisher, live_path
from gamecore.training.resume import resume_config as resume_config  # re-exported
from gamecore.training.retuning import SearchRetuner
from gamecore.training.run_log import RunLog
from gamecore.training.stages import stage_of
from gamecore.training.worker import GameReport, GameTask, play_training_game
from gamecore.training.yardsticks import YardstickRunner
from gamecore.weights import Weights

STOP_POLL_SECONDS = 0.1
"""How often the driver of parallel training looks for a stop request between results."""


class TrainingDiverged(GamecoreError):
    """θ left the finite numbers: the step size is too large for the game's feature scale."""


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


class Trainer(TrainingGames):
    """Runs a :class:`TrainConfig`, from scratch or from a checkpoint."""

    def __init__(self, config: TrainConfig, resume: Weights | None = None) -> None:
        super().__init__(config, resume)
        self._in_game = False
        self._in_evaluation = False
        self._stop_requested = False
        self._stopping = False
        self._resumed = resume is not None
        self.retuner = self._retuner(resume)
        if self.retuner is not None:
            self.learner.searcher.set_params(self.retuner.params)
        self.average = (resume.theta if resume is not None else self.learner.theta).copy()
        self.yardsticks = self._yardsticks()
        self.log = RunLog(config.log_path(), self.progress.games_done if self._resumed else None)

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
        :func:`~gamecore.training.worker.play_training_game`)."""
        self._restart_logs()
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
                    self._merge(report, task.rule_state, lost.pop(task.index, 0), on_game)
            self.checkpoint()
        except KeyboardInterrupt:
            executor.close()
            self.checkpoint()
            raise

    def _merge(
        self,
        report: GameReport,
        sent_rule_state: dict,
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
        self.learner.rule.merge_state(sent_rule_state, report.rule_state)
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
        self.log.append(row)
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

    def _restart_logs(self) -> None:
        """Drop the log rows of games played after the checkpoint being resumed (they are
        replayed), and the same for the measurements (a new run starts both afresh)."""
        if self.yardsticks is not None:
            self.yardsticks.trim(self.progress.games_done if self._resumed else -1)
        self.log.restart()
