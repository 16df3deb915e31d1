"""Duchess move generation against an independent brute-force reference.

The reference below is plain Python written straight from the rules and the
mesh tables (games/duchess/mesh.py), not from the kernel: positions are dicts,
attacks are recomputed from every piece for every test, teleports follow the
rule's wording, and positions are copied rather than made and unmade. It is the
oracle for the pinned perft counts and for the move lists of random positions.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from gamecore.errors import BadPosition
from gamecore.kernel_api import ONGOING
from gamecore.registry import get_game
from gamecore.testing import perft_bound
from games.duchess import rules_table as R
from games.duchess.mesh import N_CELLS, VORTEX, build_mesh
from games.duchess.notation import CELL_NAMES, CELL_OF_NAME
from tests.plain_python import run_without_jit

# Perft from the start position (every node made and unmade), depths 1..
START_COUNTS = {
    6: (9, 81, 837, 8649, 103509, 1238769),
    4: (9, 81, 837, 8649, 157017, 2780266),
    2: (9, 81, 1359, 22801, 466628, 9543948),
}


class Reference:
    """Duchess rules by brute force over the mesh tables."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.mesh = build_mesh(R.SEATING[players])

    # positions: (board {cell: (seat, letter)}, boxes [Counter per seat], seat to move)

    def attacks(self, board: dict, cell: int) -> list[int]:
        """The cells the piece on ``cell`` attacks, once per way it reaches them (a
        Fortress's jump and line onto one cell give it twice)."""
        x = board[cell][1]
        m = self.mesh
        if x == "P":
            return list(m.diag[cell])
        out: list[int] = []
        if x in "KW":
            out += m.king[cell]
        if x in "NDF":
            out += m.knight[cell]
        lines = []
        if x in "RQF":
            lines += m.rook_rays[cell]
        if x in "BQD":
            lines += m.bishop_rays[cell]
        for line in lines:
            for c in line:
                out.append(c)
                if c in board:
                    break
        return out

    def attacked(self, board: dict, cell: int, by_team: int) -> bool:
        return any(
            s % 2 == by_team and cell in self.attacks(board, c) for c, (s, _) in board.items()
        )

    def king(self, board: dict, seat: int) -> int:
        return next(c for c, (s, x) in board.items() if s == seat and x == "K")

    def in_check(self, board: dict, seat: int) -> bool:
        return self.attacked(board, self.king(board, seat), 1 - seat % 2)

    def pseudo(self, board: dict, box: list, seat: int) -> list[tuple[int, int, str]]:
        m = self.mesh
        team = seat % 2
        wizards = [(c, s) for c, (s, x) in board.items() if x == "W" and s % 2 == team]
        out = []
        for c, (s, x) in board.items():
            if s != seat:
                continue
            targets = set()

            def enterable(t: int) -> bool:
                return t not in board or (board[t][0] % 2 != team and board[t][1] != "K")

            if x == "P":
                targets |= {t for t in m.orth[c] if t not in board}
                targets |= {t for t in m.diag[c] if t in board and enterable(t)}
            else:
                targets |= {t for t in self.attacks(board, c) if enterable(t)}
            # "A piece next to its own Wizard or a partner's Wizard may move to any other empty
            # cell next to its own Wizard or a partner's Wizard. A Wizard itself may teleport to
            # any empty cell next to a partner's Wizard." Kings may teleport; teleports never take.
            if any(w != c and c in m.king[w] for w, _ in wizards):
                for w, _ in wizards:
                    targets |= {t for t in m.king[w] if t not in board}
            if x == "W":
                for w, owner in wizards:
                    if owner != seat:
                        targets |= {t for t in m.king[w] if t not in board}
            for t in targets:
                if x == "P" and t == VORTEX:
                    lost = [y for y in R.PROMOTION_LETTERS if box[seat][y] > 0]
                    out += [(c, t, y) for y in lost] or [(c, t, "")]
                else:
                    out.append((c, t, ""))
        return out

    def play(self, board: dict, box: list, seat: int, move) -> tuple[dict, list]:
        frm, to, promo = move
        board = dict(board)
        box = [Counter(b) for b in box]
        if to in board:
            victim_seat, victim = board[to]
            box[victim_seat][victim] += 1
        board[to] = (seat, promo or board[frm][1])
        del board[frm]
        if promo:
            box[seat][promo] -= 1
        return board, box

    def legal(self, board: dict, box: list, seat: int) -> list:
        moves = []
        for move in self.pseudo(board, box, seat):
            after, _ = self.play(board, box, seat, move)
            if not self.attacked(after, self.king(after, seat), 1 - seat % 2):
                moves.append(move)
        return moves

    def moves(self, board: dict, box: list, seat: int) -> list:
        """Legal moves; ['pass'] with none; [] when the mover's whole team is checkmated."""
        moves = self.legal(board, box, seat)
        if moves:
            return moves
        partners = [q for q in range(self.players) if q % 2 == seat % 2]
        if all(self.in_check(board, q) and not self.legal(board, box, q) for q in partners):
            return []
        return ["pass"]

    def perft(self, board: dict, box: list, seat: int, depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for move in self.moves(board, box, seat):
            nxt = (seat + 1) % self.players
            if move == "pass":
                total += self.perft(board, box, nxt, depth - 1)
            else:
                after, abox = self.play(board, box, seat, move)
                total += self.perft(after, abox, nxt, depth - 1)
        return total

    # reading the kernel's position strings

    def read(self, text: str) -> tuple[dict, list, int]:
        fields = text.split()
        names = list(R.SEAT_NAMES[: self.players])
        seat = names.index(fields[1].removeprefix("turn="))
        board: dict = {}
        box = [Counter() for _ in range(self.players)]
        for q, group in enumerate(fields[5:]):
            body = group.partition(":")[2]
            pieces, _, lost = body.partition("|")
            for item in filter(None, pieces.split(",")):
                board[CELL_OF_NAME[item[1:]]] = (q, item[0])
            box[q].update(lost)
        return board, box, seat


def ref_texts(moves: list) -> list[str]:
    out = []
    for move in moves:
        if move == "pass":
            out.append("pass")
        else:
            frm, to, promo = move
            out.append(f"{CELL_NAMES[frm]}-{CELL_NAMES[to]}" + (f"={promo}" if promo else ""))
    return sorted(out)


def random_position(rng: random.Random, players: int) -> str:
    """Random pieces for every seat (a King each, Wizards likely), lost-piece boxes, a mover.

    Pieces crowd a few cells round the vortex and each other so that teleports,
    promotions, checks and mates are common.
    """
    mesh = build_mesh(R.SEATING[players])
    cells = [c for c in range(N_CELLS) if mesh.present[c]]
    near = [VORTEX, *mesh.king[VORTEX], *mesh.knight[VORTEX]]
    names = R.SEAT_NAMES[:players]
    taken: set[int] = set()

    def free(prefer_centre: bool) -> int:
        pool = near if prefer_centre and rng.random() < 0.5 else cells
        while True:
            c = rng.choice(pool)
            if c not in taken:
                taken.add(c)
                return c

    limit = {"Q": 1, "R": 2, "B": 2, "N": 1, "P": 5, "W": 1, "D": 1, "F": 1}
    groups = []
    for seat in range(players):
        held: Counter = Counter()
        items = [f"K{CELL_NAMES[free(False)]}"]
        wanted = (["W"] if rng.random() < 0.8 else []) + rng.choices(
            "QRBNPPPDF", k=rng.randint(0, 4)
        )
        for letter in wanted:
            if held[letter] < limit[letter]:
                held[letter] += 1
                items.append(f"{letter}{CELL_NAMES[free(True)]}")
        lost = ""
        for letter in rng.sample("NBRQWDF", rng.randint(0, 4)):
            if held[letter] < limit[letter]:
                held[letter] += 1
                lost += letter
        groups.append(f"{names[seat]}:{','.join(items)}" + (f"|{lost}" if lost else ""))
    head = f"players={players} turn={rng.choice(names)} quiet=0 passes=0 moves=0"
    return " ".join([head, *groups])


def kernel_texts(state) -> list[str]:
    return sorted(state.move_text(m) for m in state.legal_moves())


def compare_random(players: int, seed: int, count: int) -> Counter:
    """Move lists of ``count`` random positions (and one move deeper) equal the reference's."""
    game = get_game("duchess", players=players)
    ref = Reference(players)
    rng = random.Random(seed)
    seen: Counter = Counter()
    for _ in range(count):
        text = random_position(rng, players)
        try:
            state = game.state_from_text(text)
        except BadPosition as exc:  # the waiting team is already mated: play never gets here
            assert "already checkmated" in str(exc), exc
            seen["refused as over"] += 1
            continue
        for _ in range(2):
            board, box, seat = ref.read(state.to_text())
            theirs = ref_texts(ref.moves(board, box, seat))
            ours = kernel_texts(state)
            assert ours == theirs, state.to_text()
            seen.update(tag for m in state.legal_moves() for tag in game.move_tags(state.arrays, m))
            seen["positions"] += 1
            if not ours:
                seen["team lost"] += 1
                break
            state.push(state.legal_moves()[rng.randrange(len(ours))])
    return seen


@pytest.mark.parametrize("players", (2, 4, 6))
def test_random_positions_match_the_reference(players: int) -> None:
    seen = compare_random(players, seed=players, count=40)
    assert seen["teleport"] and seen["promotion"] and seen["capture"], seen


@pytest.mark.slow
@pytest.mark.parametrize("players", (2, 4, 6))
def test_many_random_positions_match_the_reference(players: int) -> None:
    seen = compare_random(players, seed=100 + players, count=600)
    assert seen["pass"], seen
    if players < 6:
        assert seen["team lost"], seen  # with six, all three Kings mated at random is rare


def test_random_games_match_the_reference() -> None:
    """Positions along seeded random games from the start (six players)."""
    game = get_game("duchess")
    ref = Reference(6)
    rng = np.random.default_rng(5)
    state = game.initial_state()
    for ply in range(240):
        moves = state.legal_moves()
        if ply % 8 == 0:
            board, box, seat = ref.read(state.to_text())
            assert kernel_texts(state) == ref_texts(ref.moves(board, box, seat)), state.to_text()
        if not moves or state.status() != ONGOING:
            break
        state.push(moves[rng.integers(len(moves))])


@pytest.mark.parametrize("players", (2, 4, 6))
@pytest.mark.parametrize("depth", (1, 2, 3, 4, 5))
def test_start_perft(players: int, depth: int) -> None:
    state = get_game("duchess", players=players).initial_state()
    assert perft_bound(state, depth) == START_COUNTS[players][depth - 1]


@pytest.mark.parametrize("players", (2, 4, 6))
def test_reference_start_perft(players: int) -> None:
    ref = Reference(players)
    text = get_game("duchess", players=players).start_text()
    board, box, seat = ref.read(text)
    assert ref.perft(board, box, seat, 3) == START_COUNTS[players][2]


@pytest.mark.slow
@pytest.mark.parametrize("players", (2, 4, 6))
def test_reference_start_perft_deep(players: int) -> None:
    ref = Reference(players)
    board, box, seat = ref.read(get_game("duchess", players=players).start_text())
    assert ref.perft(board, box, seat, 4) == START_COUNTS[players][3]


@pytest.mark.slow
@pytest.mark.parametrize("players", (2, 4, 6))
def test_start_perft_deep(players: int) -> None:
    state = get_game("duchess", players=players).initial_state()
    assert perft_bound(state, 6) == START_COUNTS[players][5]


@pytest.mark.parametrize("players", (4, 6))
def test_random_position_perft_matches_the_reference(players: int) -> None:
    rng = random.Random(11 * players)
    game = get_game("duchess", players=players)
    ref = Reference(players)
    for _ in range(3):
        text = random_position(rng, players)
        board, box, seat = ref.read(text)
        assert perft_bound(game.state_from_text(text), 2) == ref.perft(board, box, seat, 2), text


_PLAIN_PYTHON_SCRIPT = """
import numpy as np
from gamecore.binding import bind
from gamecore.registry import get_game
game = get_game("duchess")
assert not game.capabilities.jit
perft = bind(game, "gamecore.algorithms.perft").perft
state = game.initial_state()
moves = np.zeros((4, game.max_moves), dtype=np.int64)
print(int(perft(state.arrays, np.int64(3), moves)))
rng = np.random.default_rng(1)
for _ in range(60):
    ms = state.legal_moves()
    state.push(ms[rng.integers(len(ms))])
print(state.to_text())
print(sorted(state.move_text(m) for m in state.legal_moves()))
for move in state.legal_moves():
    state.push(move)
    assert state.hash == int(game.kernel.hash_full(state.arrays))
    state.pop()
state.noisy_moves(), state.status(), state.features()
"""


def test_plain_python_kernel_agrees_with_the_compiled_one() -> None:
    """With NUMBA_DISABLE_JIT=1 the same kernels run as Python, warning-free, same answers."""
    out = run_without_jit(_PLAIN_PYTHON_SCRIPT).splitlines()
    assert out[0] == str(START_COUNTS[6][2])
    state = get_game("duchess").state_from_text(out[1])
    assert str(kernel_texts(state)) == out[2]
