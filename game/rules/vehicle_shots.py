"""Shooting at and from carts and wagons (§10).

- At a vehicle [I]: +1 to hit one standing still this turn, -1 at one moving 9" or more (what it
  moved this turn, or its speed if it has yet to move).
  A hit rolls the vehicle's d6 hit location: Hull or Traction take D3 points less the armour on
  the facing the shot came from; Crew strikes one random model aboard. A handgun hit that damages
  a location sets it alight [H].
- From a vehicle [I]: -1 if it moved this turn, a further -1 over rough ground (Hard Going).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.content.models import Weapon
from game.rules.context import Act, Rejected, Table
from game.rules.missiles import reach_problem, to_hit_need
from game.rules.state import GameState, Model, Vehicle
from game.rules.vehicle_damage import set_alight, strike_location
from game.rules.vehicles import pace, vehicle_distance


@dataclass(slots=True)
class VehicleShotPlan:
    """A checked shot at a cart or wagon."""

    shooter: Model
    vehicle: Vehicle
    weapon: Weapon
    distance: float
    long_range: bool
    need: int

    @property
    def target_id(self) -> str:
        """The vehicle's id."""
        return self.vehicle.id

    @property
    def target_name(self) -> str:
        """The vehicle in text."""
        return f"the {self.vehicle.name}"


def plan_vehicle_shot(table: Table, state: GameState, m: Model, v: Vehicle,
                      weapon: Weapon) -> VehicleShotPlan | Rejected:
    """Check a shot at a vehicle (the shooter's own checks are done by shooting.plan_shot)."""
    if v.removed or v.side == m.side:
        return Rejected("bad_target", f"The {v.name} is not an enemy vehicle on the table.")
    if m.aboard == v.id:
        return Rejected("bad_target", f"{m.name} is aboard the {v.name}.")
    dist = vehicle_distance(table, m, v)
    bad = reach_problem(table, state, m, f"the {v.name}", (v.x, v.y), weapon, dist)
    if bad:
        return bad
    long_range = dist > (weapon.short_range or 0.0) + 1e-9
    if m.steed is not None:
        return VehicleShotPlan(m, v, weapon, dist, long_range, table.numbers.mounted_shot_hits_on)
    need = to_hit_need(table, state, m, weapon, long_range)
    need -= table.content.vehicle_rules.shooting.at_vehicle(pace(v))
    return VehicleShotPlan(m, v, weapon, dist, long_range, max(2, need))


def vehicle_hit(act: Act, plan: VehicleShotPlan) -> None:
    """A shot at the vehicle hits it."""
    shot_strikes_vehicle(act, plan.vehicle, plan.shooter, plan.weapon)


def shot_strikes_vehicle(act: Act, v: Vehicle, m: Model, weapon: Weapon) -> None:
    """A shot strikes a vehicle (aimed at it, or a Blocked Shot it absorbed): roll the location,
    then damage, a crewman, or fire."""
    prof = act.table.content.vehicles[v.profile]
    roll = act.d6(f"Hit location on the {v.name}: " + ", ".join(
        f"{r.low}-{r.high} {r.result}" for r in prof.hit_locations), "", v.id)
    location = prof.hit_location(roll)
    points = strike_location(act, v, location, (m.x, m.y), m.side, "shot")
    if points and weapon.kind == "handgun":
        set_alight(act, v, location)
