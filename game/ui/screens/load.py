"""The load screen: the saves in the saves folder by their names (the autosave as "Autosave"), with
the scenario, the turn and the date, newest first; one that cannot be loaded says why (the
navigation opens a save, or a message with the reason)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pygame

from game.ui import places, theme
from game.ui.app import App
from game.ui.persistence import SlotInfo, list_saves
from game.ui.screens.base import ButtonScreen
from game.ui.widgets import Button, text


def open_place(path: Path) -> places.Transition:
    """Open a save over this screen (a message over it if the save cannot be loaded)."""
    return places.Push(places.OpenSave(path))


class LoadScreen(ButtonScreen):
    """Lists every save, newest first (scrolled when they do not fit); click one to play on."""

    title = "Load a game"

    def __init__(self, app: App) -> None:
        self.saves: list[SlotInfo] = []
        super().__init__(app)

    def layout(self) -> None:
        """One button per save (scrolled if they do not fit), plus Back."""
        self.saves = list_saves(self.app.saves_dir)
        w, h = self.app.surface.get_size()
        s = self.app.settings.ui_scale
        back = pygame.Rect(0, 0, int(160 * s), int(44 * s))
        back.midbottom = (w // 2, h - 30)
        items = [(f"{info.label}   {info.detail}".strip().encode("utf-8", "replace").decode("utf-8"),
                  partial(open_place, info.path)) for info in self.saves]
        self.buttons = self.fit_column(items, self.title_bottom() + 20, back.top - 12,
                                       min(w - 120, int(640 * s)), int(40 * s), 8)
        self.buttons.append(Button("Back", places.Pop, back))

    def draw(self, surface: pygame.Surface) -> None:
        """The list, or a note that there are no saves."""
        super().draw(surface)
        if not self.saves:
            w = surface.get_width()
            text(surface, f"No saved games in {self.app.saves_dir}", self.app.fonts.head,
                 (w // 2, self.title_bottom() + 20), theme.DIM, "midtop")
