"""The result screen: winner, Valour, casualties, and an offer to save the replay."""

from __future__ import annotations

from datetime import datetime

import pygame

from game.persist import Match, SaveError, save_game
from game.rules.state import SIDES
from game.scenario import scenario_label
from game.ui import places, theme
from game.ui.app import App
from game.ui.eventtext import content_name
from game.ui.screens.base import ButtonScreen
from game.ui.widgets import Button, panel, text


def casualties(match: Match) -> dict[str, dict[str, int]]:
    """Per side: models lost by how they left the table, and steeds lost."""
    out: dict[str, dict[str, int]] = {"red": {}, "blue": {}}
    for m in match.engine.state.models:
        if m.removed and m.side in out:
            key = "steeds" if m.riderless else m.removed
            out[m.side][key] = out[m.side].get(key, 0) + 1
    return out


def vehicle_fate(name: str, removed: str, disabled: bool, health: int, valour: int, side: str) -> str:
    """One line on how a cart or wagon ended the game."""
    owner = theme.SIDE_NAME.get(side, "")
    if removed == "escaped":
        return f"The {name} got away ({owner} +{valour} Valour)" if valour else f"The {name} got away"
    if disabled:
        foe = theme.SIDE_NAME.get("blue" if side == "red" else "red", "")
        if valour and owner:
            return f"The {name} was wrecked ({foe} +{valour} Valour)"
        return f"The {name} was wrecked"
    return f"The {name} is still on the table (Health {health})"


class ResultScreen(ButtonScreen):
    """Shown when the game ends."""

    title = "The field is decided"

    def __init__(self, app: App, match: Match) -> None:
        self.match = match
        self.message = ""
        super().__init__(app)

    def layout(self) -> None:
        """Save replay and Main menu."""
        w, h = self.app.surface.get_size()
        s = self.app.settings.ui_scale
        save = pygame.Rect(0, 0, int(220 * s), int(46 * s))
        save.bottomright = (w // 2 - 10, h - 50)
        menu = pygame.Rect(0, 0, int(220 * s), int(46 * s))
        menu.bottomleft = (w // 2 + 10, h - 50)
        self.buttons = [Button("Save the replay", self.save, save), Button("Main menu", self.menu, menu)]

    def save(self) -> None:
        """Write the whole game to saves/ as a replay."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = self.app.saves_dir / f"replay-{scenario_label(self.match.scenario)}-{stamp}.json"
        try:
            self.app.saves_dir.mkdir(parents=True, exist_ok=True)
            save_game(self.match, path)
            self.message = f"Replay saved to {path}"
        except (SaveError, OSError) as exc:
            self.message = f"Could not save the replay: {exc}"

    def menu(self) -> places.Transition:
        """Back to the main menu, or to the editor after a test play."""
        return places.Reset(places.MainMenu(), to_origin=True)

    def back(self) -> places.Transition:
        """Escape goes to the menu."""
        return self.menu()

    def draw(self, surface: pygame.Surface) -> None:
        """The verdict and one column per side."""
        super().draw(surface)
        state = self.match.engine.state
        w, _ = surface.get_size()
        fonts = self.app.fonts
        if state.winner in theme.SIDE:
            verdict, colour = f"{theme.SIDE_NAME[state.winner]} wins", theme.SIDE_TEXT[state.winner]
        else:
            verdict, colour = "A draw", theme.TEXT
        text(surface, verdict, fonts.get(34, True), (w // 2, 110), colour, "midtop")
        text(surface, (state.result or "").capitalize(), fonts.body, (w // 2, 165), theme.DIM, "midtop")
        lost = casualties(self.match)
        for i, side in enumerate(SIDES):
            box = pygame.Rect(0, 0, 340, 230)
            box.midtop = (w // 2 + (-190 if i == 0 else 190), 220)
            panel(surface, box)
            pygame.draw.rect(surface, theme.SIDE[side], (box.left, box.top, box.width, 8))
            sd = state.sides[side]
            text(surface, f"{theme.SIDE_NAME[side]} ({content_name('retinues', sd.retinue)})", fonts.head,
                 (box.left + 18, box.top + 20), theme.SIDE_TEXT[side])
            text(surface, f"Valour: {sd.valour}", fonts.get(24, True), (box.left + 18, box.top + 56))
            left = len(state.living(side))
            text(surface, f"Still standing: {left} of {sd.start_models}", fonts.body,
                 (box.left + 18, box.top + 100))
            y = box.top + 128
            for why, n in sorted(lost[side].items()):
                text(surface, f"{why.capitalize()}: {n}", fonts.body, (box.left + 18, y), theme.DIM)
                y += fonts.body.get_linesize()
        y = 470
        for v in state.vehicles:
            text(surface, vehicle_fate(v.name, v.removed, v.disabled, v.health, v.escort_valour, v.side),
                 fonts.body, (w // 2, y), theme.TEXT, "midtop")
            y += fonts.body.get_linesize()
        if self.message:
            text(surface, self.message, fonts.small, (w // 2, surface.get_height() - 30), theme.GOLD,
                 "midtop")
