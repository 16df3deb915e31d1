"""chess-meep features: an independent python-chess re-derivation, symmetry, hand-checked
positions, names, the shipped default weights, and the kernel as plain Python.

:func:`reference_features` computes every feature square by square with
python-chess (no bitboard fills, no shared code with the kernel but the index
layout); the oracle test (tests/test_chess_oracle.py) also compares it with
the kernel along its random playouts.
"""

from __future__ import annotations

import re
from collections import Counter

import chess
import numpy as np
import pytest

from gamecore.registry import get_game
from gamecore.search import Searcher
from gamecore.weights import Weights
from games.chess import default_weights
from games.chess import features as F
from games.chess.suite import PERFT_SUITE
from tests.plain_python import assert_features_match_plain_python

TYPES = (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)
MOBILITY_START = {
    chess.KNIGHT: F.MOB_KNIGHT,
    chess.BISHOP: F.MOB_BISHOP,
    chess.ROOK: F.MOB_ROOK,
    chess.QUEEN: F.MOB_QUEEN,
}
WEIGHT = {chess.KNIGHT: 2, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 5}


def reference_features(board: chess.Board) -> dict[int, float]:
    """chess-meep φ as {index: value}, derived square by square from the module docstring."""
    out: Counter = Counter()
    us = board.turn
    flip = 0 if us == chess.WHITE else 56
    out[F.TEMPO] += 1
    phase = sum(
        w * len(board.pieces(t, c))
        for t, w in ((chess.KNIGHT, 1), (chess.BISHOP, 1), (chess.ROOK, 2), (chess.QUEEN, 4))
        for c in chess.COLORS
    )
    endgame = 1 if phase <= 8 else 0

    def attacks_of(colour: chess.Color) -> chess.SquareSet:
        squares = chess.SquareSet()
        for sq in chess.SquareSet(board.occupied_co[colour]):
            squares |= board.attacks(sq)
        return squares

    def pawn_attacks_of(colour: chess.Color) -> chess.SquareSet:
        squares = chess.SquareSet()
        for sq in board.pieces(chess.PAWN, colour):
            squares |= board.attacks(sq)
        return squares

    for s, colour in enumerate((us, not us)):
        enemy = not colour
        step = 1 if colour == chess.WHITE else -1

        def rank_of(sq: int, colour: chess.Color = colour) -> int:
            """0-based rank from ``colour``'s side."""
            r = chess.square_rank(sq)
            return r if colour == chess.WHITE else 7 - r

        pawns = board.pieces(chess.PAWN, colour)
        enemy_pawns = board.pieces(chess.PAWN, enemy)
        own_pawn_att = pawn_attacks_of(colour)
        enemy_pawn_att = pawn_attacks_of(enemy)

        # material, counts, tables
        for t_index, t in enumerate(TYPES):
            squares = board.pieces(t, colour)
            k = len(squares)
            if k:
                out[F.MATERIAL + F.MATERIAL_SIZE * s + t_index] += k
            bin_ = min(k, int(F.COUNT_MAX[t_index]))
            out[F.COUNTS + F.COUNTS_SIZE * s + int(F.COUNT_OFFSET[t_index]) + bin_] += 1
            for sq in squares:
                out[F.PSQT + F.PSQT_SIZE * s + 64 * t_index + (sq ^ flip)] += 1
        bishops = board.pieces(chess.BISHOP, colour)
        if any(chess.BB_SQUARES[b] & chess.BB_DARK_SQUARES for b in bishops) and any(
            chess.BB_SQUARES[b] & chess.BB_LIGHT_SQUARES for b in bishops
        ):
            out[F.BISHOP_PAIR + s] += 1
        king = board.king(colour)
        out[F.KING_PSQT + F.KING_PSQT_SIZE * s + 64 * endgame + (king ^ flip)] += 1

        # pawn structure
        base = F.PAWNS + F.PAWNS_SIZE * s
        by_file = [[p for p in pawns if chess.square_file(p) == f] for f in range(8)]
        enemy_pieces = board.occupied_co[enemy] & ~board.pawns & ~board.kings
        for f in range(8):
            on_file = by_file[f]
            if len(on_file) > 1:
                out[base + F.P_DOUBLED + f] += len(on_file) - 1
            neighbours = [p for g in (f - 1, f + 1) if 0 <= g < 8 for p in by_file[g]]
            if on_file and not neighbours:
                out[base + F.P_ISOLATED + f] += len(on_file)
        for sq in pawns:
            f, r = chess.square_file(sq), rank_of(sq)
            adjacent = [p for p in pawns if abs(chess.square_file(p) - f) == 1]
            stop = sq + 8 * step
            if adjacent and not [p for p in adjacent if rank_of(p) <= r] and stop in enemy_pawn_att:
                out[base + F.P_BACKWARD + f] += 1
            if any(p != sq and chess.square_rank(p) == chess.square_rank(sq) for p in adjacent):
                out[base + F.P_PHALANX + r - 1] += 1
            if sq in own_pawn_att:
                out[base + F.P_DEFENDED + r - 2] += 1
            blockers = [
                p for p in enemy_pawns if abs(chess.square_file(p) - f) <= 1 and rank_of(p) > r
            ]
            ahead_own = [p for p in by_file[f] if rank_of(p) > r]
            if blockers or ahead_own:
                continue
            out[F.PASSED + 64 * s + (sq ^ flip)] += 1
            if board.color_at(stop) == enemy:
                out[base + F.P_PASSED_BLOCKED + r - 1] += 1
            if sq in own_pawn_att:
                out[base + F.P_PASSED_DEFENDED + r - 2] += 1
            path = [chess.square(f, rr if colour else 7 - rr) for rr in range(r + 1, 8)]
            free = not any(board.piece_at(p) for p in path)
            if free:
                out[base + F.P_PASSED_FREE + r - 1] += 1
            if free and not enemy_pieces:
                moves = 5 if r == 1 else 7 - r
                promotion = chess.square(f, 7 if colour == chess.WHITE else 0)
                if chess.square_distance(board.king(enemy), promotion) - s > moves:
                    out[base + F.P_UNSTOPPABLE] += 1

        # mobility, and the enemy's attacks on this side's king zone
        mob_base = F.MOBILITY + F.MOBILITY_SIZE * s
        for t in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN):
            for sq in board.pieces(t, colour):
                safe = [
                    a
                    for a in board.attacks(sq)
                    if board.color_at(a) != colour and a not in enemy_pawn_att
                ]
                out[mob_base + MOBILITY_START[t] + len(safe)] += 1
        zone = chess.SquareSet(chess.BB_KING_ATTACKS[king] | chess.BB_SQUARES[king])
        attackers = weight = 0
        hit = zone & enemy_pawn_att
        for t in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN):
            for sq in board.pieces(t, enemy):
                reach = board.attacks(sq) & zone
                if reach:
                    attackers += 1
                    weight += WEIGHT[t]
                    hit |= reach
        ks = F.KING_SAFETY + F.KING_SAFETY_SIZE * s
        out[ks + F.KS_ATTACKERS + min(attackers, 4)] += 1
        out[ks + F.KS_ATTACKED + len(hit)] += 1
        out[ks + F.KS_WEIGHT + min(weight, F.KS_WEIGHT_MAX)] += 1
        kf, kr = chess.square_file(king), chess.square_rank(king)
        for j, df in enumerate((-1, 0, 1)):
            f = kf + df
            if not 0 <= f < 8:
                continue
            for dr in (1, 2):
                rr = kr + step * dr
                if 0 <= rr < 8 and chess.square(f, rr) in pawns:
                    out[ks + F.KS_SHIELD + 2 * j + dr - 1] += 1
            if not by_file[f]:
                out[ks + F.KS_NO_OWN_PAWN + j] += 1
                if not [p for p in enemy_pawns if chess.square_file(p) == f]:
                    out[ks + F.KS_OPEN + j] += 1
            ahead = [
                (chess.square_rank(p) - kr) * step
                for p in enemy_pawns
                if chess.square_file(p) == f and (chess.square_rank(p) - kr) * step > 0
            ]
            if ahead and min(ahead) <= 4:
                out[ks + F.KS_STORM + 4 * j + min(ahead) - 1] += 1
        if board.has_kingside_castling_rights(colour):
            out[ks + F.KS_CASTLE] += 1
        if board.has_queenside_castling_rights(colour):
            out[ks + F.KS_CASTLE + 1] += 1

        # pieces
        pc = F.PIECES + F.PIECES_SIZE * s
        for sq in board.pieces(chess.ROOK, colour):
            f = chess.square_file(sq)
            own_on_file = bool(by_file[f])
            enemy_on_file = any(chess.square_file(p) == f for p in enemy_pawns)
            if not own_on_file and not enemy_on_file:
                out[pc + F.PC_ROOK_OPEN] += 1
            if not own_on_file and enemy_on_file:
                out[pc + F.PC_ROOK_HALF_OPEN] += 1
            if rank_of(sq) == 6:
                out[pc + F.PC_ROOK_SEVENTH] += 1
            if board.attacks(sq) & board.pieces(chess.ROOK, colour):
                out[pc + F.PC_ROOK_DEFENDS_ROOK] += 1
        for t, offset in ((chess.KNIGHT, F.PC_KNIGHT_OUTPOST), (chess.BISHOP, F.PC_BISHOP_OUTPOST)):
            for sq in board.pieces(t, colour):
                f, r = chess.square_file(sq), rank_of(sq)
                reachable = any(
                    abs(chess.square_file(p) - f) == 1 and rank_of(p) > r for p in enemy_pawns
                )
                if 3 <= r <= 5 and sq in own_pawn_att and not reachable:
                    out[pc + offset] += 1

        # threats against this side's pieces
        th = F.THREATS + F.THREATS_SIZE * s
        enemy_att = attacks_of(enemy)
        own_att = attacks_of(colour)
        minor_att = chess.SquareSet()
        rook_att = chess.SquareSet()
        for sq in board.pieces(chess.KNIGHT, enemy) | board.pieces(chess.BISHOP, enemy):
            minor_att |= board.attacks(sq)
        for sq in board.pieces(chess.ROOK, enemy):
            rook_att |= board.attacks(sq)
        for t_index, t in enumerate(TYPES):
            for sq in board.pieces(t, colour):
                if t != chess.PAWN and sq in enemy_pawn_att:
                    out[th + F.TH_BY_PAWN + t_index - 1] += 1
                if t in (chess.ROOK, chess.QUEEN) and sq in minor_att:
                    out[th + F.TH_BY_MINOR + t_index - 3] += 1
                if t == chess.QUEEN and sq in rook_att:
                    out[th + F.TH_BY_ROOK] += 1
                if sq in enemy_att and sq not in own_att:
                    out[th + F.TH_HANGING + t_index] += 1
    return {i: float(v) for i, v in out.items()}


@pytest.fixture(scope="module")
def game():
    return get_game("chess")


def kernel_features(game, fen: str) -> dict[int, float]:
    idx, val = game.state_from_text(fen).features()
    assert len(set(idx.tolist())) == len(idx), "an index occurs twice"
    assert ((idx >= 0) & (idx < F.COUNT)).all()
    assert (val > 0).all() and (val == np.round(val)).all()
    return dict(zip(idx.tolist(), val.tolist(), strict=True))


def named(features: dict[int, float]) -> dict[str, float]:
    return {F.feature_name(i): v for i, v in features.items()}


def sample_fens(plies: int = 60, seed: int = 7) -> list[str]:
    """The suite's positions and positions along seeded random games from them."""
    rng = np.random.default_rng(seed)
    fens = []
    for fen, _ in PERFT_SUITE.values():
        board = chess.Board(fen)
        fens.append(board.fen())
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(moves[rng.integers(len(moves))])
            fens.append(board.fen())
    return fens


EXTRA_FENS = [
    "8/8/8/8/8/8/8/K6k w - - 0 1",
    "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",  # unstoppable only for the side to move
    "4k3/8/8/8/8/8/P7/4K3 b - - 0 1",
    "4k3/8/8/1P6/8/8/8/4K3 b - - 0 1",
    "1k6/8/8/8/8/8/6P1/6K1 w - - 0 1",
    "r1bq1rk1/pp3ppp/2n1pn2/3p4/1bPP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    "2kr3r/ppp2ppp/8/8/8/8/PPP2PPP/2KR3R w - - 0 1",
    "6k1/5ppp/8/3N4/2P5/8/5PPP/6K1 w - - 0 1",
    "k7/8/8/8/8/8/8/1QQQQQ1K w - - 0 1",
    "k7/8/8/8/8/8/8/NNNNBBBK w - - 0 1",
]


# -- against the reference -----------------------------------------------------------------


@pytest.mark.parametrize("fen", [fen for fen, _ in PERFT_SUITE.values()] + EXTRA_FENS)
def test_kernel_matches_reference(game, fen: str) -> None:
    board = chess.Board(fen)
    ours, theirs = kernel_features(game, fen), reference_features(board)
    assert named(ours) == named(theirs)


def test_kernel_matches_reference_along_random_games(game) -> None:
    for fen in sample_fens():
        assert named(kernel_features(game, fen)) == named(reference_features(chess.Board(fen))), fen


# -- symmetry and shape --------------------------------------------------------------------


def test_colour_mirrored_twins_have_the_same_features(game) -> None:
    """Ranks flipped, colours and the move swapped, castling and en passant mirrored."""
    for fen in [*sample_fens(plies=40, seed=11), *EXTRA_FENS]:
        twin = chess.Board(fen).mirror().fen()
        assert kernel_features(game, fen) == kernel_features(game, twin), (fen, twin)


def test_passing_the_move_swaps_every_twin_feature(game) -> None:
    """``side_mirror`` pairs "own X" with "opp X" (squares flipped): hand the move to the
    other side and each twin takes the other's value, which is what tying their weights
    to be equal and opposite relies on. Tempo and threats have no twins."""
    mirror = F.side_mirror()
    paired = mirror >= 0
    assert (mirror[mirror[paired]] == np.flatnonzero(paired)).all()
    assert not paired[F.TEMPO] and not paired[F.THREATS : F.COUNT].any()
    assert mirror[F.PSQT + 64 * 1 + chess.C3] == F.PSQT + F.PSQT_SIZE + 64 * 1 + chess.C6
    checked = 0
    for fen in [*sample_fens(), *EXTRA_FENS]:
        board = chess.Board(fen)
        board.turn = not board.turn
        board.ep_square = None
        if not board.is_valid():  # the side that just moved would be in check
            continue
        before, after = kernel_features(game, fen), kernel_features(game, board.fen())
        swapped = {int(mirror[i]): v for i, v in before.items() if paired[i]}
        assert swapped == {i: v for i, v in after.items() if paired[i]}, fen
        checked += 1
    assert checked > 300


def test_hand_set_weights_are_equal_and_opposite_on_twins() -> None:
    theta = default_weights.build_theta()
    mirror = F.side_mirror()
    paired = np.flatnonzero(mirror >= 0)
    assert np.array_equal(theta[paired], -theta[mirror[paired]])


def test_active_features_are_about_a_hundred(game) -> None:
    counts = [len(kernel_features(game, fen)) for fen in sample_fens()]
    assert 60 <= np.median(counts) <= 140
    assert max(counts) < 200


# -- hand-checked positions ----------------------------------------------------------------


def test_start_position(game) -> None:
    got = named(kernel_features(game, chess.STARTING_FEN))
    for side in ("own", "opp"):
        assert got[f"{side} pawns (count)"] == 8 and got[f"{side} pawns >= 8"] == 1
        assert got[f"{side} knights = 2"] == 1 and got[f"{side} queens = 1"] == 1
        assert got[f"{side} bishop pair"] == 1
        assert got[f"{side} phalanx pawns, rank 2"] == 8
        assert got[f"{side} castling right O-O"] == 1
        assert got[f"{side} knight mobility 2"] == 2  # Nb1: a3 c3, Ng1: f3 h3
        assert got[f"{side} bishop mobility 0"] == 2
        assert got[f"{side} king zone attackers 0"] == 1
    assert got["own king on e1 (middlegame)"] == 1 and got["opp king on e8 (middlegame)"] == 1
    assert got["own pawn on e2"] == 1 and got["opp pawn on e7"] == 1
    assert not any("passed" in name or "hanging" in name for name in got)
    assert len(got) == 81


def test_black_to_move_sees_its_pieces_as_own(game) -> None:
    got = named(kernel_features(game, "4k3/8/8/8/3n4/8/8/4K3 b - - 0 1"))
    assert got["own knight on d5"] == 1  # black's knight on d4, board turned for black
    assert got["own king on e1 (endgame)"] == 1 and got["opp king on e8 (endgame)"] == 1
    assert got["own knight mobility 8"] == 1


def test_pawn_structure(game) -> None:
    # White c2 c3 d4 e6, black c4: doubled c-pawns (not isolated: d4 stands beside
    # them), d4 passed (c4 is level with it, not ahead) and defended by c3, e6 passed
    # on the 6th, its path e7-e8 free; black's c4 isolated and not passed (c3 ahead).
    got = named(kernel_features(game, "6k1/8/4P3/8/2pP4/2P5/2P5/4K3 w - - 0 1"))
    assert got["own doubled pawns, file c"] == 1
    assert "own isolated pawns, file c" not in got
    assert got["own passed pawn on e6"] == 1 and got["own passed pawn on d4"] == 1
    assert got["own passed pawns with a free path, rank 6"] == 1
    assert got["own defended passed pawns, rank 4"] == 1
    assert got["own pawns defended by a pawn, rank 4"] == 1
    assert got["opp isolated pawns, file c"] == 1
    assert not any(name.startswith("opp passed") for name in got)
    assert got["opp king zone squares attacked 1"] == 1  # e6 attacks f7 beside g8
    # d3 is backward: c4 and e4 are ahead of it, and black's c5 guards d4.
    got = named(kernel_features(game, "6k1/8/8/2p5/2P1P3/3P4/8/6K1 w - - 0 1"))
    assert got["own backward pawns, file d"] == 1
    assert got["own pawns defended by a pawn, rank 4"] == 2  # c4 and e4, by d3
    assert got["own passed pawn on e4"] == 1 and "own passed pawn on c4" not in got


def test_passed_pawns(game) -> None:
    # d6 and e6: a phalanx of passed pawns; black's king on e8 leaves only d6 a free path.
    got = named(kernel_features(game, "4k3/8/3PP3/8/8/8/8/4K3 w - - 0 1"))
    assert got["own passed pawn on d6"] == 1 and got["own passed pawn on e6"] == 1
    assert got["own phalanx pawns, rank 6"] == 2
    assert got["own passed pawns with a free path, rank 6"] == 1
    assert "own blocked passed pawns, rank 6" not in got  # e7, the stop square, is empty
    assert "own unstoppable passed pawns" not in got  # black's king is in their square
    got = named(kernel_features(game, "8/8/3PP3/8/8/8/8/k3K3 w - - 0 1"))
    assert got["own unstoppable passed pawns"] == 2
    # The square rule counts the move: a4 against Kf8 runs home only with white to move.
    got = named(kernel_features(game, "5k2/8/8/8/P7/8/8/4K3 w - - 0 1"))
    assert got["own unstoppable passed pawns"] == 1
    got = named(kernel_features(game, "5k2/8/8/8/P7/8/8/4K3 b - - 0 1"))
    assert got["opp passed pawn on a5"] == 1  # a4 seen from black's chair
    assert "opp unstoppable passed pawns" not in got
    # A rear doubled pawn is not passed; a blocked one is counted as such.
    got = named(kernel_features(game, "4k3/8/8/8/P7/P7/8/4K3 w - - 0 1"))
    assert got["own doubled pawns, file a"] == 1 and got["own isolated pawns, file a"] == 2
    assert got["own passed pawn on a4"] == 1 and "own passed pawn on a3" not in got
    got = named(kernel_features(game, "4k3/8/3n4/3P4/8/8/8/4K3 w - - 0 1"))
    assert got["own blocked passed pawns, rank 5"] == 1


def test_knight_mobility_and_outpost(game) -> None:
    # Nd5 attacks b4 b6 c3 c7 e3 e7 f4 f6; g7 guards f6, so 7 safe squares. It is an
    # outpost: defended by c4, and black has no c- or e-pawn to chase it.
    got = named(kernel_features(game, "6k1/5ppp/8/3N4/2P5/8/5PPP/6K1 w - - 0 1"))
    assert got["own knight mobility 7"] == 1
    assert got["own knight outposts"] == 1
    assert got["own knight on d5"] == 1
    for side in ("own", "opp"):
        for across in ("left", "centre", "right"):
            assert got[f"{side} king shield pawn, file {across}, 1 ahead"] == 1
    # A black pawn on e6 attacks d5: no outpost, and a threat.
    got = named(kernel_features(game, "6k1/5ppp/4p3/3N4/2P5/8/5PPP/6K1 w - - 0 1"))
    assert "own knight outposts" not in got
    assert got["own knights attacked by a pawn"] == 1
    assert got["own knight mobility 7"] == 1  # e6 guards d5 and f5, not a knight square


def test_king_attack(game) -> None:
    # Ng4 (f2 h2) and Qh4 (f2 h2) hit white's king zone; Qd1 hits d7 d8 beside e8.
    fen = "r1b1k2r/ppp2ppp/8/8/6nq/8/PPP2PPP/RNBQ1RK1 w kq - 0 1"
    got = named(kernel_features(game, fen))
    assert got["own king zone attackers 2"] == 1
    assert got["own king attack weight 7"] == 1  # knight 2 + queen 5
    assert got["own king zone squares attacked 2"] == 1
    assert got["opp king zone attackers 1"] == 1 and got["opp king attack weight 5"] == 1
    assert got["opp king zone squares attacked 2"] == 1
    assert "own castling right O-O" not in got
    assert got["opp castling right O-O"] == 1 and got["opp castling right O-O-O"] == 1
    assert got["opp king file centre open"] == 1  # no pawn on the e-file
    # A pawn storm: black's g-pawn two ranks in front of white's king.
    got = named(kernel_features(game, "6k1/8/8/8/8/6p1/5PP1/6K1 w - - 0 1"))
    assert got["own king pawn storm, file centre, enemy pawn 2 ahead"] == 1
    assert got["own king file right without own pawns"] == 1


def test_rooks_and_threats(game) -> None:
    got = named(kernel_features(game, "4k3/1R6/8/8/8/8/8/R3K3 w - - 0 1"))
    assert got["own rooks on an open file"] == 2
    assert got["own rooks on rank 7"] == 1
    assert "own rooks defending a rook" not in got  # a1 and b7 share no line
    got = named(kernel_features(game, "4k3/p7/8/8/8/8/8/R2RK3 w - - 0 1"))
    assert got["own rooks on a half-open file"] == 1 and got["own rooks on an open file"] == 1
    assert got["own rooks defending a rook"] == 2
    assert got["own rook mobility 8"] == 1 and got["own rook mobility 9"] == 1
    assert got["opp hanging pawns"] == 1  # a7, attacked by Ra1, undefended


# -- names and the documented table --------------------------------------------------------


def test_names_are_unique_and_indexable() -> None:
    assert len(set(F.FEATURE_NAMES)) == F.COUNT == get_game("chess").feature_set.count
    assert F.feature_name(0) == "tempo"
    assert F.feature_name(F.MOBILITY + F.MOB_KNIGHT + 5) == "own knight mobility 5"
    assert F.feature_name(F.MOBILITY + F.MOBILITY_SIZE + F.MOB_QUEEN) == "opp queen mobility 0"
    assert F.feature_name(F.PSQT + 64 + 28) == "own knight on e4"
    assert F.feature_name(F.COUNT - 1) == "opp hanging queens"
    assert F.feature_group(F.COUNT - 1) == "threats" and F.feature_group(0) == "tempo"
    with pytest.raises(IndexError):
        F.feature_name(F.COUNT)


def test_docstring_table_matches_the_layout() -> None:
    """The table people read to interpret learned weights says what the code does."""
    doc = F.__doc__
    assert f"N = {F.COUNT}" in doc
    rows = re.findall(r"^([a-z][a-z ]*?)\s{2,}(\d+)(?:-(\d+))?\s{2,}(\d+)(x2)?\s", doc, re.M)
    assert [(name, int(a), int(b or a) + 1) for name, a, b, _, _ in rows] == list(F.GROUPS)
    for name, a, b, size, both in rows:
        assert int(size) * (2 if both else 1) == int(b or a) + 1 - int(a), name


# -- default weights ------------------------------------------------------------------------


def test_shipped_weights_equal_the_module(game) -> None:
    shipped = Weights.default(game)
    shipped.check_fits(game)
    assert shipped.metadata["init"] == "hand-set" and shipped.metadata["description"]
    assert np.array_equal(shipped.theta, default_weights.build_theta())
    assert shipped.feature_set == "chess-meep"


@pytest.fixture(scope="module")
def searcher(game):
    return Searcher(game, Weights.default(game).theta)


def evaluate(game, searcher, fen: str) -> float:
    return searcher.evaluate(game.state_from_text(fen))


def test_default_evaluation_is_sensible(game, searcher) -> None:
    start = evaluate(game, searcher, chess.STARTING_FEN)
    assert start == default_weights.TEMPO
    queen_up = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert evaluate(game, searcher, queen_up) > 800
    assert evaluate(game, searcher, queen_up.replace(" w ", " b ")) < -800
    # A knight up beats a pawn up; a centralised knight beats one in the corner.
    assert evaluate(game, searcher, "4k3/8/8/8/8/8/8/N3K3 w - - 0 1") > evaluate(
        game, searcher, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1"
    )
    assert evaluate(game, searcher, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1") > evaluate(
        game, searcher, "4k3/8/8/8/8/8/8/N3K3 w - - 0 1"
    )
    # A passed pawn on the 6th is worth more than one on the 3rd.
    assert evaluate(game, searcher, "4k3/8/P7/8/8/8/8/4K3 w - - 0 1") > evaluate(
        game, searcher, "4k3/8/8/8/8/P7/8/4K3 w - - 0 1"
    )


def test_default_evaluation_is_colour_symmetric(game, searcher) -> None:
    for fen in sample_fens(plies=30, seed=3):
        twin = chess.Board(fen).mirror().fen()
        assert evaluate(game, searcher, fen) == pytest.approx(evaluate(game, searcher, twin))


# -- the kernel as plain Python ----------------------------------------------------------------


def test_plain_python_kernel_agrees_with_the_compiled_one(game) -> None:
    """NUMBA_DISABLE_JIT=1 runs the same source as Python: same features, no warnings.

    See tests/plain_python.py.
    """
    fens = sample_fens(plies=12, seed=5) + EXTRA_FENS
    assert_features_match_plain_python(game, fens)
