"""The result screen: winner, Valour, casualties, and an offer to save the replay. A campaign's battle
is written into its campaign file as soon as the screen opens, and the screen leads back to the
campaign instead of the main menu."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pygame

from game.persist import Match, SaveError, save_game
from game.rules.state import SIDES, Side
from game.scenario import scenario_label
from game.ui import places, theme
from game.ui.app import App
from game.ui.campaign_link import record_battle
from game.ui.eventtext import content_name
from game.ui.screens.base import TITLE_TOP, ButtonScreen
from game.ui.widgets import Button, fit, panel, text, wrap


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

    def __init__(self, app: App, match: Match, campaign: Path | None = None) -> None:
        self.match = match
        self.message = ""
        self.campaign = campaign  # the campaign file the battle was fought for
        self.refused = False  # its campaign could not take it: the way out is the main menu itself
        if campaign is not None:
            self.message = record_battle(campaign, match)[1]
        super().__init__(app)
        if campaign is not None:
            self.focus = 1  # Enter goes on with the campaign

    def layout(self) -> None:
        """Save replay and Main menu (or Continue the campaign), side by side at the bottom, as wide
        as their labels want."""
        w, h = self.app.surface.get_size()
        font, s = self.app.fonts.body, self.app.fonts.scale
        labels = ("Save the replay", "Main menu" if self.campaign is None else "Continue the campaign")
        bw = min(max(int(220 * s), *(font.size(label)[0] + int(40 * s) for label in labels)), (w - 60) // 2)
        bh = font.get_linesize() + int(22 * s)
        bottom = h - self.footer_height()
        save = pygame.Rect(0, 0, bw, bh)
        save.bottomright = (w // 2 - 10, bottom)
        menu = pygame.Rect(0, 0, bw, bh)
        menu.bottomleft = (w // 2 + 10, bottom)
        self.buttons = [Button(labels[0], self.save, save), Button(labels[1], self.menu, menu)]

    def footer_height(self) -> int:
        """The room under the buttons: the line that says where the replay went."""
        return self.app.fonts.small.get_linesize() + 24

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
        """Back to the main menu, or to the editor after a test play; a campaign's battle goes back
        to its campaign (its result written there): to the campaign's screen it was fought from,
        else one opened in the battle's stead."""
        if self.campaign is not None:
            _, problem = record_battle(self.campaign, self.match)
            if not problem and any(s.games_return_here for s in self.app.stack):
                return places.Reset(places.Campaign(self.campaign), to_origin=True)
            if not problem:
                return places.Pop(then=places.Replace(places.Campaign(self.campaign)))
            # said, and the way out is the main menu (the replay may still be saved first)
            self.message, self.campaign = f"The campaign could not take this battle: {problem}", None
            self.refused = True
            self.layout()
            return None
        return places.Reset(places.MainMenu(), to_origin=not self.refused)

    def back(self) -> places.Transition:
        """Escape goes to the menu."""
        return self.menu()

    def retinue_name(self, side: Side) -> str:
        """The name of the retinue a side fielded: its roster's, or the scenario's retinue's."""
        roster = self.match.rosters.get(side)
        if roster is not None:
            return roster.name
        return content_name("retinues", self.match.engine.state.sides[side].retinue)

    def side_lines(self, side: Side) -> list[tuple[str, pygame.font.Font, theme.Colour]]:
        """What a side's panel says, line by line, with each line's font and colour."""
        state, fonts = self.match.engine.state, self.app.fonts
        sd = state.sides[side]
        lines = [(theme.SIDE_NAME[side], fonts.head, theme.SIDE_TEXT[side]),
                 (self.retinue_name(side), fonts.body, theme.SIDE_TEXT[side]),
                 (f"Valour: {sd.valour}", fonts.get(24, True), theme.TEXT),
                 (f"Still standing: {len(state.living(side))} of {sd.start_models}", fonts.body, theme.TEXT)]
        lost = casualties(self.match)[side]
        lines += [(f"{why.capitalize()}: {n}", fonts.body, theme.DIM) for why, n in sorted(lost.items())]
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        """The verdict, one panel per side (as large as its lines want, within the window), how
        the carts ended, the buttons."""
        w, _ = surface.get_size()
        text(surface, self.title, self.app.fonts.title, (w // 2, TITLE_TOP), theme.GOLD, "midtop")
        self.draw_verdict(surface)
        self.draw_buttons(surface)
        if self.message:
            text(surface, fit(self.message, self.app.fonts.small, w - 40), self.app.fonts.small,
                 (w // 2, surface.get_height() - self.footer_height() + 8), theme.GOLD, "midtop")

    def draw_verdict(self, surface: pygame.Surface) -> None:
        """Who won and why, a panel per side and how the carts ended, above the buttons (a panel
        too tall for the room left is cut short)."""
        state = self.match.engine.state
        w, _ = surface.get_size()
        fonts, s = self.app.fonts, self.app.fonts.scale
        if state.winner in theme.SIDE:
            verdict, colour = f"{theme.SIDE_NAME[state.winner]} wins", theme.SIDE_TEXT[state.winner]
        else:
            verdict, colour = "A draw", theme.TEXT
        y = text(surface, verdict, fonts.get(34, True), (w // 2, self.title_bottom() + 8), colour,
                 "midtop").bottom
        y = text(surface, (state.result or "").capitalize(), fonts.body, (w // 2, y + 4), theme.DIM,
                 "midtop").bottom + int(16 * s)
        pad, gap = int(18 * s), int(40 * s)
        said = {side: self.side_lines(side) for side in SIDES}
        widest = max(font.size(line)[0] for lines in said.values() for line, font, _ in lines)
        width = min(max(int(300 * s), widest + 2 * pad), (w - 40 - gap) // 2)
        sides = {side: [(part, font, tint) for line, font, tint in lines
                        for part in wrap(line, font, width - 2 * pad)] for side, lines in said.items()}
        height = max(sum(font.get_linesize() for _, font, _ in lines) for lines in sides.values()) + 2 * pad
        height = max(0, min(height, self.buttons[0].rect.top - int(12 * s) - y))
        for i, side in enumerate(SIDES):
            box = pygame.Rect(0, y, width, height)
            box.centerx = w // 2 + (-1 if i == 0 else 1) * (width + gap) // 2
            panel(surface, box)
            pygame.draw.rect(surface, theme.SIDE[side], (box.left, box.top, box.width, max(4, int(8 * s))))
            ly = box.top + pad
            for line, font, tint in sides[side]:
                if ly + font.get_linesize() > box.bottom - pad // 2:
                    break
                text(surface, fit(line, font, width - 2 * pad), font, (box.left + pad, ly), tint)
                ly += font.get_linesize()
        y += height + int(16 * s)
        for v in state.vehicles:
            text(surface, vehicle_fate(v.name, v.removed, v.disabled, v.health, v.escort_valour, v.side),
                 fonts.body, (w // 2, y), theme.TEXT, "midtop")
            y += fonts.body.get_linesize()

