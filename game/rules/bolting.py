"""Horse Bolts (§9.10): a d12 clock direction, a simulated run, Jump tests, and keeping the seat."""

from __future__ import annotations

import math

from game.physics.bolt import BoltBody, BoltResult, bearing_vector, simulate_bolt
from game.rules import movement, steeds
from game.rules.context import Act
from game.rules.events import HorseBolted
from game.rules.geometry import BASE_RADIUS, spine
from game.rules.state import Model
from game.terrain.geometry import obstacle_crossings
from game.terrain.terrain_map import Obstacle, TerrainMap

Point = tuple[float, float]
EDGE_INSET = 0.5  # a rider thrown at the table edge lands this far inside it
CLEARANCE = 0.05  # gap kept from an obstacle a thrown rider lands beside


def horse_bolts(act: Act, m: Model, by_side: str = "") -> HorseBolted:
    """The steed runs its full Move on a d12 clock bearing; then Jump tests and the seat test.

    `by_side` is the side that caused the bolt, for the Valour of any wounds from a fall.
    The HorseBolted event (with the simulated path) goes before the events of its consequences.
    """
    steed = steeds.steed_of(act, m)
    roll = act.dice.roll(f"Bolt direction (clock), {m.name}'s {steed.name}: 12 is up the table",
                         12, "", m.id)
    bearing = float((roll % 12) * 30)
    result = simulate_bolt(act.table.terrain, (m.x, m.y), bearing, steed.move, bodies(act, m))
    mark = len(act.events)
    m.facing = bearing
    if m.riderless:
        event = _riderless_run(act, m, bearing, result)
    else:
        event = _ridden_run(act, m, bearing, result, by_side)
    act.events.insert(mark, event)
    return event


def bodies(act: Act, m: Model) -> list[BoltBody]:
    """The other models as circles the bolting horse bumps into (a mounted base is two)."""
    out: list[BoltBody] = []
    for o in act.state.models:
        if o is m or o.removed or o.aboard:
            continue
        ax, ay, bx, by = spine(o)
        out.append(BoltBody(ax, ay, BASE_RADIUS))
        if (ax, ay) != (bx, by):
            out.append(BoltBody(bx, by, BASE_RADIUS))
    for v in act.state.vehicles:  # a cart or wagon: a row of circles as wide as it is
        if v.removed:
            continue
        prof = act.table.content.vehicles[v.profile]
        fx, fy = bearing_vector(v.heading)
        n = max(1, math.ceil(prof.length / prof.width))
        for i in range(n):
            a = -prof.length / 2 + prof.width / 2 + i * (prof.length - prof.width) / max(1, n - 1)
            out.append(BoltBody(v.x + fx * a, v.y + fy * a, prof.width / 2))
    return out


def _ridden_run(act: Act, m: Model, bearing: float, result: BoltResult, by_side: str
                ) -> HorseBolted:
    """Jump tests on the way, the table edge, then the keep-seat test at the end."""
    tmap = act.table.terrain
    path: list[Point] = [(float(x), float(y)) for x, y in result.path]
    jumped: list[str] = []
    done = 0.0  # distance along the path of the last jump
    for i, name in enumerate(result.jumps):
        obs = find_obstacle(tmap, name)
        if obs is None:
            continue
        jumped.append(name)
        if i < len(result.jump_at):
            done = result.jump_at[i]
            where = point_at(path, done)
        else:
            where, done = crossing(tmap, path, obs, done)
        if steeds.jump_test(act, m, obs, at=landing(path, where, obs)) == "falls":
            return _event(m, bearing, cut_path(path, where), jumped, False, False)
    if result.left_table:
        exit_point = result.exit_point if result.exit_point is not None else path[-1]
        steeds.thrown_rider(act, m, 0, by_side, at=inside(tmap, exit_point))
        return _event(m, bearing, path, jumped, True, False)
    end = movement.back_off(act.table, act.state, m, path, (float(result.end[0]),
                                                            float(result.end[1])))
    path = cut_path(path, end)
    m.x, m.y = end
    if len(path) >= 2:
        m.facing = movement.leg_facing(m, path[-2], path[-1])
    kept = keep_seat(act, m)
    if not kept:
        steeds.thrown_rider(act, m, 0, by_side)
    return _event(m, bearing, path, jumped, False, kept)


def _riderless_run(act: Act, m: Model, bearing: float, result: BoltResult) -> HorseBolted:
    """A riderless steed ("steeds stay") just runs; off the table it is gone."""
    path: list[Point] = [(float(x), float(y)) for x, y in result.path]
    if result.left_table:
        m.removed = "fled"
        return _event(m, bearing, path, list(result.jumps), True, False)
    end = movement.back_off(act.table, act.state, m, path, (float(result.end[0]),
                                                            float(result.end[1])))
    m.x, m.y = end
    return _event(m, bearing, cut_path(path, end), list(result.jumps), False, False)


def _event(m: Model, bearing: float, path: list[Point], jumps: list[str], left: bool,
           kept: bool) -> HorseBolted:
    return HorseBolted(model=m.id, bearing=bearing, path=path, jumps=jumps, left_table=left,
                       kept_seat=kept)


def keep_seat(act: Act, m: Model) -> bool:
    """One d6 per Prowess (Retainers one): any 4+ keeps the seat and regains control."""
    n = steeds.rider_dice(act, m)
    on = steeds.KEEP_SEAT_ON
    rolls = [act.d6(f"Keep the seat, {m.name}: any {on}+ on {n} d6 keeps it", f"{on}+", m.id)
             for _ in range(n)]
    return any(r >= on for r in rolls)


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
        d = min(_seg_dist(p, s) for s in obs.segments())
        if run >= after and d < best_d:
            best, best_d, best_run = p, d, run
    return best, best_run


def _seg_dist(p: Point, seg: tuple[Point, Point]) -> float:
    (ax, ay), (bx, by) = seg
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


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
        d = _seg_dist(end, (a, b))
        if d < best_d - 1e-12:
            best_i, best_d = i, d
    out = path[: best_i + 1]
    if out[-1] != end:
        out.append(end)
    return out


def landing(path: list[Point], where: Point, obs: Obstacle) -> Point:
    """Where a rider who falls at an obstacle lands: just short of it, on the near side."""
    prev = path[0]
    for a, b in zip(path, path[1:], strict=False):
        if _seg_dist(where, (a, b)) < 1e-6:
            prev = a
            break
    gap = BASE_RADIUS + obs.width / 2 + CLEARANCE
    return along(where, prev, gap)


def inside(tmap: TerrainMap, p: Point) -> Point:
    """A point pulled EDGE_INSET inches inside the table."""
    x = min(max(p[0], EDGE_INSET), tmap.width - EDGE_INSET)
    y = min(max(p[1], EDGE_INSET), tmap.height - EDGE_INSET)
    return (x, y)
