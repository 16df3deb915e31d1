"""The few widgets the window needs: buttons, a one-line text prompt, text drawing."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from gui.pieces import font

BACKGROUND = (38, 40, 46)
PANEL = (50, 53, 61)
TEXT = (230, 230, 230)
DIM = (150, 153, 160)
ACCENT = (250, 200, 70)
ERROR = (255, 120, 110)
BUTTON = (78, 84, 98)
BUTTON_HOVER = (98, 106, 124)
BUTTON_OFF = (60, 63, 71)


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int = 18,
    color: tuple[int, int, int] = TEXT,
    max_width: int | None = None,
) -> int:
    """Draw one line at ``pos`` (top-left), cut with '…' to ``max_width``; returns its width."""
    f = font(size)
    if max_width is not None and f.size(text)[0] > max_width:
        while text and f.size(text + "…")[0] > max_width:
            text = text[:-1]
        text += "…"
    image = f.render(text, True, color)
    surface.blit(image, pos)
    return image.get_width()


def draw_button(
    surface: pygame.Surface, rect: pygame.Rect, label: str, enabled: bool, hover: bool
) -> None:
    """A labelled button; a disabled one is drawn dim (and its clicks are ignored)."""
    if not enabled:
        color = BUTTON_OFF
    elif hover:
        color = BUTTON_HOVER
    else:
        color = BUTTON
    pygame.draw.rect(surface, color, rect, border_radius=5)
    ink = TEXT if enabled else DIM
    size = max(12, min(19, rect.height - 10))
    while size > 11 and font(size).size(label)[0] > rect.width - 8:
        size -= 1
    f = font(size)
    while label and f.size(label)[0] > rect.width - 6:
        label = label[:-1]
    image = f.render(label, True, ink)
    surface.blit(image, image.get_rect(center=rect.center))


@dataclass
class Prompt:
    """A one-line text entry (file names for save and load): Enter accepts, Escape cancels."""

    action: str
    """What accepting does: ``"save"`` or ``"load"``."""
    question: str
    text: str = ""
    done: bool = field(default=False, init=False)
    accepted: bool = field(default=False, init=False)

    def key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.done, self.accepted = True, bool(self.text.strip())
        elif event.key == pygame.K_ESCAPE:
            self.done, self.accepted = True, False
        elif event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif getattr(event, "unicode", "") and event.unicode.isprintable():
            self.text += event.unicode


def draw_prompt(surface: pygame.Surface, rect: pygame.Rect, question: str, text: str) -> None:
    """A prompt's question, the text typed so far and a cursor."""
    pygame.draw.rect(surface, (20, 22, 26), rect)
    pygame.draw.rect(surface, ACCENT, rect, 2)
    x = rect.x + 8
    y = rect.y + (rect.height - 20) // 2
    x += draw_text(surface, f"{question} ", (x, y), 20, ACCENT)
    width = draw_text(surface, text, (x, y), 20, TEXT, rect.right - x - 180)
    pygame.draw.line(surface, TEXT, (x + width + 2, y), (x + width + 2, y + 18), 2)
    draw_text(surface, "Enter: OK   Esc: cancel", (rect.right - 175, y + 2), 16, DIM)
