"""A line to type over the retinues: a roster's new name, or the file to export it to or import one
from. OK (Enter) hands the text to the place's `on_ok`, which answers where to go, or the one line
that says why not (shown under the entry, the prompt staying open); Cancel (Esc) goes back.

The entry is pygame_gui's, in a manager of its own (the buttons' kit is made again whenever a button
changes); typing while a button has the keys' focus brings them back to the entry."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import places, theme
from game.ui.app import App
from game.ui.screens.base import ENTER_KEYS, NEXT_KEYS, PREVIOUS_KEYS, TITLE_TOP, EntryScreen
from game.ui.widgets import Button, fit, gui_manager, text

if TYPE_CHECKING:
    pass

ENTRY_LIMIT = 400  # characters: a path or a name is never longer


class TextPrompt(EntryScreen):
    """One entry, its label, a line saying why the text was refused, OK and Cancel."""

    opaque = False

    def __init__(self, app: App, ask: places.AskText) -> None:
        self.ask = ask
        self.title = ask.heading
        self.entry_label = ask.label
        self.problem = ""
        self.entry_at: tuple[object, ...] = ()
        super().__init__(app)

    def layout(self) -> None:
        """The entry under the title, the line under it, and OK and Cancel."""
        w, _ = self.app.surface.get_size()
        fonts, scale = self.app.fonts, self.app.fonts.scale
        width = min(w - 80, round(720 * scale))
        top = self.title_bottom() + 12 + fonts.small.get_linesize()
        tall = fonts.body.get_linesize() + round(14 * scale)
        self.entry_rect = pygame.Rect(w // 2 - width // 2, top, width, tall)
        self._place_entry()
        bh = fonts.body.get_linesize() + round(16 * scale)
        row_top = self.entry_rect.bottom + 16 + 2 * fonts.small.get_linesize()
        bw = min(round(180 * scale), (width - 20) // 2)
        ok, cancel = pygame.Rect(0, row_top, bw, bh), pygame.Rect(0, row_top, bw, bh)
        ok.topright, cancel.topleft = (w // 2 - 10, row_top), (w // 2 + 10, row_top)
        self.buttons = [Button("OK (Enter)", self.ok, ok), Button("Cancel (Esc)", self.back, cancel)]
        self.box = pygame.Rect(w // 2 - width // 2 - 20, TITLE_TOP - 16, width + 40,
                               ok.bottom + 30 - TITLE_TOP)

    def _place_entry(self) -> None:
        size, scale = self.app.surface.get_size(), self.app.fonts.scale
        wanted = (size, scale, tuple(self.entry_rect))
        if self.entry is not None and wanted == self.entry_at:
            return
        from pygame_gui.elements import UITextEntryLine

        typed = self.entry.get_text() if self.entry is not None else self.ask.initial
        self.gui = gui_manager(size, scale)
        self.entry = UITextEntryLine(self.entry_rect, self.gui, initial_text=typed[:ENTRY_LIMIT])
        self.entry.set_text_length_limit(ENTRY_LIMIT)
        self.entry_at = wanted

    def typed(self) -> str:
        """The text as typed, spaces round it dropped."""
        return self.entry.get_text().strip() if self.entry is not None else ""

    def ok(self) -> places.Transition:
        """Hand the text over: go where the answer says, or show why it was refused."""
        answer = self.ask.on_ok(self.typed())
        if isinstance(answer, str):
            self.problem = answer
            return None
        self.release()
        return answer

    def back(self) -> places.Transition:
        """Cancel: nothing done."""
        self.release()
        return places.Pop()

    # --- the keys -------------------------------------------------------------------------




    def move_focus(self, by: int) -> None:
        """Round the entry, OK and Cancel."""
        if self.typing:
            self.release()
            self.focus = 0 if by > 0 else len(self.buttons) - 1
        elif (by > 0 and self.focus >= len(self.buttons) - 1) or (by < 0 and self.focus <= 0):
            self.grab()
        else:
            super().move_focus(by)

    def handle(self, event: pygame.event.Event) -> places.Transition:
        """Typing and a click on the entry go to it; the rest as on every screen of buttons."""
        on_entry = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                    and self.entry_rect.collidepoint(event.pos))
        if event.type == pygame.TEXTINPUT or on_entry:
            self.grab()
            self._to_entry(event)
            return None
        if event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) and self.typing:
            self._to_entry(event)
        return super().handle(event)

    def key(self, event: pygame.event.Event) -> places.Transition:
        """Enter answers OK from the entry (or the focused button), Escape cancels, Tab and the
        arrows move the focus; the other keys edit the text."""
        if event.key == pygame.K_ESCAPE or (not self.typing and self.app.keys.is_action(event.key, "back")):
            return self.back()
        if event.key in ENTER_KEYS:
            return self.ok() if self.typing else self.activate()
        if event.key in NEXT_KEYS or event.key in PREVIOUS_KEYS or not self.typing:
            return super().key(event)
        self._to_entry(event)
        return None

    def _to_entry(self, event: pygame.event.Event) -> None:
        if self.gui is not None:
            self.gui.process_events(event)
            self.problem = ""

    def draw_more(self, surface: pygame.Surface) -> None:
        """Why the text was refused, under the entry."""
        if self.problem:
            font, rect = self.app.fonts.small, self.entry_rect
            line = fit(self.problem[:1].upper() + self.problem[1:], font, rect.width)
            text(surface, line, font, (rect.left, rect.bottom + 6), theme.BAD)
