"""Helpers for PGN-style game records (chess PGN, checkers PDN): reading, and move notes."""

from __future__ import annotations

import re
from dataclasses import dataclass

from gamecore.errors import BadPosition


def without_variations(movetext: str, fmt: str) -> str:
    """``movetext`` with every variation ``(...)``, nested or not, left out.

    One pass, so a deeply nested file takes linear time (removing innermost
    pairs again and again took quadratic time: 30 s for 120 KB). An unmatched
    parenthesis is a one-line :class:`BadPosition` naming the format ``fmt``.
    """
    kept: list[str] = []
    depth = 0
    start = 0
    for match in re.finditer(r"[()]", movetext):
        if match.group() == "(":
            if depth == 0:
                kept.append(movetext[start : match.start()])
            depth += 1
        elif depth == 0:
            raise BadPosition(f"{fmt}: a ')' that closes no variation")
        else:
            depth -= 1
            if depth == 0:
                kept.append(" ")
                start = match.end()
    if depth:
        raise BadPosition(f"{fmt}: an unclosed variation")
    kept.append(movetext[start:])
    return "".join(kept)


@dataclass(frozen=True)
class MoveNote:
    """What a record may say about one move: its player's evaluation and time, or a word
    (``book`` for an opening move)."""

    text: str | None = None
    value: float | None = None
    """The evaluation from the mover's side, in the game's units (chess: centipawns)."""
    mate: int | None = None
    """Plies to the end of a won (positive) or lost (negative) game, if the search saw one."""
    depth: int | None = None
    seconds: float | None = None
