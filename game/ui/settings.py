"""Player settings: a pydantic model stored as JSON in the user's config folder."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from game.bounded import FileRefused, read_text
from game.persist.folders import SETTINGS_FILE
from game.persist.folders import config_dir as user_config_dir
from game.persist.saves import write_atomic
from game.ui.keys import DEFAULT_BINDINGS

__all__ = ["SCALES", "SETTINGS_FILE", "Settings", "auto_scale", "config_dir", "load_settings",
           "save_settings"]

MAX_SETTINGS_BYTES = 1_000_000  # a settings file is a few kB
SCALES = (0.75, 1.0, 1.25, 1.5, 2.0)  # the UI scales a player may choose
DESIGN_SIZE = (1280, 720)  # the window the scale 1 is drawn for


def auto_scale(size: tuple[int, int]) -> float:
    """The UI scale that suits a window: the largest offered scale the window holds as the design
    window holds scale 1 (1 at the least: the text is never drawn smaller than designed)."""
    room = min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1])
    return max([1.0] + [s for s in SCALES if s <= room + 1e-9])


class Settings(BaseModel):
    """What a player may change: UI scale (or one that follows the window), hot-seat blindfold,
    animation and AI speed, the question before a Spear is ended early, the view that follows the
    active model, whether a new game's form offers deploying by hand first, sound, keys.

    Each value must be of its own type (strict): `true` is no volume or scale, and `"yes"` or
    `"off"` no switch; a whole number is still a scale or a speed."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)
    ui_scale: float = Field(1.0, ge=0.75, le=2.0, strict=True, description="Size of text and panels "
                            "(worked out from the window's size while ui_scale_auto is on).")
    ui_scale_auto: bool = Field(True, strict=True, description="The UI scale follows the window's size.")
    blindfold: bool = Field(True, strict=True, description="Hide the table between the sides in hot-seat.")
    animation_speed: float = Field(1.0, ge=0.0, le=4.0, strict=True, description="0 turns animations off.")
    ai_speed: Literal["slow", "normal", "fast", "instant"] = Field(
        "normal", description="How fast an AI player's commands follow each other.")
    confirm_end_spear: bool = Field(
        True, strict=True, description="Ask before ending a Spear whose models could still activate.")
    sound_volume: int = Field(80, ge=0, le=100, strict=True,
                              description="Loudness of the sound effects, 0-100.")
    sound_muted: bool = Field(False, strict=True, description="No sound effects at all.")
    follow_camera: bool = Field(True, strict=True, description="The table's view follows the active "
                                "model, the AI's included, when he moves out of view.")
    deploy_by_hand: bool = Field(True, strict=True, description="A new game's form offers deploying by "
                                 "hand first: the players stand their Spears in turn before the first "
                                 "card (else both sides start in ranks in their zones).")
    keys: dict[str, list[str]] = Field(default_factory=lambda: {k: list(v) for k, v in
                                                                DEFAULT_BINDINGS.items()},
                                       description="Semantic action -> key names.")

    @model_validator(mode="before")
    @classmethod
    def _scale_chosen(cls, data: object) -> object:
        """A scale given without saying whether it follows the window (an older settings file, or
        a scale chosen in code) is the player's choice: it does not follow the window."""
        if isinstance(data, dict) and "ui_scale" in data and "ui_scale_auto" not in data:
            return {**data, "ui_scale_auto": False}
        return data


def config_dir() -> Path:
    """The settings folder (game.persist.folders.config_dir): $DESTRIER_CONFIG_DIR, else
    $DESTRIER_DATA_DIR, else the platform's user config folder. The first time, a settings.json
    of an older version (in ~/.config/destrier) is copied in; if the folder cannot be made, its
    name is still returned (saving then says why it failed)."""
    try:
        return user_config_dir(create=True)
    except OSError:
        return user_config_dir(create=False)


def load_settings(folder: Path | None = None) -> tuple[Settings, str]:
    """The saved settings and a notice ("" when all went well); a bad file gives the defaults."""
    path = (folder or config_dir()) / SETTINGS_FILE
    if not os.path.lexists(path):
        return Settings(), ""
    try:
        data = json.loads(read_text(path, MAX_SETTINGS_BYTES))
        return Settings.model_validate(data), ""
    except FileRefused as exc:
        first = exc.reason
    except RecursionError:
        first = "nested too deeply"
    except ValidationError as exc:
        err = exc.errors()[0]
        first = f"{'.'.join(str(p) for p in err['loc']) or 'the file'}: {err['msg']}"[:120]
    except (OSError, ValueError) as exc:
        first = str(exc).splitlines()[0][:120]
    first = first.encode("ascii", "backslashreplace").decode("ascii")
    return Settings(), f"Settings file {path} could not be read ({first}); using the defaults."


def save_settings(settings: Settings, folder: Path | None = None) -> str:
    """Write the settings atomically (the old file or the new one, never half); returns "" or the
    reason it failed."""
    target = folder or config_dir()
    try:
        target.mkdir(parents=True, exist_ok=True)
        write_atomic(target / SETTINGS_FILE, settings.model_dump_json(indent=2).encode("utf-8"))
    except OSError as exc:
        return f"Could not save settings: {exc}"
    return ""
