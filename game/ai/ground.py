"""How far a place is on foot or on horseback, round what the ground puts in the way: a distance
field over the 1" tiles from a target, for the heuristic player's pull towards targets.

Hard Going costs double, a deep river or a tall obstacle costs a gambit's worth of inches, a rider
pays for every Jump test (more at stakes) and never goes through a building or over a tall
obstacle. Fields are remembered per target tile and ground (mud included) in `Ground`.
"""

from __future__ import annotations

import heapq
import math

from game.rules.context import Table
from game.terrain.terrain_map import HARD_GOING

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


class Ground:
    """Distance fields over one table, remembered while the ground stays the same."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] = ()
        self.walls: dict[tuple[Tile, Tile], tuple[bool, bool]] = {}  # crossing -> (low, tall/stakes)
        self.steps: dict[bool, list[list[tuple[int, float]]]] = {}  # mounted -> tile -> (next, cost)
        self.fields: dict[tuple[Tile, bool], list[float]] = {}

    def _reset(self, table: Table, mud: tuple[int, ...]) -> None:
        key = (id(table.terrain), mud)
        if key == self.key:
            return
        if not self.key or self.key[0] != key[0]:
            self.walls = _walls(table)
        self.key, self.fields, self.steps = key, {}, {}

    def distance(self, table: Table, mud: tuple[int, ...], target: Point, at: Point, mounted: bool) -> float:
        """Inches from `at` to `target` the way a foot model or a rider would go (the target is
        taken to the middle of its 2" square, so fields are shared by targets close together)."""
        self._reset(table, mud)
        w, h = table.terrain.width, table.terrain.height
        t = (min(w - 1, max(0, int(target[0]) // 2 * 2)), min(h - 1, max(0, int(target[1]) // 2 * 2)))
        field = self.fields.get((t, mounted))
        if field is None:
            field = self.fields[(t, mounted)] = self._field(table, t, mounted)
        ix, iy = min(w - 1, max(0, int(at[0]))), min(h - 1, max(0, int(at[1])))
        d = field[iy * w + ix]
        return d if math.isfinite(d) else math.dist(at, target) * 3.0

    def _steps(self, table: Table, mounted: bool) -> list[list[tuple[int, float]]]:
        """For every tile, the tiles a step away and what the step costs."""
        got = self.steps.get(mounted)
        if got is not None:
            return got
        terrain = table.terrain
        w, h = terrain.width, terrain.height
        tiles = terrain.tiles
        walls = self.walls
        out: list[list[tuple[int, float]]] = []
        for y in range(h):
            for x in range(w):
                nexts: list[tuple[int, float]] = []
                out.append(nexts)
                if tiles[y * w + x] in BLOCKED:
                    continue
                for dx, dy, step in STEPS:
                    nx, ny = x + dx, y + dy
                    if nx < 0 or ny < 0 or nx >= w or ny >= h:
                        continue
                    kind = tiles[ny * w + nx]
                    if kind in BLOCKED:
                        continue
                    cost = step * (2.0 if kind in HARD_GOING else 1.0)
                    if kind == "river":
                        cost += RIVER_COST
                    wall = walls.get(((x, y), (nx, ny))) or walls.get(((nx, ny), (x, y)))
                    if wall is not None:
                        low, hard = wall
                        if mounted:
                            if hard and not low:
                                continue
                            cost += RIDER_STAKES if hard else RIDER_JUMP
                        else:
                            cost += FOOT_TALL if hard and not low else FOOT_LOW
                    nexts.append((ny * w + nx, cost))
        self.steps[mounted] = out
        return out

    def _field(self, table: Table, start: Tile, mounted: bool) -> list[float]:
        steps = self._steps(table, mounted)
        w = table.terrain.width
        dist = [math.inf] * len(steps)
        first = start[1] * w + start[0]
        dist[first] = 0.0
        queue = [(0.0, first)]
        pop, push = heapq.heappop, heapq.heappush
        while queue:
            d, i = pop(queue)
            if d > dist[i]:
                continue
            for j, cost in steps[i]:
                nd = d + cost
                if nd < dist[j]:
                    dist[j] = nd
                    push(queue, (nd, j))
        return dist


def _walls(table: Table) -> dict[tuple[Tile, Tile], tuple[bool, bool]]:
    """Every step between neighbouring tiles that crosses an obstacle: (a low one, a tall one or stakes)."""
    walls: dict[tuple[Tile, Tile], tuple[bool, bool]] = {}
    for obs in table.terrain.obstacles:
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
