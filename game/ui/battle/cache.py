"""Caches for drawing the battle screen: rendered text, wrapped lines, translucent shades.

Rendering text and wrapping paragraphs every frame was most of a frame's cost. Text is rendered
once per (font, text, colour) and wrapped once per (font, text, width); the font objects are part
of the keys, so a new UI scale (new fonts) never meets an old entry. Each cache forgets
everything when it grows past its limit, which keeps memory bounded without bookkeeping.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from game.ui import theme
from game.ui.widgets import wrap

TEXT_LIMIT = 4000
WRAP_LIMIT = 4000
SHADE_LIMIT = 64

_text: dict[tuple[pygame.font.Font, str, tuple[int, ...]], pygame.Surface] = {}
_wraps: dict[tuple[pygame.font.Font, str, int], list[str]] = {}
_shades: dict[tuple[tuple[int, int], tuple[int, ...], int], pygame.Surface] = {}


def rendered(font: pygame.font.Font, msg: str, colour: theme.Colour) -> pygame.Surface:
    """`font.render(msg, True, colour)`, rendered once. Do not draw on the result."""
    key = (font, msg, tuple(colour))
    img = _text.get(key)
    if img is None:
        if len(_text) >= TEXT_LIMIT:
            _text.clear()
        img = _text[key] = font.render(msg, True, colour)
    return img


def text(surface: pygame.Surface | None, msg: str, font: pygame.font.Font, pos: tuple[int, int],
         colour: theme.Colour = theme.TEXT, anchor: str = "topleft") -> pygame.Rect:
    """As game.ui.widgets.text, from the cache: one line of text; returns its rect. With no
    surface the line is only measured: where it would stand."""
    img = rendered(font, msg, colour)
    rect = img.get_rect(**{anchor: pos})
    if surface is not None:
        surface.blit(img, rect)
    return rect


def wrapped(msg: str, font: pygame.font.Font, width: int) -> list[str]:
    """As game.ui.widgets.wrap, computed once per (font, text, width). Do not change the result."""
    key = (font, msg, width)
    lines = _wraps.get(key)
    if lines is None:
        if len(_wraps) >= WRAP_LIMIT:
            _wraps.clear()
        lines = _wraps[key] = wrap(msg, font, width)
    return lines


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 235,
          colour: theme.Colour = theme.PANEL) -> None:
    """As game.ui.widgets.panel (the same pixels), with the translucent shade made once per size."""
    key = (rect.size, tuple(colour), alpha)
    shade = _shades.get(key)
    if shade is None:
        if len(_shades) >= SHADE_LIMIT:
            _shades.clear()
        shade = _shades[key] = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((*colour, alpha))
    surface.blit(shade, rect.topleft)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=4)


class Layer:
    """An opaque picture redrawn only when its key changes, then blitted as it is.

    `get(key, size)` returns (surface, fresh): when fresh is True the caller draws the picture on
    the surface, which is filled with `fill` (what lies under the picture on the screen). Keys
    are compared with ==, so they hold plain values, or objects that compare by identity (fonts,
    a GameState wrapped in Same).

    """

    def __init__(self, fill: theme.Colour = theme.BG) -> None:
        self.fill = fill
        self.key: Hashable | None = None
        self.surface: pygame.Surface | None = None
        self.placed: tuple[int, tuple[int, int, int, int]] | None = None  # where it was last blitted

    def put(self, target: pygame.Surface, rect: pygame.Rect, fresh: bool) -> None:
        """Blit the picture, unless the very same picture already stands there from the last frame
        (the window is not cleared under a screen that covers it)."""
        stamp = (id(target), (rect.x, rect.y, rect.w, rect.h))
        if fresh or stamp != self.placed:
            assert self.surface is not None
            target.blit(self.surface, rect)
            self.placed = stamp

    def get(self, key: Hashable, size: tuple[int, int]) -> tuple[pygame.Surface, bool]:
        """The cached surface, and whether it must be drawn again."""
        surf = self.surface
        if surf is not None and key == self.key and surf.get_size() == size:
            return surf, False
        if surf is None or surf.get_size() != size:
            surf = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                surf = surf.convert()
            self.surface = surf
        surf.fill(self.fill)
        self.key = key
        return surf, True

    def forget(self) -> None:
        """Draw again next time."""
        self.key = None
        self.placed = None


class Same:
    """Wraps an object so that keys compare it by identity (and hold on to it)."""

    __slots__ = ("obj",)

    def __init__(self, obj: Any) -> None:
        self.obj = obj

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.obj is self.obj

    def __hash__(self) -> int:
        return id(self.obj)
