"""Fast straight-line queries over a TerrainMap, in inches: terrain runs, obstacles, sight, woods.

The tile walk is an exact grid traversal (Amanatides & Woo): every tile the segment passes
through is visited once, with the exact distances at which the segment enters and leaves it.
Tile kinds are read live from `tmap.tiles`, so editing tiles during a game (a muddy field) is
seen at once. Obstacle geometry is indexed once per map and cached; after changing an
obstacle in place (same list, same length) call `forget_map`. Where each kind of tile lies
(`kind_near`) is worked out once per map and tile list: a new tile list (a muddy field) is
looked at afresh, and after editing tiles in place call `forget_map` too.

Conventions:
- Points off the table, and any tile outside it, count as "impassable". Like
  `TerrainMap.kind_at`, the tile under (x, y) is (floor(x), floor(y)), so a segment running
  exactly along the right or bottom table edge is off the table.
- Pieces thinner than 1e-9" (passing exactly through a tile corner) are merged into the next
  tile, so a line through a corner never "touches" the diagonal neighbours.
"""

from __future__ import annotations

import math
from operator import itemgetter

from game.terrain.terrain_map import BLOCKS_SIGHT, Obstacle, TerrainMap

Point = tuple[float, float]
OFF_TABLE = "impassable"
_EPS = 1e-9
_INF = math.inf
_by_distance = itemgetter(0)


def _clip(a: float, d: float, size: int, k: float, s0: float, s1: float) -> tuple[float, float]:
    """Narrow the span [s0, s1] of distances to where the coordinate stays within [0, size]."""
    if d == 0.0:
        return (s0, s1) if 0.0 <= a <= size else (s0, -1.0)
    ta = -a * k
    tb = (size - a) * k
    if ta > tb:
        ta, tb = tb, ta
    return (ta if ta > s0 else s0), (tb if tb < s1 else s1)


def _first_step(i: int, a: float, d: float, k: float) -> tuple[int, int, float]:
    """Along one axis: step (+1/-1/0), boundary offset, and distance to the next tile boundary."""
    if d > 0.0:
        return 1, 1, (i + 1 - a) * k
    if d < 0.0:
        return -1, 0, (i - a) * k
    return 0, 0, _INF


def _walk(tmap: TerrainMap, ax: float, ay: float, bx: float, by: float) -> tuple[list[str], list[float]]:
    """Kinds of the tiles the segment passes through, in order, with the distance each ends at."""
    dx = bx - ax
    dy = by - ay
    length = math.hypot(dx, dy)
    if length <= _EPS:
        return [tmap.kind_at(ax, ay)], [length]
    w = tmap.width
    h = tmap.height
    kx = length / dx if dx else 0.0  # distance travelled per unit of x
    ky = length / dy if dy else 0.0
    s0, s1 = _clip(ax, dx, w, kx, 0.0, length)  # the part on the table, as distances
    s0, s1 = _clip(ay, dy, h, ky, s0, s1)
    if s1 - s0 <= _EPS:
        return [OFF_TABLE], [length]
    kinds, ends = ([OFF_TABLE], [s0]) if s0 > _EPS else ([], [])
    ix = math.floor(ax + dx * (s0 / length))
    iy = math.floor(ay + dy * (s0 / length))
    sx, ox, tx = _first_step(ix, ax, dx, kx)
    sy, oy, ty = _first_step(iy, ay, dy, ky)
    tiles = tmap.tiles
    t = s0
    while True:  # Amanatides-Woo: step into whichever tile boundary comes first
        tn = tx if tx < ty else ty
        if tn > s1:
            tn = s1
        if tn - t > _EPS:  # a sliver through a corner is absorbed by the next tile
            inside = 0 <= ix < w and 0 <= iy < h
            kinds.append(tiles[iy * w + ix] if inside else OFF_TABLE)
            ends.append(tn)
            t = tn
        if tn >= s1:
            break
        if tx <= ty:
            ix += sx
            tx = (ix + ox - ax) * kx
        else:
            iy += sy
            ty = (iy + oy - ay) * ky
    if not kinds:  # only slivers: the segment barely grazes the table
        return [OFF_TABLE], [length]
    if length - s1 > _EPS:  # the segment runs on off the table
        ends[-1] = s1
        kinds.append(OFF_TABLE)
        ends.append(length)
    else:
        ends[-1] = length  # absorb any sliver at the end
    return kinds, ends


def terrain_runs(tmap: TerrainMap, a: Point, b: Point) -> list[tuple[str, float, float]]:
    """The terrain kinds along segment a->b in order, as (kind, start, end) distances from a."""
    kinds, ends = _walk(tmap, a[0], a[1], b[0], b[1])
    runs: list[tuple[str, float, float]] = []
    current = kinds[0]
    start = 0.0
    prev_end = ends[0]
    for kind, end in zip(kinds, ends, strict=True):
        if kind != current:
            runs.append((current, start, prev_end))
            current = kind
            start = prev_end
        prev_end = end
    runs.append((current, start, prev_end))
    return runs


def woods_depth(tmap: TerrainMap, a: Point, b: Point) -> float:
    """Total length of segment a->b that lies inside woods tiles."""
    kinds, ends = _walk(tmap, a[0], a[1], b[0], b[1])
    total = 0.0
    start = 0.0
    for kind, end in zip(kinds, ends, strict=True):
        if kind == "woods":
            total += end - start
        start = end
    return total


def sight_blocked(tmap: TerrainMap, a: Point, b: Point) -> bool:
    """True if segment a->b crosses a building or impassable tile other than its two end tiles."""
    kinds = _walk(tmap, a[0], a[1], b[0], b[1])[0]
    return len(kinds) > 2 and not BLOCKS_SIGHT.isdisjoint(kinds[1:-1])


def tiles_along(tmap: TerrainMap, a: Point, b: Point) -> list[tuple[str, float, float]]:
    """Each tile crossed by segment a->b (not merged), as (kind, start, end) distances from a."""
    kinds, ends = _walk(tmap, a[0], a[1], b[0], b[1])
    starts = [0.0, *ends[:-1]]
    return list(zip(kinds, starts, ends, strict=True))


# --- points and segments ---------------------------------------------------------------------

def point_segment_distance(
    px: float, py: float, ax: float, ay: float, bx: float, by: float
) -> tuple[float, float]:
    """Distance from a point to a segment, and the parameter t in [0, 1] of the nearest point."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return math.hypot(px - ax, py - ay), 0.0
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy)), t


def nearest_to_segment(points: list[Point], ax: float, ay: float, bx: float, by: float) -> float:
    """The distance from a segment to the nearest of many points: point_segment_distance for
    each, in one loop (a player ranking moves asks this for every bearing and every enemy)."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return min(math.hypot(px - ax, py - ay) for px, py in points)
    hypot = math.hypot
    best = math.inf
    for px, py in points:
        t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
        d = hypot(px - (ax + t * dx), py - (ay + t * dy))
        best = d if d < best else best
    return best


# --- obstacles -------------------------------------------------------------------------------

# One polyline piece: x1, y1, ex, ey (direction), |e|^2, minx, miny, maxx, maxy.
_Seg = tuple[float, float, float, float, float, float, float, float, float]
# One obstacle: minx, miny, maxx, maxy, the obstacle, its pieces.
_Group = tuple[float, float, float, float, Obstacle, tuple[_Seg, ...]]
# One piece as obstacle_near sees it: its box widened by the reach (lo x, hi x, lo y, hi y), x1, y1,
# ex, ey, |e|^2, the reach squared and the obstacle.
_Near = tuple[float, float, float, float, float, float, float, float, float, float, Obstacle]
_NEAR_RADII = 8  # radii whose widened boxes are kept per map


class _ObstacleIndex:
    """Obstacle pieces with bounding boxes, flattened for tight loops."""

    __slots__ = ("source", "count", "groups", "flat", "near")

    def __init__(self, tmap: TerrainMap) -> None:
        self.source = tmap.obstacles
        self.count = len(tmap.obstacles)
        groups: list[_Group] = []
        flat: list[tuple[_Seg, Obstacle]] = []
        for obs in tmap.obstacles:
            segs: list[_Seg] = []
            for (x1, y1), (x2, y2) in obs.segments():
                ex, ey = x2 - x1, y2 - y1
                seg = (x1, y1, ex, ey, ex * ex + ey * ey,
                       min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))  # fmt: skip
                segs.append(seg)
                flat.append((seg, obs))
            if segs:
                xs = [p[0] for p in obs.points]
                ys = [p[1] for p in obs.points]
                groups.append((min(xs), min(ys), max(xs), max(ys), obs, tuple(segs)))
        self.groups = tuple(groups)
        self.flat = tuple(flat)
        self.near: dict[float, tuple[_Near, ...]] = {}  # by radius: see near_boxes

    def near_boxes(self, radius: float) -> tuple[_Near, ...]:
        """For obstacle_near: every piece with its box widened by its reach (radius plus half the
        obstacle's width) and that reach squared, in the order of `flat`."""
        boxes = self.near.get(radius)
        if boxes is None:
            if len(self.near) >= _NEAR_RADII:
                self.near.clear()
            out = []
            for (x1, y1, ex, ey, len2, minx, miny, maxx, maxy), obs in self.flat:
                reach = radius + obs.width / 2
                out.append((minx - reach, maxx + reach, miny - reach, maxy + reach, x1, y1, ex, ey, len2,
                            reach * reach, obs))
            boxes = self.near[radius] = tuple(out)
        return boxes


_CACHE: dict[int, tuple[TerrainMap, _ObstacleIndex]] = {}
_CACHE_SIZE = 32


def _index(tmap: TerrainMap) -> _ObstacleIndex:
    entry = _CACHE.get(id(tmap))
    if entry is not None and entry[0] is tmap:
        idx = entry[1]
        if idx.source is tmap.obstacles and idx.count == len(tmap.obstacles):
            return idx
    if len(_CACHE) >= _CACHE_SIZE:
        del _CACHE[next(iter(_CACHE))]
    idx = _ObstacleIndex(tmap)
    _CACHE[id(tmap)] = (tmap, idx)
    return idx


def forget_map(tmap: TerrainMap) -> None:
    """Drop the cached obstacle index and tile counts of a map (call after editing it in place)."""
    _CACHE.pop(id(tmap), None)
    _NEAR_KIND.pop(id(tmap), None)


def tall_obstacle_in_box(tmap: TerrainMap, a: Point, b: Point) -> bool:
    """False if segment a->b surely crosses no tall obstacle: no tall obstacle's box meets the
    segment's box (the test obstacle_crossings makes before looking closer)."""
    lox, hix = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
    loy, hiy = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
    for gminx, gminy, gmaxx, gmaxy, obs, _segs in _index(tmap).groups:
        if obs.tall and not (gminx > hix or gmaxx < lox or gminy > hiy or gmaxy < loy):
            return True
    return False


# Per map and tile list, for a terrain kind: which tiles have a tile of that kind within one tile
# (themselves or one of their eight neighbours)
_NEAR_KIND: dict[int, tuple[TerrainMap, list[str], dict[str, list[bool]]]] = {}


def _near_kind(tmap: TerrainMap, kind: str) -> list[bool]:
    entry = _NEAR_KIND.get(id(tmap))
    if entry is None or entry[0] is not tmap or entry[1] is not tmap.tiles:
        if len(_NEAR_KIND) >= _CACHE_SIZE:
            del _NEAR_KIND[next(iter(_NEAR_KIND))]
        entry = _NEAR_KIND[id(tmap)] = (tmap, tmap.tiles, {})
    near = entry[2].get(kind)
    if near is None:
        w, h = tmap.width, tmap.height
        near = [False] * (w * h)
        for i, k in enumerate(tmap.tiles):
            if k == kind:
                x, y = i % w, i // w
                for ny in range(max(0, y - 1), min(h, y + 2)):
                    for nx in range(max(0, x - 1), min(w, x + 2)):
                        near[ny * w + nx] = True
        entry[2][kind] = near
    return near


def kind_near(tmap: TerrainMap, kind: str, a: Point, b: Point) -> bool:
    """False if segment a->b surely passes through no tile of this kind. It looks at points along
    the segment no more than an inch apart, ends included: every point of the segment is within
    half an inch of one of them, so every tile the segment passes through is beside (or under)
    the tile of one of them, taken on the table's edge if it lies beyond."""
    near = _near_kind(tmap, kind)
    w, h = tmap.width, tmap.height
    x, y = a
    n = max(1, math.ceil(math.hypot(b[0] - x, b[1] - y)))
    sx, sy = (b[0] - x) / n, (b[1] - y) / n
    for _ in range(n + 1):
        ix, iy = int(x), int(y)  # truncation: below zero it gives the edge tile, as clamping would
        if ix >= w:
            ix = w - 1
        elif ix < 0:
            ix = 0
        if iy >= h:
            iy = h - 1
        elif iy < 0:
            iy = 0
        if near[iy * w + ix]:
            return True
        x += sx
        y += sy
    return False


def obstacle_crossings(tmap: TerrainMap, a: Point, b: Point) -> list[tuple[float, Obstacle]]:
    """Each obstacle crossing of segment a->b as (distance from a, obstacle), nearest first."""
    ax, ay = a
    rx = b[0] - ax
    ry = b[1] - ay
    length = math.hypot(rx, ry)
    if length <= _EPS:
        return []
    lox, hix = (ax, ax + rx) if rx >= 0 else (ax + rx, ax)
    loy, hiy = (ay, ay + ry) if ry >= 0 else (ay + ry, ay)
    hits: list[tuple[float, Obstacle]] = []
    for gminx, gminy, gmaxx, gmaxy, obs, segs in _index(tmap).groups:
        if gminx > hix or gmaxx < lox or gminy > hiy or gmaxy < loy:
            continue
        first = len(hits)
        for x1, y1, ex, ey, _len2, minx, miny, maxx, maxy in segs:
            if minx > hix or maxx < lox or miny > hiy or maxy < loy:
                continue
            denom = rx * ey - ry * ex
            if denom == 0.0:
                continue  # parallel: running along an obstacle is not crossing it
            qx = x1 - ax
            qy = y1 - ay
            t = (qx * ey - qy * ex) / denom
            if t < 0.0 or t > 1.0:
                continue
            u = (qx * ry - qy * rx) / denom
            if u < 0.0 or u > 1.0:
                continue
            hits.append((t * length, obs))
        if len(hits) - first > 1:
            _dedupe_vertices(hits, first)
    if len(hits) > 1:
        hits.sort(key=_by_distance)
    return hits


def _dedupe_vertices(hits: list[tuple[float, Obstacle]], first: int) -> None:
    """Drop repeats of one obstacle's crossing through a shared vertex of two pieces."""
    mine = sorted(hits[first:], key=_by_distance)
    kept = [mine[0]]
    for hit in mine[1:]:
        if hit[0] - kept[-1][0] > _EPS:
            kept.append(hit)
    hits[first:] = kept


def distance_to_obstacles(tmap: TerrainMap, p: Point) -> tuple[float, Obstacle | None]:
    """Distance from p to the nearest obstacle centre-line, and that obstacle (or inf, None)."""
    px, py = p
    best = _INF
    best_obs: Obstacle | None = None
    for (x1, y1, ex, ey, len2, minx, miny, maxx, maxy), obs in _index(tmap).flat:
        gx = minx - px if px < minx else (px - maxx if px > maxx else 0.0)
        gy = miny - py if py < miny else (py - maxy if py > maxy else 0.0)
        if gx * gx + gy * gy >= best:
            continue
        # The clamped projection of point_segment_distance, inline and squared for speed. Its float
        # order differs (p - a - u*e, no hypot): calling that function here would move results by an ulp.
        wx = px - x1
        wy = py - y1
        if len2 > 0.0:
            u = (wx * ex + wy * ey) / len2
            if u > 1.0:
                u = 1.0
            elif u < 0.0:
                u = 0.0
            wx -= u * ex
            wy -= u * ey
        d2 = wx * wx + wy * wy
        if d2 < best:
            best = d2
            best_obs = obs
    return math.sqrt(best), best_obs


def obstacle_near(tmap: TerrainMap, p: Point, radius: float) -> Obstacle | None:
    """An obstacle whose body (centre-line widened by half its width) comes within radius of p."""
    px, py = p
    for lox, hix, loy, hiy, x1, y1, ex, ey, len2, reach2, obs in _index(tmap).near_boxes(radius):
        if px < lox or px > hix or py < loy or py > hiy:
            continue
        wx = px - x1  # as in distance_to_obstacles
        wy = py - y1
        if len2 > 0.0:
            u = min(1.0, max(0.0, (wx * ex + wy * ey) / len2))
            wx -= u * ex
            wy -= u * ey
        if wx * wx + wy * wy < reach2:
            return obs
    return None
