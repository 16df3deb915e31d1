"""The cost of one step through the PettingZoo and OpenSpiel adapters, next to gamecore's own.

For each game, random games are played three ways with the same seeded choices:

- native: ``State.legal_moves()`` then ``push_unchecked`` (the Python face of the kernel);
- PettingZoo: ``env.last()`` (observation and action mask) then ``env.step(action)``;
- OpenSpiel: ``state.legal_actions()`` then ``state.apply_action(action)``.

Also the cost of cloning an OpenSpiel state (MCTS clones one per simulation).
Prints the median over ``--repeats`` runs of microseconds per step (an adapter step is
one action; a checkers multi-jump or a promotion takes more than one) and the ratio to
native. Compilation and first use happen in a warm-up run that is not timed.

    python benchmarks/adapter_speed.py --steps 2000 --repeats 5
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from gamecore.interop import openspiel_game, pettingzoo_env
from gamecore.registry import get_game

GAMES = [("chess", {}), ("checkers", {}), ("duchess", {}), ("connect4", {})]


def native(name: str, options: dict, steps: int, seed: int) -> float:
    game = get_game(name, **options)
    rng = np.random.default_rng(seed)
    state, done = game.initial_state(), 0
    started = time.perf_counter()
    while done < steps:
        if state.is_terminal() or len(state.history) >= 400:
            state = game.initial_state()
        moves = state.legal_moves()
        state.push_unchecked(moves[int(rng.integers(len(moves)))])
        done += 1
    return (time.perf_counter() - started) / steps


def pettingzoo(name: str, options: dict, steps: int, seed: int) -> float:
    env = pettingzoo_env(name, max_plies=400, **options)
    rng = np.random.default_rng(seed)
    env.reset()
    done = 0
    started = time.perf_counter()
    while done < steps:
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.reset()
            continue
        allowed = np.flatnonzero(observation["action_mask"])
        env.step(int(allowed[rng.integers(len(allowed))]))
        done += 1
    return (time.perf_counter() - started) / steps


def openspiel(name: str, options: dict, steps: int, seed: int) -> float:
    game = openspiel_game(name, max_plies=400, **options)
    rng = np.random.default_rng(seed)
    state, done = game.new_initial_state(), 0
    started = time.perf_counter()
    while done < steps:
        if state.is_terminal():
            state = game.new_initial_state()
        actions = state.legal_actions()
        state.apply_action(actions[int(rng.integers(len(actions)))])
        done += 1
    return (time.perf_counter() - started) / steps


def openspiel_clone(name: str, options: dict, steps: int, seed: int) -> float:
    """``state.clone()`` of a state a few moves in (what OpenSpiel's MCTS does per
    simulation), in seconds."""
    game = openspiel_game(name, max_plies=400, **options)
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    for _ in range(4):
        actions = state.legal_actions()
        state.apply_action(actions[int(rng.integers(len(actions)))])
    started = time.perf_counter()
    for _ in range(steps):
        state.clone()
    return (time.perf_counter() - started) / steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(
        "| game | native µs/step | PettingZoo µs/step | ratio | OpenSpiel µs/step | ratio "
        "| OpenSpiel µs/clone |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, options in GAMES:
        medians = []
        for way in (native, pettingzoo, openspiel, openspiel_clone):
            way(name, options, 50, seed=99)  # warm-up: compile and load
            runs = [way(name, options, args.steps, seed) for seed in range(args.repeats)]
            medians.append(statistics.median(runs) * 1e6)
        base, pz, spiel, clone = medians
        print(
            f"| {name} | {base:,.0f} | {pz:,.0f} | {pz / base:.1f}× | {spiel:,.0f} | "
            f"{spiel / base:.1f}× | {clone:,.1f} |"
        )


if __name__ == "__main__":
    main()
