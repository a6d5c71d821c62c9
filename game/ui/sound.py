"""Sound effects through pygame.mixer, opened and loaded only when first needed.

Where there is no audio device, or an effect's file is missing or broken, the game stays silent:
the first problem is logged as one line and kept as `SoundBoard.notice`, never raised. The
effects are synthesised by tools/make_sounds.py.
"""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pygame

from game.bounded import FileRefused, read_bytes
from game.resources import SOUNDS_DIR

EFFECTS = ("dice", "hooves", "steps", "charge", "bowstring", "handgun", "clash", "bolting", "wheels",
           "crash")
MAX_SOUND_BYTES = 2_000_000  # the longest effect is under 150 kB
CHANNELS = 12  # effects sounding at once; a further one waits for none, it is simply not heard
log = logging.getLogger(__name__)


class SoundBoard:
    """Plays the named effects at the player's volume; silent when muted or without a device."""

    def __init__(self, folder: Path = SOUNDS_DIR, volume: int = 80, muted: bool = False) -> None:
        self.folder = folder
        self.volume = volume
        self.muted = muted
        self.notice = ""  # the first reason for silence, "" while all is well
        self.started: list[str] = []  # every effect started, oldest first (the last few kept)
        self._mixer: bool | None = None  # None: not tried yet
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}

    @property
    def audible(self) -> bool:
        """True unless muted or at volume 0."""
        return not self.muted and self.volume > 0

    def configure(self, volume: int, muted: bool) -> None:
        """Take the player's volume (0-100) and mute; muting silences what is sounding."""
        self.volume, self.muted = max(0, min(100, volume)), muted
        if not self.audible and self._mixer:
            pygame.mixer.stop()

    def play(self, effect: str) -> bool:
        """Start an effect; False if nothing is heard (muted, no device, no file, every channel busy)."""
        if not self.audible or not self._ready():
            return False
        sound = self._sound(effect)
        if sound is None:
            return False
        sound.set_volume((self.volume / 100) ** 2)  # the ear hears the square as even steps
        if sound.play() is None:
            return False
        self.started = [*self.started[-31:], effect]
        return True

    def available(self) -> bool:
        """True if sound can be heard here (opens the mixer if it was not yet); see `notice`."""
        return self._ready()

    def _ready(self) -> bool:
        """Open the mixer the first time it is needed; a failure means silence from then on."""
        if self._mixer is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                pygame.mixer.set_num_channels(CHANNELS)
                self._mixer = True
            except (pygame.error, OSError) as exc:
                self._mixer = False
                self._tell(f"No sound: the audio device could not be opened ({exc}).")
        return self._mixer

    def _sound(self, effect: str) -> pygame.mixer.Sound | None:
        """The effect's sound, loaded once (None if it cannot be)."""
        if effect not in self._sounds:
            path = self.folder / f"{effect}.wav"
            try:
                raw = read_bytes(path, MAX_SOUND_BYTES)
                self._sounds[effect] = pygame.mixer.Sound(file=io.BytesIO(raw))
            except FileRefused as exc:
                self._sounds[effect] = None
                self._tell(f"No sound for {effect}: {path} is not read ({exc.reason}).")
            except (pygame.error, OSError) as exc:
                self._sounds[effect] = None
                self._tell(f"No sound for {effect}: {path} could not be loaded ({exc}).")
        return self._sounds[effect]

    def _tell(self, line: str) -> None:
        """Report the first problem only: one line in the log, kept for the settings screen."""
        if not self.notice:
            self.notice = line.splitlines()[0] if line else line
            log.warning(self.notice)
