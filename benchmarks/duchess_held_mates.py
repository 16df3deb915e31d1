"""How many players of each team are checkmated at the end of a Duchess match's drawn games.

A Duchess team wins only when every player of the other team is checkmated at
once, and a mated player passes until a partner releases it, so a draw at the
ply limit with two enemy players held mated was one mate from a win. For each
drawn game of a record file this counts the checkmated players of player A's
team and of the other team in the final position, and tallies the pairs.

    python benchmarks/duchess_held_mates.py RECORD_FILE A_NAME
"""

from __future__ import annotations

import argparse
import collections

import numpy as np

import gamecore
from games.duchess.layout import PLAYERS
from games.duchess.movegen import checkmated


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", help="a Duchess record file `gamecore match --out` wrote")
    parser.add_argument("a", help="player A's name, as in the record headers")
    args = parser.parse_args()
    game = gamecore.get_game("duchess")
    first_team_header = game.team_names[0].capitalize() + ":"
    with open(args.records) as f:
        records = [r for r in f.read().split("\n\n") if r.strip()]
    buffer = np.zeros(game.max_moves, dtype=np.int64)
    tally: collections.Counter[tuple[int, int]] = collections.Counter()
    for record in records:
        state = game.read_record(record)
        if state.status() != gamecore.ONGOING and state.winner_team() is not None:
            continue
        first = next(line for line in record.splitlines() if line.startswith(first_team_header))
        a_team = 0 if first.split(": ", 1)[1] == args.a else 1
        pos = state.arrays[0]
        mated = [q for q in range(int(pos[PLAYERS])) if checkmated(pos, buffer, q)]
        tally[(sum(q & 1 == a_team for q in mated), sum(q & 1 != a_team for q in mated))] += 1
    print("| A's players mated | the other team's | drawn games |")
    print("| ---: | ---: | ---: |")
    for (own, other), games in sorted(tally.items()):
        print(f"| {own} | {other} | {games} |")


if __name__ == "__main__":
    main()
