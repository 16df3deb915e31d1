"""What verified null move costs in nodes, and the quiet mates it finds, by its move threshold.

Chess, hand-set weights, ``SearchParams.tournament()`` with ``null_verify_moves`` set to
each threshold (0: never verify): nodes to depth 10 (a fresh 64 MB table per search)
over four middlegames (Kiwipete, perft positions 4, 5, 6) and three endings, and how
many of the eight quiet mates in two of ``tests/mate_oracle.py`` a depth-6 search scores
as mate. Node counts are deterministic, so one run says it all.

    PYTHONPATH=. python benchmarks/null_verify_cost.py
"""

from __future__ import annotations

import argparse

import gamecore
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.weights import Weights
from games.chess.suite import KIWIPETE, POSITION_3, POSITION_4, POSITION_5, POSITION_6
from tests.mate_oracle import QUIET_MATES_IN_2

MIDDLEGAMES = [KIWIPETE, POSITION_4, POSITION_5, POSITION_6]
ENDINGS = [
    POSITION_3,
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "8/5pk1/6p1/8/5P2/6P1/5K2/3R4 w - - 0 1",
]


def nodes(game: gamecore.Game, params: SearchParams, fens: list[str], depth: int) -> int:
    theta = Weights.default(game).theta
    total = 0
    for fen in fens:
        searcher = Searcher(game, theta, params, 64)
        total += searcher.search(game.state_from_text(fen), Limits(depth=depth)).nodes
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--thresholds", default="0,8,16,24,255")
    args = parser.parse_args()
    game = gamecore.get_game("chess")
    theta = Weights.default(game).theta
    mates = len(QUIET_MATES_IN_2)
    header = [
        "`null_verify_moves`",
        "middlegame nodes",
        "ending nodes",
        f"quiet mates found ({mates})",
    ]
    print("| " + " | ".join(header) + " |")
    print("| ---: | ---: | ---: | ---: |")
    base: tuple[int, int] | None = None
    for threshold in (int(t) for t in args.thresholds.split(",")):
        params = SearchParams.tournament()._replace(null_verify_moves=threshold)
        middle = nodes(game, params, MIDDLEGAMES, args.depth)
        ending = nodes(game, params, ENDINGS, args.depth)
        base = base or (middle, ending)
        found = sum(
            Searcher(game, theta, params)
            .search(game.state_from_text(fen), Limits(depth=6))
            .score.mate
            == 3
            for fen in QUIET_MATES_IN_2
        )
        print(
            f"| {threshold} | {middle:,} ({middle / base[0] - 1:+.1%}) "
            f"| {ending:,} ({ending / base[1] - 1:+.1%}) | {found} |"
        )


if __name__ == "__main__":
    main()
