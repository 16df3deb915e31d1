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

from tqdm import tqdm

from gamecore.commands import validate
from gamecore.commands.common import (
    add_game_arguments,
    add_worker_arguments,
    executor_from_args,
    parse_options,
)
from gamecore.compile_helper import LearningCompiler
from gamecore.errors import BadOption, GamecoreError
from gamecore.evaluations import LINEAR, NETWORKS
from gamecore.executor import default_workers
from gamecore.files import check_output
from gamecore.learners import LEARNERS
from gamecore.learners.base import BASE_RULES, SQUASHES, SYMMETRIES
from gamecore.learners.updates import DEFAULT_LOSS, DEFAULT_UPDATE, LOSSES, UPDATE_RULES
from gamecore.live import LivePublisher, live_path
from gamecore.stages import unreached_stages
from gamecore.train import (
    OUTCOME_AT_CUT,
    Progress,
    TrainConfig,
    Trainer,
    configure,
    resume_config,
)
from gamecore.weights import Weights
from gamecore.yardsticks import DEFAULT_GAMES, DEFAULT_OPPONENTS, check_schedule, score_text

NOTICE_AFTER_SECONDS = 2.0
"""Preparation that takes longer than this is compiling, and the user is told so."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "train",
        help="learn evaluation weights by self-play or against an opponent",
        description="Train evaluation weights. With no options: a short TreeStrap(αβ) run "
        "(about a minute) that writes GAME-ALGO.npz and GAME-ALGO.csv.",
    )
    add_game_arguments(parser)
    parser.add_argument("--algo", choices=sorted(LEARNERS), default=None, help="learner")
    parser.add_argument(
        "--vs",
        default=None,
        help="opponent: self, random, zeros, default, a weights name the game ships or a "
        "weights file; several, comma-separated, take turns (e.g. default,random)",
    )
    parser.add_argument(
        "--sparring",
        default=None,
        metavar="PLAYERS",
        help="self-play only: players the learner meets in a share of its games while it does "
        "not beat them, comma-separated like --vs (default zeros; none: plain self-play)",
    )
    parser.add_argument(
        "--games",
        type=validate.games,
        help="games in the whole run (0: just write the starting weights)",
    )
    parser.add_argument("--depth", type=validate.depth, help="search depth per move")
    parser.add_argument(
        "--time-per-move", type=validate.seconds, help="seconds per move (instead of depth)"
    )
    parser.add_argument(
        "--time-control",
        metavar="BASE+INC",
        help="Fischer clock per seat, in seconds, e.g. 6+0.1 (instead of depth; with --depth, "
        "a depth cap too)",
    )
    parser.add_argument("--out", help="weights/checkpoint file (default GAME-ALGO.npz)")
    parser.add_argument("--resume", metavar="FILE", help="continue the run checkpointed in FILE")
    parser.add_argument(
        "--seed", type=validate.seed, help="random seed (initial weights, openings)"
    )
    parser.add_argument(
        "--init",
        metavar="WEIGHTS",
        help="start from these weights (zeros, default, a name the game ships or a file), "
        "not small random ones",
    )
    parser.add_argument(
        "--stages",
        metavar="SCHEDULE",
        help="staged learning, e.g. material:200,material+mating:200,all:400 "
        "(feature groups trained per stretch of games)",
    )
    parser.add_argument(
        "--book", metavar="NAME|FILE", help="start games from this opening book's lines, in turn"
    )
    parser.add_argument(
        "--update",
        choices=sorted(UPDATE_RULES),
        help=(
            "update rule turning search errors into weight changes "
            f"({DEFAULT_UPDATE}, or the game's training default)"
        ),
    )
    parser.add_argument(
        "--loss",
        choices=LOSSES,
        help="error measure: win probability, value, or value clipped at ±150 (huber) "
        f"({DEFAULT_LOSS})",
    )
    parser.add_argument(
        "--step", type=validate.step, help="step size override (default: the rule's)"
    )
    parser.add_argument(
        "--average",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="write the average of the weights over the last games (see --average-share)",
    )
    parser.add_argument(
        "--average-share",
        type=validate.positive_fraction,
        help="share of --games the average spans, above 0 up to 1 (0.25); a run that "
        "--time-budget stops sooner averages over all its games",
    )
    parser.add_argument(
        "--tie-sides",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="keep the weights of the same feature for either side equal and opposite, "
        "where the game declares such twins (chess, checkers; on by default)",
    )
    parser.add_argument(
        "--evaluation",
        choices=(LINEAR, *NETWORKS),
        help="what to learn: the game's linear features, or the neighbourhood network of "
        "seed 001 with pair or triple tuples (linear)",
    )
    parser.add_argument(
        "--quiet-leaves",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="move the evaluation of the quiet position at the end of each updated "
        "position's quiescence line, not of the position itself",
    )
    parser.add_argument(
        "--symmetry",
        choices=SYMMETRIES,
        help="a network's base weights of symmetric slots: averaged after each game "
        "(seed 001's §5.4), tied (averaged after every update) or left apart (average)",
    )
    parser.add_argument(
        "--squash",
        choices=SQUASHES,
        help="a network's squash: follows each game's range of values (tracked, seed 001) "
        "or stays at mean -2, spread 0.25 (fixed) (tracked)",
    )
    parser.add_argument(
        "--base-rule",
        choices=BASE_RULES,
        help="TD(0) with a network: its base weights learn through the tuple weights "
        "(chain) or each towards the results of the games it occurs in (local, seed 001's "
        "lower level) (chain)",
    )
    parser.add_argument(
        "--loser-learns",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="TD(0): learn only from the side that lost each game (both after a draw), "
        "as in seed 001",
    )
    parser.add_argument(
        "--outcome-step",
        type=validate.share,
        metavar="SHARE",
        help="after each finished game, move its positions this share of the way to the "
        "result, split between feature groups (0: learn from search alone)",
    )
    parser.add_argument(
        "--outcome-discount",
        type=validate.positive_fraction,
        metavar="GAMMA",
        help="per ply, how much less a result one ply further away counts in --outcome-step's "
        "targets: the win probability ½ ± ½·GAMMA^k for a result k plies ahead (1: the "
        "result itself)",
    )
    parser.add_argument(
        "--outcome-groups",
        metavar="GROUPS",
        help="the feature groups --outcome-step moves, joined by + (e.g. material; "
        "default all); the others learn from search alone",
    )
    parser.add_argument(
        "--group-steps",
        metavar="GROUP=K,...",
        help="move the named feature groups K times as far as the others in every update "
        "(e.g. mating=0.25; 0 freezes a group)",
    )
    parser.add_argument(
        "--decay",
        type=validate.decay,
        metavar="SHARE",
        help="weight decay: after every game the weights shrink by this share, from 0 up "
        "to 0.5 (0: none)",
    )
    parser.add_argument(
        "--outcome-at-cut",
        choices=OUTCOME_AT_CUT,
        help="what --outcome-step makes of a game cut at --max-plies: skip it, or learn it "
        "as a draw, as a match scores its ply limit (skip)",
    )
    parser.add_argument(
        "--search-params",
        metavar="SPEC",
        help="the learner's search parameters: a search-parameters file, a name the game "
        "ships, tournament, or plain (no quiescence) (default: training mode, which prunes "
        "nothing by the weights)",
    )
    parser.add_argument(
        "--tune-search-every",
        type=validate.every,
        metavar="N",
        help="re-tune the learner's search parameters on --tune-suite every N games with the "
        "current weights (seed 004's GA, a few generations each time; docs/tuning.md)",
    )
    parser.add_argument("--tune-suite", metavar="FILE", help="positions with best moves")
    parser.add_argument(
        "--tune-generations",
        type=validate.integer(1, 10_000),
        metavar="G",
        help="GA generations per re-tuning (default 2)",
    )
    parser.add_argument(
        "--tune-population", type=validate.integer(2, 1000), metavar="P", help="(default 10)"
    )
    parser.add_argument(
        "--tune-node-cap",
        type=validate.integer(100, 10**9),
        metavar="N",
        help="nodes a suite position may take (default 50,000)",
    )
    parser.add_argument(
        "--min-depth", type=validate.depth, help="TreeStrap(αβ): least depth of an update"
    )
    parser.add_argument(
        "--lambda", dest="lam", type=validate.fraction, help="TD-Leaf(λ) trace decay (0 to 1)"
    )
    parser.add_argument(
        "--opening-plies", type=validate.opening_plies, help="random plies that open each game"
    )
    parser.add_argument(
        "--max-plies", type=validate.plies, help="adjudicate a draw after this many plies"
    )
    parser.add_argument("--checkpoint-every", type=validate.every, help="games between checkpoints")
    parser.add_argument(
        "--snapshot-every", type=validate.games, help="keep OUT-gNNNNN.npz every N games"
    )
    parser.add_argument(
        "--time-budget",
        type=validate.seconds,
        help="seconds of training; no game starts after that",
    )
    parser.add_argument(
        "--eval-every",
        type=validate.every,
        metavar="N",
        help="every N games (and at the start and the end) play the weights against fixed "
        "opponents, in the background when a core is free; scores go to OUT.eval.csv",
    )
    parser.add_argument(
        "--eval-games",
        type=validate.games,
        metavar="K",
        help=f"games per opponent and measurement, even (default {DEFAULT_GAMES})",
    )
    parser.add_argument(
        "--eval-vs",
        metavar="LIST",
        help="comma-separated opponents of the measurements: random, zeros, default, a name "
        f"the game ships, weights files (default {DEFAULT_OPPONENTS})",
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
    add_worker_arguments(parser)
    parser.set_defaults(run=run)


def build_config(args: argparse.Namespace) -> tuple[TrainConfig, Weights | None]:
    fields = {
        "algo": args.algo,
        "vs": args.vs,
        "sparring": args.sparring,
        "games": args.games,
        "depth": args.depth,
        "time_per_move": args.time_per_move,
        "time_control": args.time_control,
        "out": args.out,
        "seed": args.seed,
        "init": args.init,
        "book": args.book,
        "stages": args.stages,
        "step": args.step,
        "update": args.update,
        "loss": args.loss,
        "average": args.average,
        "average_share": args.average_share,
        "outcome_step": args.outcome_step,
        "outcome_discount": args.outcome_discount,
        "outcome_at_cut": args.outcome_at_cut,
        "outcome_groups": args.outcome_groups,
        "group_steps": args.group_steps,
        "decay": args.decay,
        "tie_sides": args.tie_sides,
        "quiet_leaves": args.quiet_leaves,
        "symmetry": args.symmetry,
        "squash": args.squash,
        "loser_learns": args.loser_learns,
        "base_rule": args.base_rule,
        "evaluation": args.evaluation,
        "min_depth": args.min_depth,
        "search_params": args.search_params,
        "tune_search_every": args.tune_search_every,
        "tune_suite": args.tune_suite,
        "tune_generations": args.tune_generations,
        "tune_population": args.tune_population,
        "tune_node_cap": args.tune_node_cap,
        "lam": args.lam,
        "opening_plies": args.opening_plies,
        "max_plies": args.max_plies,
        "checkpoint_every": args.checkpoint_every,
        "snapshot_every": args.snapshot_every,
        "time_budget": args.time_budget,
        "eval_every": args.eval_every,
        "eval_games": args.eval_games,
        "eval_vs": args.eval_vs,
    }
    if args.time_control is not None and args.time_per_move is not None:
        raise BadOption("give --time-control or --time-per-move, not both")
    if args.eval_games is not None:
        check_schedule(1, args.eval_games)
    if args.resume:
        checkpoint = Weights.load(args.resume)
        config = resume_config(checkpoint, **fields)
        if config.game != args.game:
            raise BadOption(f"{args.resume!r} is a {config.game} checkpoint, not {args.game}")
        if args.out is None:
            config = dataclasses.replace(config, out=args.resume)
        return config, checkpoint
    config = configure(args.game, parse_options(args.option), **fields)
    if args.sparring not in (None, "none") and config.vs != "self":
        raise BadOption(f"--sparring: partners meet a learner in self-play, not --vs {config.vs}")
    return config, None


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
    (:mod:`gamecore.compile_helper`)."""
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
    return 0
