"""Where models can get to on a map, square by square: foot and riders from a set of start squares.

A square is a 1" tile; a step goes to one of the four neighbours. Foot go anywhere but impassable
ground (deep rivers and tall walls are crossed with a gambit). Riders keep out of buildings too,
and may not cross an obstacle taller than Character Height or wider than they can jump. It is a
square-by-square sketch of the movement rules, fit for finding what no move can ever reach.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from game.terrain.geometry import obstacle_crossings
from game.terrain.terrain_map import DeploymentZone, Objective, TerrainMap


def zone_squares(tmap: TerrainMap, zones: Iterable[DeploymentZone]) -> set[int]:
    """The squares whose centres lie in any of the zones."""
    zones = list(zones)
    return {y * tmap.width + x for y in range(tmap.height) for x in range(tmap.width)
            if any(z.contains(x + 0.5, y + 0.5) for z in zones)}


def reachable(tmap: TerrainMap, starts: Iterable[int], mounted: bool, max_jump: float) -> set[int]:
    """Every square a model starting on one of `starts` can get to (the starts it may stand on too)."""
    width, height, tiles = tmap.width, tmap.height, tmap.tiles
    shut = {"impassable", "building"} if mounted else {"impassable"}
    walls = mounted and any(o.tall or o.width > max_jump for o in tmap.obstacles)
    seen = {i for i in starts if tiles[i] not in shut}
    todo = deque(seen)
    while todo:
        i = todo.popleft()
        x, y = i % width, i // width
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            j = ny * width + nx
            if not (0 <= nx < width and 0 <= ny < height) or j in seen or tiles[j] in shut:
                continue
            if walls and any(o.tall or o.width > max_jump for _, o in
                             obstacle_crossings(tmap, (x + 0.5, y + 0.5), (nx + 0.5, ny + 0.5))):
                continue
            seen.add(j)
            todo.append(j)
    return seen


def reaches(tmap: TerrainMap, squares: set[int], objective: Objective, base_radius: float) -> bool:
    """True if a model may stand on one of the squares (not in a deep river) within the objective's radius."""
    width = tmap.width
    for i in squares:
        if tmap.tiles[i] == "river":
            continue
        x, y = i % width, i // width
        dx = max(x - objective.x, 0.0, objective.x - (x + 1))
        dy = max(y - objective.y, 0.0, objective.y - (y + 1))
        if (dx * dx + dy * dy) ** 0.5 <= objective.radius + base_radius:
            return True
    return False
