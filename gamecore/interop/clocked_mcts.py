"""OpenSpiel's MCTS bot, run until a deadline or a stop request.

OpenSpiel's :class:`~open_spiel.python.algorithms.mcts.MCTSBot` runs a simulation count
fixed before it starts. A count worked out from the speed measured on earlier moves fell
short of the time per move (by about 7% on Connect Four: the tree grows, simulations get
slower), and a running search could not be stopped from the window. OpenSpiel's loop
ends early once the root is solved (MCTS-Solver); :class:`ClockedMCTSBot` marks the root
solved when time is up or a stop is asked for, so the loop ends after the simulation it
is in, and the move is the most visited one as always. Only the search's length changes.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts


class ClockedMCTSBot(mcts.MCTSBot):
    """:class:`MCTSBot` that also stops at :attr:`deadline` or once :attr:`stopping` is set."""

    def __init__(
        self, *args: Any, min_simulations: int, stopping: threading.Event, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.min_simulations = min_simulations
        """Simulations run whatever the clock says (the root must be expanded to have a move)."""
        self.deadline: float | None = None
        """A :func:`time.perf_counter` instant to stop at (None: the simulation count only)."""
        self.stopping = stopping
        """Set from any thread: the search ends after the simulation it is in."""

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:
        if (
            root.outcome is None
            and root.explore_count >= self.min_simulations
            and self._time_is_up()
        ):
            # Read by OpenSpiel's loop as "solved": it stops after this simulation. The
            # root's own outcome is not used to choose the move.
            root.outcome = np.zeros(self._game.num_players())
        return super()._apply_tree_policy(root, state)

    def _time_is_up(self) -> bool:
        if self.stopping.is_set():
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline
