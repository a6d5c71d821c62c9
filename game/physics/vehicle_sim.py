"""Building blocks of the vehicle-move simulation: static walls with labels, driven bodies, the track.

Every dynamic body (the moving vehicle and everything else on the table) is held by a kinematic
"control" body through a PivotJoint and a GearJoint with max_bias 0 (pymunk's top-down friction
pattern). The joints pull the body's velocity towards the control body's velocity with a finite
force, proportional to its mass: a standing character grips the ground, a moving wagon keeps
being driven, and a collision can still stop, turn or shove any of them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import pymunk

from game.physics.outline import BLOCKING, blocking_edges, tile_window
from game.terrain.terrain_map import Obstacle, TerrainMap

Point = tuple[float, float]
Facing = Literal["front", "side", "rear"]

GRIP = 60.0  # inches per turn^2: how hard a body is held to (or driven at) its intended velocity
TURN_GRIP = 30.0  # radians per turn^2: the same for its spin (it holds, never restores, its heading)
EDGE_DEPTH = 1.0  # the table edges are segments this thick just outside the table

VEHICLE = 1  # collision types
OTHER = 2
STATIC = 3


@dataclass(frozen=True, slots=True)
class Label:
    """What a shape stands for: the id reported in a contact, the pair key, the body's kind."""

    name: str  # a body id, or "static:<what>"
    key: tuple[str, int]  # first contacts are kept once per key
    kind: str  # "character", "rider", "vehicle" or "static"


def is_wall(obs: Obstacle, narrow_ditch: float) -> bool:
    """True if a linear obstacle stops a vehicle: all of them except ditches up to `narrow_ditch` wide."""
    return not (obs.kind == "ditch" and obs.width <= narrow_ditch)


def add_statics(space: pymunk.Space, tmap: TerrainMap, cx: float, cy: float, reach: float,
                labels: dict[pymunk.Shape, Label], narrow_ditch: float) -> None:
    """Add the table edges, linear obstacles (but ditches up to `narrow_ditch` wide) and blocking tile
    outlines within reach of (cx, cy)."""
    static = space.static_body
    shapes: list[pymunk.Shape] = []
    w, h, d = float(tmap.width), float(tmap.height), EDGE_DEPTH
    sides = (((-d, -d), (w + d, -d)), ((w + d, -d), (w + d, h + d)),
             ((w + d, h + d), (-d, h + d)), ((-d, h + d), (-d, -d)))
    for i, (a, b) in enumerate(sides):
        shape = pymunk.Segment(static, a, b, d)
        labels[shape] = Label("static:table-edge", ("edge", i), "static")
        shapes.append(shape)
    lox, loy, hix, hiy = cx - reach, cy - reach, cx + reach, cy + reach
    for i, obs in enumerate(tmap.obstacles):
        if not is_wall(obs, narrow_ditch):
            continue
        half = obs.width / 2.0
        label = Label(f"static:{obs.kind}:{obs.name}", ("obstacle", i), "static")
        for (x1, y1), (x2, y2) in obs.segments():
            if min(x1, x2) - half > hix or max(x1, x2) + half < lox:
                continue
            if min(y1, y2) - half > hiy or max(y1, y2) + half < loy:
                continue
            shape = pymunk.Segment(static, (x1, y1), (x2, y2), half)
            labels[shape] = label
            shapes.append(shape)
    window = tile_window(tmap, cx, cy, reach)
    regions = _regions(tmap, window)
    for a, b in blocking_edges(tmap, window):
        tile = _blocked_tile(tmap, a, b)
        edge = pymunk.Segment(static, a, b, 0.0)
        labels[edge] = Label(f"static:{tmap.tiles[tile[1] * tmap.width + tile[0]]}",
                             ("tiles", regions.get(tile, -1)), "static")
        shapes.append(edge)
    for piece in shapes:
        piece.collision_type = STATIC
    space.add(*shapes)


def _blocked_tile(tmap: TerrainMap, a: Point, b: Point) -> tuple[int, int]:
    """The blocking tile on one side of the first tile length of an outline edge."""
    x, y = int(a[0]), int(a[1])
    if a[0] == b[0]:  # vertical edge at x: tiles (x - 1, y) and (x, y)
        left = (x - 1, min(y, int(b[1])))
        right = (x, left[1])
        return left if tmap.tiles[left[1] * tmap.width + left[0]] in BLOCKING else right
    top = (min(x, int(b[0])), y - 1)
    below = (top[0], y)
    return top if tmap.tiles[top[1] * tmap.width + top[0]] in BLOCKING else below


def _regions(tmap: TerrainMap, window: tuple[int, int, int, int]) -> dict[tuple[int, int], int]:
    """Connected regions of blocking tiles in the window (4-neighbour), numbered in reading order."""
    x0, y0, x1, y1 = window
    w, tiles = tmap.width, tmap.tiles
    blocked = {(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1) if tiles[y * w + x] in BLOCKING}
    region: dict[tuple[int, int], int] = {}
    n = -1
    for start in sorted(blocked, key=lambda t: (t[1], t[0])):
        if start in region:
            continue
        n += 1
        todo = [start]
        region[start] = n
        while todo:
            x, y = todo.pop()
            for nb in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nb in blocked and nb not in region:
                    region[nb] = n
                    todo.append(nb)
    return region


def add_driven(space: pymunk.Space, kind: str, x: float, y: float, angle: float, length: float,
               width: float, mass: float, velocity: Point) -> tuple[pymunk.Body, pymunk.Shape, pymunk.Body]:
    """A dynamic body held to `velocity` by a kinematic control body; returns body, shape, control."""
    if kind == "character":
        moment = pymunk.moment_for_circle(mass, 0.0, width / 2.0)
    else:
        moment = pymunk.moment_for_box(mass, (width, length))
    body = pymunk.Body(mass, moment)
    body.position = (x, y)
    body.angle = angle
    body.velocity = velocity
    shape: pymunk.Shape
    if kind == "character":
        shape = pymunk.Circle(body, width / 2.0)
    else:
        shape = pymunk.Poly.create_box(body, (width, length))  # local -y is the front
    shape.friction = 0.0
    shape.elasticity = 0.0
    control = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    control.position = (x, y)
    control.velocity = velocity
    pivot = pymunk.PivotJoint(control, body, (0.0, 0.0), (0.0, 0.0))
    pivot.max_bias = 0.0
    pivot.max_force = mass * GRIP
    gear = pymunk.GearJoint(control, body, 0.0, 1.0)
    gear.max_bias = 0.0
    gear.max_force = moment * TURN_GRIP
    space.add(body, shape, control, pivot, gear)
    return body, shape, control


def to_local(px: float, py: float, body: pymunk.Body) -> Point:
    """A world point in a body's frame: (across to its right, forward)."""
    dx, dy = px - body.position.x, py - body.position.y
    c, s = math.cos(body.angle), math.sin(body.angle)
    return dx * c + dy * s, dx * s - dy * c


def facing(body: pymunk.Body, length: float, width: float, point: Point, outward: Point) -> Facing:
    """Which face of a box body a contact is on: by the point, and by the normal at a corner."""
    right, fwd = to_local(point[0], point[1], body)
    f, r = fwd / (length / 2.0), right / (width / 2.0)
    if abs(abs(f) - abs(r)) < 1e-6:  # on a diagonal (a corner): the outward normal decides
        c, s = math.cos(body.angle), math.sin(body.angle)
        r = outward[0] * c + outward[1] * s
        f = outward[0] * s - outward[1] * c
    if abs(f) >= abs(r):
        return "front" if f > 0.0 else "rear"
    return "side"


def round4(v: float) -> float:
    """A float rounded to 1e-4, with -0.0 made 0.0."""
    return round(v, 4) + 0.0


class Track:
    """The vehicle's centre and heading each step, keeping the points where either changes."""

    __slots__ = ("path", "headings", "tail", "tail_heading", "ux", "uy")

    def __init__(self, x: float, y: float, heading: float) -> None:
        self.path: list[Point] = [(x, y)]
        self.headings: list[float] = [heading]
        self.tail: Point = (x, y)
        self.tail_heading = heading
        self.ux = 0.0
        self.uy = 0.0

    def add(self, x: float, y: float, heading: float, keep: bool = False) -> None:
        """Record a pose; keep=True makes it a vertex whatever the course (e.g. at a contact)."""
        tx, ty = self.tail
        ex, ey = x - tx, y - ty
        n = math.hypot(ex, ey)
        if n > 1e-9:
            ex, ey = ex / n, ey / n
            if self.ux == 0.0 and self.uy == 0.0:
                self.ux, self.uy = ex, ey
            elif abs(self.ux * ey - self.uy * ex) > 0.0087 or self.ux * ex + self.uy * ey < 0.0:
                self._vertex()
                self.ux, self.uy = ex, ey
        if abs(heading - self.headings[-1]) > 0.5:
            self._vertex()
        self.tail, self.tail_heading = (x, y), heading
        if keep:
            self._vertex()

    def _vertex(self) -> None:
        """Make the tail a vertex."""
        if self.tail != self.path[-1] or self.tail_heading != self.headings[-1]:
            self.path.append(self.tail)
            self.headings.append(self.tail_heading)

    def result(self) -> tuple[list[Point], list[float]]:
        """Vertices and the final pose, rounded, with consecutive duplicates merged."""
        self._vertex()
        path: list[Point] = []
        headings: list[float] = []
        for (x, y), hd in zip(self.path, self.headings, strict=True):
            p, h = (round4(x), round4(y)), round4(hd % 360.0) % 360.0
            if path and path[-1] == p and headings[-1] == h:
                continue
            path.append(p)
            headings.append(h)
        return path, headings
