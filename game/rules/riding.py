"""Riders on the move: Jump tests on the way, Mounted Charge!, Breaking Away, Dismounting (§9.3-§9.6)."""

from __future__ import annotations

import math

from game.rules import steeds
from game.rules.activation import check_action, check_active
from game.rules.commands import BreakAway, Dismount, Remount
from game.rules.contact import enemies_in_contact, obstacle_between
from game.rules.context import Act, Rejected, Table
from game.rules.events import ChargeBonus, Dismounted, GambitRolled, Moved, Remounted
from game.rules.geometry import CONTACT_TOLERANCE, bearing_point, edge_distance, heading
from game.rules.movement import back_off, leg_facing, position_problem, walk
from game.rules.state import GameState, Model
from game.terrain.geometry import obstacle_crossings
from game.terrain.terrain_map import HARD_GOING, Obstacle

Point = tuple[float, float]
MOUNTED_CHARGE_REACH = 5.0  # [R] up to 5" into melee
BREAK_AWAY = 3.0  # [R] Breaking Away moves 3"
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
        near = _settle(act, m, leg_points, _short_of(leg_points, obs))
        _arrive(act, m, leg_points, near, route.cost * rate)
        result = steeds.jump_test(act, m, obs, at=near)
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


def _short_of(points: list[Point], obs: Obstacle) -> Point:
    """The point just before the end of a path that ends on an obstacle, clear of it."""
    a, b = points[-2], points[-1]
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    back = min(length, 0.5 + obs.width / 2 + 0.05)
    return (b[0] - (b[0] - a[0]) / length * back, b[1] - (b[1] - a[1]) / length * back)


def _arrive(act: Act, m: Model, points: list[Point], end: Point, cost: float) -> None:
    from game.rules.move_command import finish_move

    if end == (m.x, m.y):
        return
    finish_move(act, m, points, end, cost)


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


def grant_charge_bonus(act: Act, rider: Model, target: Model) -> None:
    """Give a rider who charged home the Mounted Charge! bonuses, unless the ground denies them."""
    why = bonus_denied(act.table, rider, target)
    rider.charge_bonus = not why
    act.emit(ChargeBonus(model=rider.id, active=not why, reason=why or "charged home"))


def check_mounted_charge(table: Table, m: Model, points: list[Point], hard: bool) -> Rejected | None:
    """A Mounted Charge! needs a Warhorse and may not start in, pass through or end in Hard Going."""
    if m.steed is None or not table.content.steeds[m.steed].can_charge:
        return Rejected("no_mounted_charge", f"Only a rider on a Warhorse may make a Mounted Charge! "
                                             f"({m.name} {'rides a Nag' if m.steed else 'is on foot'}).")
    if hard or table.terrain.kind_at(*points[0]) in HARD_GOING:
        return Rejected("charge_through_hard_going",
                        "A Mounted Charge! may not start in, pass through, or end in Hard Going.")
    return None


def plan_dismount(table: Table, state: GameState, cmd: Dismount) -> Model | Rejected:
    """A rider may dismount after up to half its steed's Move, or before moving at all."""
    m = check_action(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    if m.steed is None:
        return Rejected("not_mounted", f"{m.name} is not mounted.")
    half = table.content.steeds[m.steed].move / 2
    if m.moved and m.moved_distance > half + 1e-9:
        return Rejected("moved_too_far", f"{m.name} rode {m.moved_distance:.1f}\"; a rider may dismount "
                                         f"only after at most half its steed's Move ({half:g}\").")
    return m


def do_dismount(act: Act, m: Model) -> None:
    """Get down: the steed is removed (or left standing under "steeds stay"); a rider who has not
    moved may then walk half his Move."""
    m.acted = True
    steed, health = m.steed or "", m.steed_health
    steeds.lose_steed(act, m)
    left = _leave_steed(act, m, steed, health) if act.state.options.get("steeds_stay") else ""
    if not m.moved:
        m.extra_move -= act.table.profile(m).move / 2
    act.emit(Dismounted(model=m.id, steed_left=left))
    if left:
        update_horse_holders(act, m.side, m)


def _leave_steed(act: Act, m: Model, steed: str, health: int) -> str:
    """Leave the steed standing where it was, riderless; the rider steps down beside it."""
    state = act.state
    state.next_model_number += 1
    name = act.table.content.steeds[steed].name
    horse = Model(id=f"{m.id}-steed{state.next_model_number}", side=m.side, name=f"{m.name}'s {name}",
                  profile=m.profile, spear=m.spear, x=m.x, y=m.y, health=1, facing=m.facing,
                  steed=steed, steed_health=health, riderless=True, activated=True)
    state.models.append(horse)
    steeds.place_on_foot(act, m, (m.x, m.y))
    return horse.id


def update_horse_holders(act: Act, side: str, candidate: Model | None = None) -> None:
    """One dismounted model in four holds the horses while riderless steeds of its side stand."""
    state = act.state
    steeds_left = [h for h in state.models if h.riderless and not h.removed and h.side == side]
    needed = math.ceil(len(steeds_left) / 4)
    holders = [h for h in state.living(side) if h.holding]
    for extra in holders[needed:]:
        extra.holding = False
    if len(holders) < needed and candidate is not None and not candidate.removed:
        candidate.holding = True


def plan_remount(table: Table, state: GameState, cmd: Remount) -> tuple[Model, Model] | Rejected:
    """A dismounted rider may climb onto a riderless steed in base contact before moving."""
    m = check_active(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    horse = state.find(cmd.steed)
    if horse is None or horse.removed or not horse.riderless or horse.side != m.side:
        return Rejected("no_steed", "Choose a riderless steed of your own.")
    if m.steed is not None or m.moved:
        return Rejected("cannot_remount", f"{m.name} may remount only on foot, before moving.")
    if edge_distance(m, horse) > CONTACT_TOLERANCE:
        return Rejected("not_in_contact", f"{m.name} must be in base contact with {horse.name}.")
    shootist = table.profile(m).role == "shootist"
    kind = horse.steed or ""
    if shootist != (kind == "nag"):
        return Rejected("wrong_steed", f"{m.name} may not ride a {table.content.steeds[kind].name}.")
    return m, horse


def do_remount(act: Act, m: Model, horse: Model) -> None:
    """Mount up: the rider takes the steed's place, spending a third of its Move."""
    m.steed, m.steed_health = horse.steed, horse.steed_health
    m.x, m.y, m.facing = horse.x, horse.y, horse.facing
    horse.removed = "remounted"
    m.holding = False
    m.extra_move -= act.table.content.steeds[m.steed or "warhorse"].move / 3
    act.emit(Remounted(model=m.id, steed=horse.id))
    update_horse_holders(act, m.side)


def riderless_steeds_test(act: Act, card: str) -> None:
    """Riderless steeds of an activating Spear test like Feckless Retainers and bolt on any
    result but 'Aye, my lord'."""
    from game.rules.bolting import horse_bolts

    table = act.table.content.tables["feckless_normal"]
    for horse in [h for h in act.state.models if h.riderless and not h.removed and h.spear == card]:
        roll = act.d6(f"Riderless {horse.name} tests: 5+ stands, else it bolts", "5+", horse.id)
        if table.lookup(roll).result != "normal":
            horse_bolts(act, horse)


def plan_break_away(table: Table, state: GameState, cmd: BreakAway) -> tuple[Model, Point] | Rejected:
    """A rider in melee may ride 3 inches directly away from its opponents instead of moving."""
    m = check_active(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    if m.steed is None:
        return Rejected("not_mounted", "Only a mounted model may Break Away.")
    if m.moved:
        return Rejected("already_moved", f"{m.name} has already moved this activation.")
    if not enemies_in_contact(table, state, m):
        return Rejected("not_in_melee", f"{m.name} is not in melee.")
    end = break_away_spot(table, state, m)
    if end is None:
        return Rejected("no_room", f"{m.name} has no room to Break Away.")
    return m, end


def break_away_spot(table: Table, state: GameState, m: Model) -> Point | None:
    """Where a rider ends up riding 3 inches directly away from its opponents (None if no room)."""
    foes = enemies_in_contact(table, state, m)
    if not foes:
        return None
    cx = sum(f.x for f in foes) / len(foes)
    cy = sum(f.y for f in foes) / len(foes)
    target = bearing_point(m.x, m.y, heading((cx, cy), (m.x, m.y)), BREAK_AWAY)
    route = walk(table, [(m.x, m.y), target], True, BREAK_AWAY * 2, frozenset({"tall", "low", "river"}))
    end = back_off(table, state, m, [(m.x, m.y), target], route.end)
    return None if end == (m.x, m.y) else end


def do_break_away(act: Act, m: Model, end: Point) -> None:
    """Ride clear; the melee is over and any charge bonus is spent."""
    start = (m.x, m.y)
    m.moved = True
    m.charge_bonus = False
    m.x, m.y = end
    m.facing = heading(start, end)
    act.emit(Moved(model=m.id, path=[start, end], cost=0.0, reason="break_away"))


def mounted_calamity(act: Act, m: Model, gambit: str) -> None:
    """A mounted Calamity: the horse is blown or lame (or swept away): the rider is on foot."""
    act.emit(GambitRolled(model=m.id, gambit=gambit, outcome="calamity",
                          text="Calamity! The horse is lost; the rider goes on foot."))
    steeds.lose_steed(act, m)
    act.emit(Dismounted(model=m.id))
