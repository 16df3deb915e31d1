"""``gamecore train``: learn evaluation weights from search, with progress, log and checkpoints."""

from __future__ import annotations

import argparse
import dataclasses
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from tqdm import tqdm

from gamecore.commands import validate
from gamecore.commands.common import (
    add_game_arguments,
    add_worker_arguments,
    executor_from_args,
    parse_options,
)
from gamecore.errors import BadOption, GamecoreError
from gamecore.executor import default_workers
from gamecore.files import check_output
from gamecore.training.compile_helper import LearningCompiler
from gamecore.training.live import LivePublisher, live_path
from gamecore.training.options import CliOption, option_fields, option_string
from gamecore.training.stages import unreached_stages
from gamecore.training.trainer import (
    Progress,
    TrainConfig,
    Trainer,
    configure,
    resume_config,
)
from gamecore.training.verdict import VERDICT_GAMES, judge
from gamecore.training.yardsticks import check_schedule, score_text
from gamecore.weights import Weights

NOTICE_AFTER_SECONDS = 2.0
"""Preparation that takes longer than this is compiling, and the user is told so."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "train",
        help="learn evaluation weights by self-play or against an opponent",
        description="Train evaluation weights. With no options, TreeStrap(αβ) follows the "
        "game's own recipe (its training_defaults): for Duchess about ten minutes against "
        "the hand-set team (--vs random: half a minute against random movers), for the "
        "other games one to three minutes of self-play with sparring partners. It writes "
        "GAME-ALGO.npz and GAME-ALGO.csv, then plays the weights a few games against a "
        "yardstick and says how they did.",
    )
    add_game_arguments(parser)
    for field, option in option_fields(TrainConfig):
        add_option(parser, field, option)
        if field.name == "out":  # --resume beside --out: a resumed run writes to FILE by default
            parser.add_argument(
                "--resume", metavar="FILE", help="continue the run checkpointed in FILE"
            )
    parser.add_argument(
        "--watch",
        action="store_true",
        help="open a window on the run, in a process of its own: the game being played, the "
        "learning curve, the update error and the weights' heat map (gamecore gui GAME "
        "--watch OUT attaches to a run later)",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="start a new run even if OUT exists (its weights and log are replaced)",
    )
    parser.add_argument(
        "--verdict-games",
        type=validate.integer(0, 10_000),
        default=VERDICT_GAMES,
        metavar="N",
        help="after the run, play the weights N games against random movers (runs against "
        "them) or the zero weights (all others) and say how they did; 0: no verdict "
        f"(default: {VERDICT_GAMES})",
    )
    add_worker_arguments(parser)
    parser.set_defaults(run=run)


def add_option(
    parser: argparse.ArgumentParser, field: dataclasses.Field, option: CliOption
) -> None:
    """Add a :class:`TrainConfig` field's option, parsed into ``field.name``: None when not
    given, so that the game's recipe and then the field's default apply (:func:`configure`)."""
    settings: dict[str, Any] = {"dest": field.name, "default": None, "help": option.help}
    if option.boolean:
        settings["action"] = argparse.BooleanOptionalAction
    if option.validator is not None:
        validator = getattr(validate, option.validator)
        settings["type"] = validator(*option.validator_args) if option.validator_args else validator
    if option.metavar is not None:
        settings["metavar"] = option.metavar
    if option.choices is not None:
        settings["choices"] = option.choices
    parser.add_argument(option_string(field, option), **settings)


def build_config(args: argparse.Namespace) -> tuple[TrainConfig, Weights | None]:
    """The run's configuration and the checkpoint it continues (None: a new run), resolved
    from the options as :func:`configure` resolves a Python caller's settings."""
    given = {field.name: getattr(args, field.name) for field, _ in option_fields(TrainConfig)}
    if args.time_control is not None and args.time_per_move is not None:
        raise BadOption("give --time-control or --time-per-move, not both")
    if args.eval_games is not None:
        check_schedule(1, args.eval_games)
    if args.resume:
        checkpoint = Weights.load(args.resume)
        config = resume_config(checkpoint, **given)
        if config.game != args.game:
            raise BadOption(f"{args.resume!r} is a {config.game} checkpoint, not {args.game}")
        if args.out is None:
            config = dataclasses.replace(config, out=args.resume)
        return config, checkpoint
    return configure(args.game, parse_options(args.option), **given), None


def check_outputs(config: TrainConfig, fresh: bool, force: bool) -> None:
    """Refuse now, not after the first games, outputs that cannot be written or would be lost."""
    out = Path(config.out)
    if out == config.log_path():
        raise BadOption(
            f"--out {config.out!r}: the weights and the log would be one file; "
            "give the weights a name ending in .npz"
        )
    check_output(out, "weights file")
    check_output(config.log_path(), "log")
    if config.eval_every:
        check_output(config.eval_log_path(), "measurement log")
    if fresh and out.exists() and not force:
        raise BadOption(
            f"{config.out!r} exists: continue that run with --resume {config.out}, "
            "or replace it with --force"
        )


def warm_up(trainer: Trainer, helper: bool = False) -> None:
    """Compile the game's search and learners before the first game, saying so when it takes
    long (a cold numba cache: tens of seconds for Duchess, then seconds on every later run).

    With ``helper`` (the run has a second core for its games anyway), a cold start compiles
    the learner's kernels in a second process while this one compiles the search
    (:mod:`gamecore.training.compile_helper`)."""
    done = threading.Event()
    searching = threading.Event()
    game = trainer.config.game
    compiler = LearningCompiler(trainer.config) if helper else None

    def announce() -> None:
        if not done.wait(NOTICE_AFTER_SECONDS):
            sys.stderr.write(
                f"gamecore train: compiling the {game} search and learners "
                "(once; later runs load them from the cache)...\n"
            )
            if compiler is not None and searching.is_set():
                compiler.start()

    start = time.perf_counter()
    notice = threading.Thread(target=announce, daemon=True)
    notice.start()
    try:
        if compiler is not None:
            searching.set()
            trainer.warm_up_search()
            searching.clear()
            compiler.wait()
        trainer.warm_up()
    finally:
        done.set()
        notice.join()
        if compiler is not None:
            compiler.close()
    seconds = time.perf_counter() - start
    if seconds > NOTICE_AFTER_SECONDS:
        sys.stderr.write(f"gamecore train: ready after {seconds:.0f} s\n")


def check_display() -> None:
    """--watch needs somewhere to open a window: refused now rather than after compiling."""
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY")
        or os.environ.get("WAYLAND_DISPLAY")
        or os.environ.get("SDL_VIDEODRIVER")
    ):
        raise BadOption("--watch needs a display to open its window on (DISPLAY is not set)")


def start_watching(config: TrainConfig, games_done: int) -> None:
    """Start ``gamecore gui GAME --watch OUT`` in a process and session of its own: drawing
    does not share this interpreter (or its Ctrl-C), and closing the window leaves the run."""
    LivePublisher(live_path(config.out), config.game, config.game_options, config.games).start(
        games_done
    )  # so the window finds the run at once
    command = [sys.executable, "-m", "gamecore", "gui", config.game]
    for key, value in config.game_options.items():
        command += ["-o", f"{key}={value}"]
    command += ["--watch", str(config.out)]
    window = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,  # a pipe kept open by the window would hold up a caller
        start_new_session=True,
    )
    sys.stderr.write(
        f"gamecore train: watching in a window (process {window.pid}; closing it leaves "
        "the run going)\n"
    )


def run(args: argparse.Namespace) -> int:
    config, checkpoint = build_config(args)
    check_outputs(config, fresh=checkpoint is None, force=args.force)
    if not config.eval_every:
        for option in ("eval_games", "eval_vs"):
            if getattr(args, option) is not None:
                raise BadOption(f"--{option.replace('_', '-')} needs --eval-every")
    if args.watch:
        check_display()
    trainer = Trainer(config, resume=checkpoint)
    workers = default_workers() if args.workers is None else args.workers
    warm_up(trainer, helper=not args.cluster and workers > 1)
    if args.watch:
        start_watching(config, trainer.progress.games_done)
    executor = executor_from_args(args)
    done = trainer.progress.games_done
    bar = tqdm(total=config.games, initial=done, unit="game", desc=f"{config.game} {config.algo}")

    def on_game(progress: Progress, row: dict) -> None:
        if config.vs == "self":
            score = f"decisive {progress.decisive}"
        else:
            score = f"W/D/L {progress.wins}/{progress.draws}/{progress.losses}"
        rate = progress.plies / progress.seconds if progress.seconds else 0.0
        parts = [score, f"{rate:.1f} moves/s", f"|Δθ| {progress.last_abs_delta:.2e}"]
        if trainer.sparring is not None:
            parts.append(f"sparring {trainer.sparring.summary()}")
        if trainer.yardsticks is not None and trainer.yardsticks.latest:
            parts.append(score_text(trainer.yardsticks.latest))
        bar.set_postfix_str(", ".join(parts))
        bar.update(1)

    def terminate(signum, frame):  # Ctrl-C and `kill` stop a run between its bookkeeping steps
        trainer.request_stop()

    previous = {sig: signal.signal(sig, terminate) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        trainer.run(on_game, executor)
    except KeyboardInterrupt:
        bar.close()
        sys.stderr.write(
            f"gamecore train: interrupted; {trainer.progress.games_done} games are in "
            f"{config.out}; continue with: gamecore train {config.game} --resume {config.out}\n"
        )
        return 130
    except GamecoreError:
        bar.close()  # the one-line error goes below the bar, not into it
        raise
    finally:
        if executor is not None:
            executor.close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    bar.close()
    p = trainer.progress
    if config.vs != "self":
        score = f"W/D/L {p.wins}/{p.draws}/{p.losses}"
    elif trainer.sparring is None:
        score = f"{p.decisive} decisive, {p.draws} drawn"
    else:
        score = f"{p.decisive} decisive in self-play; sparring {trainer.sparring.summary()}"
    print(f"{p.games_done} games, {score}; weights in {config.out}, log in {config.log_path()}")
    missed = unreached_stages(trainer.stages, p.games_done) if trainer.stages else []
    if missed and p.games_done:
        names = ", ".join("+".join(stage.groups) for stage in missed)
        print(
            f"note: the run ended before its stage(s) {names}, which never trained; "
            "give it more --games or --time-budget (--resume continues it) or shorter --stages"
        )
    if trainer.yardsticks is not None:
        latest = score_text(trainer.yardsticks.latest)
        print(f"measured {latest} after {p.games_done} games; in {config.eval_log_path()}")
    if p.games_done and args.verdict_games:
        print(judge(config, args.verdict_games).text())
    options = "".join(f" -o {key}={value}" for key, value in config.game_options.items())
    print(f"play against them: gamecore gui {config.game}{options} --weights {config.out}")
    return 0
