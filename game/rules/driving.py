"""Driving a cart or wagon (§10): the Drive command, Carter tests and running out of control.

A driver's Move is a Drive: a new heading (at most `max_turn` degrees from the old one) and a new
speed (within `max_speed_change` of the old one, at most the vehicle's top speed less an inch for
each point of Traction damage). A driver without the Carter skill tests 1d6 on a sharp turn or a
change of speed; a 1 rolls on the out-of-control table (veer left, veer right, or stall). The
vehicle then moves at once (ramming.move_vehicle). A vehicle not driven in a turn rolls on at its
speed and heading at the end of the turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.physics.ram import VehicleMove
from game.rules.commands import Drive
from game.rules.context import Act, Rejected, Table
from game.rules.events import CarterTest, OutOfControl
from game.rules.guards import check_active
from game.rules.ramming import move_vehicle, simulate
from game.rules.state import GameState, Model, Vehicle
from game.rules.vehicles import is_driver, top_speed, turn_between


@dataclass(slots=True)
class DrivePlan:
    """A checked Drive."""

    driver: Model
    vehicle: Vehicle
    heading: float
    speed: float
    turn: float  # signed degrees, + clockwise
    test_needed: bool  # a Carter test is due (sharp turn or change of speed, no Carter skill)


@dataclass(frozen=True, slots=True)
class DrivePreview:
    """A dry run of a Drive as it would go if the Carter test (if any) is passed."""

    plan: DrivePlan
    move: VehicleMove
    out_of_control_chance: Fraction  # 0 when no test is due


def plan_drive(table: Table, state: GameState, cmd: Drive) -> DrivePlan | Rejected:
    """Check a Drive command."""
    m = check_active(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    if not is_driver(table, state, m):
        return Rejected("not_driver", f"{m.name} is not in a driver's seat.")
    v = state.vehicle(m.aboard)
    if m.moved:
        return Rejected("already_moved", f"{m.name} has already driven this activation.")
    if m.feckless == "dither":
        return Rejected("dithering", f"{m.name} is Dithering and may not drive this activation.")
    if v.disabled:
        return Rejected("disabled", f"The {v.name} is disabled and will not move again.")
    rules = table.content.vehicle_rules
    turn = turn_between(v.heading, cmd.heading)
    if abs(turn) > rules.max_turn + 1e-9:
        return Rejected("too_sharp", f"The {v.name} can turn at most {rules.max_turn:g} degrees in a "
                                     f"Drive, not {abs(turn):.0f}.")
    if abs(cmd.speed - v.speed) > rules.max_speed_change + 1e-9:
        return Rejected("speed_change", f"The {v.name} is going {v.speed:g}\"; a Drive changes speed by "
                                        f"at most {rules.max_speed_change:g}\".")
    if cmd.speed <= 0 and abs(turn) > 1e-6:
        return Rejected("standing_turn", f"The {v.name} cannot turn standing still; give it some speed.")
    top = top_speed(table, v)
    if cmd.speed > top + 1e-9:
        return Rejected("too_fast", f"The {v.name}'s top speed is {top:g}\" a turn.")
    test = (not table.has_skill(m, "carter")
            and rules.carter_test_needed(turn, cmd.speed - v.speed))
    return DrivePlan(m, v, cmd.heading % 360.0, cmd.speed, turn, test)


def do_drive(act: Act, plan: DrivePlan) -> None:
    """Test if needed, then move the vehicle."""

    m, v = plan.driver, plan.vehicle
    m.moved = True
    heading, speed = plan.heading, plan.speed
    if plan.test_needed:
        heading, speed = carter_test(act, plan)
    v.speed = speed
    move_vehicle(act, v, "drive", heading)  # it swings from its old heading to the new one


def carter_test(act: Act, plan: DrivePlan) -> tuple[float, float]:
    """The driver's 1d6 test; on a failure the out-of-control table decides. Returns heading, speed."""
    rules = act.table.content.vehicle_rules
    m, v = plan.driver, plan.vehicle
    reasons = []
    if abs(plan.turn) + 1e-6 >= rules.sharp_turn:
        reasons.append(f"a sharp turn ({abs(plan.turn):.0f} degrees)")
    if abs(plan.speed - v.speed) > 1e-6:
        reasons.append(f"a change of speed ({v.speed:g}\" to {plan.speed:g}\")")
    reason = " and ".join(reasons)
    fails = rules.carter_test_fails_on
    roll = act.d6(f"Carter test, {m.name} on the {v.name}: {reason}; {fails + 1}+ keeps control",
                  f"{fails + 1}+", m.id)
    passed = roll > fails
    act.emit(CarterTest(vehicle=v.id, model=m.id, reason=reason, roll=roll, passed=passed))
    if passed:
        return plan.heading, plan.speed
    table = act.table.content.tables[rules.out_of_control_table]
    row = table.lookup(act.d6(f"{table.name}, the {v.name}", "", m.id))
    heading, speed = plan.heading, plan.speed
    if row.result == "veer_left":
        heading = (heading - rules.veer_angle) % 360.0
    elif row.result == "veer_right":
        heading = (heading + rules.veer_angle) % 360.0
    else:
        speed = 0.0
    act.emit(OutOfControl(vehicle=v.id, result=row.result, heading=heading, speed=speed))
    return heading, speed


def predict_drive(table: Table, state: GameState, cmd: Drive) -> DrivePreview | Rejected:
    """A dry run of a Drive for the client: the same simulation the engine will run, no dice."""

    plan = plan_drive(table, state, cmd)
    if isinstance(plan, Rejected):
        return plan
    rules = table.content.vehicle_rules
    chance = Fraction(rules.carter_test_fails_on, 6) if plan.test_needed else Fraction(0)
    return DrivePreview(plan, simulate(table, state, plan.vehicle, plan.heading, plan.speed), chance)


