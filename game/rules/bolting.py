"""The geometry of a Horse Bolt's path (read-only, §9.10): where it crosses an obstacle, where a
thrown rider lands, the point a given distance along it."""

from __future__ import annotations

import math

from game.terrain.geometry import obstacle_crossings, point_segment_distance
from game.terrain.terrain_map import Obstacle, TerrainMap

Point = tuple[float, float]
CLEARANCE = 0.05  # gap kept from an obstacle a thrown rider lands beside


def find_obstacle(tmap: TerrainMap, name: str) -> Obstacle | None:
    """The map's obstacle of this name."""
    for obs in tmap.obstacles:
        if obs.name == name:
            return obs
    return None


def crossing(tmap: TerrainMap, path: list[Point], obs: Obstacle, after: float
             ) -> tuple[Point, float]:
    """Where the path first crosses the obstacle beyond `after` inches, and how far along it is.

    If no exact crossing is found, the path point nearest the obstacle stands in for it.
    """
    run = 0.0
    for a, b in zip(path, path[1:], strict=False):
        for dist, hit in obstacle_crossings(tmap, a, b):
            if hit.name == obs.name and run + dist > after + 1e-9:
                return along(a, b, dist), run + dist
        run += math.dist(a, b)
    best, best_d, best_run, run = path[-1], math.inf, after, 0.0
    for i, p in enumerate(path):
        if i:
            run += math.dist(path[i - 1], p)
        d = min(point_segment_distance(*p, *a, *b)[0] for a, b in obs.segments())
        if run >= after and d < best_d:
            best, best_d, best_run = p, d, run
    return best, best_run


def point_at(path: list[Point], d: float) -> Point:
    """The point `d` inches along a path (its end if the path is shorter)."""
    run = 0.0
    for a, b in zip(path, path[1:], strict=False):
        leg = math.dist(a, b)
        if run + leg >= d:
            return along(a, b, d - run)
        run += leg
    return path[-1]


def along(a: Point, b: Point, d: float) -> Point:
    """The point `d` inches from a towards b (clamped to the segment)."""
    length = math.dist(a, b)
    if length == 0.0:
        return a
    t = max(0.0, min(1.0, d / length))
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def cut_path(path: list[Point], end: Point) -> list[Point]:
    """The path up to the leg nearest `end`, finishing at `end`."""
    if len(path) < 2:
        return [p for p in path[:1] if p != end] + [end]
    best_i, best_d = 0, math.inf
    for i, (a, b) in enumerate(zip(path, path[1:], strict=False)):
        d = point_segment_distance(*end, *a, *b)[0]
        if d < best_d - 1e-12:
            best_i, best_d = i, d
    out = path[: best_i + 1]
    if out[-1] != end:
        out.append(end)
    return out


def landing(path: list[Point], where: Point, obs: Obstacle, radius: float) -> Point:
    """Where a rider who falls at an obstacle lands: just short of it, on the near side (a foot base
    of `radius` clear of it)."""
    prev = path[0]
    for a, b in zip(path, path[1:], strict=False):
        if point_segment_distance(*where, *a, *b)[0] < 1e-6:
            prev = a
            break
    gap = radius + obs.width / 2 + CLEARANCE
    return along(where, prev, gap)


def inside(tmap: TerrainMap, p: Point, inset: float) -> Point:
    """A point pulled `inset` inches inside the table (a base radius: the base stays on it)."""
    x = min(max(p[0], inset), tmap.width - inset)
    y = min(max(p[1], inset), tmap.height - inset)
    return (x, y)
