"""Striking a cart or wagon in melee (§10; [I] "close combat against vehicles", numbers [H]).

A model on the ground in base contact with a vehicle, and with no enemy model in contact, may
spend its Action striking it:
- it rolls its Fight dice; against a vehicle standing still this turn every die hits [I: such
  attacks "automatically hit"], else each hits on the strike score (4+);
- the attacker picks the location within reach [I]: the Hull, the Traction (cutting the traces,
  laming the team: each point lowers the top speed by an inch) or, on an open-topped vehicle, the
  Crew (each hit strikes one model aboard at random, saved as normal);
- a Hull or Traction hit does a D3 less the armour on the facing struck, as a missile does.
The vehicle never strikes back; its crew shoot.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.commands import Fight
from game.rules.contact import enemies_in_contact
from game.rules.context import Act, Rejected, Table
from game.rules.events import VehicleStruck
from game.rules.guards import check_action
from game.rules.state import GameState, Model, Vehicle
from game.rules.vehicle_damage import strike_location
from game.rules.vehicles import pace, touching


@dataclass(slots=True)
class StrikePlan:
    """A checked blow at a vehicle."""

    model: Model
    vehicle: Vehicle
    location: str
    dice: int
    need: int  # 0 when every die hits


def plan_strike(table: Table, state: GameState, cmd: Fight, v: Vehicle) -> StrikePlan | Rejected:
    """Check a Fight whose target is a vehicle."""
    m = check_action(state, cmd.side, cmd.model, fighting=True)
    if isinstance(m, Rejected):
        return m
    if v.removed or v.side == m.side:
        return Rejected("bad_target", f"The {v.name} is not an enemy vehicle on the table.")
    if m.aboard:
        return Rejected("aboard", f"{m.name} is aboard the {state.vehicle(m.aboard).name}.")
    if cmd.option is not None or cmd.at_steed or cmd.pull_down:
        return Rejected("bad_option", "Striking a vehicle takes no drill, steed or pull-down choice.")
    if not touching(table, m, v):
        return Rejected("not_in_contact", f"{m.name} is not in base contact with the {v.name}.")
    if enemies_in_contact(table, state, m):
        return Rejected("in_melee", f"{m.name} must fight the enemy in contact, not the {v.name}.")
    prof = table.content.vehicles[v.profile]
    where = cmd.location or "hull"
    if where not in {row.result for row in prof.hit_locations}:
        return Rejected("no_location", f"The {v.name} has no {where} to strike: it is closed.")
    need = 0 if pace(v) <= 0 else table.numbers.strike_on
    return StrikePlan(m, v, where, table.profile(m).fight, need)


def do_strike(act: Act, plan: StrikePlan) -> None:
    """Roll the dice (unless every one hits) and strike the location once per hit."""
    m, v = plan.model, plan.vehicle
    m.acted = True
    if plan.need:
        hits = sum(1 for _ in range(plan.dice)
                   if act.d6(f"Strike the {v.name}'s {plan.location}, {m.name}, {plan.need}+",
                             f"{plan.need}+", m.id) >= plan.need)
    else:
        hits = plan.dice
    act.emit(VehicleStruck(model=m.id, vehicle=v.id, location=plan.location, dice=plan.dice,
                           need=plan.need, hits=hits))
    for _ in range(hits):
        if v.removed:
            break
        strike_location(act, v, plan.location, (m.x, m.y), m.side, "blow")
