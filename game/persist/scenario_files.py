"""Saving an edited scenario to disk: the map, and beside it the tileset and its picture.

The map is written atomically (`saves.write_atomic`); an existing file is replaced only when the
caller says so (the editor asks first), and nothing is ever written into the shipped `maps/`
folder. The tileset travels with the map: a copy of the shipped `.tsx`, naming a copy of its
picture beside it, so the folder plays on any machine.
"""

from __future__ import annotations

import os
from pathlib import Path

from game.editor.document import ScenarioDoc
from game.editor.tileset import shipped_tileset
from game.editor.tmx_io import TILESET_FILE, TILESET_IMAGE, tileset_tsx, to_tmx
from game.persist.saves import write_atomic
from game.resources import MAPS_DIR


class SaveRefused(Exception):
    """The scenario was not saved: the place is the shipped maps' folder, or the file exists."""


def shipped_folder(path: Path) -> bool:
    """True if the path lies in the shipped maps' folder."""
    folder = MAPS_DIR.resolve()
    return path.resolve().parent == folder or folder in path.resolve().parents


def save_scenario(doc: ScenarioDoc, path: str | os.PathLike[str], overwrite: bool = False) -> Path:
    """Write the scenario's map to `path` (a .tmx) with its tileset beside it; returns the map's path.

    SaveRefused if `path` is in the shipped maps' folder, or exists and `overwrite` is not given.
    """
    target = Path(path).expanduser()
    if target.suffix.lower() != ".tmx":
        raise SaveRefused(f"{target}: a scenario is saved as a .tmx file")
    if shipped_folder(target):
        raise SaveRefused(f"{target}: the shipped maps' folder is not for saving; save in your "
                          "scenarios folder")
    if target.exists() and not overwrite:
        raise SaveRefused(f"{target} exists already")
    target.parent.mkdir(parents=True, exist_ok=True)
    _keep(target.parent / TILESET_IMAGE, shipped_tileset().image.read_bytes())
    _keep(target.parent / TILESET_FILE, tileset_tsx())
    write_atomic(target, to_tmx(doc))
    return target


def _keep(path: Path, payload: bytes) -> None:
    """Write a file beside the map unless it already holds exactly these bytes."""
    try:
        if path.read_bytes() == payload:
            return
    except OSError:
        pass
    write_atomic(path, payload)
