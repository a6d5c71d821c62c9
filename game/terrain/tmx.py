"""Load a Tiled TMX map image-free into a pure `TerrainMap` (inches, not pixels).

Map format conventions (see docs/maps.md for the map maker's version):

* Orthogonal, finite, square tiles, at most 72x48 tiles. One tile is one inch on the table.
  Tile layers use CSV (or base64) encoding and one or more external `.tsx` tilesets.
* Tile layers: each tile's tileset property `terrain` is one of `TERRAIN_KINDS`. For every cell
  the top-most visible tile layer with a tile there wins; a cell empty in all layers is `open`.
  Hidden tile layers are ignored, as they are not drawn.
* Object layer `obstacles`: polylines (a 2-point line is a polyline) or polygons (closed) with
  properties `kind` (wall, fence, hedge, ditch, stakes), `wall_height` ("low" = Character Height
  or lower, the default, or "tall") and `obstacle_width` (inches, default 0.5, at most 12). Every
  point lies on the table, or at most 1" past its edge.
* Object layer `deployment`: rectangles with property `side` ("red" or "blue").
* Object layer `objectives`: points, rectangles or ellipses (the centre counts) with properties
  `objective` ("hold" or "loot"), `radius` (inches, default 1) and `valour` (int, default 1).
* Object layer `vehicles`: points or rectangles (the centre counts), each a vehicle on the table
  at the start, with properties `vehicle` (a vehicles.toml id, required), `side` ("red", "blue"
  or "none", the default, for an abandoned or neutral vehicle) and `heading` (compass degrees,
  0 = up the table, clockwise; default 0; normalised to [0, 360)). The object's name is the
  vehicle's name: required and unique among the vehicles. The centre must lie on the table.
  The loader does not know the content, so it does not check that the profile exists.
* Object layer `forces`: points, each a model the map places itself (the object's name is his
  name), with properties `side` ("red" or "blue"), `profile` (a profiles.toml id), `spear` (int,
  the Spear he belongs to within his side, default 1), `steed` (a steeds.toml id, or empty on
  foot), `weapons` (comma-separated weapon ids replacing the profile's, or empty), `seat` and
  `facing` (compass degrees; default 180 for red, 0 for blue). The content is checked later.
* Map custom properties are copied into `TerrainMap.properties` (title, briefing, turns, ...).
  pytmx reserves names such as type, name, id, x, y, width and height; do not use them.
* Pixel coordinates are divided by the tile width to get inches. Other object layers are ignored.

Every failure raises one `MapError(path, problem)`. pytmx is imported lazily and, in a process
that has not imported pygame, with pygame blocked, so loading a map never starts SDL.
"""

from __future__ import annotations

import importlib.util
import logging
import math
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree.ElementTree import Element

from game.terrain.terrain_map import (
    OBSTACLE_KINDS,
    TERRAIN_KINDS,
    VEHICLE_SIDES,
    DeploymentZone,
    ForceSpot,
    MapError,
    Objective,
    Obstacle,
    TerrainMap,
    VehicleSpot,
)
from game.terrain.tmx_check import GID_FLAGS, TilesetInfo, check_map, tilesets_of
from game.terrain.tmx_layers import flatten_layers
from game.terrain.tmx_templates import resolve_templates

log = logging.getLogger(__name__)

SIDES = ("red", "blue")
OBJECTIVE_KINDS = ("hold", "loot")
DEFAULT_OBSTACLE_WIDTH = 0.5
MAX_OBSTACLE_WIDTH = 12.0  # inches: a wider obstacle is terrain, not a line
OBSTACLE_SLACK = 1.0  # inches an obstacle may run past the table's edge (the client draws it there)
_EDGE_SLACK = 1e-6  # inches a zone or objective may stray past the table edge (rounding)


def load_terrain(path: str | os.PathLike[str], *, require_images: bool = False) -> TerrainMap:
    """Load a TMX map image-free into a TerrainMap; any problem raises one MapError."""
    name = os.fspath(path)
    root = prepared_map(name, require_images=require_images)
    tmx = _parse_with_pytmx(name, root)
    try:
        return _convert(name, tmx, tilesets_of(name, root))
    except MapError:
        raise
    except Exception as exc:  # a pytmx quirk we did not foresee: still one clear error
        log.debug("unexpected error converting %s", name, exc_info=True)
        raise MapError(name, f"could not read the map ({type(exc).__name__}: {exc})") from None


def prepared_map(path: str | os.PathLike[str], *, require_images: bool = False) -> Element:
    """The map's checked XML, as Tiled shows it: templates resolved, hidden groups and offsets applied.

    Hand it to pytmx's `TiledMap.parse_xml` (after setting `filename`) to draw exactly the map
    the terrain was read from. Any problem raises one MapError.
    """
    name = os.fspath(path)
    root = check_map(name, require_images)
    resolve_templates(name, root)
    flatten_layers(name, root)
    return root


_PYTMX: list[ModuleType] = []


def _import_pytmx() -> ModuleType:
    """pytmx's parser module, loaded so that it cannot import pygame (unless already loaded).

    The `pytmx` package imports pygame when it can. In a headless process we instead load its
    core file `pytmx/pytmx.py` as a private module with pygame blocked, leaving the real
    `pytmx` package untouched for a UI that imports it later together with pygame.
    """
    if _PYTMX:
        return _PYTMX[0]
    spec = importlib.util.find_spec("pytmx")
    folders = list(spec.submodule_search_locations or []) if spec else []
    core = os.path.join(folders[0], "pytmx.py") if folders else ""
    if "pytmx" in sys.modules or "pygame" in sys.modules or not os.path.isfile(core):
        import pytmx.pytmx as module
    else:
        private = importlib.util.spec_from_file_location("game.terrain._pytmx_core", core)
        if private is None or private.loader is None:
            raise ImportError(f"cannot load {core}")
        module = importlib.util.module_from_spec(private)
        sys.modules["pygame"] = None  # type: ignore[assignment]  # pytmx then skips pygame
        quiet = logging.getLogger("pytmx.util_pygame")  # it logs that pygame is missing
        was_disabled, quiet.disabled = quiet.disabled, True
        try:
            private.loader.exec_module(module)
        finally:
            del sys.modules["pygame"]
            quiet.disabled = was_disabled
    _PYTMX.append(module)
    return module


def _parse_with_pytmx(path: str, root: Element) -> Any:
    pytmx = _import_pytmx()
    _check_reserved_names(path, root, pytmx)
    tmx = pytmx.TiledMap()  # default image loader: records file names, loads no pixels
    tmx.filename = path
    try:
        tmx.parse_xml(root)
    except Exception as exc:
        log.debug("pytmx failed on %s", path, exc_info=True)
        raise MapError(path, f"pytmx could not read the map ({type(exc).__name__}: {exc})") from None
    return tmx


_RESERVED_CACHE: dict[str, frozenset[str]] = {}


def _reserved(tag: str, pytmx: ModuleType) -> frozenset[str]:
    """Names pytmx refuses as custom properties on this element kind (its own attributes)."""
    if tag not in _RESERVED_CACHE:
        if tag == "map":
            sample: object = pytmx.TiledMap()
        elif tag == "object":
            sample = pytmx.TiledObject(None, Element("object"), None)
        elif tag == "objectgroup":
            sample = pytmx.TiledObjectGroup(None, Element("objectgroup"), None)
        else:
            sample = object()
        names = {n for n in dir(sample) if not n.startswith("__")}
        names |= {"id", "name", "type", "class", "x", "y", "width", "height", "visible"}
        _RESERVED_CACHE[tag] = frozenset(names)
    return _RESERVED_CACHE[tag]


def _check_reserved_names(path: str, root: Element, pytmx: ModuleType) -> None:
    for el in root.iter():
        if el.tag not in ("map", "object", "objectgroup", "layer", "group", "imagelayer"):
            continue
        taken = _reserved(el.tag, pytmx) | set(el.keys())
        for prop in el.iterfind("properties/property"):
            name = prop.get("name", "")
            if name in taken:
                label = "map properties" if el.tag == "map" else f"<{el.tag}> {el.get('name')!r}"
                raise MapError(path, f"{label}: custom property {name!r} is a name pytmx reserves; rename it")


def _convert(path: str, tmx: Any, tilesets: list[TilesetInfo]) -> TerrainMap:
    width, height = int(tmx.width), int(tmx.height)
    tiles = _read_tiles(path, tmx, width, height, tilesets)
    scale = float(tmx.tilewidth)
    tmap = TerrainMap(
        name=Path(path).stem,
        width=width,
        height=height,
        tiles=tiles,
        properties=_map_properties(path, tmx),
    )
    for group in tmx.objectgroups:
        layer = str(group.name or "").strip().lower()
        for obj in group:
            where = f"object {_label(obj)} in layer {group.name!r}"
            if layer == "obstacles":
                tmap.obstacles.append(_obstacle(path, tmx, obj, scale, where))
            elif layer == "deployment":
                tmap.zones.append(_zone(path, obj, scale, where, width, height))
            elif layer == "objectives":
                tmap.objectives.append(_objective(path, obj, scale, where, width, height))
            elif layer == "vehicles":
                spot = _vehicle(path, obj, scale, where, width, height)
                if any(v.name == spot.name for v in tmap.vehicles):
                    raise MapError(path, f"{where}: another vehicle is already named {spot.name!r}; "
                                         "vehicle names must be unique")
                tmap.vehicles.append(spot)
            elif layer == "forces":
                tmap.forces.append(_force(path, obj, scale, where, width, height))
    return tmap


def _read_tiles(path: str, tmx: Any, width: int, height: int, tilesets: list[TilesetInfo]) -> list[str]:
    terrain_of: dict[int, str] = {0: ""}  # pytmx gid -> terrain kind ("" = empty cell)
    tiles = [""] * (width * height)
    layers = [layer for layer in tmx.layers if _is_tile_layer(layer)]
    for layer in reversed(layers):  # top-most first: the first tile found wins
        if not getattr(layer, "visible", True):
            continue
        for y, row in enumerate(layer.data):
            base = y * width
            for x, gid in enumerate(row):
                if tiles[base + x] or not gid:
                    continue
                kind = terrain_of.get(gid)
                if kind is None:
                    kind = _terrain_for(path, tmx, gid, tilesets, f"layer {layer.name!r} at ({x}, {y})")
                    terrain_of[gid] = kind
                tiles[base + x] = kind
    return [kind or "open" for kind in tiles]


def top_tiles(path: str | os.PathLike[str]) -> tuple[TerrainMap, list[tuple[str, int] | None]]:
    """The map's terrain, and for each cell the top-most visible tile as Tiled shows it.

    A cell's tile is (the tileset's name, the tile's id in that tileset); None for a cell with no
    tile in any visible layer. Any problem raises one MapError.
    """
    name = os.fspath(path)
    root = prepared_map(name)
    tmx = _parse_with_pytmx(name, root)
    tilesets = tilesets_of(name, root)
    try:
        tmap = _convert(name, tmx, tilesets)
    except MapError:
        raise
    except Exception as exc:
        raise MapError(name, f"could not read the map ({type(exc).__name__}: {exc})") from None
    width = tmap.width
    cells: list[tuple[str, int] | None] = [None] * (width * tmap.height)
    layers = [layer for layer in tmx.layers if _is_tile_layer(layer) and getattr(layer, "visible", True)]
    for layer in reversed(layers):
        for y, row in enumerate(layer.data):
            for x, gid in enumerate(row):
                if not gid or cells[y * width + x] is not None:
                    continue
                tiled_gid = int(tmx.tiledgidmap.get(gid, gid)) & ~GID_FLAGS
                owner = next((ts for ts in reversed(tilesets) if ts.firstgid <= tiled_gid), None)
                if owner is not None:
                    cells[y * width + x] = (owner.name, tiled_gid - owner.firstgid)
    return tmap, cells


def _is_tile_layer(layer: Any) -> bool:
    return type(layer).__name__ == "TiledTileLayer"


def _terrain_for(path: str, tmx: Any, gid: int, tilesets: list[TilesetInfo], where: str) -> str:
    tiled_gid = int(tmx.tiledgidmap.get(gid, gid)) & ~GID_FLAGS
    owner = next((ts for ts in reversed(tilesets) if ts.firstgid <= tiled_gid), None)
    if owner is None:
        raise MapError(path, f"{where}: tile number {tiled_gid} comes before the first tileset")
    local = tiled_gid - owner.firstgid
    if not owner.has(local):
        raise MapError(path, f"{where}: {owner.label()} has no tile {local}; the tile was deleted from "
                             "the tileset, or the map was made with another version of it")
    tile = f"tile {local} of {owner.label()}"
    props = tmx.tile_properties.get(gid) or {}
    kind = props.get("terrain")
    if kind is None:
        raise MapError(path, f"{where}: {tile} has no 'terrain' property")
    if kind not in TERRAIN_KINDS:
        raise MapError(path, f"{where}: {tile} has unknown terrain {kind!r}")
    return str(kind)


def _map_properties(path: str, tmx: Any) -> dict[str, object]:
    props = dict(tmx.properties)
    turns = props.get("turns")
    if turns is not None:
        try:
            value = int(str(turns))
        except ValueError:
            value = 0
        if value < 1:
            raise MapError(path, f"map property 'turns' is {turns!r}; it must be a whole number >= 1")
        props["turns"] = value
    return props


def _label(obj: Any) -> str:
    return f"{obj.name!r} (id {obj.id})" if obj.name else f"id {obj.id}"


def _float_prop(path: str, obj: Any, name: str, default: float, where: str) -> float:
    raw = obj.properties.get(name, default)
    try:
        value = float(raw)
    except (TypeError, ValueError):
        raise MapError(path, f"{where}: '{name}' is {raw!r}, not a number") from None
    if not math.isfinite(value):
        raise MapError(path, f"{where}: '{name}' is {raw!r}, not a finite number")
    return value


def _obstacle(path: str, tmx: Any, obj: Any, scale: float, where: str) -> Obstacle:
    kind = obj.properties.get("kind")
    if kind not in OBSTACLE_KINDS:
        known = ", ".join(OBSTACLE_KINDS)
        raise MapError(path, f"{where}: obstacle kind {kind!r} is not one of {known}")
    points = obj.__dict__.get("points")
    if not points or len(points) < 2:
        raise MapError(path, f"{where}: an obstacle must be a polyline with at least 2 points")
    pts = [(float(px), float(py)) for px, py in points]
    if obj.rotation:
        pts = _rotate(pts, float(obj.x), float(obj.y), float(obj.rotation))
    if obj.closed and pts[0] != pts[-1]:
        pts.append(pts[0])  # a polygon obstacle is a closed ring
    height = str(obj.properties.get("wall_height", "low")).strip().lower()
    if height not in ("low", "tall"):
        raise MapError(path, f"{where}: wall_height is {height!r}; use 'low' or 'tall'")
    width = _float_prop(path, obj, "obstacle_width", DEFAULT_OBSTACLE_WIDTH, where)
    if width < 0:
        raise MapError(path, f"{where}: obstacle_width is {width}; it must not be negative")
    if width > MAX_OBSTACLE_WIDTH:
        raise MapError(path, f"{where}: obstacle_width is {width:g}; the widest obstacle is "
                             f"{MAX_OBSTACLE_WIDTH:g} inches")
    inches = tuple((px / scale, py / scale) for px, py in pts)
    table_w, table_h = float(tmx.width), float(tmx.height)
    for x, y in inches:
        if not (-OBSTACLE_SLACK <= x <= table_w + OBSTACLE_SLACK
                and -OBSTACLE_SLACK <= y <= table_h + OBSTACLE_SLACK):
            raise MapError(path, f"{where}: a point of the obstacle, ({x:.6g}, {y:.6g}) inches, is off the "
                                 f"{table_w:g}x{table_h:g} table")
    return Obstacle(
        name=str(obj.name or f"{kind}-{obj.id}"),
        kind=str(kind),
        points=inches,
        tall=height == "tall",
        width=width,
    )


def _rotate(pts: list[tuple[float, float]], ox: float, oy: float, deg: float) -> list[tuple[float, float]]:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return [(ox + c * (x - ox) - s * (y - oy), oy + s * (x - ox) + c * (y - oy)) for x, y in pts]


def _box(path: str, obj: Any, scale: float, where: str) -> tuple[float, float, float, float]:
    if obj.rotation:
        raise MapError(path, f"{where}: rotated shapes are not supported here")
    if obj.__dict__.get("points"):
        raise MapError(path, f"{where}: expected a rectangle or point, not a polyline/polygon")
    x, y = float(obj.x) / scale, float(obj.y) / scale
    return x, y, float(obj.width) / scale, float(obj.height) / scale


def _zone(path: str, obj: Any, scale: float, where: str, w: int, h: int) -> DeploymentZone:
    side = str(obj.properties.get("side", "")).strip().lower()
    if side not in SIDES:
        raise MapError(path, f"{where}: side is {side!r}; use 'red' or 'blue'")
    x, y, zw, zh = _box(path, obj, scale, where)
    if zw <= 0 or zh <= 0:
        raise MapError(path, f"{where}: a deployment zone must be a rectangle with an area")
    if x < -_EDGE_SLACK or y < -_EDGE_SLACK or x + zw > w + _EDGE_SLACK or y + zh > h + _EDGE_SLACK:
        raise MapError(path, f"{where}: the deployment zone runs off the table")
    return DeploymentZone(side=side, x=x, y=y, w=zw, h=zh)


def _objective(path: str, obj: Any, scale: float, where: str, w: int, h: int) -> Objective:
    kind = str(obj.properties.get("objective", "")).strip().lower()
    if kind not in OBJECTIVE_KINDS:
        raise MapError(path, f"{where}: objective is {kind!r}; use 'hold' or 'loot'")
    x, y, ow, oh = _box(path, obj, scale, where)
    cx, cy = x + ow / 2, y + oh / 2
    if not (-_EDGE_SLACK <= cx <= w + _EDGE_SLACK and -_EDGE_SLACK <= cy <= h + _EDGE_SLACK):
        raise MapError(path, f"{where}: the objective lies off the table")
    radius = _float_prop(path, obj, "radius", 1.0, where)
    if radius < 0:
        raise MapError(path, f"{where}: radius is {radius}; it must not be negative")
    raw = obj.properties.get("valour", 1)
    try:
        valour = int(str(raw))
    except ValueError:
        raise MapError(path, f"{where}: valour is {raw!r}, not a whole number") from None
    name = str(obj.name or f"{kind}-{obj.id}")
    return Objective(name=name, kind=kind, x=cx, y=cy, radius=radius, valour=valour)


def _vehicle(path: str, obj: Any, scale: float, where: str, w: int, h: int) -> VehicleSpot:
    name = str(obj.name or "").strip()
    if not name:
        raise MapError(path, f"{where}: a vehicle needs a name (the object's name)")
    profile = str(obj.properties.get("vehicle", "")).strip()
    if not profile:
        raise MapError(path, f"{where}: property 'vehicle' is missing or empty; set it to a vehicles.toml "
                             "id such as 'supply_wagon'")
    side = str(obj.properties.get("side", "none")).strip().lower()
    if side not in VEHICLE_SIDES:
        raise MapError(path, f"{where}: side is {side!r}; use 'red', 'blue' or 'none'")
    heading = _float_prop(path, obj, "heading", 0.0, where) % 360.0
    if heading >= 360.0:  # a tiny negative heading rounds up to 360 in floating point
        heading = 0.0
    x, y, vw, vh = _box(path, obj, scale, where)
    cx, cy = x + vw / 2, y + vh / 2
    if not (-_EDGE_SLACK <= cx <= w + _EDGE_SLACK and -_EDGE_SLACK <= cy <= h + _EDGE_SLACK):
        raise MapError(path, f"{where}: the vehicle's centre ({cx:g}, {cy:g}) lies off the table")
    return VehicleSpot(name=name, profile=profile, side=side, x=cx, y=cy, heading=heading)


def _force(path: str, obj: Any, scale: float, where: str, w: int, h: int) -> ForceSpot:
    name = str(obj.name or "").strip()
    if not name:
        raise MapError(path, f"{where}: a model needs a name (the object's name)")
    side = _text(obj, "side").lower()
    if side not in SIDES:
        raise MapError(path, f"{where}: side is {side!r}; use 'red' or 'blue'")
    profile = _text(obj, "profile")
    if not profile:
        raise MapError(path, f"{where}: property 'profile' is missing; set it to a profiles.toml id "
                             "such as 'archer'")
    raw = obj.properties.get("spear", 1)
    try:
        spear = int(str(raw))
    except ValueError:
        raise MapError(path, f"{where}: spear is {raw!r}, not a whole number") from None
    if spear < 1:
        raise MapError(path, f"{where}: spear is {spear}; Spears are numbered from 1")
    facing = _float_prop(path, obj, "facing", 180.0 if side == "red" else 0.0, where) % 360.0
    x, y, fw, fh = _box(path, obj, scale, where)
    cx, cy = x + fw / 2, y + fh / 2
    if not (0.0 <= cx <= w and 0.0 <= cy <= h):
        raise MapError(path, f"{where}: the model at ({cx:g}, {cy:g}) stands off the table")
    weapons = tuple(p.strip() for p in _text(obj, "weapons").split(",") if p.strip())
    return ForceSpot(name=name, side=side, profile=profile, spear=spear, x=cx, y=cy, facing=facing,
                     steed=_text(obj, "steed"), weapons=weapons, seat=_text(obj, "seat"))


def _text(obj: Any, name: str) -> str:
    """A string property, "" when absent or empty (pytmx reads an empty value as None)."""
    value = obj.properties.get(name)
    return "" if value is None else str(value).strip()
