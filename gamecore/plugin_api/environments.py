"""What a game adds for environments (PettingZoo, OpenSpiel): actions and observations.

All optional: the defaults spell moves and observe positions from
:class:`~gamecore.plugin_api.presentation.Presentation`'s cells and pieces; games
with a smaller natural spelling, or rules that depend on more than the pieces,
override them (see :mod:`gamecore.interop.actions`).
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

import numpy as np

if TYPE_CHECKING:
    pass
from gamecore.plugin_api.presentation import Presentation


class Environments(Presentation):
    """Moves as actions and positions as arrays, for RL libraries (see the module)."""

    piece_glyphs: ClassVar[tuple[str, ...]] = ()
    """Every glyph :meth:`pieces` reports, in a fixed order: one plane each in the default
    observation. Empty: one plane per seat for any piece (games with one kind of piece)."""
    max_actions_per_move: ClassVar[int] = 1
    """The longest spelling :meth:`move_actions` gives any move (checkers: one per hop)."""

    @cached_property
    def cell_count(self) -> int:
        """Cells of :meth:`geometry` (kept: some games build their geometry at each call)."""
        return len(self.geometry().cells)

    def action_count(self) -> int:
        """Actions of :meth:`move_actions` lie in ``0 .. action_count() - 1``.

        The default spelling (see :meth:`move_actions`) needs ``1 + C + C*C``
        for ``C`` cells; games with a smaller natural spelling override both.
        """
        return 1 + self.cell_count + self.cell_count**2

    def move_actions(self, arrays: tuple, move: int) -> tuple[int, ...]:
        """The actions (:mod:`gamecore.interop.actions`) that spell ``move``, legal in ``arrays``.

        The default reads :meth:`move_cells`: a pass is ``0``, a piece placed on
        cell ``t`` is ``1 + t``, a move from ``f`` to ``t`` is ``1 + C + f*C + t``.
        Override it when two legal moves can share their cells (promotions,
        multi-jumps): spell them with more actions, one choice each.
        """
        frm, to = self.move_cells(arrays, move)
        cells = self.cell_count
        if to < 0:
            return (0,)
        if frm < 0:
            return (1 + to,)
        return (1 + cells + frm * cells + to,)

    def observation_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`observe`'s array."""
        kinds = max(1, len(self.piece_glyphs))
        return (kinds * self.num_players + 1, self.cell_count)

    def observe(self, arrays: tuple, seat: int) -> np.ndarray:
        """The position as ``seat`` sees it: a float32 array of :meth:`observation_shape`.

        The default is one plane (a row over the cells) per piece kind and seat,
        seats counted from ``seat`` onwards (its own pieces first, then the next
        seat's, ...) so one policy can play every seat; then a plane of ones when
        ``seat`` is to move. It holds what :meth:`pieces` shows, not counters
        such as castling rights: games whose rules depend on more override it.
        """
        planes = np.zeros(self.observation_shape(), dtype=np.float32)
        kinds = max(1, len(self.piece_glyphs))
        kind_of = {glyph: k for k, glyph in enumerate(self.piece_glyphs)}
        players = self.num_players
        for piece in self.pieces(arrays):
            relative = (piece.player - seat) % players
            planes[relative * kinds + kind_of.get(piece.glyph, 0), piece.cell] = 1.0
        if int(self.kernel.side_to_move(arrays)) == seat:
            planes[-1, :] = 1.0
        return planes
