"""The pure terrain model the rules engine reads: one tile is one inch, no pixels, no pygame."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from game.bounded import printable

# Terrain kinds as written in the tileset's tile property `terrain`.
# Hard Going kinds cost 2" per 1" moved; `river` needs the River Crossing gambit;
# `building` is impassable to mounted models and blocks line of sight;
# `impassable` blocks movement and line of sight for everyone.
TERRAIN_KINDS: tuple[str, ...] = (
    "open",
    "road",
    "woods",
    "marsh",
    "ploughland",
    "scrub",
    "river",
    "ford",
    "building",
    "impassable",
)
HARD_GOING: frozenset[str] = frozenset({"woods", "marsh", "ploughland", "scrub", "ford"})
BLOCKS_SIGHT: frozenset[str] = frozenset({"building", "impassable"})

# Linear obstacle kinds, as written in the object property `kind`.
OBSTACLE_KINDS: tuple[str, ...] = ("wall", "fence", "hedge", "ditch", "stakes")


class MapError(Exception):
    """A map file could not be loaded; the message names the file (as `printable` shows it, so the
    message is one line of text any font can draw) and the problem."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{printable(path)}: {problem}")
        self.path = path
        self.problem = problem


@dataclass(frozen=True, slots=True)
class Obstacle:
    """A linear obstacle: a polyline in inches with a kind, a height class and a width."""

    name: str
    kind: str  # one of OBSTACLE_KINDS
    points: tuple[tuple[float, float], ...]  # polyline vertices, inches, at least 2
    tall: bool  # False: Character Height or lower; True: taller (Climb gambit on foot)
    width: float  # inches across (a ditch may be 2" wide); a rider may jump at most 3"

    def segments(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """The straight pieces of the polyline."""
        return list(zip(self.points, self.points[1:], strict=False))


@dataclass(frozen=True, slots=True)
class DeploymentZone:
    """An axis-aligned rectangle in inches where one side deploys."""

    side: str  # "red" or "blue"
    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        """True if the point lies inside the zone."""
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h


@dataclass(frozen=True, slots=True)
class Objective:
    """A scenario objective marker: `hold` scores at game end, `loot` is taken by an Action."""

    name: str
    kind: str  # "hold" or "loot"
    x: float
    y: float
    radius: float  # inches; a model within this distance (base edge) controls or loots it
    valour: int  # Valour Points it is worth


# Sides a vehicle may start with: a retinue's colour, or "none" for an abandoned or neutral vehicle.
VehicleSide = Literal["red", "blue", "none"]
VEHICLE_SIDES: tuple[VehicleSide, ...] = ("red", "blue", "none")


@dataclass(frozen=True, slots=True)
class VehicleSpot:
    """Where a scenario places a vehicle at the start: a vehicles.toml profile, a side and a pose."""

    name: str  # unique among the map's vehicles, e.g. "the supply wagon"
    profile: str  # a vehicles.toml id, e.g. "supply_wagon"
    side: VehicleSide
    x: float  # the vehicle's centre, inches
    y: float
    heading: float  # compass degrees: 0 = up the table (-y), clockwise; in [0, 360)


@dataclass(frozen=True, slots=True)
class ForceSpot:
    """One model a scenario places itself (object layer `forces`): who he is and where he stands.

    A side with models on the layer plays them instead of a retinue from the content; the game
    builds his Spear from `spear` (the Hero of each Spear number leads it) and checks the profile,
    steed and weapons against the content when the scenario loads.
    """

    name: str
    side: str  # "red" or "blue"
    profile: str  # a profiles.toml id
    spear: int  # Spear number within the side, 1 and up
    x: float  # where the model stands, inches (a rider's centre)
    y: float
    facing: float  # compass degrees: 0 = up the table, clockwise
    steed: str = ""  # a steeds.toml id, or "" on foot
    weapons: tuple[str, ...] = ()  # replaces the profile's weapons when given
    seat: str = ""  # a seat on the side's vehicle: the model starts aboard


@dataclass(slots=True)
class TerrainMap:
    """A table: width x height inches, a terrain kind per 1" tile, obstacles, zones, objectives, vehicles."""

    name: str
    width: int
    height: int
    tiles: list[str]  # row-major, len == width * height, each one of TERRAIN_KINDS
    obstacles: list[Obstacle] = field(default_factory=list)
    zones: list[DeploymentZone] = field(default_factory=list)
    objectives: list[Objective] = field(default_factory=list)
    vehicles: list[VehicleSpot] = field(default_factory=list)  # where vehicles start
    forces: list[ForceSpot] = field(default_factory=list)  # models the map places itself
    properties: dict[str, object] = field(default_factory=dict)  # map custom properties

    def kind_at(self, x: float, y: float) -> str:
        """The terrain kind under a point in inches; off the table counts as impassable."""
        ix, iy = int(x), int(y)
        if x < 0 or y < 0 or ix >= self.width or iy >= self.height:
            return "impassable"
        return self.tiles[iy * self.width + ix]

    def on_table(self, x: float, y: float) -> bool:
        """True if the point is on the table."""
        return 0.0 <= x <= self.width and 0.0 <= y <= self.height
