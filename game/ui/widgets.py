"""Small drawing helpers, a clickable button (no state beyond what they show), and the colours of
the pygame_gui forms."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import theme


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split text into lines no wider than `width` pixels."""
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def text(surface: pygame.Surface, msg: str, font: pygame.font.Font, pos: tuple[int, int],
         colour: theme.Colour = theme.TEXT, anchor: str = "topleft") -> pygame.Rect:
    """Draw one line of text; returns its rect."""
    img = font.render(msg, True, colour)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 235,
          colour: theme.Colour = theme.PANEL) -> None:
    """A dark translucent panel with a thin edge."""
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((*colour, alpha))
    surface.blit(shade, rect.topleft)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=4)


def paragraph(surface: pygame.Surface, msg: str, font: pygame.font.Font, rect: pygame.Rect,
              colour: theme.Colour = theme.TEXT) -> int:
    """Draw wrapped text inside a rect; returns the y below the last line."""
    y = rect.top
    for line in wrap(msg, font, rect.width):
        if y + font.get_linesize() > rect.bottom:
            break
        text(surface, line, font, (rect.left, y), colour)
        y += font.get_linesize()
    return y


@dataclass
class Button:
    """A labelled rectangle that calls back when clicked (a screen's button may answer where to go)."""

    label: str
    action: Callable[[], Any]
    rect: pygame.Rect
    enabled: bool = True
    selected: bool = False
    hint: str = ""

    def draw(self, surface: pygame.Surface, font: pygame.font.Font, mouse: tuple[int, int]) -> None:
        """Draw the button, lit when hovered or selected."""
        hover = self.enabled and self.rect.collidepoint(mouse)
        fill = theme.BUTTON_OFF if not self.enabled else (
            theme.BUTTON_HOVER if hover or self.selected else theme.BUTTON)
        pygame.draw.rect(surface, fill, self.rect, border_radius=5)
        edge = theme.GOLD if self.selected or hover else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, 2 if self.selected else 1, border_radius=5)
        colour = theme.TEXT if self.enabled else theme.DIM
        text(surface, self.label, font, self.rect.center, colour, "center")

    def hit(self, pos: tuple[int, int]) -> bool:
        """True if the point is on the button and it can be clicked."""
        return self.enabled and self.rect.collidepoint(pos)

    def click(self, pos: tuple[int, int]) -> bool:
        """Run the action if the point is on an enabled button."""
        if self.enabled and self.rect.collidepoint(pos):
            self.action()
            return True
        return False


def column(labels: list[tuple[str, Callable[[], Any]]], centre_x: int, top: int, width: int,
           height: int, gap: int = 10) -> list[Button]:
    """Buttons stacked in a centred column."""
    out = []
    for i, (label, action) in enumerate(labels):
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (centre_x, top + i * (height + gap))
        out.append(Button(label, action, rect))
    return out


def row(labels: list[tuple[str, Callable[[], Any]]], left: int, top: int, height: int,
        font: pygame.font.Font, gap: int = 6, pad: int = 14) -> list[Button]:
    """Buttons side by side, each as wide as its label."""
    out = []
    x = left
    for label, action in labels:
        w = font.size(label)[0] + 2 * pad
        out.append(Button(label, action, pygame.Rect(x, top, w, height)))
        x += w + gap
    return out


def _hex(colour: theme.Colour) -> str:
    """A colour as pygame_gui's themes write it."""
    return "#{:02x}{:02x}{:02x}".format(*colour)


# the forms in the colours of the other screens (a pygame_gui theme, as plain data)
GUI_THEME: dict[str, Any] = {"defaults": {"colours": {
    "dark_bg": _hex(theme.PANEL), "normal_bg": _hex(theme.BUTTON), "hovered_bg": _hex(theme.BUTTON_HOVER),
    "active_bg": _hex(theme.BUTTON_HOVER), "selected_bg": "#7a5f22", "disabled_bg": _hex(theme.BUTTON_OFF),
    "normal_text": _hex(theme.TEXT), "hovered_text": _hex(theme.TEXT), "active_text": _hex(theme.TEXT),
    "selected_text": "#fff3d0", "disabled_text": _hex(theme.DIM), "normal_border": _hex(theme.PANEL_EDGE),
    "hovered_border": _hex(theme.GOLD), "selected_border": _hex(theme.GOLD),
    "active_border": _hex(theme.GOLD),
}}, "label": {"colours": {"normal_text": _hex(theme.DIM)}}}
