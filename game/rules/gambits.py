"""Movement Gambits on foot: Charge!, Run!, Climb, River Crossing; Mishaps and Calamities (§4)."""

from __future__ import annotations

import math
from typing import Literal

from game.rules.context import Act
from game.rules.damage import mishap, take_hit, wound
from game.rules.events import GambitRolled, Moved
from game.rules.movement import back_off
from game.rules.moving import finish_move, partial_move
from game.rules.paths import GAMBIT_NAMES, MovePlan
from game.rules.state import Model, other_side

# what a Mishap stops short of: the extra distance, the wall, or the river
STOP_ON_MISHAP = {
    "charge": frozenset(),
    "run": frozenset(),
    "climb": frozenset({"tall"}),
    "river_crossing": frozenset({"river"}),
}
CALAMITY_TEXT = {
    "charge": "Headlong! The model trips, goes nowhere, takes a hit and a Mishap token.",
    "run": "Turned ankle! The model goes nowhere, loses 1 Health and takes a Mishap token.",
    "climb": "Falls from the top! The model stays on this side, loses 1 Health, Mishap token.",
    "river_crossing": "Swept away! The current carries the model 2D6\" downstream; it loses "
                      "1 Health and takes a Mishap token.",
}


def gambit_roll(act: Act, m: Model, gambit: str) -> Literal["success", "mishap", "calamity"]:
    """Roll a gambit: 'success' on 2+, 'mishap' on a 1, 'calamity' on a 1 confirmed by a 1."""
    name = GAMBIT_NAMES.get(gambit, gambit)
    need = act.table.numbers.gambit_success
    roll, passed = act.test(m, f"{name} gambit", need)
    if not passed and gambit == "mounted_charge" and act.table.has_skill(m, "born_in_the_saddle"):
        roll = act.d6(f"{name} gambit, {m.name}, needs {need}+ (Born in the Saddle reroll)", f"{need}+", m.id)
        passed = roll != 1 and roll >= need
    if passed:
        return "success"
    confirm = act.d6(f"{name} Mishap confirmation, {m.name}: a 1 is a Calamity", "2+", m.id)
    return "calamity" if confirm == 1 else "mishap"


def resolve_gambit(act: Act, plan: MovePlan) -> None:
    """Roll the plan's gambit and move accordingly."""
    m = plan.model
    gambit = plan.gambit or ""
    outcome = gambit_roll(act, m, gambit)
    if outcome == "success":
        bonus = 0.0
        if gambit == "charge":
            bonus = act.table.numbers.charge_bonus
        elif gambit == "run":
            die = act.table.numbers.run_bonus_die
            bonus = float(act.dice.roll(f"Run! extra distance, {m.name}", die, f"D{die}", m.id))
            if act.table.has_skill(m, "fleet_of_foot"):
                bonus += act.table.skill("fleet_of_foot").inches
        act.emit(GambitRolled(model=m.id, gambit=gambit, outcome=outcome, bonus=bonus))
        budget = plan.allowance + bonus
        if plan.route.cost <= budget + 1e-9:
            finish_move(act, m, plan.points, plan.route.end, plan.route.cost)
        else:
            partial_move(act, plan, budget, frozenset())
        return
    if outcome == "mishap":
        act.emit(GambitRolled(model=m.id, gambit=gambit, outcome=outcome,
                              text="Mishap: no extra move, and a Mishap token."))
        partial_move(act, plan, plan.allowance, STOP_ON_MISHAP[gambit])
        mishap(act, m)
        return
    act.emit(GambitRolled(model=m.id, gambit=gambit, outcome=outcome,
                          text=CALAMITY_TEXT[gambit]))
    calamity(act, plan, gambit)


def calamity(act: Act, plan: MovePlan, gambit: str) -> None:
    """Carry out a gambit's Calamity."""
    m = plan.model
    if gambit == "climb":
        partial_move(act, plan, plan.allowance, frozenset({"tall"}))
    elif gambit == "river_crossing":
        swept_downstream(act, plan)
    if gambit == "charge":
        take_hit(act, m, other_side(m.side))
    else:
        wound(act, m, 1, "")
    if not m.removed:
        mishap(act, m)


def swept_downstream(act: Act, plan: MovePlan) -> None:
    """Carry the model 2D6 inches along the river's flow from where it entered the water."""
    m = plan.model
    partial_move(act, plan, plan.allowance, frozenset({"river"}))
    n = act.table.numbers.river_swept_dice
    dist = sum(act.dice.rolls(n, f"Swept downstream, {m.name}: {n}D6 inches", model=m.id))
    flow = float(act.table.terrain.properties.get("river_flow", 180.0))  # type: ignore[arg-type]
    rad = math.radians(flow)
    start = (m.x, m.y)
    tx, ty = m.x + dist * math.sin(rad), m.y - dist * math.cos(rad)
    w, h = act.table.terrain.width, act.table.terrain.height
    r = act.table.bases.radius
    tx, ty = min(max(tx, r), w - r), min(max(ty, r), h - r)
    end = back_off(act.table, act.state, m, [start, (tx, ty)], (tx, ty))
    if end != start:
        m.x, m.y = end
        act.emit(Moved(model=m.id, path=[start, end], cost=0.0, reason="swept"))
