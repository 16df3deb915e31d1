"""The window's parts on their own: the renderer's click areas, the action table, piece art
and move lists in each game's notation (headless, SDL's dummy video driver)."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from gui.actions import BINDINGS, BUTTONS, action_for_key, action_for_mouse
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
    for binding in BINDINGS:
        for code, mod in binding.keys:
            key(app, code, mod=mod)
            expected.append(binding.action)
    assert ran == expected
    assert {b.action for b in BINDINGS} == set(app.actions), "every action has a handler"
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
    for binding in BINDINGS:
        assert (binding.hint, binding.label or binding.help) in {
            (k, w.split(" (also")[0]) for k, w in shown
        }
    assert np.asarray(pygame.surfarray.array3d(app.surface)).any()
