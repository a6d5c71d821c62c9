"""The handler table: for each command type, its planner (reads only) and its doer (acts)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.rules import (
    boarding,
    charging,
    driving,
    melee,
    move_command,
    perks,
    riding,
    shooting,
    vehicle_melee,
)
from game.rules.activation import (
    check_activate,
    check_end_activation,
    check_end_spear,
    do_activate,
    do_end_spear,
    end_activation,
)
from game.rules.context import Act, Rejected, Table
from game.rules.state import GameState

Planner = Callable[[Table, GameState, Any], Any]


Doer = Callable[[Act, Any, Any], None]


def _plan_end_activation(table: Table, state: GameState, cmd: Any) -> Any:
    return check_end_activation(state, cmd)


def _plan_end_spear(table: Table, state: GameState, cmd: Any) -> Any:
    return check_end_spear(state, cmd) or True


def _plan_fight(table: Table, state: GameState, cmd: Any) -> Any:
    cart = state.find_vehicle(cmd.target)
    if cart is not None:
        return vehicle_melee.plan_strike(table, state, cmd, cart)
    if cmd.location is not None:
        return Rejected("bad_option", "A location is chosen only when striking a cart or wagon.")
    return melee.plan_fight(table, state, cmd)


def _do_fight(act: Act, plan: Any, cmd: Any) -> None:
    if isinstance(plan, vehicle_melee.StrikePlan):
        vehicle_melee.do_strike(act, plan)
    else:
        melee.do_fight(act, plan)


HANDLERS: dict[str, tuple[Planner, Doer]] = {
    "activate": (check_activate, lambda act, plan, cmd: do_activate(act, plan)),
    "move": (move_command.plan_move, lambda act, plan, cmd: move_command.do_move(act, plan)),
    "shoot": (shooting.plan_shot, lambda act, plan, cmd: shooting.do_shoot(act, plan)),
    "reload": (shooting.plan_reload, lambda act, plan, cmd: shooting.do_reload(act, plan)),
    "fight": (_plan_fight, _do_fight),
    "loot": (perks.plan_loot, lambda act, plan, cmd: perks.do_loot(act, *plan)),
    "set_drill": (perks.plan_drill, lambda act, plan, cmd: perks.do_drill(act, plan, cmd.drill)),
    "play_perk": (perks.plan_perk, lambda act, plan, cmd: perks.do_perk(act, plan)),
    "end_activation": (_plan_end_activation,
                       lambda act, plan, cmd: end_activation(act, plan)),
    "end_spear": (_plan_end_spear, lambda act, plan, cmd: do_end_spear(act)),
    "dismount": (riding.plan_dismount, lambda act, plan, cmd: riding.do_dismount(act, plan)),
    "remount": (riding.plan_remount, lambda act, plan, cmd: riding.do_remount(act, *plan)),
    "break_away": (riding.plan_break_away, lambda act, plan, cmd: riding.do_break_away(act, *plan)),
    "drive": (driving.plan_drive, lambda act, plan, cmd: driving.do_drive(act, plan)),
    "board": (boarding.plan_board, lambda act, plan, cmd: boarding.do_board(act, plan)),
    "climb_down": (boarding.plan_climb_down, lambda act, plan, cmd: boarding.do_climb_down(act, *plan)),
    "react": (charging.plan_react, lambda act, plan, cmd: charging.do_react(act, plan, cmd.choice)),
}
