"""Command Range and Feckless tests (RULES-BRIEF §3)."""

from __future__ import annotations

import math

from game.rules.context import Act, Rejected, Table
from game.rules.events import Casualty, FecklessTest, PerkUsed
from game.rules.geometry import edge_distance
from game.rules.movement import dash
from game.rules.state import GameState, Model


def command_range(table: Table, hero: Model) -> float:
    """A Hero's Command Range in inches: 2 per Prowess on foot, 3 per Prowess mounted."""
    prowess = table.profile(hero).prowess or 0
    per = table.numbers.command_range_mounted if hero.steed else table.numbers.command_range_foot
    return per * prowess


def in_command(table: Table, state: GameState, m: Model) -> bool:
    """True if a model is a Hero, or a Retainer within its living Hero's Command Range."""
    if m.spear == m.id:
        return True
    hero = state.find(m.spear)
    if hero is None or hero.removed:
        return False
    return edge_distance(m, hero) <= command_range(table, hero)


def feckless_table_id(table: Table, m: Model) -> str:
    """Which Feckless table the model uses (by steed)."""
    if m.steed is None:
        return "feckless_normal"
    return table.content.steeds[m.steed].feckless_table


def feckless_test(act: Act, m: Model, modifier: int = 0, label: str = "Feckless test") -> str:
    """Roll a Feckless test and carry out its result; returns the result key."""
    table = act.table.content.tables[feckless_table_id(act.table, m)]
    bonus = act.state.effects.get("church_bells", 0) + modifier
    top = max(table.rows, key=lambda r: r.high).low
    purpose = f"{label}, {m.name}, {top}+ acts" + (f" ({bonus:+d})" if bonus else "")
    roll = act.d6(purpose, f"{top}+", m.id)
    if roll + bonus < top and m.reroll_ready:
        m.reroll_ready = False
        act.emit(PerkUsed(model=m.id, effect="reroll"))
        roll = act.d6(purpose + " (reroll)", f"{top}+", m.id)
    row = table.lookup(roll + bonus)
    act.emit(FecklessTest(model=m.id, roll=roll, result=row.result, text=row.text))
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
    from game.rules.riding import ride

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
    from game.rules.legal import contact_points
    from game.rules.move_command import do_move, plan_path

    enemies = [e for e in act.state.living() if e.side != m.side]
    if not enemies:
        return
    enemy = min(enemies, key=lambda e: math.hypot(e.x - m.x, e.y - m.y))
    for spot in contact_points(m, enemy):
        plan = plan_path(act.table, act.state, m, [(m.x, m.y), spot], "mounted_charge")
        if not isinstance(plan, Rejected):
            do_move(act, plan)
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
    scale = max(0.0, (length - 0.5) / length)  # the last point where the base is on the table
    target = (m.x + (tx - m.x) * scale, m.y + (ty - m.y) * scale)
    start = (m.x, m.y)
    if m.steed is not None:
        from game.rules.riding import ride

        move = act.table.content.steeds[m.steed].move
        ride(act, m, [start, target], move, frozenset({"tall", "river", "impassable", "building"}))
        return
    dash(act, m, target, act.table.profile(m).move, frozenset({"tall", "river", "impassable"}), "flee",
         stop_at_enemy=True)
