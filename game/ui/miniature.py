"""A scenario's table in miniature, for the picker: its terrain tiles drawn small, with the
deployment zones, obstacles, objectives and vehicles on top.

A miniature is drawn from the map file with its tile pictures (as the battle screen loads it) at
a whole number of pixels per inch, so every tile is the same small square. Miniatures are kept per
file, modification time and size (and the newest tileset beside the map): in memory for this run,
and as PNG files in the cache folder (game.persist.folders.cache_dir, at most DISK_LIMIT of them)
for the next, so the picker opens without drawing them again. A changed map file is a new key and
is drawn afresh.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

import pygame

from game.persist.folders import cache_dir
from game.terrain.terrain_map import MapError, TerrainMap
from game.ui import theme
from game.ui.battle.camera import load_drawable
from game.ui.battle.overlays import OBSTACLE

VERSION = 1  # of the drawing: a new one never meets a cached picture of an older one
BOX = (576, 384)  # the largest miniature; a 72" x 48" table is drawn at 8 px an inch
OPEN_GROUND = (86, 112, 60)  # under tiles the map leaves empty (open ground)
MEMORY_LIMIT = 64

DISK_LIMIT = 256  # miniatures kept in the cache folder; the oldest go first

Key = tuple[str, int, int, int, tuple[int, int]]
_memory: dict[Key, pygame.Surface] = {}


def _key(path: Path, box: tuple[int, int]) -> Key:
    """The file (links resolved), its modification time and its size, the newest modification time
    of the tilesets beside it (a tile repainted there is a new miniature), and the box drawn into."""
    real = path.resolve()
    info = os.stat(real)
    tilesets = 0
    with contextlib.suppress(OSError), os.scandir(real.parent) as found:
        for item in found:
            if item.name.lower().endswith(".tsx"):
                with contextlib.suppress(OSError):
                    tilesets = max(tilesets, item.stat().st_mtime_ns)
    return str(real), info.st_mtime_ns, info.st_size, tilesets, box


def scale_for(width: int, height: int, box: tuple[int, int] = BOX) -> int:
    """Pixels per inch for a table of this many inches in the box (at least 1)."""
    return max(1, min(box[0] // max(1, width), box[1] // max(1, height)))


def miniature(path: Path, terrain: TerrainMap, box: tuple[int, int] = BOX) -> pygame.Surface:
    """The miniature of the map file `path` (whose terrain, as loaded, is `terrain`).

    From memory or the cache folder when the file has not changed since; else drawn and kept.
    Raises MapError if the map's pictures cannot be loaded (the picker has checked that already).
    """
    try:
        key = _key(path, box)
    except OSError as exc:
        raise MapError(str(path), f"cannot read the map ({exc.strerror or exc})") from None
    found = _memory.get(key)
    if found is not None:
        return found
    disk = _disk_file(key)
    picture = _read_cached(disk, terrain, box)
    if picture is None:
        picture = draw_miniature(path, terrain, box)
        _write_cached(disk, picture)
    if len(_memory) >= MEMORY_LIMIT:
        _memory.clear()
    _memory[key] = picture
    return picture


def forget() -> None:
    """Drop the miniatures kept in memory (the cache folder keeps its own)."""
    _memory.clear()


def _disk_file(key: Key) -> Path:
    digest = hashlib.sha256(repr((VERSION, *key)).encode()).hexdigest()[:32]
    return cache_dir() / "miniatures" / f"{digest}.png"


def _read_cached(file: Path, terrain: TerrainMap, box: tuple[int, int]) -> pygame.Surface | None:
    """A miniature kept in the cache folder, if it is there and of the size this map draws at."""
    k = scale_for(terrain.width, terrain.height, box)
    try:
        if not file.is_file() or file.stat().st_size > 4 * 1024 * 1024:
            return None
        picture = pygame.image.load(str(file))
    except (OSError, pygame.error):
        return None
    if picture.get_size() != (terrain.width * k, terrain.height * k):
        return None
    return picture.convert() if pygame.display.get_surface() is not None else picture


def _write_cached(file: Path, picture: pygame.Surface) -> None:
    """Keep a miniature in the cache folder (atomically; a cache that cannot be written is skipped)."""
    tmp = file.with_name(f".{file.stem}.{os.getpid()}.tmp.png")
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(picture, str(tmp))
        os.replace(tmp, file)
    except (OSError, pygame.error):
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return
    _prune(file.parent)


def _prune(folder: Path) -> None:
    """Keep at most DISK_LIMIT miniatures in the cache folder, the most recently written."""
    with contextlib.suppress(OSError):
        kept = sorted(folder.glob("*.png"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in kept[DISK_LIMIT:]:
            with contextlib.suppress(OSError):
                old.unlink()


def draw_miniature(path: Path, terrain: TerrainMap, box: tuple[int, int] = BOX) -> pygame.Surface:
    """Draw the miniature: every visible tile layer, bottom up, each tile shrunk to k x k pixels
    (k pixels an inch), then zones, obstacles, objectives and vehicles."""
    tmx = load_drawable(path)
    k = scale_for(terrain.width, terrain.height, box)
    tile_w, tile_h = max(1, tmx.tilewidth), max(1, tmx.tileheight)
    picture = pygame.Surface((terrain.width * k, terrain.height * k))
    picture.fill(OPEN_GROUND)
    small: dict[int, pygame.Surface] = {}
    for index in tmx.visible_tile_layers:
        for x, y, image in tmx.layers[index].tiles():
            shrunk = small.get(id(image))
            if shrunk is None:
                w, h = image.get_size()
                size = (max(1, round(w * k / tile_w)), max(1, round(h * k / tile_h)))
                shrunk = small[id(image)] = _shrink(image, size)
            # Tiled draws a tile from the bottom-left corner of its square
            picture.blit(shrunk, (x * k, (y + 1) * k - shrunk.get_height()))
    _draw_features(picture, terrain, k)
    return picture


def _shrink(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """A tile picture shrunk to `size`, its colours averaged (plain scaling for odd pixel formats)."""
    try:
        return pygame.transform.smoothscale(image, size)
    except ValueError:
        return pygame.transform.scale(image, size)


def _draw_features(picture: pygame.Surface, terrain: TerrainMap, k: int) -> None:
    def px(x: float, y: float) -> tuple[int, int]:
        return round(x * k), round(y * k)

    shade = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    for zone in terrain.zones:
        rect = pygame.Rect(px(zone.x, zone.y), (round(zone.w * k), round(zone.h * k)))
        shade.fill((*theme.SIDE[zone.side], 70), rect)
        pygame.draw.rect(shade, (*theme.SIDE[zone.side], 255), rect, 1)
    picture.blit(shade, (0, 0))
    for obs in terrain.obstacles:
        points = [px(x, y) for x, y in obs.points]
        width = max(1, round(obs.width * k * 0.7))
        pygame.draw.lines(picture, (18, 16, 14), False, points, width + 2)
        pygame.draw.lines(picture, OBSTACLE.get(obs.kind, (200, 200, 200)), False, points, width)
    for spot in terrain.vehicles:
        rect = pygame.Rect(0, 0, max(3, 2 * k), max(3, 2 * k))
        rect.center = px(spot.x, spot.y)
        colour = theme.SIDE.get(spot.side, (150, 120, 80))
        pygame.draw.rect(picture, (18, 16, 14), rect.inflate(2, 2))
        pygame.draw.rect(picture, colour, rect)
    for obj in terrain.objectives:
        centre = px(obj.x, obj.y)
        radius = max(3, round(obj.radius * k))
        pygame.draw.circle(picture, (20, 18, 10), centre, radius + 1, 3)
        pygame.draw.circle(picture, (240, 200, 40), centre, radius, 2)
