"""ChessGame: move text (UCI and SAN), game ends, features, display, python-chess interop."""

from __future__ import annotations

import chess
import chess.pgn
import numpy as np
import pytest

from gamecore.errors import BadMove
from gamecore.kernel_api import DRAW, LOSS, ONGOING
from gamecore.registry import get_game
from games.chess import layout, move_to_uci
from games.chess.interop import from_board, move_to_san, result_text, to_board, to_pgn
from games.chess.suite import KIWIPETE, START


@pytest.fixture(scope="module")
def game():
    return get_game("chess")


def play(game, *moves: str, fen: str = START):
    state = game.state_from_text(fen)
    for text in moves:
        state.push_text(text)
    return state


# -- facts ----------------------------------------------------------------------


def test_facts(game) -> None:
    assert game.name == "chess"
    assert game.player_names == ("white", "black")
    assert game.num_players == 2
    assert game.capabilities.has_kings and game.capabilities.jit
    assert game.feature_set.name == "chess-meep" and game.feature_set.version == 1
    assert game.feature_set.count == 1473  # games/chess/features.py documents the layout


def test_move_encoding_is_documented_layout(game) -> None:
    state = play(game, fen="r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1")
    moves = {state.move_text(m): m for m in state.legal_moves()}
    assert moves["e1g1"] == layout.encode(4, 6, 0, layout.CASTLING)
    assert moves["e5d6"] == layout.encode(36, 43, 0, layout.EN_PASSANT)
    assert moves["b7a8q"] == layout.encode(49, 56, layout.QUEEN)
    assert moves["b7b8n"] == layout.encode(49, 57, layout.KNIGHT)
    assert all(m > 0 for m in moves.values())


# -- reading and writing moves --------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "text", "uci"),
    [
        (START, "e2e4", "e2e4"),
        (START, "Nf3", "g1f3"),
        (START, "e4", "e2e4"),
        (START, " Nc3 ", "b1c3"),
        (KIWIPETE, "O-O", "e1g1"),
        (KIWIPETE, "0-0-0", "e1c1"),
        (KIWIPETE, "e1c1", "e1c1"),
        (KIWIPETE, "Bxa6", "e2a6"),
        (KIWIPETE, "Nxf7", "e5f7"),
        ("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "exd8=Q+", "e7d8q"),
        ("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8n", "e7d8n"),
        ("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=R", "e7e8r"),
    ],
)
def test_move_from_text_reads_uci_and_san(game, fen: str, text: str, uci: str) -> None:
    state = game.state_from_text(fen)
    move = state.parse_move(text)
    assert state.move_text(move) == uci


@pytest.mark.parametrize(
    ("fen", "text", "problem"),
    [
        (START, "e2e5", "illegal move 'e2e5'"),
        (START, "Ke2", "illegal move 'Ke2'"),
        (START, "e7e5", "illegal move 'e7e5'"),
        (START, "hello", "malformed move 'hello'"),
        (START, "", "malformed move"),
        (START, "e2e4e5", "malformed move"),
        (START, "O-O", "illegal move 'O-O'"),
        ("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8", "a promotion needs a piece, e.g. e7e8q"),
        ("4k3/8/8/8/8/8/4N3/4K2N w - - 0 1", "Ng3", "ambiguous move 'Ng3'"),
    ],
)
def test_bad_move_text_says_what_is_wrong(game, fen: str, text: str, problem: str) -> None:
    state = game.state_from_text(fen)
    with pytest.raises(BadMove) as info:
        state.parse_move(text)
    assert problem in str(info.value)
    assert "\n" not in str(info.value)


def test_san_and_board_round_trip(game) -> None:
    state = play(game, "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O")
    board = to_board(state)
    assert board.fen() == chess.Board(state.to_text()).fen()
    assert [m.uci() for m in board.move_stack] == [move_to_uci(m) for m in state.history]
    back = from_board(board)
    assert back.to_text() == state.to_text() and back.history == state.history
    assert back.hash == state.hash
    assert move_to_san(state, state.parse_move("b7b6")) == "b6"
    assert move_to_san(state, state.parse_move("axb5")) == "axb5"
    assert move_to_san(state, state.parse_move("d8e7")) == "Qe7"


def test_pgn_export(game) -> None:
    state = play(game, "f3", "e5", "g4", "Qh4#")
    pgn = to_pgn(state, {"Event": "test"})
    assert "1. f3 e5 2. g4 Qh4#" in pgn
    assert '[Result "0-1"]' in pgn and '[Event "test"]' in pgn
    parsed = chess.pgn.read_game(__import__("io").StringIO(pgn))
    assert parsed.end().board().is_checkmate()


def test_pgn_export_from_a_set_up_position(game) -> None:
    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    state = play(game, "e4", "Kd7", fen=fen)
    pgn = to_pgn(state)
    assert f'[FEN "{fen}"]' in pgn and '[SetUp "1"]' in pgn and "1. e4 Kd7" in pgn
    assert result_text(state) == "*"


# -- how games end ----------------------------------------------------------------


def test_checkmate(game) -> None:
    state = play(game, "f3", "e5", "g4", "Qh4#")
    assert state.status() == LOSS and state.in_check()
    assert state.winner_team() == 1
    assert game.describe_result(state) == "black wins by checkmate"


def test_stalemate(game) -> None:
    state = game.state_from_text("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert state.legal_moves() == [] and state.status() == DRAW
    assert game.describe_result(state) == "draw by stalemate"


def test_fifty_move_rule_and_mate_taking_precedence(game) -> None:
    state = game.state_from_text("7k/8/5QK1/8/8/8/8/8 b - - 99 100")
    assert state.status() == ONGOING
    state.push_text("Kg8")
    assert state.status() == DRAW
    assert game.describe_result(state) == "draw by the fifty-move rule"
    mated = game.state_from_text("7k/6Q1/6K1/8/8/8/8/8 b - - 100 100")
    assert mated.status() == LOSS
    # A quiet move reaches 100 halfmoves; a capture resets the clock instead.
    state = game.state_from_text("7k/8/6K1/8/8/8/8/5Q1r w - - 99 100")
    state.push_text("Qf2")
    assert state.status() == DRAW
    state.pop()
    state.push_text("Qxh1")
    assert state.status() == ONGOING and state.to_text().split()[4] == "0"


def test_threefold_repetition(game) -> None:
    state = game.initial_state()
    shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"]
    for text in shuffle:
        state.push_text(text)
    assert state.status() == ONGOING  # the start position has occurred twice
    for text in shuffle[:3]:
        state.push_text(text)
        assert state.status() == ONGOING
    state.push_text(shuffle[3])
    assert state.status() == DRAW  # and now three times
    assert game.describe_result(state) == "draw by threefold repetition"
    assert to_board(state).is_repetition(3)


def test_repeated_marks_every_recurrence_for_the_search(game) -> None:
    """The search scores a repeated position as a draw: the first recurrence already counts,
    and a pawn move ends the stretch in which one can occur."""
    state = game.initial_state()
    for text in ["Nf3", "Nf6", "Ng1"]:
        state.push_text(text)
        assert not game.kernel.repeated(state.arrays)
    state.push_text("Ng8")
    assert game.kernel.repeated(state.arrays) and state.status() == ONGOING
    state.push_text("e4")
    assert not game.kernel.repeated(state.arrays)


def test_repetition_needs_the_same_castling_rights(game) -> None:
    state = game.state_from_text("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1")
    for text in ["Rh2", "Ra7", "Rh1", "Ra8", "Rh2", "Ra7", "Rh1", "Ra8"]:
        state.push_text(text)
    # The start position had castling rights: it never occurs again.
    assert state.status() == ONGOING
    state.push_text("Rh2")
    assert state.status() == ONGOING  # after Rh2 a 3rd time, rights are gone since the 1st
    for text in ["Ra7", "Rh1", "Ra8", "Rh2"]:
        state.push_text(text)
    assert state.status() == DRAW


def test_repetition_ignores_an_en_passant_square_no_pawn_can_use(game) -> None:
    # 1. e4 creates no en passant right (no black pawn on d4/f4): the knight dance repeats it.
    state = play(game, "e4", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8", "Ng1")
    assert state.status() == DRAW


@pytest.mark.parametrize(
    ("fen", "dead"),
    [
        ("8/8/4k3/8/8/8/8/4K3 w - - 0 1", True),
        ("8/8/4k3/8/8/2B5/8/4K3 w - - 0 1", True),
        ("8/8/4k3/8/8/2n5/8/4K3 w - - 0 1", True),
        ("8/8/4k3/8/8/2B5/8/4K1b1 w - - 0 1", True),
        ("8/8/4k3/8/8/2BB4/8/4K1b1 w - - 0 1", False),
        ("8/8/4k3/8/8/2B5/8/4K2b w - - 0 1", False),
        ("8/8/4k3/8/8/2N5/8/4K1n1 w - - 0 1", False),
        ("8/8/4k3/8/8/2NN4/8/4K3 w - - 0 1", False),
        ("8/8/4k3/8/8/2P5/8/4K3 w - - 0 1", False),
        ("8/8/4k3/8/8/2R5/8/4K3 w - - 0 1", False),
    ],
)
def test_insufficient_material(game, fen: str, dead: bool) -> None:
    state = game.state_from_text(fen)
    assert (state.status() == DRAW) == dead
    assert chess.Board(fen).is_insufficient_material() == dead
    if dead:
        assert game.describe_result(state) == "draw by insufficient material"


# -- kernel facts -----------------------------------------------------------------


def test_noisy_moves(game) -> None:
    state = game.state_from_text("1r2k3/P1P5/8/3pP3/8/8/8/4K3 w - d6 0 1")
    noisy = sorted(state.move_text(m) for m in state.noisy_moves())
    promotions = [f"{a}{p}" for a in ("a7a8", "a7b8", "c7b8", "c7c8") for p in "bnqr"]
    assert noisy == sorted([*promotions, "e5d6"])


def test_king_attacked_and_ply(game) -> None:
    state = play(game, "e4", "f5", "Qh5+")
    kernel = game.kernel
    assert kernel.king_attacked(state.arrays, 1) and not kernel.king_attacked(state.arrays, 0)
    assert state.player == 1 and state.team == 1 and state.ply == 3
    assert state.in_check()


def test_features_are_mirrored_for_black(game) -> None:
    from games.chess.features import feature_name

    white = game.initial_state()
    idx, val = white.features()
    names = {feature_name(int(i)): v for i, v in zip(idx, val, strict=True)}
    # Mover's pawns on rank 2, opponent's king on e8, eight of each side's pawns.
    assert {f"own pawn on {f}2" for f in "abcdefgh"} <= names.keys()
    assert names["opp king on e8 (middlegame)"] == 1 and names["own pawns (count)"] == 8
    # The same position with colours swapped and black to move has the same features.
    black = game.state_from_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
    assert sorted(zip(*black.features(), strict=True)) == sorted(zip(idx, val, strict=True))
    moved = play(game, "e4")
    after = {feature_name(int(i)) for i in moved.features()[0]}
    assert "opp pawn on e5" in after  # white's e4 pawn seen by black
    assert "own pawn on e2" in after and "opp pawn on e2" not in after


def test_geometry_pieces_and_move_cells(game) -> None:
    geometry = game.geometry()
    assert len(geometry.cells) == 64
    a1, h1, a8 = geometry.cell(0), geometry.cell(7), geometry.cell(56)
    assert (a1.name, h1.name, a8.name) == ("a1", "h1", "a8")
    assert a1.polygon[0] == (0, 0) and a8.polygon[0] == (0, 7)
    assert a1.color != h1.color and a1.color == geometry.cell(9).color  # a1 dark, h1 light
    state = game.initial_state()
    pieces = state.pieces()
    assert len(pieces) == 32
    assert {(p.cell, p.glyph, p.player) for p in pieces} >= {(4, "K", 0), (59, "Q", 1), (8, "P", 0)}
    move = state.parse_move("Nf3")
    assert game.move_cells(state.arrays, move) == (6, 21)


def test_arrays_layout(game) -> None:
    arrays = game.new_arrays(16)
    assert [a.dtype for a in arrays] == [np.uint64, np.uint64, np.float64, np.float64]
    assert arrays[0].shape == game.new_arrays(1)[0].shape == (layout.POS_SIZE,)
    assert arrays[1].shape == (16, layout.HIST_WIDTH)
    assert arrays[2].shape == (16, 2)  # the evaluation's accumulator, per ply and side
    assert arrays[3].shape == game.new_arrays(1)[3].shape == (2 * 12 * 64,)


@pytest.mark.parametrize(
    ("fen", "result"),
    [
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "1/2-1/2"),  # black: a lone king
        ("4k3/8/8/8/8/8/5n2/Q3K3 w - - 0 1", "1/2-1/2"),  # king and knight: no mate at all
        ("4k3/8/8/8/8/8/5n2/R3K3 w - - 0 1", "0-1"),  # a knight mates a king its rook hems in
        ("4k3/8/8/8/8/8/5r2/R3K3 w - - 0 1", "0-1"),  # black: a rook mates
        ("4k3/8/8/8/8/8/1b3n2/R3K3 w - - 0 1", "0-1"),  # bishop and knight can mate
    ],
)
def test_a_flag_fall_is_a_draw_when_the_other_side_cannot_mate(fen, result):
    """FIDE 6.9: white's flag falls; black wins only if it could mate at all."""
    game = get_game("chess")
    state = game.state_from_text(fen)
    assert game.time_loss_headers(state, 0) == {"Result": result, "Termination": "time forfeit"}
    text = game.describe_time_loss(state, 0)
    assert text == ("black wins on time" if result == "0-1" else
                    "draw: white ran out of time, but black cannot win")  # fmt: skip
