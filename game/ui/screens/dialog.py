"""A modal message: an error with its reason, or a notice, with an OK button."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.app import App
from game.ui.screens.base import ButtonScreen
from game.ui.widgets import Button, panel, paragraph, text


class MessageDialog(ButtonScreen):
    """Shows a title and a message over the screen below; OK closes it."""

    opaque = False

    def __init__(self, app: App, heading: str, message: str, error: bool = True) -> None:
        self.heading = heading
        self.message = message
        self.error = error
        super().__init__(app)

    def _box(self) -> pygame.Rect:
        w, h = self.app.surface.get_size()
        box = pygame.Rect(0, 0, min(640, w - 80), 260)
        box.center = (w // 2, h // 2)
        return box

    def layout(self) -> None:
        """An OK button at the bottom of the box."""
        box = self._box()
        ok = pygame.Rect(0, 0, 140, 40)
        ok.midbottom = (box.centerx, box.bottom - 16)
        self.buttons = [Button("OK", self.app.pop, ok)]

    def handle(self, event: pygame.event.Event) -> None:
        """Enter or Escape close the dialog too."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_ESCAPE):
            self.app.pop()
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """A dimmed background and the box."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = self._box()
        panel(surface, box, 250)
        colour = theme.BAD if self.error else theme.GOLD
        text(surface, self.heading, self.app.fonts.head, (box.left + 20, box.top + 16), colour)
        paragraph(surface, self.message, self.app.fonts.body,
                  pygame.Rect(box.left + 20, box.top + 56, box.width - 40, box.height - 120))
        self.draw_buttons(surface)
