"""The window for players: clocks, strength levels, hints, analysis, the evaluation graph
and the sliding move, headless (time is a hand-moved clock where it matters)."""

from __future__ import annotations

import time

import pygame
import pytest

from gamecore.play.clock import TimeControl
from gamecore.registry import get_game
from gui.app import App
from gui.render import graph_x
from gui.seats import Seat
from gui.view import ANIMATION_SECONDS, HINT
from tests.gui_support import ENGINE_TIME, WAIT, click, click_cell, key, start_pygame


@pytest.fixture(autouse=True)
def _pygame():
    start_pygame()
    yield
    pygame.display.quit()


class FakeTime:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def make(kinds="human,human", clock="60+2", name="chess", **options) -> tuple[App, FakeTime]:
    now = FakeTime()
    game = get_game(name, **options)
    controls = TimeControl.parse_per_seat(clock, game.num_players) if clock else None
    app = App(
        game,
        [Seat(k) for k in kinds.split(",")],
        time_per_move=ENGINE_TIME,
        random_delay=0.0,
        window=True,
        seed=1,
        clocks=controls,
        now=now,
    )
    app.step([])
    return app, now


def play_text(app: App, text: str) -> None:
    """A person plays ``text`` by clicking its from and to cells."""
    state = app.session.state
    move = state.parse_move(text)
    frm, to = app.session.game.move_cells(state.arrays, move)
    click_cell(app, frm)
    click_cell(app, to)
    assert app.session.state.history[-1] == move


def until(app: App, done, timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, app.session.message
        app.step([])
        time.sleep(0.01)


def clocks_shown(app: App) -> list[str | None]:
    return [row.clock for row in app.view().seats]


def test_clock_runs_for_the_side_to_move_and_adds_the_increment():
    app, now = make()
    assert clocks_shown(app) == ["1:00", "1:00"]
    now.t += 5
    app.step([])
    assert app.session.clocks == [55.0, 60.0]
    assert clocks_shown(app) == ["0:55", "1:00"]
    assert [row.clock_state for row in app.view().seats] == ["running", ""]
    now.t += 2
    play_text(app, "e2e4")  # 7 s used, 2 s back
    assert app.session.clocks == [55.0, 60.0]
    now.t += 3
    app.step([])
    assert app.session.clocks == [55.0, 57.0]
    # Pause stops the clock of the side to move
    key(app, pygame.K_SPACE)
    now.t += 30
    app.step([])
    assert app.session.clocks == [55.0, 57.0]
    key(app, pygame.K_SPACE)
    now.t += 1
    app.step([])
    assert app.session.clocks == [55.0, 56.0]


def test_per_seat_time_controls():
    app, now = make(clock="300+2,60+1")
    assert clocks_shown(app) == ["5:00", "1:00"]
    now.t += 1
    play_text(app, "d2d4")
    assert app.session.clocks == [301.0, 60.0]


def test_flag_fall_ends_the_game_and_the_record_says_so(tmp_path):
    app, now = make(clock="3+0")
    now.t += 1
    play_text(app, "e2e4")
    now.t += 3.5  # black's clock runs out
    app.step([])
    session = app.session
    assert session.flagged == 1 and session.over
    assert session.message == "Game over: white wins on time"
    assert app.view().banner == "Game over: white wins on time"
    assert [row.clock_state for row in app.view().seats] == ["", "flagged"]
    assert clocks_shown(app)[1] == "0.0"
    before = list(session.state.history)
    click_cell(app, 52)  # e7: nothing moves
    assert session.state.history == before
    assert session.save(str(tmp_path / "game.pgn"))
    record = (tmp_path / "game.pgn").read_text()
    assert '[Result "1-0"]' in record and '[Termination "time forfeit"]' in record
    assert '[TimeControl "3+0"]' in record and record.rstrip().endswith("1-0")


def test_flag_fall_in_a_team_game_names_the_other_team(tmp_path):
    app, now = make(kinds="human,human,human,human", clock="2+0", name="duchess", players=4)
    now.t += 2.5
    app.step([])
    game = app.session.game
    winner = game.team_names[1 - game.team_of(0)]
    assert app.session.message.startswith(f"Game over: {winner} wins on time")
    assert game.player_names[0] in app.session.message
    assert app.session.save(str(tmp_path / "game.txt"))
    text = (tmp_path / "game.txt").read_text()
    assert f"Result: {winner} wins on time" in text and "Termination: time forfeit" in text


def test_undo_restores_the_clocks_saved_with_each_move():
    app, now = make()
    now.t += 5
    play_text(app, "e2e4")  # white 57
    now.t += 7
    play_text(app, "e7e5")  # black 55
    now.t += 8
    app.step([])
    assert app.session.clocks == [49.0, 55.0]
    key(app, pygame.K_u)
    assert app.session.clocks == [57.0, 60.0]
    now.t += 10  # stepping through the game: the clocks stand still
    app.step([])
    assert app.session.clocks == [57.0, 60.0]
    key(app, pygame.K_u)
    assert app.session.clocks == [60.0, 60.0]
    key(app, pygame.K_y)
    key(app, pygame.K_y)
    assert app.session.clocks == [57.0, 55.0]
    # redone to the end, the clocks run again; a flag is taken back too
    now.t += 100
    app.step([])
    assert app.session.flagged == 0
    key(app, pygame.K_u)
    assert app.session.flagged is None and not app.session.over


def test_engine_searches_on_its_clock_and_does_not_flag():
    game = get_game("chess")
    app = App(
        game,
        [Seat("engine"), Seat("human")],
        window=True,
        clocks=[TimeControl(2.0, 0.1)] * 2,
    )
    app.step([])
    deadline = time.monotonic() + WAIT
    while not app.session.state.history:
        assert time.monotonic() < deadline
        app.step([])
        time.sleep(0.005)
    left = app.session.clocks[0]
    assert app.session.flagged is None
    assert 2.1 - left < 0.6  # its budget was about 0.2 s of the 2 s
    assert app.session.clocks[1] == pytest.approx(2.0, abs=0.05)


def test_level_key_cycles_and_a_weak_engine_plays_legal_moves():
    app, _ = make(kinds="human,engine", clock="")
    assert app.session.level == 10
    key(app, pygame.K_d)
    assert app.session.level == 1
    assert any(b.label == "Level 1" for b in app.view().buttons)
    assert "L1" in app.view().seats[1].player
    play_text(app, "e2e4")
    until(app, lambda: len(app.session.state.history) == 2)
    assert (
        app.session.state.history[1]
        in get_game("chess")
        .state_from_text("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        .legal_moves()
    )


def test_hint_marks_a_legal_move_of_the_person_to_move():
    app, _ = make(kinds="human,engine", clock="")
    key(app, pygame.K_b)
    until(app, lambda: app.session.hint is not None)
    _, move, text = app.session.hint
    assert move in app.session.state.legal_moves()
    frm, to = app.session.game.move_cells(app.session.state.arrays, move)
    tints = dict(app.view().tints)
    assert tints[frm] == HINT and tints[to] == HINT
    assert app.session.message.startswith("hint: ") and text in app.session.message
    play_text(app, app.session.state.move_text(move))
    assert app.session.hint_cells() is None  # gone once the position changes


def test_analysis_shows_three_moves_by_score_and_follows_the_position():
    app, _ = make(clock="")
    key(app, pygame.K_e)
    until(app, lambda: app.session.analysis_depth() >= 3)
    view = app.view().analysis
    assert view is not None and view.title.startswith("analysis, depth")
    assert len(view.lines) == 3 and len({line[0] for line in view.lines}) == 3
    lines = app.session.analysis[1]
    assert all(line.move in app.session.state.legal_moves() for line in lines)
    scores = [line.score.value for line in lines]
    assert scores == sorted(scores, reverse=True)
    assert all(line[1].startswith(("cp ", "mate ")) for line in view.lines)
    play_text(app, "g1f3")
    assert app.session.analysis_lines() == []  # the old position's lines are not shown
    until(app, lambda: app.session.analysis_depth() >= 2)
    assert all(line.move in app.session.state.legal_moves() for line in app.session.analysis[1])
    key(app, pygame.K_e)
    assert app.view().analysis is None


def test_graph_scores_every_position_and_a_click_jumps_there():
    app, _ = make(clock="")
    for text in ("e2e4", "e7e5", "g1f3", "b8c6"):
        play_text(app, text)
    until(app, lambda: None not in app.session.graph_points())
    assert len(app.session.graph_points()) == 5
    graph = app.view().graph
    assert graph is not None and graph.current == 4
    assert all(-1 <= p <= 1 for p in graph.points)
    rect, count = app.hits.graph
    click(app, (round(graph_x(rect, count, 1)), rect.centery))
    assert len(app.session.state.history) == 1 and len(app.session.redo) == 3
    assert app.view().graph.current == 1
    click(app, (round(graph_x(rect, count, 4)), rect.centery))
    assert len(app.session.state.history) == 4 and not app.session.redo


def test_moved_piece_slides_to_its_target_and_stops_there():
    app, now = make(clock="")
    app.ui.animate = True
    state = app.session.state
    move = state.parse_move("g1f3")
    frm, to = app.session.game.move_cells(state.arrays, move)
    app.session.play(move)
    start, end = app.layout.cell_center(frm), app.layout.cell_center(to)
    view = app.view()
    assert view.slide is not None and view.slide[1] == pytest.approx(start)
    assert all(p.cell != to for p in view.pieces)  # drawn sliding, not on its cell
    now.t += ANIMATION_SECONDS / 2
    piece, (x, y) = app.view().slide
    assert piece.cell == to
    between = [min(start[0], end[0]) < x < max(start[0], end[0])]
    assert all(between) and min(start[1], end[1]) < y < max(start[1], end[1])
    now.t += ANIMATION_SECONDS
    view = app.view()
    assert view.slide is None and any(p.cell == to for p in view.pieces)
    app.ui.animate = False  # off: the piece stands on its target at once
    app.session.play(app.session.state.parse_move("g8f6"))
    assert app.view().slide is None


def test_a_flag_fall_against_a_side_that_cannot_mate_is_a_draw(tmp_path):
    """FIDE 6.9: white's clock runs out, but black has a lone king: drawn, not lost."""
    app, now = make(clock="3+0")
    session = app.session
    session.set_state(session.game.state_from_text("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))
    session.reset_clocks()
    now.t += 3.5
    app.step([])
    assert session.flagged == 0 and session.over
    assert session.message == "Game over: draw: white ran out of time, but black cannot win"
    assert session.save(str(tmp_path / "game.pgn"))
    record = (tmp_path / "game.pgn").read_text()
    assert '[Result "1/2-1/2"]' in record and '[Termination "time forfeit"]' in record
