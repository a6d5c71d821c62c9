"""The things on the table as the editor handles them: which one is selected, what it is called,
where it stands, and which one lies under the mouse."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from game.editor.document import Item, Layer, ScenarioDoc
from game.editor.edits import SetLayer
from game.terrain.geometry import point_segment_distance
from game.terrain.terrain_map import DeploymentZone, ForceSpot, Obstacle

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Selection:
    """One thing on the table: its layer and its place in the layer's list."""

    layer: Layer
    index: int


def item_at(doc: ScenarioDoc, selection: Selection | None) -> Item | None:
    """The thing selected, or None (nothing selected, or it is gone)."""
    if selection is None:
        return None
    items = doc.items(selection.layer)
    return items[selection.index] if 0 <= selection.index < len(items) else None


def describe(item: Item) -> str:
    """A thing's name as the editor shows it."""
    if isinstance(item, DeploymentZone):
        return f"{item.side}'s zone"
    if isinstance(item, ForceSpot):
        return f"{item.side}'s {item.name}"
    return item.name


def moved(item: Item, dx: float, dy: float) -> Item:
    """A thing on the table moved by (dx, dy) inches."""
    if isinstance(item, Obstacle):
        return replace(item, points=tuple((x + dx, y + dy) for x, y in item.points))
    return replace(item, x=item.x + dx, y=item.y + dy)


def fresh_name(doc: ScenarioDoc, layer: Layer, stem: str) -> str:
    """A name not yet used on the layer: "Archer 3"."""
    names = {i.name for i in doc.items(layer) if not isinstance(i, DeploymentZone)}
    n = 1
    while f"{stem} {n}" in names:
        n += 1
    return f"{stem} {n}"


def hit(doc: ScenarioDoc, at: Point) -> Selection | None:
    """The thing under a point on the table (models first, zones last)."""
    x, y = at
    for i, f in enumerate(doc.forces):
        if math.hypot(f.x - x, f.y - y) <= 0.8:
            return Selection("forces", i)
    for i, v in enumerate(doc.vehicles):
        if math.hypot(v.x - x, v.y - y) <= 1.5:
            return Selection("vehicles", i)
    for i, o in enumerate(doc.objectives):
        if math.hypot(o.x - x, o.y - y) <= max(0.7, min(o.radius, 1.5)):
            return Selection("objectives", i)
    for i, ob in enumerate(doc.obstacles):
        reach = max(0.4, ob.width / 2 + 0.2)
        if any(point_segment_distance(x, y, *a, *b)[0] <= reach for a, b in ob.segments()):
            return Selection("obstacles", i)
    for i, z in enumerate(doc.zones):
        if z.contains(x, y):
            return Selection("zones", i)
    return None


def place_zone(doc: ScenarioDoc, zone: DeploymentZone, index: int | None = None) -> SetLayer | None:
    """An edit putting a side's deployment zone on the table in place of the side's zone (a side has
    one): the zone at `index` is the one changed, else the side's first; the side's others go."""
    before = tuple(doc.zones)
    if index is None:
        index = next((i for i, z in enumerate(before) if z.side == zone.side), len(before))
    after = tuple(zone if i == index else z for i, z in enumerate(before)
                  if i == index or z.side != zone.side)
    if index >= len(before):
        after = (*after, zone)
    if after == before:
        return None
    return SetLayer("zones", before, after, f"place {zone.side}'s zone")
