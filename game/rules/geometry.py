"""Distances between bases, contact and overlap, in inches."""

from __future__ import annotations

import math

from game.rules.state import Model

BASE_RADIUS = 0.5  # 1" round base
CONTACT_TOLERANCE = 0.1


def centre_distance(a: Model, b: Model) -> float:
    """Distance between base centres."""
    return math.hypot(a.x - b.x, a.y - b.y)


def edge_distance(a: Model, b: Model) -> float:
    """Distance between the edges of two bases (negative if they overlap)."""
    return math.hypot(a.x - b.x, a.y - b.y) - 2 * BASE_RADIUS


def edge_distance_to_point(m: Model, x: float, y: float) -> float:
    """Distance from a base's edge to a point (0 if the point is under the base)."""
    return max(0.0, math.hypot(m.x - x, m.y - y) - BASE_RADIUS)


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


def bearing_point(x: float, y: float, bearing_deg: float, dist: float) -> tuple[float, float]:
    """The point `dist` inches from (x, y) on a compass bearing (0 = up the table, clockwise)."""
    rad = math.radians(bearing_deg)
    return x + dist * math.sin(rad), y - dist * math.cos(rad)


def path_length(start: tuple[float, float], path: tuple[tuple[float, float], ...]) -> float:
    """Length of a path of waypoints from a start point."""
    total = 0.0
    px, py = start
    for x, y in path:
        total += math.hypot(x - px, y - py)
        px, py = x, y
    return total
