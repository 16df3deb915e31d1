"""How large a game's features are over real positions, per feature group.

NLMS shares each correction among the active features in proportion to φᵢ²,
so a group whose features are large counts takes most of every step. This
prints, over the positions of a match record file (every ``--every``-th
position of each game), the mean ‖φ‖² per feature group and its share, and
the root mean square of each feature of the smaller groups.

    python benchmarks/feature_scales.py GAME RECORD_FILE [--games N] [--every K]
"""

from __future__ import annotations

import argparse

import numpy as np

import gamecore


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("records", help="a record file `gamecore match --out` wrote")
    parser.add_argument("--games", type=int, default=30, help="games to read (30)")
    parser.add_argument("--every", type=int, default=7, help="take every K-th position (7)")
    parser.add_argument("--names", type=int, default=20, help="list features of groups this small")
    args = parser.parse_args()
    game = gamecore.get_game(args.game)
    groups = game.feature_groups()
    count = game.feature_set.count
    with open(args.records) as f:
        records = [r for r in f.read().split("\n\n") if r.strip()][: args.games]
    squares = np.zeros(count)
    group_norms = {name: 0.0 for name in groups}
    positions = 0
    for record in records:
        state = game.read_record(record)
        while state.history:
            if len(state.history) % args.every == 0:
                idx, val = state.features()
                phi = np.zeros(count)
                phi[idx] = val
                squares += phi * phi
                for name, members in groups.items():
                    group_norms[name] += float((phi[members] ** 2).sum())
                positions += 1
            state.pop()
    if positions == 0:
        raise SystemExit("no positions read: give a record file with games in it")
    total = sum(group_norms.values())
    print(f"{positions} positions from {len(records)} games")
    print("| group | features | mean ‖φ‖² | share |")
    print("| --- | ---: | ---: | ---: |")
    for name, members in groups.items():
        norm = group_norms[name] / positions
        print(f"| {name} | {len(members)} | {norm:.1f} | {group_norms[name] / total:.0%} |")
    rms = np.sqrt(squares / positions)
    for name, members in groups.items():
        if len(members) > args.names:
            print(f"{name}: RMS mean {rms[members].mean():.3f}, max {rms[members].max():.2f}")
        else:
            print(f"{name}: RMS of features {members[0]}..{members[-1]}: {rms[members].round(2)}")


if __name__ == "__main__":
    main()
