"""The shipped terrain tileset as the editor paints with it: each tile's id, terrain kind and variant."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from defusedxml import ElementTree

from game.resources import TILESET_TSX
from game.terrain.terrain_map import TERRAIN_KINDS

TILESET_FILE = TILESET_TSX
TILESET_NAME = "terrain"
# Variants painted only on purpose (not chosen for a plain brush stroke of their kind).
SPECIAL = ("bridge-ew", "bridge-ns", "road-ew", "road-ns", "plough-ns")


@dataclass(frozen=True, slots=True)
class Tileset:
    """The tiles of the shipped tileset: for each id its terrain kind and variant name."""

    path: Path
    image: Path
    tile_size: int
    kinds: tuple[str, ...]  # by tile id
    variants: tuple[str, ...]  # by tile id

    def plain(self, kind: str) -> list[int]:
        """The tile ids a brush of this kind paints with (its ordinary variants)."""
        ids = [i for i, k in enumerate(self.kinds) if k == kind and self.variants[i] not in SPECIAL]
        return ids or [i for i, k in enumerate(self.kinds) if k == kind]

    def tile_for(self, kind: str, x: int, y: int, above: str = "") -> int:
        """The tile a brush of `kind` paints at (x, y): a variant picked by the place, so painting is
        repeatable; a building's roof has its north half where the square above is no building."""
        ids = self.plain(kind)
        if kind == "building":
            half = "-s" if above == "building" else "-n"
            roofs = [i for i in ids if self.variants[i] == f"thatch{half}"]
            ids = roofs or ids
        return ids[(x * 7 + y * 13 + (x * y) % 5) % len(ids)]


@cache
def shipped_tileset() -> Tileset:
    """The tileset of the shipped maps (maps/terrain.tsx and its picture)."""
    root = ElementTree.parse(TILESET_FILE).getroot()
    count = int(root.get("tilecount", "0"))
    kinds = ["open"] * count
    variants = [""] * count
    for tile in root.iterfind("tile"):
        tid = int(tile.get("id", "0"))
        for prop in tile.iterfind("properties/property"):
            if prop.get("name") == "terrain":
                kinds[tid] = str(prop.get("value"))
            elif prop.get("name") == "variant":
                variants[tid] = str(prop.get("value"))
    image = root.find("image")
    source = image.get("source", "") if image is not None else ""
    for kind in TERRAIN_KINDS:
        if kind not in kinds:
            raise ValueError(f"{TILESET_FILE}: no tile of terrain {kind!r}")
    return Tileset(TILESET_FILE, (TILESET_FILE.parent / source).resolve(), int(root.get("tilewidth", "32")),
                   tuple(kinds), tuple(variants))
