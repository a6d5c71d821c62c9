"""Modal boxes: a message (an error with its reason, or a notice) with an OK button, and a
question with Yes and No."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import places, theme
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
        self.buttons = [Button("OK", places.Pop, ok)]

    def handle(self, event: pygame.event.Event) -> places.Transition:
        """Enter or Escape close the dialog too."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_ESCAPE):
            return places.Pop()
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """A dimmed background and the box."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = self._box()
        panel(surface, box, 250)
        colour = theme.BAD if self.error else theme.GOLD
        text(surface, self.heading, self.app.fonts.head, (box.left + 20, box.top + 16), colour)
        paragraph(surface, self.message, self.app.fonts.body, self._text_rect(box))
        self.draw_buttons(surface)

    def _text_rect(self, box: pygame.Rect) -> pygame.Rect:
        """Where the message is written inside the box."""
        return pygame.Rect(box.left + 20, box.top + 56, box.width - 40, box.height - 120)


class ConfirmDialog(MessageDialog):
    """A question with Yes (Enter or Y) and No (Esc or N), and, when `stop_asking` is given, a
    "Don't ask again" box (D) that calls it when the question is answered either way."""

    def __init__(self, app: App, heading: str, message: str, on_yes: Callable[[], places.Transition],
                 on_no: Callable[[], places.Transition] | None = None,
                 stop_asking: Callable[[], object] | None = None) -> None:
        self.on_yes = on_yes
        self.on_no = on_no
        self.stop_asking = stop_asking
        self.quiet = False  # the "Don't ask again" box is ticked
        self.tick_rect = pygame.Rect(0, 0, 0, 0)
        super().__init__(app, heading, message, error=False)

    def layout(self) -> None:
        """Yes and No side by side at the bottom of the box, the box to tick above them."""
        box = self._box()
        yes, no = pygame.Rect(0, 0, 150, 40), pygame.Rect(0, 0, 150, 40)
        yes.bottomright = (box.centerx - 10, box.bottom - 16)
        no.bottomleft = (box.centerx + 10, box.bottom - 16)
        self.buttons = [Button("Yes (Enter)", lambda: self.answer(True), yes),
                        Button("No (Esc)", lambda: self.answer(False), no)]
        if self.stop_asking is not None:
            self.tick_rect = pygame.Rect(box.left + 20, yes.top - 34, 260, 24)

    def _box(self) -> pygame.Rect:
        box = super()._box()
        box.height = 250 if self.stop_asking is not None else 210  # a question is short
        box.centery = self.app.surface.get_height() // 2
        return box

    def _text_rect(self, box: pygame.Rect) -> pygame.Rect:
        rect = super()._text_rect(box)
        if self.stop_asking is not None:
            rect.height -= 40  # the box to tick sits under the question
        return rect

    def answer(self, yes: bool) -> places.Transition:
        """Act on the answer, then close the dialog and go where the answer leads."""
        if self.quiet and self.stop_asking is not None:
            self.stop_asking()
        act = self.on_yes if yes else self.on_no
        return places.Pop(then=act() if act is not None else None)

    def handle(self, event: pygame.event.Event) -> places.Transition:
        """Enter or Y say yes, Escape or N no, D ticks the box; clicks go to the buttons and the box."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
                return self.answer(True)
            if event.key in (pygame.K_ESCAPE, pygame.K_n):
                return self.answer(False)
            if event.key == pygame.K_d and self.stop_asking is not None:
                self.quiet = not self.quiet
            return None
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.stop_asking is not None
                and self.tick_rect.collidepoint(event.pos)):
            self.quiet = not self.quiet
            return None
        return ButtonScreen.handle(self, event)

    def draw(self, surface: pygame.Surface) -> None:
        """The box, its question, the buttons and the box to tick."""
        super().draw(surface)
        if self.stop_asking is None:
            return
        r = self.tick_rect
        square = pygame.Rect(r.left, r.top + 2, r.height - 4, r.height - 4)
        pygame.draw.rect(surface, theme.BUTTON, square, border_radius=3)
        pygame.draw.rect(surface, theme.GOLD if self.quiet else theme.PANEL_EDGE, square, 2, border_radius=3)
        if self.quiet:
            pts = [(square.left + 4, square.centery), (square.centerx - 1, square.bottom - 5),
                   (square.right - 4, square.top + 4)]
            pygame.draw.lines(surface, theme.GOLD, False, pts, 3)
        text(surface, "Don't ask again (D)", self.app.fonts.body, (square.right + 10, r.centery), theme.TEXT,
             "midleft")
