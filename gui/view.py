"""What one frame shows, as a plain frozen record built from the session and the window.

The renderer (:mod:`gui.render`) draws a :class:`View` and nothing else, so
anything on the screen can be checked by building a View, and the renderer
never reaches into the session. :func:`build_view` is the one place that
decides what is shown: which cells are tinted, which targets are marked,
what the panel and the status lines say.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise

from gamecore.geometry import RGB, PieceView
from gamecore.play.clock import clock_text
from gamecore.play.levels import STRONGEST
from gamecore.search import Score
from gamecore.values import MAX_EVAL
from gui.actions import BUTTONS, REMOTE_BUTTONS, help_rows
from gui.art import PieceArt
from gui.layout import BoardLayout
from gui.session import Session
from gui.widgets import Prompt

LAST_MOVE = (255, 225, 80, 95)
SELECTED = (120, 230, 90, 140)
HINT = (80, 160, 255, 130)
ANIMATION_SECONDS = 0.15
"""How long a moved piece takes to slide from its cell to its target."""
SEAT_HINT = "click a seat to change who plays it;  H: help"
REMOTE_SEAT_HINT = "the server keeps the seats;  N: lobby,  H: help"
LOW_CLOCK = 10.0
"""Seconds below which a clock is drawn in red."""


@dataclass
class Ui:
    """What the person set about the window rather than the game; kept by the controller."""

    mouse: tuple[int, int] = (0, 0)
    dragging: bool = False
    """The left button went down on the selected piece and is still down."""
    rotation: float = 0.0
    """Degrees the board is turned (see :class:`~gui.layout.BoardLayout`)."""
    follow: bool = False
    """Auto-rotate: turn the board to each person's side when it is their move (hot-seat)."""
    show_names: bool = False
    show_help: bool = False
    scroll: int = 0
    """Move-list lines scrolled back from the newest."""
    prompt: Prompt | None = None
    animate: bool = False
    """Slide each moved piece to its target (off in tests and pictures)."""


@dataclass(frozen=True)
class Target:
    """A marked target cell: the kinds of move that end there, and whether a piece stands there."""

    cell: int
    tags: frozenset[str]
    occupied: bool


@dataclass(frozen=True)
class SeatRow:
    name: str
    color: RGB
    player: str
    """Who plays the seat (``human``, ``engine (a.npz)``, ``random``...)."""
    to_move: bool
    clock: str | None = None
    """The seat's time left (None: no clocks)."""
    clock_state: str = ""
    """``running``, ``low`` (running out), ``flagged`` (ran out) or ``""``."""


@dataclass(frozen=True)
class GraphView:
    """The evaluation graph: per position of the game, its score squashed into [-1, 1]
    (None: not scored yet), from the first team's side."""

    points: tuple[float | None, ...]
    current: int
    """The position shown (its index in :attr:`points`)."""
    title: str


@dataclass(frozen=True)
class AnalysisView:
    title: str
    lines: tuple[tuple[str, str, str], ...]
    """Per line: the move, its score and the moves after it."""


@dataclass(frozen=True)
class ButtonView:
    action: str
    label: str
    enabled: bool


@dataclass(frozen=True)
class MoveLine:
    """One line of the move list: a number and one or two moves, or a note."""

    cells: tuple[str, ...]
    seat: int
    """The mover's seat (its colour dot), -1 for numbered pairs, -2 for a note."""


@dataclass(frozen=True)
class View:
    """Everything one frame draws."""

    size: tuple[int, int]
    layout: BoardLayout
    fills: tuple[RGB, ...]
    """Each cell's colour: the board's, or the weights view's."""
    names: tuple[str, ...]
    values: tuple[float, ...] | None
    """The weights view's number per cell (nan: none), or None."""
    tints: tuple[tuple[int, tuple[int, int, int, int]], ...]
    """Cells washed with a translucent colour: the last move, the selected piece."""
    pieces: tuple[PieceView, ...]
    dragged: PieceView | None
    """A piece being dragged: drawn at :attr:`mouse`, not on its cell."""
    mouse: tuple[int, int]
    targets: tuple[Target, ...]
    show_names: bool
    player_colors: tuple[RGB, ...]
    art: PieceArt | None
    """The game's piece pictures (None: discs and letters)."""
    banner: str | None
    choices: tuple[str, ...] | None
    """The chooser's labels, in the order of the session's chooser moves."""
    mover: int
    help: tuple[tuple[str, str], ...] | None
    title: str
    seats: tuple[SeatRow, ...]
    buttons: tuple[ButtonView, ...]
    moves: tuple[MoveLine, ...]
    two_columns: bool
    scroll: int
    status: str
    message: str
    message_is_error: bool
    prompt: tuple[str, str] | None
    """A text prompt's question and text so far."""
    graph: GraphView | None = None
    analysis: AnalysisView | None = None
    slide: tuple[PieceView, tuple[float, float]] | None = None
    """The piece moving to its target this frame and the pixel it is at (drawn over the
    board instead of on its cell)."""
    seat_hint: str = ""
    """The line under the seats: what a click on a seat does, and where help is."""

    def color(self, player: int) -> RGB:
        colors = self.player_colors
        return colors[player] if 0 <= player < len(colors) else (128, 128, 128)


HELP_INTRO = (
    "Click a piece, then a marked cell (or drag the piece there).",
    "Esc or right click: drop the selection.  Click a seat: change its player.",
)


def build_view(
    session: Session,
    ui: Ui,
    layout: BoardLayout,
    size: tuple[int, int],
    art: PieceArt | None = None,
    now: float | None = None,
) -> View:
    """The frame for the session's position as the person has set the window up, at the
    instant ``now`` (the session's clock; default: the present)."""
    s = session
    now = s.now() if now is None else now
    geometry = s.geometry
    overlay = s.overlay_colors
    tints = []
    last = s.last_move_cells() if overlay is None else None  # keep heat colours true
    for cell in last or ():
        if cell >= 0:
            tints.append((cell, LAST_MOVE))
    for cell in (s.hint_cells() or ()) if overlay is None else ():
        if cell >= 0:
            tints.append((cell, HINT))
    if s.selected is not None:
        tints.append((s.selected, SELECTED))
    pieces = s.game.pieces(s.state.arrays)
    dragged = None
    if ui.dragging and s.selected is not None and layout.cell_at(ui.mouse) != s.selected:
        dragged = next((p for p in pieces if p.cell == s.selected), None)
    slide = _slide(s, ui, layout, pieces, last, now)
    if slide is not None:
        pieces = [p for p in pieces if p is not slide[0]]
    return View(
        size=size,
        layout=layout,
        fills=tuple(overlay[c.index] if overlay is not None else c.color for c in geometry.cells),
        names=tuple(c.name for c in geometry.cells),
        values=tuple(float(v) for v in s.overlay_values)
        if overlay is not None and s.overlay_values is not None
        else None,
        tints=tuple(tints),
        pieces=tuple(p for p in pieces if p is not dragged),
        dragged=dragged,
        mouse=ui.mouse,
        targets=_targets(s, {p.cell for p in pieces}),
        show_names=ui.show_names,
        player_colors=tuple(geometry.player_colors),
        art=art,
        banner=s.result_text() if s.over else None,
        choices=tuple(s.choice_labels()) if s.chooser is not None else None,
        mover=s.state.player,
        help=(*((line, "") for line in HELP_INTRO), ("", ""), *help_rows(s.remote))
        if ui.show_help
        else None,
        title=s.game.name + (f"  ({s.game.num_players} players)" if s.game.num_players > 2 else ""),
        seats=_seats(s),
        buttons=_buttons(s, ui),
        moves=_move_lines(s),
        two_columns=s.game.num_players == 2,
        scroll=ui.scroll,
        status=_status(s, ui, layout),
        message=s.message,
        message_is_error=s.message_is_error,
        prompt=(ui.prompt.question, ui.prompt.text) if ui.prompt is not None else None,
        graph=_graph(s),
        analysis=_analysis(s),
        slide=slide,
        seat_hint=REMOTE_SEAT_HINT if s.remote else SEAT_HINT,
    )


def _slide(s: Session, ui: Ui, layout: BoardLayout, pieces, last, now: float):
    """The piece that has just moved and where it is on its way, or None once it has
    arrived (or without animation, or for a drop or pass)."""
    if not ui.animate or s.moved_at is None or last is None or ui.dragging:
        return None
    progress = (now - s.moved_at) / ANIMATION_SECONDS
    frm, to = last
    if not 0 <= progress < 1 or frm < 0 or to < 0:
        return None
    piece = next((p for p in pieces if p.cell == to), None)
    if piece is None:
        return None
    eased = 1 - (1 - progress) ** 2  # slows down as it arrives
    (x0, y0), (x1, y1) = layout.cell_center(frm), layout.cell_center(to)
    return piece, (x0 + (x1 - x0) * eased, y0 + (y1 - y0) * eased)


def _graph(s: Session) -> GraphView | None:
    """The evaluation graph, once the game has a move."""
    values = s.graph_points()
    if len(values) < 2:
        return None
    known = [abs(v) for v in values if v is not None and abs(v) <= MAX_EVAL]
    scale = max(max(known, default=0.0) / 2, 1e-9)
    points = []
    for value in values:
        if value is None:
            points.append(None)
        elif abs(value) > MAX_EVAL:
            points.append(1.0 if value > 0 else -1.0)
        else:
            points.append(math.tanh(value / scale))
    current = len(s.state.history)
    title = f"evaluation ({s.game.team_names[0]}'s side)"
    if values[current] is not None:
        title += f": {s.game.score_text(Score.from_value(values[current]))}"
    return GraphView(tuple(points), current, title)


def _analysis(s: Session) -> AnalysisView | None:
    lines = s.analysis_lines()
    if lines is None:
        return None
    depth = s.analysis_depth()
    if s.over:
        title = "analysis: the game is over"
    else:
        side = s.game.team_names[s.state.team]
        title = f"analysis, depth {depth} (scores for {side})" if depth else "analysis: thinking…"
    return AnalysisView(title, tuple(lines))


def _targets(s: Session, occupied: set[int]) -> tuple[Target, ...]:
    """The marked cells: the selected piece's targets, or the drops of a game without sources."""
    if not s.human_to_move() or s.chooser is not None:
        return ()
    if s.selected is not None:
        targets = s.targets(s.selected)
    elif s.position.drops:
        targets = s.position.drops
    else:
        return ()
    return tuple(
        Target(cell, frozenset().union(*(s.position.tags[m] for m in moves)), cell in occupied)
        for cell, moves in targets.items()
    )


def _seats(s: Session) -> tuple[SeatRow, ...]:
    teams = s.game.num_players > 2
    rows = []
    for seat, player in enumerate(s.seats):
        to_move = seat == s.state.player and not s.over
        name = s.seat_name(seat) + (f"  team {s.game.team_of(seat) + 1}" if teams else "")
        label = player.label
        if player.kind == "engine" and s.level != STRONGEST:
            label += f" L{s.level}"
        if player.kind == "engine" and to_move and s.thinking:
            label += " (thinking)"
        colors = s.geometry.player_colors
        color = colors[seat] if seat < len(colors) else (128, 128, 128)
        clock, state = None, ""
        if s.clocks is not None:
            left = s.clocks[seat]
            clock = clock_text(left)
            if s.flagged == seat:
                state = "flagged"
            elif to_move and s.clock_running:
                state = "low" if left < LOW_CLOCK else "running"
        rows.append(SeatRow(name, color, label, to_move, clock, state))
    return tuple(rows)


def _buttons(s: Session, ui: Ui) -> tuple[ButtonView, ...]:
    enabled = {
        "undo": bool(s.state.history),
        "redo": bool(s.redo),
        "move_now": s.thinking,
        "pass": s.human_to_move() and bool(s.position.passes),
    }
    labels = {
        "pause": "Resume" if s.held else "Pause",
        "time": f"{s.time_per_move:g} s/move",
        "level": f"Level {s.level}",
    }
    if s.analysing:
        labels["analysis"] = "Analysis: on"
    enabled["hint"] = s.human_to_move()
    if s.overlay:
        labels["weights"] = f"Weights: {s.overlay}"
    if ui.follow:
        labels["follow"] = "Auto-rotate: on"
    enabled.update(s.remote_buttons())
    return tuple(
        ButtonView(b.action, labels.get(b.action, b.label or ""), enabled.get(b.action, True))
        for b in (REMOTE_BUTTONS if s.remote else BUTTONS)
    )


def _move_lines(s: Session) -> tuple[MoveLine, ...]:
    """Numbered pairs for two players who alternate; otherwise (more players, or a game
    where a seat moves twice running, as in Kalah) one line per ply with the mover's colour."""
    texts = s.move_texts()
    movers = s.movers
    alternating = all(a != b for a, b in pairwise(movers))
    lines = []
    if s.game.num_players == 2 and alternating:
        padded = ["…"] * (movers[0] % 2 if movers else 0) + texts
        for i in range(0, len(padded), 2):
            lines.append(MoveLine((f"{i // 2 + 1}.", *padded[i : i + 2]), -1))
    else:
        for i, (text, mover) in enumerate(zip(texts, movers, strict=True)):
            lines.append(MoveLine((f"{i + 1}.", text), mover))
    if s.redo:
        lines.append(MoveLine((f"({len(s.redo)} to redo)",), -2))
    return tuple(lines)


def _status(s: Session, ui: Ui, layout: BoardLayout) -> str:
    """The status line: the cell under the mouse (and its weight), the engine's clock and
    search."""
    status = s.status
    hover = layout.cell_at(ui.mouse) if ui.mouse[0] < layout.rect[2] else None
    if hover is not None and s.geometry.cell(hover).name:
        extra = f"[{s.geometry.cell(hover).name}]"
        values = s.overlay_values
        if s.overlay is not None and values is not None and math.isfinite(values[hover]):
            extra += f" {s.overlay} weight {values[hover]:+.3g}"
        status = f"{extra}  {status}"
    if s.thinking:
        status = f"[{s.thinking_seconds:.1f} s] {status}"
    return status
