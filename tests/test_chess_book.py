"""The shipped chess opening book: legal, distinct, spread over many first moves."""

from __future__ import annotations

import gamecore
from gamecore.play.openings import load_book


def test_the_balanced_book_has_a_hundred_distinct_legal_four_ply_lines():
    game = gamecore.get_game("chess")
    book = load_book(game, "balanced-4")  # a line with an illegal move would be refused here
    assert len(book) == 100
    assert all(len(line) == 4 for line in book)
    positions = set()
    for line in book:
        state = game.initial_state()
        for move in line:
            state.push(move)
        positions.add(state.to_text().rsplit(" ", 2)[0])
    assert len(positions) == 100
    assert len({tuple(line[:2]) for line in book}) >= 10  # many starts, not one popular line
    assert len({line[0] for line in book}) >= 3
