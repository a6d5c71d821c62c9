"""Colours and fonts shared by every screen."""

from __future__ import annotations

import pygame

from game.ui.sides import SIDE_NAME as SIDE_NAME  # the names live apart, free of pygame

Colour = tuple[int, int, int]

BG: Colour = (26, 24, 21)
PANEL: Colour = (38, 35, 31)
PANEL_EDGE: Colour = (92, 80, 60)
TEXT: Colour = (236, 226, 204)
DIM: Colour = (170, 160, 140)
GOLD: Colour = (232, 190, 70)
GOOD: Colour = (120, 210, 120)
BAD: Colour = (240, 110, 90)
BUTTON: Colour = (66, 58, 46)
BUTTON_HOVER: Colour = (96, 84, 62)
BUTTON_OFF: Colour = (48, 45, 40)
CHOSEN: Colour = (122, 95, 34)  # a chosen option of a form (a side, a level)
CHOSEN_TEXT: Colour = (255, 243, 208)
# colour-blind-safe side colours (orange against blue), with a second cue drawn on the tokens
SIDE: dict[str, Colour] = {"red": (230, 120, 20), "blue": (40, 110, 225)}
SIDE_TEXT: dict[str, Colour] = {"red": (255, 170, 90), "blue": (130, 180, 255)}

_FACES = "dejavusans,dejavu sans,freesans,liberationsans,arial"


class Fonts:
    """Fonts by role, scaled by the UI scale and cached."""

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        """A font of this nominal size (before UI scale)."""
        px = max(8, round(size * self.scale))
        key = (px, bold)
        if key not in self._cache:
            self._cache[key] = pygame.font.SysFont(_FACES, px, bold=bold)
        return self._cache[key]

    @property
    def small(self) -> pygame.font.Font:
        """Log lines and hints."""
        return self.get(13)

    @property
    def body(self) -> pygame.font.Font:
        """Ordinary text."""
        return self.get(15)

    @property
    def head(self) -> pygame.font.Font:
        """Panel headings."""
        return self.get(18, bold=True)

    @property
    def title(self) -> pygame.font.Font:
        """Screen titles."""
        return self.get(40, bold=True)
