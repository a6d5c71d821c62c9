"""Copies of the shipped maps in a folder of the test's own, as a player's own maps would be.

Nothing here writes into maps/: each copy goes to the folder given, with a copy of the tileset
whose image path points at the shipped tile picture (or at a missing one).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from game.resources import MAPS_DIR as MAPS
from game.resources import TILES_PNG

ROOT = Path(__file__).resolve().parents[1]


def copy_map(name: str, folder: Path, as_name: str | None = None, image: Path | None = TILES_PNG) -> Path:
    """Copy maps/NAME.tmx (and terrain.tsx) into folder, as AS_NAME.tmx; None image: the PNG is missing."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{as_name or name}.tmx"
    shutil.copy(MAPS / f"{name}.tmx", target)
    picture = image if image is not None else folder / "missing-terrain.png"
    tsx = (MAPS / "terrain.tsx").read_text(encoding="utf-8")
    (folder / "terrain.tsx").write_text(tsx.replace("../assets/tiles/terrain.png", str(picture)),
                                        encoding="utf-8")
    return target


def edit_map(path: Path, old: str, new: str) -> Path:
    """Replace the first `old` in the map file by `new` (old must be there)."""
    body = path.read_text(encoding="utf-8")
    assert old in body, old
    path.write_text(body.replace(old, new, 1), encoding="utf-8")
    return path

BUILDING, IMPASSABLE = 29, 27  # tile numbers in maps/terrain.tsx (ids 28 and 26)


def paint(path: Path, cells: set[tuple[int, int]], gid: int, layer: str = "paint") -> Path:
    """Add a top tile layer to the map with `gid` on the cells (x, y) given."""
    body = path.read_text(encoding="utf-8")
    width = int(body.split(' width="', 1)[1].split('"', 1)[0])
    height = int(body.split(' height="', 1)[1].split('"', 1)[0])
    rows = [",".join(str(gid if (x, y) in cells else 0) for x in range(width)) for y in range(height)]
    data = ",\n".join(rows)
    layer_xml = (f' <layer id="90" name="{layer}" width="{width}" height="{height}">\n'
                 f'  <data encoding="csv">\n{data}\n</data>\n </layer>\n')
    path.write_text(body.replace("</map>", layer_xml + "</map>"), encoding="utf-8")
    return path
