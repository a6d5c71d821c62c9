"""A scenario document to and from a Tiled map (TMX) with an external tileset (TSX).

The map written is what Tiled itself writes for such a map: orthogonal, finite, 32 px tiles, one
CSV tile layer `ground` on the shipped tileset, and the object layers the game reads (`obstacles`,
`deployment`, `objectives`, `vehicles`, `forces`) with custom properties that avoid pytmx's reserved
names. The text depends on the document alone, so a map saved, read and saved again is the same
bytes. Reading accepts any map the game loads (other tilesets, several layers, templates): each
square keeps its shipped tile where it has one, and is painted with its kind's tile otherwise.
"""

from __future__ import annotations

import math
import os
import re
from pathlib import Path
from xml.sax.saxutils import escape

from game.editor.document import PropValue, ScenarioDoc, Settings
from game.editor.tileset import TILESET_NAME, shipped_tileset
from game.terrain.terrain_map import MapError
from game.terrain.tmx import top_tiles

TILE_PX = 32
TILESET_FILE = "destrier-terrain.tsx"  # the copy of the shipped tileset written beside a saved map
TILESET_IMAGE = "destrier-terrain.png"
DEFAULT = Settings()
_ATTR = {'"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}
KNOWN = ("title", "briefing", "turns", "red_retinue", "blue_retinue", "red_name", "blue_name", "river_flow",
         "steeds_stay", "escort", "escort_edge", "escort_valour")


def _q(text: str) -> str:
    return '"' + escape(text, _ATTR) + '"'


def num(value: float) -> str:
    """A number as the map writes it: at most 4 decimals, no trailing zeros ("1232", "217.6")."""
    r = round(value, 4)
    if not math.isfinite(r):
        raise ValueError(f"{value!r} is not a finite number")
    if r == int(r):
        return str(int(r))
    return f"{r:.4f}".rstrip("0")


def _prop(name: str, value: PropValue) -> str:
    if isinstance(value, bool):
        return f'<property name={_q(name)} type="bool" value="{"true" if value else "false"}"/>'
    if isinstance(value, int):
        return f'<property name={_q(name)} type="int" value="{value}"/>'
    if isinstance(value, float):
        return f'<property name={_q(name)} type="float" value="{num(value)}"/>'
    return f"<property name={_q(name)} value={_q(value)}/>"


def _props(props: dict[str, PropValue], indent: str = "  ") -> list[str]:
    if not props:
        return []
    lines = [f"{indent}<properties>"]
    lines += [f"{indent} {_prop(k, v)}" for k, v in props.items()]
    return [*lines, f"{indent}</properties>"]


def _px(inches: float) -> str:
    return num(inches * TILE_PX)


def to_tmx(doc: ScenarioDoc, tileset: str = TILESET_FILE) -> bytes:
    """The map file of a document, as UTF-8 bytes."""
    w, h = doc.width, doc.height
    groups: list[tuple[str, list[list[str]]]] = []
    obstacles = []
    for ob in doc.obstacles:
        x0, y0 = ob.points[0]
        pts = " ".join(f"{_px(x - x0)},{_px(y - y0)}" for x, y in ob.points)
        obstacles.append([f"name={_q(ob.name)} x=\"{_px(x0)}\" y=\"{_px(y0)}\"",
                          *_props({"kind": ob.kind, "obstacle_width": float(ob.width),
                                   "wall_height": "tall" if ob.tall else "low"}, "   "),
                          f'   <polyline points="{pts}"/>'])
    groups.append(("obstacles", obstacles))
    zones = [[f"name={_q(z.side + ' deployment')} x=\"{_px(z.x)}\" y=\"{_px(z.y)}\" width=\"{_px(z.w)}\" "
              f"height=\"{_px(z.h)}\"", *_props({"side": z.side}, "   ")] for z in doc.zones]
    groups.append(("deployment", zones))
    objectives = [[f"name={_q(o.name)} x=\"{_px(o.x)}\" y=\"{_px(o.y)}\"",
                   *_props({"objective": o.kind, "radius": float(o.radius), "valour": int(o.valour)}, "   "),
                   "   <point/>"] for o in doc.objectives]
    groups.append(("objectives", objectives))
    vehicles = [[f"name={_q(v.name)} x=\"{_px(v.x)}\" y=\"{_px(v.y)}\"",
                 *_props({"vehicle": v.profile, "side": v.side, "heading": float(v.heading)}, "   "),
                 "   <point/>"] for v in doc.vehicles]
    groups.append(("vehicles", vehicles))
    forces = []
    for f in doc.forces:
        props: dict[str, PropValue] = {"side": f.side, "profile": f.profile, "spear": int(f.spear),
                                       "facing": float(f.facing)}
        if f.steed:
            props["steed"] = f.steed
        if f.weapons:
            props["weapons"] = ",".join(f.weapons)
        if f.seat:
            props["seat"] = f.seat
        forces.append([f"name={_q(f.name)} x=\"{_px(f.x)}\" y=\"{_px(f.y)}\"", *_props(props, "   "),
                       "   <point/>"])
    groups.append(("forces", forces))
    count = sum(len(items) for _, items in groups)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
             f'width="{w}" height="{h}" tilewidth="{TILE_PX}" tileheight="{TILE_PX}" infinite="0" '
             f'nextlayerid="{len(groups) + 2}" nextobjectid="{count + 1}">',
             *_props(doc.properties(), " "),
             f" <tileset firstgid=\"1\" source={_q(tileset)}/>",
             f' <layer id="1" name="ground" width="{w}" height="{h}">',
             '  <data encoding="csv">']
    rows = [",".join(str(t + 1) for t in doc.tiles[y * w:(y + 1) * w]) for y in range(h)]
    lines += [row + ("," if y < h - 1 else "") for y, row in enumerate(rows)]
    lines += ["</data>", " </layer>"]
    oid = 0
    for lid, (name, items) in enumerate(groups, 2):
        if not items:
            lines.append(f' <objectgroup id="{lid}" name="{name}"/>')
            continue
        lines.append(f' <objectgroup id="{lid}" name="{name}">')
        for head, *body in items:
            oid += 1
            lines.append(f'  <object id="{oid}" {head}>')
            lines += body
            lines.append("  </object>")
        lines.append(" </objectgroup>")
    lines.append("</map>")
    return ("\n".join(lines) + "\n").encode("utf-8")


def tileset_tsx() -> bytes:
    """The shipped tileset's file, naming its picture as the copy beside a saved map."""
    text = shipped_tileset().path.read_text(encoding="utf-8")
    return re.sub(r'(<image\b[^>]*\bsource=")[^"]*(")', rf"\g<1>{TILESET_IMAGE}\g<2>", text, count=1).encode()


def read_map(path: str | os.PathLike[str]) -> ScenarioDoc:
    """A document of any map the game loads (MapError if it does not load)."""
    tmap, cells = top_tiles(path)
    ts = shipped_tileset()
    tiles: list[int] = []
    for i, kind in enumerate(tmap.tiles):
        x, y = i % tmap.width, i // tmap.width
        cell = cells[i]
        shipped = cell is not None and cell[0] == TILESET_NAME and 0 <= cell[1] < len(ts.kinds)
        if cell is not None and shipped and ts.kinds[cell[1]] == kind:
            tiles.append(cell[1])
        else:
            tiles.append(ts.tile_for(kind, x, y, tmap.tiles[i - tmap.width] if y else ""))
    return ScenarioDoc(tmap.width, tmap.height, tiles, obstacles=list(tmap.obstacles),
                       zones=list(tmap.zones), objectives=list(tmap.objectives),
                       vehicles=list(tmap.vehicles), forces=list(tmap.forces),
                       settings=settings_of(os.fspath(path), tmap.properties))


def settings_of(path: str, props: dict[str, object]) -> Settings:
    """A map's settings from its custom properties (MapError for one the game would refuse)."""
    def text(key: str, default: str = "") -> str:
        return str(props.get(key, default))

    try:
        turns = int(str(props.get("turns", 6)))
        escort_valour = int(str(props.get("escort_valour", 0)))
        flow = float(str(props["river_flow"])) if "river_flow" in props else None
    except ValueError as exc:
        raise MapError(path, f"map properties: {exc}") from None
    stay = props.get("steeds_stay", False)
    extra = tuple((k, v) for k, v in props.items()
                  if k not in KNOWN and isinstance(v, str | int | float | bool))
    return Settings(title=text("title", Path(path).stem), briefing=text("briefing"), turns=turns,
                    red_retinue=text("red_retinue", DEFAULT.red_retinue),
                    blue_retinue=text("blue_retinue", DEFAULT.blue_retinue),
                    red_name=text("red_name"), blue_name=text("blue_name"), river_flow=flow,
                    steeds_stay=stay if isinstance(stay, bool) else str(stay).strip().lower() == "true",
                    escort=text("escort"), escort_edge=text("escort_edge"), escort_valour=escort_valour,
                    extra=extra)
