"""Two agents learn by playing each other, only the loser learning (seed 001, §6).

Usage:
    python benchmarks/network_duel.py chess --a network-pairs:gd:2 \\
        --b network-triples:gd:2 --games 300 --out ~/gamecore-runs/network-duel/pairs-vs-triples
    python benchmarks/network_duel.py chess --a network-triples:gd:2 \\
        --b random:frozen:5 --out ~/gamecore-runs/network-duel/triples-vs-random5

Levinson & Weber's experiments (Figs. 6.1–6.3): both agents start from random
weights and play game after game, each game opened by two random moves;
after each game the loser (both, after a draw) learns from it by TD(0) over
its positions (``gamecore.learners.td0``), its base weights averaged over
the board's symmetries. Both search full width to their depth with no
quiescence (``SearchParams.plain``), as the paper's 2-ply agents.

An agent is ``EVALUATION:UPDATE:DEPTH`` (``network-pairs:gd:2``); UPDATE
``frozen`` never learns. ``random:frozen:5`` is the paper's random agent of
§6.2: a 5-ply search whose every leaf gets a fresh random number
(``gamecore.algorithms.random_evaluation``). ``--a-base local`` lets agent A's
base weights learn each position's value directly (``gamecore.learners.td0``).
Colours alternate. Writes
OUT.csv (one row per game, cumulative wins: the paper's curves), OUT-a.npz
and OUT-b.npz (the agents' weights), and checkpoints to OUT.ckpt.npz every
``--checkpoint-every`` games (``--resume`` continues).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from tqdm import tqdm

import gamecore
from gamecore.algorithms.random_evaluation import seed as seed_random_evaluation
from gamecore.errors import GamecoreError
from gamecore.evaluations import RANDOM, Evaluation, evaluation_named, random_evaluation
from gamecore.files import write_atomically
from gamecore.kernel_api import ONGOING
from gamecore.learners.base import BASE_RULES, SQUASHES, fix_squash
from gamecore.learners.td0 import TD0
from gamecore.network.model import initial_weights
from gamecore.search import Limits, SearchParams
from gamecore.weights import Weights

FIELDS = ("game", "white", "winner", "plies", "wins_a", "wins_b", "draws", "seconds")


@dataclass
class Agent:
    label: str
    evaluation: Evaluation
    update: str
    depth: int
    learner: TD0

    @property
    def learns(self) -> bool:
        return self.update != "frozen"


def make_agent(
    game,
    label: str,
    spec: str,
    seed: int,
    spread: float,
    step: float | None,
    squash: str,
    base_rule: str = "chain",
) -> Agent:
    try:
        name, update, depth = spec.split(":")
        depth_value = int(depth)
    except ValueError:
        raise SystemExit(f"agent {label}: give EVALUATION:UPDATE:DEPTH, not {spec!r}") from None
    if name == RANDOM:
        if update != "frozen":
            raise SystemExit(
                f"agent {label}: the random evaluation does not learn: random:frozen:D"
            )
        evaluation = random_evaluation(game)
        theta = np.zeros(evaluation.size)
    else:
        evaluation = evaluation_named(game, name)
        if evaluation.shape is None:
            raise SystemExit(f"agent {label}: {name} is neither a network nor random")
        theta = initial_weights(evaluation.shape, seed, spread=spread)
        if squash == "fixed":
            fix_squash(theta, evaluation.shape)
    learner = TD0(
        game,
        theta,
        update={"frozen": "nlms" if name == RANDOM else "gd"}.get(update, update),
        step=step,
        loser_learns=True,
        cut_is_draw=True,
        symmetry="average",
        squash=squash,
        base_rule=base_rule if name != RANDOM else "chain",
        params=SearchParams.plain(),
        evaluation=evaluation,
    )
    return Agent(label, evaluation, update, depth_value, learner)


def play(game, agents: dict[int, Agent], rng: np.random.Generator, max_plies: int):
    state = game.initial_state()
    for agent in agents.values():
        agent.learner.begin_game()
    for _ in range(2):  # the paper's two random opening moves
        moves = state.legal_moves()
        if not moves or state.status() != ONGOING:
            break
        state.push(moves[int(rng.integers(len(moves)))])
    while state.status() == ONGOING and len(state.history) < max_plies:
        agent = agents[state.team]
        info = agent.learner.searcher.search(state, Limits(depth=agent.depth))
        state.push_unchecked(info.best_move)
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--a", required=True, help="agent A: EVALUATION:UPDATE:DEPTH")
    parser.add_argument("--b", required=True, help="agent B: EVALUATION:UPDATE:DEPTH")
    parser.add_argument("--a-spread", type=float, default=0.05)
    parser.add_argument("--b-spread", type=float, default=0.05)
    parser.add_argument("--a-squash", choices=SQUASHES, default="tracked")
    parser.add_argument("--b-squash", choices=SQUASHES, default="tracked")
    parser.add_argument("--a-base", choices=BASE_RULES, default="chain")
    parser.add_argument("--b-base", choices=BASE_RULES, default="chain")
    parser.add_argument("--step", type=float, default=None, help="both learners' step")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--checkpoint-every", type=int, default=10)
    parser.add_argument("--out", required=True, help="output path without extension")
    parser.add_argument("--resume", action="store_true")
    args = parser.parse_args(argv)
    out = Path(args.out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        game = gamecore.get_game(args.game)
        agents = [
            make_agent(
                game, "a", args.a, args.seed, args.a_spread, args.step, args.a_squash, args.a_base
            ),
            make_agent(
                game,
                "b",
                args.b,
                args.seed + 1,
                args.b_spread,
                args.step,
                args.b_squash,
                args.b_base,
            ),
        ]
    except (GamecoreError, OSError) as exc:
        print(f"network_duel: {exc}", file=sys.stderr)
        return 2
    log_path, ckpt = Path(f"{out}.csv"), Path(f"{out}.ckpt.npz")
    rng = np.random.default_rng(args.seed)
    seed_random_evaluation(args.seed)
    rows: list[dict] = []
    if args.resume and ckpt.exists():
        saved = np.load(ckpt)
        meta = json.loads(str(saved["meta"]))
        for agent, key in zip(agents, ("theta_a", "theta_b"), strict=True):
            agent.learner.theta[:] = saved[key]
        for agent, state in zip(agents, meta["rules"], strict=True):
            agent.learner.rule.load_state(state)
        rng.bit_generator.state = meta["rng"]
        with log_path.open() as f:
            rows = list(csv.DictReader(f))[: meta["games"]]
    wins = {"a": 0, "b": 0, "draw": 0}
    for row in rows:
        wins[row["winner"]] += 1
    bar = tqdm(total=args.games, initial=len(rows), desc=f"{args.a} v {args.b}")
    for index in range(len(rows), args.games):
        start = time.perf_counter()
        white = agents[index % 2]
        seats = {0: white, 1: agents[1 - index % 2]}
        state = play(game, seats, rng, args.max_plies)
        winner_team = state.winner_team() if state.status() != ONGOING else None
        winner = "draw" if winner_team is None else seats[winner_team].label
        wins[winner] += 1
        for team, agent in seats.items():
            if agent.learns and winner != agent.label:
                agent.learner.end_game(state, team)
                agent.learner.track_squash(state)
                agent.learner.average_symmetry()
        rows.append(
            {
                "game": index + 1,
                "white": white.label,
                "winner": winner,
                "plies": len(state.history),
                "wins_a": wins["a"],
                "wins_b": wins["b"],
                "draws": wins["draw"],
                "seconds": round(time.perf_counter() - start, 3),
            }
        )
        bar.update(1)
        bar.set_postfix_str(f"A {wins['a']} B {wins['b']} draws {wins['draw']}")
        if (index + 1) % args.checkpoint_every == 0 or index + 1 == args.games:
            save(out, agents, rows, rng, game)
    bar.close()
    return 0


def save(out: Path, agents: list[Agent], rows: list[dict], rng, game) -> None:
    """The log, both agents' weights and the checkpoint, each written atomically."""

    def write_log(f) -> None:
        writer = csv.DictWriter(f, FIELDS)
        writer.writeheader()
        writer.writerows(rows)

    write_atomically(Path(f"{out}.csv"), write_log)
    for agent in agents:
        Weights.for_game(
            game, agent.learner.theta, agent.evaluation, games=len(rows), update=agent.update
        ).save(f"{out}-{agent.label}.npz")
    meta = {
        "games": len(rows),
        "rules": [agent.learner.rule.state() for agent in agents],
        "rng": rng.bit_generator.state,
    }
    write_atomically(
        Path(f"{out}.ckpt.npz"),
        lambda f: np.savez(
            f,
            theta_a=agents[0].learner.theta,
            theta_b=agents[1].learner.theta,
            meta=np.array(json.dumps(meta)),
        ),
        True,
    )


if __name__ == "__main__":
    sys.exit(main())
