"""Chess FEN: round trips, X-FEN en passant, and one-line errors naming each problem."""

from __future__ import annotations

import chess
import pytest

from gamecore.errors import BadPosition
from gamecore.registry import get_game
from games.chess.suite import PERFT_SUITE, START


@pytest.fixture(scope="module")
def game():
    return get_game("chess")


@pytest.mark.parametrize("fen", [fen for fen, _ in PERFT_SUITE.values()])
def test_suite_fens_round_trip(game, fen: str) -> None:
    assert game.state_from_text(fen).to_text() == fen


def test_four_field_fen_gets_default_clocks(game) -> None:
    state = game.state_from_text("4k3/8/8/8/8/8/8/4K3 b - -")
    assert state.to_text() == "4k3/8/8/8/8/8/8/4K3 b - - 0 1"


def test_en_passant_square_kept_only_when_a_pawn_can_take(game) -> None:
    # After 1. e4 no black pawn attacks e3: the square is dropped and the hash ignores it.
    with_ep = game.state_from_text("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    without = game.state_from_text("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    assert with_ep.to_text() == without.to_text()
    assert with_ep.hash == without.hash
    # A black pawn on d4 could take: kept, and it changes the hash.
    kept = game.state_from_text("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1")
    assert kept.to_text() == "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"
    assert kept.hash != game.state_from_text("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1").hash
    # After pushing e2e4 the state agrees with loading the FEN.
    state = game.initial_state()
    state.push_text("e2e4")
    assert state.to_text() == without.to_text() and state.hash == without.hash


def test_pinned_en_passant_is_still_written(game) -> None:
    """Pseudo-legal is what counts (X-FEN), even when the capture would expose the king."""
    fen = "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2"
    state = game.state_from_text(fen)
    assert state.to_text() == fen == chess.Board(fen).fen(en_passant="xfen")
    assert "b5c6" not in {state.move_text(m) for m in state.legal_moves()}


BAD_FENS = [
    ("", "0 fields"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "5 fields"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", "7 fields"),
    ("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 ranks"),
    ("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "9 ranks"),
    ("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter 'x'"),
    ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 'ppppppp' covers 7"),
    ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter '9'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", "covers 9 squares"),
    ("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "two digits in a row"),
    ("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black has 0 kings"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "white has 2 kings"),
    ("rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", "pawn on h8"),
    ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "pawn on a1"),
    ("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "black has 9 pawns"),
    ("4k3/8/8/8/8/8/8/4K2r b - - 0 1", "white is in check but it is not their move"),
    ("3rk3/8/8/8/8/5n2/3p4/r3K3 w - - 0 1", "white is in check from 3 pieces"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "bad side to move 'x'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "bad castling field 'KQkx'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", "repeats 'K'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "no white rook on h1"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1", "white has 0 kings"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBKNR w Q - 0 1", "white king is not on e1"),
    ("1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1", "no black rook on a8"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "bad en passant field 'e9'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "not on rank 6"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "no black pawn just moved"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "bad halfmove clock 'x'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "bad halfmove clock '-1'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "bad fullmove number '0'"),
    ("4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1", "bad halfmove clock '9999"),
]


@pytest.mark.parametrize(("fen", "problem"), BAD_FENS)
def test_bad_fen_is_rejected_naming_the_problem(game, fen: str, problem: str) -> None:
    arrays = game.new_arrays(8)
    game.load_text(arrays, START)
    before = [a.copy() for a in arrays]
    with pytest.raises(BadPosition) as info:
        game.load_text(arrays, fen)
    message = str(info.value)
    assert problem in message
    assert "\n" not in message
    assert all((a == b).all() for a, b in zip(arrays, before, strict=True)), "arrays changed"
