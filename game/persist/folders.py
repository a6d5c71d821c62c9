"""Where the player's own files live: the platform's user folders (platformdirs), one place for all.

`DESTRIER_DATA_DIR` moves the whole user folder (tests and portable installs use it)."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir

APP = "destrier"
DATA_ENV = "DESTRIER_DATA_DIR"


def data_dir() -> Path:
    """The player's data folder (not created here)."""
    override = os.environ.get(DATA_ENV)
    return Path(override) if override else Path(user_data_dir(APP, appauthor=False))


def scenarios_dir(create: bool = True) -> Path:
    """The folder of the player's own scenarios (maps made in the editor or copied in)."""
    folder = data_dir() / "scenarios"
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder
