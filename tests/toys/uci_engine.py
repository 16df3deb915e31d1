"""A tiny UCI chess engine for the tests of ``uci:`` players (python-chess keeps the board).

    python tests/toys/uci_engine.py [--style first|material] [--misbehave KIND] [--after N]

It answers ``uci``, ``isready``, ``ucinewgame``, ``position``, ``go``, ``stop`` and
``quit``, and ends at the end of its input. ``go`` reports ``info depth 1 score cp N``
and plays, by ``--style``, the first legal move in UCI order or the move that leaves
the most material (a one-ply choice; ties to the first). The option ``ScoreOffset``
(spin) is added to every score it reports, so a test can see that options arrive.

``--misbehave`` makes it fail on its ``--after``-th ``go`` (counting from 1 in each
process): ``crash`` exits, ``illegal`` answers a move that is not legal, ``hang``
never answers again (nor to ``quit``), ``garbage`` answers a word that is no move.
``--misbehave nostart`` exits before ``uciok``.
"""

from __future__ import annotations

import argparse
import sys
import time

import chess

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def material(board: chess.Board, color: chess.Color) -> int:
    """``color``'s material minus the other side's, in pawns."""
    total = 0
    for piece_type, value in VALUES.items():
        total += value * len(board.pieces(piece_type, color))
        total -= value * len(board.pieces(piece_type, not color))
    return total


def choose(board: chess.Board, style: str) -> tuple[chess.Move, int]:
    """The move to play and its score in centipawns from the mover's side."""
    moves = sorted(board.legal_moves, key=lambda move: move.uci())
    if style == "first":
        return moves[0], 100 * material(board, board.turn)
    mover = board.turn
    best, best_value = moves[0], None
    for move in moves:
        board.push(move)
        value = 100 * material(board, mover) + (100_000 if board.is_checkmate() else 0)
        board.pop()
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best, int(best_value or 0)


def illegal_move(board: chess.Board) -> str:
    """A well-formed move that is not legal in ``board``."""
    legal = {move.uci() for move in board.legal_moves}
    for start in chess.SQUARES:
        for end in chess.SQUARES:
            text = chess.square_name(start) + chess.square_name(end)
            if start != end and text not in legal:
                return text
    raise AssertionError("every move is legal")


def position(words: list[str]) -> chess.Board:
    """The board of a ``position`` command's words (after ``position``)."""
    if words and words[0] == "startpos":
        board, rest = chess.Board(), words[1:]
    else:
        cut = words.index("moves") if "moves" in words else len(words)
        board, rest = chess.Board(" ".join(words[1:cut])), words[cut:]
    for word in rest[1:] if rest[:1] == ["moves"] else []:
        board.push_uci(word)
    return board


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--style", choices=("first", "material"), default="material")
    parser.add_argument("--misbehave", choices=("crash", "illegal", "hang", "garbage", "nostart"))
    parser.add_argument("--after", type=int, default=1)
    parser.add_argument("--name", default="toy")
    args = parser.parse_args()
    board = chess.Board()
    offset = 0
    searches = 0
    hung = False
    for line in sys.stdin:
        words = line.split()
        if not words or hung:
            continue
        command = words[0]
        if command == "uci":
            if args.misbehave == "nostart":
                return 1
            print(f"id name {args.name}")
            print("id author gamecore tests")
            print("option name ScoreOffset type spin default 0 min -1000 max 1000")
            print("uciok", flush=True)
        elif command == "isready":
            print("readyok", flush=True)
        elif command == "setoption" and len(words) >= 5 and words[2] == "ScoreOffset":
            offset = int(words[4])
        elif command == "position":
            board = position(words[1:])
        elif command == "go":
            searches += 1
            failing = args.misbehave if searches >= args.after else None
            if failing == "crash":
                return 3
            if failing == "hang":
                hung = True
                continue
            started = time.perf_counter()
            move, score = choose(board, args.style)
            millis = round(1000 * (time.perf_counter() - started))
            print(f"info depth 1 score cp {score + offset} nodes 1 time {millis} pv {move.uci()}")
            answer = move.uci()
            if failing == "illegal":
                answer = illegal_move(board)
            elif failing == "garbage":
                answer = "xyzzy"
            print(f"bestmove {answer}", flush=True)
        elif command == "quit":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
