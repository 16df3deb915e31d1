"""Each seat's pieces as bits (``layout.OCC``): kept by make/unmake, read by the generator
and the attack counts, which then visit a player's pieces instead of scanning every cell.

Cells come out in increasing order, as a scan of the board would give them, so the
moves come out in the same order. The readers share one loop (compiled code has no
allocation-free iterator to hide it in)::

    for w in range(OCC_WORDS):
        word = pos[OCC + OCC_WORDS * seat + w]
        while word != 0:
            cell = first_cell(word, w)
            word &= word - 1
"""

from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import overload

from gamecore.jit import kernel
from games.duchess.layout import OCC, OCC_BITS, OCC_WORDS
from games.duchess.mesh import N_CELLS


@kernel
def occupy(pos, seat, cell):
    """Set ``cell``'s bit in ``seat``'s word."""
    pos[OCC + OCC_WORDS * seat + cell // OCC_BITS] |= np.int64(1) << (cell % OCC_BITS)


@kernel
def vacate(pos, seat, cell):
    """Clear ``cell``'s bit in ``seat``'s word."""
    pos[OCC + OCC_WORDS * seat + cell // OCC_BITS] &= ~(np.int64(1) << (cell % OCC_BITS))


def lowest_bit(word: int) -> int:
    """The index of the lowest set bit of a non-zero ``word`` (plain Python; compiled code
    uses the processor's instruction, below)."""
    word = int(word)
    return (word & -word).bit_length() - 1


@overload(lowest_bit)
def _lowest_bit_compiled(word):
    """``lowest_bit`` in compiled code: count trailing zeros."""
    return lambda word: trailing_zeros(word)


@kernel
def first_cell(word, w):
    """The lowest cell of a non-empty word ``w`` (its bits ``word``)."""
    return OCC_BITS * w + lowest_bit(word)


def occupancy_words(pos: np.ndarray, seat: int) -> list[int]:
    """``seat``'s words computed from the board in plain Python (for loading a position)."""
    words = [0] * OCC_WORDS
    for cell in range(N_CELLS):
        if pos[cell] > 0 and pos[cell] >> 4 == seat:
            words[cell // OCC_BITS] |= 1 << (cell % OCC_BITS)
    return words
