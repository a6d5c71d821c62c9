"""Missile weapons (read-only checks and the Reload effect): reach, line of fire, to-hit numbers,
Blocked Shots and shooting from the saddle (RULES-BRIEF §5, §9.8)."""

from __future__ import annotations

from dataclasses import dataclass

from game.content.models import Weapon
from game.rules.context import Act, Rejected, Table
from game.rules.events import Reloaded
from game.rules.geometry import point_segment_distance, segment_box_entry, segment_distance
from game.rules.state import GameState, Model, Vehicle
from game.rules.vehicles import from_vehicle_modifier
from game.terrain.geometry import obstacle_crossings, sight_blocked, woods_depth


def missile_weapon(table: Table, m: Model) -> Weapon | None:
    """The model's shooting weapon, if it carries one."""
    for w in m.weapons:
        weapon = table.content.weapons[w]
        if weapon.is_missile:
            return weapon
    return None


def short_range_only(m: Model, weapon: Weapon) -> bool:
    """From the saddle only short range counts [R], except for an archer who has not moved: he
    shoots at any range his bow allows."""
    return m.steed is not None and not (weapon.kind == "longbow" and not m.moved)


def reach_problem(table: Table, state: GameState, m: Model, name: str, at: tuple[float, float],
                  weapon: Weapon, dist: float) -> Rejected | None:
    """A rejection if the target is out of range (from the saddle: short range only, unless an
    archer stands still) or out of sight."""
    short_only = short_range_only(m, weapon)
    limit = (weapon.short_range if short_only else weapon.long_range) or 0.0
    fog = state.effects.get("fog")
    if fog:
        limit = min(limit, float(fog))
    if dist > limit + 1e-9:
        if short_only and weapon.kind == "longbow":
            return Rejected("out_of_range", f"{name} is {dist:.1f}\" away; {m.name} has ridden, so "
                                            f"from horseback the {weapon.name} shoots only at short "
                                            f"range ({limit:.0f}\").")
        if short_only:
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
    """Shooting from horseback [R]: bows after at most half the steed's Move (once), crossbows at
    rest; a rider who shot and then rode may not shoot again."""
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
        half = steed.move * table.numbers.mounted_archer_move_share
        if moved > half + 1e-9:
            return Rejected("mounted_moved", f"{m.name} rode {moved:.1f}\"; a mounted archer "
                                             f"shoots only after riding at most {half:g}\" of his "
                                             f"{steed.name}'s Move.")
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

        need -= from_vehicle_modifier(table, state, m)
    return max(2, need)


def blockers(table: Table, state: GameState,
             plan: ShotPlan) -> list[tuple[float, str, Model | Vehicle | None]]:
    """Everything in the way that forces a Blocked Shot, nearest the shooter first: obstacles,
    woods, models and carts or wagons (a Blocked Shot absorbed by a vehicle hits it)."""
    bases = table.bases
    a = (plan.shooter.x, plan.shooter.y)
    b = (plan.target.x, plan.target.y)
    found: list[tuple[float, str, Model | Vehicle | None]] = []
    for dist, obs in obstacle_crossings(table.terrain, a, b):
        if dist > table.numbers.lean_over + bases.radius:
            found.append((dist, f"{obs.kind} ({obs.name})", None))
    depth = woods_depth(table.terrain, a, b)
    if depth > table.numbers.woods_blocking_depth:
        found.append((plan.distance / 2, f"woods ({depth:.1f}\" deep)", None))
    for o in state.models:
        if o.removed or o.aboard or o is plan.shooter or o is plan.target:
            continue
        _, t = point_segment_distance(o.x, o.y, a[0], a[1], b[0], b[1])
        d = segment_distance((a[0], a[1], b[0], b[1]), bases.spine(o))  # a rider's base is 2" long
        if d < bases.radius and 0.0 < t < 1.0:
            found.append((t * (plan.distance + bases.diameter), o.name, o))
    for v in state.vehicles:
        if v.removed or v.id == plan.shooter.aboard:
            continue
        prof = table.content.vehicles[v.profile]
        entry = segment_box_entry(a, b, v.x, v.y, v.heading, prof.length, prof.width)
        if entry is not None and 0.0 < entry < 1.0:
            found.append((entry * (plan.distance + bases.diameter), f"the {v.name}", v))
    found.sort(key=lambda f: f[0])
    return found


def may_shoot_again(table: Table, m: Model, weapon: Weapon) -> bool:
    """A stationary mounted archer shoots twice: his Action is spent only by the last shot."""
    return (m.steed is not None and weapon.kind == "longbow" and not m.moved
            and m.shots < table.numbers.stationary_archer_shots)


def ride_left_after_shot(table: Table, m: Model, weapon: Weapon, long_range: bool) -> None:
    """What a rider who shoots before moving may still ride [R]: after one short-range shot with a
    bow, up to half his steed's Move (mounted_archer_move_share); after any other shot nothing, for
    he has chosen to stand (a second shot or one at long range; a crossbow shoots only if he does
    not move)."""
    if m.steed is None or m.moved:
        return
    move = table.content.steeds[m.steed].move
    if weapon.kind == "longbow" and m.shots == 1 and not long_range:
        m.extra_move = min(m.extra_move, move * table.numbers.mounted_archer_move_share - move)
    else:
        m.extra_move = -move


def reload_weapon(act: Act, m: Model, spend_action: bool = True) -> None:
    """One Reload: a misfired weapon needs two."""
    if spend_action:
        m.acted = True
    m.reloads_needed = max(0, m.reloads_needed - 1)
    act.emit(Reloaded(model=m.id, still_needed=m.reloads_needed))


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
