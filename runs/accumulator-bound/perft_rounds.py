"""Chess perft rounds to count instructions of (as searches.py): perft(4) of Kiwipete.

Usage: python perft_rounds.py ROUNDS
"""

import sys

import numpy as np

import gamecore
from gamecore.binding import bind
from games.chess.suite import PERFT_SUITE

game = gamecore.get_game("chess")
state = game.state_from_text(PERFT_SUITE["kiwipete"][0])
perft = bind(game, "gamecore.algorithms.perft").perft
moves = np.zeros((5, game.max_moves), dtype=np.int64)
perft(state.arrays, np.int64(1), moves)
nodes = sum(int(perft(state.arrays, np.int64(4), moves)) for _ in range(int(sys.argv[1])))
print("nodes", nodes)
