"""Hand-set Breakthrough weights: the shipped ``weights/default.npz``, written by feature name.

A piece is worth 100, and more the further it stands (the race is the game):
+0, +5, +10, +20, +35, +60, +100 on ranks 1 to 7 as its owner sees the board.
The opponent's pieces get the same values negated, seen from the mover's side
(an opponent's piece on the mover's rank 2 stands on its own rank 7). Rebuild
with ``python -m gamecore_breakthrough.default_weights``.
"""

from __future__ import annotations

from gamecore.hand_weights import ship, weights_by_name
from gamecore.registry import get_game

ADVANCE = (0, 5, 10, 20, 35, 60, 100)
"""Bonus of a piece on its owner's ranks 1 to 7 (rank 8 ends the game)."""

DESCRIPTION = "Hand-set Breakthrough piece squares: 100 a piece plus 0-100 for how far it stands."


def values() -> dict[str, float]:
    """The weights by name: a pattern per rank, ``own:?3`` being every own piece on rank 3."""
    table = {}
    for rank, bonus in enumerate(ADVANCE, start=1):
        table[f"own:?{rank}"] = 100.0 + bonus
        table[f"opp:?{9 - rank}"] = -(100.0 + bonus)
    return table


def main() -> None:
    game = get_game("breakthrough")
    path = ship(game, weights_by_name(game, values(), DESCRIPTION), "default")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
