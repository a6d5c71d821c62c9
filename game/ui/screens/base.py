"""A screen made of a title, some text and buttons."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.app import App, Screen
from game.ui.widgets import Button, text


class ButtonScreen(Screen):
    """A screen whose content is laid out by `layout` into a list of buttons."""

    title = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.layout()

    def layout(self) -> None:
        """Build the buttons for the current window size."""

    def resized(self, size: tuple[int, int]) -> None:
        """Lay the buttons out again."""
        self.layout()

    def on_top(self) -> None:
        """Refresh when coming back to this screen."""
        self.layout()

    def handle(self, event: pygame.event.Event) -> None:
        """Clicks go to the buttons; the back key closes the screen."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in list(self.buttons):
                if button.click(event.pos):
                    return
        elif event.type == pygame.KEYDOWN and self.app.keys.is_action(event.key, "back"):
            self.back()

    def back(self) -> None:
        """Leave this screen."""
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """Title and buttons."""
        if self.title:
            w = surface.get_width()
            text(surface, self.title, self.app.fonts.title, (w // 2, 40), theme.GOLD, "midtop")
        self.draw_buttons(surface)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        """Draw every button."""
        mouse = pygame.mouse.get_pos()
        for button in self.buttons:
            button.draw(surface, self.app.fonts.body, mouse)
