"""Generate the tables of the narrative campaign, The Thornby Feud (game/resources/maps/campaign/).

Run after tools/make_assets.py: `.venv/bin/python tools/make_campaign_maps.py` writes every map in
`CAMPAIGN_MAPS`; `tmx_text(name)` returns one map's text (the tests compare it with the shipped
file). The maps are painted with the helpers of tools/make_maps.py and written by its `render`; they
live one folder below the shipped skirmish maps, so their tileset is `../terrain.tsx`, and the game
names each `campaign/<name>` (game/scenario.py). The campaign's stages, briefings and endings are
data: game/content/data/narrative.toml.

* thornby-mill (36"x30"): Foulsyke Mill on its beck, a mill pond above it and a weir ford below, the
  mill lane over a footbridge; York's raiders ride in from the west, Lancaster's men from the east.
* coldwell-lane (40"x30"): a sunken lane between banked hedges, bending north past Coldwell spring
  and Coldwell Wood; York comes up from the west with its spoil, Lancaster waits north and south.
* skelbrooke-ford (42"x30"): the river Went down the west of the table, one ford and marsh on both
  banks; York is caught midway between the river and Lancaster's riders coming from the east.
* thornby-moat (40"x40"): the moated manor of Thornby, its hall on an island reached by one bridge,
  the walled outer court south of the moat with its gate, barn and stable; Lancaster holds the
  court and York comes from the south.
* haldenby-church (36"x36"): Haldenby village, its church in a walled churchyard beside the street,
  cottages and a green; York stands about the churchyard and Lancaster comes down from the north.
* thornby-bridge (44"x32"): a deep river down the middle, Thornby Bridge on the road with its
  chapel on the east bank, a dangerous ford far downstream; York on the west bank, Lancaster east.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _path in (ROOT, ROOT / "tools"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))  # this checkout's game package and its map painter

from make_maps import (  # noqa: E402
    FORD,
    GRASS,
    MARSH,
    MEADOW,
    RIVER,
    SCRUB,
    WOODS,
    Cell,
    MapSpec,
    ObjectiveSpec,
    ObstacleSpec,
    Prop,
    ZoneSpec,
    blob,
    paint,
    rect,
    render,
)

from game.resources import MAPS_DIR  # noqa: E402

CAMPAIGN_DIR = MAPS_DIR / "campaign"
FOLDER = "campaign"  # how the game names a map here: campaign/<name>


class Painter:
    """A w x h table's two tile layers, painted with one seeded random stream."""

    def __init__(self, w: int, h: int, seed: int) -> None:
        self.w, self.h = w, h
        self.rng = random.Random(seed)
        self.grid: dict[Cell, str] = {}
        self.features: dict[Cell, str] = {}
        self.put(rect(0, 0, w, h), GRASS)

    def put(self, cells: set[Cell], variants: list[str]) -> None:
        """Paint cells with random choices among the variants."""
        paint(self.grid, cells, variants, self.rng, self.w, self.h)

    def patch(self, cx: float, cy: float, rx: float, ry: float, seed: int) -> set[Cell]:
        """A ragged patch of cells on this table."""
        return blob(cx, cy, rx, ry, seed, self.w, self.h)

    def roof(self, x0: int, x1: int, y: int, roof: str) -> None:
        """A building two tiles deep: the north and south halves of its roof, columns x0 to x1-1."""
        for x in range(x0, x1):
            self.grid[(x, y)], self.grid[(x, y + 1)] = f"{roof}-n", f"{roof}-s"

    def water(self, cells: set[Cell], ford_cells: set[Cell] | None = None) -> None:
        """Deep river tiles, with shallows where the ford cells are."""
        shallows = cells & (ford_cells or set())
        self.put(cells - shallows, RIVER)
        self.put(shallows, FORD)

    def band(self, centre: Callable[[float], float], reach: float) -> set[Cell]:
        """Cells within reach inches east or west of a north-south line, its x given by centre(y)."""
        return {
            (x, y) for y in range(self.h) for x in range(self.w) if abs(x + 0.5 - centre(y + 0.5)) < reach
        }

    def road_rows(
        self, rows: tuple[int, ...], variant: str, bridge: str = "", xs: range | None = None
    ) -> None:
        """A west-east road along the rows, across the table or along the columns xs."""
        for y in rows:
            self.road({(x, y) for x in (xs if xs is not None else range(self.w))}, variant, bridge)

    def road_cols(
        self, cols: tuple[int, ...], variant: str, bridge: str = "", ys: range | None = None
    ) -> None:
        """A north-south road down the columns, the table's whole depth or along the rows ys."""
        for x in cols:
            self.road({(x, y) for y in (ys if ys is not None else range(self.h))}, variant, bridge)

    def road(self, cells: set[Cell], variant: str, bridge: str = "") -> None:
        """Road tiles; over water, with a bridge variant, the bridge is painted over the river."""
        for cell in sorted(cells):
            if self.grid.get(cell, "").startswith(("river", "ford")):
                if bridge:
                    self.features[cell] = bridge
            else:
                self.grid[cell] = variant

    def spec(
        self,
        title: str,
        briefing: str,
        turns: int,
        red: str,
        blue: str,
        flow: float | None = None,
        *,
        obstacles: list[ObstacleSpec],
        zones: list[ZoneSpec],
        objectives: list[ObjectiveSpec],
    ) -> MapSpec:
        """The painted table as a map: its title, briefing, turns and two retinues (York red,
        Lancaster blue), the river's flow (degrees) where water runs, and the steeds_stay option off."""
        properties: list[Prop] = [
            ("title", "string", title),
            ("briefing", "string", briefing),
            ("turns", "int", str(turns)),
            ("red_retinue", "string", red),
            ("blue_retinue", "string", blue),
        ]
        if flow is not None:
            properties.append(("river_flow", "float", f"{flow:g}"))
        properties.append(("steeds_stay", "bool", "false"))
        return MapSpec(
            width=self.w,
            height=self.h,
            properties=properties,
            ground=self.grid,
            features=self.features,
            obstacles=obstacles,
            zones=zones,
            objectives=objectives,
        )


def half(v: float) -> float:
    """A coordinate rounded to the nearest half inch."""
    return round(v * 2) / 2


# --- 1. Foulsyke Mill ----------------------------------------------------------------------------

MILL_BRIEFING = (
    "Foulsyke Mill grinds the corn of Thornby, and Sir Walter Fauconby's miller takes the multure. "
    "York's riders come from the west to burn the sluice and carry off the flour; Lancaster's men "
    "hold the far bank of the beck. The weir below the mill is fordable, the pond above it is not."
)


def mill_beck(y: float) -> float:
    """Foulsyke Beck's centre-line x (inches) at a given y: it runs south past the mill."""
    return 20.0 + 1.4 * math.sin(y / 4.5) + 0.04 * y


def thornby_mill() -> MapSpec:
    """Foulsyke Mill: a raid on a mill by its beck, a mill pond above and a weir ford below."""
    w, h = 36, 30
    p = Painter(w, h, 1462)
    beck = p.band(mill_beck, 1.05)
    pond = p.patch(mill_beck(6.0) + 1.0, 6.5, 3.4, 2.6, 71)
    p.put(p.band(mill_beck, 4.0), MEADOW)
    p.put(p.patch(5.0, 5.0, 4.0, 3.0, 72), WOODS)  # Foulsyke Spinney, north-west
    p.put(p.patch(30.0, 25.5, 3.2, 2.2, 73), WOODS)  # a copse south-east
    p.put(p.patch(mill_beck(3.0) - 2.0, 3.5, 2.0, 1.3, 74), MARSH)  # the pond's reedy margin
    p.put(p.patch(10.5, 23.5, 2.6, 1.6, 75), SCRUB)  # brambles by the lane
    p.put(p.patch(29.0, 5.0, 2.4, 1.6, 76), SCRUB)
    p.put(rect(4, 18, 11, 22), ["plough-ew"])  # the miller's strip field, west
    p.put(rect(26, 10, 32, 14), ["plough-ns"])  # the east field
    p.water(beck | pond, rect(0, 22, w, 24))  # the weir ford below the mill
    p.road_rows((14, 15), "road-ew", "bridge-ew")  # Mill Lane, west to east over the footbridge
    p.roof(16, 20, 11, "slate")  # the mill, on the beck
    p.roof(10, 13, 11, "thatch")  # the miller's house
    return p.spec(
        "Foulsyke Mill", MILL_BRIEFING, 6, "york-mounted", "lancaster-foot", flow=180.0,
        obstacles=[
            ("mill yard fence", "fence", "low", 0.25,
             [(9.4, 13.4), (9.4, 10.4), (19.6, 10.4)]),
            ("lane hedge, west", "hedge", "low", 1.0, [(0.5, 16.6), (8.0, 16.6)]),
            ("lane hedge, east", "hedge", "low", 1.0, [(25.0, 16.6), (33.5, 16.6)]),
            ("field ditch", "ditch", "low", 1.0, [(3.6, 17.4), (3.6, 22.4)]),
            ("east field hedge", "hedge", "low", 1.0, [(25.6, 9.4), (32.4, 9.4), (32.4, 13.0)]),
        ],
        zones=[
            ("red deployment", "red", 0.0, 6.0, 6.0, 18.0),
            ("blue deployment", "blue", 30.0, 14.0, 6.0, 16.0),
        ],
        objectives=[
            ("the mill sluice", "hold", 2.5, 2, 18.0, 16.5),
            ("the flour sacks", "loot", 1.0, 1, 17.5, 13.5),
            ("the miller's strongbox", "loot", 1.0, 1, 11.5, 13.5),
        ],
    )


# --- 2. Coldwell Lane ----------------------------------------------------------------------------

LANE_BRIEFING = (
    "Coldwell Lane runs sunk between its banks, bends north at the spring and climbs past Coldwell "
    "Wood towards Haldenby. York's riders come up it laden with Foulsyke's flour; Fauconby's men "
    "lie in wait on both sides. Get through to the lane's end, or cut them off in it."
)
LANE_WEST_ROWS = (20, 21)  # the lane from the west edge to the bend
LANE_BEND_COLS = (20, 21)  # the lane north from the bend
LANE_EAST_ROWS = (8, 9)  # the lane from the north bend to the east edge


def coldwell_lane() -> MapSpec:
    """Coldwell Lane: a sunken, hedged lane that bends twice, an ambush laid on both sides."""
    w, h = 40, 30
    p = Painter(w, h, 1463)
    p.put({(x, y) for x, y in p.patch(9.0, 8.0, 7.5, 5.0, 81) if y <= 16}, WOODS)  # Coldwell Wood
    p.put(p.patch(33.0, 22.5, 3.6, 2.4, 82), WOODS)  # Gallows Spinney, south-east
    p.put(p.patch(25.0, 18.0, 2.0, 1.6, 83), MARSH)  # Coldwell spring and its flush
    p.put(p.patch(14.0, 25.5, 3.0, 1.6, 84), SCRUB)  # gorse on the south bank
    p.put(p.patch(28.0, 3.0, 3.0, 1.5, 85), SCRUB)
    p.put(rect(24, 11, 34, 15), ["plough-ew"])  # the bend field
    p.put(rect(3, 24, 9, 29), ["plough-ns"])
    p.put(rect(36, 1, 38, 3), ["rock-1", "rock-2"])  # an old quarry by the lane's end
    west, bend, east = LANE_WEST_ROWS, LANE_BEND_COLS, LANE_EAST_ROWS
    p.road_rows(west, "road-ew", xs=range(bend[0]))
    p.road_cols(bend, "road-ns", ys=range(east[1] + 1, west[0]))
    p.road_rows(east, "road-ew", xs=range(bend[1] + 1, w))
    corners = {(x, y) for x in bend for y in (*west, *east)}
    p.road(corners, "road-plain")
    p.roof(30, 34, 4, "thatch")  # a cottar's house by the lane
    return p.spec(
        "Coldwell Lane", LANE_BRIEFING, 6, "york-mounted", "lancaster-mounted",
        obstacles=[
            ("north bank hedge", "hedge", "low", 1.0, [(6.0, 19.4), (18.6, 19.4), (18.6, 11.0)]),
            ("south bank hedge", "hedge", "low", 1.0, [(6.0, 22.6), (23.0, 22.6), (23.0, 16.0)]),
            ("upper bank hedge", "hedge", "low", 1.0, [(23.4, 10.6), (35.0, 10.6)]),
            ("spring ditch", "ditch", "low", 1.0, [(24.0, 20.0), (27.5, 19.6)]),
            ("cottar's fence", "fence", "low", 0.25, [(29.4, 7.2), (29.4, 3.4), (34.6, 3.4), (34.6, 7.2)]),
        ],
        zones=[
            ("red deployment", "red", 0.0, 15.0, 6.0, 12.0),
            ("blue deployment, wood", "blue", 12.0, 0.0, 16.0, 5.0),
            ("blue deployment, south", "blue", 24.0, 24.0, 14.0, 6.0),
        ],
        objectives=[
            ("the lane's end", "hold", 2.5, 3, 38.0, 8.5),
            ("the bend", "hold", 2.0, 1, 21.0, 20.5),
        ],
    )


# --- 3. Skelbrooke Ford --------------------------------------------------------------------------

FORD_BRIEFING = (
    "The Went runs deep below Skelbrooke, and the one ford is a stony bar among the sedge. York's "
    "household is on the wrong bank with Lancaster's riders close behind. Whoever holds the ford "
    "at nightfall holds the road home."
)
WENT_FORD_ROWS = range(13, 17)


def went(y: float) -> float:
    """The river Went's centre-line x (inches) at a given y: it winds south down the west side."""
    return 9.0 + 2.0 * math.sin(y / 6.0) + 0.5 * math.sin(y / 2.1)


def skelbrooke_ford() -> MapSpec:
    """Skelbrooke Ford: a chase to a river with one ford, marsh on both banks."""
    w, h = 42, 30
    p = Painter(w, h, 1464)
    near = p.band(went, 5.0)
    p.put(near, MEADOW)
    p.put(p.patch(went(6.0) + 4.5, 6.0, 2.6, 2.4, 91), MARSH)  # sedge beds, east bank
    p.put(p.patch(went(24.0) + 4.0, 24.5, 2.4, 2.6, 92), MARSH)
    p.put(p.patch(3.0, 25.0, 2.6, 3.0, 93), MARSH)  # the west bank carr
    p.put(p.patch(2.5, 5.0, 2.4, 3.2, 94), WOODS)  # Skelbrooke Park pale, west bank
    p.put(p.patch(27.0, 4.0, 4.0, 2.6, 95), WOODS)  # Went Edge wood
    p.put(p.patch(29.0, 25.0, 3.6, 2.4, 96), SCRUB)  # Broom Hill
    p.put(rect(28, 9, 33, 11), ["rock-1", "rock-2"])  # the limestone edge
    p.put(rect(27, 19, 33, 24), ["plough-ns"])
    river = p.band(went, 1.3)
    p.water(river, {(x, y) for x, y in river if y in WENT_FORD_ROWS})
    p.road_rows((14, 15), "road-ew")  # the causeway from the east down to the ford, and on beyond it
    p.roof(36, 40, 16, "thatch")  # Skelbrooke grange
    return p.spec(
        "Skelbrooke Ford", FORD_BRIEFING, 6, "york-mounted", "lancaster-mounted", flow=180.0,
        obstacles=[
            ("causeway ditch, north", "ditch", "low", 1.0, [(25.0, 13.4), (34.0, 13.4)]),
            ("causeway ditch, south", "ditch", "low", 1.0, [(25.0, 16.6), (34.0, 16.6)]),
            ("grange wall", "wall", "low", 0.5, [(35.4, 19.2), (35.4, 21.4), (40.6, 21.4), (40.6, 19.2)]),
            ("field hedge", "hedge", "low", 1.0, [(26.4, 18.6), (26.4, 24.4), (33.6, 24.4)]),
        ],
        zones=[
            ("red deployment", "red", 17.0, 6.0, 8.0, 18.0),
            ("blue deployment", "blue", 36.0, 0.0, 6.0, 12.0),
            ("blue deployment, south", "blue", 36.0, 22.0, 6.0, 8.0),
        ],
        objectives=[
            ("Skelbrooke ford", "hold", 3.0, 3, half(went(15.0)), 15.0),
            ("the far bank", "hold", 2.0, 1, 2.0, 15.0),
        ],
    )


# --- 4. Thornby Moat -----------------------------------------------------------------------------

MOAT_BRIEFING = (
    "Thornby Moat: the hall stands on its island behind a moat two yards broad, and the outer court "
    "south of it is walled, with its gate, a barn and a stable. Lancaster holds the court; York "
    "comes from the south with ladders and a ram that is only a felled ash. Take the court and the "
    "manor is as good as taken."
)
MOAT_OUTER = (20, 4, 36, 20)  # x0, y0, x1, y1: the moat's outer edge; the island is 2 tiles in
MOAT_BRIDGE = (27, 28)  # the bridge's columns over the south arm
COURT_WALL_Y = 32.5


def thornby_moat() -> MapSpec:
    """Thornby Moat: a moated hall on its island and a walled outer court to storm."""
    w = h = 40
    p = Painter(w, h, 1465)
    x0, y0, x1, y1 = MOAT_OUTER
    p.put(p.patch(6.0, 8.0, 5.0, 4.0, 101), WOODS)  # the park, west
    p.put(p.patch(6.0, 25.0, 3.4, 2.6, 102), WOODS)
    p.put(p.patch(37.0, 2.0, 2.6, 1.4, 103), SCRUB)
    p.put(p.patch(9.0, 31.0, 3.0, 1.4, 104), MARSH)  # the stew ponds' margin
    p.put(rect(16, 35, 24, 39), ["plough-ew"])
    p.put(rect(2, 14, 8, 21), ["plough-ns"])
    p.water(rect(x0, y0, x1, y1) - rect(x0 + 2, y0 + 2, x1 - 2, y1 - 2))
    # the bridge over the south arm, then the road through the gatehouse
    p.road_cols(MOAT_BRIDGE, "road-ns", "bridge-ns", ys=range(11, h))
    p.roof(23, 33, 9, "slate")  # the hall
    p.roof(23, 26, 13, "thatch")  # the kitchen
    p.roof(16, 22, 24, "thatch")  # the barn
    p.roof(32, 37, 27, "slate")  # the stable
    wall = COURT_WALL_Y
    return p.spec(
        "Thornby Moat", MOAT_BRIEFING, 7, "york-mounted", "lancaster-archers",
        obstacles=[
            ("outer court wall, west", "wall", "tall", 0.5,
             [(25.6, wall), (14.5, wall), (14.5, 20.5), (19.5, 20.5)]),
            ("outer court wall, east", "wall", "tall", 0.5,
             [(29.4, wall), (38.5, wall), (38.5, 20.5), (36.5, 20.5)]),
            ("island palisade", "fence", "low", 0.25, [(22.5, 16.5), (26.5, 16.5)]),
            ("park pale", "fence", "low", 0.25, [(1.0, 13.0), (11.5, 13.0), (11.5, 3.0)]),
            ("field hedge", "hedge", "low", 1.0, [(15.4, 34.4), (24.6, 34.4)]),
        ],
        zones=[
            ("red deployment", "red", 0.0, 34.0, 14.0, 6.0),
            ("red deployment, east", "red", 26.0, 34.0, 14.0, 6.0),
            ("blue deployment", "blue", 22.0, 21.0, 9.0, 6.0),
        ],
        objectives=[
            ("the outer court", "hold", 3.0, 3, 27.5, 28.0),
            ("the moat bridge", "hold", 1.5, 2, 28.0, 18.5),
            ("the tithe corn", "loot", 1.0, 1, 19.0, 26.5),
        ],
    )


# --- 5. Haldenby Church --------------------------------------------------------------------------

CHURCH_BRIEFING = (
    "Haldenby is York's own village: one street, a green, and St Oswald's church in its walled yard. "
    "Lancaster comes down the street from the north to burn the place; York's men stand about the "
    "churchyard, where the lychgate is the only way in for a horse."
)
STREET_COLS = (12, 13)


def haldenby_church() -> MapSpec:
    """Haldenby Church: a village street, a walled churchyard with its church, cottages and a green."""
    w = h = 36
    p = Painter(w, h, 1466)
    p.put(p.patch(30.5, 6.0, 4.6, 4.0, 111), WOODS)  # Haldenby Carr wood, north-east
    p.put(p.patch(3.5, 14.0, 2.6, 3.6, 112), WOODS)
    p.put(p.patch(6.0, 26.0, 3.2, 2.0, 113), MARSH)  # the village pond's margin
    p.put(p.patch(21.0, 4.0, 3.0, 1.6, 114), SCRUB)
    p.put(p.patch(17.0, 31.0, 5.0, 2.6, 115), MEADOW)  # the green
    p.put(rect(27, 26, 34, 33), ["plough-ns"])  # the south field
    p.put(rect(0, 6, 7, 10), ["plough-ew"])
    p.road_cols(STREET_COLS, "road-ns")
    p.road(rect(14, 17, 18, 19), "road-ew")  # the church path to the lychgate
    p.roof(20, 27, 16, "slate")  # St Oswald's
    p.roof(27, 29, 16, "slate")  # its tower
    for x0, y0, x1 in ((8, 8, 11), (14, 10, 17), (8, 20, 11), (14, 24, 17), (8, 29, 11)):
        p.roof(x0, x1, y0, "thatch")  # cottages along the street
    return p.spec(
        "Haldenby Church", CHURCH_BRIEFING, 6, "york-foot", "lancaster-mounted",
        obstacles=[
            ("churchyard wall", "wall", "tall", 0.5,
             [(18.5, 16.6), (18.5, 13.5), (31.5, 13.5), (31.5, 22.5), (18.5, 22.5), (18.5, 19.4)]),
            ("croft hedge", "hedge", "low", 1.0, [(7.4, 11.6), (7.4, 18.6)]),
            ("garth fence", "fence", "low", 0.25, [(14.0, 26.6), (17.6, 26.6), (17.6, 23.4)]),
            ("field hedge", "hedge", "low", 1.0, [(26.4, 25.4), (34.6, 25.4), (34.6, 33.4)]),
        ],
        zones=[
            ("red deployment", "red", 18.0, 23.0, 17.0, 2.0),
            ("red deployment, the yard", "red", 19.0, 18.0, 12.0, 4.0),
            ("blue deployment", "blue", 0.0, 0.0, 20.0, 5.0),
            ("blue deployment, east", "blue", 20.0, 0.0, 16.0, 2.0),
        ],
        objectives=[
            ("the churchyard", "hold", 3.0, 3, 25.0, 20.0),
            ("the lychgate", "hold", 1.5, 1, 17.5, 18.0),
            ("St Oswald's plate", "loot", 1.0, 1, 23.0, 15.0),
        ],
    )


# --- 6. Thornby Bridge ---------------------------------------------------------------------------

BRIDGE_BRIEFING = (
    "Thornby Bridge carries the York road over the Dearne where it bends, with the bridge chapel "
    "at its east end; the water is deep and quick, and the only other crossing is a bad ford "
    "far downstream. Both households are out, every man who can sit a horse. The bridge decides it."
)
BRIDGE_ROWS = (15, 16)
DEARNE_FORD_ROWS = range(27, 30)


def dearne(y: float) -> float:
    """The Dearne's centre-line x (inches) at a given y: it flows south down the middle."""
    return 22.0 + 1.8 * math.sin(y / 5.0) - 0.05 * y


def thornby_bridge() -> MapSpec:
    """Thornby Bridge: a deep river down the middle, one bridge and its chapel, a bad ford downstream."""
    w, h = 44, 32
    p = Painter(w, h, 1467)
    p.put(p.band(dearne, 4.5), MEADOW)
    p.put(p.patch(11.0, 5.0, 4.4, 3.4, 121), WOODS)  # Thornby Park wood, west bank
    p.put(p.patch(32.5, 26.0, 4.0, 3.2, 122), WOODS)  # Chapel Wood, east bank
    p.put(p.patch(dearne(7.0) + 4.0, 7.0, 2.2, 2.0, 123), MARSH)  # osier holt
    p.put(p.patch(dearne(24.0) - 4.0, 24.0, 2.2, 1.6, 124), MARSH)
    p.put(p.patch(4.0, 26.0, 3.0, 2.0, 125), SCRUB)
    p.put(p.patch(37.0, 5.5, 3.0, 1.8, 126), SCRUB)
    p.put(rect(9, 19, 16, 24), ["plough-ew"])
    p.put(rect(30, 8, 36, 13), ["plough-ns"])
    river = p.band(dearne, 1.6)
    p.water(river, {(x, y) for x, y in river if y in DEARNE_FORD_ROWS})
    p.road_rows(BRIDGE_ROWS, "road-ew", "bridge-ew")
    p.roof(27, 30, 12, "slate")  # the bridge chapel
    p.roof(4, 8, 12, "thatch")  # the toll-keeper's house
    return p.spec(
        "Thornby Bridge", BRIDGE_BRIEFING, 6, "york-mounted", "lancaster-mounted", flow=180.0,
        obstacles=[
            ("chapel yard wall", "wall", "low", 0.5,
             [(26.4, 14.4), (26.4, 11.4), (30.6, 11.4), (30.6, 14.4)]),
            ("west road hedge", "hedge", "low", 1.0, [(9.0, 17.6), (17.0, 17.6)]),
            ("east road hedge", "hedge", "low", 1.0, [(29.0, 17.6), (37.0, 17.6)]),
            ("toll bar", "fence", "low", 0.25, [(8.6, 14.6), (8.6, 11.4)]),
        ],
        zones=[
            ("red deployment", "red", 0.0, 0.0, 6.0, 32.0),
            ("blue deployment", "blue", 38.0, 0.0, 6.0, 32.0),
        ],
        objectives=[
            ("Thornby Bridge", "hold", 2.5, 3, half(dearne(16.0)), 16.0),
            ("the bridge chapel", "hold", 2.0, 1, 28.5, 16.0),
            ("the west end", "hold", 2.0, 1, half(dearne(16.0)) - 5.0, 16.0),
        ],
    )


CAMPAIGN_MAPS: dict[str, Callable[[], MapSpec]] = {
    "thornby-mill": thornby_mill,
    "coldwell-lane": coldwell_lane,
    "skelbrooke-ford": skelbrooke_ford,
    "thornby-moat": thornby_moat,
    "haldenby-church": haldenby_church,
    "thornby-bridge": thornby_bridge,
}


def tmx_text(name: str) -> str:
    """One campaign map's whole TMX document as text; its tileset is the shipped one, a folder up."""
    return render(CAMPAIGN_MAPS[name]()).replace('source="terrain.tsx"', 'source="../terrain.tsx"', 1)


def main() -> None:
    """Write every map in CAMPAIGN_MAPS to maps/campaign/ as <name>.tmx."""
    CAMPAIGN_DIR.mkdir(exist_ok=True)
    for name in CAMPAIGN_MAPS:
        path = CAMPAIGN_DIR / f"{name}.tmx"
        path.write_text(tmx_text(name), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
