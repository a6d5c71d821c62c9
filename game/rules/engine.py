"""The one way in: Engine.submit(command) checks, then carries out, and returns events."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.activation import settle
from game.rules.commands import Command
from game.rules.context import Act, Deciding, Rejected, Table
from game.rules.dice import Dice
from game.rules.events import Ev
from game.rules.explain import Explanation, Sight, explain, line_of_sight
from game.rules.handlers import HANDLERS
from game.rules.legal import Pool, candidates, legal_commands
from game.rules.outcome import check_wipe_out
from game.rules.state import GameState, NoSide, Side

# the engine's answers and its parts, for its callers (the client imports them from here)
__all__ = ["Accepted", "Dice", "Engine", "Rejected", "Table"]


@dataclass(frozen=True, slots=True)
class Accepted:
    """A command that was carried out, with the events it caused."""

    events: list[Ev]


class Engine:
    """Holds one game's state and the append-only log of commands and events."""

    def __init__(self, table: Table, state: GameState, dice: Dice | None = None) -> None:
        self.table = table
        self.state = state
        self.fixed_dice = dice
        self.commands: list[Command] = []
        self.log: list[Ev] = []
        # the last command `check` accepted, with the state and command count it was checked
        # against: submitting that very command next carries out its plan without planning again
        self._checked: tuple[Command, GameState, int, object] | None = None
        table.apply_mud(state.mud)

    def plan(self, cmd: Command) -> object:
        """Check a command without changing anything: a plan, or a Rejected."""
        planner, _ = HANDLERS[cmd.type]
        return planner(self.table, self.state, cmd)

    def explain(self, cmd: Command) -> Explanation:
        """What a command would do (legal or not and why, its path, odds, sight and Blocked
        Shots), worked out without changing the state or rolling its dice."""
        return explain(self.table, self.state, cmd)

    def sight(self, a: str, b: str) -> Sight:
        """Whether model a sees model b, and the Blocked Shot rolls a shot from a at b needs."""
        return line_of_sight(self.table, self.state, a, b)

    def check(self, cmd: Command) -> object:
        """The plan a command would carry out, or the Rejected saying why not; changes nothing."""
        plan = self.plan(cmd)
        if not isinstance(plan, Rejected):
            self._checked = (cmd, self.state, len(self.commands), plan)
        return plan

    def _plan_for(self, cmd: Command) -> object:
        """The plan of a command about to be carried out: the one `check` just made, if it was
        this command (commands are frozen) on this very state with no command since."""
        checked, self._checked = self._checked, None
        if checked is not None and checked[0] is cmd and checked[1] is self.state \
                and checked[2] == len(self.commands):
            return checked[3]
        return self.plan(cmd)

    def submit(self, cmd: Command) -> Accepted | Rejected:
        """Carry out a command if it is legal; a rejected command changes nothing."""
        plan = self._plan_for(cmd)
        if isinstance(plan, Rejected):
            return plan
        dice = self.fixed_dice or Dice(self.state.rng)
        act = Act(self.table, self.state, dice)
        HANDLERS[cmd.type][1](act, plan, cmd)
        if not check_wipe_out(act):
            settle(act)
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
        self._checked = None
        self.table.apply_mud(self.state.mud)

    def legal_commands(self, side: Side | NoSide) -> list[Command]:
        """A finite, useful list of the commands this side may give now, every one checked (none
        for no side)."""
        return legal_commands(self.table, self.state, side) if side else []

    def deciding(self) -> Deciding:
        """Wrap the checks of one decision in this (the state must not change meanwhile): the
        engine then remembers the answers of its position checks."""
        return self.table.deciding()

    def candidates(self, side: Side | NoSide) -> Pool:
        """What this side might try now, unchecked and cheap to list: a player draws from these
        and checks (Engine.check) only what it considers (none for no side)."""
        return candidates(self.table, self.state, side) if side else Pool([])
