"""The main menu."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import places, theme
from game.ui.persistence import resume_available
from game.ui.screens.base import ButtonScreen
from game.ui.widgets import text

BANNER = 90  # the width of a side banner
BANNER_MARGIN = 60  # its distance from the window's edge


class MainMenu(ButtonScreen):
    """Resume, learn to play, new solo game, new hot-seat game, campaign, load, watch AI, retinues,
    editor, rules, settings, quit."""

    title = "Destrier"

    def layout(self) -> None:
        """One column of buttons under the subtitle and above the footer, clear of the banners,
        with Resume on top when an autosave exists."""
        app = self.app
        items: list[tuple[str, Callable[[], places.Transition]]] = []
        if resume_available(app.saves_dir) is not None:
            items.append(("Resume last game", lambda: places.Push(places.Resume())))
        items += [
            ("Learn to play", lambda: places.Push(places.Tutorial())),
            ("New solo game", lambda: places.Push(places.ScenarioPicker("solo"))),
            ("New hot-seat game", lambda: places.Push(places.ScenarioPicker("hotseat"))),
            ("Campaign", lambda: places.Push(places.Campaigns())),
            ("Load game", lambda: places.Push(places.Load())),
            ("Watch AI", lambda: places.Push(places.ScenarioPicker("watch"))),
            ("Retinues", lambda: places.Push(places.Retinues())),
            ("Scenario editor", lambda: places.Push(places.Editor())),
            ("Rules", lambda: places.Push(places.Rules())),
            ("Settings", lambda: places.Push(places.Settings())),
            ("Quit", self.quit),
        ]
        w, h = app.surface.get_size()
        scale = app.settings.ui_scale
        height, gap = int(44 * scale), 10
        header = self.subtitle_bottom() + 16
        bottom = self.footer_top() - 10
        top = max(header, min(int(h * 0.31), bottom - len(items) * (height + gap) + gap))
        width = min(int(300 * scale), w - 2 * (BANNER_MARGIN + BANNER + 20))
        self.buttons = self.fit_column(items, top, bottom, width, height, gap)

    def subtitle_bottom(self) -> int:
        """The y under the subtitle."""
        return self.title_bottom() + 8 + self.app.fonts.head.get_linesize()

    def footer_top(self) -> int:
        """The y over the footer: the keys line, and the settings notice over it if any."""
        fonts, h = self.app.fonts, self.app.surface.get_height()
        lines = 2 if self.app.notice else 1
        return h - 16 - lines * (fonts.small.get_linesize() + 8)

    def quit(self) -> places.Transition:
        """Leave the game."""
        self.app.running = False
        return None

    def back(self) -> places.Transition:
        """Escape on the menu does nothing (Quit is a button)."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Title, subtitle, buttons and any settings notice."""
        w, h = surface.get_size()
        fonts = self.app.fonts
        _backdrop(surface, self.subtitle_bottom() + 10, self.footer_top() - 10)
        super().draw(surface)
        text(surface, "Ruckus skirmish in the Wars of the Roses, with horse", fonts.head,
             (w // 2, self.title_bottom() + 8), theme.TEXT, "midtop")
        keys = self.app.keys
        line = fonts.small.get_linesize() + 8
        text(surface, f"{keys.label('rules')} rules anywhere  ·  {keys.label('fullscreen')} full screen  ·  "
             f"{keys.label('mute')} sound on/off", fonts.small, (w // 2, h - 8 - line), theme.DIM, "midtop")
        if self.app.notice:
            text(surface, self.app.notice, fonts.small, (w // 2, h - 8 - 2 * line), theme.BAD, "midtop")


def _backdrop(surface: pygame.Surface, top: int, bottom: int) -> None:
    """Two side banners in the players' colours, quartered like heraldry, between `top` and
    `bottom` (none where there is no room)."""
    w, _ = surface.get_size()
    height = min(300, bottom - top)
    if height < 120:
        return
    for i, side in enumerate(("red", "blue")):
        x = BANNER_MARGIN if i == 0 else w - BANNER_MARGIN - BANNER
        rect = pygame.Rect(x, top, BANNER, height)
        pygame.draw.rect(surface, theme.SIDE[side], rect)
        pygame.draw.polygon(surface, theme.BG, [(rect.left, rect.bottom), (rect.centerx, rect.bottom - 30),
                                               (rect.right, rect.bottom)])
        if side == "blue":
            pygame.draw.circle(surface, (240, 240, 240), (rect.centerx, rect.top + 60), 26, 5)
        else:
            pygame.draw.rect(surface, (250, 240, 220), (rect.centerx - 22, rect.top + 38, 44, 44), 5)
