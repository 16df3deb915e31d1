"""Rating against training games for several training runs (Veness et al. 2009, Figure 2).

Usage:
    python benchmarks/learning_curve.py RUN_DIR ALGO [ALGO ...] [--games 20] [--depth 3] [--every]

RUN_DIR holds ``untrained.npz`` and, per algorithm, snapshots ``ALGO-gNNNNN.npz``
written by ``gamecore train --snapshot-every`` plus the final ``ALGO.npz``.
Snapshots at about doubling game counts (50, 100, 200, ...; ``--every``: all of
them) and the final weights each play ``--games`` games against the untrained weights and as many
against the hand-set default weights; one maximum-likelihood fit of all those
games puts every snapshot on one scale, the untrained weights pinned at 250
as in the paper. Writes ``learning-curve.csv`` and ``learning-curve.png`` in
RUN_DIR and prints the table.
"""

from __future__ import annotations

import argparse
import csv
import re
from pathlib import Path

import gamecore
from gamecore.executor import make_executor
from gamecore.play.elo import fit_ratings
from gamecore.play.match import MatchSettings, PlayerSpec, run_match
from gamecore.search import Limits

SNAPSHOT = re.compile(r"-g(\d+)\.npz$")


def chosen_snapshots(run_dir: Path, algo: str, every: bool = False) -> list[tuple[int, Path]]:
    """Snapshots at roughly doubling game counts (or all of them), then the final weights."""
    found = sorted(
        (int(m.group(1)), p)
        for p in run_dir.glob(f"{algo}-g*.npz")
        if (m := SNAPSHOT.search(p.name))
    )
    chosen, target = [], 50
    for games, path in found:
        if every or games >= target:
            chosen.append((games, path))
            target = games * 2
    final = run_dir / f"{algo}.npz"
    games_done = gamecore.weights.Weights.load(final).metadata.get("games", 0)
    if not chosen or chosen[-1][0] != games_done:
        chosen.append((games_done, final))
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_dir", type=Path)
    parser.add_argument("algos", nargs="+")
    parser.add_argument("--games", type=int, default=20, help="games against each anchor")
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2, help="worker processes (2)")
    parser.add_argument("--every", action="store_true", help="every snapshot, not doubling")
    parser.add_argument(
        "--title",
        default="Chess: rating against training games, same wall-clock budget per learner",
    )
    args = parser.parse_args()

    game = gamecore.get_game("chess")
    untrained = PlayerSpec.parse(game, str(args.run_dir / "untrained.npz"))
    default = PlayerSpec.parse(game, "default")
    settings = MatchSettings(
        games=args.games,
        limits=Limits(depth=args.depth),
        openings=args.games // 2,
    )
    executor = make_executor(args.workers) if args.workers > 1 else None
    names = ["untrained", "default"]
    triples: list[tuple[int, int, float]] = []
    points: list[tuple[str, int]] = []
    for algo in args.algos:
        for games, path in chosen_snapshots(args.run_dir, algo, args.every):
            spec = PlayerSpec.parse(game, str(path))
            index = len(names)
            names.append(f"{algo}@{games}")
            points.append((algo, games))
            for anchor, anchor_index in ((untrained, 0), (default, 1)):
                _, results = run_match(game, spec, anchor, settings, executor=executor)
                triples += [(index, anchor_index, r.score_of_first) for r in results]
            print(f"{algo} after {games} games: done", flush=True)
    ratings = fit_ratings(names, triples, reference=0, reference_elo=250.0)

    out_csv = args.run_dir / "learning-curve.csv"
    with out_csv.open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["algorithm", "games", "elo", "low", "high"])
        for (algo, games), r in zip(points, ratings[2:], strict=True):
            writer.writerow([algo, games, round(r.elo), round(r.low), round(r.high)])
    print("| algorithm | training games | Elo | 95% interval |")
    print("| --- | ---: | ---: | --- |")
    anchor = ratings[1]
    print(f"| hand-set default | — | {anchor.elo:.0f} | {anchor.low:.0f} to {anchor.high:.0f} |")
    for (algo, games), r in zip(points, ratings[2:], strict=True):
        print(f"| {algo} | {games} | {r.elo:.0f} | {r.low:.0f} to {r.high:.0f} |")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 5))
    for algo in args.algos:
        rows = [(g, r) for (a, g), r in zip(points, ratings[2:], strict=True) if a == algo]
        xs = [g for g, _ in rows]
        ys = [r.elo for _, r in rows]
        err = [[r.elo - r.low for _, r in rows], [r.high - r.elo for _, r in rows]]
        ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label=algo)
    ax.axhline(250, color="grey", lw=0.8, ls=":", label="untrained (250)")
    ax.axhline(ratings[1].elo, color="black", lw=0.8, ls="--", label="hand-set default")
    if not args.every:
        ax.set_xscale("log")
    ax.set_xlabel("training games")
    ax.set_ylabel("Elo (untrained = 250)")
    ax.set_title(args.title)
    ax.legend(fontsize="small")
    fig.tight_layout()
    out_png = args.run_dir / "learning-curve.png"
    fig.savefig(out_png, dpi=110)
    print(f"wrote {out_csv} and {out_png}")


if __name__ == "__main__":
    main()
