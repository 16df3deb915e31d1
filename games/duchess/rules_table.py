"""Every rule choice the published Duchess descriptions leave open, in one table.

``docs/duchess.md`` marks these as "ours". The kernel, the notation and the
tests read them from here, so correcting a rule is a one-line change in this
module (the kernel's numba cache is refreshed automatically when it changes).
"""

from __future__ import annotations

# -- players and seating ---------------------------------------------------------------------

PLAYER_COUNTS = (2, 4, 6)
"""The supported numbers of players (the ``players`` option)."""
DEFAULT_PLAYERS = 6

SEATING = {6: (0, 1, 2, 3, 4, 5), 4: (0, 1, 3, 4), 2: (0, 3)}
"""Chairs in turn order (seat 0 moves first; play goes clockwise). Other flaps are folded."""

SEAT_NAMES = ("red", "blue", "yellow", "green", "magenta", "cyan")
"""Name of the seat at each turn-order position (four players: the first four, two: two)."""

SEAT_COLOURS = (
    (214, 40, 40),
    (40, 90, 220),
    (235, 200, 20),
    (30, 150, 60),
    (200, 40, 200),
    (20, 190, 200),
)
"""Drawing colour of each seat's pieces (same order as SEAT_NAMES)."""


def team_of_seat(seat: int) -> int:
    """Team = position in turn order mod 2, so the teams alternate round the table."""
    return seat % 2


# -- pieces and set-up ---------------------------------------------------------------------------

PIECE_LETTERS = "KQRBNPWDF"
"""King, Queen, Rook, Bishop, Knight, Pawn, Wizard, Duchess (B+N), Fortress (R+N)."""

SETUP = {
    1: "RWKFR",  # back row, columns 0..4 from the player's left
    2: "BNQDB",
    3: "PPPPP",
}
"""The set-up on each flap by row (row 4, touching the ring, starts empty)."""

PROMOTION_LETTERS = "NBRQWDF"
"""Types a pawn on the vortex may become, if the player has lost one (one move per type)."""
PROMOTION_TAKES_FROM_BOX = True
"""A promoted piece is a lost piece returned: its count in the player's box goes down by one."""

KINGS_MAY_TELEPORT = True
TELEPORTS_CAPTURE = False
"""Teleports go to empty cells only (and so attack nothing)."""

# -- the end of the game ------------------------------------------------------------------------

QUIET_LIMIT = 150
"""Draw after this many consecutive plies (player moves, passes included) with no capture and
no pawn move."""
REPETITIONS = 3
"""Draw when the same position with the same player to move occurs this many times."""
PASS_ROUND_DRAWS = True
"""Draw when every player in turn has passed for one full round (``players`` passes in a row)."""
DEFAULT_MOVE_LIMIT = 1200
"""Adjudicate a draw after this many plies of the game (the ``move_limit`` option, 0 = none).
200 rounds of six players: the thesis reports games of 200-300 moves, so real games end first,
while random-move games, which pawns moving backwards can make endless, still terminate."""
