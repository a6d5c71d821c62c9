"""The one way in: Engine.submit(command) checks, then carries out, and returns events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.rules import (
    activation,
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
from game.rules.commands import Command
from game.rules.context import Act, Rejected, Table
from game.rules.dice import Dice
from game.rules.events import Ev
from game.rules.state import GameState
from game.rules.turn import check_wipe_out


@dataclass(frozen=True, slots=True)
class Accepted:
    """A command that was carried out, with the events it caused."""

    events: list[Ev]


Planner = Callable[[Table, GameState, Any], Any]
Doer = Callable[[Act, Any, Any], None]


def _plan_end_activation(table: Table, state: GameState, cmd: Any) -> Any:
    return activation.check_end_activation(state, cmd)


def _plan_end_spear(table: Table, state: GameState, cmd: Any) -> Any:
    return activation.check_end_spear(state, cmd) or True


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
    "activate": (activation.check_activate, lambda act, plan, cmd: activation.do_activate(act, plan)),
    "move": (move_command.plan_move, lambda act, plan, cmd: move_command.do_move(act, plan)),
    "shoot": (shooting.plan_shot, lambda act, plan, cmd: shooting.do_shoot(act, plan)),
    "reload": (shooting.plan_reload, lambda act, plan, cmd: shooting.do_reload(act, plan)),
    "fight": (_plan_fight, _do_fight),
    "loot": (perks.plan_loot, lambda act, plan, cmd: perks.do_loot(act, *plan)),
    "set_drill": (perks.plan_drill, lambda act, plan, cmd: perks.do_drill(act, plan, cmd.drill)),
    "play_perk": (perks.plan_perk, lambda act, plan, cmd: perks.do_perk(act, plan)),
    "end_activation": (_plan_end_activation,
                       lambda act, plan, cmd: activation.end_activation(act, plan)),
    "end_spear": (_plan_end_spear, lambda act, plan, cmd: activation.do_end_spear(act)),
    "dismount": (riding.plan_dismount, lambda act, plan, cmd: riding.do_dismount(act, plan)),
    "remount": (riding.plan_remount, lambda act, plan, cmd: riding.do_remount(act, *plan)),
    "break_away": (riding.plan_break_away, lambda act, plan, cmd: riding.do_break_away(act, *plan)),
    "drive": (driving.plan_drive, lambda act, plan, cmd: driving.do_drive(act, plan)),
    "board": (boarding.plan_board, lambda act, plan, cmd: boarding.do_board(act, plan)),
    "climb_down": (boarding.plan_climb_down, lambda act, plan, cmd: boarding.do_climb_down(act, *plan)),
    "react": (charging.plan_react, lambda act, plan, cmd: charging.do_react(act, plan, cmd.choice)),
}


class Engine:
    """Holds one game's state and the append-only log of commands and events."""

    def __init__(self, table: Table, state: GameState, dice: Dice | None = None) -> None:
        self.table = table
        self.state = state
        self.fixed_dice = dice
        self.commands: list[Command] = []
        self.log: list[Ev] = []
        table.apply_mud(state.mud)

    def plan(self, cmd: Command) -> Any:
        """Check a command without changing anything: a plan, or a Rejected."""
        planner, _ = HANDLERS[cmd.type]
        return planner(self.table, self.state, cmd)

    def check(self, cmd: Command) -> Any:
        """The plan a command would carry out, or the Rejected saying why not; changes nothing."""
        return self.plan(cmd)

    def submit(self, cmd: Command) -> Accepted | Rejected:
        """Carry out a command if it is legal; a rejected command changes nothing."""
        plan = self.plan(cmd)
        if isinstance(plan, Rejected):
            return plan
        dice = self.fixed_dice or Dice(self.state.rng)
        act = Act(self.table, self.state, dice)
        HANDLERS[cmd.type][1](act, plan, cmd)
        if not check_wipe_out(act):
            activation.settle(act)
        if self.fixed_dice is None:
            self.state.rng = dice.state
        dice.sink = None
        self.commands.append(cmd)
        self.log.extend(act.events)
        return Accepted(act.events)

    def run_setup(self, events: list[Ev]) -> None:
        """Record the events of setting up the game (first shuffle and draw)."""
        self.log.extend(events)

    def snapshot(self) -> GameState:
        """A copy of the state (dice included) for undo or search."""
        return self.state.clone()

    def restore(self, snapshot: GameState) -> None:
        """Return to a snapshot (the log is not rewound: undo is for the UI's activation)."""
        self.state = snapshot.clone()
        self.table.apply_mud(self.state.mud)

    def legal_commands(self, side: str) -> list[Command]:
        """A finite, useful list of the commands this side may give now."""
        from game.rules.legal import legal_commands

        return legal_commands(self, side)
