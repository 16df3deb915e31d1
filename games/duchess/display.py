"""How a Duchess position is shown: board polygons and colours, a text diagram, move tags.

Geometry keeps all 157 cells in cell-number order (so ``geometry().cell(i)`` is
cell ``i`` for every player count); cells of folded flaps keep their polygon but
are drawn in :data:`FOLDED` grey with no name, so a renderer shows where the
flap would be without offering it as a square.
"""

from __future__ import annotations

from gamecore.geometry import Cell, Geometry
from games.duchess import rules_table as R
from games.duchess.layout import (
    BISHOP_RAYS,
    BOX,
    CFG,
    DIAG,
    GAME_PLY,
    KNIGHT_TO,
    KSTEP,
    LEAPS,
    LETTER,
    ORTH,
    PASS,
    PASSES,
    PAWN,
    PLAYERS,
    PRESENT,
    QUIET,
    RAY_BISHOP,
    RAY_ROOK,
    ROOK_RAYS,
    SEAT,
    STEPS,
    cfg_of,
    move_from,
    move_promo,
    move_to,
)
from games.duchess.mesh import CHAIRS, PER_CHAIR, VORTEX, cell_polygons, dark_cells
from games.duchess.notation import CELL_NAMES, FLAPS

DARK = (150, 110, 75)
LIGHT = (238, 218, 180)
FOLDED = (80, 80, 80)
FLAP_CELLS = 20  # locals 0-19 are the flap squares (RULES.md §1 numbering)
FLAP_TINT = 0.28
"""How strongly a seated player's flap is tinted with that player's colour."""


def _tint(base: tuple[int, int, int], colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return tuple(round(b + (c - b) * FLAP_TINT) for b, c in zip(base, colour, strict=True))


def geometry(players: int) -> Geometry:
    """The real polygons (a flap square is 1 x 1; chair 0 at the bottom, clockwise)."""
    cfg = cfg_of(players)
    dark = dark_cells()
    seat_of_chair = {chair: seat for seat, chair in enumerate(R.SEATING[players])}
    cells = []
    for c, poly in enumerate(cell_polygons()):
        present = bool(PRESENT[cfg, c])
        colour = (DARK if c in dark else LIGHT) if present else FOLDED
        chair, local = divmod(c, PER_CHAIR)
        if present and c != VORTEX and local < FLAP_CELLS and chair in seat_of_chair:
            colour = _tint(colour, R.SEAT_COLOURS[seat_of_chair[chair]])
        name = CELL_NAMES[c] if present else ""
        cells.append(Cell(c, name, tuple((round(x, 6), round(y, 6)) for x, y in poly), colour))
    return Geometry(
        cells=tuple(cells),
        player_colors=tuple(R.SEAT_COLOURS[:players]),
        player_names=tuple(R.SEAT_NAMES[:players]),
    )


def ordinary_targets(arrays: tuple, frm: int) -> set[int]:
    """Cells the piece on ``frm`` reaches without teleporting (legality aside)."""
    pos = arrays[0]
    cfg = int(pos[CFG])
    p = int(pos[frm])
    t = p & 15
    out: set[int] = set()

    def steps(table) -> list[int]:
        return [int(x) for x in table[cfg, frm] if x >= 0]

    if t == PAWN:
        out |= {c for c in steps(ORTH) if pos[c] == 0}
        out |= {c for c in steps(DIAG) if pos[c] != 0}
        return out
    if STEPS[t]:
        out |= set(steps(KSTEP))
    if LEAPS[t]:
        out |= set(steps(KNIGHT_TO))
    for flag, rays in ((RAY_ROOK[t], ROOK_RAYS), (RAY_BISHOP[t], BISHOP_RAYS)):
        if not flag:
            continue
        for line in rays[cfg, frm]:
            for c in line:
                if c < 0:
                    break
                out.add(int(c))
                if pos[c] != 0:
                    break
    return out


def move_tags(arrays: tuple, move: int) -> frozenset[str]:
    if move == PASS:
        return frozenset({"pass"})
    pos = arrays[0]
    frm, to = move_from(move), move_to(move)
    tags = set()
    if pos[to] != 0:
        tags.add("capture")
    if move_promo(move):
        tags.add("promotion")
    if to not in ordinary_targets(arrays, frm):
        tags.add("teleport")
    return frozenset(tags)


def _short(pos, c: int) -> str:
    p = int(pos[c])
    if p <= 0:
        return "."
    return f"{LETTER[p & 15]}{R.SEAT_NAMES[p >> 4][0]}"


def diagram(arrays: tuple) -> str:
    """Each flap as a 5 x 4 grid (front row on top), its ring cells, then the vortex.

    A piece is its letter and the first letter of its colour (``Kr`` = red King).
    """
    pos = arrays[0]
    players = int(pos[PLAYERS])
    cfg = cfg_of(players)
    seat_at = {chair: seat for seat, chair in enumerate(R.SEATING[players])}
    lines = []
    for chair in range(CHAIRS):
        base = PER_CHAIR * chair
        who = R.SEAT_NAMES[seat_at[chair]] if chair in seat_at else "(folded)"
        ring = "  ".join(
            f"{CELL_NAMES[base + k][1:]} {_short(pos, base + k):<2}" for k in range(20, 26)
        )
        lines.append(f"{FLAPS[chair]} {who:<9} ring: {ring}")
        if not PRESENT[cfg, base]:
            continue
        for row in range(4, 0, -1):
            cells = " ".join(f"{_short(pos, base + 5 * (row - 1) + col):<2}" for col in range(5))
            lines.append(f"    {row}  {cells}")
        lines.append("       a  b  c  d  e")
    lines.append(f"V: {_short(pos, VORTEX)}")
    lost = []
    for seat in range(players):
        box = "".join(LETTER[t] * int(pos[BOX + 16 * seat + t]) for t in range(1, 10))
        if box:
            lost.append(f"{R.SEAT_NAMES[seat]} {box}")
    lines.append(
        f"turn: {R.SEAT_NAMES[int(pos[SEAT])]} (quiet {int(pos[QUIET])}, "
        f"passes {int(pos[PASSES])}, ply {int(pos[GAME_PLY])}); "
        f"lost: {', '.join(lost) if lost else 'none'}"
    )
    return "\n".join(lines)
