"""Shooting: ranges, sight, to hit, misfires, reloads, Blocked Shots; from and at horseback (§5, §9.8)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.content.models import Weapon
from game.rules.activation import check_action
from game.rules.commands import Reload, Shoot
from game.rules.contact import enemies_in_contact
from game.rules.context import Act, Rejected, Table
from game.rules.damage import take_hit
from game.rules.events import BlockedShot, Reloaded, ShotFired
from game.rules.geometry import (
    BASE_RADIUS,
    edge_distance,
    point_segment_distance,
    segment_box_entry,
    segment_distance,
    spine,
)
from game.rules.state import GameState, Model, Vehicle
from game.rules.steeds import spook_tests, steed_hit
from game.terrain.geometry import obstacle_crossings, sight_blocked, woods_depth

if TYPE_CHECKING:
    from game.rules.vehicle_shots import VehicleShotPlan

LEAN_OVER = 1.0  # a shooter touching an obstacle shoots over it without a Blocked Shot [H]
MOUNTED_NEED = 6  # shooting from horseback hits only on a natural 6 [R]


@dataclass(slots=True)
class ShotPlan:
    """A checked shot."""

    shooter: Model
    target: Model
    weapon: Weapon
    distance: float
    long_range: bool
    need: int  # natural d6 score needed to hit

    @property
    def target_id(self) -> str:
        """The target's id."""
        return self.target.id

    @property
    def target_name(self) -> str:
        """The target's name in text."""
        return self.target.name


def missile_weapon(table: Table, m: Model) -> Weapon | None:
    """The model's shooting weapon, if it carries one."""
    for w in m.weapons:
        weapon = table.content.weapons[w]
        if weapon.is_missile:
            return weapon
    return None


def plan_shot(table: Table, state: GameState, cmd: Shoot) -> ShotPlan | VehicleShotPlan | Rejected:
    """Check a Shoot command."""
    m = check_action(state, cmd.side, cmd.model, shooting=True)
    if isinstance(m, Rejected):
        return m
    weapon = missile_weapon(table, m)
    prof = table.profile(m)
    if weapon is None or prof.shoot is None:
        return Rejected("no_missile", f"{m.name} has no missile weapon.")
    if m.reloads_needed:
        return Rejected("needs_reload", f"{m.name}'s {weapon.name} must be reloaded "
                                        f"({m.reloads_needed} Reload(s) needed).")
    bad = mounted_problem(table, m, weapon)
    if bad:
        return bad
    if enemies_in_contact(table, state, m):
        return Rejected("in_melee", f"{m.name} is in melee and cannot shoot.")
    cart = state.find_vehicle(cmd.target)
    if cart is not None:
        from game.rules.vehicle_shots import plan_vehicle_shot

        return plan_vehicle_shot(table, state, m, cart, weapon)
    target = state.find(cmd.target)
    if target is None or target.removed or target.riderless or target.side == m.side:
        return Rejected("bad_target", "Choose an enemy model on the table.")
    if target.aboard:
        cart = state.vehicle(target.aboard)
        return Rejected("aboard", f"{target.name} is aboard the {cart.name}: shoot at the {cart.name}; "
                                  "a hit on its Crew strikes someone aboard.")
    dist = max(0.0, edge_distance(m, target))
    bad = reach_problem(table, state, m, target.name, (target.x, target.y), weapon, dist)
    if bad:
        return bad
    long_range = dist > (weapon.short_range or 0.0) + 1e-9
    if m.steed is not None:
        return ShotPlan(m, target, weapon, dist, long_range, MOUNTED_NEED)
    return ShotPlan(m, target, weapon, dist, long_range, to_hit_need(table, state, m, weapon,
                                                                      long_range))


def reach_problem(table: Table, state: GameState, m: Model, name: str, at: tuple[float, float],
                  weapon: Weapon, dist: float) -> Rejected | None:
    """A rejection if the target is out of range (mounted: short range only) or out of sight."""
    limit = (weapon.short_range if m.steed is not None else weapon.long_range) or 0.0
    fog = state.effects.get("fog")
    if fog:
        limit = min(limit, float(fog))
    if dist > limit + 1e-9:
        if m.steed is not None:
            return Rejected("out_of_range", f"{name} is {dist:.1f}\" away; from horseback "
                                            f"the {weapon.name} shoots only at short range "
                                            f"({limit:.0f}\").")
        return Rejected("out_of_range", f"{name} is {dist:.1f}\" away; the "
                                        f"{weapon.name} reaches {limit:.0f}\".")
    if sight_blocked(table.terrain, (m.x, m.y), at):
        return Rejected("no_line_of_sight", f"{m.name} cannot see {name}: "
                                            "a building or impassable ground is in the way.")
    return None


def ridden_distance(m: Model) -> float:
    """Inches the model has moved this activation (0 if it has not moved)."""
    return m.moved_distance if m.moved else 0.0


def mounted_problem(table: Table, m: Model, weapon: Weapon) -> Rejected | None:
    """Shooting from horseback [R]: bows after at most half the steed's Move, crossbows at rest."""
    if m.steed is None:
        return None
    steed = table.content.steeds[m.steed]
    moved = ridden_distance(m)
    if weapon.kind == "handgun":
        return Rejected("mounted_handgun", f"{m.name} cannot fire a handgun from horseback; "
                                           "dismount first.")
    if weapon.kind == "crossbow" and (m.moved or moved > 0):
        return Rejected("mounted_moved", f"{m.name} has moved: a mounted crossbowman shoots only "
                                         "if he has not moved this activation.")
    if weapon.kind == "longbow":
        half = steed.move / 2
        if moved > half + 1e-9:
            return Rejected("mounted_moved", f"{m.name} rode {moved:.1f}\"; a mounted archer "
                                             f"shoots only after at most half his {steed.name}'s "
                                             f"Move ({half:g}\").")
        if m.moved and m.shots:
            return Rejected("already_acted", f"{m.name} has moved, so he shoots only once from "
                                             "horseback.")
    return None


def to_hit_need(table: Table, state: GameState, m: Model, weapon: Weapon, long_range: bool) -> int:
    """The d6 score needed to hit, with range, weather and Perk modifiers."""
    prof = table.profile(m)
    need = prof.shoot or 7
    if long_range:
        need += table.numbers.long_range_penalty
    if weapon.kind in ("longbow", "crossbow"):
        need += state.effects.get("squall", 0)
    need -= m.aim_bonus
    if m.aboard:
        from game.rules.vehicle_shots import from_vehicle_modifier

        need -= from_vehicle_modifier(table, state, m)
    return max(2, need)


def blockers(table: Table, state: GameState,
             plan: ShotPlan) -> list[tuple[float, str, Model | Vehicle | None]]:
    """Everything in the way that forces a Blocked Shot, nearest the shooter first: obstacles,
    woods, models and carts or wagons (a Blocked Shot absorbed by a vehicle hits it)."""
    a = (plan.shooter.x, plan.shooter.y)
    b = (plan.target.x, plan.target.y)
    found: list[tuple[float, str, Model | Vehicle | None]] = []
    for dist, obs in obstacle_crossings(table.terrain, a, b):
        if dist > LEAN_OVER + BASE_RADIUS:
            found.append((dist, f"{obs.kind} ({obs.name})", None))
    depth = woods_depth(table.terrain, a, b)
    if depth > table.numbers.woods_blocking_depth:
        found.append((plan.distance / 2, f"woods ({depth:.1f}\" deep)", None))
    for o in state.models:
        if o.removed or o.aboard or o is plan.shooter or o is plan.target:
            continue
        _, t = point_segment_distance(o.x, o.y, a[0], a[1], b[0], b[1])
        d = segment_distance((a[0], a[1], b[0], b[1]), spine(o))  # a rider's base is 2" long
        if d < BASE_RADIUS and 0.0 < t < 1.0:
            found.append((t * (plan.distance + 2 * BASE_RADIUS), o.name, o))
    for v in state.vehicles:
        if v.removed or v.id == plan.shooter.aboard:
            continue
        prof = table.content.vehicles[v.profile]
        entry = segment_box_entry(a, b, v.x, v.y, v.heading, prof.length, prof.width)
        if entry is not None and 0.0 < entry < 1.0:
            found.append((entry * (plan.distance + 2 * BASE_RADIUS), f"the {v.name}", v))
    found.sort(key=lambda f: f[0])
    return found


def do_shoot(act: Act, plan: ShotPlan | VehicleShotPlan) -> None:
    """Roll to hit, then Blocked Shots, then the save of whoever is struck; a handgun spooks."""
    m, weapon = plan.shooter, plan.weapon
    target_id, target_name = plan.target_id, plan.target_name
    m.shots += 1
    m.acted = not may_shoot_again(m, weapon)
    if weapon.must_reload:
        m.reloads_needed = 1
    label = f"To hit with {weapon.name}, {m.name} at {target_name}"
    if m.steed is not None:
        label += " from horseback (natural 6)"
    roll, hit = act.test(m, label, plan.need)
    if m.steed is None:
        m.aim_bonus = 0
    misfire = roll == 1 and weapon.must_reload
    if misfire:
        m.reloads_needed = 2
    act.emit(ShotFired(model=m.id, target=target_id, weapon=weapon.id,
                       distance=round(plan.distance, 3), long_range=plan.long_range,
                       need=plan.need, roll=roll, hit=hit, misfire=misfire))
    if hit:
        if isinstance(plan, ShotPlan):
            resolve_hit(act, plan)
        else:
            from game.rules.vehicle_shots import vehicle_hit

            vehicle_hit(act, plan)
    if weapon.noisy and not misfire:
        spook_tests(act, m)


def may_shoot_again(m: Model, weapon: Weapon) -> bool:
    """A stationary mounted archer shoots twice: his Action is spent only by the second shot."""
    return m.steed is not None and weapon.kind == "longbow" and not m.moved and m.shots < 2


def resolve_hit(act: Act, plan: ShotPlan) -> None:
    """Blocked Shots in order: the first one that fails takes the hit; else the target does."""
    hits_on = act.table.numbers.blocked_shot_hits_on
    for _, name, model in blockers(act.table, act.state, plan):
        broll = act.d6(f"Blocked Shot: {name} in the way, 1-{hits_on} it is hit", f"{hits_on + 1}+")
        absorbed = broll <= hits_on
        act.emit(BlockedShot(model=plan.target.id, blocker=name, roll=broll, absorbed=absorbed))
        if absorbed:
            if isinstance(model, Vehicle):
                from game.rules.vehicle_shots import shot_strikes_vehicle

                shot_strikes_vehicle(act, model, plan.shooter, plan.weapon)
            elif model is not None:
                hit_model(act, model, plan.shooter.side)
            return
    hit_model(act, plan.target, plan.shooter.side)


def hit_model(act: Act, victim: Model, by_side: str) -> None:
    """A shot strikes a model; a rider's steed gets its own Blocked Shot first (1-3 the steed)."""
    if victim.riderless:
        return  # a loose horse in the way soaks up the shot
    if victim.steed is not None:
        hits_on = act.table.numbers.blocked_shot_hits_on
        steed = act.table.content.steeds[victim.steed].name
        broll = act.d6(f"Blocked Shot: {victim.name}'s {steed}, 1-{hits_on} the steed is hit, "
                       f"{hits_on + 1}+ the rider", f"{hits_on + 1}+", victim.id)
        absorbed = broll <= hits_on
        act.emit(BlockedShot(model=victim.id, blocker=steed, roll=broll, absorbed=absorbed))
        if absorbed:
            steed_hit(act, victim, "shooting", by_side)
            return
    take_hit(act, victim, by_side)


def plan_reload(table: Table, state: GameState, cmd: Reload) -> Model | Rejected:
    """Check a Reload command."""
    m = check_action(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    if not m.reloads_needed:
        return Rejected("loaded", f"{m.name} has nothing to reload.")
    return m


def do_reload(act: Act, m: Model, spend_action: bool = True) -> None:
    """One Reload: a misfired weapon needs two."""
    if spend_action:
        m.acted = True
    m.reloads_needed = max(0, m.reloads_needed - 1)
    act.emit(Reloaded(model=m.id, still_needed=m.reloads_needed))
