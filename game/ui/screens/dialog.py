"""Modal boxes: a message (an error with its reason, or a notice) with an OK button, and a
question with Yes and No. The one question box of the whole client: every "are you sure?" is a
`places.Confirm` shown here. A box is as large as its text needs, within the window."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import places, theme
from game.ui.app import App
from game.ui.screens.base import ButtonScreen
from game.ui.widgets import Button, panel, text, wrap

PAD = 20  # between the box's edge and its text


class MessageDialog(ButtonScreen):
    """Shows a title and a message over the screen below; OK (Enter or Escape) closes it."""

    opaque = False

    def __init__(self, app: App, heading: str, message: str, error: bool = True) -> None:
        self.heading = heading
        self.message = message
        self.error = error
        super().__init__(app)

    # --- the box's size, from its text ----------------------------------------------------
    def _scaled(self, n: int) -> int:
        return round(n * self.app.fonts.scale)

    def _button_size(self) -> tuple[int, int]:
        return self._scaled(150), self.app.fonts.body.get_linesize() + self._scaled(18)

    def _extra_height(self) -> int:
        """The room under the message for what a box adds to it (the box to tick)."""
        return 0

    def _width(self) -> int:
        """As wide as the heading and the message's longest line want, within the window."""
        w = self.app.surface.get_width()
        fonts = self.app.fonts
        want = max(fonts.head.size(self.heading)[0],
                   *(fonts.body.size(line)[0] for line in self.message.split("\n")))
        least = 2 * self._button_size()[0] + 3 * PAD
        return max(min(least, w - 40), min(want + 2 * PAD, self._scaled(640), w - 40))

    def _lines(self, width: int) -> list[str]:
        return wrap(self.message, self.app.fonts.body, width - 2 * PAD)

    def _box(self) -> pygame.Rect:
        w, h = self.app.surface.get_size()
        fonts = self.app.fonts
        width = self._width()
        tall = (PAD + wrap_height(wrap(self.heading, fonts.head, width - 2 * PAD), fonts.head) + PAD // 2
                + wrap_height(self._lines(width), fonts.body) + PAD + self._extra_height()
                + self._button_size()[1] + PAD)
        box = pygame.Rect(0, 0, width, min(tall, h - 40))
        box.center = (w // 2, h // 2)
        return box

    def _button_row(self, box: pygame.Rect) -> pygame.Rect:
        """Where the buttons stand: the bottom of the box."""
        bw, bh = self._button_size()
        return pygame.Rect(box.left, box.bottom - PAD - bh, box.width, bh)

    def layout(self) -> None:
        """An OK button at the bottom of the box."""
        row = self._button_row(self._box())
        ok = pygame.Rect(0, 0, self._button_size()[0], row.height)
        ok.midbottom = row.midbottom
        self.buttons = [Button("OK", places.Pop, ok)]

    def draw(self, surface: pygame.Surface) -> None:
        """A dimmed background and the box."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = self._box()
        panel(surface, box, 250)
        fonts = self.app.fonts
        colour = theme.BAD if self.error else theme.GOLD
        y = box.top + PAD
        for line in wrap(self.heading, fonts.head, box.width - 2 * PAD):
            text(surface, line, fonts.head, (box.left + PAD, y), colour)
            y += fonts.head.get_linesize()
        y += PAD // 2
        last = self._button_row(box).top - PAD - self._extra_height()
        for line in self._lines(box.width):
            if y + fonts.body.get_linesize() > last:
                break
            text(surface, line, fonts.body, (box.left + PAD, y))
            y += fonts.body.get_linesize()
        self.draw_buttons(surface)


def wrap_height(lines: list[str], font: pygame.font.Font) -> int:
    """How tall these lines stand."""
    return len(lines) * font.get_linesize()


class ConfirmDialog(MessageDialog):
    """A question with Yes (Enter on it, or Y) and No (Esc or N), and, when `stop_asking` is given,
    a "Don't ask again" box (D) that calls it when the question is answered either way."""

    def __init__(self, app: App, heading: str, message: str, on_yes: Callable[[], places.Transition],
                 on_no: Callable[[], places.Transition] | None = None,
                 stop_asking: Callable[[], object] | None = None) -> None:
        self.on_yes = on_yes
        self.on_no = on_no
        self.stop_asking = stop_asking
        self.quiet = False  # the "Don't ask again" box is ticked
        self.tick_rect = pygame.Rect(0, 0, 0, 0)
        super().__init__(app, heading, message, error=False)

    def _extra_height(self) -> int:
        return self._button_size()[1] + PAD // 2 if self.stop_asking is not None else 0

    def _width(self) -> int:
        width = super()._width()
        if self.stop_asking is not None:
            width = max(width, min(self._tick_width() + 2 * PAD, self.app.surface.get_width() - 40))
        return width

    def _tick_label(self) -> str:
        return f"{'☑' if self.quiet else '☐'}  Don't ask again (D)"

    def _tick_width(self) -> int:
        return self.app.fonts.body.size(self._tick_label())[0] + self._scaled(32)

    def layout(self) -> None:
        """Yes and No side by side at the bottom of the box, the box to tick above them."""
        box = self._box()
        row = self._button_row(box)
        bw = min(self._button_size()[0], (box.width - 3 * PAD) // 2)
        yes, no = pygame.Rect(0, 0, bw, row.height), pygame.Rect(0, 0, bw, row.height)
        yes.bottomright = (box.centerx - PAD // 2, row.bottom)
        no.bottomleft = (box.centerx + PAD // 2, row.bottom)
        self.buttons = [Button("Yes (Enter)", lambda: self.answer(True), yes),
                        Button("No (Esc)", lambda: self.answer(False), no)]
        if self.stop_asking is not None:
            self.tick_rect = pygame.Rect(box.left + PAD, row.top - PAD // 2 - row.height,
                                         min(self._tick_width(), box.width - 2 * PAD), row.height)
            self.buttons.append(Button(self._tick_label(), self.tick, self.tick_rect))

    def tick(self) -> None:
        """Tick the "Don't ask again" box, or clear it."""
        self.quiet = not self.quiet
        self.layout()

    def answer(self, yes: bool) -> places.Transition:
        """Act on the answer, then close the dialog and go where the answer leads."""
        if self.quiet and self.stop_asking is not None:
            self.stop_asking()
        act = self.on_yes if yes else self.on_no
        return places.Pop(then=act() if act is not None else None)

    def back(self) -> places.Transition:
        """Escape says no."""
        return self.answer(False)

    def key(self, event: pygame.event.Event) -> places.Transition:
        """Y says yes, N no, D ticks the box; the other keys as on every screen (Enter on the
        focused button, Yes at first)."""
        if event.key == pygame.K_y:
            return self.answer(True)
        if event.key == pygame.K_n:
            return self.answer(False)
        if event.key == pygame.K_d and self.stop_asking is not None:
            self.tick()
            return None
        return super().key(event)
