"""Feckless tests and the moves bound up with them (effects, RULES-BRIEF §3, §9.7): carrying out a
move, the Shock of a charge it may cause, and the flight or 'Chaaaarge!' a failed test may cause."""

from __future__ import annotations

import math

from game.rules.charges import mounted_move, offer_reaction, shock_applies
from game.rules.contact import enemies_in_contact
from game.rules.context import Act, Rejected
from game.rules.events import Casualty, FecklessTest, PerkUsed, made
from game.rules.gambits import resolve_gambit
from game.rules.moving import dash, finish_move, ride
from game.rules.paths import MovePlan, contact_points, plan_path
from game.rules.spears import feckless_table_id, in_command, leader_with
from game.rules.state import Model

Point = tuple[float, float]


def feckless_test(act: Act, m: Model, modifier: int = 0, label: str = "Feckless test") -> str:
    """Roll a Feckless test and carry out its result; returns the result key."""
    table = act.table.content.tables[feckless_table_id(act.table, m)]
    inspired = leader_with(act.table, act.state, m, "inspiring")
    bonus = act.state.effects.get("church_bells", 0) + modifier
    if inspired is not None:
        bonus += act.table.skill("inspiring").modifier
    top = max(table.rows, key=lambda r: r.high).low
    purpose = f"{label}, {m.name}, {top}+ acts" + (f" ({bonus:+d})" if bonus else "")
    roll = act.d6(purpose, f"{top}+", m.id)
    if roll + bonus < top and m.reroll_ready:
        m.reroll_ready = False
        act.emit(PerkUsed(model=m.id, effect="reroll"))
        roll = act.d6(purpose + " (reroll)", f"{top}+", m.id)
    rally = leader_with(act.table, act.state, m, "rally") if roll + bonus < top else None
    if rally is not None:
        roll = act.d6(purpose + f" (rallied by {rally.name})", f"{top}+", m.id)
    row = table.lookup(roll + bonus)
    act.emit(made(FecklessTest, model=m.id, roll=roll, result=row.result, text=row.text))
    if row.result == "flee":
        run_for_it(act, m)
    elif row.result in WARHORSE_RESULTS:
        WARHORSE_RESULTS[row.result](act, m)
    return row.result


def _pillage(act: Act, m: Model) -> None:
    """'Ooh! Shiny things!': the rider leaves the field and counts as lost."""
    m.removed = "pillage"
    act.emit(Casualty(model=m.id, by_side="", valour=0))


def _ride_toward(act: Act, m: Model, goal: Model) -> None:
    """A full move straight at another model, stopping short of its base."""

    dist = math.hypot(goal.x - m.x, goal.y - m.y)
    if dist < 2.5 or m.steed is None:
        return
    move = act.table.content.steeds[m.steed].move
    scale = min(move, dist - 2.0) / dist
    target = (m.x + (goal.x - m.x) * scale, m.y + (goal.y - m.y) * scale)
    m.moved = True
    stops = frozenset({"tall", "river", "impassable", "building"})
    ride(act, m, [(m.x, m.y), target], move, stops)


def _to_leader(act: Act, m: Model) -> None:
    """'As my lord commands': ride toward the Spear's leader."""
    hero = act.state.find(m.spear)
    if hero is not None and not hero.removed:
        _ride_toward(act, m, hero)


def _charge_nearest(act: Act, m: Model) -> None:
    """'Chaaaarge!': a Mounted Charge! at the nearest enemy if it can reach, else ride at it."""

    enemies = [e for e in act.state.living() if e.side != m.side]
    if not enemies:
        return
    enemy = min(enemies, key=lambda e: math.hypot(e.x - m.x, e.y - m.y))
    for spot in contact_points(act.table, m, enemy):
        plan = plan_path(act.table, act.state, m, [(m.x, m.y), spot], "mounted_charge")
        if not isinstance(plan, Rejected):
            carry_out_move(act, plan)
            return
    _ride_toward(act, m, enemy)


WARHORSE_RESULTS = {"pillage": _pillage, "to_leader": _to_leader, "charge": _charge_nearest}


def nearest_edge_point(act: Act, m: Model) -> tuple[float, float]:
    """The point on the nearest table edge, directly away from it."""
    w, h = act.table.terrain.width, act.table.terrain.height
    options = [(m.x, (0.0, m.y)), (w - m.x, (float(w), m.y)), (m.y, (m.x, 0.0)),
               (h - m.y, (m.x, float(h)))]
    return min(options, key=lambda o: o[0])[1]


def run_for_it(act: Act, m: Model) -> None:
    """'Run for it!': a full move toward the nearest table edge, stopping short of blockers
    (a rider gallops its steed's Move and jumps what is in the way). A model aboard a vehicle
    cowers in it instead [H]: it stays aboard and its activation ends."""
    if m.aboard:
        return
    tx, ty = nearest_edge_point(act, m)
    length = math.hypot(tx - m.x, ty - m.y)
    if length < 1e-6:
        return
    scale = max(0.0, (length - act.table.bases.radius) / length)  # the last point with the base on the table
    target = (m.x + (tx - m.x) * scale, m.y + (ty - m.y) * scale)
    start = (m.x, m.y)
    if m.steed is not None:

        move = act.table.content.steeds[m.steed].move
        ride(act, m, [start, target], move, frozenset({"tall", "river", "impassable", "building"}))
        return
    dash(act, m, target, act.table.profile(m).move, frozenset({"tall", "river", "impassable"}), "flee",
         stop_at_enemy=True)


def after_move(act: Act, m: Model, before: set[str], start: Point, mounted_charge: bool) -> None:
    """A move that brought new enemies into contact was a charge: shock, then the answer."""
    if m.removed:
        return
    fresh = [e for e in enemies_in_contact(act.table, act.state, m) if e.id not in before]
    if not fresh:
        return
    target = min(fresh, key=lambda e: act.table.bases.edge_distance(m, e))
    if mounted_charge and m.steed is not None:
        target.charged_by_riders += 1
        if shock_applies(act.table, m, target) and not steadied(act, target):
            result = feckless_test(act, target, -1 if target.charged_by_riders >= 2 else 0,
                                   "Shock of the charge")
            if result == "flee" or target.removed:
                return
    offer_reaction(act, m, target, start)


def steadied(act: Act, m: Model) -> bool:
    """Steady the Ranks: a Retainer within the Command Range of his Hero who has it takes no Shock
    of the charge test."""
    return (leader_with(act.table, act.state, m, "steady_the_ranks") is not None
            and in_command(act.table, act.state, m))


def carry_out_move(act: Act, plan: MovePlan) -> None:
    """Carry out a planned move, rolling its gambit first; a move into contact may be a charge."""

    m = plan.model
    m.moved = True
    before = {e.id for e in enemies_in_contact(act.table, act.state, m)}
    if m.steed is not None:
        mounted_move(act, plan)
    elif plan.gambit is None:
        finish_move(act, m, plan.points, plan.route.end, plan.route.cost)
    else:
        resolve_gambit(act, plan)
    after_move(act, m, before, plan.points[0], plan.gambit == "mounted_charge")
