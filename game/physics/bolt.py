"""A bolting steed as a deterministic pymunk simulation: it runs on a bearing and slides along walls.

`simulate_bolt` is a pure function. It builds a fresh pymunk space every call (pymunk caches
impulses between steps, so reusing a space would make replays drift), with static walls for
every tall obstacle, the outline of every building/impassable tile region and the other models.
Low obstacles are not walls: the steed runs over them and they are reported as jumps. The table
edge is not a wall either: the steed may leave the table. Rivers and other tile kinds are ignored.

Units are inches; bearings are compass degrees (0 = up the table, i.e. negative y, clockwise).
The steed is driven at a constant speed. When it touches a wall, its desired velocity is projected
onto the wall tangent and scaled back to full speed, so it keeps its full run while it slides; a
dead-on hit (within about 0.06 degrees of the wall normal) turns it clockwise. Before each step the
velocity is also shortened so the steed lands on, rather than in, any wall ahead (pymunk only
cleans up what is left). It stops after the requested distance, when its centre crosses the table
edge, or when it is stuck: its centre got less than 1/4" further in the last 10 steps (1 2/3" of
run), as in a concave corner the bearing points into. A shorter bolt is exactly the start of a
longer one on the same bearing, so a run can be cut short by calling again with less distance.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

import pymunk

from game.physics.outline import blocking_edges, tile_window
from game.terrain.geometry import obstacle_crossings
from game.terrain.terrain_map import Obstacle, TerrainMap

Point = tuple[float, float]

SPEED = 10.0  # inches per second of simulated time
DT = 1.0 / 60.0  # seconds per step
STEP = SPEED * DT  # inches per step at full speed (1/6")

_CONTACT = 0.02  # a wall this close (gap between surfaces, inches) counts as touching
_HEAD_ON = 1e-3  # a tangential part below this (of a unit velocity) is a dead-on hit
_FEASIBLE = 1e-6  # tolerance on "not moving into a touching wall"
_STUCK_STEPS = 10  # over this many steps ...
_STUCK_MOVE = 0.25  # ... a steed whose centre got no further than this (inches) is stuck or wedged
_TURN = math.sin(math.radians(0.5))  # a path vertex is recorded when the course turns by more
_EDGE = 1e-9  # a centre this far past the table edge is still on it (float noise)
_DIGITS = 4  # outputs are rounded to 1e-4 inch

_WALLS = 0b01
_STEED = 0b10


@dataclass(frozen=True)
class BoltBody:
    """Another model on the table, a static circle the steed cannot pass through (inches)."""

    x: float
    y: float
    radius: float  # foot models 0.5; mounted models: pass a few circles along the base


@dataclass(frozen=True)
class BoltResult:
    """The outcome of a bolt, rounded to 1e-4 inch so replays store stable numbers."""

    path: list[Point]  # the steed's centre: start, each change of course, and the end
    jumps: list[str]  # names of low (not tall) obstacles crossed, in order
    left_table: bool  # the run carried it off the table
    exit_point: Point | None  # where its centre crossed the table edge (on the edge), if it left
    end: Point  # final centre; the exit point if it left the table
    distance: float  # inches actually travelled
    jump_at: list[float] = field(default_factory=list)  # travelled distance at each jump


def bearing_vector(bearing_deg: float) -> Point:
    """Unit vector of a compass bearing (0 = negative y, clockwise); exact on the clock directions."""
    rad = math.radians(bearing_deg)
    dx, dy = math.sin(rad), -math.cos(rad)
    # Snap the float noise of sin/cos (e.g. cos(90 deg) = 6e-17) so clock bearings are exact.
    return (0.0 if abs(dx) < 1e-12 else dx), (0.0 if abs(dy) < 1e-12 else dy)


def simulate_bolt(tmap: TerrainMap, start: Point, bearing_deg: float, distance: float,
                  others: Sequence[BoltBody] = (), radius: float = 0.5) -> BoltResult:
    """Run a bolting steed from start on a bearing for up to distance inches; see the module docs."""
    sx, sy = float(start[0]), float(start[1])
    if distance <= 0.0:
        p = _round_point(sx, sy)
        return BoltResult([p], [], False, None, p, 0.0, [])
    dx, dy = bearing_vector(bearing_deg)
    space = _build_space(tmap, sx, sy, distance + radius + 1.0, others)
    body = pymunk.Body(1.0, math.inf)
    body.position = (sx, sy)
    steed = pymunk.Circle(body, radius)
    steed.friction = 0.0
    steed.elasticity = 0.0
    steed.filter = pymunk.ShapeFilter(categories=_STEED, mask=_WALLS)
    space.add(body, steed)

    query = pymunk.ShapeFilter(mask=_WALLS)
    look = radius + STEP + _CONTACT
    track = _Track(sx, sy)
    jumps: list[str] = []
    jump_at: list[float] = []
    travelled = 0.0
    left = False
    exit_point: Point | None = None
    px, py = sx, sy
    width, height = float(tmap.width), float(tmap.height)
    recent: deque[Point] = deque(maxlen=_STUCK_STEPS)  # centres before the last few steps
    crossed_at_end: list[Obstacle] = []
    for _ in range(int(distance / STEP) * 4 + 60):
        contacts = _contacts(space, px, py, radius, look, query)
        vx, vy = _steer(px, py, dx, dy, radius, contacts)
        body.velocity = (vx * SPEED, vy * SPEED)
        space.step(DT)
        nx, ny = body.position
        seg = math.hypot(nx - px, ny - py)
        done = travelled + seg >= distance
        if done and seg > 0.0:  # the run ends part-way through this step
            f = (distance - travelled) / seg
            nx, ny = px + (nx - px) * f, py + (ny - py) * f
            seg = distance - travelled
        if -_EDGE <= nx <= width + _EDGE and -_EDGE <= ny <= height + _EDGE:
            nx, ny = min(width, max(0.0, nx)), min(height, max(0.0, ny))  # float noise on the edge
        else:
            nx, ny = _exit(tmap, px, py, nx, ny)
            seg = math.hypot(nx - px, ny - py)
            left = True
            exit_point = _round_point(nx, ny)
        at_end: list[Obstacle] = []
        for at, obs in obstacle_crossings(tmap, (px, py), (nx, ny)):
            if obs.tall or (at <= 1e-9 and any(obs is o for o in crossed_at_end)):
                continue  # a crossing exactly on a step boundary is counted once, by the earlier step
            jumps.append(obs.name)
            jump_at.append(round(travelled + at, _DIGITS))
            if at >= seg - 1e-9:
                at_end.append(obs)
        crossed_at_end = at_end
        travelled += seg
        track.add(nx, ny)
        px, py = nx, ny
        if done or left:
            break
        if len(recent) == _STUCK_STEPS and math.dist(recent[0], (px, py)) < _STUCK_MOVE:
            break
        recent.append((px, py))
    path = track.points()
    return BoltResult(path, jumps, left, exit_point, path[-1], round(travelled, _DIGITS), jump_at)


def _build_space(tmap: TerrainMap, sx: float, sy: float, reach: float,
                 others: Sequence[BoltBody]) -> pymunk.Space:
    """A fresh space with static walls for everything the steed could touch within reach of the start."""
    space = pymunk.Space()
    space.collision_slop = 0.002
    static = space.static_body
    shapes: list[pymunk.Shape] = []
    lox, loy, hix, hiy = sx - reach, sy - reach, sx + reach, sy + reach
    for obs in tmap.obstacles:
        if not obs.tall:
            continue
        half = obs.width / 2.0
        for (x1, y1), (x2, y2) in obs.segments():
            if min(x1, x2) - half > hix or max(x1, x2) + half < lox:
                continue
            if min(y1, y2) - half > hiy or max(y1, y2) + half < loy:
                continue
            shapes.append(pymunk.Segment(static, (x1, y1), (x2, y2), half))
    for a, b in blocking_edges(tmap, tile_window(tmap, sx, sy, reach)):
        shapes.append(pymunk.Segment(static, a, b, 0.0))
    for other in others:
        if math.hypot(other.x - sx, other.y - sy) <= reach + other.radius:
            shapes.append(pymunk.Circle(static, other.radius, (other.x, other.y)))
    # pymunk's defaults are what we want: friction 0, elasticity 0, and every category (so _WALLS).
    if shapes:
        space.add(*shapes)
    return space


class _Contact:
    """A wall within reach of the steed: its shape, the gap between surfaces, and the outward normal."""

    __slots__ = ("shape", "gap", "gx", "gy")

    def __init__(self, shape: pymunk.Shape, gap: float, gx: float, gy: float) -> None:
        self.shape = shape
        self.gap = gap
        self.gx = gx
        self.gy = gy


def _contacts(space: pymunk.Space, px: float, py: float, radius: float, look: float,
              query: pymunk.ShapeFilter) -> list[_Contact]:
    """Walls near the steed, nearest first, each with its normal pointing away from the wall."""
    found = [_Contact(info.shape, info.distance - radius, info.gradient[0], info.gradient[1])
             for info in space.point_query((px, py), look, query)
             if info.shape is not None]
    found.sort(key=lambda c: (c.gap, c.gx, c.gy))  # a stable order, independent of the spatial index
    return found


def _steer(px: float, py: float, dx: float, dy: float, radius: float, contacts: list[_Contact]) -> Point:
    """This step's unit-speed velocity: the bearing, slid along touching walls, slowed before a wall."""
    touching = [c for c in contacts if c.gap <= _CONTACT]
    candidates: list[Point] = [(dx, dy)]
    for c in touching:  # nearest wall first: its tangent is the true one at a convex corner
        vn = dx * c.gx + dy * c.gy
        if vn >= 0.0:
            continue
        tx, ty = dx - vn * c.gx, dy - vn * c.gy
        norm = math.hypot(tx, ty)
        if norm < _HEAD_ON:  # dead on: turn clockwise, i.e. towards (-dy, dx)
            tx, ty = -c.gy, c.gx
            if tx * -dy + ty * dx < 0.0:
                tx, ty = -tx, -ty
        else:
            tx, ty = tx / norm, ty / norm
        candidates.append((tx, ty))
    for vx, vy in candidates:
        if _free_step(px + vx * STEP, py + vy * STEP, radius, touching):
            break
    else:
        return 0.0, 0.0
    approaching = [c for c in contacts if c.gap > _CONTACT]
    for _ in range(3):  # slow the part of the velocity that would carry it into a wall ahead
        clamped = False
        for c in approaching:
            if _free_step(px + vx * STEP, py + vy * STEP, radius, [c]):
                continue
            excess = -(vx * c.gx + vy * c.gy) - c.gap / STEP  # inward speed beyond what closes the gap
            if excess > 0.0:
                vx, vy = vx + excess * c.gx, vy + excess * c.gy
                clamped = True
        if not clamped:
            break
    if _free_step(px + vx * STEP, py + vy * STEP, radius, contacts):
        return vx, vy
    lo, hi = 0.0, 1.0  # squeezed between walls: the longest free fraction of the step
    for _ in range(12):
        mid = (lo + hi) / 2
        if _free_step(px + vx * STEP * mid, py + vy * STEP * mid, radius, contacts):
            lo = mid
        else:
            hi = mid
    return vx * lo, vy * lo


def _free_step(qx: float, qy: float, radius: float, touching: list[_Contact]) -> bool:
    """True if a steed centred at q would not be any deeper into these walls than now (or touch them)."""
    for c in touching:
        gap = c.shape.point_query((qx, qy)).distance - radius
        if gap < min(c.gap, 0.0) - _FEASIBLE:
            return False
    return True


def _exit(tmap: TerrainMap, px: float, py: float, nx: float, ny: float) -> Point:
    """Where the step from (px, py) on the table to (nx, ny) off it crosses the table edge."""
    w, h = float(tmap.width), float(tmap.height)
    t, axis, edge = 1.0, -1, 0.0
    for i, (a, b, size) in enumerate(((px, nx, w), (py, ny, h))):
        for bound in (0.0, size):
            if (b < bound <= a) or (a <= bound < b):
                tb = (bound - a) / (b - a)
                if tb < t:
                    t, axis, edge = tb, i, bound
    ex = min(w, max(0.0, px + (nx - px) * t))
    ey = min(h, max(0.0, py + (ny - py) * t))
    if axis == 0:
        ex = edge
    elif axis == 1:
        ey = edge
    return ex, ey


def _round_point(x: float, y: float) -> Point:
    """A point rounded to 1e-4 inch, with -0.0 made 0.0."""
    return round(x, _DIGITS) + 0.0, round(y, _DIGITS) + 0.0


class _Track:
    """Collects the steed's centre each step and keeps only the points where its course changes."""

    __slots__ = ("vertices", "tail", "ux", "uy")

    def __init__(self, x: float, y: float) -> None:
        self.vertices: list[Point] = [(x, y)]
        self.tail: Point = (x, y)
        self.ux = 0.0
        self.uy = 0.0

    def add(self, x: float, y: float) -> None:
        """Record the centre after a step."""
        tx, ty = self.tail
        ex, ey = x - tx, y - ty
        n = math.hypot(ex, ey)
        if n < 1e-9:
            return
        ex, ey = ex / n, ey / n
        if self.ux == 0.0 and self.uy == 0.0:
            self.ux, self.uy = ex, ey
        elif abs(self.ux * ey - self.uy * ex) > _TURN or self.ux * ex + self.uy * ey < 0.0:
            self.vertices.append(self.tail)
            self.ux, self.uy = ex, ey
        self.tail = (x, y)

    def points(self) -> list[Point]:
        """The recorded vertices and the final centre, rounded, without repeats."""
        out: list[Point] = []
        for x, y in [*self.vertices, self.tail] if self.tail != self.vertices[-1] else self.vertices:
            p = _round_point(x, y)
            if not out or out[-1] != p:
                out.append(p)
        return out
