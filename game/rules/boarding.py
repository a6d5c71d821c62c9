"""Climbing aboard a cart or wagon, changing seats, and climbing down (§10, numbers [H]).

- **Board** (the model's Move): a model on foot, not in melee, in base contact with a vehicle of
  its own side, or an abandoned one, takes a free seat. Taking an abandoned vehicle's seat makes
  it his side's. A model already aboard may move to another free seat instead (a crewman takes
  the reins when the driver falls): a driver without the Carter skill then tests as usual.
- **Climb down** (the model's Move): from a vehicle standing still (speed 0) or disabled, to the
  nearest free spot beside it. He keeps his Action.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.physics.bolt import bearing_vector
from game.rules.commands import Board, ClimbDown
from game.rules.contact import enemies_in_contact
from game.rules.context import Act, Rejected, Table
from game.rules.events import Boarded, ClimbedDown
from game.rules.guards import check_active
from game.rules.movement import position_problem
from game.rules.state import GameState, Model, Vehicle
from game.rules.vehicles import spots_beside, touching


@dataclass(slots=True)
class BoardPlan:
    """A checked Board."""

    model: Model
    vehicle: Vehicle
    seat: str


def free_seats(table: Table, state: GameState, v: Vehicle) -> list[str]:
    """The vehicle's seats nobody on the table sits in, in the profile's order."""
    taken = {m.seat for m in state.aboard(v.id)}
    return [s.name for s in table.content.vehicles[v.profile].seats if s.name not in taken]


def _may_move(state: GameState, m: Model) -> Rejected | None:
    if m.moved:
        return Rejected("already_moved", f"{m.name} has already moved this activation.")
    if m.feckless == "dither":
        return Rejected("dithering", f"{m.name} is Dithering and may not move this activation.")
    return None


def plan_board(table: Table, state: GameState, cmd: Board) -> BoardPlan | Rejected:
    """Check a Board command."""

    m = check_active(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    bad = _may_move(state, m)
    if bad:
        return bad
    v = state.find_vehicle(cmd.vehicle)
    if v is None or v.removed:
        return Rejected("no_vehicle", f"There is no vehicle {cmd.vehicle!r} on the table.")
    if v.disabled:
        return Rejected("disabled", f"The {v.name} is wrecked; there is nothing to drive.")
    if v.side not in (m.side, "none"):
        return Rejected("enemy_vehicle", f"The {v.name} is the enemy's; strike it or shoot at it.")
    if cmd.seat not in free_seats(table, state, v):
        return Rejected("seat_taken", f"There is no free seat {cmd.seat!r} on the {v.name}.")
    if m.aboard and m.aboard != v.id:
        return Rejected("aboard", f"{m.name} is aboard the {state.vehicle(m.aboard).name}; "
                                  "climb down first.")
    if not m.aboard:
        if m.steed is not None:
            return Rejected("mounted", f"{m.name} must dismount before climbing aboard.")
        if enemies_in_contact(table, state, m):
            return Rejected("in_melee", f"{m.name} is in base contact with an enemy and must fight.")
        if not touching(table, m, v):
            return Rejected("not_in_contact", f"{m.name} is not in base contact with the {v.name}.")
    return BoardPlan(m, v, cmd.seat)


def do_board(act: Act, plan: BoardPlan) -> None:
    """Take the seat (the Move); an abandoned vehicle becomes the boarder's side's."""
    m, v = plan.model, plan.vehicle
    m.moved = True
    took = v.side == "none"
    if took:
        v.side = m.side
    m.aboard, m.seat, m.x, m.y = v.id, plan.seat, v.x, v.y
    act.emit(Boarded(model=m.id, vehicle=v.id, seat=plan.seat, took_over=took))


def plan_climb_down(table: Table, state: GameState,
                    cmd: ClimbDown) -> tuple[Model, tuple[float, float]] | Rejected:
    """Check a ClimbDown command: a standing or disabled vehicle, and room beside it."""
    m = check_active(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    if not m.aboard:
        return Rejected("not_aboard", f"{m.name} is not aboard a vehicle.")
    bad = _may_move(state, m)
    if bad:
        return bad
    v = state.vehicle(m.aboard)
    if v.speed > 0 and not v.disabled:
        return Rejected("moving", f"The {v.name} is going {v.speed:g}\"; it must stand still first.")
    spot = spot_beside(table, state, m, v)
    if spot is None:
        return Rejected("no_room", f"There is no room beside the {v.name} to climb down.")
    return m, spot


def spot_beside(table: Table, state: GameState, m: Model, v: Vehicle) -> tuple[float, float] | None:
    """The first free spot beside the vehicle for the model's base (near side first)."""

    prof = table.content.vehicles[v.profile]
    fx, fy = bearing_vector(v.heading)
    for spot in spots_beside(table.bases, v.x, v.y, fx, fy, -fy, fx, 0.0, prof.length, prof.width):
        if not position_problem(table, state, m, *spot):  # aboard, he is skipped as an obstacle
            return spot
    return None


def do_climb_down(act: Act, m: Model, spot: tuple[float, float]) -> None:
    """Step down beside the vehicle (the Move)."""
    vehicle = m.aboard
    m.moved = True
    m.aboard, m.seat = "", ""
    m.x, m.y = spot
    act.emit(ClimbedDown(model=m.id, vehicle=vehicle, to=spot))
