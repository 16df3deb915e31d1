"""The example plugin passes the conformance kit (it must be installed: see README)."""

from gamecore.testing import GameConformance


class TestConnectFour(GameConformance):
    game_name = "connect4"
    max_plies = 42
    perft_depth = 3
    # x has three in a row on the bottom and o must block at once.
    start_positions = ("......./......./......./......./......./.xxxoo. o",)
