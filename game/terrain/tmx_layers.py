"""Groups and layer offsets, flattened so that pytmx (which ignores both) reads what Tiled shows.

* A layer inside a hidden group is hidden, however deep the group: its tile and image layers
  are marked hidden. Object layers are read even when hidden (docs/maps.md), so they stay.
* Offsets add up from the groups down to the layer. An object layer's offset moves its objects.
  A tile layer's offset must be whole tiles: its tiles are moved that many squares (those moved
  off the table are dropped). Any other offset of a tile layer is refused, because a tile that
  straddles two squares has no one square on the table.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element

from game.terrain.terrain_map import MapError
from game.terrain.tmx_check import check_layer_data, float_attr

LAYERS = ("layer", "imagelayer", "objectgroup", "group")


def flatten_layers(path: str, root: Element) -> None:
    """Apply hidden groups and layer offsets to the map's layers (in place)."""
    tile = float(root.get("tilewidth", "1")), float(root.get("tileheight", "1"))
    size = int(root.get("width", "1")), int(root.get("height", "1"))
    _walk(path, root, False, (0.0, 0.0), tile, size)


def _walk(path: str, parent: Element, hidden: bool, offset: tuple[float, float],
          tile: tuple[float, float], size: tuple[int, int]) -> None:
    for el in parent:
        if el.tag not in LAYERS:
            continue
        where = f"layer {el.get('name', '?')!r}" if el.tag != "group" else f"group {el.get('name', '?')!r}"
        dx = offset[0] + float_attr(path, el, "offsetx", where)
        dy = offset[1] + float_attr(path, el, "offsety", where)
        gone = hidden or el.get("visible", "1") == "0"
        if el.tag == "group":
            _walk(path, el, gone, (dx, dy), tile, size)
            continue
        if gone and el.tag != "objectgroup":
            el.set("visible", "0")
        if el.tag == "layer" and (dx or dy) and not gone:
            _shift_tiles(path, el, where, dx, dy, tile, size)
        elif el.tag == "objectgroup" and (dx or dy):
            _shift_objects(path, el, where, dx, dy)
        for name in ("offsetx", "offsety"):
            el.attrib.pop(name, None)


def _shift_tiles(path: str, layer: Element, where: str, dx: float, dy: float,
                 tile: tuple[float, float], size: tuple[int, int]) -> None:
    cols, rows = dx / tile[0], dy / tile[1]
    if not (cols.is_integer() and rows.is_integer()):
        raise MapError(path, f"{where} is offset by ({dx:g}, {dy:g}) px, which is not a whole number of "
                             f"{tile[0]:g} px tiles; set its offset (and its groups') to whole tiles or "
                             "0, 0 in Tiled, and move the tiles instead")
    width, height = size
    gids = check_layer_data(path, layer, width, height)
    moved = [0] * (width * height)
    for index, gid in enumerate(gids):
        x, y = index % width + int(cols), index // width + int(rows)
        if gid and 0 <= x < width and 0 <= y < height:
            moved[y * width + x] = gid
    data = layer.find("data")
    assert data is not None  # check_layer_data found it
    data.attrib.clear()
    data.set("encoding", "csv")
    data.text = "\n" + ",\n".join(",".join(map(str, moved[r * width:(r + 1) * width]))
                                  for r in range(height)) + "\n"


def _shift_objects(path: str, group: Element, where: str, dx: float, dy: float) -> None:
    for obj in group.findall("object"):
        here = f"{where}, object id {obj.get('id', '?')}"
        obj.set("x", repr(float_attr(path, obj, "x", here) + dx))
        obj.set("y", repr(float_attr(path, obj, "y", here) + dy))
