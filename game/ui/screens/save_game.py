"""The Save game screen over a game: a name to type (offered from the scenario and the turn), the
saves already made below it (a click takes a save's name, to overwrite it), Save (Enter) and Cancel
(Esc). A name a save may not have says why under the entry and Save stays greyed; overwriting a save
asks first. Saving goes back to the game, which says "Saved as NAME".

The entry is pygame_gui's, in a manager of its own (the buttons' kit is made again whenever a button
changes). The keys' focus goes round the entry, the saves, Save and Cancel; typing while the focus
is on a button brings it back to the entry."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.ui import places, theme
from game.ui.app import App
from game.ui.persistence import SlotInfo, name_problem, player_saves, slot_taken, suggested_name
from game.ui.screens.base import ENTER_KEYS, NEXT_KEYS, PREVIOUS_KEYS, TITLE_TOP, EntryScreen
from game.ui.widgets import Button, gui_manager, text

if TYPE_CHECKING:
    pass

DRAG_EVENTS = (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)  # the entry selects letters by a drag


class SaveGameScreen(EntryScreen):
    """Save the game under a name: the entry, the saves to overwrite, Save and Cancel."""

    title = "Save game"
    entry_label = "Name of the save"
    opaque = False

    def __init__(self, app: App, game: places.Saver) -> None:
        self.game = game
        self.saves: list[SlotInfo] = player_saves(app.saves_dir)
        self.problem = ""  # why the typed name cannot be used ("" if it can)
        self.checked: str | None = None  # the name `problem` was worked out for
        self.taken = False  # a save has the typed name already
        self.entry_at: tuple[object, ...] = ()  # the window, scale and place the entry was made for
        self.first_text = suggested_name(game.state)
        self.list_top = 0  # where the saves' heading stands
        super().__init__(app)
        self.check()

    # --- layout ---------------------------------------------------------------------------
    def _px(self, n: int) -> int:
        return round(n * self.app.fonts.scale)

    def layout(self) -> None:
        """The entry under the title, its note, the saves (scrolled if they do not fit), and Save
        and Cancel at the bottom."""
        w, h = self.app.surface.get_size()
        fonts, px = self.app.fonts, self._px
        width = min(w - 80, px(640))
        bh = fonts.body.get_linesize() + px(16)
        row_top = h - 24 - bh
        top = self.title_bottom() + 8 + fonts.small.get_linesize() + 2
        self.entry_rect = pygame.Rect(w // 2 - width // 2, top, width, fonts.body.get_linesize() + px(14))
        self._place_entry()
        self.list_top = self.entry_rect.bottom + 6 + fonts.small.get_linesize() + 8
        items = [(f"{info.label}   {info.detail}".strip().encode("utf-8", "replace").decode("utf-8"),
                  partial(self.take, info.name)) for info in self.saves]
        rows_top = self.list_top + fonts.small.get_linesize() + 4
        self.buttons = self.fit_column(items, rows_top, row_top - 10, width, px(34), 6)
        bw = min(px(180), (width - 20) // 2)
        save, cancel = pygame.Rect(0, row_top, bw, bh), pygame.Rect(0, row_top, bw, bh)
        save.topright, cancel.topleft = (w // 2 - 10, row_top), (w // 2 + 10, row_top)
        self.buttons.append(Button("Save (Enter)", self.save, save, enabled=not self.problem))
        self.buttons.append(Button("Cancel (Esc)", self.back, cancel))
        self.box = pygame.Rect(w // 2 - width // 2 - 20, TITLE_TOP - 16, width + 40,
                               save.bottom + 14 - (TITLE_TOP - 16))

    def _place_entry(self) -> None:
        """Make the entry (and its manager) for the window, the UI scale and its place, keeping
        what was typed; nothing if they have not changed."""
        size, scale = self.app.surface.get_size(), self.app.fonts.scale
        wanted = (size, scale, tuple(self.entry_rect))
        if self.entry is not None and wanted == self.entry_at:
            return
        from pygame_gui.elements import UITextEntryLine

        typed = self.entry.get_text() if self.entry is not None else self.first_text
        self.gui = gui_manager(size, scale)
        self.entry = UITextEntryLine(self.entry_rect, self.gui, initial_text=typed)
        self.entry_at = wanted

    # --- the name -------------------------------------------------------------------------
    def typed(self) -> str:
        """The name as typed (spaces round it dropped)."""
        return self.entry.get_text().strip() if self.entry is not None else ""

    def check(self) -> None:
        """Work out whether the typed name may be used (Save is greyed while it may not) and whether
        it would replace a save."""
        name = self.typed()
        if name == self.checked:
            return
        self.checked = name
        problem = name_problem(name)
        self.taken = not problem and slot_taken(self.app.saves_dir, name)
        greyed, self.problem = bool(self.problem), problem
        if bool(problem) != greyed:
            self.layout()

    def note(self) -> tuple[str, theme.Colour]:
        """The line under the entry: why the name is refused, or that it will replace a save."""
        if self.problem:
            return self.problem[:1].upper() + self.problem[1:], theme.BAD
        if self.taken:
            return f"A save named {self.typed()} exists: saving asks before replacing it.", theme.GOLD
        return "Letters, digits, spaces, commas, - and _ (no dots).", theme.DIM

    def take(self, name: str) -> places.Transition:
        """A save of the list was chosen: its name into the entry (Save then overwrites it)."""
        if self.entry is not None:
            self.entry.set_text(name)
        self.typing = True
        self.check()
        return None

    # --- saving ---------------------------------------------------------------------------
    def save(self) -> places.Transition:
        """Save under the typed name, asking first if a save has it; nothing while it is refused."""
        self.check()
        name = self.typed()
        if self.problem:
            return None
        if slot_taken(self.app.saves_dir, name):
            return places.Push(places.Confirm(
                "Replace the save?", f"A save named {name} exists. Replace it with this game?",
                on_yes=lambda: self.write(name)))
        return self.write(name)

    def write(self, name: str) -> places.Transition:
        """Save now and go back to the game, which says how it went."""
        self.release()
        return places.Pop(say=self.game.save_as(name))

    def back(self) -> places.Transition:
        """Cancel: back to the game, nothing saved."""
        self.release()
        return places.Pop()

    # --- the keys' focus ------------------------------------------------------------------




    def move_focus(self, by: int) -> None:
        """Round the entry, the saves, Save and Cancel: past Cancel (or before the first save)
        the entry takes the keys again."""
        stops = [i for i in range(len(self.buttons)) if self.focusable(i)]
        if self.typing:
            self.release()
            if by > 0 and self.first:
                self.first = 0
                self.layout()
            self.focus = stops[0] if by > 0 else stops[-1]
            return
        if (by > 0 and self.focus >= stops[-1]) or (by < 0 and self.focus <= stops[0] and not self.hidden[0]):
            self.grab()
            return
        super().move_focus(by)

    # --- input ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> places.Transition:
        """Typing goes to the entry (bringing the keys back to it), a click on it too; the rest as on
        every screen of buttons."""
        on_entry = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                    and self.entry_rect.collidepoint(event.pos))
        if event.type == pygame.TEXTINPUT or on_entry:
            self.grab()
            return self._to_entry(event)
        if event.type in DRAG_EVENTS and self.typing:
            self._to_entry(event)
        return super().handle(event)

    def key(self, event: pygame.event.Event) -> places.Transition:
        """Enter saves from the entry (acts on a focused button), Escape cancels, Tab and the arrows
        move the focus; the other keys edit the name while the entry has the keys."""
        if event.key == pygame.K_ESCAPE or (not self.typing and self.app.keys.is_action(event.key, "back")):
            return self.back()
        if event.key in ENTER_KEYS:
            return self.save() if self.typing else self.activate()
        if event.key in NEXT_KEYS or event.key in PREVIOUS_KEYS:
            return super().key(event)
        if self.typing:
            return self._to_entry(event)
        return super().key(event)

    def _to_entry(self, event: pygame.event.Event) -> places.Transition:
        if self.gui is not None:
            self.gui.process_events(event)
        self.check()
        return None

    def update(self, dt: float) -> places.Transition:
        """The entry keeps the keys while typing, and the typed name is checked as it changes."""
        went = super().update(dt)
        self.check()
        return went

    # --- drawing --------------------------------------------------------------------------
    def draw_more(self, surface: pygame.Surface) -> None:
        """The note under the entry (why a name is refused, or that it replaces a save) and the
        heading of the saves."""
        font, rect = self.app.fonts.small, self.entry_rect
        line, colour = self.note()
        text(surface, line, font, (rect.left, rect.bottom + 6), colour)
        heading = "Saves (choose one to replace it)" if self.saves else "No saves yet"
        text(surface, heading, font, (rect.left, self.list_top), theme.DIM)
