"""Shooting: ranges, line of sight, to hit, misfires, reloads and Blocked Shots (RULES-BRIEF §5)."""

from __future__ import annotations

from dataclasses import dataclass

from game.content.models import Weapon
from game.rules.activation import check_action
from game.rules.commands import Reload, Shoot
from game.rules.contact import enemies_in_contact
from game.rules.context import Act, Rejected, Table
from game.rules.damage import take_hit
from game.rules.events import BlockedShot, Reloaded, ShotFired
from game.rules.geometry import BASE_RADIUS, edge_distance, point_segment_distance
from game.rules.state import GameState, Model
from game.terrain.geometry import obstacle_crossings, sight_blocked, woods_depth

LEAN_OVER = 1.0  # a shooter touching an obstacle shoots over it without a Blocked Shot [H]


@dataclass(slots=True)
class ShotPlan:
    """A checked shot."""

    shooter: Model
    target: Model
    weapon: Weapon
    distance: float
    long_range: bool
    need: int  # natural d6 score needed to hit


def missile_weapon(table: Table, m: Model) -> Weapon | None:
    """The model's shooting weapon, if it carries one."""
    for w in m.weapons:
        weapon = table.content.weapons[w]
        if weapon.is_missile:
            return weapon
    return None


def plan_shot(table: Table, state: GameState, cmd: Shoot) -> ShotPlan | Rejected:
    """Check a Shoot command."""
    m = check_action(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    weapon = missile_weapon(table, m)
    prof = table.profile(m)
    if weapon is None or prof.shoot is None:
        return Rejected("no_missile", f"{m.name} has no missile weapon.")
    if m.reloads_needed:
        return Rejected("needs_reload", f"{m.name}'s {weapon.name} must be reloaded "
                                        f"({m.reloads_needed} Reload(s) needed).")
    if enemies_in_contact(table, state, m):
        return Rejected("in_melee", f"{m.name} is in melee and cannot shoot.")
    target = state.find(cmd.target)
    if target is None or target.removed or target.side == m.side:
        return Rejected("bad_target", "Choose an enemy model on the table.")
    dist = max(0.0, edge_distance(m, target))
    limit = weapon.long_range or 0.0
    fog = state.effects.get("fog")
    if fog:
        limit = min(limit, float(fog))
    if dist > limit + 1e-9:
        return Rejected("out_of_range", f"{target.name} is {dist:.1f}\" away; the "
                                        f"{weapon.name} reaches {limit:.0f}\".")
    if sight_blocked(table.terrain, (m.x, m.y), (target.x, target.y)):
        return Rejected("no_line_of_sight", f"{m.name} cannot see {target.name}: "
                                            "a building or impassable ground is in the way.")
    long_range = dist > (weapon.short_range or 0.0) + 1e-9
    return ShotPlan(m, target, weapon, dist, long_range, to_hit_need(table, state, m, weapon,
                                                                      long_range))


def to_hit_need(table: Table, state: GameState, m: Model, weapon: Weapon, long_range: bool) -> int:
    """The d6 score needed to hit, with range, weather and Perk modifiers."""
    prof = table.profile(m)
    need = prof.shoot or 7
    if long_range:
        need += table.numbers.long_range_penalty
    if weapon.kind in ("longbow", "crossbow"):
        need += state.effects.get("squall", 0)
    need -= m.aim_bonus
    return max(2, need)


def blockers(table: Table, state: GameState, plan: ShotPlan) -> list[tuple[float, str, Model | None]]:
    """Everything in the way that forces a Blocked Shot, nearest the shooter first."""
    a = (plan.shooter.x, plan.shooter.y)
    b = (plan.target.x, plan.target.y)
    found: list[tuple[float, str, Model | None]] = []
    for dist, obs in obstacle_crossings(table.terrain, a, b):
        if dist > LEAN_OVER + BASE_RADIUS:
            found.append((dist, f"{obs.kind} ({obs.name})", None))
    depth = woods_depth(table.terrain, a, b)
    if depth > table.numbers.woods_blocking_depth:
        found.append((plan.distance / 2, f"woods ({depth:.1f}\" deep)", None))
    for o in state.models:
        if o.removed or o is plan.shooter or o is plan.target:
            continue
        d, t = point_segment_distance(o.x, o.y, a[0], a[1], b[0], b[1])
        if d < BASE_RADIUS and 0.0 < t < 1.0:
            found.append((t * (plan.distance + 2 * BASE_RADIUS), o.name, o))
    found.sort(key=lambda f: f[0])
    return found


def do_shoot(act: Act, plan: ShotPlan) -> None:
    """Roll to hit, then Blocked Shots, then the save of whoever is struck."""
    m, target, weapon = plan.shooter, plan.target, plan.weapon
    m.acted = True
    if weapon.must_reload:
        m.reloads_needed = 1
    label = f"To hit with {weapon.name}, {m.name} at {target.name}"
    roll, hit = act.test(m, label, plan.need)
    m.aim_bonus = 0
    misfire = roll == 1 and weapon.must_reload
    if misfire:
        m.reloads_needed = 2
    act.emit(ShotFired(model=m.id, target=target.id, weapon=weapon.id,
                       distance=round(plan.distance, 3), long_range=plan.long_range,
                       need=plan.need, roll=roll, hit=hit, misfire=misfire))
    if not hit:
        return
    hits_on = act.table.numbers.blocked_shot_hits_on
    for _, name, model in blockers(act.table, act.state, plan):
        broll = act.d6(f"Blocked Shot: {name} in the way, 1-{hits_on} it is hit", f"{hits_on + 1}+")
        absorbed = broll <= hits_on
        act.emit(BlockedShot(model=target.id, blocker=name, roll=broll, absorbed=absorbed))
        if absorbed:
            if model is not None:
                take_hit(act, model, m.side)
            return
    take_hit(act, target, m.side)


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
