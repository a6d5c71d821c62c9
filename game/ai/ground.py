"""How far a place is on foot or on horseback, round what the ground puts in the way: a distance
field over the 1" tiles from a target, for the heuristic player's pull towards targets.

Hard Going costs double, a deep river or a tall obstacle costs a gambit's worth of inches, a rider
pays for every Jump test (more at stakes) and never goes through a building or over a tall
obstacle. Fields are remembered per target tile and ground (mud included), a few grounds and a
bounded number of fields each, for all the players of a process (`fields_of`).
"""

from __future__ import annotations

import heapq
import math
from array import array
from collections import OrderedDict
from typing import TYPE_CHECKING

from game.terrain.terrain_map import HARD_GOING, TerrainMap

if TYPE_CHECKING:
    import numpy as np

Point = tuple[float, float]
Tile = tuple[int, int]
STEPS = ((1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0),
         (1, 1, math.sqrt(2)), (1, -1, math.sqrt(2)), (-1, 1, math.sqrt(2)), (-1, -1, math.sqrt(2)))
BLOCKED = frozenset({"building", "impassable"})
RIVER_COST = 6.0  # inches a River Crossing is taken to be worth
FOOT_LOW, FOOT_TALL = 2.0, 5.0  # crossing a low obstacle on foot; climbing a tall one
RIDER_JUMP, RIDER_STAKES = 5.0, 9.0  # a rider's Jump test; one over stakes


def _crosses(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True if segment ab crosses segment cd."""
    def orient(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    o1, o2 = orient(a, b, c), orient(a, b, d)
    o3, o4 = orient(c, d, a), orient(c, d, b)
    return o1 * o2 < 0 and o3 * o4 < 0


SHARED_GROUNDS = 4  # grounds (a map with its mud) whose fields a process keeps for every player
FIELDS_KEPT = 256  # distance fields kept for each ground, the least lately used dropped first


class Ground:
    """Distance fields over the table a player plays on, looked up by the ground itself (the
    terrain kinds, mud included, and the obstacles), so all players on the same ground share them."""

    def __init__(self) -> None:
        self.terrain: TerrainMap | None = None  # held, so that the one it is checked against stays alive
        self.known: Fields | None = None

    def _fields(self, terrain: TerrainMap) -> Fields:
        if terrain is not self.terrain or self.known is None:
            self.terrain, self.known = terrain, fields_of(terrain)
        return self.known

    def distance(self, terrain: TerrainMap, target: Point, at: Point, mounted: bool) -> float:
        """Inches from `at` to `target` the way a foot model or a rider would go (the target is
        taken to the middle of its 2" square, so fields are shared by targets close together)."""
        known = self._fields(terrain)
        w, h = terrain.width, terrain.height
        t = (min(w - 1, max(0, int(target[0]) // 2 * 2)), min(h - 1, max(0, int(target[1]) // 2 * 2)))
        ix, iy = min(w - 1, max(0, int(at[0]))), min(h - 1, max(0, int(at[1])))
        d = known.field(t, mounted).at(iy * w + ix)
        return d if math.isfinite(d) else math.dist(at, target) * 3.0


class Fields:
    """One ground's crossings, step costs and the distance fields worked out on it so far."""

    def __init__(self, terrain: TerrainMap) -> None:
        self.terrain = terrain
        self.walls = _walls(terrain)  # crossing -> (low, tall/stakes)
        self.steps: dict[bool, list[list[tuple[int, float]]]] = {}  # mounted -> tile -> (next, cost)
        self.fields: OrderedDict[tuple[Tile, bool], Field] = OrderedDict()

    def field(self, start: Tile, mounted: bool) -> Field:
        """The distances from the start tile, on foot or mounted."""
        key = (start, mounted)
        got = self.fields.get(key)
        if got is None:
            got = self.fields[key] = Field(self._steps(mounted), start[1] * self.terrain.width + start[0])
            if len(self.fields) > FIELDS_KEPT:
                self.fields.popitem(last=False)
        else:
            self.fields.move_to_end(key)
        return got

    def _steps(self, mounted: bool) -> list[list[tuple[int, float]]]:
        """For every tile, the tiles a step away and what the step costs."""
        got = self.steps.get(mounted)
        if got is None:
            import numpy as np  # lazily: the client's first frame needs no ground map (numpy is 90 ms)

            got = [[] for _ in self.terrain.tiles]
            for offset, costs in _step_costs(self.terrain, self.walls, mounted):
                flat = costs.ravel()
                where = np.flatnonzero(np.isfinite(flat))
                for i, cost in zip(where.tolist(), flat[where].tolist(), strict=True):
                    got[i].append((i + offset, cost))
            self.steps[mounted] = got
        return got


class Field:
    """The distances from one tile to the others (row-major), walked out only as far as has been
    asked: Dijkstra's walk reaches the tiles nearest first, and a tile's distance is final once it
    is reached (the least sum of step costs along any way there)."""

    __slots__ = ("steps", "dist", "reached", "queue")

    def __init__(self, steps: list[list[tuple[int, float]]], start: int) -> None:
        self.steps = steps
        self.dist = array("d", [math.inf]) * len(steps)
        self.dist[start] = 0.0
        self.reached = bytearray(len(steps))
        self.queue = [(0.0, start)]

    def at(self, tile: int) -> float:
        """The distance to the tile (infinite if there is no way)."""
        if self.reached[tile]:
            return self.dist[tile]
        dist, reached, steps, queue = self.dist, self.reached, self.steps, self.queue
        pop, push = heapq.heappop, heapq.heappush
        while queue:
            d, i = pop(queue)
            if reached[i] or d > dist[i]:
                continue
            reached[i] = 1
            for j, cost in steps[i]:
                nd = d + cost
                if nd < dist[j]:
                    dist[j] = nd
                    push(queue, (nd, j))
            if i == tile:
                return d
        return dist[tile]


_KEPT: OrderedDict[tuple[object, ...], Fields] = OrderedDict()  # at most SHARED_GROUNDS


def fields_of(terrain: TerrainMap) -> Fields:
    """The fields kept for this ground (a new, empty set for a ground not among those kept)."""
    key = (terrain.width, terrain.height, tuple(terrain.tiles), tuple(terrain.obstacles))
    got = _KEPT.get(key)
    if got is None:
        got = _KEPT[key] = Fields(terrain)
        if len(_KEPT) > SHARED_GROUNDS:
            _KEPT.popitem(last=False)
    else:
        _KEPT.move_to_end(key)
    return got


def _step_costs(terrain: TerrainMap, walls: dict[tuple[Tile, Tile], tuple[bool, bool]],
                mounted: bool) -> list[tuple[int, np.ndarray]]:
    """What each of the eight steps costs from every tile: its length, doubled into Hard Going,
    a River Crossing's worth into a river, then a crossing's cost; none into or out of a
    building, off the table, or (for a rider) over a tall obstacle."""
    import numpy as np  # lazily, as in Ground._steps

    w, h = terrain.width, terrain.height
    kinds = np.array(terrain.tiles).reshape(h, w)
    blocked = np.isin(kinds, sorted(BLOCKED))
    hard = np.isin(kinds, sorted(HARD_GOING))
    river = kinds == "river"
    crossings = {(a, b) for a, b in walls} | {(b, a) for a, b in walls}  # either way over
    out: list[tuple[int, np.ndarray]] = []
    for dx, dy, step in STEPS:
        costs = np.full((h, w), math.inf)
        src = (slice(max(0, -dy), h - max(0, dy)), slice(max(0, -dx), w - max(0, dx)))
        dst = (slice(max(0, dy), h + min(0, dy)), slice(max(0, dx), w + min(0, dx)))
        cost = step * np.where(hard[dst], 2.0, 1.0) + np.where(river[dst], RIVER_COST, 0.0)
        cost[blocked[src] | blocked[dst]] = math.inf
        costs[src] = cost
        for (x, y), (nx, ny) in crossings:
            off = not (0 <= x < w and 0 <= nx < w and 0 <= y < h and 0 <= ny < h)
            if off or (nx - x, ny - y) != (dx, dy):
                continue
            low, tall = walls.get(((x, y), (nx, ny))) or walls[((nx, ny), (x, y))]
            if mounted and tall and not low:
                costs[y, x] = math.inf
            elif mounted:
                costs[y, x] += RIDER_STAKES if tall else RIDER_JUMP
            else:
                costs[y, x] += FOOT_TALL if tall and not low else FOOT_LOW
        out.append((dy * w + dx, costs))
    return out


def _walls(terrain: TerrainMap) -> dict[tuple[Tile, Tile], tuple[bool, bool]]:
    """Every step between neighbouring tiles that crosses an obstacle: (a low one, a tall one or stakes)."""
    walls: dict[tuple[Tile, Tile], tuple[bool, bool]] = {}
    for obs in terrain.obstacles:
        tall = obs.tall or obs.width > 3.0
        for p, q in obs.segments():
            x0, x1 = sorted((p[0], q[0]))
            y0, y1 = sorted((p[1], q[1]))
            for ix in range(int(x0) - 1, int(x1) + 2):
                for iy in range(int(y0) - 1, int(y1) + 2):
                    a = (ix + 0.5, iy + 0.5)
                    for dx, dy, _ in STEPS:
                        if _crosses(a, (ix + dx + 0.5, iy + dy + 0.5), p, q):
                            k = ((ix, iy), (ix + dx, iy + dy))
                            low, hard = walls.get(k, (False, False))
                            walls[k] = (low or not tall, hard or tall or obs.kind == "stakes")
    return walls
