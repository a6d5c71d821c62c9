"""The settings screen: hot-seat blindfold, animation speed, AI speed, the question before a Spear is
ended early, the view that follows the active model, deploying by hand, UI scale, sound."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game.ui import places, theme
from game.ui.screens.base import ButtonScreen
from game.ui.settings import SCALES
from game.ui.solo import AI_SPEEDS
from game.ui.widgets import Button, text

SPEEDS = (0.0, 0.5, 1.0, 2.0)
VOLUME_STEP = 10
SAMPLE = "dice"  # the effect heard when the volume changes


def _next(values: tuple[float, ...], now: float) -> float:
    later = [v for v in values if v > now + 1e-9]
    return later[0] if later else values[0]


class SettingsScreen(ButtonScreen):
    """Each setting is a button that cycles its value; changes are saved at once."""

    title = "Settings"

    def layout(self) -> None:
        """One button per setting, plus Back."""
        st = self.app.settings
        w, _ = self.app.surface.get_size()
        s = st.ui_scale
        speed = "off" if st.animation_speed == 0 else f"{st.animation_speed:g}x"
        mute = self.app.keys.label("mute")
        rows: list[tuple[str, Callable[[], object]]] = [
            (f"Hot-seat blindfold: {'on' if st.blindfold else 'off'}", self.toggle_blindfold),
            (f"Animation speed: {speed}", self.cycle_speed),
            (f"AI speed: {st.ai_speed}", self.cycle_ai_speed),
            (f"Ask before ending a Spear early: {'on' if st.confirm_end_spear else 'off'}",
             self.toggle_confirm_end_spear),
            (f"View follows the active model: {'on' if st.follow_camera else 'off'}",
             self.toggle_follow_camera),
            (f"Deploy by hand before the first card: {'on' if st.deploy_by_hand else 'off'}",
             self.toggle_deploy_by_hand),
            (f"UI scale: {f'auto ({st.ui_scale:g}x)' if st.ui_scale_auto else f'{st.ui_scale:g}x'}",
             self.cycle_scale),
            (f"Sound: {'off' if st.sound_muted else 'on'}  ({mute})", self.toggle_sound),
            (f"Volume: {st.sound_volume}%  (← →)", self.sample),
            ("Back", places.Pop),
        ]
        height = int(46 * s)
        width = min(int(380 * s), w - 2 * (height + 16) - 40)  # room for - and + beside the volume
        self.buttons = self.fit_column(rows, self.title_bottom() + 20, self.footer_top() - 10, width,
                                       height, int(10 * s))
        volume = next((b.rect for b in self.buttons if b.action == self.sample), None)
        if volume is not None:  # (scrolled out of sight, the volume has no - and + either)
            self.buttons += self._volume_steps(volume)
        self.app.sound.available()  # so that a missing audio device is told here
        self.message = getattr(self, "message", "")

    def _volume_steps(self, volume: pygame.Rect) -> list[Button]:
        """The - and + buttons either side of the volume's."""
        out = []
        side = volume.height
        for sign, label in ((-1, "-"), (1, "+")):
            rect = pygame.Rect(0, 0, side, side)
            rect.center = (volume.left - side // 2 - 8 if sign < 0 else volume.right + side // 2 + 8,
                           volume.centery)
            step_ok = 0 <= self.app.settings.sound_volume + sign * VOLUME_STEP <= 100
            out.append(Button(label, partial(self.step_volume, sign), rect, enabled=step_ok))
        return out

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

    def toggle_follow_camera(self) -> None:
        """The table's view following the model that moves, on or off."""
        self.app.settings.follow_camera = not self.app.settings.follow_camera
        self._changed()

    def toggle_deploy_by_hand(self) -> None:
        """Whether a new game's form offers deploying by hand (or in ranks) first."""
        self.app.settings.deploy_by_hand = not self.app.settings.deploy_by_hand
        self._changed()

    def focusable(self, index: int) -> bool:
        """The settings and Back (the volume's - and + are Left and Right on the volume)."""
        button = self.buttons[index]
        return button.enabled and button.label not in ("-", "+")

    def nudge(self, button: Button, by: int) -> None:
        """Left or Right on the volume turns it down or up a step."""
        if button.action == self.sample:
            self.step_volume(by)

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
        """Text and panel size: the size that suits the window, then each size in turn."""
        st = self.app.settings
        if st.ui_scale_auto:
            st.ui_scale_auto, st.ui_scale = False, SCALES[0]
        elif st.ui_scale >= SCALES[-1]:
            st.ui_scale_auto = True
        else:
            st.ui_scale = _next(SCALES, st.ui_scale)
        self._changed()

    def footer_top(self) -> int:
        """The y over the lines under the buttons: the save message, the key note, a sound notice."""
        line = self.app.fonts.small.get_linesize() + 8
        return self.app.surface.get_height() - 20 - 3 * line

    def toggle_sound(self) -> None:
        """Sound effects on or off."""
        self.app.settings.sound_muted = not self.app.settings.sound_muted
        self._changed()
        self.app.sound.play(SAMPLE)

    def step_volume(self, sign: int) -> None:
        """Volume up or down a step; the new loudness is heard at once."""
        st = self.app.settings
        st.sound_volume = max(0, min(100, st.sound_volume + sign * VOLUME_STEP))
        self._changed()
        self.app.sound.play(SAMPLE)

    def sample(self) -> None:
        """Hear the sound at the volume set."""
        if not self.app.sound.play(SAMPLE):
            self.message = self.app.sound.notice or ("The sound is off." if not self.app.sound.audible
                                                     else "")

    def say(self, msg: str) -> None:
        """Show a message under the buttons (the mute key's)."""
        self.message = msg
        self.layout()

    def draw(self, surface: pygame.Surface) -> None:
        """Buttons, the key list and the save message."""
        super().draw(surface)
        w, h = surface.get_size()
        fonts = self.app.fonts
        line = fonts.small.get_linesize() + 8
        text(surface, "Key bindings can be changed in settings.json (keys: action -> key names).",
             fonts.small, (w // 2, h - 20 - 2 * line), theme.DIM, "midtop")
        if self.app.sound.notice:
            text(surface, self.app.sound.notice, fonts.small, (w // 2, h - 20 - 3 * line), theme.DIM,
                 "midtop")
        if self.message:
            colour = theme.BAD if self.message.startswith(("Could not", "No sound")) else theme.GOOD
            text(surface, self.message, fonts.small, (w // 2, h - 20 - line), colour, "midtop")
