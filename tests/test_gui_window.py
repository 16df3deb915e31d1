"""The window's parts on their own: the renderer's click areas, the action table, piece art
and move lists in each game's notation (headless, SDL's dummy video driver)."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from gui.actions import BUTTONS, action_for_key, action_for_mouse, bindings
from gui.render import draw_frame
from tests.gui_support import click, click_cell, key, make_app, start_pygame


@pytest.fixture(autouse=True)
def _pygame():
    start_pygame()
    yield
    pygame.display.quit()


def test_the_hit_map_holds_the_cells_and_buttons_the_frame_drew():
    app = make_app("chess", "human,human")
    surface = pygame.Surface((900, 640))
    hits = draw_frame(surface, app.view())
    for cell in range(64):
        assert hits.cell_at(app.layout.cell_center(cell)) == cell
    board_width = app.board_rect[2]
    for binding in BUTTONS:
        rect = hits.button(binding.action)
        assert rect.x >= board_width, "buttons are drawn in the panel"
        assert hits.button_at(rect.center) == (
            binding.action,
            binding.action not in ("undo", "redo", "move_now", "pass"),
        )
    assert len(hits.seats) == 2 and hits.seat_at(hits.seats[1].center) == 1
    assert hits.cell_at(hits.seats[0].center) is None
    # the same view drawn again: the same pixels and the same areas (nothing kept between)
    again = pygame.Surface((900, 640))
    assert draw_frame(again, app.view()) == hits
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(surface, "RGB")


def test_clicks_go_where_the_last_frame_drew():
    app = make_app("chess", "human,human")
    click_cell(app, 12)
    click_cell(app, 28)  # e2e4
    assert len(app.session.state.history) == 1
    assert app.hits.button_at(app.hits.button("undo").center) == ("undo", True)
    click(app, app.hits.button("undo").center)
    assert app.session.state.history == [] and app.session.redo
    click(app, app.hits.seats[1].center)
    assert app.session.seats[1].kind == "engine"


def test_every_key_in_the_table_runs_its_action():
    app = make_app("chess", "human,human")
    ran: list[str] = []
    app.actions = {name: (lambda name=name: ran.append(name)) for name in app.actions}
    expected = []
    for binding in bindings():
        for code, mod in binding.keys:
            key(app, code, mod=mod)
            expected.append(binding.action)
    assert ran == expected
    assert {b.action for b in bindings()} == set(app.actions), "every action has a handler"
    assert action_for_key(pygame.K_z, pygame.KMOD_LCTRL) == "undo"
    assert action_for_key(pygame.K_z) is None
    assert action_for_mouse(3) == "cancel" and action_for_mouse(1) is None


def test_keys_change_the_game_and_the_window():
    app = make_app("chess", "human,human")
    click_cell(app, 12)
    click_cell(app, 28)
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert app.session.state.history == []
    key(app, pygame.K_RIGHT)
    assert len(app.session.state.history) == 1
    key(app, pygame.K_f)
    assert app.ui.rotation == 180
    key(app, pygame.K_c)
    assert app.ui.show_names
    click_cell(app, 52)
    assert app.session.selected == 52
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3)])
    assert app.session.selected is None


def test_help_lists_every_action_of_the_table():
    app = make_app("checkers", "human,human")
    key(app, pygame.K_h)
    shown = app.view().help
    assert shown is not None
    for binding in bindings():
        assert (binding.hint, binding.label or binding.help) in {
            (k, w.split(" (also")[0]) for k, w in shown
        }
    assert np.asarray(pygame.surfarray.array3d(app.surface)).any()


# -- piece art ------------------------------------------------------------------------------------


def _near(surface: pygame.Surface, color, box=None, tolerance: int = 40) -> int:
    """Pixels of ``surface`` (inside ``box``) within ``tolerance`` of ``color``."""
    pixels = pygame.surfarray.array3d(surface).astype(int)
    if box is not None:
        x, y, w, h = box
        pixels = pixels[x : x + w, y : y + h]
    return int((np.abs(pixels - np.array(color[:3])).max(axis=2) <= tolerance).sum())


def test_a_chess_piece_is_drawn_from_its_svg_in_its_owners_colour():
    from gamecore.registry import get_game
    from gui.art import PieceArt, svg_available
    from gui.pieces import draw_piece

    assert svg_available(), "this pygame loads SVG (SDL_image 2.0.2 or later)"
    art = PieceArt(get_game("chess").piece_svg)
    red = (214, 40, 40)
    drawn, fallback = pygame.Surface((80, 80)), pygame.Surface((80, 80))
    for surface in (drawn, fallback):
        surface.fill((0, 90, 0))
    draw_piece(drawn, (40, 40), 30, "N", red, art, 0)
    draw_piece(fallback, (40, 40), 30, "N", red)
    assert pygame.image.tobytes(drawn, "RGB") != pygame.image.tobytes(fallback, "RGB")
    assert _near(drawn, red) > 300, "the knight is filled with its owner's colour"
    assert _near(drawn, (20, 20, 20)) > 50, "with a dark outline"
    svg = art.svg("N", 0, red)
    assert svg is not None and "#d62828" in svg and "#ffffff" not in svg.lower()
    black = art.svg("K", 1, (24, 24, 24))
    assert black is not None and "#181818" in black and "#ebebeb" in black


def test_the_board_shows_svg_pieces_where_the_game_has_art():
    app = make_app("chess", "human,human")
    x, y = app.layout.cell_center(4)  # e1: the white king's cross, drawn dark on its top
    r = round(app.layout.cell_radius(4))
    assert _near(app.surface, (248, 248, 248), (x - r, y - r, 2 * r, 2 * r), 10) > 100
    assert app.art.image("K", 0, (248, 248, 248), 40) is not None


def _connect4_with(svg):
    from gamecore.registry import get_game

    base = type(get_game("connect4"))
    return type("ArtConnectFour", (base,), {"piece_svg": lambda self, g, p, f, s: svg(f)})()


def test_a_plugins_svg_hook_is_used_and_letters_remain_the_fallback(monkeypatch):
    from gamecore.registry import get_game
    from gui import art as art_module
    from gui.app import App
    from gui.seats import Seat

    square = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<rect x="1" y="1" width="8" height="8" fill="#00ff00"/></svg>'
    )
    with_art = App(_connect4_with(lambda fill: square), [Seat("human"), Seat("human")])
    plain = App(get_game("connect4"), [Seat("human"), Seat("human")])
    for app in (with_art, plain):
        app.session.click_cell(3)  # a disc in the bottom row's fourth cell
        app.render()
    (disc,) = with_art.session.game.pieces(with_art.session.state.arrays)
    cell = disc.cell
    x, y = with_art.layout.cell_center(cell)
    r = round(with_art.layout.cell_radius(cell) * 0.5)
    box = (x - r, y - r, 2 * r, 2 * r)
    assert _near(with_art.surface, (0, 255, 0), box, 5) > 0.8 * (2 * r) ** 2
    assert _near(plain.surface, (0, 255, 0), box, 5) == 0
    assert plain.art.image("x", 0, (200, 30, 30), 40) is None  # no art: the disc is drawn

    broken = App(_connect4_with(lambda fill: "<svg not really"), [Seat("human")] * 2)
    assert broken.art.image("x", 0, (200, 30, 30), 40) is None
    monkeypatch.setattr(art_module, "_svg_ok", False)  # a pygame without SVG
    fresh = App(_connect4_with(lambda fill: square), [Seat("human")] * 2)
    assert fresh.art.image("x", 0, (200, 30, 30), 40) is None


@pytest.mark.skipif(
    "duchess" not in __import__("gamecore.registry").registry.game_names(),
    reason="duchess is not registered",
)
def test_six_player_duchess_pieces_are_filled_in_their_seats_colours():
    app = make_app("duchess", "human," * 5 + "human", players=6)
    colors = app.session.geometry.player_colors
    seen = {}
    for piece in app.session.game.pieces(app.session.state.arrays):
        if piece.glyph in ("W", "D", "F", "K") and piece.player not in seen:
            seen[piece.player] = piece
    assert len(seen) == 6
    for player, piece in seen.items():
        x, y = app.layout.cell_center(piece.cell)
        r = round(app.layout.cell_radius(piece.cell))
        assert _near(app.surface, colors[player], (x - r, y - r, 2 * r, 2 * r), 12) > 20, (
            f"seat {player}'s {piece.glyph} is drawn in its colour"
        )
    svg = app.art.svg("W", 2, colors[2])
    assert svg is not None and "#ebc814" in svg


# -- move lists in each game's notation -----------------------------------------------------------


def test_a_move_list_follows_extra_turns():
    """Kalah's sowing into the own store moves again: numbered pairs would put the next
    move under the other seat, so such a game lists one ply a line with its mover."""
    from gamecore.registry import get_game
    from gui.app import App
    from gui.seats import Seat

    game = get_game("kalah")
    app = App(game, [Seat("human"), Seat("human")])
    for move in ("c", "a", "b"):  # c ends in the store: the first seat moves again
        app.session.play(game.move_from_text(app.session.state, move))
    assert [(line.cells, line.seat) for line in app.view().moves] == [
        (("1.", "c"), 0),
        (("2.", "a"), 0),
        (("3.", "b"), 1),
    ]


def test_the_chess_move_list_is_in_san():
    from gamecore.registry import get_game
    from gui.app import App
    from gui.seats import Seat

    game = get_game("chess")
    humans = [Seat("human"), Seat("human")]
    app = App(game, humans, state=game.state_from_text("4k3/8/8/8/8/8/8/4K2R w K - 0 1"))
    for move in ("e1g1", "e8d7"):
        app.session.play(game.move_from_text(app.session.state, move))
    assert app.session.move_texts() == ["O-O", "Kd7"]

    app = App(game, humans)
    for move in ("g1f3", "d7d5", "e2e4", "g8f6", "e4d5"):
        app.session.play(game.move_from_text(app.session.state, move))
    assert app.session.move_texts() == ["Nf3", "d5", "e4", "Nf6", "exd5"]
    assert app.view().moves[-1].cells == ("3.", "exd5")
    assert app.session.message.startswith("white played exd5")
    app.session.undo()
    assert app.session.move_texts() == ["Nf3", "d5", "e4", "Nf6"]
    app.session.redo_move()
    assert app.session.move_texts()[-1] == "exd5"

    promotion = App(game, humans, state=game.state_from_text("8/3P1k2/8/8/8/8/8/K7 w - - 0 1"))
    promotion.session.play(game.move_from_text(promotion.session.state, "d7d8q"))
    assert promotion.session.move_texts() == ["d8=Q"]
    check = App(game, humans, state=game.state_from_text("8/4P3/8/8/8/8/8/K3k3 w - - 0 1"))
    check.session.play(game.move_from_text(check.session.state, "e7e8q"))
    assert check.session.move_texts() == ["e8=Q+"]


def test_the_saved_pgn_reads_back_with_the_same_san_list(tmp_path):
    app = make_app("chess", "human,human")
    for frm, to in ((12, 28), (51, 35), (28, 35), (59, 35)):  # e4 d5 exd5 Qxd5
        click_cell(app, frm)
        click_cell(app, to)
    assert app.session.move_texts() == ["e4", "d5", "exd5", "Qxd5"]
    path = tmp_path / "game.pgn"
    assert app.session.save(str(path))
    assert "1. e4 d5 2. exd5 Qxd5" in path.read_text()
    again = make_app("chess", "human,human")
    assert again.session.load(str(path))
    assert again.session.move_texts() == ["e4", "d5", "exd5", "Qxd5"]


def test_checkers_and_duchess_lists_use_the_notation_of_their_records():
    from gamecore.registry import game_names

    app = make_app("checkers", "human,human")
    click_cell(app, 8)
    click_cell(app, 12)  # 9-13
    assert app.session.move_texts() == ["9-13"]
    if "duchess" in game_names():
        duchess = make_app("duchess", "human,human", players=2)
        state = duchess.session.state
        move = state.legal_moves()[0]
        text = state.move_text(move)
        duchess.session.play(move)
        assert duchess.session.move_texts() == [text]
        record = duchess.session.game.game_record(duchess.session.state, {})
        assert f"1 {text}" in record
