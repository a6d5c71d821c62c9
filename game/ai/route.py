"""How far a cart or wagon still has to go: a distance field round walls, buildings and vehicles.

The AI driver scores a Drive by how much it shortens the way to the goal edge. Straight-line
distance would have it butt a roadblock all day; this field goes round it. The table is cut into
half-inch cells; a cell is closed if a vehicle centred there would come within its room of a
building or impassable tile, a wall, hedge, fence or line of stakes (or a ditch wider than
vehicles.toml's narrow_ditch), or another vehicle's footprint. Its room is halfway between its
half-width and its half-length (and a margin): what its corners sweep as it swings round a bend.
With the half-width alone the field led the supply wagon (4" by 2") through gaps its sides would
clear but its corners not, and it stood jammed at the first building or hedge end. Distances run
from the goal edge over 8-neighbour steps (Dijkstra).
"""

from __future__ import annotations

import heapq
import math

from game.physics.bolt import bearing_vector
from game.physics.outline import BLOCKING
from game.physics.vehicle_sim import is_wall
from game.rules.context import Table
from game.rules.geometry import box_distance
from game.rules.state import GameState, Vehicle
from game.terrain.geometry import obstacle_near
from game.terrain.terrain_map import TerrainMap

CELL = 0.5  # inches
MARGIN = 0.3  # inches kept clear beyond the room a vehicle needs
FAR = 1e9
STEPS = [(dx, dy, CELL * math.hypot(dx, dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


_CACHE: dict[tuple[int, float, float], tuple[TerrainMap, frozenset[tuple[int, int]]]] = {}


def _static_closed(tmap: TerrainMap, clearance: float, narrow_ditch: float) -> frozenset[tuple[int, int]]:
    """Cells closed by the map itself for a vehicle needing this much room (cached per map)."""
    key = (id(tmap), clearance, narrow_ditch)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is tmap:
        return hit[1]
    if len(_CACHE) > 16:
        _CACHE.clear()
    cols, rows = int(tmap.width / CELL), int(tmap.height / CELL)
    walls = TerrainMap(tmap.name, tmap.width, tmap.height, tmap.tiles,
                       [o for o in tmap.obstacles if is_wall(o, narrow_ditch)])
    closed = set()
    reach = math.ceil(clearance)
    for j in range(rows):
        for i in range(cols):
            x, y = (i + 0.5) * CELL, (j + 0.5) * CELL
            if (x < clearance or y < clearance or x > tmap.width - clearance
                    or y > tmap.height - clearance or obstacle_near(walls, (x, y), clearance)):
                closed.add((i, j))
                continue
            for ty in range(int(y) - reach, int(y) + reach + 1):
                for tx in range(int(x) - reach, int(x) + reach + 1):
                    if not (0 <= tx < tmap.width and 0 <= ty < tmap.height):
                        continue
                    gap = math.hypot(max(tx - x, 0, x - tx - 1), max(ty - y, 0, y - ty - 1))
                    if tmap.tiles[ty * tmap.width + tx] in BLOCKING and gap < clearance:
                        closed.add((i, j))
    _CACHE[key] = (tmap, frozenset(closed))
    return _CACHE[key][1]


RouteField = dict[tuple[int, int], float]


def route_key(state: GameState, v: Vehicle, edge: str) -> tuple[object, ...]:
    """What a route field depends on besides the map: the vehicle, its goal and where the other
    vehicles stand."""
    others = tuple((o.id, o.x, o.y, o.heading) for o in state.vehicles if o is not v and not o.removed)
    return (v.profile, edge, others)


def route_field(table: Table, state: GameState, v: Vehicle, edge: str,
                memo: dict[tuple[object, ...], RouteField] | None = None) -> RouteField:
    """Inches from each open cell to the goal edge, going round everything in the way (remembered
    in `memo`, if given, for as long as the other vehicles stand where they stood)."""
    if memo is None:
        return _route_field(table, state, v, edge)
    key = (id(table.terrain), *route_key(state, v, edge))
    if key not in memo:
        if len(memo) > 64:
            memo.clear()
        memo[key] = _route_field(table, state, v, edge)
    return memo[key]


def _route_field(table: Table, state: GameState, v: Vehicle, edge: str) -> RouteField:
    tmap = table.terrain
    prof = table.content.vehicles[v.profile]
    clearance = (prof.length + prof.width) / 4 + MARGIN
    closed = set(_static_closed(tmap, clearance, table.content.vehicle_rules.narrow_ditch))
    cols, rows = int(tmap.width / CELL), int(tmap.height / CELL)
    for o in state.vehicles:
        if o is v or o.removed:
            continue
        op = table.content.vehicles[o.profile]
        span = math.hypot(op.length, op.width) / 2 + clearance
        for j in range(max(0, int((o.y - span) / CELL)), min(rows, int((o.y + span) / CELL) + 1)):
            for i in range(max(0, int((o.x - span) / CELL)), min(cols, int((o.x + span) / CELL) + 1)):
                x, y = (i + 0.5) * CELL, (j + 0.5) * CELL
                if box_distance(o.x, o.y, o.heading, op.length, op.width, x, y) < clearance:
                    closed.add((i, j))
    def to_edge(i: int, j: int) -> float:
        x, y = (i + 0.5) * CELL, (j + 0.5) * CELL
        return {"east": tmap.width - x, "west": x, "north": y, "south": tmap.height - y}[edge]

    dist: dict[tuple[int, int], float] = {}
    heap = [(to_edge(i, j), (i, j)) for j in range(rows) for i in range(cols)
            if (i, j) not in closed and to_edge(i, j) <= clearance + 1.0]
    for d, c in heap:
        dist[c] = d
    heapq.heapify(heap)
    while heap:
        d, (i, j) = heapq.heappop(heap)
        if d > dist.get((i, j), FAR):
            continue
        for dx, dy, step in STEPS:
            n = (i + dx, j + dy)
            if not (0 <= n[0] < cols and 0 <= n[1] < rows) or n in closed:
                continue
            nd = d + step
            if nd < dist.get(n, FAR):
                dist[n] = nd
                heapq.heappush(heap, (nd, n))
    return dist


def distance_left(field: dict[tuple[int, int], float], x: float, y: float) -> float:
    """The field's distance at a point; a closed cell counts as the nearest open one plus the gap."""
    i, j = int(x / CELL), int(y / CELL)
    if (i, j) in field:
        return field[(i, j)]
    best = FAR
    for r in range(1, 8):
        for di in range(-r, r + 1):
            for dj in range(-r, r + 1):
                d = field.get((i + di, j + dj))
                if d is not None:
                    best = min(best, d + CELL * math.hypot(di, dj))
        if best < FAR:
            return best
    return FAR


def open_road(field: dict[tuple[int, int], float], x: float, y: float, heading: float, reach: float) -> float:
    """How far (up to reach) a vehicle's centre may roll straight on from (x, y) before the field
    is closed: what a wagon left to roll on next turn would run into."""

    fx, fy = bearing_vector(heading)
    d = CELL
    while d <= reach:
        if (int((x + fx * d) / CELL), int((y + fy * d) / CELL)) not in field:
            return d - CELL
        d += CELL
    return reach

