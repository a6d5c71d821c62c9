"""Steeds (effects): Jump tests, Thrown Riders, steed hits and deaths, Horse Bolts, unhorsing,
spooking and riderless steeds (§9.5, §9.8-§9.11)."""

from __future__ import annotations

import math

from game.content.models import DiceTable, Steed
from game.physics.bolt import BoltBody, BoltResult, bearing_vector, simulate_bolt
from game.rules.bolting import crossing, cut_path, find_obstacle, inside, landing, point_at
from game.rules.context import Act
from game.rules.damage import mishap, take_hit, wound
from game.rules.events import (
    HorseBolted,
    JumpTest,
    RiderThrown,
    SteedHit,
    SteedKilled,
    SteedSpooked,
    Unhorsed,
)
from game.rules.movement import back_off, leg_facing, position_problem
from game.rules.state import Model, NoSide, Side, other_side
from game.terrain.terrain_map import Obstacle

Point = tuple[float, float]


def steed_of(act: Act, m: Model) -> Steed:
    """The content entry of the model's steed (the model must be mounted)."""
    assert m.steed is not None, f"{m.id} is not mounted"
    return act.table.content.steeds[m.steed]


def rider_dice(act: Act, m: Model) -> int:
    """Dice a rider rolls for Thrown Rider and keep-seat tests: one per Prowess, Retainers one."""
    return max(1, act.table.profile(m).prowess or 0)


def jump_test(act: Act, m: Model, obstacle: Obstacle, at: Point | None = None) -> str:
    """Roll a Jump test over an obstacle; a fall throws the rider. Returns the table result."""
    table = act.table.content.tables["jump_test"]
    purpose = f"Jump test, {m.name}, over the {obstacle.name}: 6 sails over, 1 falls"
    roll = act.d6(purpose, "2+", m.id)
    result = table.lookup(roll).result
    rerolled = False
    if result == "falls" and act.table.has_skill(m, "equestrian"):
        rerolled = True
        roll = act.d6(purpose + " (Equestrian reroll)", "2+", m.id)
        result = table.lookup(roll).result
    act.emit(JumpTest(model=m.id, obstacle=obstacle.name, roll=roll, result=result,
                      rerolled=rerolled))
    if result == "falls":
        modifier = 0
        if obstacle.kind == "stakes":
            full = m.steed_health >= steed_of(act, m).health
            steed_hit(act, m, "stakes", "")
            modifier = -1 if full and m.steed_health <= 0 else 0
        thrown_rider(act, m, modifier, at=at)
    return result


def thrown_rider(act: Act, m: Model, modifier: int = 0, by_side: Side | NoSide = "",
                 at: Point | None = None) -> str:
    """Thrown Rider test: best of the rider's dice + modifier; the steed is lost. Returns the result."""
    table = act.table.content.tables["thrown_rider"]
    n = rider_dice(act, m)
    modifier += act.table.skill_modifier(m, "sure_seat")
    mod = f" {modifier:+d}" if modifier else ""
    purpose = (f"Thrown Rider test, {m.name}: best of {n}{mod}, 6 lands on their feet, "
               "1 crushed")
    rolls = [act.d6(purpose, "6", m.id) for _ in range(n)]
    row = table.lookup(max(rolls) + modifier)
    lose_steed(act, m)
    spot = place_on_foot(act, m, at if at is not None else (m.x, m.y))
    act.emit(RiderThrown(model=m.id, rolls=rolls, modifier=modifier, result=row.result, at=spot))
    side = by_side or other_side(m.side)
    if row.wounds:  # crushed, a hard fall (tables.toml)
        wound(act, m, row.wounds, side)
    if row.result == "hard_fall":
        if not m.removed:
            m.stunned = max(m.stunned, 1)
    elif row.result == "winded":
        mishap(act, m)
    return row.result




def bands(table: DiceTable) -> str:
    """A d6 table's rows in words, e.g. "1 falls, 2-3 bolts, 4 rears, 5-6 steadies"."""
    out = []
    for r in sorted(table.rows, key=lambda r: r.low):
        low, high = max(r.low, 1), min(r.high, 6)
        if low <= high:
            out.append(f"{low} {r.result}" if low == high else f"{low}-{high} {r.result}")
    return ", ".join(out)


def lose_steed(act: Act, m: Model) -> None:
    """Take the steed away: the model is on foot from now on (its facing is kept)."""
    m.steed = None
    m.steed_health = 0
    m.charge_bonus = False


def place_on_foot(act: Act, m: Model, at: Point) -> Point:
    """Put a (now dismounted) model at the legal position nearest `at` and return it."""
    tmap = act.table.terrain
    r = act.table.bases.radius
    x = min(max(at[0], r), tmap.width - r)
    y = min(max(at[1], r), tmap.height - r)
    spot = nearest_legal(act, m, (x, y))
    m.x, m.y = spot
    return spot


def nearest_legal(act: Act, m: Model, at: Point, reach: float = 4.0) -> Point:
    """The legal position for the model nearest `at`, searched in rings (`at` itself if none)."""
    if not position_problem(act.table, act.state, m, *at):
        return at
    step = 0.25
    for ring in range(1, int(reach / step) + 1):
        r = ring * step
        count = max(8, int(2 * math.pi * r / step))
        for k in range(count):
            a = 2 * math.pi * k / count
            q = (at[0] + r * math.sin(a), at[1] - r * math.cos(a))
            if not position_problem(act.table, act.state, m, *q):
                return q
    return at


def steed_hit(act: Act, m: Model, source: str, by_side: Side | NoSide, save_modifier: int = 0,
              outright: bool = False, attacker: Model | None = None) -> bool:
    """One hit on a steed: it saves or loses 1 Health, then dies or rolls on a steed hit table.

    `source` is "shooting", "melee" or "stakes" (stakes: no table roll and no throw here; the
    Jump test throws the rider). Returns True if the steed lost Health.
    """
    if m.steed is None or m.removed:
        return False
    steed = steed_of(act, m)
    full = m.steed_health >= steed.health
    if _steed_saves(act, m, steed, source, save_modifier):
        return False
    m.steed_health = max(0, m.steed_health - 1)
    if m.steed_health == 0:
        act.emit(SteedHit(model=m.id, source=source, steed_health=0, result="killed"))
        steed_killed(act, m, by_side)
        if source != "stakes":
            thrown_rider(act, m, -1 if outright or full else 0, by_side)
        return True
    if source == "stakes":
        act.emit(SteedHit(model=m.id, source=source, steed_health=m.steed_health))
        return True
    table_id = "steed_hit_melee" if source == "melee" and steed.can_charge else "steed_hit_shooting"
    table = act.table.content.tables[table_id]
    roll = act.d6(f"{table.name}, {m.name}'s {steed.name}: {bands(table)}", "", m.id)
    result = table.lookup(roll).result
    act.emit(SteedHit(model=m.id, source=source, steed_health=m.steed_health, roll=roll,
                      result=result))
    _steed_reacts(act, m, result, by_side, attacker)
    return True


def _steed_saves(act: Act, m: Model, steed: Steed, source: str, save_modifier: int) -> bool:
    """Roll the steed's save (no save above 6; a natural 1 fails)."""
    need = steed.save - save_modifier
    if need > 6:
        return False
    need = max(need, 2)
    roll = act.d6(f"Save, {m.name}'s {steed.name} ({source}), needs {need}+", f"{need}+", m.id)
    return roll != 1 and roll >= need


def _steed_reacts(act: Act, m: Model, result: str, by_side: Side | NoSide, attacker: Model | None) -> None:
    """Carry out a steed hit table result."""
    if result == "falls":
        thrown_rider(act, m, -1, by_side)
    elif result == "bolts":
        horse_bolts(act, m, by_side)
    elif result == "rears":
        mishap(act, m)
    elif result == "enraged":
        kick(act, m, attacker)


def kick(act: Act, m: Model, attacker: Model | None) -> bool:
    """An enraged horse kicks: one free Fight die against the attacker. True if it struck."""
    if attacker is None or attacker.removed or m.steed is None:
        return False
    strike_on = act.table.numbers.strike_on
    steed = steed_of(act, m)
    roll = act.d6(f"Enraged {steed.name} of {m.name} kicks {attacker.name}: strikes on "
                  f"{strike_on}+", f"{strike_on}+", m.id)
    if roll < strike_on:
        return False
    take_hit(act, attacker, m.side)
    return True


def steed_killed(act: Act, m: Model, by_side: Side | NoSide) -> None:
    """Record a dead steed and give its Valour to the side that killed it (the rider is not moved)."""
    valour = act.table.numbers.valour_steed if by_side and by_side != m.side else 0
    if valour and by_side:
        act.state.sides[by_side].valour += valour
    act.emit(SteedKilled(model=m.id, by_side=by_side, valour=valour))


def unhorse(act: Act, rider: Model, by: Model) -> int:
    """"Pull him down!": the rider is unhorsed unhurt and rolls for stun. Returns turns of stun."""
    table = act.table.content.tables["stun"]
    roll = act.d6(f"Stun, {rider.name} pulled down by {by.name}: 1-2 not stunned, "
                  "3-5 one turn, 6 three turns", "", rider.id)
    turns = int(table.lookup(roll).result)
    lose_steed(act, rider)
    place_on_foot(act, rider, (rider.x, rider.y))
    rider.stunned = max(rider.stunned, turns)
    act.emit(Unhorsed(model=rider.id, by=by.id, stunned=turns))
    return turns


def spook_tests(act: Act, shooter: Model) -> list[str]:
    """After a noisy weapon fires: Nags and Beasts of Burden within spook_range test; 1-2 bolts them.

    Returns the ids of the models whose steeds bolted.
    """
    steeds = act.table.content.steeds
    numbers, bases = act.table.numbers, act.table.bases
    bolts_on = numbers.spook_bolts_on
    near = [o for o in act.state.models
            if o is not shooter and not o.removed and o.steed is not None
            and not steeds[o.steed].can_charge and bases.edge_distance(shooter, o) <= numbers.spook_range]
    bolted: list[str] = []
    for o in near:
        if o.removed or o.steed is None:
            continue
        name = steeds[o.steed].name
        roll = act.d6(f"Spooking at gunfire, {o.name}'s {name}: 1-{bolts_on} it bolts",
                      f"{bolts_on + 1}+", o.id)
        bolts = roll <= bolts_on
        act.emit(SteedSpooked(model=o.id, roll=roll, bolted=bolts))
        if bolts:
            bolted.append(o.id)
            horse_bolts(act, o, shooter.side)
    return bolted


def horse_bolts(act: Act, m: Model, by_side: Side | NoSide = "") -> HorseBolted:
    """The steed runs its full Move on a d12 clock bearing; then Jump tests and the seat test.

    `by_side` is the side that caused the bolt, for the Valour of any wounds from a fall.
    The HorseBolted event (with the simulated path) goes before the events of its consequences.
    """
    steed = steed_of(act, m)
    hours = act.table.numbers.bolt_direction_die
    roll = act.dice.roll(f"Bolt direction (clock), {m.name}'s {steed.name}: {hours} is up the table",
                         hours, "", m.id)
    bearing = (roll % hours) * (360.0 / hours)
    result = simulate_bolt(act.table.terrain, (m.x, m.y), bearing, steed.move, bodies(act, m),
                           act.table.bases.radius)
    mark = len(act.events)
    stood = m.facing  # it turns to run; where it cannot run at all it may not be able to turn either
    m.facing = bearing
    if m.riderless:
        event = _riderless_run(act, m, bearing, result, stood)
    else:
        event = _ridden_run(act, m, bearing, result, by_side, stood)
    act.events.insert(mark, event)
    return event


def bodies(act: Act, m: Model) -> list[BoltBody]:
    """The other models as circles the bolting horse bumps into (a mounted base is two)."""
    out: list[BoltBody] = []
    bases = act.table.bases
    for o in act.state.models:
        if o is m or o.removed or o.aboard:
            continue
        ax, ay, bx, by = bases.spine(o)
        out.append(BoltBody(ax, ay, bases.radius))
        if (ax, ay) != (bx, by):
            out.append(BoltBody(bx, by, bases.radius))
    for v in act.state.vehicles:  # a cart or wagon: a row of circles as wide as it is
        if v.removed:
            continue
        prof = act.table.content.vehicles[v.profile]
        fx, fy = bearing_vector(v.heading)
        n = max(1, math.ceil(prof.length / prof.width))
        for i in range(n):
            a = -prof.length / 2 + prof.width / 2 + i * (prof.length - prof.width) / max(1, n - 1)
            out.append(BoltBody(v.x + fx * a, v.y + fy * a, prof.width / 2))
    return out


def _ridden_run(act: Act, m: Model, bearing: float, result: BoltResult, by_side: Side | NoSide,
                stood: float) -> HorseBolted:
    """Jump tests on the way, the table edge, then the keep-seat test at the end."""
    tmap = act.table.terrain
    path: list[Point] = [(float(x), float(y)) for x, y in result.path]
    jumped: list[str] = []
    done = 0.0  # distance along the path of the last jump
    for i, name in enumerate(result.jumps):
        obs = find_obstacle(tmap, name)
        if obs is None:
            continue
        jumped.append(name)
        if i < len(result.jump_at):
            done = result.jump_at[i]
            where = point_at(path, done)
        else:
            where, done = crossing(tmap, path, obs, done)
        if jump_test(act, m, obs, at=landing(path, where, obs, act.table.bases.radius)) == "falls":
            return _event(m, bearing, cut_path(path, where), jumped, False, False)
    if result.left_table:
        exit_point = result.exit_point if result.exit_point is not None else path[-1]
        thrown_rider(act, m, 0, by_side, at=inside(tmap, exit_point, act.table.bases.radius))
        return _event(m, bearing, path, jumped, True, False)
    path = _pull_up(act, m, path, result, stood)
    kept = keep_seat(act, m)
    if not kept:
        thrown_rider(act, m, 0, by_side)
    return _event(m, bearing, path, jumped, False, kept)


def _riderless_run(act: Act, m: Model, bearing: float, result: BoltResult, stood: float) -> HorseBolted:
    """A riderless steed ("steeds stay") just runs; off the table it is gone."""
    path: list[Point] = [(float(x), float(y)) for x, y in result.path]
    if result.left_table:
        m.removed = "fled"
        return _event(m, bearing, path, list(result.jumps), True, False)
    path = _pull_up(act, m, path, result, stood)
    return _event(m, bearing, path, list(result.jumps), False, False)


def _pull_up(act: Act, m: Model, path: list[Point], result: BoltResult, stood: float) -> list[Point]:
    """Where the run stops: the furthest legal spot on its path, facing along the path there
    (the facing the legality was checked with); returns the path cut there. A horse that could
    not run at all stays as it stood if turning to the bolt's bearing would not fit."""
    end = back_off(act.table, act.state, m, path, (float(result.end[0]), float(result.end[1])))
    path = cut_path(path, end)
    m.x, m.y = end
    if len(path) >= 2:
        m.facing = leg_facing(m, path[-2], path[-1])
    elif position_problem(act.table, act.state, m, *end, m.facing):
        m.facing = stood
    return path


def _event(m: Model, bearing: float, path: list[Point], jumps: list[str], left: bool,
           kept: bool) -> HorseBolted:
    return HorseBolted(model=m.id, bearing=bearing, path=path, jumps=jumps, left_table=left,
                       kept_seat=kept)


def keep_seat(act: Act, m: Model) -> bool:
    """One d6 per Prowess (Retainers one): any 4+ (keep_seat_on) keeps the seat and regains control."""
    n = rider_dice(act, m)
    on = act.table.numbers.keep_seat_on
    sure = act.table.skill_modifier(m, "sure_seat")  # Sure Seat adds to each die
    tail = f" (Sure Seat {sure:+d})" if sure else ""
    rolls = [act.d6(f"Keep the seat, {m.name}: any {on}+ on {n} d6 keeps it{tail}", f"{on}+", m.id)
             for _ in range(n)]
    return any(r + sure >= on for r in rolls)


def riderless_steeds_test(act: Act, card: str) -> None:
    """Riderless steeds of an activating Spear test like Feckless Retainers and bolt on any
    result but 'Aye, my lord'."""

    table = act.table.content.tables["feckless_normal"]
    stands = f"{min(r.low for r in table.rows if r.result == 'normal')}+"
    for horse in [h for h in act.state.models if h.riderless and not h.removed and h.spear == card]:
        roll = act.d6(f"Riderless {horse.name} tests: {stands} stands, else it bolts", stands, horse.id)
        if table.lookup(roll).result != "normal":
            horse_bolts(act, horse)
