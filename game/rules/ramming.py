"""A vehicle's move and what it runs into (§10): rams, crashes and characters under the wheels.

Every move is simulated once in pymunk (game/physics/ram.py) in a fresh space built from the state;
the outcome is stored in the events (VehicleMoved, RamResolved, ModelShoved) and never simulated
again. Each first contact is resolved in the order it happened:
- a static obstacle (wall, building, gully edge, table edge): the vehicle takes its own Base Damage
  at the doubled impact speed's band, less its armour on the facing that struck;
- another vehicle: both take damage at the same impact speed, each the other's Base Damage dice,
  less their own armour on the facing struck [I]; the rammed one is brought up short (speed 0) [H].
  A vehicle that has yet to move this turn is under way at its speed, so head-on the speeds add;
  one that has moved stands where its move ended;
- a character or rider: a 4+ dodge with the band's modifier; a natural 1 is under the wheels and
  doubles the damage [I]. A failed dodge takes the vehicle's Base Damage dice as damage points.
Crew and passengers then take damage for what their vehicle suffered, and anyone left standing in
the vehicle's footprint steps out of it.
"""

from __future__ import annotations

from game.content.models import Facing, RamBand, VehicleRules
from game.physics.bolt import bearing_vector
from game.physics.ram import Body, Contact, RamRules, VehicleMove, simulate_vehicle_move
from game.rules.context import Act, Table
from game.rules.events import ModelShoved, RamResolved, VehicleEscaped, VehicleMoved
from game.rules.geometry import local_frame
from game.rules.movement import position_problem
from game.rules.state import GameState, Model, Vehicle
from game.rules.steeds import nearest_legal
from game.rules.vehicle_damage import (
    armoured_damage,
    character_damage,
    crew_damage,
    damage_vehicle,
    fire_phase,
    roll_dice,
)
from game.rules.vehicles import EDGE_BEARING, driver_of, overlapped_vehicle, profile_of, spots_beside

EDGE_REACH = 0.6  # the escorted vehicle is off the table once its footprint is this close to its edge


def ram_rules(rules: VehicleRules) -> RamRules:
    """The numbers the physics of a vehicle's move needs, from vehicles.toml [vehicle_rules]."""
    return RamRules(rules.tangent_factor, rules.static_obstacle_factor, rules.hard_going_pace,
                    rules.narrow_ditch)


def vehicle_body(table: Table, v: Vehicle, moving: bool = True) -> Body:
    """A vehicle as the physics sees it. One that has yet to move this turn is under way at its
    speed (so head-on the speeds add); one that has moved stands where its move ended."""
    prof = profile_of(table, v)
    vx = vy = 0.0
    if moving and not v.moved and v.speed > 0 and not v.disabled:
        fx, fy = bearing_vector(v.heading)
        vx, vy = v.speed * fx, v.speed * fy
    return Body(v.id, "vehicle", v.x, v.y, v.heading, prof.length, prof.width, vx, vy, prof.mass)


def table_bodies(table: Table, state: GameState, mover: Vehicle) -> list[Body]:
    """Everything else on the table: characters as circles, riders and loose steeds as boxes, vehicles."""
    out: list[Body] = []
    bases, rules = table.bases, table.content.vehicle_rules
    for m in state.models:
        if m.removed or m.aboard:
            continue
        if m.steed is not None:
            out.append(Body(m.id, "rider", m.x, m.y, m.facing, bases.length, bases.diameter,
                            mass=rules.rider_mass))
        else:
            size = bases.diameter
            out.append(Body(m.id, "character", m.x, m.y, 0.0, size, size, mass=rules.foot_mass))
    out.extend(vehicle_body(table, o) for o in state.vehicles if o is not mover and not o.removed)
    return out


def simulate(table: Table, state: GameState, v: Vehicle, heading: float, speed: float) -> VehicleMove:
    """The vehicle's move at a heading and speed for one turn, among everything on the table."""
    body = vehicle_body(table, v, moving=False)
    return simulate_vehicle_move(table.terrain, body, speed, heading, table_bodies(table, state, v),
                                 rules=ram_rules(table.content.vehicle_rules))


def move_vehicle(act: Act, v: Vehicle, reason: str, heading: float | None = None) -> None:
    """Move the vehicle at its speed, steering to `heading` (default: straight on), resolve every
    contact, then settle the table."""
    state = act.state
    v.moved = True
    if v.speed <= 0 or v.disabled:
        return
    move = simulate(act.table, state, v, v.heading if heading is None else heading, v.speed)
    v.x, v.y = move.end
    v.heading = move.end_heading
    v.moved_distance += move.distance
    for m in state.aboard(v.id):
        m.x, m.y = v.x, v.y
    act.emit(VehicleMoved(vehicle=v.id, path=list(move.path), headings=list(move.headings), end=move.end,
                          end_heading=move.end_heading, speed=v.speed, distance=move.distance,
                          stopped=move.stopped, reason=reason))
    if move.stopped:
        v.speed = 0.0  # stuck against something: the team stands
    suffered: dict[str, int] = {}
    for contact in move.contacts:
        if _off_its_edge(v, contact):
            continue
        _resolve(act, v, contact, move, suffered)
    _apply_shoves(act, move)
    for vid, points in suffered.items():  # nobody scores for crew hurt in their own vehicle's crash
        crew_damage(act, state.vehicle(vid), points, v.owner if vid != v.id else state.vehicle(vid).owner)
    _clear_footprints(act)
    _part_shoved(act, move)
    _check_escape(act, v)


def _off_its_edge(v: Vehicle, c: Contact) -> bool:
    """True for the escorted vehicle touching the table edge it is making for: no crash, it leaves."""
    if v.escort_edge not in EDGE_BEARING or c.other != "static:table-edge":
        return False
    nx, ny = bearing_vector(EDGE_BEARING[v.escort_edge])
    return c.normal[0] * nx + c.normal[1] * ny > 0.7


def _resolve(act: Act, v: Vehicle, c: Contact, move: VehicleMove, suffered: dict[str, int]) -> None:
    """One contact: damage to both sides, or a dodge; then the RamResolved event."""
    state, content = act.state, act.table.content
    prof = profile_of(act.table, v)
    band = content.ram_band(c.impact_speed)
    die = band.die
    what = c.other.split(":", 2)[-1] if c.static else c.other
    label = f"Ram at {c.impact_speed:.1f}\""
    mine = other_dmg = 0
    dodge_roll, dodged, under = 0, False, False
    other_kind = "static"
    if c.static:
        mine = armoured_damage(act, v, prof.base_damage, die, c.facing_hit,
                               f"{label}: the {v.name} hits the {what}")
    elif (o := state.find_vehicle(c.other)) is not None:
        other_kind = "vehicle"
        oprof = profile_of(act.table, o)
        facing: Facing = c.other_facing_hit or "side"
        mine = armoured_damage(act, v, oprof.base_damage, die, c.facing_hit,
                               f"{label}: the {v.name} takes the {o.name}'s weight")
        other_dmg = armoured_damage(act, o, prof.base_damage, die, facing,
                                    f"{label}: the {o.name} takes the {v.name}'s weight")
        damage_vehicle(act, o, "hull", other_dmg, "ram", v.owner)
        suffered[o.id] = suffered.get(o.id, 0) + other_dmg
        o.speed = 0.0  # brought up short: its team stands until it is driven again
    elif (m := state.find(c.other)) is not None and not m.removed:
        other_kind = "rider" if m.steed is not None else "character"
        dodge_roll, dodged, under, other_dmg = _run_down(act, v, m, band)
    damage_vehicle(act, v, "hull", mine, "crash" if c.static else "ram", "")
    if mine:
        suffered[v.id] = suffered.get(v.id, 0) + mine
    act.emit(RamResolved(
        vehicle=v.id, other=c.other, other_kind=other_kind, at=c.at, point=c.point, normal=c.normal,
        tangent=c.tangent, v_rel=c.v_rel, closing=c.closing, impact_speed=c.impact_speed, die=die.label,
        dodge_modifier=band.dodge_modifier, facing_hit=c.facing_hit, other_facing_hit=c.other_facing_hit,
        vehicle_damage=mine, other_damage=other_dmg, dodge_roll=dodge_roll, dodged=dodged,
        under_the_wheels=under, vehicle_end=move.end, vehicle_end_heading=move.end_heading))


def _run_down(act: Act, v: Vehicle, m: Model, band: RamBand) -> tuple[int, bool, bool, int]:
    """A character in the path dodges 4+ (band modifier); returns roll, dodged, under, damage points."""
    rules = act.table.content.vehicle_rules
    prof = profile_of(act.table, v)
    roll, dodged = act.test(m, f"Dodge the {v.name}", rules.dodge_target, band.dodge_modifier)
    if dodged:
        return roll, True, False, 0
    under = roll <= rules.under_the_wheels_on
    points = roll_dice(act, prof.base_damage, band.die, f"Run down by the {v.name}, {m.name}", m.id)
    if under:
        points *= rules.under_the_wheels_factor
    character_damage(act, m, points, v.owner)
    return roll, False, under, points


def _apply_shoves(act: Act, move: VehicleMove) -> None:
    """Riders and vehicles the move pushed end where the physics left them."""
    state = act.state
    for bid, (x, y, heading) in move.displaced.items():
        if (o := state.find_vehicle(bid)) is not None:
            o.x, o.y, o.heading = x, y, heading
            for crew in state.aboard(o.id):
                crew.x, crew.y = x, y
        elif (m := state.find(bid)) is not None and not m.removed:
            m.x, m.y = x, y
            if m.steed is not None:
                m.facing = heading
        else:
            continue
        act.emit(ModelShoved(model=bid, to=(x, y), heading=heading))


def _clear_footprints(act: Act) -> None:
    """Anyone left inside a vehicle's footprint steps (or is knocked) out to the nearest free spot."""

    table, state = act.table, act.state
    for m in state.models:
        if m.removed or m.aboard:
            continue
        v = overlapped_vehicle(table, state, m, m.x, m.y)
        if v is None:
            continue
        prof = profile_of(table, v)
        fx, fy = bearing_vector(v.heading)
        along, across = local_frame(v.x, v.y, v.heading, m.x, m.y)
        side = 1.0 if across >= 0 else -1.0  # the near side first: right (-fy, fx) or left
        for spot in spots_beside(table.bases, v.x, v.y, fx, fy, -fy * side, fx * side, along, prof.length,
                                 prof.width):
            if not position_problem(table, state, m, *spot):
                m.x, m.y = spot
                act.emit(ModelShoved(model=m.id, to=(round(m.x, 4), round(m.y, 4)), heading=m.facing))
                break


def _part_shoved(act: Act, move: VehicleMove) -> None:
    """Men the physics pushed into one another (its bodies may sink a little into each other) step
    apart: each to the nearest spot where his base stands clear."""
    state = act.state
    for bid in move.displaced:
        m = state.find(bid)
        if m is None or m.removed or m.aboard or not position_problem(act.table, state, m, m.x, m.y):
            continue
        spot = nearest_legal(act, m, (m.x, m.y))
        if spot != (m.x, m.y):
            m.x, m.y = spot
            act.emit(ModelShoved(model=m.id, to=(round(m.x, 4), round(m.y, 4)), heading=m.facing))


def _check_escape(act: Act, v: Vehicle) -> None:
    """The escorted vehicle reaching its edge leaves the table with everyone aboard; its side scores."""
    if not v.escort_edge or v.removed or v.disabled:
        return
    prof = profile_of(act.table, v)
    tmap = act.table.terrain
    fx, fy = bearing_vector(v.heading)
    hx = abs(fx) * prof.length / 2 + abs(fy) * prof.width / 2
    hy = abs(fy) * prof.length / 2 + abs(fx) * prof.width / 2
    gap = {"north": v.y - hy, "south": tmap.height - (v.y + hy), "west": v.x - hx,
           "east": tmap.width - (v.x + hx)}[v.escort_edge]
    if gap > EDGE_REACH:
        return
    v.removed = "escaped"
    v.speed = 0.0
    for m in act.state.aboard(v.id):
        m.removed = "escaped"
    valour = v.escort_valour if v.side in act.state.sides else 0
    if valour and v.side != "none":
        act.state.sides[v.side].valour += valour
    act.emit(VehicleEscaped(vehicle=v.id, side=v.side, valour=valour))


def end_of_turn(act: Act) -> None:
    """Vehicles not driven this turn roll on; fires burn and spread; a driverless team slows down."""

    state = act.state
    slowing = act.table.content.vehicle_rules.max_speed_change
    for v in state.vehicles:
        if not v.removed and not v.moved and v.speed > 0 and not v.disabled:
            move_vehicle(act, v, "roll_on")
    fire_phase(act)
    for v in state.vehicles:
        if v.speed > 0 and driver_of(act.table, state, v) is None:
            v.speed = max(0.0, v.speed - slowing)
        v.moved = False
        v.moved_distance = 0.0
