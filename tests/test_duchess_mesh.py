"""The Duchess board mesh (games/duchess/mesh.py): the self-check sums of the rules, colouring,
the vortex, an example line, rotation invariance, and folded flaps."""

from __future__ import annotations

import pytest

from games.duchess import layout
from games.duchess.mesh import (
    N_CELLS,
    PER_CHAIR,
    VORTEX,
    build_mesh,
    cell_polygons,
    dark_cells,
    present_cells,
    rotate,
)
from games.duchess.rules_table import SEATING

FULL = build_mesh()


def total(table) -> int:
    return sum(len(x) for x in table)


def line_cells(rays) -> int:
    return sum(len(line) for lines in rays for line in lines)


def test_self_check_sums() -> None:
    assert total(FULL.orth) == 552
    assert total(FULL.diag) == 480
    assert total(FULL.knight) == 864
    assert line_cells(FULL.rook_rays) == 2820
    assert line_cells(FULL.bishop_rays) == 1500


def test_cell_counts_and_shapes() -> None:
    polys = cell_polygons()
    assert len(polys) == N_CELLS == 157
    assert len(polys[VORTEX]) == 6
    assert all(len(p) == 4 for p in polys[:VORTEX])


def test_two_colouring() -> None:
    dark = dark_cells()
    assert VORTEX in dark
    for chair in range(6):
        assert PER_CHAIR * chair + 0 in dark and PER_CHAIR * chair + 4 in dark  # back corners
    for c in range(N_CELLS):
        for d in FULL.orth[c]:
            assert (c in dark) != (d in dark)


def test_from_the_vortex() -> None:
    assert [len(line) for line in FULL.rook_rays[VORTEX]] == [6] * 6
    assert [len(line) for line in FULL.bishop_rays[VORTEX]] == [2] * 6
    assert len(FULL.knight[VORTEX]) == 12
    assert len(FULL.orth[VORTEX]) == 6 and len(FULL.diag[VORTEX]) == 6


def test_example_rook_line() -> None:
    start = 5 * (4 - 1) + 1  # flap 0, row 4, column 1
    assert (20, 25, 50, 51, 74, 70, 65, 60, 55) in FULL.rook_rays[start]


def test_symmetric_relations() -> None:
    for c in range(N_CELLS):
        for name in ("orth", "diag", "knight"):
            for d in getattr(FULL, name)[c]:
                assert c in getattr(FULL, name)[d], (name, c, d)
        for rays in (FULL.rook_rays, FULL.bishop_rays):
            for line in rays[c]:
                # walking a line backwards is (the start of) a line too
                back = (*reversed(line[:-1]), c)
                assert any(other[: len(back)] == back for other in rays[line[-1]]), (c, line)


def test_lines_and_jumps_never_reach_a_cell_twice() -> None:
    """Why the kernel needs no de-duplication of ordinary moves."""
    for c in range(N_CELLS):
        rook = [x for line in FULL.rook_rays[c] for x in line]
        bishop = [x for line in FULL.bishop_rays[c] for x in line]
        knight = list(FULL.knight[c])
        every = rook + bishop + knight
        assert len(every) == len(set(every)), c
        assert c not in every


@pytest.mark.parametrize("players", (2, 4, 6))
def test_rotation_invariance(players: int) -> None:
    """Turning the board by one chair maps every table onto itself (six flaps), or onto the
    table of the turned seating (folded boards: turning by a multiple that keeps the seating)."""
    mesh = build_mesh(SEATING[players])
    turns = {6: 1, 4: 3, 2: 3}[players]
    for c in range(N_CELLS):
        r = rotate(c, turns)
        assert mesh.present[c] == mesh.present[r]
        for name in ("orth", "diag", "king", "knight"):
            got = sorted(rotate(x, turns) for x in getattr(mesh, name)[c])
            assert got == sorted(getattr(mesh, name)[r]), (name, c)
        for name in ("rook_rays", "bishop_rays"):
            got = sorted(tuple(rotate(x, turns) for x in line) for line in getattr(mesh, name)[c])
            assert got == sorted(getattr(mesh, name)[r]), (name, c)
    assert rotate(VORTEX) == VORTEX and rotate(155) == 25 and rotate(0, 6) == 0


@pytest.mark.parametrize("players", (2, 4))
def test_folded_flaps_are_absent(players: int) -> None:
    chairs = SEATING[players]
    mesh = build_mesh(chairs)
    gone = {c for c in range(VORTEX) if c % PER_CHAIR < 20 and c // PER_CHAIR not in chairs}
    assert len(gone) == 20 * (6 - players)
    assert set(present_cells(chairs)) == set(range(N_CELLS)) - gone
    for c in range(N_CELLS):
        entries = [
            *mesh.orth[c],
            *mesh.diag[c],
            *mesh.knight[c],
            *mesh.king[c],
            *(x for line in mesh.rook_rays[c] for x in line),
            *(x for line in mesh.bishop_rays[c] for x in line),
        ]
        assert not gone & set(entries), c
        if c in gone:
            assert not entries
    # the kernel's tables agree
    cfg = layout.cfg_of(players)
    for table in (layout.ORTH, layout.DIAG, layout.KSTEP, layout.KNIGHT_TO):
        assert not gone & set(table[cfg].ravel().tolist())
    for table in (layout.ROOK_RAYS, layout.BISHOP_RAYS):
        assert not gone & set(table[cfg].ravel().tolist())


def test_folded_lines_end_at_the_ring() -> None:
    """With chair 2's flap folded (four players), the example line stops before flap 2."""
    mesh = build_mesh(SEATING[4])
    start = 5 * 3 + 1
    assert (20, 25, 50, 51, 74) in mesh.rook_rays[start]


def test_kernel_tables_match_the_mesh() -> None:
    cfg = layout.cfg_of(6)
    for c in range(N_CELLS):
        assert sorted(x for x in layout.KNIGHT_TO[cfg, c] if x >= 0) == sorted(FULL.knight[c])
        rays = [tuple(x for x in line if x >= 0) for line in layout.ROOK_RAYS[cfg, c]]
        assert [r for r in rays if r] == list(FULL.rook_rays[c])
