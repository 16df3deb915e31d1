"""Reference positions with published perft counts (chessprogramming.org "Perft Results").

Tests and benchmarks share them; ``counts[d - 1]`` is the leaf count at depth ``d``.
The shallow counts are re-derived with python-chess in the tests; the deepest
(100M+ nodes) are only run with ``pytest -m slow``.
"""

from __future__ import annotations

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
POSITION_4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
POSITION_4_MIRRORED = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"
POSITION_5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
POSITION_6 = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"

PERFT_SUITE: dict[str, tuple[str, tuple[int, ...]]] = {
    "start": (START, (20, 400, 8902, 197281, 4865609, 119060324)),
    "kiwipete": (KIWIPETE, (48, 2039, 97862, 4085603, 193690690)),
    "position3": (POSITION_3, (14, 191, 2812, 43238, 674624, 11030083)),
    "position4": (POSITION_4, (6, 264, 9467, 422333, 15833292)),
    "position4-mirrored": (POSITION_4_MIRRORED, (6, 264, 9467, 422333, 15833292)),
    "position5": (POSITION_5, (44, 1486, 62379, 2103487, 89941194)),
    "position6": (POSITION_6, (46, 2079, 89890, 3894594, 164075551)),
}
