"""The scenario document: everything a scenario map holds, in inches, as plain data.

Tiles are ids in the shipped terrain tileset (each names its terrain kind and its look). Things on
the table reuse the terrain's own immutable records (`Obstacle`, `DeploymentZone`, `Objective`,
`VehicleSpot`, `ForceSpot`), so a document is a `TerrainMap` in the making. The document is changed
only through the edits of `game.editor.edits`, applied by a `History`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from game.editor.tileset import shipped_tileset
from game.terrain.terrain_map import DeploymentZone, ForceSpot, Objective, Obstacle, TerrainMap, VehicleSpot

MAX_WIDTH, MAX_HEIGHT = 72, 48  # inches (tiles): the largest table a map may be
EDGES = ("north", "east", "south", "west")

Layer = Literal["obstacles", "zones", "objectives", "vehicles", "forces"]
LAYERS: tuple[Layer, ...] = ("obstacles", "zones", "objectives", "vehicles", "forces")
Item = Obstacle | DeploymentZone | Objective | VehicleSpot | ForceSpot
PropValue = str | int | float | bool


@dataclass(frozen=True, slots=True)
class Settings:
    """The scenario's settings, as the map's custom properties carry them."""

    title: str = "A new table"
    briefing: str = ""
    turns: int = 6
    red_retinue: str = "york-foot"  # played when red has no models of its own on the map
    blue_retinue: str = "lancaster-foot"
    red_name: str = ""  # the name of a side's own force ("" for the default)
    blue_name: str = ""
    river_flow: float | None = None  # bearing the river flows towards; None: down the table
    steeds_stay: bool = False
    escort: str = ""  # the vehicle the escorting side must get off the table ("" for none)
    escort_edge: str = ""  # the edge it leaves by: north, east, south or west
    escort_valour: int = 0
    extra: tuple[tuple[str, PropValue], ...] = ()  # other map properties, kept as they were


@dataclass(slots=True)
class ScenarioDoc:
    """A scenario being edited: the table's size and tiles, the things on it, and its settings."""

    width: int
    height: int
    tiles: list[int]  # tile ids in the shipped tileset, row-major, len == width * height
    obstacles: list[Obstacle] = field(default_factory=list)
    zones: list[DeploymentZone] = field(default_factory=list)
    objectives: list[Objective] = field(default_factory=list)
    vehicles: list[VehicleSpot] = field(default_factory=list)
    forces: list[ForceSpot] = field(default_factory=list)
    settings: Settings = Settings()

    @classmethod
    def blank(cls, width: int = 36, height: int = 36, kind: str = "open") -> ScenarioDoc:
        """A new table of open ground (or of one kind) with a zone along each long edge."""
        if not (1 <= width <= MAX_WIDTH and 1 <= height <= MAX_HEIGHT):
            raise ValueError(f"a table is 1 to {MAX_WIDTH} inches wide and 1 to {MAX_HEIGHT} high")
        ts = shipped_tileset()
        tiles = [ts.tile_for(kind, x, y) for y in range(height) for x in range(width)]
        depth = float(max(1, min(6, height // 4)))
        zones = [DeploymentZone("red", 0.0, 0.0, float(width), depth),
                 DeploymentZone("blue", 0.0, height - depth, float(width), depth)]
        return cls(width, height, tiles, zones=zones)

    def items(self, layer: Layer) -> list[Item]:
        """The things on one layer (the document's own list)."""
        items: list[Item] = getattr(self, layer)
        return items

    def kind_at(self, x: int, y: int) -> str:
        """The terrain kind of a square (off the table: impassable)."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            return "impassable"
        return shipped_tileset().kinds[self.tiles[y * self.width + x]]

    def kinds(self) -> list[str]:
        """The terrain kind of every square, row-major."""
        kinds = shipped_tileset().kinds
        return [kinds[t] for t in self.tiles]

    def properties(self) -> dict[str, PropValue]:
        """The map's custom properties, in the order they are written."""
        s = self.settings
        props: dict[str, PropValue] = {"title": s.title}
        if s.briefing:
            props["briefing"] = s.briefing
        props["turns"] = s.turns
        for side, rid, name in (("red", s.red_retinue, s.red_name), ("blue", s.blue_retinue, s.blue_name)):
            if not any(f.side == side for f in self.forces):
                props[f"{side}_retinue"] = rid
            elif name:
                props[f"{side}_name"] = name
        if s.river_flow is not None:
            props["river_flow"] = s.river_flow
        props["steeds_stay"] = s.steeds_stay
        if s.escort:
            props["escort"] = s.escort
            props["escort_edge"] = s.escort_edge
            props["escort_valour"] = s.escort_valour
        for key, value in s.extra:
            props.setdefault(key, value)
        return props

    def terrain_map(self, name: str = "edited") -> TerrainMap:
        """The table as the game reads it (a fresh TerrainMap)."""
        return TerrainMap(name=name, width=self.width, height=self.height, tiles=self.kinds(),
                          obstacles=list(self.obstacles), zones=list(self.zones),
                          objectives=list(self.objectives), vehicles=list(self.vehicles),
                          forces=list(self.forces), properties=dict(self.properties()))
