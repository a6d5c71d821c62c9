"""Damage to carts and wagons (§10): Health by location, disablement, crew damage and fire.

- Damage comes in dice; armour by facing is taken off each die [I].
- A vehicle whose Health falls below its Operational Level is disabled: it stops for good. If it
  was the escorted vehicle, the other side scores its escort Valour.
- Traction damage lowers the top speed an inch a point; a vehicle going faster slows to it at once
  (else its driver could find no legal Drive: a Drive changes speed by at most 4"). It falls on the
  team too, each animal with its own Health: with the whole team down the vehicle cannot move.
- Crew and passengers take one die per full 10 points the vehicle suffered in a ram or crash:
  D6 seated, D3 braced behind pavises, D6+2 leaning out to shoot [I]. A character turns damage
  points into hits, one per full `points_per_hit`, each saved as normal [H].
- Fire [I: 25% a round]: a burning location loses 1 Health at the end of each turn (a burning
  Crew location gives a crewman a hit instead), then 1-2 on a d8 spreads it to one adjacent,
  unburnt location (hull to traction, then crew; traction or crew to hull). A handgun hit that
  damages a location sets it alight [H].
"""

from __future__ import annotations

import math

from game.content.models import Die, Facing
from game.physics.bolt import bearing_vector
from game.rules.context import Act, Table
from game.rules.damage import take_hit
from game.rules.events import CrewShaken, TeamLost, VehicleAlight, VehicleDamaged, VehicleDisabled
from game.rules.state import Model, NoSide, Side, Vehicle, other_side
from game.rules.vehicles import team_left, top_speed

ADJACENT: dict[str, tuple[str, ...]] = {
    "hull": ("traction", "crew"),
    "traction": ("hull",),
    "crew": ("hull",),
}


def roll_dice(act: Act, n: int, die: Die, purpose: str, model: str = "") -> int:
    """The sum of n dice of a kind, each rolled and logged."""
    total = 0
    for i in range(n):
        total += act.dice.roll(f"{purpose} ({die.label}, {i + 1} of {n})", die.sides, "", model) + die.bonus
    return total


def armoured_damage(act: Act, v: Vehicle, n: int, die: Die, facing: Facing, purpose: str) -> int:
    """Damage points to a vehicle from n dice, each less its armour on that facing (never below 0)."""
    armour = act.table.content.vehicles[v.profile].armour.against(facing)
    total = 0
    for i in range(n):
        roll = act.dice.roll(f"{purpose}, {die.label} less armour {armour} ({i + 1} of {n})",
                             die.sides, "", v.id)
        total += max(0, roll + die.bonus - armour)
    return total


def facing_towards(table: Table, v: Vehicle, x: float, y: float) -> Facing:
    """Which of the vehicle's facings a blow from (x, y) meets."""
    fx, fy = bearing_vector(v.heading)
    dx, dy = x - v.x, y - v.y
    bearing = math.degrees(math.atan2(dx * -fy + dy * fx, dx * fx + dy * fy))
    return table.content.vehicle_rules.facing(bearing)


def damage_vehicle(act: Act, v: Vehicle, location: str, amount: int, cause: str,
                   by_side: Side | NoSide) -> None:
    """Take Health from a vehicle at a location; below its Operational Level it is disabled."""
    if amount <= 0 or v.removed:
        return

    v.health = max(0, v.health - amount)
    team_before = team_left(act.table, v)
    v.damage[location] = v.damage.get(location, 0) + amount
    prof = act.table.content.vehicles[v.profile]
    if location == "traction":  # a hurt team slows at once to its new top speed
        v.speed = min(v.speed, top_speed(act.table, v))
    act.emit(VehicleDamaged(vehicle=v.id, location=location, amount=amount, health=v.health, cause=cause))
    left = team_left(act.table, v)
    if left < team_before:
        steed = act.table.content.team_steed(v.profile)
        act.emit(TeamLost(vehicle=v.id, steed=steed.id, lost=team_before - left, left=left))
    if not v.disabled and prof.disabled(v.health):
        disable(act, v, by_side)


def disable(act: Act, v: Vehicle, by_side: Side | NoSide) -> None:
    """The vehicle stops for good; an escorted vehicle's Valour goes to the other side."""
    v.disabled = True
    v.speed = 0.0
    to_side: Side | NoSide
    valour, to_side = 0, ""
    if v.escort_edge and v.side in act.state.sides:
        valour, to_side = v.escort_valour, other_side(v.side)
        act.state.sides[to_side].valour += valour
    act.emit(VehicleDisabled(vehicle=v.id, by_side=by_side, valour=valour, to_side=to_side))


def character_damage(act: Act, m: Model, points: int, by_side: Side | NoSide) -> int:
    """A character takes damage points: one hit per full points_per_hit, each saved. Returns hits."""
    hits = points // act.table.content.vehicle_rules.points_per_hit
    for _ in range(hits):
        if m.removed:
            break
        take_hit(act, m, by_side)
    return hits


def crew_damage(act: Act, v: Vehicle, suffered: int, by_side: Side | NoSide) -> None:
    """Everyone aboard takes a die per full 10 points the vehicle suffered, by the posture of the seat."""
    rules = act.table.content.vehicle_rules
    dice = rules.crew_dice(suffered)
    if dice <= 0:
        return
    prof = act.table.content.vehicles[v.profile]
    for m in act.state.aboard(v.id):
        die = rules.seat_die(prof.seat(m.seat))
        points = roll_dice(act, dice, die, f"Crew damage, {m.name} ({m.seat})", m.id)
        hits = points // rules.points_per_hit
        act.emit(CrewShaken(vehicle=v.id, model=m.id, dice=dice, die=die.label, points=points, hits=hits))
        character_damage(act, m, points, by_side)


def strike_location(act: Act, v: Vehicle, location: str, source: tuple[float, float], by_side: Side | NoSide,
                    cause: str) -> int:
    """One hit by a missile or a blow on a location: Hull or Traction take a D3 less the armour on
    the facing it came from; Crew strikes one model aboard (the Hull if nobody is). Returns the
    points the vehicle lost (0 for a Crew hit)."""
    if location == "crew" and crew_hit(act, v, by_side, f"A {cause} into the {v.name}") is not None:
        return 0
    location = "hull" if location == "crew" else location  # nobody aboard: it hits the bed
    facing = facing_towards(act.table, v, *source)
    die = act.table.content.vehicle_rules.shot_damage
    purpose = f"{cause.capitalize()} damage to the {v.name}'s {location}"
    points = armoured_damage(act, v, 1, die, facing, purpose)
    damage_vehicle(act, v, location, points, cause, by_side)
    return points


def crew_hit(act: Act, v: Vehicle, by_side: Side | NoSide, purpose: str) -> Model | None:
    """A hit on the Crew location strikes one random crewman or passenger; None if nobody is aboard."""
    aboard = act.state.aboard(v.id)
    if not aboard:
        return None
    pick = 1
    if len(aboard) > 1:
        pick = act.dice.roll(f"{purpose}: which of the {len(aboard)} aboard", len(aboard))
    victim = aboard[pick - 1]
    take_hit(act, victim, by_side)
    return victim


def set_alight(act: Act, v: Vehicle, location: str, spread_from: str = "") -> None:
    """A location catches fire (once)."""
    if location in v.burning or v.removed:
        return
    v.burning.append(location)
    act.emit(VehicleAlight(vehicle=v.id, location=location, spread_from=spread_from))


def fire_phase(act: Act) -> None:
    """End of turn: every burning location burns, then the fire may spread once per vehicle."""
    rules = act.table.content.vehicle_rules
    for v in act.state.vehicles:
        if v.removed or not v.burning:
            continue
        by_side: Side | NoSide = other_side(v.side) if v.side in act.state.sides else ""
        for location in list(v.burning):
            if location == "crew":
                crew_hit(act, v, by_side, f"Fire in the {v.name}'s bed")
            else:
                damage_vehicle(act, v, location, 1, "fire", by_side)
        fire = rules.fire
        roll = act.dice.roll(f"Fire on the {v.name}: 1-{fire.spreads_on} on a d{fire.die} spreads",
                             fire.die, f"1-{fire.spreads_on}", v.id)
        if roll > fire.spreads_on:
            continue
        prof = act.table.content.vehicles[v.profile]
        locations = {row.result for row in prof.hit_locations}
        for source in list(v.burning):
            fresh = [loc for loc in ADJACENT[source] if loc in locations and loc not in v.burning]
            if fresh:
                set_alight(act, v, fresh[0], spread_from=source)
                break
