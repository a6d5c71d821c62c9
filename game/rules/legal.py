"""What a side may do now: a finite, useful sample of legal commands for the UI and the AI."""

from __future__ import annotations

import math

from game.physics.bolt import bearing_vector
from game.rules.activation import check_activate
from game.rules.boarding import free_seats
from game.rules.commands import (
    Activate,
    Board,
    BreakAway,
    ClimbDown,
    Command,
    Dismount,
    Drive,
    EndActivation,
    EndSpear,
    Fight,
    Loot,
    Move,
    PlayPerk,
    React,
    Reload,
    Remount,
    SetDrill,
    Shoot,
)
from game.rules.contact import enemies_in_contact
from game.rules.context import Rejected, Table
from game.rules.geometry import BASE_RADIUS, bearing_point
from game.rules.guards import check_can_move
from game.rules.handlers import HANDLERS
from game.rules.missiles import missile_weapon
from game.rules.movement import back_off, walk
from game.rules.paths import base_allowance, contact_points, plan_path
from game.rules.perks import plan_perk
from game.rules.spears import spear_members
from game.rules.state import GameState, Model, Vehicle
from game.rules.vehicles import EDGE_BEARING, driver_of, top_speed, touching, turn_between

BEARINGS = tuple(range(0, 360, 30))
GAMBIT_FEATURE = {"tall": "climb", "river": "river_crossing"}


def legal_commands(table: Table, state: GameState, side: str) -> list[Command]:
    """Commands the side may give now; every one of them would be accepted by submit."""
    if state.over or side != state.acting_side:
        return []
    if state.pending is not None:
        return [React(side=side, choice=c) for c in state.pending.options]  # type: ignore[arg-type]
    if not state.active_model:
        return _between_models(table, state, side)
    m = state.model(state.active_model)
    out: list[Command] = [EndActivation(side=side, model=m.id)]  # type: ignore[arg-type]
    out.extend(_actions(table, state, m))
    out.extend(_moves(table, state, m))
    out.extend(_drives(table, state, m))
    out.extend(_boarding(table, state, m))
    out.extend(c for c in (Remount(side=side, model=m.id, steed=h.id)  # type: ignore[arg-type]
                           for h in state.models if h.riderless and not h.removed and h.side == side)
               if _ok(table, state, c))
    out.extend(_perks(table, state, side, m.id))
    return out


def _ok(table: Table, state: GameState, cmd: Command) -> bool:

    return not isinstance(HANDLERS[cmd.type][0](table, state, cmd), Rejected)


def _between_models(table: Table, state: GameState, side: str) -> list[Command]:
    out: list[Command] = [EndSpear(side=side)]  # type: ignore[arg-type]
    for m in spear_members(state, state.current_card):
        cmd = Activate(side=side, model=m.id)  # type: ignore[arg-type]
        if not isinstance(check_activate(table, state, cmd), Rejected):
            out.append(cmd)
            if m.spear != m.id:
                out.extend(_perks(table, state, side, m.id, only="rally"))
    out.extend(_perks(table, state, side, None))
    return out


def _perks(table: Table, state: GameState, side: str, model: str | None,
           only: str = "") -> list[Command]:
    out: list[Command] = []
    for card in sorted(set(state.sides[side].perks)):
        if only and table.content.perks[card].effect != only:
            continue
        cmd = PlayPerk(side=side, card=card, model=model)  # type: ignore[arg-type]
        if not isinstance(plan_perk(table, state, cmd), Rejected):
            out.append(cmd)
    return out


def _actions(table: Table, state: GameState, m: Model) -> list[Command]:
    side = m.side
    out: list[Command] = []
    engaged = enemies_in_contact(table, state, m)
    if engaged and table.has_skill(m, "skilld_at_arms"):  # a drill matters once in contact
        out.extend(SetDrill(side=side, model=m.id, drill=d)  # type: ignore[arg-type]
                   for d in ("thrust", "parry", "fend") if d != m.drill)
    if m.acted:
        return out
    candidates: list[Command] = [Reload(side=side, model=m.id),  # type: ignore[arg-type]
                                 Dismount(side=side, model=m.id),  # type: ignore[arg-type]
                                 BreakAway(side=side, model=m.id)]  # type: ignore[arg-type]
    options: list[str | None] = [None]
    if table.has_skill(m, "skilld_at_arms"):
        options += ["thrust", "parry", "fend"]
    for enemy in engaged:
        candidates.extend(Fight(side=side, model=m.id, target=enemy.id,  # type: ignore[arg-type]
                                option=o) for o in options)
        if m.steed is not None and enemy.steed is not None:
            candidates.append(Fight(side=side, model=m.id, target=enemy.id, at_steed=True))  # type: ignore
        if m.steed is None and enemy.steed is not None and "bill" in m.weapons:
            candidates.append(Fight(side=side, model=m.id, target=enemy.id, pull_down=True))  # type: ignore
    if not engaged and not m.aboard:  # a cart or wagon within reach: strike it where it is open
        for v in state.vehicles:
            if v.side != side and not v.removed and touching(table, m, v):
                locations = sorted({row.result for row in table.content.vehicles[v.profile].hit_locations})
                candidates.extend(Fight(side=side, model=m.id, target=v.id, location=loc)  # type: ignore
                                  for loc in locations)
    if not engaged and missile_weapon(table, m) is not None and not m.reloads_needed:
        candidates.extend(Shoot(side=side, model=m.id, target=e.id)  # type: ignore[arg-type]
                          for e in state.living() if e.side != side and not e.aboard)
        candidates.extend(Shoot(side=side, model=m.id, target=v.id)  # type: ignore[arg-type]
                          for v in state.vehicles if v.side != side and not v.removed)
    for obj in table.terrain.objectives:
        if obj.kind == "loot" and obj.name not in state.looted:
            candidates.append(Loot(side=side, model=m.id, objective=obj.name))  # type: ignore
    out.extend(c for c in candidates if _ok(table, state, c))
    return out


def _moves(table: Table, state: GameState, m: Model) -> list[Command]:
    side = m.side
    if check_can_move(table, state, m, None) is not None:
        return []
    allowance = base_allowance(table, m)
    mounted = m.steed is not None
    start = (m.x, m.y)
    seen: set[tuple[float, float, str | None]] = set()
    out: list[Command] = []

    def offer(end: tuple[float, float], gambit: str | None) -> None:
        key = (round(end[0], 2), round(end[1], 2), gambit)
        if key in seen or math.dist(end, start) < 0.5:
            return
        seen.add(key)
        if gambit is not None and check_can_move(table, state, m, gambit) is not None:
            return
        if not isinstance(plan_path(table, state, m, [start, end], gambit), Rejected):
            out.append(Move(side=side, model=m.id, path=(end,), gambit=gambit))  # type: ignore

    stops = frozenset({"tall", "river", "impassable", "building"})
    for bearing in BEARINGS:
        far = bearing_point(m.x, m.y, bearing, allowance + 3.0)
        route = walk(table, [start, far], mounted, allowance, stops)
        end = back_off(table, state, m, [start, far], route.end)
        offer(end, None)
        if bearing % 60 == 0:
            offer(((start[0] + end[0]) / 2, (start[1] + end[1]) / 2), None)
        if not mounted and route.stopped_by == "budget":
            run = walk(table, [start, far], mounted, allowance + 2.0, stops)
            offer(back_off(table, state, m, [start, far], run.end), "run")
        gambit = GAMBIT_FEATURE.get(route.stopped_by)
        if gambit and (not mounted or gambit == "river_crossing"):
            beyond = walk(table, [start, far], mounted, allowance,
                          stops - {route.stopped_by})
            offer(back_off(table, state, m, [start, far], beyond.end), gambit)
    _contact_moves(table, state, m, allowance, offer)
    return out


def _boarding(table: Table, state: GameState, m: Model) -> list[Command]:
    """Climbing down; taking the reins of a driverless vehicle; climbing aboard one in reach."""
    if m.moved:
        return []
    side = m.side
    out: list[Command] = []
    if m.aboard:
        out.append(ClimbDown(side=side, model=m.id))  # type: ignore[arg-type]
        v = state.vehicle(m.aboard)
        if driver_of(table, state, v) is None:
            drivers = [s.name for s in table.content.vehicles[v.profile].drivers]
            out.extend(Board(side=side, model=m.id, vehicle=v.id, seat=s)  # type: ignore[arg-type]
                       for s in free_seats(table, state, v) if s in drivers)
    else:
        for v in state.vehicles:
            if v.side in (side, "none") and not v.removed and math.dist((v.x, v.y), (m.x, m.y)) < 5.0:
                out.extend(Board(side=side, model=m.id, vehicle=v.id, seat=s)  # type: ignore[arg-type]
                           for s in free_seats(table, state, v)[:2])
    return [c for c in out if _ok(table, state, c)]


DRIVE_TURNS = (0.0, -30.0, 30.0, -60.0, 60.0, -90.0, 90.0)


def _drives(table: Table, state: GameState, m: Model) -> list[Command]:
    """Drives for a driver: a few turns at slower, the same and faster speeds (and the way to go)."""
    if not m.aboard or m.moved:
        return []
    v = state.vehicle(m.aboard)
    rules = table.content.vehicle_rules
    top = top_speed(table, v)
    speeds = sorted({round(min(top, max(0.0, v.speed + d)), 1) for d in (-rules.max_speed_change, 0.0,
                                                                          rules.max_speed_change)})
    headings = [v.heading + t for t in DRIVE_TURNS]
    if v.escort_edge:  # straight for the edge it is making for, as far as one Drive may turn
        turn = turn_between(v.heading, EDGE_BEARING[v.escort_edge])
        headings.insert(0, v.heading + max(-rules.max_turn, min(rules.max_turn, turn)))
    out: list[Command] = []
    for h in headings:
        for speed in speeds:
            cmd = Drive(side=m.side, model=m.id, heading=round(h % 360.0, 1) % 360.0,  # type: ignore
                        speed=speed)
            if cmd not in out and _ok(table, state, cmd):
                out.append(cmd)
    return out


def _contact_moves(table: Table, state: GameState, m: Model, allowance: float,
                   offer) -> None:  # type: ignore[no-untyped-def]
    """Offer base-contact positions on every enemy within charge reach."""
    start = (m.x, m.y)
    gambit = "charge" if m.steed is None else "mounted_charge"
    bonus = table.numbers.charge_bonus if m.steed is None else 5.0
    reach = allowance + bonus + 2.0
    for enemy in state.living():
        if enemy.side == m.side or enemy.aboard:
            continue
        dist = math.hypot(m.x - enemy.x, m.y - enemy.y)
        if dist > reach or dist < 1e-6:
            continue
        for end in contact_points(m, enemy):
            if math.dist(end, start) <= allowance:
                offer(end, None)
            offer(end, gambit)
    for v in state.vehicles:  # beside an enemy or abandoned cart (to strike or take it), or a driverless one
        if v.removed or math.dist((v.x, v.y), start) > allowance + 4.0:
            continue
        if v.side == m.side and driver_of(table, state, v) is not None:
            continue
        for end in vehicle_contact_points(table, v):
            if math.dist(end, start) <= allowance:
                offer(end, None)


def vehicle_contact_points(table: Table, v: Vehicle) -> list[tuple[float, float]]:
    """Spots touching a vehicle's sides, fore and aft (a foot base's centre)."""
    prof = table.content.vehicles[v.profile]
    fx, fy = bearing_vector(v.heading)
    rx, ry = -fy, fx
    side = prof.width / 2 + BASE_RADIUS + 0.05
    end = prof.length / 2 + BASE_RADIUS + 0.05
    spots = [(a * prof.length / 3, s * side) for a in (-1, 0, 1) for s in (-1, 1)]
    spots += [(s * end, 0.0) for s in (-1, 1)]
    return [(round(v.x + fx * a + rx * b, 3), round(v.y + fy * a + ry * b, 3)) for a, b in spots]
