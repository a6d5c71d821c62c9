"""Generate maps/skirmish-field.tmx, a 36"x36" Tiled 1.10 map, deterministically.

Run after tools/make_assets.py: `.venv/bin/python tools/make_maps.py`. Tile ids are read from
maps/terrain.tsx by each tile's `variant` property, so the tileset can be re-ordered freely.
The layout: a river down the west side with two fords and a bridge; the York road across the
middle meeting a farm track at the market cross; a walled farmhouse garden and ploughland to the
north, a tithe barn with its paddock, a copse and a marsh to the south; woods and crags on the
flanks; open deployment strips along the north (red) and south (blue) edges.
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from xml.etree import ElementTree
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
TSX = ROOT / "maps" / "terrain.tsx"
OUT = ROOT / "maps" / "skirmish-field.tmx"
W = H = 36
PX = 32
Cell = tuple[int, int]

BRIEFING = (
    "Lancastrian foot have been seen foraging in the river meadows, and the Duke's men of York "
    "are sent to drive them off. Hold the market cross where the roads meet when the light "
    "fails, and carry off the plate from the farmhouse and the grain from the tithe barn if you "
    "can. God send a fair field and a short day."
)
PROPERTIES: list[tuple[str, str, str]] = [
    ("title", "string", "Skirmish Field"),
    ("briefing", "string", BRIEFING),
    ("turns", "int", "6"),
    ("red_retinue", "string", "york-foot"),
    ("blue_retinue", "string", "lancaster-foot"),
]


def tile_ids() -> dict[str, int]:
    """Map each tile's `variant` name to its GID (firstgid 1) from the tileset file."""
    ids: dict[str, int] = {}
    for tile in ElementTree.parse(TSX).getroot().iter("tile"):
        for prop in tile.iter("property"):
            if prop.get("name") == "variant":
                ids[str(prop.get("value"))] = int(tile.get("id", "0")) + 1
    return ids


def river_centre(y: float) -> float:
    """The river's centre-line x (inches) at a given y: a gentle meander, west of centre."""
    return 7.0 + 1.6 * math.sin(y / 5.5) + 0.06 * y


def blob(cx: float, cy: float, rx: float, ry: float, seed: int) -> set[Cell]:
    """Cells inside a ragged ellipse: an irregular patch of terrain."""
    rng = random.Random(seed)
    bumps = [(rng.uniform(0.6, 1.6), rng.uniform(0, 2 * math.pi)) for _ in range(3)]
    cells = set()
    for y in range(H):
        for x in range(W):
            dx, dy = (x + 0.5 - cx) / rx, (y + 0.5 - cy) / ry
            ang = math.atan2(dy, dx)
            edge = 1 + sum(0.12 * math.sin(k * 3 * ang + ph) for k, ph in bumps)
            if math.hypot(dx, dy) < edge:
                cells.add((x, y))
    return cells


def rect(x0: int, y0: int, x1: int, y1: int) -> set[Cell]:
    """Cells with x0 <= x < x1 and y0 <= y < y1."""
    return {(x, y) for y in range(y0, y1) for x in range(x0, x1)}


def paint(grid: dict[Cell, str], cells: set[Cell], variants: list[str], rng: random.Random) -> None:
    """Set cells to random choices among the given tile variants."""
    for cell in sorted(cells):
        if 0 <= cell[0] < W and 0 <= cell[1] < H:
            grid[cell] = rng.choice(variants)


SCRUB = ["scrub-1", "scrub-2", "scrub-3"]
MARSH = ["marsh-1", "marsh-2", "marsh-3"]
WOODS = ["woods-1", "woods-2", "woods-3", "woods-4"]
RIVER = ["river-1", "river-1", "river-1", "river-2", "river-3"]
FORD = ["ford-1", "ford-2"]


def layout() -> tuple[dict[Cell, str], dict[Cell, str]]:
    """The ground layer and the features layer (the bridge over the river), as variant names."""
    rng = random.Random(1461)  # the year of Towton
    grid: dict[Cell, str] = {}
    grass = ["grass-1", "grass-2", "grass-3"] * 6 + ["grass-flowers"]
    paint(grid, rect(0, 0, W, H), grass, rng)
    paint(grid, blob(2.0, 7.0, 2.6, 1.8, 3), SCRUB, rng)
    paint(grid, blob(24.5, 7.2, 2.2, 1.5, 4), SCRUB, rng)
    paint(grid, blob(31.5, 27.8, 3.0, 1.6, 5), SCRUB, rng)
    paint(grid, blob(2.6, 23.5, 3.0, 3.2, 6), MARSH, rng)
    paint(grid, blob(11.2, 21.8, 1.3, 1.4, 7), MARSH, rng)
    paint(grid, blob(30.5, 10.2, 3.6, 3.2, 8), WOODS, rng)
    paint(grid, blob(14.3, 24.6, 2.4, 2.6, 9), WOODS, rng)
    paint(grid, rect(11, 7, 17, 11), ["plough-ew"], rng)
    paint(grid, rect(18, 27, 23, 30), ["plough-ns"], rng)
    paint(grid, rect(1, 11, 4, 13) | {(2, 13)}, ["rock-1", "rock-2"], rng)
    paint(grid, rect(33, 22, 36, 24) | {(34, 24)}, ["rock-1", "rock-2"], rng)
    for y in range(H):  # the river, two tiles wide, with a ford near each side
        water = {(x, y) for x in range(W) if abs(x + 0.5 - river_centre(y + 0.5)) < 1.05}
        paint(grid, water, FORD if y in (8, 9, 26, 27) else RIVER, rng)
    for x in range(W):  # the York road, two tiles wide; the river runs on under the bridge
        for y in (17, 18):
            if not grid[(x, y)].startswith("river"):
                grid[(x, y)] = "road-ew"
    for y in range(13, 17):  # the farm track up to the farmhouse
        grid[(21, y)] = "road-ns"
    grid[(21, 17)] = grid[(21, 18)] = "road-plain"
    for x in range(19, 23):  # the farmhouse, thatched
        grid[(x, 11)], grid[(x, 12)] = "thatch-n", "thatch-s"
    for x in range(24, 29):  # the tithe barn, slated
        grid[(x, 22)], grid[(x, 23)] = "slate-n", "slate-s"
    features: dict[Cell, str] = {}
    for y in (17, 18):  # the bridge: road tiles over the river
        for x in range(W):
            if grid[(x, y)].startswith("river"):
                features[(x, y)] = "bridge-ew"
    return grid, features


# (name, kind, wall_height, obstacle_width, points in inches)
OBSTACLES: list[tuple[str, str, str, float, list[tuple[float, float]]]] = [
    (
        "garden wall",
        "wall",
        "tall",
        0.5,
        [(23.5, 13.6), (23.0, 13.6), (23.0, 9.6), (27.4, 9.6), (27.4, 13.6), (25.2, 13.6)],
    ),
    ("roadside wall", "wall", "low", 0.5, [(9.8, 16.5), (13.0, 16.4), (16.5, 16.5)]),
    ("drainage ditch", "ditch", "low", 2.0, [(10.5, 20.6), (14.0, 20.4), (17.5, 20.8)]),
    ("field hedge", "hedge", "low", 1.0, [(10.6, 11.4), (17.4, 11.4), (17.4, 6.6)]),
    ("south hedgerow", "hedge", "low", 1.0, [(17.6, 29.6), (17.6, 26.6), (23.4, 26.6)]),
    (
        "paddock fence",
        "fence",
        "low",
        0.25,
        [(29.3, 21.4), (32.6, 21.4), (32.6, 26.0), (29.3, 26.0), (29.3, 24.4)],
    ),
    ("archers' stakes", "stakes", "low", 1.0, [(27.0, 15.4), (29.5, 15.0), (32.0, 15.3)]),
]

# (name, objective, radius, valour, x, y) in inches
OBJECTIVES: list[tuple[str, str, float, int, float, float]] = [
    ("market cross", "hold", 3.0, 2, 18.0, 18.0),
    ("farmhouse plate", "loot", 1.0, 1, 20.0, 13.5),
    ("tithe barn grain", "loot", 1.0, 1, 26.5, 24.6),
]
ZONES: list[tuple[str, str, float, float, float, float]] = [
    ("red deployment", "red", 0.0, 0.0, 36.0, 6.0),
    ("blue deployment", "blue", 0.0, 30.0, 36.0, 6.0),
]


def _num(v: float) -> str:
    return f"{v:g}"


def _props(items: list[tuple[str, str, str]], indent: str) -> list[str]:
    lines = [f"{indent}<properties>"]
    for name, kind, value in items:
        typed = "" if kind == "string" else f' type="{kind}"'
        lines.append(f"{indent} <property name={quoteattr(name)}{typed} value={quoteattr(value)}/>")
    lines.append(f"{indent}</properties>")
    return lines


def _csv(layer: dict[Cell, str], ids: dict[str, int]) -> str:
    rows = [",".join(str(ids[layer[(x, y)]]) if (x, y) in layer else "0" for x in range(W)) for y in range(H)]
    return ",\n".join(rows)


def tmx_text() -> str:
    """The whole TMX document as text, in the layout Tiled 1.10 itself writes."""
    ids = tile_ids()
    ground, features = layout()
    oid = 1
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{W}" height="{H}" tilewidth="{PX}" '
        f'tileheight="{PX}" infinite="0" nextlayerid="6" nextobjectid="@NEXT@">',
        *_props(PROPERTIES, " "),
        ' <tileset firstgid="1" source="terrain.tsx"/>',
    ]
    for lid, (name, layer) in enumerate((("ground", ground), ("features", features)), 1):
        out += [
            f' <layer id="{lid}" name="{name}" width="{W}" height="{H}">',
            '  <data encoding="csv">',
            _csv(layer, ids),
            "</data>",
            " </layer>",
        ]
    out.append(' <objectgroup id="3" name="obstacles">')
    for name, kind, height, width, pts in OBSTACLES:
        x0, y0 = pts[0]
        rel = " ".join(f"{_num((x - x0) * PX)},{_num((y - y0) * PX)}" for x, y in pts)
        out.append(f'  <object id="{oid}" name={quoteattr(name)} x="{_num(x0 * PX)}" y="{_num(y0 * PX)}">')
        out += _props(
            [
                ("kind", "string", kind),
                ("obstacle_width", "float", _num(width)),
                ("wall_height", "string", height),
            ],
            "   ",
        )
        out += [f'   <polyline points="{rel}"/>', "  </object>"]
        oid += 1
    out += [" </objectgroup>", ' <objectgroup id="4" name="deployment">']
    for name, side, x, y, w, h in ZONES:
        out.append(
            f'  <object id="{oid}" name={quoteattr(name)} x="{_num(x * PX)}" '
            f'y="{_num(y * PX)}" width="{_num(w * PX)}" height="{_num(h * PX)}">'
        )
        out += [*_props([("side", "string", side)], "   "), "  </object>"]
        oid += 1
    out += [" </objectgroup>", ' <objectgroup id="5" name="objectives">']
    for name, kind, radius, valour, x, y in OBJECTIVES:
        out.append(f'  <object id="{oid}" name={quoteattr(name)} x="{_num(x * PX)}" y="{_num(y * PX)}">')
        out += _props(
            [
                ("objective", "string", kind),
                ("radius", "float", _num(radius)),
                ("valour", "int", str(valour)),
            ],
            "   ",
        )
        out += ["   <point/>", "  </object>"]
        oid += 1
    out += [" </objectgroup>", "</map>"]
    return "\n".join(out).replace("@NEXT@", str(oid)) + "\n"


def main() -> None:
    """Write maps/skirmish-field.tmx."""
    OUT.write_text(tmx_text(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
