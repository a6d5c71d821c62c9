"""The settings screen: hot-seat blindfold, animation speed, AI speed, the question before a Spear is
ended early, UI scale."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.screens.base import ButtonScreen
from game.ui.solo import AI_SPEEDS
from game.ui.widgets import Button, text

SPEEDS = (0.0, 0.5, 1.0, 2.0)
SCALES = (0.75, 1.0, 1.25, 1.5)


def _next(values: tuple[float, ...], now: float) -> float:
    later = [v for v in values if v > now + 1e-9]
    return later[0] if later else values[0]


class SettingsScreen(ButtonScreen):
    """Each setting is a button that cycles its value; changes are saved at once."""

    title = "Settings"

    def layout(self) -> None:
        """One button per setting, plus Back."""
        st = self.app.settings
        w, h = self.app.surface.get_size()
        s = st.ui_scale
        speed = "off" if st.animation_speed == 0 else f"{st.animation_speed:g}x"
        rows = [
            (f"Hot-seat blindfold: {'on' if st.blindfold else 'off'}", self.toggle_blindfold),
            (f"Animation speed: {speed}", self.cycle_speed),
            (f"AI speed: {st.ai_speed}", self.cycle_ai_speed),
            (f"Ask before ending a Spear early: {'on' if st.confirm_end_spear else 'off'}",
             self.toggle_confirm_end_spear),
            (f"UI scale: {st.ui_scale:g}x", self.cycle_scale),
            ("Back", self.app.pop),
        ]
        self.buttons = []
        step = min(int(60 * s), (h - 150 - 80) // len(rows))  # above the notes at the bottom
        for i, (label, action) in enumerate(rows):
            rect = pygame.Rect(0, 0, int(380 * s), min(int(46 * s), step - 8))
            rect.midtop = (w // 2, 150 + i * step)
            self.buttons.append(Button(label, action, rect))
        self.message = getattr(self, "message", "")

    def _changed(self) -> None:
        self.message = self.app.apply_settings() or "Saved."
        self.layout()

    def toggle_blindfold(self) -> None:
        """Hot-seat handover screen on or off."""
        self.app.settings.blindfold = not self.app.settings.blindfold
        self._changed()

    def toggle_confirm_end_spear(self) -> None:
        """The question before a Spear is ended with models still to activate, on or off."""
        self.app.settings.confirm_end_spear = not self.app.settings.confirm_end_spear
        self._changed()

    def cycle_speed(self) -> None:
        """Animations off, half, normal, double."""
        self.app.settings.animation_speed = _next(SPEEDS, self.app.settings.animation_speed)
        self._changed()

    def cycle_ai_speed(self) -> None:
        """How fast the AI plays: slow, normal, fast, instant."""
        now = AI_SPEEDS.index(self.app.settings.ai_speed)
        self.app.settings.ai_speed = AI_SPEEDS[(now + 1) % len(AI_SPEEDS)]  # type: ignore[assignment]
        self._changed()

    def cycle_scale(self) -> None:
        """Text and panel size."""
        self.app.settings.ui_scale = _next(SCALES, self.app.settings.ui_scale)
        self._changed()

    def draw(self, surface: pygame.Surface) -> None:
        """Buttons, the key list and the save message."""
        super().draw(surface)
        w, h = surface.get_size()
        fonts = self.app.fonts
        text(surface, "Key bindings can be changed in settings.json (keys: action -> key names).",
             fonts.small, (w // 2, h - 60), theme.DIM, "midtop")
        if self.message:
            colour = theme.GOOD if self.message == "Saved." else theme.BAD
            text(surface, self.message, fonts.small, (w // 2, h - 36), colour, "midtop")
