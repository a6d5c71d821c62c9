"""Pre-flight checks on TMX and TSX files with defusedxml, before pytmx ever reads them.

Every problem found raises a `MapError` naming the map file and, where it applies, the layer,
object, tileset or tile coordinates. The checks make sure pytmx's own parsing cannot fail on
anything we know about: hostile XML (DTDs, entity expansion, external references), wrong
structure, bad numbers, missing tilesets and unsupported Tiled features.
"""

from __future__ import annotations

import base64
import binascii
import math
import os
import re
import zlib
from dataclasses import dataclass
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from game.bounded import FileRefused, decode_utf8, read_bytes
from game.resources import TILESET_TSX
from game.terrain.pictures import picture_problem
from game.terrain.terrain_map import TERRAIN_KINDS, MapError

MAX_FILE_BYTES = 4_000_000  # a 72x48 map with many layers is well under 1 MB
MAX_IMAGE_BYTES = 32_000_000  # a tileset picture
MAX_GROUP_DEPTH = 64  # group layers inside group layers: Tiled's own maps nest a handful
MAX_XML_DEPTH = 100  # elements inside elements, groups and all: past it no file of Tiled's goes
MAX_WIDTH = 72
MAX_HEIGHT = 48
GID_FLAGS = 0xE0000000  # Tiled's flip/rotate bits in a tile number
# the encoding an XML declaration names (it must open the file, before any other byte)
_DECLARED_ENCODING = re.compile(rb"""<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
PROPERTY_TYPES = frozenset({"string", "int", "float", "bool", "color", "file", "object"})


@dataclass(frozen=True, slots=True)
class TilesetInfo:
    """One tileset of a map as Tiled shows it: its first tile number, name, file and tile ids."""

    firstgid: int
    name: str
    source: str  # the .tsx file as the map names it ("" for a tileset embedded in the map)
    ids: frozenset[int] | None  # an image collection's tile ids (there may be gaps)
    count: int  # an image sheet's tiles: ids 0 .. count - 1

    def has(self, local: int) -> bool:
        """True if the tileset has a tile with this id."""
        return local in self.ids if self.ids is not None else 0 <= local < self.count

    def label(self) -> str:
        """How a message names it: tileset 'terrain' (terrain.tsx)."""
        return f"tileset {self.name!r}" + (f" ({self.source})" if self.source else "")


def tilesets_of(path: str, root: Element) -> list[TilesetInfo]:
    """The map's tilesets (already checked by check_map), sorted by first tile number."""
    infos = []
    for ts in root.findall("tileset"):
        source = ts.get("source", "")
        node = read_xml(os.path.join(os.path.dirname(path), source), path, source) if source else ts
        sheet = node.find("image")
        count = int_attr(path, node, "tilecount", "a tileset", default=0)
        if sheet is None:
            ids: frozenset[int] | None = frozenset(int_attr(path, el, "id", "a <tile>") for el in
                                                   node.findall("tile") if el.find("image") is not None)
        else:
            ids = None
            if count <= 0:
                tw, th = int_attr(path, node, "tilewidth", source), int_attr(path, node, "tileheight", source)
                across = int_attr(path, sheet, "width", source, default=0) // tw
                count = across * (int_attr(path, sheet, "height", source, default=0) // th)
        name = node.get("name") or os.path.splitext(os.path.basename(source))[0] or "?"
        infos.append(TilesetInfo(int_attr(path, ts, "firstgid", "a <tileset>"), name, source, ids, count))
    return sorted(infos, key=lambda info: info.firstgid)


def read_xml(path: str, owner: str, label: str) -> Element:
    """Parse one XML file safely (no DTDs, entities or external references) and return its root.

    The file is read bounded (a regular file of at most MAX_FILE_BYTES) and must be UTF-8, as
    Tiled writes it: an XML declaration naming another encoding is refused.
    """
    try:
        data = read_bytes(path, MAX_FILE_BYTES)
    except FileRefused as exc:
        if exc.missing:
            raise MapError(owner, f"{label} was not found") from None
        raise MapError(owner, f"{label} is not read: {exc.reason}") from None
    declared = _DECLARED_ENCODING.match(data)
    if declared and declared.group(1).decode("ascii").lower() not in ("utf-8", "utf8"):
        raise MapError(owner, f"{label} declares encoding {declared.group(1).decode('ascii')!r}; "
                              "only UTF-8 is read (re-save it in Tiled)")
    try:
        decode_utf8(data)
    except FileRefused as exc:
        raise MapError(owner, f"{label} is not read: {exc.reason}") from None
    try:
        root: Element = fromstring(data, forbid_dtd=True)
    except DefusedXmlException as exc:
        what = "a DTD (<!DOCTYPE>)" if "DTD" in type(exc).__name__ else "entity declarations"
        raise MapError(owner, f"{label} is refused: it contains {what}, which Tiled never writes") from None
    except ParseError as exc:
        raise MapError(owner, f"{label} is not well-formed XML ({exc})") from None
    except (ValueError, LookupError) as exc:  # an encoding expat cannot read
        raise MapError(owner, f"{label} cannot be read as XML ({type(exc).__name__}: {exc})") from None
    _check_depth(owner, label, root)
    return root


def _check_depth(owner: str, label: str, root: Element) -> None:
    """Refuse elements nested deeper than any walk of the map (by group, layer or property) may go.

    The tree is walked with a list, not by recursion, so that a file of 20,000 nested groups is
    refused with one line here rather than ending a recursive walk further on.
    """
    stack: list[tuple[Element, int, int]] = [(root, 1, 0)]
    while stack:
        el, depth, groups = stack.pop()
        if el.tag == "group":
            groups += 1
            if groups > MAX_GROUP_DEPTH:
                raise MapError(owner, f"{label} nests group layers more than {MAX_GROUP_DEPTH} deep "
                                      f"(at group {el.get('name', '?')!r}); flatten its groups in Tiled")
        if depth > MAX_XML_DEPTH:
            raise MapError(owner, f"{label} nests XML elements more than {MAX_XML_DEPTH} deep "
                                  f"(at <{el.tag}>); Tiled never writes that")
        stack.extend((child, depth + 1, groups) for child in el)


def int_attr(owner: str, el: Element, name: str, where: str, default: int | None = None) -> int:
    """An integer XML attribute, or a MapError naming where it is."""
    raw = el.get(name)
    if raw is None:
        if default is not None:
            return default
        raise MapError(owner, f"{where} has no '{name}' attribute")
    try:
        return int(raw.strip())
    except ValueError:
        raise MapError(owner, f"{where}: '{name}' is {raw!r}, not a whole number") from None


def float_attr(owner: str, el: Element, name: str, where: str) -> float:
    """A finite float XML attribute (0 when absent), or a MapError naming where it is."""
    raw = el.get(name)
    if raw is None:
        return 0.0
    return parse_float(owner, raw, f"{where}: '{name}'")


def parse_float(owner: str, raw: str, what: str) -> float:
    """A finite float from text, or a MapError naming what it was meant to be."""
    try:
        value = float(raw)
    except ValueError:
        raise MapError(owner, f"{what} is {raw!r}, not a number") from None
    if not math.isfinite(value):
        raise MapError(owner, f"{what} is {raw!r}, not a finite number")
    return value


def check_map(path: str, require_images: bool = False) -> Element:
    """Check a TMX file's safety and structure; return its parsed root element."""
    root = read_xml(path, path, "the map file")
    if root.tag != "map":
        raise MapError(path, f"the root element is <{root.tag}>, not <map>")
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        raise MapError(path, f"the map is {orientation}; only orthogonal maps are supported")
    if root.get("infinite", "0") not in ("0", ""):
        raise MapError(path, "infinite maps are not supported; untick 'Infinite' in Map Properties")
    width = int_attr(path, root, "width", "the map")
    height = int_attr(path, root, "height", "the map")
    tile_w = int_attr(path, root, "tilewidth", "the map")
    tile_h = int_attr(path, root, "tileheight", "the map")
    if width < 1 or height < 1:
        raise MapError(path, f"the map is {width}x{height} tiles; it must be at least 1x1")
    if tile_w < 1 or tile_w != tile_h:
        raise MapError(path, f"tiles are {tile_w}x{tile_h} px; they must be square")
    if width > MAX_WIDTH or height > MAX_HEIGHT:
        raise MapError(
            path,
            f"the map is {width}x{height} tiles; the largest table is {MAX_WIDTH}x{MAX_HEIGHT}",
        )
    tilesets = root.findall("tileset")
    if not tilesets:
        raise MapError(path, "the map has no tileset")
    for ts in tilesets:
        use_shipped_tileset(path, ts)
        _check_tileset(path, ts, require_images)
    for el in root.iter():
        props = el.find("properties")
        if props is not None:
            check_properties(path, el, props)
    for layer in root.iter("layer"):
        check_layer_data(path, layer, width, height)
    for group in root.iter("objectgroup"):
        _check_objects(path, group)
    return root


def use_shipped_tileset(owner: str, ts: Element) -> None:
    """A map naming the game's own tileset (terrain.tsx) with no copy of it beside the map file is
    pointed at the shipped one (its picture found beside it), so a map copied alone still plays."""
    source = ts.get("source", "")
    if not source or os.path.basename(source) != TILESET_TSX.name:
        return
    if not os.path.exists(os.path.join(os.path.dirname(owner), source)) and TILESET_TSX.is_file():
        ts.set("source", str(TILESET_TSX))


def _check_tileset(owner: str, ts: Element, require_images: bool) -> None:
    firstgid = int_attr(owner, ts, "firstgid", "a <tileset>")
    if firstgid < 1:
        raise MapError(owner, f"a tileset has firstgid {firstgid}; it must be 1 or more")
    source = ts.get("source")
    node, where, base = ts, "the embedded tileset", os.path.dirname(owner)
    if source:
        if not source.lower().endswith(".tsx"):
            raise MapError(owner, f"tileset {source!r}: only .tsx tileset files are supported")
        tsx = os.path.join(os.path.dirname(owner), source)
        if not os.path.exists(tsx):
            raise MapError(owner, f"tileset file {source!r} is missing (looked for {tsx}); copy it "
                                  "beside the map, or name the game's own terrain.tsx")
        where = f"tileset {source!r}"
        node = read_xml(tsx, owner, f"tileset file {source!r}")
        base = os.path.dirname(tsx)
        if node.tag != "tileset":
            raise MapError(owner, f"{where}: the root element is <{node.tag}>, not <tileset>")
        for el in node.iter():
            props = el.find("properties")
            if props is not None:
                check_properties(owner, el, props, where)
    for attr in ("tilewidth", "tileheight"):
        if int_attr(owner, node, attr, where) < 1:
            raise MapError(owner, f"{where}: '{attr}' must be at least 1")
    for attr in ("tilecount", "columns", "spacing", "margin"):
        if int_attr(owner, node, attr, where, default=0) < 0:
            raise MapError(owner, f"{where}: '{attr}' must not be negative")
    sheet = node.find("image")
    if sheet is not None and (sheet.get("width") is None or sheet.get("height") is None):
        raise MapError(owner, f"{where}: the tileset image has no width/height; re-save it in Tiled")
    for image in node.iter("image"):
        _check_image(owner, image, where, base, require_images)
    for tile in node.iter("tile"):
        _check_tile(owner, tile, where)


def _check_image(owner: str, image: Element, where: str, base: str, require: bool) -> None:
    src = image.get("source")
    if not src:
        raise MapError(owner, f"{where}: an <image> has no source")
    for attr in ("width", "height"):
        if image.get(attr) is not None:
            int_attr(owner, image, attr, f"{where}, image {src!r}")
    if not require:
        return
    try:
        data = read_bytes(os.path.join(base, src), MAX_IMAGE_BYTES)
    except FileRefused as exc:
        if exc.missing:
            raise MapError(owner, f"{where}: image file {src!r} is missing") from None
        raise MapError(owner, f"{where}: image file {src!r} is not read: {exc.reason}") from None
    problem = picture_problem(data)  # walked to its end, not only its signature
    if problem:
        raise MapError(owner, f"{where}: image file {src!r} is {problem}")


def _check_tile(owner: str, tile: Element, where: str) -> None:
    tile_id = int_attr(owner, tile, "id", f"{where}: a <tile>")
    if tile_id < 0:
        raise MapError(owner, f"{where}: tile id {tile_id} is negative")
    here = f"{where}, tile id {tile_id}"
    for frame in tile.iter("frame"):
        int_attr(owner, frame, "tileid", f"{here}: an animation frame")
        int_attr(owner, frame, "duration", f"{here}: an animation frame")
    for prop in tile.iterfind("properties/property"):
        if prop.get("name") == "terrain":
            value = prop.get("value", prop.text or "")
            if value not in TERRAIN_KINDS:
                known = ", ".join(TERRAIN_KINDS)
                raise MapError(owner, f"{here}: terrain {value!r} is not one of {known}")


def check_properties(owner: str, el: Element, props: Element, where: str = "") -> None:
    """Check an element's custom properties: named, of a known type, with a value of that type."""
    label = where or _describe(el)
    for prop in props.findall("property"):
        name = prop.get("name")
        if not name:
            raise MapError(owner, f"{label}: a custom property has no name")
        kind = prop.get("type", "string")
        if kind == "class":
            raise MapError(owner, f"{label}: property {name!r} is a custom class; not supported")
        if kind not in PROPERTY_TYPES:
            raise MapError(owner, f"{label}: property {name!r} has unknown type {kind!r}")
        raw = prop.get("value")
        if raw is None and kind in ("int", "float", "bool", "object"):
            raise MapError(owner, f"{label}: property {name!r} has no value")
        if kind in ("int", "object"):
            try:
                int(raw or "")
            except ValueError:
                raise MapError(owner, f"{label}: property {name!r} is {raw!r}, not a whole number") from None
        elif kind == "float":
            parse_float(owner, raw or "", f"{label}: property {name!r}")
        elif kind == "bool" and (raw or "").lower() not in ("true", "false", "0", "1"):
            raise MapError(owner, f"{label}: property {name!r} is {raw!r}, not true/false")


def check_layer_data(owner: str, layer: Element, width: int, height: int) -> list[int]:
    """Decode one tile layer's data, checking every tile number; return the raw Tiled GIDs."""
    where = f"layer {layer.get('name', '?')!r}"
    lw = int_attr(owner, layer, "width", where, default=width)
    lh = int_attr(owner, layer, "height", where, default=height)
    if (lw, lh) != (width, height):
        raise MapError(owner, f"{where} is {lw}x{lh} tiles but the map is {width}x{height}")
    data = layer.find("data")
    if data is None:
        raise MapError(owner, f"{where} has no <data>")
    if data.find("chunk") is not None:
        raise MapError(owner, f"{where} is stored in chunks (an infinite map); not supported")
    encoding = data.get("encoding")
    if encoding == "csv":
        gids = _csv_gids(owner, data.text or "", where, width)
    elif encoding == "base64":
        gids = _base64_gids(owner, data.text or "", data.get("compression"), where, width * height)
    else:
        raise MapError(owner, f"{where} uses XML tile data; save the map with CSV encoding")
    if len(gids) != width * height:
        raise MapError(owner, f"{where} has {len(gids)} tiles; expected {width * height}")
    return gids


def _csv_gids(owner: str, text: str, where: str, width: int) -> list[int]:
    tokens = text.split(",")
    if tokens and not tokens[-1].strip():
        tokens.pop()
    gids: list[int] = []
    for index, token in enumerate(tokens):
        token = token.strip()
        try:
            gid = int(token)
        except ValueError:
            gid = -1
        if gid < 0 or gid > 0xFFFFFFFF:
            col, row = index % width, index // width
            raise MapError(owner, f"{where}: bad tile number {token!r} at tile ({col}, {row})")
        gids.append(gid)
    return gids


def _base64_gids(owner: str, text: str, compression: str | None, where: str, tiles: int) -> list[int]:
    """The layer's tile numbers from base64 data; decompressed with a bound of the layer's size."""
    want = 4 * tiles  # bytes the layer's tiles take: anything longer is refused unread
    try:
        raw = base64.b64decode(text.strip(), validate=False)
        if compression in ("zlib", "gzip"):
            inflate = zlib.decompressobj(zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
            out = inflate.decompress(raw, want + 1)
            if len(out) > want or inflate.unconsumed_tail:
                raise MapError(owner, f"{where}: tile data decompresses to more than the {tiles} tiles "
                                      "of the layer")
            if not inflate.eof:
                raise MapError(owner, f"{where}: tile data cannot be decoded (the compressed data ends "
                                      "too soon)")
            raw = out
        elif compression:
            raise MapError(owner, f"{where}: {compression} compression is not supported; use CSV")
    except (binascii.Error, zlib.error, OSError, EOFError) as exc:
        raise MapError(owner, f"{where}: tile data cannot be decoded ({exc})") from None
    if len(raw) % 4:
        raise MapError(owner, f"{where}: tile data is truncated")
    if len(raw) > want:
        raise MapError(owner, f"{where} has {len(raw) // 4} tiles; expected {tiles}")
    return [int.from_bytes(raw[i : i + 4], "little") for i in range(0, len(raw), 4)]


def _check_objects(owner: str, group: Element) -> None:
    layer = group.get("name", "?")
    for obj in group.findall("object"):
        where = f"object {_object_label(obj)} in layer {layer!r}"
        int_attr(owner, obj, "id", where, default=0)
        for attr in ("x", "y", "width", "height", "rotation"):
            float_attr(owner, obj, attr, where)
        if obj.get("gid") is not None:
            int_attr(owner, obj, "gid", where)
        for shape in ("polyline", "polygon"):
            node = obj.find(shape)
            if node is not None:
                parse_points(owner, node.get("points", ""), where)


def parse_points(owner: str, text: str, where: str) -> list[tuple[float, float]]:
    """Parse Tiled's 'x,y x,y ...' point list, or raise a MapError naming the object."""
    points: list[tuple[float, float]] = []
    for pair in text.split():
        parts = pair.split(",")
        if len(parts) != 2:
            raise MapError(owner, f"{where}: bad point {pair!r}")
        points.append(
            (
                parse_float(owner, parts[0], f"{where}: x"),
                parse_float(owner, parts[1], f"{where}: y"),
            )
        )
    return points


def _object_label(obj: Element) -> str:
    name = obj.get("name")
    return f"{name!r} (id {obj.get('id', '?')})" if name else f"id {obj.get('id', '?')}"


def _describe(el: Element) -> str:
    if el.tag == "map":
        return "map properties"
    if el.tag == "object":
        return f"object {_object_label(el)}"
    name = el.get("name")
    return f"<{el.tag}> {name!r}" if name else f"<{el.tag}>"
