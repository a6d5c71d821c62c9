"""Carts and wagons (read-only queries): profiles, team and top speed, drivers, footprints, pace and
the ground a path or base would share with them (RULES-BRIEF §10)."""

from __future__ import annotations

import math

from game.content.models import VehicleProfile
from game.rules.context import Table
from game.rules.geometry import Bases, box_distance, local_frame, point_segment_distance
from game.rules.state import GameState, Model, Side, Vehicle
from game.terrain.terrain_map import HARD_GOING

Point = tuple[float, float]


EDGE_BEARING = {"north": 0.0, "east": 90.0, "south": 180.0, "west": 270.0}  # the way off each edge


def profile_of(table: Table, v: Vehicle) -> VehicleProfile:
    """A vehicle's profile."""
    return table.content.vehicles[v.profile]


def turn_between(old: float, new: float) -> float:
    """The signed turn in degrees from one heading to another, in (-180, 180]."""
    d = (new - old) % 360.0
    return d - 360.0 if d > 180.0 else d


def team_left(table: Table, v: Vehicle) -> int:
    """How many of the team still pull: each animal has its own Health (steeds.toml), and Traction
    damage falls on the team one animal after another."""
    prof = profile_of(table, v)
    per = table.content.team_steed(v.profile).health
    return max(0, prof.team.count - v.damage.get("traction", 0) // per)


def top_speed(table: Table, v: Vehicle) -> float:
    """The vehicle's top speed: its profile's, an inch less per point of Traction damage; 0 once
    it is disabled or its whole team is down."""
    if v.disabled or v.removed or team_left(table, v) == 0:
        return 0.0
    return max(0.0, profile_of(table, v).max_speed - v.damage.get("traction", 0))


def driver_of(table: Table, state: GameState, v: Vehicle) -> Model | None:
    """The model in a driver seat of the vehicle, if any."""
    prof = profile_of(table, v)
    drivers = {seat.name for seat in prof.drivers}
    for m in state.aboard(v.id):
        if m.seat in drivers:
            return m
    return None


def is_driver(table: Table, state: GameState, m: Model) -> bool:
    """True if the model sits in a driver seat of a vehicle on the table."""
    if not m.aboard:
        return False
    v = state.find_vehicle(m.aboard)
    return v is not None and any(seat.name == m.seat for seat in profile_of(table, v).drivers)


def overlapped_vehicle(table: Table, state: GameState, m: Model, x: float, y: float,
                       facing: float | None = None) -> Vehicle | None:
    """A vehicle whose footprint a base at (x, y) would overlap, if any."""
    bases = table.bases
    sx, sy, ex, ey = bases.spine_at(x, y, m.facing if facing is None else facing, m.steed is not None)
    points = ((sx, sy), (ex, ey), ((sx + ex) / 2, (sy + ey) / 2))
    for v in state.vehicles:
        if v.removed or math.hypot(v.x - x, v.y - y) > 6.0:
            continue
        prof = profile_of(table, v)
        if any(box_distance(v.x, v.y, v.heading, prof.length, prof.width, px, py) < bases.radius - 1e-6
               for px, py in points):
            return v
    return None


def spots_beside(bases: Bases, cx: float, cy: float, fx: float, fy: float, sx: float, sy: float,
                 along: float, length: float, width: float) -> list[tuple[float, float]]:
    """Candidate spots beside a vehicle: its near side first, then the far side, then fore and aft."""
    out = []
    off = width / 2.0 + bases.radius + (bases.half + 0.1)  # room for a mounted base, end on
    for k in range(8):
        d = off + 0.5 * k
        for sign in (1.0, -1.0):
            for shift in (0.0, 1.0, -1.0, 2.0, -2.0):
                a = max(-length / 2, min(length / 2, along)) + shift
                out.append((round(cx + fx * a + sx * sign * d, 4), round(cy + fy * a + sy * sign * d, 4)))
    for k in range(6):
        d = length / 2.0 + bases.radius + 1.1 + 0.5 * k
        for sign in (1.0, -1.0):
            out.append((round(cx + fx * sign * d, 4), round(cy + fy * sign * d, 4)))
    return out


def touching(table: Table, m: Model, v: Vehicle) -> bool:
    """True if the model's base touches the vehicle's footprint."""
    prof = table.content.vehicles[v.profile]
    bases = table.bases
    sx, sy, ex, ey = bases.spine(m)
    reach = bases.radius + bases.tolerance
    return any(box_distance(v.x, v.y, v.heading, prof.length, prof.width, px, py) <= reach
               for px, py in ((sx, sy), (ex, ey), ((sx + ex) / 2, (sy + ey) / 2)))


def pace(v: Vehicle) -> float:
    """Inches the vehicle moves this turn: what it moved, or its speed if it has yet to move."""
    return v.moved_distance if v.moved else v.speed


def vehicle_distance(table: Table, m: Model, v: Vehicle) -> float:
    """Inches from a model's base edge to a vehicle's footprint."""
    prof = table.content.vehicles[v.profile]
    return max(0.0, box_distance(v.x, v.y, v.heading, prof.length, prof.width, m.x, m.y) - table.bases.radius)


def from_vehicle_modifier(table: Table, state: GameState, m: Model) -> int:
    """The to-hit modifier for shooting from the vehicle a model is aboard (0 if not aboard)."""
    v = state.find_vehicle(m.aboard) if m.aboard else None
    if v is None:
        return 0
    rough = table.terrain.kind_at(v.x, v.y) in HARD_GOING
    return table.content.vehicle_rules.shooting.from_vehicle(pace(v), rough)


def blocking_vehicle(table: Table, state: GameState, points: list[Point]) -> Vehicle | None:
    """A cart or wagon the path runs through (a base centre passing inside its footprint)."""
    for v in state.vehicles:
        if v.removed:
            continue
        prof = table.content.vehicles[v.profile]
        reach = prof.length / 2 + 1.0
        for a, b in zip(points, points[1:], strict=False):
            if point_segment_distance(v.x, v.y, a[0], a[1], b[0], b[1])[0] > reach:
                continue
            steps = max(1, math.ceil(math.dist(a, b) / 0.25))
            for i in range(steps + 1):
                px, py = a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps
                if box_distance(v.x, v.y, v.heading, prof.length, prof.width, px, py) < 1e-6:
                    return v
    return None


def ahead_of_a_vehicle(table: Table, state: GameState, side: Side, x: float, y: float) -> bool:
    """True if (x, y) is within 1.6" of a vehicle, or on the ground 8" ahead of one of the side's
    (where it will drive): no model is deployed there."""
    for v in state.vehicles:
        prof = table.content.vehicles[v.profile]
        if box_distance(v.x, v.y, v.heading, prof.length, prof.width, x, y) < 1.6:
            return True
        if v.side != side:
            continue
        along, across = local_frame(v.x, v.y, v.heading, x, y)
        if 0.0 < along < prof.length / 2 + 8.0 and abs(across) < prof.width / 2 + 1.6:
            return True
    return False
