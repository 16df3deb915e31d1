"""The kernel against python-chess on positions from seeded random playouts of the suite.

At every position: the legal and noisy move sets, check, mate, stalemate,
insufficient material, repetition, the fifty-move rule, the FEN (X-FEN en
passant), the FEN round trip, the chess-meep features (against the
square-by-square derivation in tests/test_chess_features.py), and for every
legal move the hash after it and the exact restore after unmake.
"""

from __future__ import annotations

import chess
import numpy as np
import pytest

from gamecore.kernel_api import DRAW, LOSS, ONGOING
from gamecore.registry import get_game
from gamecore.state import State
from games.chess import move_to_uci
from games.chess.layout import BOARD, HASH, PLY, WHITE_OCC
from games.chess.rules import insufficient_material, is_repetition
from games.chess.suite import PERFT_SUITE
from tests.test_chess_features import reference_features

PLAYOUTS_PER_START = 3
MAX_PLIES = 200


def _snapshot(state: State) -> bytes:
    """Everything make/unmake must restore: the position, the history before it, its hash
    and the evaluation's accumulator up to it."""
    pos, hist, acc = state.arrays[:3]
    ply = int(pos[PLY])
    return (
        pos.tobytes() + hist[:ply].tobytes() + hist[ply, HASH].tobytes() + acc[: ply + 1].tobytes()
    )


def _position_key(board: chess.Board) -> str:
    """What FIDE repetition compares, with en passant counted when pseudo-legal (as our hash)."""
    return " ".join(board.fen(en_passant="xfen").split()[:4])


def _mate_in_one(state: State, moves: list[int]) -> int | None:
    """A move that checkmates, if there is one (so playouts reach checkmates)."""
    for move in moves:
        state.push_unchecked(move)
        mated = state.status() == LOSS
        state.pop()
        if mated:
            return move
    return None


def _playouts():
    """Yield (state, board) at every position of seeded random games from each suite start."""
    game = get_game("chess")
    rng = np.random.default_rng(20240601)
    for fen, _ in PERFT_SUITE.values():
        for _ in range(PLAYOUTS_PER_START):
            state = game.state_from_text(fen)
            board = chess.Board(fen)
            capture_bias = rng.random()  # some games trade down to endgames quickly
            for _ in range(MAX_PLIES):
                yield state, board
                moves = state.legal_moves()
                if not moves or state.status() != ONGOING:
                    break
                mate = _mate_in_one(state, moves) if rng.random() < 0.25 else None
                captures = [m for m in state.noisy_moves() if (m >> 12) & 7 == 0]
                pool = captures if captures and rng.random() < capture_bias else moves
                move = mate or pool[rng.integers(len(pool))]
                board.push(chess.Move.from_uci(move_to_uci(move)))
                state.push_unchecked(move)


def _check_position(state: State, board: chess.Board, keys: dict[int, str]) -> None:
    fen = state.to_text()
    kernel = state._kernel
    moves = state.legal_moves()
    ours = {move_to_uci(m) for m in moves}
    assert len(ours) == len(moves), fen
    assert ours == {m.uci() for m in board.legal_moves}, fen
    noisy = {move_to_uci(m) for m in state.noisy_moves()}
    expected_noisy = {
        m.uci() for m in board.legal_moves if board.is_capture(m) or m.promotion is not None
    }
    assert noisy == expected_noisy, fen

    assert state.in_check() == board.is_check(), fen
    assert bool(kernel.king_attacked(state.arrays, 1 - state.player)) is False, fen
    status = state.status()
    assert (status == LOSS) == board.is_checkmate(), fen
    assert (not moves and status == DRAW) == board.is_stalemate(), fen
    assert bool(insufficient_material(state.arrays)) == board.is_insufficient_material(), fen
    assert bool(is_repetition(state.arrays)) == board.is_repetition(3), fen
    fifty = bool(moves) and board.is_fifty_moves()
    if status == ONGOING:
        assert not fifty and not board.is_repetition(3) and board.outcome() is None, fen
    elif moves:
        assert status == DRAW, fen
        assert fifty or board.is_repetition(3) or board.is_insufficient_material(), fen

    pos = state.arrays[0]
    mailbox = [int(c) for c in pos[BOARD : BOARD + 64]]
    for code in range(12):
        squares = {sq for sq in range(64) if int(pos[code]) >> sq & 1}
        assert squares == {sq for sq in range(64) if mailbox[sq] == code}, fen
    for colour in (0, 1):
        assert int(pos[WHITE_OCC + colour]) == sum(
            int(pos[code]) for code in range(6 * colour, 6 * colour + 6)
        ), fen

    assert fen == board.fen(en_passant="xfen")
    game = state.game
    reloaded = game.new_arrays(1)  # arrays, not a State: this runs thousands of times
    game.load_text(reloaded, fen)
    assert game.position_text(reloaded) == fen and int(reloaded[1][0, HASH]) == state.hash, fen

    idx, val = state.features()
    assert len(set(idx.tolist())) == len(idx), fen
    assert dict(zip(idx.tolist(), val.tolist(), strict=True)) == reference_features(board), fen

    # One hash per FIDE position and one FIDE position per hash.
    h = state.hash
    assert h == int(kernel.hash_full(state.arrays)), fen
    key = _position_key(board)
    assert keys.setdefault(h, key) == key, f"hash collision or missed difference at {fen}"

    before = _snapshot(state)
    for move in moves:
        state.push_unchecked(move)
        assert int(kernel.hash_of(state.arrays)) == int(kernel.hash_full(state.arrays)), (
            f"{move_to_uci(move)} from {fen}"
        )
        state.pop()
        assert before == _snapshot(state), f"unmake {move_to_uci(move)} from {fen}"


def test_kernel_agrees_with_python_chess_on_random_playouts() -> None:
    keys: dict[int, str] = {}
    seen = 0
    endings = {"checkmate": 0, "stalemate": 0, "insufficient": 0}
    for state, board in _playouts():
        _check_position(state, board, keys)
        seen += 1
        endings["checkmate"] += board.is_checkmate()
        endings["stalemate"] += board.is_stalemate()
        endings["insufficient"] += board.is_insufficient_material()
    assert seen >= 1000, seen
    # The sweep reaches game ends too (stalemate is rarer: see test_tricky_positions).
    assert endings["checkmate"] and endings["insufficient"], (seen, endings)
    assert len(set(keys.values())) == len(keys)


@pytest.mark.parametrize(
    "fen",
    [
        # En passant that would expose the king along the rank: not legal.
        "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2",
        # En passant that removes the checking pawn.
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        # En passant pseudo-legal but pinned diagonally.
        "k7/8/8/8/3Pp3/8/8/4K2B b - d3 0 1",
        # Castling through an attacked square, and into check.
        "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/5b2/8/R3K2R w KQkq - 0 1",
        # Queen-side castling with b1 attacked is still legal.
        "r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1",
        # Promotions with and without capture, in check.
        "1r2k3/P1P5/8/8/8/8/8/4K2r w - - 0 1",
        # Double check: only king moves.
        "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1",
        # Checkmate, stalemate, and the fifty-move rule not overriding mate.
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "7k/6Q1/6K1/8/8/8/8/8 b - - 120 200",
        "7k/8/5QK1/8/8/8/8/8 b - - 100 200",
        # The most legal moves known in a legal position (218): the buffer must hold them.
        "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
        # Insufficient material and nearly so.
        "8/8/4k3/8/8/2B5/8/4K1b1 w - - 0 1",
        "8/8/4k3/8/8/2B5/8/4K2b w - - 0 1",
        "8/8/4k3/8/8/2N5/8/4K3 w - - 0 1",
        "8/8/4k3/8/8/2N5/8/4K1n1 w - - 0 1",
    ],
)
def test_tricky_positions(fen: str) -> None:
    state = get_game("chess").state_from_text(fen)
    _check_position(state, chess.Board(fen), {})
