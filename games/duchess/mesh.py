"""The Duchess board as a polygon mesh, and every move table derived from it.

The board is built exactly as ``docs/duchess.md`` describes: three concentric
regular hexagons (apothems A0 < A1 < A2) cut into the vortex, 12 inner-ring
quads, 24 outer-ring quads and six 4x5 flaps of unit squares. Each cell is a
cycle of vertex ids; two cells are orthogonal neighbours when they share an
edge and diagonal neighbours through a vertex shared by exactly four cells.
Rook lines leave each cell through the edge opposite the one they entered by,
bishop lines through the opposite vertex. Nothing adjacency-related is typed
by hand: every table below comes from the polygons, so a different mesh would
give different (and still consistent) tables.

Cell numbering: ``26 * chair + local``, vortex :data:`VORTEX` = 156. Local
0..19 are flap cells (``5 * (row - 1) + column``, row 1 the back row), 20..22
the outer-ring cells under columns 1..3, 23 the outer corner at the side's left
end, 24 the inner middle cell, 25 the inner corner at the left end.

Folded flaps (games of two or four players) do not exist: :func:`build_mesh`
leaves their cells out, so lines end at the ring. Tables keep all 157 cell
numbers (weights are shared between player counts); absent cells simply have
no entries and appear in no other cell's entries.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import numpy as np

CHAIRS = 6
PER_CHAIR = 26
VORTEX = 156
N_CELLS = 157

A0 = math.sqrt(3) / 2  # vortex side 1
A1 = 3 * math.sqrt(3) / 2  # inner ring outline: side 3 (three parts of 1)
A2 = 5 * math.sqrt(3) / 2  # outer ring outline: side 5 (one flap column per part)


def _normal_angle(k: int) -> float:
    """Outward normal of hexagon side ``k`` (chair 0 at the bottom, chairs go clockwise)."""
    return math.radians(-90.0 - 60.0 * k)


def _corner(apothem: float, k: int, right: bool) -> tuple[float, float]:
    """The left (or right) end of side ``k`` as the player at side k sees it."""
    r = apothem / math.cos(math.radians(30))
    a = _normal_angle(k) + math.radians(30 if right else -30)
    return (r * math.cos(a), r * math.sin(a))


def _split(apothem: float, k: int, parts: int) -> list[tuple[float, float]]:
    """``parts + 1`` equally spaced points along side ``k``, left end first."""
    (x0, y0), (x1, y1) = _corner(apothem, k, False), _corner(apothem, k, True)
    return [(x0 + (x1 - x0) * i / parts, y0 + (y1 - y0) * i / parts) for i in range(parts + 1)]


def cell_polygons() -> list[list[tuple[float, float]]]:
    """All 157 cell outlines (board units: a flap square is 1 x 1), each a vertex cycle."""
    polys: list[list[tuple[float, float]]] = [[] for _ in range(N_CELLS)]
    for k in range(CHAIRS):
        k1 = (k + 1) % CHAIRS
        v0l, v0r = _corner(A0, k, False), _corner(A0, k, True)
        o_l, x1, x2, _o_r = _split(A1, k, 3)
        x2_next = _split(A1, k1, 3)[2]
        t = _split(A2, k, 5)  # t_L, y1, y2, y3, y4, t_R
        y4_next = _split(A2, k1, 5)[4]
        base = PER_CHAIR * k
        polys[base + 24] = [v0l, v0r, x2, x1]
        polys[base + 25] = [v0l, x1, o_l, x2_next]
        a1_parts = _split(A1, k, 3)
        for j in (1, 2, 3):
            polys[base + 19 + j] = [a1_parts[j - 1], a1_parts[j], t[j + 1], t[j]]
        polys[base + 23] = [o_l, t[1], t[0], y4_next]
        nx, ny = math.cos(_normal_angle(k)), math.sin(_normal_angle(k))
        for row in range(1, 5):
            d_in, d_out = 4 - row, 5 - row  # distance of the square's inner/outer edge
            for col in range(5):
                (ax, ay), (bx, by) = t[col], t[col + 1]
                polys[base + 5 * (row - 1) + col] = [
                    (ax + nx * d_in, ay + ny * d_in),
                    (bx + nx * d_in, by + ny * d_in),
                    (bx + nx * d_out, by + ny * d_out),
                    (ax + nx * d_out, ay + ny * d_out),
                ]
    polys[VORTEX] = [_corner(A0, k, False) for k in range(CHAIRS)]
    return polys


def present_cells(chairs: tuple[int, ...]) -> list[int]:
    """The cells that exist when only ``chairs`` have flaps (the ring and vortex always do)."""
    have = set(chairs)
    return [c for c in range(N_CELLS) if c == VORTEX or c % PER_CHAIR >= 20 or c // 26 in have]


@dataclass(frozen=True)
class Mesh:
    """Adjacency of one board (six flaps, or some folded away), as Python lists per cell."""

    present: tuple[bool, ...]
    orth: tuple[tuple[int, ...], ...]
    diag: tuple[tuple[int, ...], ...]
    king: tuple[tuple[int, ...], ...]
    knight: tuple[tuple[int, ...], ...]
    rook_rays: tuple[tuple[tuple[int, ...], ...], ...]
    bishop_rays: tuple[tuple[tuple[int, ...], ...], ...]


def _vertex_ids(polys: list[list[tuple[float, float]]]) -> list[list[int]]:
    """Vertex cycles with shared corners identified (coordinates rounded)."""
    ids: dict[tuple[int, int], int] = {}
    out = []
    for poly in polys:
        cyc = []
        for x, y in poly:
            key = (round(x * 1e6), round(y * 1e6))
            cyc.append(ids.setdefault(key, len(ids)))
        out.append(cyc)
    return out


@cache
def build_mesh(chairs: tuple[int, ...] = tuple(range(CHAIRS))) -> Mesh:
    """Every table for the board with flaps at ``chairs`` (the others folded away)."""
    cycles = _vertex_ids(cell_polygons())
    alive = set(present_cells(chairs))
    edge_cells: dict[frozenset[int], list[int]] = {}
    vertex_cells: dict[int, list[int]] = {}
    for c in sorted(alive):
        cyc = cycles[c]
        for i, v in enumerate(cyc):
            edge_cells.setdefault(frozenset((v, cyc[(i + 1) % len(cyc)])), []).append(c)
            vertex_cells.setdefault(v, []).append(c)

    def edge(c: int, i: int) -> frozenset[int]:
        cyc = cycles[c]
        return frozenset((cyc[i], cyc[(i + 1) % len(cyc)]))

    def across_edge(c: int, i: int) -> int:
        other = [d for d in edge_cells[edge(c, i)] if d != c]
        return other[0] if other else -1

    orth = {c: [d for i in range(len(cycles[c])) if (d := across_edge(c, i)) >= 0] for c in alive}

    def across_vertex(c: int, i: int) -> int:
        """The diagonal neighbour of ``c`` through its vertex ``i``, or -1."""
        around = vertex_cells[cycles[c][i]]
        if len(around) != 4:
            return -1
        far = [d for d in around if d != c and d not in orth[c]]
        return far[0] if len(far) == 1 else -1

    diag = {c: [d for i in range(len(cycles[c])) if (d := across_vertex(c, i)) >= 0] for c in alive}

    def ray(c: int, i: int, by_vertex: bool) -> tuple[int, ...]:
        """Cells of the line leaving ``c`` through its edge (or vertex) ``i``."""
        line: list[int] = []
        cur, side = c, i
        while True:
            nxt = across_vertex(cur, side) if by_vertex else across_edge(cur, side)
            if nxt < 0 or nxt == c or nxt in line:
                return tuple(line)
            line.append(nxt)
            cyc = cycles[nxt]
            if by_vertex:
                entry = cyc.index(cycles[cur][side])
            else:
                entry = next(j for j in range(len(cyc)) if edge(nxt, j) == edge(cur, side))
            cur, side = nxt, (entry + len(cyc) // 2) % len(cyc)

    rook = {c: [r for i in range(len(cycles[c])) if (r := ray(c, i, False))] for c in alive}
    bishop = {c: [r for i in range(len(cycles[c])) if (r := ray(c, i, True))] for c in alive}
    king = {c: sorted(set(orth[c]) | set(diag[c])) for c in alive}
    knight: dict[int, list[int]] = {}
    for c in alive:
        targets = {e for d in orth[c] for e in diag[d]} | {e for d in diag[c] for e in orth[d]}
        knight[c] = sorted(targets - {c} - set(king[c]))

    def per_cell(table: dict, empty: object = ()) -> tuple:
        return tuple(
            tuple(tuple(x) if isinstance(x, list | tuple) else x for x in table[c])
            if c in alive
            else empty
            for c in range(N_CELLS)
        )

    return Mesh(
        present=tuple(c in alive for c in range(N_CELLS)),
        orth=per_cell(orth),
        diag=per_cell(diag),
        king=per_cell(king),
        knight=per_cell(knight),
        rook_rays=per_cell(rook),
        bishop_rays=per_cell(bishop),
    )


def rotate(cell: int, chairs: int = 1) -> int:
    """The cell that ``cell`` becomes when the board turns by ``chairs`` chairs."""
    return cell if cell == VORTEX else (cell + PER_CHAIR * chairs) % (PER_CHAIR * CHAIRS)


def dark_cells() -> frozenset[int]:
    """The cells of the vortex's colour in the edge-adjacency 2-colouring of the full board."""
    mesh = build_mesh()
    colour = {VORTEX: 0}
    todo = [VORTEX]
    while todo:
        c = todo.pop()
        for d in mesh.orth[c]:
            if d not in colour:
                colour[d] = 1 - colour[c]
                todo.append(d)
            elif colour[d] == colour[c]:
                raise AssertionError(f"cells {c} and {d} share an edge and a colour")
    return frozenset(c for c, k in colour.items() if k == 0)


def _pad(rows: list[list[int]], width: int) -> np.ndarray:
    out = np.full((len(rows), width), -1, dtype=np.int64)
    for i, row in enumerate(rows):
        out[i, : len(row)] = row
    return out


def step_table(mesh: Mesh, name: str, width: int) -> np.ndarray:
    """``name`` (orth, diag, king, knight) as an int64 (157, width) array padded with -1."""
    return _pad([list(x) for x in getattr(mesh, name)], width)


def ray_table(mesh: Mesh, name: str, n_rays: int, length: int) -> np.ndarray:
    """Rays as an int64 (157, n_rays, length) array padded with -1."""
    out = np.full((N_CELLS, n_rays, length), -1, dtype=np.int64)
    for c, rays in enumerate(getattr(mesh, name)):
        for r, line in enumerate(rays):
            out[c, r, : len(line)] = line
    return out
