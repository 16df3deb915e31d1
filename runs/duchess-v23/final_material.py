"""The pieces left at the end of every game of a two-player Duchess match record.

One line per game: plies, how it ended (LIMIT: the match's ply limit), each side's
pieces and red's material lead in pawns at chess-like values (Q 9, R 5, B 3, N 3, P 1,
W 3, D 7, F 7; the King 0). A summary line counts the games at the limit, those
with all 30 pieces and those with a lead of 5 or more.

    python runs/duchess-v23/final_material.py RECORD
"""

from __future__ import annotations

import argparse

import gamecore
from gamecore.commands.common import game_from_args

VALUE = dict(Q=9, R=5, B=3, N=3, P=1, W=3, D=7, F=7, K=0)


def sides(state) -> list[str]:
    """Each side's pieces on the board, red first, as sorted letters."""
    return [
        "".join(sorted(p[0] for p in part.split(":", 1)[1].split("|")[0].split(",")))
        for part in str(state.to_text()).split(" ")
        if part.startswith(("red:", "blue:"))
    ]


def lead_of_red(state) -> int:
    red, blue = sides(state)
    return sum(VALUE[c] for c in red) - sum(VALUE[c] for c in blue)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("record")
    args = parser.parse_args()
    game = game_from_args(argparse.Namespace(game="duchess", option=["players=2"]))
    with open(args.record) as f:
        records = [r for r in f.read().split("\n\n") if r.strip()]
    at_limit = full = big = 0
    for record in records:
        state = game.read_record(record)
        limit = state.status() == gamecore.ONGOING
        ending = "LIMIT" if limit else game.describe_result(state)
        red, blue = sides(state)
        lead = lead_of_red(state)
        print(f"{len(state.history):4d} {ending:55s} {red:>16s} vs {blue:16s} {lead:+d}")
        if limit:
            at_limit += 1
            full += len(red) + len(blue) == 30
            big += abs(lead) >= 5
    print(f"at the limit {at_limit}, all 30 pieces {full}, a lead of 5 or more {big}")


if __name__ == "__main__":
    main()
