"""Duchess move generation speed: legal moves plus make/unmake at every node (perft), nodes/s.

Usage: python benchmarks/duchess_speed.py [--repeats 5] [--start-depth 6] [--mid-depth 4]

Two six-player positions, counted with the generic compiled perft (every node
made and unmade, legality fully checked): the start position, and a developed
midgame (81 pieces, 81 legal moves of which 39 teleports) reached from the start
by 150 uniformly random legal moves with ``numpy.random.default_rng(2)``; its
position string is stored below and the script checks that the recipe still
reaches it. Prints the median of the repeats as a Markdown table.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import gamecore
from gamecore.binding import bind

MIDGAME = (
    "players=6 turn=red quiet=1 passes=0 moves=150 "
    "red:RAa1,FAd1,RAe1,PAa3,PAb3,PAc3,BAd3,PAe3,NAb4,PAe4,KCa1,QCb2,WCc2,BCb3,DCi2 "
    "blue:WBa1,KBb1,RBe1,PBd2,BBe2,PBa3,PBc4,PBe4,PDa1,QDd2,DEc4,BFc1|RNF "
    "yellow:BAc1,RAb2,PCb1,RCe1,BCe2,PCa3,PCd3,PCe3,PCa4,WCo2,KEb1,FEc2|QND "
    "green:RBb2,NBo4,KDc1,QDd1,RDe1,PDc2,BDe2,PDb3,FDd3,PDe3,PDa4,WFa2,BFb2|PD "
    "magenta:RAa2,BAc2,QCd1,DCa2,NCd4,FEd1,REe1,WEa3,PEb3,KEc3,PEe3,PEa4,PEd4,PEo2,BFo3 "
    "cyan:NBa2,BBc3,FBe3,KDb2,RFa1,WFb1,RFe1,BFe2,PFa3,PFc3,QFe3,PFd4,PFe4,PFi1|D"
)


def midgame_by_recipe(game) -> str:
    rng = np.random.default_rng(2)
    state = game.initial_state()
    for _ in range(150):
        moves = state.legal_moves()
        state.push(moves[rng.integers(len(moves))])
    return state.to_text()


def measure(game, text: str, depth: int, repeats: int) -> tuple[int, list[float]]:
    state = game.state_from_text(text)
    perft = bind(game, "gamecore.algorithms.perft").perft
    state.reserve(depth)
    moves = np.zeros((depth + 1, game.max_moves), dtype=np.int64)
    perft(state.arrays, np.int64(1), moves)  # load the compiled code before timing
    rates = []
    nodes = 0
    for _ in range(repeats):
        start = time.perf_counter()
        nodes = int(perft(state.arrays, np.int64(depth), moves))
        rates.append(nodes / (time.perf_counter() - start))
    return nodes, rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--start-depth", type=int, default=6)
    parser.add_argument("--mid-depth", type=int, default=4)
    args = parser.parse_args()
    game = gamecore.get_game("duchess")
    assert midgame_by_recipe(game) == MIDGAME, "the recipe no longer reaches MIDGAME"
    print("| position | depth | nodes | median nodes/s | runs (nodes/s) |")
    print("| --- | ---: | ---: | ---: | --- |")
    for name, text, depth in (
        ("start", game.start_text(), args.start_depth),
        ("midgame", MIDGAME, args.mid_depth),
    ):
        nodes, rates = measure(game, text, depth, args.repeats)
        runs = ", ".join(f"{r / 1e6:.2f}M" for r in rates)
        print(f"| {name} | {depth} | {nodes:,} | {statistics.median(rates) / 1e6:.2f}M | {runs} |")


if __name__ == "__main__":
    main()
