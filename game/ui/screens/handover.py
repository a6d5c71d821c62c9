"""The hot-seat handover: hides the table until the next player is ready."""

from __future__ import annotations

import pygame

from game.ui import places, theme
from game.ui.app import App, Screen
from game.ui.widgets import text


class HandoverScreen(Screen):
    """"Pass the mouse to Blue — click when ready", over a blank table."""

    def __init__(self, app: App, side: str, why: str = "") -> None:
        super().__init__(app)
        self.side = side
        self.why = why

    def handle(self, event: pygame.event.Event) -> places.Transition:
        """A click or Space/Enter hands the table over."""
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if clicked or (event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)):
            return places.Pop()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """The side's colour and name, large, and what is waiting for them."""
        w, h = surface.get_size()
        colour = theme.SIDE[self.side]
        name = theme.SIDE_NAME[self.side]
        pygame.draw.rect(surface, colour, (0, 0, w, 14))
        pygame.draw.rect(surface, colour, (0, h - 14, w, 14))
        centre = (w // 2, h // 2 - 90)
        pygame.draw.circle(surface, colour, centre, 56)
        if self.side == "blue":
            pygame.draw.circle(surface, (240, 240, 240), centre, 44, 6)
        else:
            pygame.draw.rect(surface, (250, 240, 220), (centre[0] - 30, centre[1] - 30, 60, 60), 6)
        fonts = self.app.fonts
        text(surface, f"Pass the mouse to {name}", fonts.title, (w // 2, h // 2), theme.TEXT, "midtop")
        if self.why:
            text(surface, self.why, fonts.head, (w // 2, h // 2 + 62), theme.SIDE_TEXT[self.side], "midtop")
        text(surface, "Click when ready", fonts.head, (w // 2, h // 2 + 110), theme.GOLD, "midtop")
        text(surface, "The table is hidden so the other player cannot see your Perk cards.",
             fonts.small, (w // 2, h - 50), theme.DIM, "midtop")
