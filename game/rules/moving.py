"""Carrying out movement (effects): finishing a move, partial moves, forced dashes and a rider's
ride with its Jump tests on the way (RULES-BRIEF §4, §9.3)."""

from __future__ import annotations

import math

from game.rules.context import Act, Table
from game.rules.events import Moved
from game.rules.movement import back_off, blocking_enemy, leg_facing, position_problem, walk
from game.rules.paths import MovePlan
from game.rules.state import Model
from game.rules.steeds import jump_test
from game.terrain.geometry import obstacle_crossings
from game.terrain.terrain_map import Obstacle

Point = tuple[float, float]


def finish_move(act: Act, m: Model, points: list[Point], end: Point, cost: float,
                reason: str = "move") -> None:
    """Put the model at `end` and record the path it took to get there."""
    path = _path_to(points, end)
    if end != points[0]:
        dx, dy = end[0] - path[-2][0], end[1] - path[-2][1]
        if dx or dy:
            m.facing = math.degrees(math.atan2(dx, -dy)) % 360.0
    m.x, m.y = end
    m.moved_distance += cost
    act.emit(Moved(model=m.id, path=path, cost=round(cost, 3), reason=reason))


def _path_to(points: list[Point], end: Point) -> list[Point]:
    """The prefix of a polyline up to a point lying on it."""
    out = [points[0]]
    for a, b in zip(points, points[1:], strict=False):
        cross = (b[0] - a[0]) * (end[1] - a[1]) - (b[1] - a[1]) * (end[0] - a[0])
        within = (min(a[0], b[0]) - 1e-6 <= end[0] <= max(a[0], b[0]) + 1e-6
                  and min(a[1], b[1]) - 1e-6 <= end[1] <= max(a[1], b[1]) + 1e-6)
        if abs(cross) < 1e-6 and within:
            out.append(end)
            return out
        out.append(b)
    out[-1] = end
    return out


def partial_move(act: Act, plan: MovePlan, budget: float, stop_before: frozenset[str]) -> None:
    """Move as far along the planned path as a budget allows, stopping short of features."""
    m = plan.model
    route = walk(act.table, plan.points, m.steed is not None, budget, stop_before)
    end = back_off(act.table, act.state, m, plan.points, route.end)
    finish_move(act, m, plan.points, end, min(route.cost, budget))


def dash(act: Act, m: Model, target: Point, move: float, stops: frozenset[str], reason: str,
         stop_at_enemy: bool = False) -> None:
    """A forced move on foot straight at a point (fleeing, evading): up to `move` inches, short of
    the features in `stops`, to the furthest legal spot; with `stop_at_enemy`, not at all if an
    enemy base is in the way."""
    start = (m.x, m.y)
    route = walk(act.table, [start, target], False, move, stops)
    points = [start, route.end]
    blocked = stop_at_enemy and blocking_enemy(act.table, act.state, m, points) is not None
    end = start if blocked else route.end
    end = back_off(act.table, act.state, m, points, end)
    if end != start:
        m.x, m.y = end
        act.emit(Moved(model=m.id, path=[start, end], cost=route.cost, reason=reason))


NUDGE = 1e-3


def first_low_crossing(table: Table, points: list[Point]) -> tuple[int, Point, Obstacle] | None:
    """The first low obstacle a path crosses: (leg index, crossing point, obstacle)."""
    for i, (a, b) in enumerate(zip(points, points[1:], strict=False)):
        for dist, obs in obstacle_crossings(table.terrain, a, b):
            if not obs.tall and dist > NUDGE:
                length = math.hypot(b[0] - a[0], b[1] - a[1])
                t = dist / length
                return i, (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), obs
    return None


def ride(act: Act, m: Model, points: list[Point], budget: float,
         stop_before: frozenset[str] = frozenset()) -> bool:
    """Ride along a path, taking a Jump test at each low obstacle; an awkward landing halves the
    rest of the move and a fall ends it. Returns True if the rider is still mounted."""
    rate = 1.0
    spent = 0.0
    remaining = list(points)
    while True:
        jump = first_low_crossing(act.table, remaining)
        leg_points = remaining if jump is None else [*remaining[:jump[0] + 1], jump[1]]
        route = walk(act.table, leg_points, True, (budget - spent) / rate, stop_before)
        if jump is None or not route.complete:
            _arrive(act, m, leg_points, _settle(act, m, leg_points, route.end), route.cost * rate)
            return True
        spent += route.cost * rate
        index, cross, obs = jump
        near = _settle(act, m, leg_points, _short_of(leg_points, obs, act.table.bases.radius))
        _arrive(act, m, leg_points, near, route.cost * rate)
        result = jump_test(act, m, obs, at=near)
        if result == "falls" or m.removed or m.steed is None:
            return False
        if result == "awkward":
            rate = 2.0
        b = remaining[index + 1]
        length = math.hypot(b[0] - cross[0], b[1] - cross[1]) or 1.0
        past = (cross[0] + (b[0] - cross[0]) / length * NUDGE, cross[1] + (b[1] - cross[1]) / length * NUDGE)
        remaining = [past, *remaining[index + 1:]]  # the leap itself carries it over


def _settle(act: Act, m: Model, points: list[Point], end: Point) -> Point:
    """The furthest legal stop at or before `end`; where the rider stands if there is none (after
    a leap the path starts beyond the obstacle, where there may be no room to land)."""
    spot = back_off(act.table, act.state, m, points, end)
    if position_problem(act.table, act.state, m, *spot, leg_facing(m, *points[-2:])):
        return (m.x, m.y)
    return spot


def _short_of(points: list[Point], obs: Obstacle, radius: float) -> Point:
    """The point just before the end of a path that ends on an obstacle, a base of `radius` clear of it."""
    a, b = points[-2], points[-1]
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    back = min(length, radius + obs.width / 2 + 0.05)
    return (b[0] - (b[0] - a[0]) / length * back, b[1] - (b[1] - a[1]) / length * back)


def _arrive(act: Act, m: Model, points: list[Point], end: Point, cost: float) -> None:

    if end == (m.x, m.y):
        return
    finish_move(act, m, points, end, cost)
