"""Distances between bases, contact and overlap, in inches.

Every base is a capsule: a spine segment widened by the base radius. A foot model's spine is a
point (a round base); a mounted model's spine runs fore and aft of its centre along its facing,
which makes a base as wide as a foot base and `mounted_base_length` long, with rounded ends. The
sizes come from the content's numbers, as a `Bases` held by the table (`table.bases`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.content.models import Numbers
from game.rules.state import Model
from game.terrain.geometry import point_segment_distance

Spine = tuple[float, float, float, float]
ACROSS = 3.0  # the widest gap between bases that contact reaches across an obstacle (contact.in_contact)


@dataclass(frozen=True, slots=True)
class Bases:
    """The sizes of the bases and the contact slack, and the distances between bases built on them."""

    radius: float  # half the width of every base
    half: float  # half the length of a mounted base's spine (its length less its width, halved)
    tolerance: float  # bases this far apart still touch
    diameter: float = field(init=False)  # the width of every base
    length: float = field(init=False)  # a mounted base's length: centres further apart never touch
    reach2: float = field(init=False)  # length squared, with a hair of slack, for quick rejections
    far: float = field(init=False)  # centres further apart on either axis are never in contact

    def __post_init__(self) -> None:
        object.__setattr__(self, "diameter", 2 * self.radius)
        object.__setattr__(self, "length", 2 * (self.radius + self.half))
        object.__setattr__(self, "reach2", self.length ** 2 + 1e-6)
        object.__setattr__(self, "far", self.length + ACROSS + 2 * self.tolerance)

    @staticmethod
    def of(numbers: Numbers) -> Bases:
        """The bases of a content's numbers: base_diameter, mounted_base_length, contact_tolerance."""
        radius = numbers.base_diameter / 2
        return Bases(radius, (numbers.mounted_base_length - numbers.base_diameter) / 2,
                     numbers.contact_tolerance)

    def spine_at(self, x: float, y: float, facing: float, mounted: bool) -> Spine:
        """The spine of a base standing at (x, y) with a facing in degrees."""
        if not mounted:
            return (x, y, x, y)
        rad = math.radians(facing)
        half = self.half
        dx, dy = half * math.sin(rad), -half * math.cos(rad)
        return (x - dx, y - dy, x + dx, y + dy)

    def spine(self, m: Model) -> Spine:
        """The spine of a model's base where it stands."""
        return self.spine_at(m.x, m.y, m.facing, m.steed is not None)

    def spine_gap(self, s: Spine, t: Spine) -> float:
        """Gap between the edges of two bases given by their spines (negative if they overlap)."""
        return segment_distance(s, t) - self.diameter

    def edge_distance(self, a: Model, b: Model) -> float:
        """Distance between the edges of two bases (negative if they overlap)."""
        if a.steed is None and b.steed is None:
            return math.hypot(a.x - b.x, a.y - b.y) - self.diameter
        return segment_distance(self.spine(a), self.spine(b)) - self.diameter

    def edge_distance_to_point(self, m: Model, x: float, y: float) -> float:
        """Distance from a base's edge to a point (0 if the point is under the base)."""
        if m.steed is None:  # a round base: its spine is its centre
            return max(0.0, math.hypot(x - m.x, y - m.y) - self.radius)
        ax, ay, bx, by = self.spine(m)
        return max(0.0, point_segment_distance(x, y, ax, ay, bx, by)[0] - self.radius)


def _cross(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)


def segment_distance(s: Spine, t: Spine) -> float:
    """Shortest distance between two segments (either may be a point)."""
    ax, ay, bx, by = s
    cx, cy, dx, dy = t
    if (ax, ay) == (bx, by) and (cx, cy) == (dx, dy):
        return math.hypot(ax - cx, ay - cy)
    d1, d2 = _cross(ax, ay, bx, by, cx, cy), _cross(ax, ay, bx, by, dx, dy)
    d3, d4 = _cross(cx, cy, dx, dy, ax, ay), _cross(cx, cy, dx, dy, bx, by)
    if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and d1 and d2 and d3 and d4:
        return 0.0
    return min(point_segment_distance(ax, ay, cx, cy, dx, dy)[0],
               point_segment_distance(bx, by, cx, cy, dx, dy)[0],
               point_segment_distance(cx, cy, ax, ay, bx, by)[0],
               point_segment_distance(dx, dy, ax, ay, bx, by)[0])


def heading(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Compass bearing in degrees from a to b (0 = up the table, clockwise)."""
    return math.degrees(math.atan2(b[0] - a[0], -(b[1] - a[1]))) % 360.0


def bearing_point(x: float, y: float, bearing_deg: float, dist: float) -> tuple[float, float]:
    """The point `dist` inches from (x, y) on a compass bearing (0 = up the table, clockwise)."""
    rad = math.radians(bearing_deg)
    return x + dist * math.sin(rad), y - dist * math.cos(rad)



def local_frame(cx: float, cy: float, heading: float, px: float, py: float) -> tuple[float, float]:
    """A point in the frame of something at (cx, cy) facing `heading` (compass degrees): how far it
    is ahead (along the heading) and to the right (across it)."""
    rad = math.radians(heading)
    fx, fy = math.sin(rad), -math.cos(rad)
    dx, dy = px - cx, py - cy
    return dx * fx + dy * fy, dx * -fy + dy * fx


def box_distance(cx: float, cy: float, heading: float, length: float, width: float,
                 px: float, py: float) -> float:
    """Distance from a point to a box (a vehicle's footprint) centred at (cx, cy), 0 inside it.

    `length` runs along the compass heading (degrees, 0 = up the table), `width` across it.
    """
    along, across = local_frame(cx, cy, heading, px, py)
    ox = max(0.0, abs(along) - length / 2.0)
    oy = max(0.0, abs(across) - width / 2.0)
    return math.hypot(ox, oy)


def segment_box_entry(a: tuple[float, float], b: tuple[float, float], cx: float, cy: float,
                      heading: float, length: float, width: float) -> float | None:
    """Where the segment a->b first enters a box (a vehicle's footprint): t in [0, 1], or None."""
    u0, v0 = local_frame(cx, cy, heading, *a)
    u1, v1 = local_frame(cx, cy, heading, *b)
    lo, hi = 0.0, 1.0
    for start, delta, half in ((u0, u1 - u0, length / 2), (v0, v1 - v0, width / 2)):
        if abs(delta) < 1e-12:
            if abs(start) > half:
                return None
            continue
        t1, t2 = (-half - start) / delta, (half - start) / delta
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
        if lo > hi:
            return None
    return lo
