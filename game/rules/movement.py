"""Free movement in inches over the terrain: costs, Hard Going, obstacles and legal positions."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.rules.context import Rejected, Table
from game.rules.geometry import heading, segment_distance
from game.rules.state import GameState, Model
from game.rules.vehicles import overlapped_vehicle
from game.terrain.geometry import obstacle_crossings, obstacle_near, terrain_runs
from game.terrain.terrain_map import HARD_GOING, Obstacle

Point = tuple[float, float]
BACKOFF = 0.05  # clearance kept from a feature the model stops short of
BACKOFF_STEP = 0.25  # the steps in which back_off looks for a legal stop
BACKOFF_COARSE = 4  # back_off first looks in strides of this many steps
INF = float("inf")
WALK_CACHE_SIZE = 20_000  # walks remembered per table before the memory is cleared


@dataclass(slots=True)
class Walk:
    """The result of walking a path: where it ends, what it cost and what it crossed."""

    end: Point
    cost: float
    complete: bool
    features: set[str] = field(default_factory=set)  # "hard", "river", "low", "tall", ...
    crossed: list[Obstacle] = field(default_factory=list)  # obstacles crossed, in order
    stopped_by: str = ""


def tile_feature(kind: str, mounted: bool) -> tuple[float, str]:
    """Cost factor and feature name of a terrain kind for a foot or mounted model."""
    if kind in HARD_GOING:
        return 2.0, "hard"
    if kind == "river":
        return 2.0, "river"
    if kind == "impassable":
        return INF, "impassable"
    if kind == "building" and mounted:
        return INF, "building"
    return 1.0, ""


def _along(a: Point, b: Point, d: float) -> Point:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0.0:
        return a
    t = max(0.0, min(d, length)) / length
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def walk(
    table: Table,
    points: list[Point],
    mounted: bool,
    budget: float = INF,
    stop_before: frozenset[str] = frozenset(),
) -> Walk:
    """Walk a polyline; stop when the budget runs out or before a feature in `stop_before`.

    Walks are remembered on the table (they depend on the terrain alone), so the result is shared:
    callers must not change it."""
    key = (tuple(points), mounted, budget, stop_before)
    known = table.walks.get(key)
    if known is not None:
        return known  # type: ignore[return-value]
    if len(table.walks) >= WALK_CACHE_SIZE:
        table.walks.clear()
    result = _walk(table, points, mounted, budget, stop_before)
    table.walks[key] = result
    return result


def _segment(table: Table, a: Point, b: Point) -> tuple[list[tuple[float, Obstacle]],
                                                        list[tuple[str, float, float]]]:
    """The obstacle crossings and terrain runs of one leg, remembered with the walks (walks with
    other budgets or stops along the same leg ask them again)."""
    key = ("leg", a, b)
    known = table.walks.get(key)
    if known is None:
        tmap = table.terrain
        known = table.walks[key] = (obstacle_crossings(tmap, a, b), terrain_runs(tmap, a, b))
    return known  # type: ignore[return-value]


def _walk(table: Table, points: list[Point], mounted: bool, budget: float,
          stop_before: frozenset[str]) -> Walk:
    hard_factor = table.numbers.hard_going_factor
    obstacle_cost = table.numbers.obstacle_cost
    cost = 0.0
    result = Walk(end=points[0], cost=0.0, complete=True)
    for a, b in zip(points, points[1:], strict=False):
        crossings, runs = _segment(table, a, b)
        xi = 0
        for kind, start, end in runs:
            factor, feature = tile_feature(kind, mounted)
            if feature == "hard":
                factor = hard_factor
            if feature in stop_before or (factor == INF and budget != INF):
                return _stop(result, a, b, start - table.bases.radius - BACKOFF, cost, feature)
            if feature:
                result.features.add(feature)
            pos = start
            while xi < len(crossings) and crossings[xi][0] < end:
                dist, obs = crossings[xi]
                step = (dist - pos) * factor
                if cost + step > budget:
                    return _stop(result, a, b, pos + (budget - cost) / factor, budget, "budget")
                cost += step
                pos = dist
                ofeature = "tall" if obs.tall else "low"
                clearance = table.bases.radius + obs.width / 2 + BACKOFF
                crossing_cost = 0.0 if mounted else obstacle_cost  # riders jump as part of the move
                if ofeature in stop_before or cost + crossing_cost > budget:
                    return _stop(result, a, b, dist - clearance, cost, ofeature)
                cost += crossing_cost
                result.features.add(ofeature)
                result.crossed.append(obs)
                xi += 1
            step = (end - pos) * factor
            if cost + step > budget:
                return _stop(result, a, b, pos + (budget - cost) / factor, budget, "budget")
            cost += step
    result.end = points[-1]
    result.cost = cost
    return result


def _stop(result: Walk, a: Point, b: Point, dist: float, cost: float, why: str) -> Walk:
    result.end = _along(a, b, dist)
    result.cost = cost
    result.complete = False
    result.stopped_by = why
    return result


def position_problem(table: Table, state: GameState, m: Model, x: float, y: float,
                     facing: float | None = None) -> str:
    """Why a model may not stand at (x, y) with a facing, or "" if it may."""
    memo = table.memo
    if memo is None:
        return _position_problem(table, state, m, x, y, facing)
    mounted = m.steed is not None  # a foot base is round: where it may stand is the same whatever its facing
    key = ("position", m.id, mounted, (m.facing if facing is None else facing) if mounted else 0.0, x, y)
    known = memo.get(key)
    if known is None:
        known = memo[key] = _position_problem(table, state, m, x, y, facing)
    return known  # type: ignore[return-value]


def _position_problem(table: Table, state: GameState, m: Model, x: float, y: float,
                      facing: float | None) -> str:
    tmap = table.terrain
    bases = table.bases
    r = bases.radius
    mounted = m.steed is not None
    sp = bases.spine_at(x, y, m.facing if facing is None else facing, mounted)
    ends = ((sp[0], sp[1]), (sp[2], sp[3])) if mounted else ((x, y),)
    e = r * 0.999  # sample just inside the rim, so a base may touch a tile edge
    width, tiles = tmap.width, tmap.tiles
    for ex, ey in ends:
        if not (r - 1e-9 <= ex <= width - r + 1e-9 and r - 1e-9 <= ey <= tmap.height - r + 1e-9):
            return "the base would be off the table"
        # the base's centre and four points of its rim, all on the table (kind_at, inlined)
        for px, py in ((ex, ey), (ex - e, ey), (ex + e, ey), (ex, ey - e), (ex, ey + e)):
            kind = tiles[int(py) * width + int(px)]
            if kind == "impassable" or (kind == "building" and mounted):
                return f"the base would stand on {kind} ground"
    if tmap.kind_at(x, y) == "river":
        return "a model may not end its move in a deep river"
    reach2 = bases.reach2
    apart = bases.length + 1e-3  # centres further apart on either axis are surely reach2 apart
    for other in state.models:
        dx = other.x - x
        dy = other.y - y
        if dx > apart or dx < -apart or dy > apart or dy < -apart:
            continue
        d2 = dx ** 2 + dy ** 2
        if d2 >= reach2 or other is m or other.removed or other.aboard:  # far apart, itself, or gone
            continue
        if not mounted and other.steed is None:
            if d2 < (2 * r - 1e-6) ** 2:
                return f"the base would overlap {other.name}"
        elif bases.spine_gap(sp, bases.spine(other)) < -1e-6:
            return f"the base would overlap {other.name}"
    for point in ends if mounted else ((x, y),):
        obs = obstacle_near(tmap, point, r - 1e-6)
        if obs is not None:
            return f"the base would stand on the {obs.kind} ({obs.name})"
    if state.vehicles:

        v = overlapped_vehicle(table, state, m, x, y, facing)
        if v is not None:
            return f"the base would overlap the {v.name}"
    return ""


def blocking_enemy(table: Table, state: GameState, m: Model, points: list[Point]) -> Model | None:
    """An enemy whose base the path passes through, if any."""
    bases = table.bases
    limit = bases.diameter - 1e-6
    reach = bases.length
    legs = [(a, b, min(a[0], b[0]) - reach, max(a[0], b[0]) + reach, min(a[1], b[1]) - reach,
             max(a[1], b[1]) + reach) for a, b in zip(points, points[1:], strict=False)]
    for other in state.models:
        if other.removed or other.side == m.side or other.aboard:
            continue
        osp = None
        for a, b, x0, x1, y0, y1 in legs:
            if not (x0 <= other.x <= x1 and y0 <= other.y <= y1):
                continue
            osp = osp or bases.spine(other)
            if segment_distance((a[0], a[1], b[0], b[1]), osp) < limit:
                return other
    return None


def leg_facing(m: Model, a: Point, b: Point) -> float:
    """The facing a model takes moving from a to b (its old facing if it does not move)."""
    return heading(a, b) if a != b else m.facing


def back_off(table: Table, state: GameState, m: Model, points: list[Point], end: Point) -> Point:
    """The furthest legal position at or before `end` along the path (the start if none)."""
    memo = table.memo
    if memo is None:
        return _back_off(table, state, m, points, end)
    key = ("back_off", m.id, tuple(points), end)
    known = memo.get(key)
    if known is None:
        known = memo[key] = _back_off(table, state, m, points, end)
    return known  # type: ignore[return-value]


def _back_off(table: Table, state: GameState, m: Model, points: list[Point], end: Point) -> Point:
    start = points[0]
    legs = list(zip(points, points[1:], strict=False))
    last = legs[-1] if legs else (start, start)
    if not position_problem(table, state, m, *end, leg_facing(m, *last)):
        return end
    px, py = end
    # walk backwards from `end` towards the start leg by leg: an inch at a time, then a quarter
    # inch at a time over the last inch before the first legal spot
    for idx in range(len(legs) - 1, -1, -1):
        a, b = legs[idx]
        face = leg_facing(m, a, b)
        da = math.hypot(px - a[0], py - a[1])
        steps = int(da / BACKOFF_STEP)
        coarse = BACKOFF_COARSE
        for k in range(coarse, steps + coarse, coarse):
            i = min(k, steps)
            q = _along(a, (px, py), da - i * BACKOFF_STEP)
            if position_problem(table, state, m, *q, face):
                continue
            for j in range(max(1, k - coarse + 1), i):
                fine = _along(a, (px, py), da - j * BACKOFF_STEP)
                if not position_problem(table, state, m, *fine, face):
                    return fine
            return q
        px, py = a
        # stopped at a corner of the path, the model faces along the leg that brought it there
        arrived = leg_facing(m, *legs[idx - 1]) if idx else m.facing
        if not position_problem(table, state, m, px, py, arrived):
            return (px, py)
    return start


def check_legal_end(table: Table, state: GameState, m: Model, end: Point,
                    facing: float | None = None) -> Rejected | None:
    """A rejection if the model may not end a move at `end`."""
    problem = position_problem(table, state, m, *end, facing)
    if problem:
        return Rejected("bad_position", f"{m.name} cannot end there: {problem}.")
    return None


