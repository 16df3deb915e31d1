"""One game being played in the window, without the window: seats, moves, engines, records.

:class:`Session` holds the position and everything that changes it — clicks on
cells turned into moves, undo and redo, the engines' and random movers' turns,
saving and loading — and draws nothing, so it can be driven and checked
without pygame. The window (:mod:`gui.app`) turns events into calls here and
builds each frame's :class:`~gui.view.View` from what it reads here.
"""

from __future__ import annotations

import datetime as _dt
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from gamecore.errors import GamecoreError
from gamecore.files import read_input_text, write_text_atomically
from gamecore.game import Game
from gamecore.heatmap import cell_colors, cell_values, pieces_with_squares, scale_of
from gamecore.play.clock import TimeControl, move_budget
from gamecore.play.levels import LEVELS, STRONGEST
from gamecore.search import Limits, SearchInfo
from gamecore.search.analysis import RootLine, iterate_root_lines
from gamecore.state import State
from gamecore.values import MATE
from gui.engine import EngineThread, Post
from gui.seats import AGENT, Engines, Seat, default_seats

TIME_CHOICES = (0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
"""Seconds per engine move the Time action cycles through."""
CLOCK_OVERHEAD = 0.1
"""Seconds an engine on the clock keeps back per move for the window's frames."""
HINT_SECONDS = 1.0
"""How long the hint searches (less when the engine's time per move is shorter)."""
ANALYSIS_LINES = 3
ANALYSIS_LIMITS = Limits(depth=30, time=3600.0)
"""The analysis mode deepens until one of these (or the position changes)."""
GRAPH_LIMITS = Limits(depth=3, nodes=50_000)
"""The quick search that scores a position for the evaluation graph."""

Key = tuple[int, int]
"""A position: its ply count in the record and its hash."""


@dataclass
class Position:
    """What the window needs about the current position, computed once per position."""

    legal: list[int]
    cells: dict[int, tuple[int, int]]
    tags: dict[int, frozenset[str]]
    terminal: bool
    by_from: dict[int, list[int]] = field(default_factory=dict)
    drops: dict[int, list[int]] = field(default_factory=dict)
    """Moves with no source cell (from = -1, e.g. Connect Four), by target cell."""
    passes: list[int] = field(default_factory=list)


class Session:
    """A game, its seats and its position; every change to them goes through here."""

    remote = False
    """A game held by a server (:class:`~gui.remote_session.RemoteSession`), not this window."""

    def remote_actions(self) -> dict[str, Callable[[], None]]:
        """The actions only a game on a server has (lobby, resign, draw), by name."""
        return {}

    def remote_buttons(self) -> dict[str, bool]:
        """Which of those buttons can be pressed now."""
        return {}

    def __init__(
        self,
        game: Game,
        seats: list[Seat] | None = None,
        *,
        time_per_move: float = 2.0,
        weights: str | None = None,
        engines: Engines | None = None,
        state: State | None = None,
        random_delay: float = 0.4,
        seed: int | None = None,
        clocks: list[TimeControl] | None = None,
        level: int = STRONGEST,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game = game
        self.now = now
        """The clock the session reads (tests pass one they move by hand)."""
        self.geometry = game.geometry()
        self.seats = list(seats) if seats is not None else default_seats(game.num_players)
        if len(self.seats) != game.num_players:
            raise ValueError(f"{len(self.seats)} seats for a {game.num_players}-player game")
        self.engines = engines if engines is not None else Engines(game, weights)
        self.engine = EngineThread()
        self.time_per_move = time_per_move
        self.random_delay = random_delay
        self.rng = np.random.default_rng(seed)
        self.state = state if state is not None else game.initial_state()
        self.redo: list[int] = []
        self.paused = False
        self.selected: int | None = None
        """The cell of the piece a person has picked up."""
        self.chooser: list[int] | None = None
        """Moves sharing their cells, waiting for a person to pick one."""
        self.message = ""
        self.message_is_error = False
        self.status = ""
        self.last_info: SearchInfo | None = None
        self.overlay: str | None = None
        """The glyph whose square weights colour the board (the weights view), or None."""
        self.overlay_values: np.ndarray | None = None
        self.overlay_colors: list | None = None
        self.last_saved: str | None = None
        self._thinking: tuple[int, int, int] | None = None
        self._thinking_since = 0.0
        self._last_move_time = time.monotonic()
        self._position_key: tuple[int, int] | None = None
        self._position: Position | None = None
        self._texts: tuple[State | None, list[int], list[str]] = (None, [], [])
        self.movers: list[int] = []
        """Who made each move of :meth:`move_texts`: the first numbers the move list, and
        passes and extra turns break the alternation the numbers would assume."""
        self.level = level
        """The engines' strength (:mod:`gamecore.play.levels`); 10 is the full engine."""
        self.moved_at: float | None = None
        """When the last move was played (the window slides the piece for a moment)."""
        # the clocks
        self.controls = list(clocks) if clocks else None
        if self.controls is not None and len(self.controls) != game.num_players:
            raise ValueError(f"{len(self.controls)} time controls for {game.num_players} seats")
        self.clocks: list[float] | None = None
        """Seconds left per seat, or None without time controls."""
        self.flagged: int | None = None
        """The seat whose clock ran out (the game is over), or None."""
        self._arrivals: dict[int, list[float]] = {}
        """The clocks when the position with that many plies arose (Undo restores them)."""
        self._clock_last = self.now()
        self._clock_hold = False
        """The engine to move is loading its kernel: its clock waits."""
        self.reset_clocks()
        # the helper: hints, the analysis mode and the evaluation graph
        self.helper = EngineThread()
        self._helper_job: tuple[str, int, Key] | None = None
        self._helper_done: set[tuple[str, Key]] = set()
        self.hint_wanted: Key | None = None
        self.hint: tuple[Key, int, str] | None = None
        """The position, the move the hint found and its text."""
        self.analysing = False
        self.analysis: tuple[Key, list[RootLine]] | None = None
        """The analysis mode's lines for a position, best first."""
        self.evals: dict[Key, float] = {}
        """Scores of positions for the evaluation graph, from the first team's side."""
        self._eval_depths: dict[Key, int] = {}
        self._line: tuple[tuple[int, ...], list[Key]] | None = None
        self.announce_turn()

    # -- the position -------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        key = (len(self.state.history), self.state.hash)
        if self._position is None or key != self._position_key:
            game, arrays = self.game, self.state.arrays
            legal = self.state.legal_moves()
            info = Position(
                legal=legal,
                cells={m: tuple(game.move_cells(arrays, m)) for m in legal},  # type: ignore[misc]
                tags={m: frozenset(game.move_tags(arrays, m)) for m in legal},
                terminal=self.state.is_terminal(),
            )
            for move, (frm, to) in info.cells.items():
                if frm < 0 and to < 0:
                    info.passes.append(move)
                elif frm < 0:
                    info.drops.setdefault(to, []).append(move)
                else:
                    info.by_from.setdefault(frm, []).append(move)
            self._position, self._position_key = info, key
        return self._position

    @property
    def key(self) -> Key:
        return (len(self.state.history), self.state.hash)

    @property
    def over(self) -> bool:
        """The game has ended: by its rules, or a clock ran out."""
        return self.flagged is not None or self.position.terminal

    @property
    def seat_to_move(self) -> Seat:
        return self.seats[self.state.player]

    def seat_name(self, seat: int) -> str:
        return self.game.player_names[seat]

    @property
    def held(self) -> bool:
        """Engines and random movers wait: paused, or moves are waiting to be redone."""
        return self.paused or bool(self.redo)

    @property
    def thinking(self) -> bool:
        """An engine or agent is choosing a move."""
        return self._thinking is not None

    @property
    def thinking_seconds(self) -> float:
        return time.monotonic() - self._thinking_since if self._thinking is not None else 0.0

    def human_to_move(self) -> bool:
        return not self.over and self.seat_to_move.kind == "human"

    def targets(self, cell: int) -> dict[int, list[int]]:
        """Legal moves of the piece on ``cell``, by target cell."""
        out: dict[int, list[int]] = {}
        for move in self.position.by_from.get(cell, []):
            out.setdefault(self.position.cells[move][1], []).append(move)
        return out

    def move_text(self, move: int) -> str:
        """``move`` (legal now) as the game's records write it (chess: SAN)."""
        return self.game.move_record_text(self.state.arrays, move)

    def move_texts(self) -> list[str]:
        """The game's moves as its records write them, from where the record starts.

        Kept between frames and extended move by move: only a changed past is replayed.
        """
        history = list(self.state.history)
        owner, done, texts = self._texts
        if owner is not self.state or history[: len(done)] != done:
            owner, done, texts = self.state, [], []
            self.movers = []
        if not done or len(history) > len(done):
            root = self.state.copy()
            for _ in history[len(done) :]:
                root.pop()
            for move in history[len(done) :]:
                texts.append(self.game.move_record_text(root.arrays, move))
                self.movers.append(root.player)
                root.push_unchecked(move)
        self._texts = (owner, history, texts)
        return list(texts)

    def last_move_cells(self) -> tuple[int, int] | None:
        if not self.state.history:
            return None
        move = self.state.pop()
        try:
            return self.game.move_cells(self.state.arrays, move)
        finally:
            self.state.push_unchecked(move)

    # -- messages -------------------------------------------------------------------------------

    def say(self, text: str, error: bool = False) -> None:
        self.message, self.message_is_error = text, error

    def result_text(self) -> str:
        """Who won, which team (when teams have several seats), and why."""
        if self.flagged is not None:
            return f"Game over: {self.game.describe_time_loss(self.state, self.flagged)}"
        text = f"Game over: {self.game.describe_result(self.state)}"
        winner = self.state.winner_team()
        if winner is not None and self.game.num_players > 2:
            members = [
                self.seat_name(p)
                for p in range(self.game.num_players)
                if self.game.team_of(p) == winner
            ]
            text += f" (team {self.game.team_names[winner]}: {', '.join(members)})"
        return text

    def announce_turn(self) -> None:
        """The message line at a new turn: the result, a forced pass, or whose move it is."""
        if self.over:
            self.say(self.result_text())
            return
        if self.seat_to_move.kind != "human":
            return
        name = self.seat_name(self.state.player)
        if self.position.legal and len(self.position.passes) == len(self.position.legal):
            self.say(f"{name} has no move and must pass: press Pass (P)")
        elif not self.message_is_error:
            turn = f"{name} to move"
            self.say(f"{self.message}; {turn}" if self.message else turn)

    # -- moves by people ------------------------------------------------------------------------

    def play(self, move: int) -> bool:
        """Play a legal move for whoever is to move; False (nothing changes) if it is not legal."""
        self.tick()  # the mover's time up to now (its clock may run out here)
        if move not in self.position.legal or self.flagged is not None:
            return False
        text = self.move_text(move)
        seat = self.state.player
        mover = self.seat_name(seat)
        replay = bool(self.redo) and self.redo[-1] == move
        self.state.push_unchecked(move)
        self._punch(seat, replay)
        if replay:
            self.redo.pop()
        else:
            self.redo.clear()
        self.selected = None
        self.chooser = None
        self.moved_at = self.now()
        self._last_move_time = time.monotonic()
        self.say(f"{mover} played {text}")
        self.announce_turn()
        return True

    def click_cell(self, cell: int) -> None:
        """A click on the board: select a piece, move the selected one, or do nothing harmful."""
        if not self.human_to_move():
            if self.over:
                self.say(self.result_text())
            else:
                who = self.seat_name(self.state.player)
                self.say(f"{who} ({self.seat_to_move.kind}) is to move, not you")
            return
        if self.selected is not None and cell in self.targets(self.selected):
            self.try_move(self.selected, cell)
            return
        if cell in self.position.by_from:
            self.selected = cell
            return
        if cell in self.position.drops:
            self.try_move(-1, cell)
            return
        self.selected = None
        mover = self.state.player
        if any(p.cell == cell and p.player == mover for p in self.game.pieces(self.state.arrays)):
            name = self.geometry.cell(cell).name or f"cell {cell}"
            self.say(f"the piece on {name} has no legal move now")

    def drop_on(self, cell: int) -> None:
        """The selected piece released over ``cell`` (the end of a drag)."""
        if (
            self.selected is not None
            and cell != self.selected
            and cell in self.targets(self.selected)
        ):
            self.try_move(self.selected, cell)

    def try_move(self, frm: int, to: int) -> None:
        """Play the move from ``frm`` to ``to``; when several share the cells, ask which."""
        moves = self.position.drops.get(to, []) if frm < 0 else self.targets(frm).get(to, [])
        if len(moves) == 1:
            self.play(moves[0])
        elif len(moves) > 1:
            self.chooser = sorted(moves, key=self.state.move_text)
            self.say("choose the move (click it, or press its number; Esc cancels)")

    def choice_labels(self) -> list[str]:
        """What each chooser option is called: the part of its notation the options differ in."""
        assert self.chooser is not None
        texts = [self.state.move_text(m) for m in self.chooser]
        prefix = 0
        while all(len(t) > prefix for t in texts) and len({t[prefix] for t in texts}) == 1:
            prefix += 1
        labels = [t[prefix:] for t in texts]
        if all(len(label) == 1 and label.isalpha() for label in labels):
            return [label.upper() for label in labels]
        return texts

    def choose(self, index: int) -> None:
        """Play the chooser's ``index``-th move (0-based); out of range changes nothing."""
        if self.chooser is not None and 0 <= index < len(self.chooser):
            self.play(self.chooser[index])

    def cancel(self) -> None:
        """Drop the selection, or close the chooser."""
        if self.chooser is not None:
            self.say("move cancelled")
        self.selected, self.chooser = None, None

    def play_pass(self) -> None:
        if self.human_to_move() and self.position.passes:
            self.play(self.position.passes[0])
        else:
            self.say("no pass to play")

    # -- going back and forth -------------------------------------------------------------------

    def undo(self) -> None:
        """Take back the last move; with people seated, back to the last position a person moved
        in. The moves taken back can be redone; engines wait until they are or the game goes
        another way."""
        self.cancel_engine()
        if not self.state.history:
            self.say("nothing to undo")
            return
        self.take_back()
        taken = 1
        has_humans = any(seat.kind == "human" for seat in self.seats)
        while has_humans and self.state.history and self.seat_to_move.kind != "human":
            self.take_back()
            taken += 1
        self.selected = None
        self.chooser = None
        self.say(f"took back {taken} move(s); Redo replays, a new move or Resume goes on")
        self.announce_turn()

    def take_back(self) -> None:
        """Take back one move (it can be redone), with the clocks as they were before it."""
        self.redo.append(self.state.pop())
        self.flagged = None
        self.moved_at = None
        if self.clocks is not None:
            saved = self._arrivals.get(len(self.state.history))
            if saved is not None:
                self.clocks = list(saved)
        self._clock_last = self.now()

    def goto_ply(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the game (taken back or redone); engines
        wait there as after Undo."""
        self.cancel_engine()
        line = len(self.state.history) + len(self.redo)
        ply = max(0, min(ply, line))
        while len(self.state.history) > ply:
            self.take_back()
        while len(self.state.history) < ply and self.redo:
            if not self.play(self.redo[-1]):
                break
        self.moved_at = None
        self.selected, self.chooser = None, None
        self.say(f"position after {ply} move(s); Redo and Undo step, a new move or Resume goes on")

    def redo_move(self) -> None:
        self.cancel_engine()
        if not self.redo:
            self.say("nothing to redo")
            return
        self.play(self.redo[-1])

    def new_game(self) -> None:
        self.set_state(self.game.initial_state())
        self.evals.clear()
        self._eval_depths.clear()
        self.engines.clear()
        self.say("new game")
        self.announce_turn()

    def set_state(self, state: State) -> None:
        """Continue from ``state`` (a loaded record): nothing to redo, engines resume."""
        self.cancel_engine()
        self.state = state
        self.redo.clear()
        self.selected = None
        self.chooser = None
        self.paused = False
        self.moved_at = None
        self.reset_clocks()

    def toggle_pause(self) -> None:
        """Hold engines and random movers, or let them go on (dropping moves left to redo)."""
        self.tick()
        if self.held:
            self.paused = False
            self.redo.clear()
            self.say("engines and clocks resume" if self.clocks else "engines resume")
        else:
            self.cancel_engine()
            self.paused = True
            what = (
                "engines, random movers and clocks" if self.clocks else "engines and random movers"
            )
            self.say(f"paused: {what} wait (Space resumes)")

    def toggle_seat(self, seat: int) -> None:
        """The seat's next kind of player (human → engine → random → human)."""
        self.seats[seat] = self.seats[seat].next_kind()
        if seat == self.state.player:
            self.cancel_engine()
            self.selected, self.chooser = None, None
        self.say(f"{self.seat_name(seat)} is now played by: {self.seats[seat].label}")

    def next_level(self) -> None:
        """The engines' next strength level (1 → 2 → … → 10 → 1)."""
        self.cancel_engine()
        self.level = self.level % STRONGEST + 1
        lvl = LEVELS[self.level]
        depth = "as deep as time allows" if lvl.depth is None else f"depth {lvl.depth}"
        noise = " with near-best and random moves" if lvl.noisy else ""
        self.say(f"engine level {self.level}: {depth}{noise}")

    def next_time(self) -> None:
        later = [t for t in TIME_CHOICES if t > self.time_per_move + 1e-9]
        self.time_per_move = later[0] if later else TIME_CHOICES[0]
        self.say(f"engine time: {self.time_per_move:g} s a move")

    # -- engines and random movers ----------------------------------------------------------

    def cancel_engine(self) -> None:
        if self._thinking is not None:
            self.engine.cancel()
            self._thinking = None
        self._clock_hold = False

    def move_now(self) -> None:
        """The thinking engine plays the best move it has found."""
        if self._thinking is not None:
            self.engine.move_now()
            self.say("engine: move now")
        else:
            self.say("no engine is thinking")

    def update(self) -> None:
        """Let engines report and move, and random movers move, when it is their turn; run
        the clocks and the helper (hints, analysis, the evaluation graph)."""
        self.tick()
        self._drain_engine()
        self._drain_helper()
        self._schedule_helper()
        if self.over or self.held or self.chooser is not None:
            return
        seat = self.seat_to_move
        if seat.kind == "engine" and self._thinking is None:
            self._start_engine(seat)
        elif seat.kind == AGENT and self._thinking is None:
            self._start_agent(seat)
        elif seat.kind == "random" and time.monotonic() - self._last_move_time >= self.random_delay:
            legal = self.position.legal
            self.play(legal[int(self.rng.integers(len(legal)))])

    def _start_engine(self, seat: Seat) -> None:
        try:
            searcher = self.engines.searcher(seat)
        except GamecoreError as exc:
            self.paused = True
            self.say(f"engine cannot play: {exc} (pick another seat kind, then Resume)", True)
            return
        seconds = seat.seconds if seat.seconds is not None else self.time_per_move
        if self.clocks is not None and self.controls is not None:
            mover = self.state.player
            seconds = move_budget(
                self.clocks[mover], self.controls[mover].increment, CLOCK_OVERHEAD
            )
        self._clock_hold = not self.engine.is_warm(searcher)
        token = self.engine.start(searcher, self.state, seconds, LEVELS[self.level], self.rng)
        self._thinking = (token, len(self.state.history), self.state.hash)
        self._thinking_since = time.monotonic()
        self.status = f"{self.seat_name(self.state.player)} (engine) is thinking…"

    def _start_agent(self, seat: Seat) -> None:
        seconds = seat.seconds if seat.seconds is not None else self.time_per_move
        try:
            player = self.engines.agent(seat, seconds)
        except GamecoreError as exc:
            self.paused = True
            self.say(f"agent cannot play: {exc} (pick another seat kind, then Resume)", True)
            return
        token = self.engine.start_agent(player, self.state)
        self._thinking = (token, len(self.state.history), self.state.hash)
        self._thinking_since = time.monotonic()
        self.status = f"{self.seat_name(self.state.player)} ({seat.label}) is thinking…"

    def _drain_engine(self) -> None:
        while not self.engine.messages.empty():
            token, kind, payload = self.engine.messages.get_nowait()
            if self._thinking is None or token != self._thinking[0]:
                continue  # a cancelled search
            if kind == "ready":
                self.tick()  # the kernel's loading is not charged to the clock
                self._clock_hold = False
                continue
            if kind == "info":
                self.last_info = payload
                self.status = self.info_text(payload)
                continue
            thinking, self._thinking = self._thinking, None
            if kind == "error":
                self.paused = True
                self.say(f"{payload} (press Resume to try again)", True)
                continue
            if thinking[1:] != (len(self.state.history), self.state.hash):
                continue  # the position changed under the search
            if kind == "move":
                who = self.seat_name(self.state.player)
                self.status = f"{who} ({self.seat_to_move.label}) played"
                self.play(payload)
                continue
            self.last_info = payload
            self.status = self.info_text(payload, done=True)
            mover_team = self.state.team
            if self.play(payload.best_move) and payload.depth > 0:
                # the search's score is the position after its move, a ply less deep
                depth = max(1, payload.depth - 1)
                self._record_eval(self.key, payload.score.value, mover_team, depth)

    def info_text(self, info: SearchInfo, done: bool = False) -> str:
        """The status line: who, depth, score, speed and principal variation."""
        name = self.seat_name(self.state.player)
        pv = []
        probe = self.state.copy()
        for move in info.pv[:8]:
            if move not in probe.legal_moves():
                break
            pv.append(self.game.move_record_text(probe.arrays, move))
            probe.push_unchecked(move)
        verb = "played" if done else "thinking"
        score = self.game.score_text(info.score)
        speed = f"{info.nps / 1000:,.0f} knodes/s  " if info.nodes else ""
        return f"{name} {verb}: depth {info.depth}  score {score}  {speed}pv {' '.join(pv)}"

    def close(self) -> None:
        """Stop any search; the session can still be read afterwards."""
        self.engine.cancel()
        self.helper.cancel()
        self._thinking = None
        self._helper_job = None

    # -- the clocks -----------------------------------------------------------------------------

    def reset_clocks(self) -> None:
        """Every seat's clock back to its base time (a new game, a loaded one)."""
        self.flagged = None
        self._clock_hold = False
        self._clock_last = self.now()
        if self.controls is None:
            return
        self.clocks = [control.base for control in self.controls]
        self._arrivals = {len(self.state.history): list(self.clocks)}

    @property
    def clock_running(self) -> bool:
        """The clock of the seat to move runs: not paused, not stepping through moves to
        redo, the game not over, no engine loading its kernel."""
        return self.clocks is not None and not (self.over or self.held or self._clock_hold)

    def tick(self) -> None:
        """Charge the time since the last tick to the seat to move; a clock reaching zero
        ends the game."""
        now = self.now()
        elapsed, self._clock_last = now - self._clock_last, now
        if self.clocks is None or not self.clock_running:
            return
        mover = self.state.player
        self.clocks[mover] -= elapsed
        if self.clocks[mover] <= 0:
            self.clocks[mover] = 0.0
            self.flag(mover)

    def flag(self, seat: int) -> None:
        """``seat``'s clock ran out: the game is over, the other team wins."""
        self.flagged = seat
        if self._thinking is not None:
            self.status = f"{self.seat_name(seat)} ran out of time while thinking"
        self.cancel_engine()
        self.selected = self.chooser = None
        self.say(self.result_text())

    def _punch(self, seat: int, replay: bool) -> None:
        """After ``seat``'s move: add its increment (or, redoing a move, restore the clocks
        saved with it) and save the clocks with the new position."""
        if self.clocks is None or self.controls is None:
            return
        plies = len(self.state.history)
        saved = self._arrivals.get(plies) if replay else None
        if saved is not None:
            self.clocks = list(saved)
        else:
            self.clocks[seat] += self.controls[seat].increment
            self._arrivals = {n: c for n, c in self._arrivals.items() if n < plies}
            self._arrivals[plies] = list(self.clocks)
        self._clock_last = self.now()

    # -- the helper: hints, the analysis mode, the evaluation graph -----------------------------

    def request_hint(self) -> None:
        """Look for the best move for the person to move; the board marks it."""
        if not self.human_to_move():
            self.say("a hint is for the person to move", True)
            return
        if self.hint is not None and self.hint[0] == self.key:
            self.say(f"hint: {self.hint[2]}")
            return
        self.hint_wanted = self.key
        self.say("looking for a hint…")

    def toggle_analysis(self) -> None:
        """Run the engine on the position shown and list its best moves, or stop."""
        self.analysing = not self.analysing
        if not self.analysing:
            self._cancel_helper()
            self.analysis = None
            self._helper_done = {done for done in self._helper_done if done[0] != "analysis"}
        on = "analysis on: the engine's best moves, deeper and deeper"
        self.say(on if self.analysing else "analysis off")

    def line_keys(self) -> list[Key]:
        """The positions of the whole game, moves to redo included: after 0, 1, … plies."""
        moves = (*self.state.history, *reversed(self.redo))
        if self._line is None or self._line[0] != moves:
            probe = self.state.copy()
            while probe.history:
                probe.pop()
            keys = [(0, probe.hash)]
            for move in moves:
                probe.push_unchecked(move)
                keys.append((len(probe.history), probe.hash))
            self._line = (moves, keys)
        return self._line[1]

    def graph_points(self) -> list[float | None]:
        """The evaluation graph: per position of the game, its score from the first team's
        side, None where it is not known yet."""
        return [self.evals.get(key) for key in self.line_keys()]

    def _record_eval(self, key: Key, value: float, team: int, depth: int) -> None:
        """Keep ``value`` (for ``team`` to move, searched ``depth`` plies) as the score of
        the position ``key``, unless a deeper search has scored it already."""
        if depth >= self._eval_depths.get(key, 0):
            self.evals[key] = value if team == 0 else -value
            self._eval_depths[key] = depth

    def _cancel_helper(self) -> None:
        if self._helper_job is not None:
            self.helper.cancel()
            self._helper_job = None

    def _schedule_helper(self) -> None:
        """Start the helper's next job: the analysis of the position shown, a hint asked for,
        else the next position of the game the evaluation graph has no score for."""
        job = self._helper_job
        key = self.key
        if job is not None and job[0] in ("analysis", "hint") and job[2] != key:
            self._cancel_helper()  # the position changed under it
            job = None
        if job is not None and job[0] == "analysis" and not self.analysing:
            self._cancel_helper()
            job = None
        if job is not None:
            return
        if self.hint_wanted is not None and self.hint_wanted != key:
            self.hint_wanted = None
        if self.hint_wanted == key and self.human_to_move():
            self._start_helper("hint", key, self.state)
        elif self._next_graph_job():
            pass  # the graph's quick searches first: the analysis restarts after them
        elif self.analysing and not self.over and ("analysis", key) not in self._helper_done:
            self._start_helper("analysis", key, self.state)

    def _next_graph_job(self) -> bool:
        """Start scoring the next position the graph lacks; False when none is missing."""
        keys = self.line_keys()
        current = len(self.state.history)
        # nearest the position shown first, then backwards, then forwards
        order = [*range(current, -1, -1), *range(current + 1, len(keys))]
        for ply in order:
            key = keys[ply]
            if key in self.evals or ("graph", key) in self._helper_done:
                continue
            probe = self.state.copy()
            if ply <= current:
                for _ in range(current - ply):
                    probe.pop()
            else:
                for move in list(reversed(self.redo))[: ply - current]:
                    probe.push_unchecked(move)
            if probe.is_terminal():
                winner = probe.winner_team()
                self.evals[key] = 0.0 if winner is None else (MATE if winner == 0 else -MATE)
                continue
            self._start_helper("graph", key, probe)
            return True
        return False

    def _start_helper(self, kind: str, key: Key, state: State) -> None:
        """Start the helper's ``kind`` of job on a copy of ``state`` (the position ``key``)."""
        try:
            searcher = self.engines.analyst()
        except GamecoreError as exc:
            self.analysing, self.hint_wanted = False, None
            self._helper_done.add(("graph", key))
            self.say(f"no analysis: {exc}", True)
            return
        root = state.copy()
        seconds = min(HINT_SECONDS, self.time_per_move)

        def task(post: Post, cancelled: Callable[[], bool]) -> None:
            if kind == "analysis":
                for lines in iterate_root_lines(searcher, root, ANALYSIS_LIMITS, cancelled):
                    post("lines", lines[:ANALYSIS_LINES])
            elif kind == "hint":
                post("hint", searcher.search(root, Limits(time=seconds)))
            else:
                info = searcher.search(root, GRAPH_LIMITS)
                post("score", (info.score.value, root.team, info.depth))

        self._helper_job = (kind, self.helper.start_task(searcher, task), key)

    def _drain_helper(self) -> None:
        while not self.helper.messages.empty():
            token, kind, payload = self.helper.messages.get_nowait()
            job = self._helper_job
            if job is None or token != job[1]:
                continue  # a cancelled job
            what, _, key = job
            if kind == "finished":
                self._helper_job = None
                self._helper_done.add((what, key))
            elif kind == "error":
                self.analysing, self.hint_wanted = False, None
                self.say(str(payload), True)
            elif kind == "lines":
                self.analysis = (key, payload)
                if payload and key == self.key:
                    best = payload[0]
                    self._record_eval(key, best.score.value, self.state.team, best.depth)
            elif kind == "score":
                value, team, depth = payload
                self._record_eval(key, value, team, depth)
            elif kind == "hint" and key == self.key:
                self._show_hint(key, payload)

    def _show_hint(self, key: Key, info: SearchInfo) -> None:
        self.hint_wanted = None
        if info.best_move not in self.position.legal:
            return
        text = f"{self.move_text(info.best_move)} ({self.game.score_text(info.score)}"
        text += f", depth {info.depth})"
        self.hint = (key, info.best_move, text)
        self.say(f"hint: {text}")

    def analysis_lines(self) -> list[tuple[str, str, str]] | None:
        """The analysis mode's lines for the position shown: the move, its score (for the
        side to move) and the line after it; None when the mode is off."""
        if not self.analysing:
            return None
        if self.analysis is None or self.analysis[0] != self.key:
            return []
        out = []
        for line in self.analysis[1]:
            texts = []
            probe = self.state.copy()
            for move in line.pv[:6]:
                if move not in probe.legal_moves():
                    break
                texts.append(self.game.move_record_text(probe.arrays, move))
                probe.push_unchecked(move)
            if texts:
                out.append((texts[0], self.game.score_text(line.score), " ".join(texts[1:])))
        return out

    def analysis_depth(self) -> int:
        if self.analysis is None or self.analysis[0] != self.key or not self.analysis[1]:
            return 0
        return self.analysis[1][0].depth

    def hint_cells(self) -> tuple[int, int] | None:
        """The cells of the hint's move, while the position it was found for is shown."""
        if self.hint is None or self.hint[0] != self.key:
            return None
        return tuple(self.position.cells[self.hint[1]])  # type: ignore[return-value]

    # -- saving and loading ---------------------------------------------------------------------

    def default_record_name(self) -> str:
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        return f"game-{stamp}{self.game.record_suffix}"

    def record_headers(self) -> dict[str, str]:
        headers = {"Event": "gamecore gui", "Date": _dt.date.today().strftime("%Y.%m.%d")}
        for seat, player in enumerate(self.seats):
            headers[self.seat_name(seat).capitalize()] = player.label
        if self.controls is not None:
            controls = {str(c) for c in self.controls}
            if len(controls) == 1:
                headers["TimeControl"] = controls.pop()
        if self.flagged is not None:
            headers.update(self.game.time_loss_headers(self.state, self.flagged))
        return headers

    def save(self, path: str) -> bool:
        """Write the game record; a failure is a message in the window."""
        try:
            text = self.game.game_record(self.state, self.record_headers())
            write_text_atomically(Path(path).expanduser(), text)
        except (OSError, GamecoreError) as exc:
            self.say(f"could not save {path}: {getattr(exc, 'strerror', None) or exc}", True)
            return False
        self.last_saved = path
        self.say(f"saved {len(self.state.history)} moves to {path}")
        return True

    def load(self, path: str) -> bool:
        """Replace the game by the record in ``path``; on any problem keep the game and say why."""
        try:
            text = read_input_text(path, "game record")
        except GamecoreError as exc:
            self.say(str(exc), True)
            return False
        try:
            state = self.game.read_record(text)
        except GamecoreError as exc:
            self.say(f"{path} is not a {self.game.name} record: {exc}", True)
            return False
        except Exception as exc:  # a plugin's reader failing must not close the window
            self.say(f"{path} could not be read: {type(exc).__name__}: {exc}", True)
            return False
        self.set_state(state)
        self.say(f"loaded {path}: {len(state.history)} moves")
        self.announce_turn()
        return True

    # -- the weights view -------------------------------------------------------------------

    def cycle_overlay(self) -> None:
        """Off → each piece with square weights in turn → off."""
        try:
            glyphs = pieces_with_squares(self.game)
            theta = self.engines.theta()
        except GamecoreError as exc:
            self.overlay = None
            self.say(f"no weights view: {exc}", True)
            return
        order = [None, *glyphs]
        self.set_overlay(order[(order.index(self.overlay) + 1) % len(order)], theta)

    def set_overlay(self, glyph: str | None, theta: np.ndarray | None = None) -> None:
        """Colour the board with ``glyph``'s square weights (None: the board's own colours)."""
        self.overlay = glyph
        if glyph is None:
            self.overlay_colors = self.overlay_values = None
            self.say("weights view off")
            return
        theta = self.engines.theta() if theta is None else theta
        values = cell_values(self.game, theta, glyph)
        self.overlay_values = values
        self.overlay_colors = cell_colors(values)
        self.say(
            f"weights view: piece-square weights of {glyph} "
            f"(blue < 0 < red, full colour at ±{scale_of(values):.3g})"
        )
