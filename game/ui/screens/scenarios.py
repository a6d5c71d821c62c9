"""The scenario picker: every map in maps/ with its title and briefing; broken maps greyed with why."""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pygame

from game.scenario import MAPS_DIR, cached_scenario, list_scenarios, scenario_key, scenario_problem
from game.ui import theme
from game.ui.app import App
from game.ui.screens.base import ButtonScreen
from game.ui.widgets import Button, panel, paragraph, text


@dataclass(frozen=True, slots=True)
class Entry:
    """One map in the list: the scenario it starts, what to show, and why it cannot be played."""

    name: str  # the scenario name a game records (a name in maps/, or a map file's path)
    label: str  # the map's file name without .tmx
    title: str
    briefing: str
    status: str  # "6 turns"
    problem: str = ""  # "" when the map can be played

    @property
    def playable(self) -> bool:
        """True if the map can be started."""
        return not self.problem


def read_entries(maps_dir: Path = MAPS_DIR) -> list[Entry]:
    """Every map in the folder, playable or not (a broken one carries its one-line reason)."""
    entries = []
    for stem in list_scenarios(maps_dir):
        name = scenario_key(str(maps_dir / f"{stem}.tmx"))
        problem = scenario_problem(name)
        if problem:
            entries.append(Entry(name, stem, stem, "", "cannot be played", problem))
            continue
        sc = cached_scenario(name)
        entries.append(Entry(name, stem, sc.title, sc.briefing, f"{sc.turns} turns"))
    return entries


class ScenarioPicker(ButtonScreen):
    """Pick a scenario, read its briefing, start it hot-seat, solo or as an AI game to watch."""

    title = "Choose a scenario"

    def __init__(self, app: App, mode: str = "hotseat", maps_dir: Path = MAPS_DIR) -> None:
        self.mode = mode
        self.entries = read_entries(maps_dir)
        self.chosen = next((i for i, e in enumerate(self.entries) if e.playable), -1)  # -1: none playable
        super().__init__(app)

    def layout(self) -> None:
        """Scenario buttons on the left, Start and Back under the briefing."""
        w, h = self.app.surface.get_size()
        s = self.app.settings.ui_scale
        bh = int(46 * s)
        self.buttons = []
        for i, entry in enumerate(self.entries):
            rect = pygame.Rect(60, 130 + i * (bh + 10), int(320 * s), bh)
            btn = Button(entry.title if entry.playable else "", partial(self.choose, i), rect,
                         enabled=entry.playable, hint=entry.problem)
            btn.selected = i == self.chosen
            self.buttons.append(btn)
        label = {"hotseat": "Start hot-seat game", "solo": "Choose your side", "watch": "Choose the players"}[
            self.mode]
        start = pygame.Rect(0, 0, int(260 * s), bh)
        start.bottomright = (w - 60, h - 40)
        back = pygame.Rect(0, 0, int(140 * s), bh)
        back.bottomright = (start.left - 12, h - 40)
        self.buttons.append(Button(label, self.start, start, enabled=self.chosen >= 0))
        self.buttons.append(Button("Back", self.app.pop, back))

    def choose(self, index: int) -> None:
        """Show this scenario's briefing (a broken map cannot be chosen)."""
        if 0 <= index < len(self.entries) and self.entries[index].playable:
            self.chosen = index
            self.layout()

    def step(self, by: int) -> None:
        """Choose the next playable map up or down the list, going round."""
        n = len(self.entries)
        for k in range(1, n + 1):
            index = (self.chosen + by * k) % n
            if self.entries[index].playable:
                self.choose(index)
                return

    def start(self) -> None:
        """Open the battle screen on the chosen scenario (after the solo or watch form)."""
        from game.ui.battle.screen import BattleScreen
        from game.ui.screens.setup import SoloSetup, WatchSetup

        if self.chosen < 0:
            return
        name = self.entries[self.chosen].name
        seed = int(time.time()) % 100000
        if self.mode == "solo":
            self.app.push(SoloSetup(self.app, name, seed))
        elif self.mode == "watch":
            self.app.push(WatchSetup(self.app, name, seed))
        else:
            self.app.replace(BattleScreen.new(self.app, name, seed, self.mode))

    def handle(self, event: pygame.event.Event) -> None:
        """Up/down choose, Enter starts."""
        if event.type == pygame.KEYDOWN and self.chosen >= 0:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.step(-1 if event.key == pygame.K_UP else 1)
                return
            if event.key == pygame.K_RETURN:
                self.start()
                return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The list (broken maps greyed, with their reason), and the chosen scenario's briefing."""
        super().draw(surface)
        fonts = self.app.fonts
        for entry, btn in zip(self.entries, self.buttons, strict=False):
            if not entry.playable:
                self._draw_broken(surface, entry, btn.rect)
        left = 60 + int(320 * self.app.settings.ui_scale) + 30
        if self.chosen < 0:
            message = "No playable scenarios in maps/" if self.entries else "No scenarios in maps/"
            text(surface, message, fonts.head, (left, 130), theme.BAD)
            return
        w, h = surface.get_size()
        box = pygame.Rect(left, 130, w - left - 60, h - 130 - 110)
        panel(surface, box)
        entry = self.entries[self.chosen]
        text(surface, entry.title, fonts.get(26, True), (box.left + 20, box.top + 16), theme.GOLD)
        text(surface, f"{entry.label}  ·  {entry.status}", fonts.small, (box.left + 20, box.top + 56),
             theme.DIM)
        paragraph(surface, entry.briefing, fonts.get(17), pygame.Rect(box.left + 20, box.top + 90,
                                                                      box.width - 40, box.height - 110))

    def _draw_broken(self, surface: pygame.Surface, entry: Entry, rect: pygame.Rect) -> None:
        """A greyed entry: the map's file name, and under it why it cannot be played."""
        font = self.app.fonts.small
        text(surface, f"{entry.label} (cannot be played)", font, (rect.left + 10, rect.top + 4), theme.DIM)
        reason = entry.problem
        while reason and font.size(reason)[0] > rect.width - 20:
            reason = reason[:-2].rstrip() + "…" if len(reason) > 2 else ""
        text(surface, reason, font, (rect.left + 10, rect.centery + 2), theme.BAD)
