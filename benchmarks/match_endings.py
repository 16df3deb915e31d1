"""How the games of a match record file ended, and with what material lead.

For each ending (a win of either side, each kind of draw, the match's ply
limit), the number of games, their lengths (range and median) and the material lead of player A
at the end (own minus other team's count of the game's material features).

    python benchmarks/match_endings.py GAME RECORD_FILE A_NAME [-o players=4]
"""

from __future__ import annotations

import argparse
import collections
import statistics

import gamecore
from gamecore.commands.common import add_game_arguments, game_from_args


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_game_arguments(parser)
    parser.add_argument("records", help="the record file `gamecore match --out` wrote")
    parser.add_argument("a", help="player A's name, as in the record headers")
    args = parser.parse_args()
    game = game_from_args(args)
    material = set(game.feature_groups()["material"].tolist())
    first_team_header = game.team_names[0].capitalize() + ":"
    endings: dict[str, list[tuple[int, float]]] = collections.defaultdict(list)
    with open(args.records) as f:
        records = [r for r in f.read().split("\n\n") if r.strip()]
    for record in records:
        state = game.read_record(record)
        first = next(line for line in record.splitlines() if line.startswith(first_team_header))
        a_team = 0 if first.split(": ", 1)[1] == args.a else 1
        index, value = state.features()
        lead = sum(v for i, v in zip(index, value, strict=True) if i in material)
        lead = lead if state.team == a_team else -lead
        winner = state.winner_team()
        if state.status() == gamecore.ONGOING:
            ending = "draw: the match's ply limit"
        elif winner is None:
            ending = game.describe_result(state)
        else:
            ending = "A wins" if winner == a_team else "B wins"
        endings[ending].append((len(state.history), lead))
    print(
        "| ending | games | plies | median plies | A's material lead: median "
        "| leads of 10 or more |"
    )
    print("| --- | ---: | --- | ---: | ---: | ---: |")
    for ending, games in sorted(endings.items()):
        plies = [p for p, _ in games]
        leads = [lead for _, lead in games]
        big = sum(lead >= 10 for lead in leads)
        print(
            f"| {ending} | {len(games)} | {min(plies)}–{max(plies)} | "
            f"{statistics.median(plies):g} | {statistics.median(leads):+g} | {big} |"
        )


if __name__ == "__main__":
    main()
