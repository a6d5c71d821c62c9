"""Checking a move's path (read-only): terrain, cost, bases, jumps, charge contact, the Mounted
Charge! ground rules and Breaking Away room (RULES-BRIEF §4, §9.3-§9.6)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.rules.contact import enemies_in_contact, obstacle_between
from game.rules.context import Rejected, Table
from game.rules.geometry import bearing_point, heading
from game.rules.movement import Walk, back_off, blocking_enemy, check_legal_end, leg_facing, walk
from game.rules.state import GameState, Model
from game.rules.vehicles import blocking_vehicle
from game.terrain.geometry import obstacle_crossings, obstacle_near
from game.terrain.terrain_map import HARD_GOING, Obstacle

Point = tuple[float, float]


GAMBIT_NAMES = {"charge": "Charge!", "run": "Run!", "climb": "Climb",
                "river_crossing": "River Crossing", "mounted_charge": "Mounted Charge!",
                "counter_charge": "Counter Charge", "mounted_evasion": "Mounted Evasion"}


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


def run_reach(table: Table, m: Model) -> float:
    """The most inches a Run! may add: the Run! die at its best, and Fleet of Foot's inches."""
    fleet = table.skill("fleet_of_foot").inches if table.has_skill(m, "fleet_of_foot") else 0.0
    return table.numbers.run_bonus_die + fleet


def plan_path(
    table: Table, state: GameState, m: Model, points: list[Point], gambit: str | None
) -> MovePlan | Rejected:
    """Check the path itself for a model that may move (terrain, cost, bases, charge contact)."""
    route = walk(table, points, m.steed is not None)
    allowance = base_allowance(table, m)
    bad = _check_route(table, m, route, allowance, gambit)
    if bad:
        return bad
    enemy = blocking_enemy(table, state, m, points)
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

        bad = check_mounted_charge(table, m, points, "hard" in route.features)
        if bad:
            return bad
    return MovePlan(m, points, route, allowance, gambit, target)


def _check_jumps(table: Table, state: GameState, m: Model, points: list[Point]) -> Rejected | None:
    """A rider may jump only undefended low obstacles no wider than max_jump_width."""
    widest = table.numbers.max_jump_width
    for a, b in zip(points, points[1:], strict=False):
        length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
        for dist, obs in obstacle_crossings(table.terrain, a, b):
            if obs.tall:
                return Rejected("too_tall", f"The {obs.name} is taller than Character Height: "
                                            "a rider must go round it.")
            if obs.width > widest + 1e-9:
                return Rejected("too_wide", f"The {obs.name} is {obs.width:g}\" wide; a rider may jump "
                                            f"at most {widest:g}\".")
            at = (a[0] + (b[0] - a[0]) * dist / length, a[1] + (b[1] - a[1]) * dist / length)
            defender = obstacle_defender(table, state, m, obs, at)
            if defender is not None:
                return Rejected("defended", f"{defender.name} defends the {obs.name}: a rider cannot "
                                            "jump a defended obstacle.")
    return None


def obstacle_defender(table: Table, state: GameState, m: Model, obs: Obstacle,
                      at: Point) -> Model | None:
    """An enemy on foot standing against this obstacle near where it is crossed (defended_obstacle_reach)."""
    reach = table.numbers.defended_obstacle_reach
    for other in state.models:
        if other.removed or other.side == m.side or other.steed is not None or other.aboard:
            continue
        if math.hypot(other.x - at[0], other.y - at[1]) > reach + obs.width / 2:
            continue
        if obstacle_near(table.terrain, (other.x, other.y), table.bases.radius + 0.2) is obs:
            return other
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
        limit += table.numbers.mounted_charge_reach
    elif gambit == "run":
        limit += run_reach(table, m)
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


def in_hard_going(table: Table, m: Model) -> bool:
    """True if the model's base centre stands in Hard Going."""
    return table.terrain.kind_at(m.x, m.y) in HARD_GOING


def bonus_denied(table: Table, rider: Model, target: Model) -> str:
    """Why a rider gets no Mounted Charge! bonus against this target, or ""."""
    if in_hard_going(table, rider):
        return "the rider is in Hard Going"
    if in_hard_going(table, target):
        return f"{target.name} is in Hard Going"
    if target.steed is None and obstacle_between(table, rider, target) is not None:
        return f"{target.name} defends an obstacle"
    return ""


def check_mounted_charge(table: Table, m: Model, points: list[Point], hard: bool) -> Rejected | None:
    """A Mounted Charge! needs a Warhorse and may not start in, pass through or end in Hard Going."""
    if m.steed is None or not table.content.steeds[m.steed].can_charge:
        return Rejected("no_mounted_charge", f"Only a rider on a Warhorse may make a Mounted Charge! "
                                             f"({m.name} {'rides a Nag' if m.steed else 'is on foot'}).")
    if hard or table.terrain.kind_at(*points[0]) in HARD_GOING:
        return Rejected("charge_through_hard_going",
                        "A Mounted Charge! may not start in, pass through, or end in Hard Going.")
    return None


def break_away_spot(table: Table, state: GameState, m: Model) -> Point | None:
    """Where a rider ends up riding break_away_distance directly away from its opponents (None if no
    room)."""
    foes = enemies_in_contact(table, state, m)
    if not foes:
        return None
    cx = sum(f.x for f in foes) / len(foes)
    cy = sum(f.y for f in foes) / len(foes)
    dist = table.numbers.break_away_distance
    target = bearing_point(m.x, m.y, heading((cx, cy), (m.x, m.y)), dist)
    route = walk(table, [(m.x, m.y), target], True, dist * 2, frozenset({"tall", "low", "river"}))
    end = back_off(table, state, m, [(m.x, m.y), target], route.end)
    return None if end == (m.x, m.y) else end


CONTACT_GAP = 0.01  # how far apart two bases stand when a move puts them in contact


def contact_points(table: Table, m: Model, enemy: Model) -> list[tuple[float, float]]:
    """Positions in base contact with an enemy, facing it, on the side towards the mover."""
    bases = table.bases
    base = math.atan2(m.y - enemy.y, m.x - enemy.x)
    reach = bases.diameter + CONTACT_GAP  # spine to spine when the bases are CONTACT_GAP apart
    own = bases.half if m.steed is not None else 0.0
    other = bases.half if enemy.steed is not None else 0.0
    rad = math.radians(enemy.facing)
    wx, wy = math.sin(rad), -math.cos(rad)  # along the enemy's spine
    out = []
    for turn in (0.0, 0.6, -0.6):
        ux, uy = math.cos(base + turn), math.sin(base + turn)
        out.append((enemy.x + ux * (own + _exit(ux * wx + uy * wy, other, reach)),
                    enemy.y + uy * (own + _exit(ux * wx + uy * wy, other, reach))))
    return out


def _exit(along: float, half: float, reach: float) -> float:
    """How far along a ray from the middle of a spine of half-length `half` a point gets `reach`
    away from it (the ray's cosine with the spine is `along`): the ray leaves the capsule there.
    The capsule is the union of a disc round each end and the band between them, all holding the
    middle, so the ray leaves it where it leaves the last of them."""
    if half == 0.0:
        return reach
    across = math.sqrt(max(0.0, 1.0 - along * along))
    band = min(half / abs(along) if along else math.inf, reach / across if across else math.inf)
    near = abs(along) * half  # the ray's reach towards the nearer end, as u.e
    disc = near + math.sqrt(near * near - half * half + reach * reach)
    return max(band, disc) + 1e-9
