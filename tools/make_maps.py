"""Generate the shipped Tiled 1.10 maps (game/resources/maps/) deterministically.

Run after tools/make_assets.py: `.venv/bin/python tools/make_maps.py` writes every map in
`MAPS`; `tmx_text(name)` returns one map's text (the tests compare it with the shipped file).
Tile ids are read from the tileset terrain.tsx by each tile's `variant` property, so the tileset can be
re-ordered freely. Every map has a ground layer, a features layer (bridges painted over the
river), and the object layers `obstacles`, `deployment` and `objectives`, a map with vehicles
also a `vehicles` layer and a map placing its own models a `forces` layer (see docs/maps.md).

* skirmish-field (36"x36"): a river down the west side with two fords and a bridge; the York road
  across the middle meeting a farm track at the market cross; a walled farmhouse garden and
  ploughland to the north, a tithe barn with its paddock, a copse and a marsh to the south; woods
  and crags on the flanks; open deployment strips along the north (red) and south (blue) edges.
* the-ford (48"x36"): a deep river across the middle of the table, flowing east, with one ford
  on the west and a road bridge on the east; a hanging wood and reed beds on the north bank,
  osier scrub and a marsh on the south bank; a farm by the bridge road; mounted retinues deploy
  on opposite banks.
* stakes-and-arrows (36"x36"): Lancastrian archers behind a ditch and a line of stakes across
  most of the table, a hedge and a wood closing the east flank and a gap on the west where an
  old drove road runs through; ploughland in front of the stakes; the archers' baggage behind
  the line; a mounted retinue deploys at the far (north) edge.
* make-way (42"x30"): the York road west to east across the middle between hedgerows with field
  gates, a ditch along the south verge, Hagg Wood and ploughland to the north, a hamlet on the
  south verge where an abandoned ox-cart is dragged across the road, leaving a squeeze between its
  tail and the farmhouse; York's supply wagon starts on the road at the west end with its escort,
  and Lancaster lies in ambush behind the hedgerows on both sides. The only map with a `vehicles`
  object layer (written only when a map has vehicles, so the other maps keep their layers).
* tutorial (24"x20"): the Lane Hedge, the tutorial's table (game/ui/tutorial.py): a hedge across
  the meadow before Blue's mounted Captain, a billman in the open for his lancer to charge, the
  enemy Captain in bowshot of his archer. The only map with a `forces` object layer: each side's
  own three models, placed where the tutorial's steps need them.
* saxton-field (72"x48", the largest table): the York road west to east across the middle, a beck
  winding south down the west flank with two fords and the road bridge (a mill below it, the
  Bloody Meadow marsh beside it), the village of Saxton east of centre with its walled churchyard,
  cottages along the road and lanes and a tithe barn with its yard, hedged fields north and
  south-east, Castle Hill Wood, Renshaw Wood and a copse; thirty models a side deploy along the
  north (York) and south (Lancaster) edges, east of the beck.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the game package of this checkout, whatever else is installed

from game.resources import MAPS_DIR, TILESET_TSX  # noqa: E402

TSX = TILESET_TSX
OUT = MAPS_DIR / "skirmish-field.tmx"
W = H = 36  # the Skirmish Field's size, and the default size of the painting helpers
PX = 32
Cell = tuple[int, int]
Point = tuple[float, float]
Prop = tuple[str, str, str]  # (name, Tiled type, value)
# (name, kind, wall_height, obstacle_width, points in inches)
ObstacleSpec = tuple[str, str, str, float, list[Point]]
# (name, side, x, y, w, h) in inches
ZoneSpec = tuple[str, str, float, float, float, float]
# (name, objective, radius, valour, x, y) in inches
ObjectiveSpec = tuple[str, str, float, int, float, float]
# (name, vehicles.toml profile, side, x, y, heading): the centre in inches, heading in degrees
VehicleSpotSpec = tuple[str, str, str, float, float, float]
# (name, side, profile, spear, x, y, facing, steed, weapons): one model the map places itself
ForceSpec = tuple[str, str, str, int, float, float, float, str, str]


@dataclass
class MapSpec:
    """Everything a generated map holds: size, properties, two tile layers and the objects."""

    width: int
    height: int
    properties: list[Prop]
    ground: dict[Cell, str]
    features: dict[Cell, str]
    obstacles: list[ObstacleSpec] = field(default_factory=list)
    zones: list[ZoneSpec] = field(default_factory=list)
    objectives: list[ObjectiveSpec] = field(default_factory=list)
    vehicles: list[VehicleSpotSpec] = field(default_factory=list)
    forces: list[ForceSpec] = field(default_factory=list)


def tile_ids() -> dict[str, int]:
    """Map each tile's `variant` name to its GID (firstgid 1) from the tileset file."""
    ids: dict[str, int] = {}
    for tile in ElementTree.parse(TSX).getroot().iter("tile"):
        for prop in tile.iter("property"):
            if prop.get("name") == "variant":
                ids[str(prop.get("value"))] = int(tile.get("id", "0")) + 1
    return ids


def blob(cx: float, cy: float, rx: float, ry: float, seed: int, w: int = W, h: int = H) -> set[Cell]:
    """Cells inside a ragged ellipse: an irregular patch of terrain."""
    rng = random.Random(seed)
    bumps = [(rng.uniform(0.6, 1.6), rng.uniform(0, 2 * math.pi)) for _ in range(3)]
    cells = set()
    for y in range(h):
        for x in range(w):
            dx, dy = (x + 0.5 - cx) / rx, (y + 0.5 - cy) / ry
            ang = math.atan2(dy, dx)
            edge = 1 + sum(0.12 * math.sin(k * 3 * ang + ph) for k, ph in bumps)
            if math.hypot(dx, dy) < edge:
                cells.add((x, y))
    return cells


def rect(x0: int, y0: int, x1: int, y1: int) -> set[Cell]:
    """Cells with x0 <= x < x1 and y0 <= y < y1."""
    return {(x, y) for y in range(y0, y1) for x in range(x0, x1)}


def paint(grid: dict[Cell, str], cells: set[Cell], variants: list[str], rng: random.Random,
          w: int = W, h: int = H) -> None:
    """Set cells on a w x h table to random choices among the given tile variants."""
    for cell in sorted(cells):
        if 0 <= cell[0] < w and 0 <= cell[1] < h:
            grid[cell] = rng.choice(variants)


SCRUB = ["scrub-1", "scrub-2", "scrub-3"]
MARSH = ["marsh-1", "marsh-2", "marsh-3"]
WOODS = ["woods-1", "woods-2", "woods-3", "woods-4"]
RIVER = ["river-1", "river-1", "river-1", "river-2", "river-3"]
FORD = ["ford-1", "ford-2"]
GRASS = ["grass-1", "grass-2", "grass-3"] * 6 + ["grass-flowers"]
MEADOW = ["grass-1", "grass-2", "grass-3", "grass-flowers"]  # water meadows: more flowers


# --- Skirmish Field ------------------------------------------------------------------------------

SKIRMISH_BRIEFING = (
    "Lancastrian foot have been seen foraging in the river meadows, and the Duke's men of York "
    "are sent to drive them off. Hold the market cross where the roads meet when the light "
    "fails, and carry off the plate from the farmhouse and the grain from the tithe barn if you "
    "can. God send a fair field and a short day."
)


def river_centre(y: float) -> float:
    """The Skirmish Field river's centre-line x (inches) at a given y: a gentle meander."""
    return 7.0 + 1.6 * math.sin(y / 5.5) + 0.06 * y


def skirmish_layout() -> tuple[dict[Cell, str], dict[Cell, str]]:
    """The Skirmish Field's ground layer and features layer (the bridge), as variant names."""
    rng = random.Random(1461)  # the year of Towton
    grid: dict[Cell, str] = {}
    paint(grid, rect(0, 0, W, H), GRASS, rng)
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


def skirmish_field() -> MapSpec:
    """Skirmish Field: the first shipped table, foot retinues on both sides."""
    ground, features = skirmish_layout()
    return MapSpec(
        width=W,
        height=H,
        properties=[
            ("title", "string", "Skirmish Field"),
            ("briefing", "string", SKIRMISH_BRIEFING),
            ("turns", "int", "6"),
            ("red_retinue", "string", "york-foot"),
            ("blue_retinue", "string", "lancaster-foot"),
        ],
        ground=ground,
        features=features,
        obstacles=[
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
        ],
        zones=[
            ("red deployment", "red", 0.0, 0.0, 36.0, 6.0),
            ("blue deployment", "blue", 0.0, 30.0, 36.0, 6.0),
        ],
        objectives=[
            ("market cross", "hold", 3.0, 2, 18.0, 18.0),
            ("farmhouse plate", "loot", 1.0, 1, 20.0, 13.5),
            ("tithe barn grain", "loot", 1.0, 1, 26.5, 24.6),
        ],
    )


# --- The Ford ------------------------------------------------------------------------------------

FORD_W, FORD_H = 48, 36
FORD_RIVER_FLOW = 90.0  # the river flows east, towards +x
FORD_COLUMNS = range(11, 15)  # the one ford: the river's shallows in these columns
BRIDGE_COLUMNS = (34, 35)  # the bridge road, two tiles wide, north to south
FORD_BRIEFING = (
    "The Lancastrian prickers hold the south bank of the Tyle Water and York's riders mean to "
    "cross it. There is one ford, knee-deep among the reeds, and a narrow bridge on the Alnwick "
    "road downstream; whoever holds the ford and the bridge at dusk holds the crossing."
)


def ford_river(x: float) -> float:
    """The Ford's river centre-line y (inches) at a given x: a lazy meander across the table."""
    return 17.6 + 2.0 * math.sin((x - 6.0) / 7.5) + 0.6 * math.sin(x / 2.9)


def ford_water(x: int, y: int) -> bool:
    """True if the cell (x, y) of The Ford is river (deep or shallow)."""
    return abs(y + 0.5 - ford_river(x + 0.5)) < 1.6


def the_ford() -> MapSpec:
    """The Ford: a river with one ford and one bridge, mounted retinues on both banks."""
    w, h = FORD_W, FORD_H
    rng = random.Random(1464)  # the year of Hedgeley Moor and Hexham

    def put(cells: set[Cell], variants: list[str]) -> None:
        paint(grid, cells, variants, rng, w, h)

    def patch(cx: float, cy: float, rx: float, ry: float, seed: int) -> set[Cell]:
        return blob(cx, cy, rx, ry, seed, w, h)

    grid: dict[Cell, str] = {}
    put(rect(0, 0, w, h), GRASS)
    meadow = {(x, y) for x in range(w) for y in range(h) if abs(y + 0.5 - ford_river(x + 0.5)) < 5.5}
    put(meadow, MEADOW)  # the water meadows along both banks
    put(patch(6.0, 11.2, 4.6, 2.6, 21), WOODS)  # Hanging Wood, on the north bank
    put(patch(19.8, 14.0, 3.4, 1.6, 22), MARSH)  # reed beds below the ford, north bank
    put(patch(6.5, 20.8, 3.6, 1.7, 23), SCRUB)  # osier beds above the ford, south bank
    put(patch(25.5, 21.6, 3.8, 1.7, 24), MARSH)  # the south bank marsh
    put(patch(30.2, 12.8, 2.4, 1.5, 25), SCRUB)  # brambles by the north end of the bridge
    put(patch(24.5, 28.2, 2.8, 1.1, 26), WOODS)  # Mill Spinney, south of the lane
    put(rect(39, 7, 46, 11), ["plough-ew"])  # the north-east field
    put(rect(2, 26, 9, 29), ["plough-ns"])  # the south-west field
    for x in range(w):  # the river: deep, with its one ford
        water = {(x, y) for y in range(h) if ford_water(x, y)}
        put(water, FORD if x in FORD_COLUMNS else RIVER)
    features: dict[Cell, str] = {}
    for x in BRIDGE_COLUMNS:  # the bridge road, north to south; the river runs on under it
        for y in range(h):
            if ford_water(x, y):
                features[(x, y)] = "bridge-ns"
            else:
                grid[(x, y)] = "road-ns"
    lane = 24  # the south lane from the ford to the bridge road
    for y in range(h):  # the ford lane: a single track down to the ford and up the far bank
        if not ford_water(12, y) and y <= lane:
            grid[(12, y)] = "road-ns"
    for x in range(13, BRIDGE_COLUMNS[0]):
        grid[(x, lane)] = "road-ew"
    grid[(12, lane)] = "road-plain"
    for x in range(BRIDGE_COLUMNS[1] + 1, 39):  # the farm track
        grid[(x, 27)] = "road-ew"
    for x in range(39, 43):  # the farmhouse, thatched
        grid[(x, 26)], grid[(x, 27)] = "thatch-n", "thatch-s"
    for x in range(43, 46):  # the byre, slated
        grid[(x, 23)], grid[(x, 24)] = "slate-n", "slate-s"
    return MapSpec(
        width=w,
        height=h,
        properties=[
            ("title", "string", "The Ford"),
            ("briefing", "string", FORD_BRIEFING),
            ("turns", "int", "6"),
            ("red_retinue", "string", "york-mounted"),
            ("blue_retinue", "string", "lancaster-mounted"),
            ("river_flow", "float", f"{FORD_RIVER_FLOW:g}"),
            ("steeds_stay", "bool", "false"),
        ],
        ground=grid,
        features=features,
        obstacles=[
            ("north field hedge", "hedge", "low", 1.0, [(38.5, 6.8), (38.5, 11.6), (46.6, 11.6)]),
            ("sheepfold", "fence", "low", 0.25,
             [(22.4, 8.4), (26.6, 8.4), (26.6, 11.2), (22.4, 11.2), (22.4, 9.6)]),
            ("lane hedge", "hedge", "low", 1.0, [(15.0, 25.6), (24.0, 25.6), (31.5, 25.6)]),
            ("farmyard fence", "fence", "low", 0.25,
             [(38.4, 25.2), (38.4, 22.4), (46.6, 22.4), (46.6, 28.8), (43.6, 28.8)]),
        ],
        zones=[
            ("red deployment", "red", 0.0, 0.0, float(w), 6.0),
            ("blue deployment", "blue", 0.0, 30.0, float(w), 6.0),
        ],
        objectives=[
            ("the ford", "hold", 3.0, 3, 13.0, round(ford_river(13.0) * 2) / 2),
            ("the bridge", "hold", 2.0, 2, 35.0, round(ford_river(35.0) * 2) / 2),
        ],
    )


# --- Stakes and Arrows ---------------------------------------------------------------------------

STAKES_BRIEFING = (
    "Sir Ralph Grey's bowmen have dug a ditch and planted their stakes across the drove road, "
    "with the wood and its hedge to guard their right. York's riders must break the line, or "
    "find the gap at its western end, and plunder the baggage before the arrows empty their "
    "saddles."
)


def stakes_and_arrows() -> MapSpec:
    """Stakes and Arrows: archers behind stakes and a ditch against a mounted retinue."""
    w = h = 36
    rng = random.Random(1471)  # the year of Barnet and Tewkesbury

    def put(cells: set[Cell], variants: list[str]) -> None:
        paint(grid, cells, variants, rng, w, h)

    grid: dict[Cell, str] = {}
    put(rect(0, 0, w, h), GRASS)
    put(rect(11, 12, 27, 18), ["plough-ew"])  # fresh-ploughed strips in front of the ditch
    wood = {(x, y) for x, y in blob(32.8, 15.0, 4.6, 7.4, 31, w, h) if x >= 29}
    put(wood, WOODS)  # Grey's Wood on the east flank, behind its hedge
    put(blob(3.0, 10.5, 2.4, 1.6, 32, w, h), SCRUB)  # gorse by the drove road
    put(blob(15.0, 8.0, 1.8, 1.2, 33, w, h), SCRUB)
    put(blob(29.5, 32.0, 2.6, 1.6, 34, w, h), MARSH)  # a wet hollow behind the line
    for y in range(h):  # the drove road through the gap, then east to the baggage
        if y < 31:
            grid[(5, y)] = "road-ns"
    grid[(5, 31)] = "road-plain"
    for x in range(6, 18):
        grid[(x, 31)] = "road-ew"
    for x in range(30, 34):  # a shepherd's cote behind the wood
        grid[(x, 27)], grid[(x, 28)] = "thatch-n", "thatch-s"
    return MapSpec(
        width=w,
        height=h,
        properties=[
            ("title", "string", "Stakes and Arrows"),
            ("briefing", "string", STAKES_BRIEFING),
            ("turns", "int", "6"),
            ("red_retinue", "string", "york-mounted"),
            ("blue_retinue", "string", "lancaster-archers"),
            ("steeds_stay", "bool", "false"),
        ],
        ground=grid,
        features={},
        obstacles=[
            ("archers' stakes", "stakes", "low", 1.0,
             [(9.0, 22.6), (13.0, 22.2), (17.0, 22.6), (21.0, 22.2), (25.0, 22.6), (28.6, 22.3)]),
            ("bowmen's ditch", "ditch", "low", 2.0, [(9.6, 20.0), (19.0, 19.8), (28.4, 20.0)]),
            ("wood hedge", "hedge", "low", 1.0, [(28.6, 7.0), (28.4, 15.0), (28.6, 23.0)]),
        ],
        zones=[
            ("red deployment", "red", 0.0, 0.0, float(w), 6.0),
            ("blue deployment", "blue", 9.0, 24.0, 19.0, 6.0),
        ],
        objectives=[
            ("the baggage", "hold", 3.0, 3, 19.0, 32.5),
            ("sheaves of arrows", "loot", 1.0, 1, 25.5, 31.0),
            ("the pay chest", "loot", 1.0, 1, 11.0, 33.5),
        ],
    )


# --- The tutorial: the Lane Hedge ---------------------------------------------------------------

TUTORIAL_BRIEFING = (
    "Sir Ralph Mauleverer's foragers have come down Mill Lane with a billman and a bowman, and Sir "
    "Thomas Harcourt rides out with his lancer and his archer to see them off. A hedge runs "
    "across the meadow before him; beyond it the foragers wait in the open. This is the "
    "tutorial's table: one Spear a side and one turn to learn how a Spear is played."
)
# The models the tutorial speaks of, as they are named on the map (game/ui/tutorial.py reads the
# same names): Blue is the person's side, Orange the AI's.
TUTORIAL_FORCES: list[ForceSpec] = [
    ("Sir Thomas Harcourt", "blue", "captain", 1, 5.5, 16.5, 0.0, "warhorse", ""),
    ("Will Fenton", "blue", "man_at_arms", 1, 11.5, 16.5, 0.0, "warhorse", "lance,hand_weapon"),
    ("Hal Ferris", "blue", "archer", 1, 9.0, 17.8, 0.0, "", ""),
    ("Sir Ralph Mauleverer", "red", "captain", 1, 8.5, 6.5, 180.0, "", ""),
    ("Jack Coke", "red", "billman", 1, 15.0, 4.5, 200.0, "", ""),
    ("Robin Webbe", "red", "archer", 1, 3.0, 4.0, 160.0, "", ""),
]


def tutorial() -> MapSpec:
    """The Lane Hedge: the tutorial's small table, a hedge to jump, a billman to charge, a bowman to shoot."""
    w, h = 24, 20
    rng = random.Random(1455)  # the year of the first battle of St Albans

    def put(cells: set[Cell], variants: list[str]) -> None:
        paint(grid, cells, variants, rng, w, h)

    grid: dict[Cell, str] = {}
    put(rect(0, 0, w, h), GRASS)
    put({(x, y) for x, y in blob(22.6, 2.4, 3.2, 3.0, 61, w, h) if x >= 20}, WOODS)  # Mill Spinney
    put(blob(22.2, 16.6, 1.8, 1.5, 62, w, h), SCRUB)  # brambles by the lane
    put(rect(0, 0, 3, 2), ["plough-ew"])  # the corner of a ploughed field
    for y in range(h):  # Mill Lane, north to south along the east side
        grid[(19, y)] = "road-ns"
    return MapSpec(
        width=w,
        height=h,
        properties=[
            ("title", "string", "Learn to Play: The Lane Hedge"),
            ("briefing", "string", TUTORIAL_BRIEFING),
            ("turns", "int", "4"),
            ("blue_name", "string", "Harcourt's riders"),
            ("red_name", "string", "Mauleverer's foragers"),
            ("steeds_stay", "bool", "false"),
            ("deployment", "string", "fixed"),  # the tutorial's steps need its models where they stand
        ],
        ground=grid,
        features={},
        obstacles=[("meadow hedge", "hedge", "low", 1.0, [(0.5, 12.5), (3.8, 12.6), (7.0, 12.5)])],
        zones=[
            ("red deployment", "red", 0.0, 0.0, float(w), 8.0),
            ("blue deployment", "blue", 0.0, 14.0, float(w), 6.0),
        ],
        objectives=[("the lane end", "hold", 2.0, 2, 19.5, 10.0)],
        forces=TUTORIAL_FORCES,
    )


# --- Make Way! Clear the Road! ------------------------------------------------------------------

WAY_W, WAY_H = 42, 30
WAY_ROAD_ROWS = (14, 15)  # the York road, two tiles wide: y 14" to 16"
WAY_NORTH_HEDGE_Y = 12.4  # hedgerow centre-lines, 1" wide: a 1.1" grass verge each side of the road
WAY_SOUTH_HEDGE_Y = 17.6
WAY_FARMHOUSE = (26, 20, 30, 22)  # x0, y0, x1, y1 tiles: south of the roadblock, 4" behind its tail
WAY_BRIEFING = (
    "The Duke's wages for the garrison at Pontefract go east in one lumbering supply wagon, and "
    "Sir Humphrey Neville's hedge-lurkers know the road it must take. Between the hedgerows there "
    "is no room to turn, and at the hamlet someone has dragged an ox-cart across the way. Drive "
    "the wagon off the eastern edge of the table and the day is York's; leave it broken in the "
    "lane and Lancaster shares out the spoil."
)


def make_way() -> MapSpec:
    """Make Way! Clear the Road!: a supply wagon escorted down a hedged road into an ambush."""
    w, h = WAY_W, WAY_H
    rng = random.Random(1469)  # the year of Edgecote and of Robin of Redesdale's rising

    def put(cells: set[Cell], variants: list[str]) -> None:
        paint(grid, cells, variants, rng, w, h)

    def patch(cx: float, cy: float, rx: float, ry: float, seed: int) -> set[Cell]:
        return blob(cx, cy, rx, ry, seed, w, h)

    grid: dict[Cell, str] = {}
    put(rect(0, 0, w, h), GRASS)
    wood = {(x, y) for x, y in patch(40.0, 6.0, 3.6, 5.4, 51) if x >= 36 and y <= 11}
    put(wood, WOODS)  # Hagg Wood, north-east, up to the far hedgerow
    put(rect(19, 9, 33, 12), ["plough-ew"])  # the north field, behind the hedgerow
    put(rect(11, 19, 16, 26), ["plough-ns"])  # the south-west field
    put(patch(13.0, 5.5, 2.4, 1.6, 42), SCRUB)  # gorse on the north-west rise
    put(patch(5.5, 25.5, 3.0, 1.8, 43), SCRUB)  # brambles by the west end
    put(patch(39.5, 24.5, 2.4, 3.0, 44), SCRUB)  # thorn thicket, south-east
    put({(x, y) for x, y in patch(34.5, 10.6, 1.4, 0.9, 45) if y <= 11}, SCRUB)  # by the north gate
    for x in range(w):  # the York road, straight across the table
        for y in WAY_ROAD_ROWS:
            grid[(x, y)] = "road-ew"
    x0, y0, x1, y1 = WAY_FARMHOUSE
    for x in range(x0, x1):  # the farmhouse of the hamlet, thatched
        grid[(x, y0)], grid[(x, y0 + 1)] = "thatch-n", "thatch-s"
    for x in range(33, 36):  # its byre, slated
        grid[(x, 19)], grid[(x, 20)] = "slate-n", "slate-s"
    north, south = WAY_NORTH_HEDGE_Y, WAY_SOUTH_HEDGE_Y
    return MapSpec(
        width=w,
        height=h,
        properties=[
            ("title", "string", "Make Way! Clear the Road!"),
            ("briefing", "string", WAY_BRIEFING),
            ("turns", "int", "10"),
            ("red_retinue", "string", "york-escort"),
            ("blue_retinue", "string", "lancaster-ambush"),
            ("steeds_stay", "bool", "false"),
            ("escort", "string", "the supply wagon"),
            ("escort_edge", "string", "east"),
            ("escort_valour", "int", "6"),
        ],
        ground=grid,
        features={},
        obstacles=[
            ("north hedgerow, west", "hedge", "low", 1.0, [(10.6, north), (17.0, north)]),
            ("north hedgerow, middle", "hedge", "low", 1.0, [(19.5, north), (33.0, north)]),
            ("north hedgerow, east", "hedge", "low", 1.0, [(35.5, north), (41.0, north)]),
            ("south hedgerow, west", "hedge", "low", 1.0, [(10.6, south), (13.0, south)]),
            ("south hedgerow, middle", "hedge", "low", 1.0, [(15.5, south), (22.0, south)]),
            ("south hedgerow, east", "hedge", "low", 1.0, [(34.5, south), (41.0, south)]),
            ("roadside ditch", "ditch", "low", 1.0, [(15.8, 16.55), (21.8, 16.55)]),
        ],
        zones=[
            ("red deployment", "red", 0.0, 9.0, 10.0, 12.0),
            ("blue deployment, north", "blue", 16.0, 3.0, 20.0, 6.0),
            ("blue deployment, south", "blue", 16.0, 21.0, 20.0, 6.0),
        ],
        objectives=[
            ("the way-cross", "hold", 2.0, 1, 39.0, 13.4),
        ],
        vehicles=[
            ("the supply wagon", "supply_wagon", "red", 4.0, 15.0, 90.0),
            ("the roadblock", "ox_cart", "none", 28.0, 14.5, 0.0),
        ],
    )


# --- Saxton Field (the largest table) ------------------------------------------------------------

SAXTON_W, SAXTON_H = 72, 48
SAXTON_ROAD_ROWS = (23, 24)  # the York road, two tiles wide, west to east
SAXTON_FORD_ROWS = ((9, 10), (37, 38))  # the beck's two fords, north and south of the bridge
SAXTON_BRIEFING = (
    "The Duke and the Earl have brought their whole followings to Saxton, thirty men a side, "
    "and the village lies between them. Hold the church green and the beck bridge on the York "
    "road at dusk; the priest's plate and the tithe barn's grain go to whoever can carry them "
    "off. Mind the beck on the west flank: it is deep but for two fords and the bridge, and the "
    "Bloody Meadow beside it is marsh."
)


def saxton_beck(y: float) -> float:
    """Saxton Field's beck centre-line x (inches) at a given y: it winds south down the west flank."""
    return 8.0 + 2.2 * math.sin(y / 6.5) + 0.7 * math.sin(y / 2.3)


def saxton_water(x: int, y: int) -> bool:
    """True if the cell (x, y) of Saxton Field is the beck (deep or shallow)."""
    return abs(x + 0.5 - saxton_beck(y + 0.5)) < 0.95


SAXTON_BUILDINGS = (  # (x0, y0, x1, roof): two rows, north and south halves of the roof
    (48, 16, 55, "slate"),  # St Mary's church, north of the road
    (41, 19, 44, "thatch"),  # cottages along the road
    (57, 19, 60, "thatch"),
    (43, 27, 46, "thatch"),
    (50, 28, 53, "thatch"),
    (57, 29, 60, "thatch"),
    (62, 26, 67, "slate"),  # the tithe barn
    (8, 26, 11, "thatch"),  # the beck mill, below the bridge
)


def saxton_field() -> MapSpec:
    """Saxton Field: a village, woods, hedged fields and a beck; thirty models a side."""
    w, h = SAXTON_W, SAXTON_H
    rng = random.Random(1461)  # Towton, fought by Saxton on Palm Sunday

    def put(cells: set[Cell], variants: list[str]) -> None:
        paint(grid, cells, variants, rng, w, h)

    def patch(cx: float, cy: float, rx: float, ry: float, seed: int) -> set[Cell]:
        return blob(cx, cy, rx, ry, seed, w, h)

    grid: dict[Cell, str] = {}
    put(rect(0, 0, w, h), GRASS)
    meadow = {(x, y) for x in range(w) for y in range(h) if abs(x + 0.5 - saxton_beck(y + 0.5)) < 4.0}
    put(meadow, MEADOW)  # the beck's water meadows
    put(patch(14.0, 34.0, 3.0, 2.4, 61), MARSH)  # the Bloody Meadow, east of the beck
    put(patch(19.5, 15.5, 1.8, 1.4, 62), MARSH)  # a wet hollow east of the beck
    put(patch(64.0, 12.0, 5.6, 3.4, 63), WOODS)  # Castle Hill Wood, north-east
    put(patch(27.0, 34.5, 4.0, 2.6, 64), WOODS)  # Renshaw Wood, south of the road
    put(patch(36.0, 12.5, 2.4, 1.8, 65), WOODS)  # a copse on the north rise
    put(patch(2.6, 16.0, 2.0, 2.2, 66), SCRUB)  # gorse beyond the beck
    put(patch(38.5, 36.0, 3.0, 1.5, 67), SCRUB)  # brambles by the south lane
    put(patch(69.0, 35.0, 2.4, 2.6, 68), SCRUB)  # thorn thicket, south-east
    put(rect(21, 9, 31, 16), ["plough-ew"])  # the north field
    put(rect(58, 35, 68, 40), ["plough-ns"])  # the south field
    put(rect(33, 27, 35, 29), ["rock-1", "rock-2"])  # the old quarry
    for y in range(h):  # the beck, one or two tiles wide, with its two fords
        water = {(x, y) for x in range(w) if saxton_water(x, y)}
        put(water, FORD if any(y in rows for rows in SAXTON_FORD_ROWS) else RIVER)
    features: dict[Cell, str] = {}
    for x in range(w):  # the York road; the beck runs on under the bridge
        for y in SAXTON_ROAD_ROWS:
            if saxton_water(x, y):
                features[(x, y)] = "bridge-ew"
            else:
                grid[(x, y)] = "road-ew"
    for y in range(7, SAXTON_ROAD_ROWS[0]):  # the north lane, from the church up to the field gate
        grid[(46, y)] = "road-ns"
    for y in range(SAXTON_ROAD_ROWS[1] + 1, 41):  # the south lane, past the green
        grid[(54, y)] = "road-ns"
    grid[(46, SAXTON_ROAD_ROWS[0])] = grid[(54, SAXTON_ROAD_ROWS[1])] = "road-plain"
    for x0, y0, x1, roof in SAXTON_BUILDINGS:
        for x in range(x0, x1):
            grid[(x, y0)], grid[(x, y0 + 1)] = f"{roof}-n", f"{roof}-s"
    return MapSpec(
        width=w,
        height=h,
        properties=[
            ("title", "string", "Saxton Field"),
            ("briefing", "string", SAXTON_BRIEFING),
            ("turns", "int", "8"),
            ("red_retinue", "string", "york-host"),
            ("blue_retinue", "string", "lancaster-host"),
            ("river_flow", "float", "180"),
            ("steeds_stay", "bool", "false"),
        ],
        ground=grid,
        features=features,
        obstacles=[
            ("churchyard wall", "wall", "tall", 0.5,
             [(47.4, 21.6), (47.4, 14.8), (56.2, 14.8), (56.2, 21.6), (52.0, 21.6)]),
            ("north field hedge", "hedge", "low", 1.0, [(20.4, 8.4), (31.6, 8.4), (31.6, 16.6)]),
            ("north field ditch", "ditch", "low", 1.0, [(21.0, 17.0), (28.0, 17.2)]),
            ("lane hedge", "hedge", "low", 1.0, [(45.4, 7.0), (45.4, 14.0)]),
            ("long hedge", "hedge", "low", 1.0, [(22.0, 26.4), (31.0, 26.2), (38.0, 26.5)]),
            ("garth fence", "fence", "low", 0.25,
             [(42.4, 29.4), (42.4, 31.2), (47.0, 31.2), (47.0, 29.4)]),
            ("south field hedge", "hedge", "low", 1.0, [(56.4, 34.4), (68.6, 34.4), (68.6, 40.6)]),
            ("barn yard fence", "fence", "low", 0.25,
             [(61.4, 28.6), (61.4, 31.0), (67.6, 31.0), (67.6, 28.6)]),
        ],
        zones=[
            ("red deployment", "red", 0.0, 0.0, float(w), 6.0),
            ("blue deployment", "blue", 0.0, 42.0, float(w), 6.0),
        ],
        objectives=[
            ("the church green", "hold", 3.0, 3, 51.0, 25.5),
            ("the beck bridge", "hold", 2.0, 2, round(saxton_beck(24.0) * 2) / 2, 24.0),
            ("the priest's plate", "loot", 1.0, 1, 50.0, 19.8),
            ("the tithe barn grain", "loot", 1.0, 1, 64.5, 29.6),
        ],
    )


MAPS: dict[str, Callable[[], MapSpec]] = {
    "tutorial": tutorial,
    "skirmish-field": skirmish_field,
    "the-ford": the_ford,
    "stakes-and-arrows": stakes_and_arrows,
    "make-way": make_way,
    "saxton-field": saxton_field,
}


# --- writing TMX ---------------------------------------------------------------------------------


def _num(v: float) -> str:
    return f"{v:g}"


def _props(items: list[Prop], indent: str) -> list[str]:
    lines = [f"{indent}<properties>"]
    for name, kind, value in items:
        typed = "" if kind == "string" else f' type="{kind}"'
        lines.append(f"{indent} <property name={quoteattr(name)}{typed} value={quoteattr(value)}/>")
    lines.append(f"{indent}</properties>")
    return lines


def _csv(layer: dict[Cell, str], ids: dict[str, int], w: int, h: int) -> str:
    rows = [",".join(str(ids[layer[(x, y)]]) if (x, y) in layer else "0" for x in range(w)) for y in range(h)]
    return ",\n".join(rows)


def render(spec: MapSpec) -> str:
    """A map spec as a TMX document, in the layout Tiled 1.10 itself writes."""
    ids = tile_ids()
    w, h = spec.width, spec.height
    oid = 1
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{w}" height="{h}" tilewidth="{PX}" '
        f'tileheight="{PX}" infinite="0" nextlayerid="{6 + bool(spec.vehicles) + bool(spec.forces)}" '
        'nextobjectid="@NEXT@">',
        *_props(spec.properties, " "),
        ' <tileset firstgid="1" source="terrain.tsx"/>',
    ]
    for lid, (name, layer) in enumerate((("ground", spec.ground), ("features", spec.features)), 1):
        out += [
            f' <layer id="{lid}" name="{name}" width="{w}" height="{h}">',
            '  <data encoding="csv">',
            _csv(layer, ids, w, h),
            "</data>",
            " </layer>",
        ]
    out.append(' <objectgroup id="3" name="obstacles">')
    for name, kind, height, width, pts in spec.obstacles:
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
    for name, side, x, y, zw, zh in spec.zones:
        out.append(
            f'  <object id="{oid}" name={quoteattr(name)} x="{_num(x * PX)}" '
            f'y="{_num(y * PX)}" width="{_num(zw * PX)}" height="{_num(zh * PX)}">'
        )
        out += [*_props([("side", "string", side)], "   "), "  </object>"]
        oid += 1
    out += [" </objectgroup>", ' <objectgroup id="5" name="objectives">']
    for name, kind, radius, valour, x, y in spec.objectives:
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
    out.append(" </objectgroup>")
    if spec.vehicles:  # only maps with vehicles get the layer, so the others stay as they were
        out.append(' <objectgroup id="6" name="vehicles">')
        for name, profile, side, x, y, heading in spec.vehicles:
            out.append(f'  <object id="{oid}" name={quoteattr(name)} x="{_num(x * PX)}" y="{_num(y * PX)}">')
            out += _props(
                [
                    ("heading", "float", _num(heading)),
                    ("side", "string", side),
                    ("vehicle", "string", profile),
                ],
                "   ",
            )
            out += ["   <point/>", "  </object>"]
            oid += 1
        out.append(" </objectgroup>")
    if spec.forces:  # likewise the map's own models
        out.append(f' <objectgroup id="{6 + bool(spec.vehicles)}" name="forces">')
        for name, side, profile, spear, x, y, facing, steed, weapons in spec.forces:
            out.append(f'  <object id="{oid}" name={quoteattr(name)} x="{_num(x * PX)}" y="{_num(y * PX)}">')
            props: list[Prop] = [("side", "string", side), ("profile", "string", profile),
                                 ("spear", "int", str(spear)), ("facing", "float", _num(facing))]
            props += [("steed", "string", steed)] if steed else []
            props += [("weapons", "string", weapons)] if weapons else []
            out += _props(props, "   ")
            out += ["   <point/>", "  </object>"]
            oid += 1
        out.append(" </objectgroup>")
    out.append("</map>")
    return "\n".join(out).replace("@NEXT@", str(oid)) + "\n"


def tmx_text(name: str = "skirmish-field") -> str:
    """One shipped map's whole TMX document as text (by default the Skirmish Field's)."""
    return render(MAPS[name]())


def main() -> None:
    """Write every map in MAPS to the shipped maps folder as <name>.tmx."""
    for name in MAPS:
        path = MAPS_DIR / f"{name}.tmx"
        path.write_text(tmx_text(name), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
