"""One position of one game with its move history: the Python face of a kernel.

``State`` is for everything off the hot path — the CLI, the GUI, tests, game
records. It calls the game's kernel functions on its arrays one at a time;
algorithms that visit millions of nodes bind the kernel instead
(:mod:`gamecore.binding`) and run inside numba.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from gamecore.errors import BadMove
from gamecore.kernel_api import DRAW, LOSS, ONGOING, WIN

if TYPE_CHECKING:
    from gamecore.game import Game
    from gamecore.geometry import PieceView

#: History kept free beyond the current ply before the arrays grow, so a search
#: started from this state can push this many plies without bounds checks.
SEARCH_HEADROOM = 512


class State:
    """A position plus the moves that led to it from where its arrays were set up."""

    __slots__ = ("_buf", "_capacity", "_kernel", "arrays", "game", "history")

    def __init__(self, game: Game, arrays: tuple, history: list[int] | None = None) -> None:
        self.game = game
        self.arrays = arrays
        self.history: list[int] = [] if history is None else history
        self._kernel = game.kernel
        self._buf = np.zeros(game.max_moves, dtype=np.int64)
        self._capacity = _capacity_of(game, arrays)

    # -- facts about the position -------------------------------------------

    @property
    def player(self) -> int:
        """The seat to move."""
        return int(self._kernel.side_to_move(self.arrays))

    @property
    def team(self) -> int:
        """The team of the seat to move."""
        return int(self._kernel.team_to_move(self.arrays))

    @property
    def ply(self) -> int:
        return int(self._kernel.ply_of(self.arrays))

    @property
    def hash(self) -> int:
        return int(self._kernel.hash_of(self.arrays))

    @property
    def capacity(self) -> int:
        """Plies of history the arrays can hold."""
        return self._capacity

    def legal_moves(self) -> list[int]:
        n = self._kernel.gen_moves(self.arrays, self._buf)
        return [int(m) for m in self._buf[:n]]

    def noisy_moves(self) -> list[int]:
        n = self._kernel.gen_noisy(self.arrays, self._buf)
        return [int(m) for m in self._buf[:n]]

    def in_check(self) -> bool:
        """True when the mover's king is attacked (always False in games without kings)."""
        return bool(self._kernel.king_attacked(self.arrays, self.player))

    def status(self) -> int:
        """``ONGOING``, or ``WIN``/``LOSS``/``DRAW`` for the team to move."""
        n = self._kernel.gen_moves(self.arrays, self._buf)
        return int(self._kernel.status(self.arrays, n))

    def is_terminal(self) -> bool:
        return self.status() != ONGOING

    def winner_team(self) -> int | None:
        """The winning team of a finished game; None for a draw or a game still going."""
        result = self.status()
        if result == WIN:
            return self.team
        if result == LOSS:
            return 1 - self.team
        return None

    def returns(self) -> list[float]:
        """Per seat: +1 won, -1 lost, 0 drawn or not finished."""
        result = self.status()
        if result in (ONGOING, DRAW):
            return [0.0] * self.game.num_players
        winner = self.team if result == WIN else 1 - self.team
        team_of = self.game.team_of
        return [1.0 if team_of(p) == winner else -1.0 for p in range(self.game.num_players)]

    def features(self) -> tuple[np.ndarray, np.ndarray]:
        """φ(s) as (indices, values) from the mover's team's point of view."""
        cap = self.game.feature_set.count
        idx = np.zeros(cap, dtype=np.int64)
        val = np.zeros(cap, dtype=np.float64)
        n = self._kernel.features(self.arrays, idx, val)
        return idx[:n].copy(), val[:n].copy()

    def pieces(self) -> list[PieceView]:
        return self.game.pieces(self.arrays)

    # -- moving ---------------------------------------------------------------

    def push(self, move: int) -> None:
        """Play a legal move; :class:`BadMove` if it is not legal here."""
        if move not in self.legal_moves():
            raise BadMove(f"move {move} is not legal in {self.game.name} {self.to_text()!r}")
        self.push_unchecked(move)

    def push_unchecked(self, move: int) -> None:
        """Play a move already known to be legal (no validation)."""
        self.reserve(1)
        self._kernel.make_move(self.arrays, np.int64(move))
        self.history.append(int(move))

    def pop(self) -> int:
        """Take back the last move and return it."""
        if not self.history:
            raise IndexError("no move to take back")
        move = self.history.pop()
        self._kernel.unmake_move(self.arrays, np.int64(move))
        return move

    def push_text(self, text: str) -> int:
        """Play the move written ``text`` and return it (:class:`BadMove` if illegal)."""
        move = self.parse_move(text)
        self.push_unchecked(move)
        return move

    def reserve(self, plies: int) -> None:
        """Make room for ``plies`` more moves plus search headroom, growing the arrays if needed."""
        need = self.ply + plies + SEARCH_HEADROOM
        if need <= self._capacity:
            return
        new_capacity = max(need, 2 * self._capacity)
        grown = self.game.new_arrays(new_capacity)
        for old, new in zip(self.arrays, grown, strict=True):
            if old.shape == new.shape:
                new[...] = old
            else:
                new[: old.shape[0]] = old
        self.arrays = grown
        self._capacity = new_capacity

    # -- text -----------------------------------------------------------------

    def to_text(self) -> str:
        return self.game.position_text(self.arrays)

    def move_text(self, move: int) -> str:
        return self.game.move_to_text(self.arrays, move)

    def parse_move(self, text: str) -> int:
        return self.game.move_from_text(self, text)

    def copy(self) -> State:
        """An independent state with the same position and history."""
        return State(self.game, tuple(a.copy() for a in self.arrays), list(self.history))

    def __deepcopy__(self, memo: dict) -> State:
        """:meth:`copy`: the position and history are copied, the game (fixed) is shared."""
        return self.copy()

    def __reduce__(self) -> tuple:
        """Pickled as its game (by its options, see ``Game.__getstate__``), arrays and
        history: the kernel module it holds is imported again where it is unpickled."""
        return (State, (self.game, self.arrays, list(self.history)))

    def __repr__(self) -> str:
        return f"<{self.game.name} State {self.to_text()!r}>"


def _capacity_of(game: Game, arrays: tuple) -> int:
    """Plies ``arrays`` hold: the first axis of the arrays whose size depends on capacity."""
    probe = game.new_arrays(1)
    for arr, small in zip(arrays, probe, strict=True):
        if arr.shape != small.shape:
            return int(arr.shape[0])
    return 1 << 62


__all__ = ["DRAW", "LOSS", "ONGOING", "SEARCH_HEADROOM", "WIN", "State"]
