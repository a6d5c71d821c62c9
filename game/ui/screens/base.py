"""A screen made of a title, some text and buttons; its columns fit the window or scroll."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ui import places, theme
from game.ui.app import App, Screen
from game.ui.widgets import Button, column, text

TITLE_TOP = 40  # where a screen's title stands


class ButtonScreen(Screen):
    """A screen whose content is laid out by `layout` into a list of buttons. A button's action
    may return a transition, which the click returns to the app."""

    title = ""

    def __init__(self, app: App) -> None:
        self.first = 0  # the first button of a scrolled column that shows
        self.hidden = (False, False)  # buttons of the column hidden above it, below it
        self.column_rect = pygame.Rect(0, 0, 0, 0)
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

    def title_bottom(self) -> int:
        """The y under the title (at the top of the window when there is none)."""
        return TITLE_TOP + self.app.fonts.title.get_linesize() if self.title else TITLE_TOP

    def fit_column(self, items: Sequence[tuple[str, Callable[[], object]]], top: int, bottom: int,
                   width: int, height: int, gap: int = 10) -> list[Button]:
        """A centred column of buttons between `top` and `bottom`: as asked if it fits, closer and
        lower (never lower than a line of text) if that fits, else scrolled by the wheel or the
        arrow keys, with a mark where buttons are hidden."""
        w = self.app.surface.get_width()
        width = min(width, w - 40)
        room = max(0, bottom - top)
        n = len(items)
        least = self.app.fonts.body.get_linesize() + 8
        if n * (height + gap) - gap > room:
            gap = max(4, gap // 2)
            height = max(least, min(height, (room + gap) // max(1, n) - gap))
        shown = max(1, (room + gap) // (height + gap))
        if shown >= n:
            self.first = 0
        else:
            mark = self.app.fonts.small.get_linesize()
            shown = max(1, (room - 2 * mark + gap) // (height + gap))  # room for the marks
            top += mark
            self.first = max(0, min(self.first, n - shown))
        visible = items[self.first:self.first + shown]
        self.hidden = (self.first > 0, self.first + len(visible) < n)
        self.column_rect = pygame.Rect(w // 2 - width // 2, top, width, len(visible) * (height + gap) - gap)
        return column(list(visible), w // 2, top, width, height, gap)

    def scroll_column(self, by: int) -> bool:
        """Scroll a column that does not fit; False if there is nothing to scroll that way."""
        if (by < 0 and not self.hidden[0]) or (by > 0 and not self.hidden[1]):
            return False
        self.first = max(0, self.first + by)
        self.layout()
        return True

    def handle(self, event: pygame.event.Event) -> places.Transition:
        """Clicks go to the buttons; the wheel and the arrows scroll a column that does not fit;
        the back key closes the screen."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in list(self.buttons):
                if button.hit(event.pos):
                    return places.transition_of(button.action())
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_column(-event.y)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.scroll_column(-1 if event.key == pygame.K_UP else 1)
        elif event.type == pygame.KEYDOWN and self.app.keys.is_action(event.key, "back"):
            return self.back()
        return None

    def back(self) -> places.Transition:
        """Leave this screen."""
        return places.Pop()

    def draw(self, surface: pygame.Surface) -> None:
        """Title and buttons."""
        if self.title:
            w = surface.get_width()
            text(surface, self.title, self.app.fonts.title, (w // 2, TITLE_TOP), theme.GOLD, "midtop")
        self.draw_buttons(surface)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        """Draw every button, and the marks of a scrolled column."""
        mouse = pygame.mouse.get_pos()
        for button in self.buttons:
            button.draw(surface, self.app.fonts.body, mouse)
        rect, font = self.column_rect, self.app.fonts.small
        if self.hidden[0]:
            text(surface, "▲ more (wheel or ↑)", font, (rect.centerx, rect.top - 2), theme.DIM, "midbottom")
        if self.hidden[1]:
            text(surface, "▼ more (wheel or ↓)", font, (rect.centerx, rect.bottom + 2), theme.DIM, "midtop")
