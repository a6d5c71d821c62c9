"""The pause menu over a game: resume, save under a name or quick save, rules, settings, leave."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import places
from game.ui.app import App
from game.ui.screens.base import ButtonScreen
from game.ui.widgets import panel


class PauseMenu(ButtonScreen):
    """Escape during a battle."""

    opaque = False

    def __init__(self, app: App, game: places.Saver) -> None:
        self.game = game
        super().__init__(app)

    def layout(self) -> None:
        """A column of buttons in the middle of the screen."""
        app = self.app
        w, h = app.surface.get_size()
        s = app.settings.ui_scale
        origin = next((x for x in reversed(app.stack) if x.games_return_here), None)
        items: list[tuple[str, Callable[[], places.Transition]]] = [
            ("Resume", places.Pop), ("Save game", self.save_as),
            (f"Quick save ({app.keys.label('quicksave')})", self.save),
            ("Rules", lambda: places.Push(places.Rules())),
            ("Settings", lambda: places.Push(places.Settings())),
            (origin.games_return_label if origin is not None else "Leave to the main menu", self.leave)]
        height, gap = int(44 * s), 10
        tall = len(items) * (height + gap) - gap
        top = max(40, h // 2 - tall // 2)
        self.buttons = self.fit_column(items, top, h - 40, int(300 * s), height, gap)

    def save(self) -> places.Transition:
        """Save to the quick save slot, close the menu and say how it went."""
        return places.Pop(say=self.game.quicksave())

    def save_as(self) -> places.Transition:
        """The Save game screen in place of this menu (saving goes back to the game)."""
        return places.Replace(places.SaveAs(self.game))

    def leave(self) -> places.Transition:
        """Back to the menu, or to the screen a game was started from (the editor after a test play,
        the chronicle after a replay, the campaign's screen after its battle; the autosave keeps the
        game)."""
        return places.Reset(places.MainMenu(), to_origin=True)

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the battle and show the menu."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        if self.buttons:
            box = self.buttons[0].rect.unionall([b.rect for b in self.buttons]).inflate(60, 60)
            panel(surface, box.clip(surface.get_rect()), 245)
        self.draw_buttons(surface)
