"""The pause menu over the battle: resume, save, rules, settings, leave."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.app import App
from game.ui.screens.base import ButtonScreen
from game.ui.widgets import column, panel

if TYPE_CHECKING:
    from game.ui.battle.screen import BattleScreen


class PauseMenu(ButtonScreen):
    """Escape during a battle."""

    opaque = False

    def __init__(self, app: App, battle: BattleScreen) -> None:
        self.battle = battle
        super().__init__(app)

    def layout(self) -> None:
        """A column of buttons in the middle of the screen."""
        from game.ui.screens.rules import RulesScreen
        from game.ui.screens.settings_screen import SettingsScreen

        app = self.app
        w, h = app.surface.get_size()
        s = app.settings.ui_scale
        items = [("Resume", app.pop), ("Save game", self.save),
                 ("Rules", lambda: app.push(RulesScreen(app))),
                 ("Settings", lambda: app.push(SettingsScreen(app))),
                 ("Back to the editor" if any(x.games_return_here for x in app.stack)
                  else "Leave to the main menu", self.leave)]
        self.buttons = column(items, w // 2, h // 2 - int(140 * s), int(300 * s), int(44 * s))

    def save(self) -> None:
        """Save to a slot named after the scenario."""
        self.app.pop()
        self.battle._quicksave()

    def leave(self) -> None:
        """Back to the menu (the autosave keeps the game)."""
        from game.ui.screens.menu import MainMenu

        self.app.leave_game(MainMenu(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the battle and show the menu."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        if self.buttons:
            box = self.buttons[0].rect.unionall([b.rect for b in self.buttons]).inflate(60, 60)
            panel(surface, box, 245)
        self.draw_buttons(surface)
