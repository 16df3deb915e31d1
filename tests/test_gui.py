"""The window, headless: clicks select and move, engines reply, undo/redo, records, markers.

Every test drives :class:`gui.app.App` through simulated pygame events (SDL's
dummy video driver) and asserts on the game state and the drawn pixels.
"""

from __future__ import annotations

import time

import numpy as np
import pygame
import pytest

from gamecore.heatmap import cell_colors, cell_values
from gamecore.registry import game_names, get_game
from gui.layout import BoardLayout, point_in_polygon
from gui.pieces import draw_piece, label_of
from tests.gui_support import (
    WAIT,
    click,
    click_button,
    click_cell,
    drag,
    key,
    make_app,
    start_pygame,
    target_cells,
    type_text,
    wait_for_plies,
)


@pytest.fixture(autouse=True)
def _pygame():
    start_pygame()
    yield
    pygame.display.quit()


def _first_piece_with_moves(app, want_single: bool = True):
    """A cell whose piece has a target reached by exactly one move, and that target."""
    for frm in app.session.position.by_from:
        targets = app.session.targets(frm)
        for to, there in targets.items():
            if len(there) == 1 or not want_single:
                return frm, to, there[0]
    raise AssertionError("no piece can move")


GAMES = ["chess", "checkers", "connect4"]


@pytest.mark.parametrize("name", GAMES)
def test_click_move_engine_reply_undo_redo_save_load(name, tmp_path):
    app = make_app(name)
    game, state = app.session.game, app.session.state
    start = state.to_text()
    if app.session.position.by_from:
        frm, to, move = _first_piece_with_moves(app)
        click_cell(app, frm)
        assert app.session.selected == frm
        # the highlighted targets are exactly where the game says the piece may go
        assert set(app.session.targets(frm)) == target_cells(game, state, frm) != set()
        click_cell(app, to)
    else:  # Connect Four: moves have no source cell; clicking the target drops the disc
        to, moves = next(iter(app.session.position.drops.items()))
        move = moves[0]
        assert set(app.session.position.drops) == {
            game.move_cells(state.arrays, m)[1] for m in state.legal_moves()
        }
        click_cell(app, to)
    assert app.session.state.history == [move]
    after_human = app.session.state.to_text()
    app.screenshot(tmp_path / f"{name}-1.png")

    wait_for_plies(app, 2)  # the engine replies
    info = app.session.last_info
    assert info is not None and info.depth >= 1 and info.nodes > 0
    for word in ("depth", "score", "knodes/s", "pv"):
        assert word in app.session.status
    assert app.session.state.history[1] in get_game(name).state_from_text(after_human).legal_moves()
    moves_played = list(app.session.state.history)
    final = app.session.state.to_text()
    texts = app.session.move_texts()
    assert len(texts) == 2

    click_button(app, "undo")  # back to the person's turn: both plies
    assert app.session.state.history == [] and app.session.state.to_text() == start
    for _ in range(3):
        app.step([])
    assert app.session.state.history == [], "engines wait while there are moves to redo"
    key(app, pygame.K_y)
    key(app, pygame.K_y)
    assert app.session.state.history == moves_played and app.session.state.to_text() == final

    path = tmp_path / f"game{game.record_suffix}"
    key(app, pygame.K_s)
    assert app.ui.prompt is not None and app.ui.prompt.text.endswith(game.record_suffix)
    type_text(app, str(path))
    assert path.is_file() and "saved 2 moves" in app.session.message
    click_button(app, "new")
    assert app.session.state.history == [] and app.session.state.to_text() == start
    key(app, pygame.K_l)
    type_text(app, str(path))
    assert app.session.state.history == moves_played
    assert app.session.state.to_text() == final
    assert app.session.move_texts() == texts
    shot = app.screenshot(tmp_path / f"{name}-2.png")
    assert pygame.image.load(str(shot)).get_size() == app.surface.get_size()
    app.close()


def test_illegal_clicks_change_nothing():
    app = make_app("chess", "human,human")
    start = app.session.state.to_text()
    click_cell(app, 28)  # e4: empty
    click_cell(app, 52)  # e7: the opponent's pawn
    assert app.session.selected is None
    click_cell(app, 12)  # e2: own pawn
    assert app.session.selected == 12
    click_cell(app, 44)  # e6: not a target; deselects
    click(app, (app.surface.get_width() - 5, app.surface.get_height() - 5))  # off the board
    key(app, pygame.K_y)  # nothing to redo
    assert app.session.state.history == [] and app.session.state.to_text() == start
    assert app.session.selected is None


def test_drag_moves_a_piece():
    app = make_app("chess", "human,human")
    drag(app, 6, 21)  # g1 to f3
    assert app.session.move_texts() == ["Nf3"]
    drag(app, 57, 51)  # b8 to d7: its own pawn is there, nothing happens
    assert app.session.move_texts() == ["Nf3"] and app.session.state.player == 1


def test_no_clicks_while_the_engine_is_to_move():
    app = make_app("chess", "engine,human")
    app.session.paused = True
    click_cell(app, 12)
    assert app.session.selected is None and "is to move" in app.session.message


def test_promotion_chooser_picks_a_knight():
    game = get_game("chess")
    from gui.app import App
    from gui.seats import Seat

    state = game.state_from_text("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    app = App(game, [Seat("human"), Seat("human")], state=state, window=True)
    app.step([])
    click_cell(app, 48)  # a7
    tags = {app.session.position.tags[m] for m in app.session.targets(48)[56]}
    assert tags == {frozenset({"promotion"})}
    click_cell(app, 56)  # a8: four moves share the cells
    assert app.session.chooser is not None and len(app.session.chooser) == 4
    assert sorted(app.session.choice_labels()) == ["B", "N", "Q", "R"]
    app.step([])
    chooser = app.session.chooser
    rect = next(
        r
        for r, m in zip(app.hits.choices, chooser, strict=True)
        if app.session.state.move_text(m) == "a7a8n"
    )
    click(app, rect.center)
    assert app.session.move_texts() == ["a8=N"]
    assert any(p.cell == 56 and p.glyph == "N" for p in game.pieces(app.session.state.arrays))
    assert app.session.chooser is None


def test_promotion_chooser_escape_cancels():
    game = get_game("chess")
    from gui.app import App
    from gui.seats import Seat

    state = game.state_from_text("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    app = App(game, [Seat("human"), Seat("human")], state=state, window=True)
    click_cell(app, 48)
    click_cell(app, 56)
    key(app, pygame.K_ESCAPE)
    assert app.session.chooser is None and app.session.state.history == []
    click_cell(app, 48)
    click_cell(app, 56)
    key(app, pygame.K_1, "1")  # the first option by number
    assert len(app.session.state.history) == 1


def test_markers_tell_captures_promotions_and_plain_moves_apart():
    game = get_game("chess")
    from gui.app import App
    from gui.seats import Seat

    state = game.state_from_text("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    app = App(game, [Seat("human"), Seat("human")], state=state, window=True)
    app.step([])
    layout = app.layout

    def pixel(cell, dx=0.0, dy=0.0):
        x, y = layout.cell_center(cell)
        r = layout.cell_radius(cell)
        return tuple(app.surface.get_at((round(x + dx * r), round(y + dy * r))))[:3]

    plain = pixel(57 - 8 * 2)  # b6: an empty square, no marker yet
    click_cell(app, 48)  # a7: promotes on a8, captures-and-promotes on b8
    promotion = pixel(56)
    capture_ring = pixel(57, 0.9, 0)
    assert promotion[0] > 200 and promotion[2] < 80  # the gold diamond
    assert capture_ring[0] > 150 and capture_ring[1] < 90  # the red ring
    assert plain != promotion
    click_cell(app, 4)  # e1: the king
    dot = pixel(12)  # e2: a plain move
    assert max(dot) < 120  # a dark dot


def test_castling_is_marked_with_a_blue_square():
    game = get_game("chess")
    from gui.app import App
    from gui.seats import Seat

    state = game.state_from_text("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    app = App(game, [Seat("human"), Seat("human")], state=state, window=True)
    click_cell(app, 4)  # e1
    assert app.session.position.tags[app.session.targets(4)[6][0]] == {"castle"}
    x, y = app.layout.cell_center(6)  # g1
    r = app.layout.cell_radius(6) * 0.84
    band = tuple(app.surface.get_at((round(x - 0.375 * r), y)))[:3]
    assert band[2] > 150 and band[0] < 120, "castling carries the blue square"
    click_cell(app, 6)
    assert app.session.move_texts() == ["O-O"]


FOOLS_MATE = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"


def test_game_end_message_says_who_won_and_why():
    app = make_app("chess", "human,human")
    app.session.set_state(app.session.game.state_from_text(FOOLS_MATE))
    click_cell(app, 59)  # d8
    click_cell(app, 31)  # h4 mates
    assert app.session.position.terminal
    assert "Game over: black wins by checkmate" in app.session.message
    before = app.session.state.to_text()
    click_cell(app, 12)
    assert app.session.state.to_text() == before and "Game over" in app.session.message


def test_random_movers_finish_a_game_with_a_result():
    app = make_app("connect4", "random,random")
    for _ in range(200):
        if app.session.position.terminal:
            break
        app.step([])
    assert app.session.position.terminal
    assert "Game over:" in app.session.message
    assert "four in a row" in app.session.message or "draw" in app.session.message


def test_a_full_checkers_game_ends_and_its_record_says_so(tmp_path):
    app = make_app("checkers", "random,random")
    for _ in range(3000):
        if app.session.position.terminal:
            break
        app.step([])
    assert app.session.position.terminal
    assert (
        app.session.message == f"Game over: {app.session.game.describe_result(app.session.state)}"
    )
    path = tmp_path / "end.pdn"
    assert app.session.save(str(path))
    winner = app.session.state.winner_team()
    result = "1/2-1/2" if winner is None else ("1-0" if winner == 0 else "0-1")
    assert f'[Result "{result}"]' in path.read_text()
    again = make_app("checkers", "human,human")
    assert again.session.load(str(path))
    assert (
        again.session.state.history == app.session.state.history and again.session.position.terminal
    )
    assert again.session.message.startswith("Game over")


def test_resize_and_flip_keep_hit_testing_right():
    app = make_app("chess", "human,human")
    before = app.layout.cell_center(12)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(760, 520), w=760, h=520)])
    assert app.surface.get_size() == (760, 520)
    click_button(app, "flip")
    after = app.layout.cell_center(12)
    assert after != before and after[1] < app.board_rect[3] / 2  # e2 is now at the top
    for cell in range(64):
        assert app.layout.cell_at(app.layout.cell_center(cell)) == cell
    click_cell(app, 12)
    assert app.session.selected == 12
    click_cell(app, 28)
    assert app.session.move_texts() == ["e4"]


def test_engine_move_now_answers_at_once():
    app = make_app("chess", "engine,human")
    app.session.time_per_move = 60.0
    app.session.cancel_engine()  # make_app's first frame began a search of ENGINE_TIME,
    app.session.last_info = None  # which may end before the button is looked at
    t0 = time.monotonic()
    while app.session.last_info is None and time.monotonic() - t0 < WAIT:  # a cold compile
        app.step([])
        time.sleep(0.01)
    assert app.hits.button_at(app.hits.button("move_now").center) == ("move_now", True)
    searching = time.monotonic()
    click_button(app, "move_now")
    wait_for_plies(app, 1, timeout=10)
    assert time.monotonic() - searching < 30, "the 60 s search was not cut short"


def test_move_now_before_the_search_starts_is_not_lost():
    from gui.engine import EngineThread
    from gui.seats import Engines, Seat

    game = get_game("checkers")
    searcher = Engines(game).searcher(Seat("engine"))
    engine = EngineThread()
    engine._warm.add(id(searcher))  # straight into the timed search
    engine.start(searcher, game.initial_state(), 3600.0)
    engine.move_now()  # very likely before iterate() cleared the stop flag
    assert engine.wait(WAIT), "the stop was lost"  # else it searches for an hour
    kinds = []
    while not engine.messages.empty():
        kinds.append(engine.messages.get()[1])
    assert kinds[-1] == "done"


def test_move_now_stops_an_openspiel_mcts_seat():
    """OpenSpiel's MCTS ran its whole simulation count: "Move now" could not stop it."""
    from gamecore.interop.external import ExternalSpec
    from gamecore.search import Limits
    from gui.engine import EngineThread

    game = get_game("connect4")
    player = ExternalSpec.parse("openspiel:mcts").make(game, Limits(time=3600.0), seed=0)
    engine = EngineThread()
    state = game.initial_state()
    engine.start_agent(player, state)
    time.sleep(0.2)
    started = time.monotonic()
    engine.move_now()
    assert engine.wait(WAIT), "the agent was not stopped"
    assert time.monotonic() - started < WAIT
    _, kind, move = engine.messages.get_nowait()
    assert kind == "move" and move in state.legal_moves()
    engine.start_agent(player, state)  # a stop asked for earlier does not end the next move
    assert not engine.wait(0.3)
    engine.cancel()
    assert not engine.busy


def test_loading_a_bad_file_keeps_the_game(tmp_path):
    app = make_app("checkers", "human,human")
    click_cell(app, 8)  # square 9
    click_cell(app, 12)  # to 13
    history = list(app.session.state.history)
    bad = tmp_path / "bad.pdn"
    bad.write_text("1. 11-15 33-40 *")
    app.session.load(str(bad))
    assert app.session.message_is_error and "not a checkers record" in app.session.message
    app.session.load(str(tmp_path / "missing.pdn"))
    assert app.session.message_is_error and "does not exist" in app.session.message
    (tmp_path / "binary.pdn").write_bytes(b"\xff\xfe\x00\x81")
    app.session.load(str(tmp_path / "binary.pdn"))
    assert app.session.message_is_error
    assert app.session.state.history == history
    app.session.save(str(tmp_path / "no-such-dir" / "x.pdn"))
    assert app.session.message_is_error and "could not save" in app.session.message


def test_weights_view_draws_the_show_weights_colours():
    app = make_app("chess", "human,human")
    key(app, pygame.K_w)
    assert app.session.overlay == "P"
    key(app, pygame.K_w)
    assert app.session.overlay == "N"
    values = cell_values(app.session.game, app.session.engines.theta(), "N")
    expected = cell_colors(values)
    app.step([])
    for cell in (27, 28, 35, 36):  # the centre: no pieces, no last move
        x, y = app.layout.cell_center(cell)
        r = app.layout.cell_radius(cell)
        pixel = tuple(app.surface.get_at((round(x - 0.7 * r), round(y - 0.7 * r))))[:3]
        assert pixel == expected[cell]
    for _ in range(5):
        key(app, pygame.K_w)
    assert app.session.overlay is None


def test_weights_view_of_a_game_without_square_weights_is_a_message():
    app = make_app("connect4", "human,human")
    key(app, pygame.K_w)
    assert (
        app.session.overlay is None
        and app.session.message_is_error
        and "piece-square" in app.session.message
    )


def test_clicking_a_seat_changes_who_plays_it():
    app = make_app("checkers", "human,human")
    app.step([])
    click(app, app.hits.seats[1].center)
    assert app.session.seats[1].kind == "engine"
    click(app, app.hits.seats[1].center)
    assert app.session.seats[1].kind == "random"
    click_cell(app, 8)
    click_cell(app, 12)
    wait_for_plies(app, 2, timeout=5)  # the random mover replies


def test_layout_hit_testing_on_rotated_boards():
    geometry = get_game("chess").geometry()
    for rotation in (0, 60, 90, 180, 270):
        layout = BoardLayout(geometry, (10, 20, 300, 200), rotation)
        for cell in range(64):
            assert layout.cell_at(layout.cell_center(cell)) == cell
        assert layout.cell_at((0, 0)) is None
    assert point_in_polygon((0.5, 0.5), ((0, 0), (1, 0), (1, 1), (0, 1)))
    assert not point_in_polygon((1.5, 0.5), ((0, 0), (1, 0), (1, 1), (0, 1)))


def test_any_glyph_is_drawn():
    assert label_of("K") == "K" and label_of("wizard") == "W" and label_of("elephant") == "El"
    surface = pygame.Surface((60, 60))
    for glyph in ("K", "W", "D", "F", "man", "king", "disc", "elephant", ""):
        surface.fill((0, 0, 0))
        draw_piece(surface, (30, 30), 25, glyph, (200, 30, 30))
        assert surface.get_at((30, 8))[:3] != (0, 0, 0)
    # a letter glyph leaves ink in the middle; a bare man does not
    surface.fill((0, 0, 0))
    draw_piece(surface, (30, 30), 25, "W", (200, 30, 30))
    ink = np.array(pygame.surfarray.pixels3d(surface)[22:38, 22:38]).reshape(-1, 3)
    assert (ink.sum(axis=1) < 100).any() or (ink.sum(axis=1) > 600).any()


DUCHESS = "duchess" in game_names()


@pytest.mark.skipif(not DUCHESS, reason="duchess is not registered yet")
@pytest.mark.parametrize("players", [2, 4, 6])
def test_duchess_seats_click_and_random_replies(players, tmp_path):
    kinds = ",".join(["human"] + ["random"] * (players - 1))
    app = make_app("duchess", kinds, players=players)
    assert len(app.hits.seats) == players
    frm, to, move = _first_piece_with_moves(app)
    click_cell(app, frm)
    assert set(app.session.targets(frm)) == target_cells(app.session.game, app.session.state, frm)
    click_cell(app, to)
    assert app.session.state.history[0] == move  # (random seats answer in the same frame)
    wait_for_plies(app, players, timeout=20)  # every random seat moved, back to us
    assert app.session.state.player == 0 or app.session.position.terminal
    path = tmp_path / f"duchess{app.session.game.record_suffix}"
    assert app.session.save(str(path))
    moves = list(app.session.state.history)
    app.session.new_game()
    app.session.paused = True
    assert app.session.load(str(path)) and app.session.state.history == moves
    app.screenshot(tmp_path / f"duchess-{players}.png")


def _duchess_positions() -> dict[str, str]:
    """Seeded random play until a teleport, a pass and a choice between moves sharing cells
    (a promotion in the vortex) have all turned up; returns each position's text."""
    from collections import Counter

    game = get_game("duchess", players=6)
    rng = np.random.default_rng(0)
    found: dict[str, str] = {}
    for _ in range(40):
        state = game.initial_state()
        for _ in range(300):
            if state.is_terminal() or len(found) == 3:
                break
            legal = state.legal_moves()
            cells = Counter(game.move_cells(state.arrays, m) for m in legal)
            if "choice" not in found and any(n > 1 and c[0] >= 0 for c, n in cells.items()):
                found["choice"] = state.to_text()
            if "pass" not in found and cells.get((-1, -1)):
                found["pass"] = state.to_text()
            if "teleport" not in found and any(
                "teleport" in game.move_tags(state.arrays, m) for m in legal
            ):
                found["teleport"] = state.to_text()
            state.push_unchecked(legal[int(rng.integers(len(legal)))])
        if len(found) == 3:
            break
    return found


@pytest.mark.skipif(not DUCHESS, reason="duchess is not registered yet")
def test_duchess_teleports_promotion_choices_and_passes():
    from gui.app import App
    from gui.seats import Seat

    game = get_game("duchess", players=6)
    found = _duchess_positions()
    humans = [Seat("human")] * 6

    if "teleport" in found:
        app = App(game, humans, state=game.state_from_text(found["teleport"]), window=True)
        move = next(
            m for m in app.session.position.legal if "teleport" in app.session.position.tags[m]
        )
        frm, to = app.session.position.cells[move]
        click_cell(app, frm)
        assert set(app.session.targets(frm)) == target_cells(game, app.session.state, frm)
        if to not in {p.cell for p in game.pieces(app.session.state.arrays)}:
            x, y = app.layout.cell_center(to)
            _, g, b = tuple(app.surface.get_at((x, y)))[:3]
            assert b > 150 and g < 120, "a teleport target carries the violet star"
        click_cell(app, to)
        if app.session.chooser is None:
            assert app.session.state.history == [move]

    if "choice" in found:
        app = App(game, humans, state=game.state_from_text(found["choice"]), window=True)
        cells = [app.session.position.cells[m] for m in app.session.position.legal]
        frm, to = next(c for c in cells if cells.count(c) > 1 and c[0] >= 0)
        click_cell(app, frm)
        click_cell(app, to)
        assert app.session.chooser is not None and len(app.session.chooser) == cells.count(
            (frm, to)
        )
        labels = app.session.choice_labels()
        app.step([])
        rect, move = app.hits.choices[-1], app.session.chooser[-1]
        click(app, rect.center)
        assert app.session.state.history == [move] and app.session.chooser is None
        assert len(set(labels)) == len(labels)

    if "pass" in found:
        app = App(game, humans, state=game.state_from_text(found["pass"]), window=True)
        app.step([])
        assert app.hits.button_at(app.hits.button("pass").center) == ("pass", True)
        if len(app.session.position.passes) == len(app.session.position.legal):
            assert "must pass" in app.session.message
        passing = app.session.position.passes[0]
        click_button(app, "pass")
        assert app.session.state.history == [passing]
    assert found, "seeded play found none of the special moves"


def test_an_engine_seat_keeps_its_own_time():
    from gui.app import App
    from gui.seats import Seat

    game = get_game("checkers")
    app = App(game, [Seat("engine", seconds=0.05), Seat("human")], time_per_move=60.0, window=True)
    t0 = time.monotonic()
    wait_for_plies(app, 1, timeout=30)
    assert time.monotonic() - t0 < 20, "the seat's 0.05 s was not used"
    assert "0.05 s" in app.session.seats[0].label


def test_a_person_sees_their_own_side_at_the_bottom():
    app = make_app("chess", "engine,human")
    app.session.paused = True
    app.step([])
    middle = app.board_rect[3] / 2
    assert app.ui.rotation == 180
    assert app.layout.cell_center(52)[1] > middle  # e7, black's pawn, is low on the screen
    checkers = make_app("checkers", "engine,human")  # white at the bottom, as usual
    assert checkers.ui.rotation == 0


def test_auto_rotate_turns_the_board_to_each_person_in_hot_seat():
    app = make_app("chess", "human,human")
    key(app, pygame.K_a)
    assert app.ui.follow and app.ui.rotation == 0
    click_cell(app, 12)
    click_cell(app, 28)  # e2e4: black to move
    app.step([])
    assert app.ui.rotation == 180
    click_cell(app, 52)  # e7 is found where it is now drawn
    click_cell(app, 36)
    app.step([])
    assert app.session.move_texts() == ["e4", "e5"] and app.ui.rotation == 0


@pytest.mark.skipif(not DUCHESS, reason="duchess is not registered yet")
def test_duchess_rotates_one_flap_at_a_time():
    app = make_app("duchess", "human,human,human,human", players=4)
    click_button(app, "rotate")
    assert app.ui.rotation == 60
    for cell in range(0, len(app.session.geometry.cells), 7):
        assert app.layout.cell_at(app.layout.cell_center(cell)) == cell


@pytest.mark.slow
@pytest.mark.skipif(not DUCHESS, reason="duchess is not registered yet")
def test_duchess_engines_partner_people_in_six_seats():
    app = make_app("duchess", "human,engine,human,engine,engine,engine", players=6)
    frm, to, _ = _first_piece_with_moves(app)
    click_cell(app, frm)
    click_cell(app, to)
    wait_for_plies(app, 2, timeout=300)  # blue's engine (the first search may compile)
    assert app.session.last_info is not None and "depth" in app.session.status
    assert app.session.state.player == 2 and app.session.human_to_move()


def test_help_opens_with_h_and_a_click_closes_it_without_moving():
    app = make_app("chess", "human,human")
    key(app, pygame.K_h)
    assert app.ui.show_help
    click_cell(app, 12)
    assert not app.ui.show_help and app.session.selected is None
    click_cell(app, 12)
    assert app.session.selected == 12


def test_an_engine_seat_plays_with_its_own_weights_file(tmp_path):
    from gamecore.weights import Weights
    from gui.app import App
    from gui.seats import Seat

    game = get_game("checkers")
    path = tmp_path / "zeros.npz"
    Weights.zeros(game).save(path)
    app = App(game, [Seat("engine", str(path), 0.05), Seat("human")], window=True)
    wait_for_plies(app, 1, timeout=30)
    searcher = app.session.engines.searcher(app.session.seats[0])
    assert not searcher.theta.any(), "the seat's zero weights were used"
    assert app.session.engines.searcher(Seat("engine")).theta.any()  # the shipped weights differ


def test_a_piece_without_moves_says_so():
    app = make_app("checkers", "human,human")
    click_cell(app, 0)  # square 1: boxed in at the start
    assert (
        app.session.selected is None
        and "no legal move" in app.session.message
        and "1" in app.session.message
    )
