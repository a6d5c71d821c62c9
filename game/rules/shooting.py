"""Shooting: ranges, sight, to hit, misfires, reloads, Blocked Shots; from and at horseback (§5, §9.8)."""

from __future__ import annotations

from fractions import Fraction

from game.rules import odds
from game.rules.commands import Reload, Shoot
from game.rules.contact import enemies_in_contact
from game.rules.context import Act, Rejected, Table
from game.rules.damage import save_target, shrug_chance, take_hit
from game.rules.events import BlockedShot, ShotFired
from game.rules.guards import check_action
from game.rules.missiles import (
    ShotPlan,
    blockers,
    may_shoot_again,
    missile_weapon,
    mounted_problem,
    reach_problem,
    reload_weapon,
    ride_left_after_shot,
    to_hit_need,
)
from game.rules.state import GameState, Model, Side, Vehicle
from game.rules.steeds import spook_tests, steed_hit
from game.rules.vehicle_shots import VehicleShotPlan, plan_vehicle_shot, shot_strikes_vehicle, vehicle_hit


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

        return plan_vehicle_shot(table, state, m, cart, weapon)
    target = state.find(cmd.target)
    if target is None or target.removed or target.riderless or target.side == m.side:
        return Rejected("bad_target", "Choose an enemy model on the table.")
    if target.aboard:
        cart = state.vehicle(target.aboard)
        return Rejected("aboard", f"{target.name} is aboard the {cart.name}: shoot at the {cart.name}; "
                                  "a hit on its Crew strikes someone aboard.")
    dist = max(0.0, table.bases.edge_distance(m, target))
    bad = reach_problem(table, state, m, target.name, (target.x, target.y), weapon, dist)
    if bad:
        return bad
    long_range = dist > (weapon.short_range or 0.0) + 1e-9
    if m.steed is not None:
        return ShotPlan(m, target, weapon, dist, long_range, table.numbers.mounted_shot_hits_on)
    return ShotPlan(m, target, weapon, dist, long_range, to_hit_need(table, state, m, weapon,
                                                                      long_range))


def shot_outcomes(act: Act, plan: ShotPlan | VehicleShotPlan, blocked: int = 0) -> dict[str, Fraction]:
    """The exact odds of a checked shot: at a cart or wagon, its "hit"; at a model with `blocked`
    Blocked Shots in the way, miss, blocked, saved and wounded (and a rider's steed's share)."""
    m = plan.shooter
    if isinstance(plan, VehicleShotPlan):
        return {"hit": odds.d6_test(plan.need, 0, m.reroll_ready)}
    table, target = act.table, plan.target
    steed_save = table.content.steeds[target.steed].save if target.steed is not None else None
    save = save_target(act, target, table.skill_modifier(target, "dodge_shots"))  # Dodge: a better save
    return odds.shot_odds(plan.need, blocked, save, table.numbers.blocked_shot_hits_on,
                          reroll=m.reroll_ready, save_reroll=target.reroll_ready, steed_save=steed_save,
                          shrug=shrug_chance(table, target))


def do_shoot(act: Act, plan: ShotPlan | VehicleShotPlan) -> None:
    """Roll to hit, then Blocked Shots, then the save of whoever is struck; a handgun spooks."""
    m, weapon = plan.shooter, plan.weapon
    target_id, target_name = plan.target_id, plan.target_name
    m.shots += 1
    m.acted = not may_shoot_again(act.table, m, weapon)
    ride_left_after_shot(act.table, m, weapon, plan.long_range)
    if weapon.must_reload:
        m.reloads_needed = 1
    label = f"To hit with {weapon.name}, {m.name} at {target_name}"
    if m.steed is not None:
        label += f" from horseback (natural {act.table.numbers.mounted_shot_hits_on})"
    roll, hit = act.test(m, label, plan.need)
    if m.steed is None:
        m.aim_bonus = 0
    misfire = roll == 1 and weapon.must_reload
    if misfire:
        m.reloads_needed = act.table.numbers.misfire_reloads
    act.emit(ShotFired(model=m.id, target=target_id, weapon=weapon.id,
                       distance=round(plan.distance, 3), long_range=plan.long_range,
                       need=plan.need, roll=roll, hit=hit, misfire=misfire))
    if hit:
        if isinstance(plan, ShotPlan):
            resolve_hit(act, plan)
        else:

            vehicle_hit(act, plan)
    if weapon.noisy and not misfire:
        spook_tests(act, m)


def resolve_hit(act: Act, plan: ShotPlan) -> None:
    """Blocked Shots in order: the first one that fails takes the hit; else the target does."""
    hits_on = act.table.numbers.blocked_shot_hits_on
    for _, name, model in blockers(act.table, act.state, plan):
        broll = act.d6(f"Blocked Shot: {name} in the way, 1-{hits_on} it is hit", f"{hits_on + 1}+")
        absorbed = broll <= hits_on
        act.emit(BlockedShot(model=plan.target.id, blocker=name, roll=broll, absorbed=absorbed))
        if absorbed:
            if isinstance(model, Vehicle):

                shot_strikes_vehicle(act, model, plan.shooter, plan.weapon)
            elif model is not None:
                hit_model(act, model, plan.shooter.side)
            return
    hit_model(act, plan.target, plan.shooter.side)


def hit_model(act: Act, victim: Model, by_side: Side) -> None:
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
    take_hit(act, victim, by_side, act.table.skill_modifier(victim, "dodge_shots"))


def plan_reload(table: Table, state: GameState, cmd: Reload) -> Model | Rejected:
    """Check a Reload command."""
    m = check_action(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    if not m.reloads_needed:
        return Rejected("loaded", f"{m.name} has nothing to reload.")
    return m




def do_reload(act: Act, m: Model) -> None:
    """One Reload, spending the model's Action."""
    reload_weapon(act, m)
