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
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from gamecore.errors import GamecoreError
from gamecore.files import read_input_text
from gamecore.game import Game
from gamecore.heatmap import cell_colors, cell_values, pieces_with_squares, scale_of
from gamecore.search import SearchInfo
from gamecore.state import State
from gui.engine import EngineThread
from gui.seats import AGENT, Engines, Seat, default_seats

TIME_CHOICES = (0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
"""Seconds per engine move the Time action cycles through."""


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
    ) -> None:
        self.game = game
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
        self.first_mover = self.state.player
        """Who made the first move of the record (numbers the move list)."""
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
        return not self.position.terminal and self.seat_to_move.kind == "human"

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
        if not done or len(history) > len(done):
            root = self.state.copy()
            for _ in history[len(done) :]:
                root.pop()
            if not done:
                self.first_mover = root.player
            for move in history[len(done) :]:
                texts.append(self.game.move_record_text(root.arrays, move))
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
        if self.position.terminal:
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
        if move not in self.position.legal:
            return False
        text = self.move_text(move)
        mover = self.seat_name(self.state.player)
        self.state.push_unchecked(move)
        if self.redo and self.redo[-1] == move:
            self.redo.pop()
        else:
            self.redo.clear()
        self.selected = None
        self.chooser = None
        self._last_move_time = time.monotonic()
        self.say(f"{mover} played {text}")
        self.announce_turn()
        return True

    def click_cell(self, cell: int) -> None:
        """A click on the board: select a piece, move the selected one, or do nothing harmful."""
        if not self.human_to_move():
            if self.position.terminal:
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
        self.redo.append(self.state.pop())
        taken = 1
        has_humans = any(seat.kind == "human" for seat in self.seats)
        while has_humans and self.state.history and self.seat_to_move.kind != "human":
            self.redo.append(self.state.pop())
            taken += 1
        self.selected = None
        self.chooser = None
        self.say(f"took back {taken} move(s); Redo replays, a new move or Resume goes on")
        self.announce_turn()

    def redo_move(self) -> None:
        self.cancel_engine()
        if not self.redo:
            self.say("nothing to redo")
            return
        self.play(self.redo[-1])

    def new_game(self) -> None:
        self.set_state(self.game.initial_state())
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

    def toggle_pause(self) -> None:
        """Hold engines and random movers, or let them go on (dropping moves left to redo)."""
        if self.held:
            self.paused = False
            self.redo.clear()
            self.say("engines resume")
        else:
            self.cancel_engine()
            self.paused = True
            self.say("paused: engines and random movers wait (Space resumes)")

    def toggle_seat(self, seat: int) -> None:
        """The seat's next kind of player (human → engine → random → human)."""
        self.seats[seat] = self.seats[seat].next_kind()
        if seat == self.state.player:
            self.cancel_engine()
            self.selected, self.chooser = None, None
        self.say(f"{self.seat_name(seat)} is now played by: {self.seats[seat].label}")

    def next_time(self) -> None:
        later = [t for t in TIME_CHOICES if t > self.time_per_move + 1e-9]
        self.time_per_move = later[0] if later else TIME_CHOICES[0]
        self.say(f"engine time: {self.time_per_move:g} s a move")

    # -- engines and random movers ----------------------------------------------------------

    def cancel_engine(self) -> None:
        if self._thinking is not None:
            self.engine.cancel()
            self._thinking = None

    def move_now(self) -> None:
        """The thinking engine plays the best move it has found."""
        if self._thinking is not None:
            self.engine.move_now()
            self.say("engine: move now")
        else:
            self.say("no engine is thinking")

    def update(self) -> None:
        """Let engines report and move, and random movers move, when it is their turn."""
        self._drain_engine()
        if self.position.terminal or self.held or self.chooser is not None:
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
        token = self.engine.start(searcher, self.state, seconds)
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
            self.play(payload.best_move)

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
        return (
            f"{name} {verb}: depth {info.depth}  score {score}  "
            f"{info.nps / 1000:,.0f} knodes/s  pv {' '.join(pv)}"
        )

    def close(self) -> None:
        """Stop any search; the session can still be read afterwards."""
        self.engine.cancel()
        self._thinking = None

    # -- saving and loading ---------------------------------------------------------------------

    def default_record_name(self) -> str:
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        return f"game-{stamp}{self.game.record_suffix}"

    def record_headers(self) -> dict[str, str]:
        headers = {"Event": "gamecore gui", "Date": _dt.date.today().strftime("%Y.%m.%d")}
        for seat, player in enumerate(self.seats):
            headers[self.seat_name(seat).capitalize()] = player.label
        return headers

    def save(self, path: str) -> bool:
        """Write the game record; a failure is a message in the window."""
        try:
            text = self.game.game_record(self.state, self.record_headers())
            Path(path).expanduser().write_text(text)
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
