"""Zobrist keys: fixed-seed random uint64s, so hashes are the same in every process and run."""

from __future__ import annotations

import numpy as np

_rng = np.random.default_rng(0x5EED_C4E55)


def _keys(*shape: int) -> np.ndarray:
    return _rng.integers(0, np.iinfo(np.uint64).max, size=shape, dtype=np.uint64, endpoint=True)


Z_PIECE = _keys(12, 64)
"""Z_PIECE[code, sq]: a piece of that code on that square."""
Z_SIDE = _keys(1)[0]
"""XORed in when black is to move."""
_rights = _keys(4)
Z_CASTLE = np.zeros(16, dtype=np.uint64)
"""Z_CASTLE[rights]: the XOR of the keys of each right held (Z_CASTLE[0] = 0)."""
for _r in range(16):
    for _i in range(4):
        if _r >> _i & 1:
            Z_CASTLE[_r] ^= _rights[_i]
Z_EP = _keys(8)
"""Z_EP[file]: an en passant capture is possible on that file."""
del _r, _i, _rights
