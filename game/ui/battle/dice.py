"""Dice shown rolling for DiceRolled events, then resting on their faces for a moment."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from game.rules.events import DiceRolled
from game.ui import theme
from game.ui.battle.cache import rendered

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
_cosmetic = random.Random()  # tumbling faces only; every real roll comes from the engine


@dataclass
class Die:
    """One die on the tray."""

    event: DiceRolled
    age: float = 0.0
    delay: float = 0.0


class DiceTray:
    """Animates the dice of the last command."""

    def __init__(self) -> None:
        self.dice: list[Die] = []
        self.roll_time = 0.6
        self.hold_time = 2.2

    def throw(self, events: list[DiceRolled], speed: float) -> None:
        """Start rolling these dice (speed 0: no animation)."""
        if speed <= 0 or not events:
            self.dice = []
            return
        self.roll_time = 0.6 / speed
        self.hold_time = 2.2 / speed
        self.dice = [Die(e, 0.0, i * 0.12 / speed) for i, e in enumerate(events[-8:])]

    def update(self, dt: float) -> None:
        """Advance the dice; drop them once they have rested long enough."""
        for d in self.dice:
            d.age += dt
        if self.dice and all(d.age > d.delay + self.roll_time + self.hold_time for d in self.dice):
            self.dice = []

    @property
    def busy(self) -> bool:
        """True while any die is still tumbling."""
        return any(d.age < d.delay + self.roll_time for d in self.dice)

    def draw(self, surface: pygame.Surface, centre_top: tuple[int, int], font: pygame.font.Font) -> None:
        """The dice in a row, each labelled with its purpose while it rests."""
        size, gap = 46, 12
        shown = [d for d in self.dice if d.age >= d.delay]
        if not shown:
            return
        total = len(shown) * (size + gap) - gap
        x = centre_top[0] - total // 2
        for d in shown:
            rolling = d.age < d.delay + self.roll_time
            face = _cosmetic.randint(1, d.event.sides) if rolling else d.event.value
            rect = pygame.Rect(x, centre_top[1] + (int(6 * _cosmetic.random()) if rolling else 0), size, size)
            image = die_image(face, d.event.sides, size, font)
            surface.blit(image, rect.inflate(4, 4))
            x += size + gap
        last = shown[-1]
        if last.age >= last.delay + self.roll_time:
            msg = last.event.purpose
            img = rendered(font, msg, theme.TEXT)
            box = img.get_rect(midtop=(centre_top[0], centre_top[1] + size + 8)).inflate(12, 6)
            pygame.draw.rect(surface, (20, 18, 15), box, border_radius=4)
            surface.blit(img, img.get_rect(center=box.center))


_faces: dict[tuple[int, int, int, pygame.font.Font], pygame.Surface] = {}


def die_image(face: int, sides: int, size: int, font: pygame.font.Font) -> pygame.Surface:
    """A die showing a face, with its dark rim, drawn once (clear around the rounded corners); the
    tray's dice and the campaign's rolls are drawn by it."""
    key = (face, sides, size, font)
    image = _faces.get(key)
    if image is None:
        if len(_faces) > 256:
            _faces.clear()
        image = _faces[key] = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
        _draw_die(image, pygame.Rect(2, 2, size, size), face, sides, font)
    return image


def _draw_die(surface: pygame.Surface, rect: pygame.Rect, face: int, sides: int,
              font: pygame.font.Font) -> None:
    pygame.draw.rect(surface, (10, 10, 10), rect.inflate(4, 4), border_radius=9)
    pygame.draw.rect(surface, (245, 238, 220), rect, border_radius=8)
    if sides == 6:
        step = rect.width // 4
        for px, py in PIPS.get(face, []):
            pygame.draw.circle(surface, (30, 20, 20), (rect.centerx + px * step, rect.centery + py * step), 5)
    else:
        img = font.render(str(face), True, (30, 20, 20))
        surface.blit(img, img.get_rect(center=rect.center))
        tag = font.render(f"d{sides}", True, (120, 100, 90))
        surface.blit(tag, tag.get_rect(bottomright=(rect.right - 3, rect.bottom)))
