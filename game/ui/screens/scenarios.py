"""The scenario picker: every map in maps/ with its title and briefing."""

from __future__ import annotations

import time
from functools import partial

import pygame

from game.scenario import cached_scenario, list_scenarios
from game.terrain.terrain_map import MapError
from game.ui import theme
from game.ui.app import App
from game.ui.screens.base import ButtonScreen
from game.ui.widgets import Button, panel, paragraph, text


class ScenarioPicker(ButtonScreen):
    """Pick a scenario, read its briefing, start it hot-seat, solo or as an AI game to watch."""

    title = "Choose a scenario"

    def __init__(self, app: App, mode: str = "hotseat") -> None:
        self.mode = mode
        self.entries: list[tuple[str, str, str, str]] = []  # name, title, briefing, error
        for name in list_scenarios():
            try:
                sc = cached_scenario(name)
                self.entries.append((name, sc.title, sc.briefing, f"{sc.turns} turns"))
            except MapError as exc:
                self.entries.append((name, name, f"This map cannot be played: {exc}", "broken"))
        self.chosen = 0
        super().__init__(app)

    def layout(self) -> None:
        """Scenario buttons on the left, Start and Back under the briefing."""
        w, h = self.app.surface.get_size()
        s = self.app.settings.ui_scale
        bh = int(46 * s)
        self.buttons = []
        for i, (_, title, _, status) in enumerate(self.entries):
            rect = pygame.Rect(60, 130 + i * (bh + 10), int(320 * s), bh)
            btn = Button(title, partial(self.choose, i), rect, enabled=status != "broken")
            btn.selected = i == self.chosen
            self.buttons.append(btn)
        label = {"hotseat": "Start hot-seat game", "solo": "Choose your side", "watch": "Choose the players"}[
            self.mode]
        start = pygame.Rect(0, 0, int(260 * s), bh)
        start.bottomright = (w - 60, h - 40)
        back = pygame.Rect(0, 0, int(140 * s), bh)
        back.bottomright = (start.left - 12, h - 40)
        self.buttons.append(Button(label, self.start, start, enabled=bool(self.entries)))
        self.buttons.append(Button("Back", self.app.pop, back))

    def choose(self, index: int) -> None:
        """Show this scenario's briefing."""
        self.chosen = index
        self.layout()

    def start(self) -> None:
        """Open the battle screen on the chosen scenario (after the solo or watch form)."""
        from game.ui.battle.screen import BattleScreen
        from game.ui.screens.setup import SoloSetup, WatchSetup

        name = self.entries[self.chosen][0]
        seed = int(time.time()) % 100000
        if self.mode == "solo":
            self.app.push(SoloSetup(self.app, name, seed))
        elif self.mode == "watch":
            self.app.push(WatchSetup(self.app, name, seed))
        else:
            self.app.replace(BattleScreen.new(self.app, name, seed, self.mode))

    def handle(self, event: pygame.event.Event) -> None:
        """Up/down choose, Enter starts."""
        if event.type == pygame.KEYDOWN and self.entries:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                step = -1 if event.key == pygame.K_UP else 1
                self.choose((self.chosen + step) % len(self.entries))
                return
            if event.key == pygame.K_RETURN:
                self.start()
                return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The list, and the chosen scenario's briefing in a panel."""
        super().draw(surface)
        if not self.entries:
            text(surface, "No scenarios in maps/", self.app.fonts.head, (60, 130), theme.BAD)
            return
        w, h = surface.get_size()
        left = 60 + int(320 * self.app.settings.ui_scale) + 30
        box = pygame.Rect(left, 130, w - left - 60, h - 130 - 110)
        panel(surface, box)
        name, title, briefing, status = self.entries[self.chosen]
        fonts = self.app.fonts
        text(surface, title, fonts.get(26, True), (box.left + 20, box.top + 16), theme.GOLD)
        text(surface, f"{name}  ·  {status}", fonts.small, (box.left + 20, box.top + 56), theme.DIM)
        paragraph(surface, briefing, fonts.get(17), pygame.Rect(box.left + 20, box.top + 90,
                                                                box.width - 40, box.height - 110))
