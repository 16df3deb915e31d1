"""Chess passes the gamecore conformance kit, from the start and from the perft suite."""

from gamecore.testing import GameConformance
from games.chess.suite import PERFT_SUITE


class TestChess(GameConformance):
    game_name = "chess"
    max_plies = 80
    perft_depth = 2
    start_positions = tuple(fen for name, (fen, _) in PERFT_SUITE.items() if name != "start")
