"""The main menu."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.persistence import resume_available
from game.ui.screens.base import ButtonScreen
from game.ui.widgets import column, text


class MainMenu(ButtonScreen):
    """Resume, new solo game, new hot-seat game, load, watch AI, rules, settings, quit."""

    title = "Destrier"

    def layout(self) -> None:
        """One column of buttons, with Resume on top when an autosave exists."""
        from game.ui.screens.editor import EditorScreen
        from game.ui.screens.load import LoadScreen, resume
        from game.ui.screens.rules import RulesScreen
        from game.ui.screens.scenarios import ScenarioPicker
        from game.ui.screens.settings_screen import SettingsScreen

        app = self.app
        items = []
        if resume_available(app.saves_dir) is not None:
            items.append(("Resume last game", lambda: resume(app)))
        items += [
            ("New solo game", lambda: app.push(ScenarioPicker(app, "solo"))),
            ("New hot-seat game", lambda: app.push(ScenarioPicker(app, "hotseat"))),
            ("Load game", lambda: app.push(LoadScreen(app))),
            ("Watch AI", lambda: app.push(ScenarioPicker(app, "watch"))),
            ("Scenario editor", lambda: app.push(EditorScreen(app))),
            ("Rules", lambda: app.push(RulesScreen(app))),
            ("Settings", lambda: app.push(SettingsScreen(app))),
            ("Quit", self.quit),
        ]
        w, h = app.surface.get_size()
        scale = app.settings.ui_scale
        height = int(44 * scale)
        top = min(int(h * 0.31), h - 60 - len(items) * (height + 10))  # the footer stays clear
        self.buttons = column(items, w // 2, max(140, top), int(300 * scale), height)

    def quit(self) -> None:
        """Leave the game."""
        self.app.running = False

    def back(self) -> None:
        """Escape on the menu does nothing (Quit is a button)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Title, subtitle, buttons and any settings notice."""
        w, h = surface.get_size()
        _backdrop(surface)
        super().draw(surface)
        fonts = self.app.fonts
        text(surface, "Ruckus skirmish in the Wars of the Roses, with horse", fonts.head,
             (w // 2, 100), theme.TEXT, "midtop")
        keys = self.app.keys
        text(surface, f"{keys.label('rules')} rules anywhere  ·  {keys.label('fullscreen')} full screen  ·  "
             f"{keys.label('mute')} sound on/off", fonts.small, (w // 2, h - 28), theme.DIM, "midtop")
        if self.app.notice:
            text(surface, self.app.notice, fonts.small, (w // 2, h - 52), theme.BAD, "midtop")


def _backdrop(surface: pygame.Surface) -> None:
    """Two side banners in the players' colours, quartered like heraldry."""
    w, h = surface.get_size()
    for i, side in enumerate(("red", "blue")):
        x = 60 if i == 0 else w - 60 - 90
        rect = pygame.Rect(x, 150, 90, min(300, h - 260))
        pygame.draw.rect(surface, theme.SIDE[side], rect)
        pygame.draw.polygon(surface, theme.BG, [(rect.left, rect.bottom), (rect.centerx, rect.bottom - 30),
                                               (rect.right, rect.bottom)])
        if side == "blue":
            pygame.draw.circle(surface, (240, 240, 240), (rect.centerx, rect.top + 60), 26, 5)
        else:
            pygame.draw.rect(surface, (250, 240, 220), (rect.centerx - 22, rect.top + 38, 44, 44), 5)
