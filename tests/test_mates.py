"""A chess mate suite: mate-in-2 and mate-in-3 positions the search must solve at a fixed depth.

The positions (``tests/data/mates.epd``) are the 37 forced mates in two or
three moves among the 300 positions of Fred Reinfeld's *Win at Chess* (1958),
the public "WAC" engine test suite; their ``id`` is the WAC number. They were
harvested by running the search on all 300 (training mode, depth 7, 3 s each)
and keeping those it scored as a mate in at most three moves.

Every record was then verified independently of gamecore with the brute-force
solver below, which uses only python-chess: the side to move forces checkmate
in exactly ``dm`` moves (every defence examined, stalemate counting as a
failure), it cannot force mate in ``dm - 1``, and the ``bm`` move is the one and
only first move that forces mate in ``dm`` (the set of all mating first moves is
computed and compared). In each case this agrees with WAC's own ``bm``. The
check is repeated by ``test_records_are_forced_mates_by_brute_force`` (slow:
about 15 s; run with ``-m slow``).
"""

from __future__ import annotations

from pathlib import Path

import chess
import pytest

import gamecore
from gamecore.cli import main
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.weights import Weights
from tests.mate_oracle import QUIET_MATES_IN_2, mating_moves

DATA = Path(__file__).resolve().parent / "data" / "mates.epd"


def read_suite() -> list[tuple[str, str, str, int]]:
    """(id, FEN, best move in SAN, mate length in moves) per record."""
    records = []
    for line in DATA.read_text().splitlines():
        if not line.strip():
            continue
        position, _, operations = line.partition(" bm ")
        ops = {}
        first, *rest = [op.strip() for op in operations.split(";") if op.strip()]
        ops["bm"] = first
        for op in rest:
            key, _, value = op.partition(" ")
            ops[key] = value.strip('"')
        records.append((ops["id"], position + " 0 1", ops["bm"], int(ops["dm"])))
    return records


SUITE = read_suite()


def uci_of(fen: str, san: str) -> str:
    return chess.Board(fen).parse_san(san).uci()


# -- the brute-force solver (python-chess only) -----------------------------------


def mates_within(board: chess.Board, moves: int) -> bool:
    """Can the side to move force checkmate in at most ``moves`` of its moves?"""
    for move in board.legal_moves:
        if moves == 1 and not board.gives_check(move):
            continue
        board.push(move)
        try:
            if board.is_checkmate() or (moves > 1 and every_reply_mated(board, moves - 1)):
                return True
        finally:
            board.pop()
    return False


def every_reply_mated(board: chess.Board, moves: int) -> bool:
    """Is the side to move mated within ``moves`` whatever it plays? (Stalemate: no.)"""
    replies = list(board.legal_moves)
    if not replies:
        return False
    for reply in replies:
        board.push(reply)
        try:
            if not mates_within(board, moves):
                return False
        finally:
            board.pop()
    return True


def mating_first_moves(board: chess.Board, moves: int) -> set[str]:
    found = set()
    for move in list(board.legal_moves):
        board.push(move)
        try:
            if board.is_checkmate() or (moves > 1 and every_reply_mated(board, moves - 1)):
                found.add(move.uci())
        finally:
            board.pop()
    return found


# -- the suite itself ---------------------------------------------------------------


def test_suite_has_mates_in_two_and_three():
    lengths = [dm for _, _, _, dm in SUITE]
    assert len(SUITE) >= 20
    assert lengths.count(2) >= 10 and lengths.count(3) >= 10
    assert len({fen for _, fen, _, _ in SUITE}) == len(SUITE)


@pytest.mark.slow
@pytest.mark.parametrize(("ident", "fen", "san", "dm"), SUITE, ids=[r[0] for r in SUITE])
def test_records_are_forced_mates_by_brute_force(ident, fen, san, dm):
    board = chess.Board(fen)
    assert mates_within(board, dm), f"{ident}: no forced mate in {dm}"
    assert not mates_within(board, dm - 1), f"{ident}: a shorter mate exists"
    assert mating_first_moves(board, dm) == {uci_of(fen, san)}


def test_brute_force_solver_on_known_cases():
    assert mates_within(chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), 1)  # Ra8#
    stalemate_trap = chess.Board("7k/8/5Q2/8/8/8/8/6K1 w - - 0 1")  # Qf7?? is stalemate
    assert "f6f7" not in mating_first_moves(stalemate_trap, 1)
    assert not mates_within(chess.Board(), 2)


# -- what the engine finds ----------------------------------------------------------


@pytest.fixture(scope="module")
def chess_game():
    return gamecore.get_game("chess")


@pytest.fixture(scope="module")
def full_width(chess_game):
    return Searcher(chess_game, Weights.default(chess_game).theta, SearchParams.training(), 16)


@pytest.mark.parametrize(("ident", "fen", "san", "dm"), SUITE, ids=[r[0] for r in SUITE])
def test_full_width_search_mates_at_depth_2n_minus_1(full_width, chess_game, ident, fen, san, dm):
    """Training mode prunes nothing, so 2N-1 plies must see a mate in N moves."""
    state = chess_game.state_from_text(fen)
    full_width.clear()
    result = full_width.search(state, Limits(depth=2 * dm - 1))
    assert result.score.mate == 2 * dm - 1, (ident, result.score)
    assert state.move_text(result.best_move) == uci_of(fen, san)


def test_tournament_search_mates_two_plies_deeper(chess_game):
    """Tournament pruning (late-move reductions, futility) may hide a quiet key move at
    exactly 2N-1 plies (WAC.099 Rh5 and WAC.132 Re1 do); two plies more find every one."""
    searcher = Searcher(chess_game, Weights.default(chess_game).theta, SearchParams.tournament())
    for ident, fen, san, dm in SUITE:
        state = chess_game.state_from_text(fen)
        searcher.clear()
        result = searcher.search(state, Limits(depth=2 * dm + 1))
        assert result.score.mate == 2 * dm - 1, (ident, result.score)
        assert state.move_text(result.best_move) == uci_of(fen, san), ident


@pytest.mark.parametrize("ident", ["WAC.099", "WAC.191"])
def test_analyse_prints_the_mate_in_moves(capsys, ident):
    _, fen, san, dm = next(r for r in SUITE if r[0] == ident)
    args = ["analyse", "chess", "--position", fen, "--depth", str(2 * dm - 1), "--mode", "training"]
    assert main(args) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert f" score mate {dm} " in lines[-2]
    assert lines[-1] == f"bestmove {uci_of(fen, san)}"


@pytest.mark.parametrize("fen", QUIET_MATES_IN_2)
def test_the_tournament_search_finds_quiet_mates_in_two_in_sparse_endings(fen):
    """Null move cut the first of these at every depth: after 1.Ra6 Black is in zugzwang,
    passing is better than any move, and the null move said the node was fine. Verified
    null move (``SearchParams.null_verify``) checks each such cut with real moves."""
    game = gamecore.get_game("chess")
    board = chess.Board(fen)
    searcher = Searcher(game, Weights.default(game).theta, SearchParams.tournament())
    result = searcher.search(game.state_from_text(fen), Limits(depth=6))
    assert result.score.mate == 3, (fen, result)  # plies: mate on the third
    assert game.state_from_text(fen).move_text(result.best_move) in mating_moves(board, 2)
