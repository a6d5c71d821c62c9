"""The load screen: the saves in the saves folder, and a dialog when one cannot be loaded."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pygame

from game.persist import MatchError, SaveError
from game.terrain.terrain_map import MapError
from game.ui import theme
from game.ui.app import App
from game.ui.persistence import SlotInfo, list_saves, open_save, resume_available
from game.ui.screens.base import ButtonScreen
from game.ui.screens.dialog import MessageDialog
from game.ui.widgets import Button, text

LOAD_ERRORS = (SaveError, MatchError, MapError, OSError, ValueError, KeyError)


def open_battle(app: App, path: object, replace: bool = True) -> bool:
    """Load a save into a battle screen; a save that fails shows a dialog with the reason."""

    from game.ui.battle.screen import BattleScreen

    try:
        match = open_save(Path(str(path)), app.saves_dir)
    except LOAD_ERRORS as exc:
        app.push(MessageDialog(app, "This save cannot be loaded", f"{Path(str(path)).name}: {exc}"))
        return False
    except Exception as exc:  # a bug in loading must not take the game down with it
        app.push(MessageDialog(app, "This save cannot be loaded",
                               f"{Path(str(path)).name}: unexpected {type(exc).__name__}: {exc}"))
        return False
    screen = BattleScreen(app, match)
    if replace:
        app.replace(screen)
    else:
        app.push(screen)
    return True


def resume(app: App) -> None:
    """Open the autosave."""
    path = resume_available(app.saves_dir)
    if path is not None:
        open_battle(app, path, replace=False)


class LoadScreen(ButtonScreen):
    """Lists saves, newest first; click one to play on."""

    title = "Load a game"

    def __init__(self, app: App) -> None:
        self.saves: list[SlotInfo] = []
        super().__init__(app)

    def layout(self) -> None:
        """One button per save, plus Back."""
        self.saves = list_saves(self.app.saves_dir)[:12]
        w, h = self.app.surface.get_size()
        s = self.app.settings.ui_scale
        bh = int(40 * s)
        self.buttons = []
        for i, info in enumerate(self.saves):
            rect = pygame.Rect(0, 0, min(w - 120, int(640 * s)), bh)
            rect.midtop = (w // 2, 120 + i * (bh + 8))
            label = f"{info.label}   {info.detail}".strip().encode("utf-8", "replace").decode("utf-8")
            self.buttons.append(Button(label, partial(open_battle, self.app, info.path), rect))
        back = pygame.Rect(0, 0, int(160 * s), int(44 * s))
        back.midbottom = (w // 2, h - 30)
        self.buttons.append(Button("Back", self.app.pop, back))

    def draw(self, surface: pygame.Surface) -> None:
        """The list, or a note that there are no saves."""
        super().draw(surface)
        if not self.saves:
            w = surface.get_width()
            text(surface, f"No saved games in {self.app.saves_dir}", self.app.fonts.head,
                 (w // 2, 140), theme.DIM, "midtop")
