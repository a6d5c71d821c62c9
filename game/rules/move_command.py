"""The Move command: checks the path and carries it out, with a Movement Gambit if declared."""

from __future__ import annotations

import math

from game.rules.commands import Move
from game.rules.context import Act, Rejected, Table
from game.rules.feckless import carry_out_move
from game.rules.guards import check_active, check_can_move
from game.rules.paths import MovePlan, plan_path
from game.rules.state import GameState

Point = tuple[float, float]


def plan_move(table: Table, state: GameState, cmd: Move) -> MovePlan | Rejected:
    """Check a Move command; a plan if it is legal, else the reason."""
    m = check_active(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    bad = check_can_move(table, state, m, cmd.gambit)
    if bad:
        return bad
    for x, y in cmd.path:
        if not (math.isfinite(x) and math.isfinite(y)):
            return Rejected("bad_point", "Waypoints must be finite numbers of inches.")
    return plan_path(table, state, m, [(m.x, m.y), *cmd.path], cmd.gambit)


def do_move(act: Act, plan: MovePlan) -> None:
    """Carry out a planned move."""
    carry_out_move(act, plan)



