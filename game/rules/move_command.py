"""The Move command: checks the path and carries it out, with a Movement Gambit if declared."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.rules.activation import check_active
from game.rules.commands import Move
from game.rules.contact import enemies_in_contact
from game.rules.context import Act, Rejected, Table
from game.rules.events import Moved
from game.rules.geometry import BASE_RADIUS, box_distance, point_segment_distance
from game.rules.movement import (
    Walk,
    back_off,
    blocking_enemy,
    check_legal_end,
    leg_facing,
    walk,
)
from game.rules.state import GameState, Model, Vehicle
from game.terrain.geometry import obstacle_crossings, obstacle_near
from game.terrain.terrain_map import Obstacle

Point = tuple[float, float]
MOUNTED_CHARGE_REACH = 5.0  # [R] a Mounted Charge! adds up to 5"
GAMBIT_NAMES = {"charge": "Charge!", "run": "Run!", "climb": "Climb",
                "river_crossing": "River Crossing", "mounted_charge": "Mounted Charge!",
                "counter_charge": "Counter Charge", "mounted_evasion": "Mounted Evasion"}
MAX_JUMP_WIDTH = 3.0  # [R] a rider may jump an obstacle no wider than 3"


@dataclass(slots=True)
class MovePlan:
    """A checked move: the model, its path from where it stands, and what the path needs."""

    model: Model
    points: list[Point]
    route: Walk
    allowance: float  # inches the model may spend without a gambit bonus
    gambit: str | None
    charge_target: str  # enemy id the move ends in contact with, "" if none


def base_allowance(table: Table, m: Model) -> float:
    """The model's Move in inches this activation (steed's Move when mounted, plus Perks)."""
    move = table.content.steeds[m.steed].move if m.steed else table.profile(m).move
    return move + m.extra_move


def plan_move(table: Table, state: GameState, cmd: Move) -> MovePlan | Rejected:
    """Check a Move command; a plan if it is legal, else the reason."""
    m = check_active(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    bad = check_can_move(table, state, m, cmd.gambit)
    if bad:
        return bad
    for x, y in cmd.path:
        if not (math.isfinite(x) and math.isfinite(y)):
            return Rejected("bad_point", "Waypoints must be finite numbers of inches.")
    return plan_path(table, state, m, [(m.x, m.y), *cmd.path], cmd.gambit)


def plan_path(
    table: Table, state: GameState, m: Model, points: list[Point], gambit: str | None
) -> MovePlan | Rejected:
    """Check the path itself for a model that may move (terrain, cost, bases, charge contact)."""
    route = walk(table, points, m.steed is not None)
    allowance = base_allowance(table, m)
    bad = _check_route(table, m, route, allowance, gambit)
    if bad:
        return bad
    enemy = blocking_enemy(state, m, points)
    if enemy is not None:
        return Rejected("blocked_by_model", f"The path runs through {enemy.name}'s base.")
    cart = blocking_vehicle(table, state, points)
    if cart is not None:
        return Rejected("blocked_by_vehicle", f"The path runs through the {cart.name}.")
    end = points[-1]
    facing = leg_facing(m, points[-2], end)
    bad = check_legal_end(table, state, m, end, facing)
    if bad:
        return bad
    if m.steed is not None:
        bad = _check_jumps(table, state, m, points)
        if bad:
            return bad
    target = _contact_target(table, state, m, end, facing)
    if gambit in ("charge", "mounted_charge") and not target:
        name = GAMBIT_NAMES[gambit]
        return Rejected("charge_needs_contact", f"A {name} must end in base contact with an enemy.")
    if gambit == "mounted_charge":
        from game.rules.riding import check_mounted_charge

        bad = check_mounted_charge(table, m, points, "hard" in route.features)
        if bad:
            return bad
    return MovePlan(m, points, route, allowance, gambit, target)


def _check_jumps(table: Table, state: GameState, m: Model, points: list[Point]) -> Rejected | None:
    """A rider may jump only undefended low obstacles no wider than 3 inches."""
    for a, b in zip(points, points[1:], strict=False):
        length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
        for dist, obs in obstacle_crossings(table.terrain, a, b):
            if obs.tall:
                return Rejected("too_tall", f"The {obs.name} is taller than Character Height: "
                                            "a rider must go round it.")
            if obs.width > MAX_JUMP_WIDTH + 1e-9:
                return Rejected("too_wide", f"The {obs.name} is {obs.width:g}\" wide; a rider may jump "
                                            f"at most {MAX_JUMP_WIDTH:g}\".")
            at = (a[0] + (b[0] - a[0]) * dist / length, a[1] + (b[1] - a[1]) * dist / length)
            defender = obstacle_defender(table, state, m, obs, at)
            if defender is not None:
                return Rejected("defended", f"{defender.name} defends the {obs.name}: a rider cannot "
                                            "jump a defended obstacle.")
    return None


def obstacle_defender(table: Table, state: GameState, m: Model, obs: Obstacle,
                      at: Point) -> Model | None:
    """An enemy on foot standing against this obstacle within an inch of where it is crossed."""
    for other in state.models:
        if other.removed or other.side == m.side or other.steed is not None or other.aboard:
            continue
        if math.hypot(other.x - at[0], other.y - at[1]) > 1.5 + obs.width / 2:
            continue
        if obstacle_near(table.terrain, (other.x, other.y), BASE_RADIUS + 0.2) is obs:
            return other
    return None


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


def check_can_move(table: Table, state: GameState, m: Model, gambit: str | None
                   ) -> Rejected | None:
    """Why the active model may not move now (or with this gambit), or None."""
    if m.aboard:
        return Rejected("aboard", f"{m.name} is aboard the {state.vehicle(m.aboard).name}; "
                                  "only its driver moves it, with a Drive.")
    if m.moved:
        return Rejected("already_moved", f"{m.name} has already moved this activation.")
    if m.feckless == "dither":
        return Rejected("dithering", f"{m.name} is Dithering and may not move this activation.")
    if enemies_in_contact(table, state, m):
        return Rejected("in_melee", f"{m.name} is in base contact with an enemy and must fight.")
    if gambit is not None and m.steed is not None and gambit not in ("river_crossing",
                                                                      "mounted_charge"):
        return Rejected("mounted_gambit", "Riders may only attempt River Crossing and Mounted Charge!.")
    if gambit == "mounted_charge" and m.steed is None:
        return Rejected("no_mounted_charge", "Only a rider on a Warhorse may make a Mounted Charge!.")
    if m.steed is not None and m.shots:
        return Rejected("shot_from_saddle", f"{m.name} has shot without moving and may not move now.")
    return None


def _check_route(
    table: Table, m: Model, route: Walk, allowance: float, gambit: str | None
) -> Rejected | None:
    feats = route.features
    if "impassable" in feats:
        return Rejected("impassable", "The path crosses impassable ground.")
    if "building" in feats:
        return Rejected("building", "Mounted models may not enter buildings.")
    if "river" in feats and gambit != "river_crossing":
        return Rejected("needs_river_crossing",
                        "The path crosses a deep river: attempt the River Crossing gambit.")
    if "tall" in feats and m.steed is not None:
        return Rejected("too_tall", "A rider may not cross an obstacle taller than Character Height.")
    if "tall" in feats and gambit != "climb":
        return Rejected("needs_climb",
                        "The path crosses an obstacle taller than Character Height: "
                        "attempt the Climb gambit.")
    if gambit == "climb" and "tall" not in feats:
        return Rejected("no_climb", "There is no tall obstacle on this path to climb.")
    if gambit == "river_crossing" and "river" not in feats:
        return Rejected("no_river", "There is no deep river on this path to cross.")
    limit = allowance
    if gambit == "charge":
        limit += table.numbers.charge_bonus
    elif gambit == "mounted_charge":
        limit += MOUNTED_CHARGE_REACH
    elif gambit == "run":
        limit += table.numbers.run_bonus_die
    if route.cost > limit + 1e-9:
        return Rejected("too_far", f"The move costs {route.cost:.1f}\" but {m.name} has "
                                   f"{limit:.1f}\" to spend.")
    return None


def _contact_target(table: Table, state: GameState, m: Model, end: Point, facing: float) -> str:
    ox, oy, of = m.x, m.y, m.facing
    m.x, m.y, m.facing = end[0], end[1], facing
    try:
        enemies = enemies_in_contact(table, state, m)
    finally:
        m.x, m.y, m.facing = ox, oy, of
    return enemies[0].id if enemies else ""


def do_move(act: Act, plan: MovePlan) -> None:
    """Carry out a planned move, rolling its gambit first."""
    from game.rules.charging import after_move, mounted_move
    from game.rules.gambits import resolve_gambit

    m = plan.model
    m.moved = True
    before = {e.id for e in enemies_in_contact(act.table, act.state, m)}
    if m.steed is not None:
        mounted_move(act, plan)
    elif plan.gambit is None:
        finish_move(act, m, plan.points, plan.route.end, plan.route.cost)
    else:
        resolve_gambit(act, plan)
    after_move(act, m, before, plan.points[0], plan.gambit == "mounted_charge")


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

