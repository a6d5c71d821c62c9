"""The handler table: for each command type, its planner (reads only) and its doer (acts).

A Handler[C, P] pairs a planner that turns a command C into a plan P (or a Rejected) with the doer
that carries that plan out; each entry names its command and plan types, so the type checker holds
every planner and its doer to the same plan.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Literal, NamedTuple, TypeVar

from game.rules import (
    boarding,
    charging,
    deploying,
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
from game.rules.commands import (
    Activate,
    AutoDeploy,
    Board,
    BreakAway,
    ClimbDown,
    Cmd,
    Deploy,
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
from game.rules.context import Act, Rejected, Table
from game.rules.state import GameState, Model, Pending
from game.terrain.terrain_map import Objective

C = TypeVar("C", bound=Cmd)
P = TypeVar("P")
Point = tuple[float, float]


class Handler(NamedTuple, Generic[C, P]):
    """How one command type is planned and carried out (a tuple: planner, doer)."""

    plan: Callable[[Table, GameState, C], P | Rejected]
    do: Callable[[Act, P, C], None]


def _plan_end_activation(table: Table, state: GameState, cmd: EndActivation) -> Model | Rejected:
    return check_end_activation(state, cmd)


def _plan_end_spear(table: Table, state: GameState, cmd: EndSpear) -> Literal[True] | Rejected:
    return check_end_spear(state, cmd) or True


def _plan_fight(table: Table, state: GameState,
                cmd: Fight) -> melee.FightPlan | vehicle_melee.StrikePlan | Rejected:
    cart = state.find_vehicle(cmd.target)
    if cart is not None:
        return vehicle_melee.plan_strike(table, state, cmd, cart)
    if cmd.location is not None:
        return Rejected("bad_option", "A location is chosen only when striking a cart or wagon.")
    return melee.plan_fight(table, state, cmd)


def _do_fight(act: Act, plan: melee.FightPlan | vehicle_melee.StrikePlan, cmd: Fight) -> None:
    if isinstance(plan, vehicle_melee.StrikePlan):
        vehicle_melee.do_strike(act, plan)
    else:
        melee.do_fight(act, plan)


HANDLERS: dict[str, Handler[Any, Any]] = {
    "activate": Handler[Activate, Model](
        check_activate, lambda act, plan, cmd: do_activate(act, plan)),
    "move": Handler[Move, move_command.MovePlan](
        move_command.plan_move, lambda act, plan, cmd: move_command.do_move(act, plan)),
    "shoot": Handler[Shoot, shooting.ShotPlan | shooting.VehicleShotPlan](
        shooting.plan_shot, lambda act, plan, cmd: shooting.do_shoot(act, plan)),
    "reload": Handler[Reload, Model](
        shooting.plan_reload, lambda act, plan, cmd: shooting.do_reload(act, plan)),
    "fight": Handler[Fight, melee.FightPlan | vehicle_melee.StrikePlan](_plan_fight, _do_fight),
    "loot": Handler[Loot, tuple[Model, Objective]](
        perks.plan_loot, lambda act, plan, cmd: perks.do_loot(act, *plan)),
    "set_drill": Handler[SetDrill, Model](
        perks.plan_drill, lambda act, plan, cmd: perks.do_drill(act, plan, cmd.drill)),
    "play_perk": Handler[PlayPerk, perks.PerkPlan](
        perks.plan_perk, lambda act, plan, cmd: perks.do_perk(act, plan)),
    "end_activation": Handler[EndActivation, Model](
        _plan_end_activation, lambda act, plan, cmd: end_activation(act, plan)),
    "end_spear": Handler[EndSpear, Literal[True]](
        _plan_end_spear, lambda act, plan, cmd: do_end_spear(act)),
    "dismount": Handler[Dismount, Model](
        riding.plan_dismount, lambda act, plan, cmd: riding.do_dismount(act, plan)),
    "remount": Handler[Remount, tuple[Model, Model]](
        riding.plan_remount, lambda act, plan, cmd: riding.do_remount(act, *plan)),
    "break_away": Handler[BreakAway, tuple[Model, Point]](
        riding.plan_break_away, lambda act, plan, cmd: riding.do_break_away(act, *plan)),
    "drive": Handler[Drive, driving.DrivePlan](
        driving.plan_drive, lambda act, plan, cmd: driving.do_drive(act, plan)),
    "board": Handler[Board, boarding.BoardPlan](
        boarding.plan_board, lambda act, plan, cmd: boarding.do_board(act, plan)),
    "climb_down": Handler[ClimbDown, tuple[Model, Point]](
        boarding.plan_climb_down, lambda act, plan, cmd: boarding.do_climb_down(act, *plan)),
    "react": Handler[React, Pending](
        charging.plan_react, lambda act, plan, cmd: charging.do_react(act, plan, cmd.choice)),
    "deploy": Handler[Deploy, deploying.Placing](
        deploying.plan_deploy, lambda act, plan, cmd: deploying.do_deploy(act, plan)),
    "auto_deploy": Handler[AutoDeploy, list[deploying.Placing]](
        deploying.plan_auto_deploy, lambda act, plan, cmd: deploying.do_auto_deploy(act, plan)),
}
