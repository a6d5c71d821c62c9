"""The React command: the charged (or attacked) player's answer to a charge or a melee round
(RULES-BRIEF §9.6, §9.7, §9.13)."""

from __future__ import annotations

from game.rules.charges import break_away, counter_charge, evade, mounted_evasion
from game.rules.commands import React
from game.rules.context import Act, Rejected, Table
from game.rules.events import ReactionTaken
from game.rules.paths import break_away_spot
from game.rules.state import GameState, Pending, Reaction

Point = tuple[float, float]


def plan_react(table: Table, state: GameState, cmd: React) -> Pending | Rejected:
    """Only the charged player answers, with one of the offered choices."""
    pending = state.pending
    if pending is None:
        return Rejected("no_reaction", "No charge is waiting for an answer.")
    if cmd.side != pending.side:
        return Rejected("not_your_turn", f"{pending.side} must answer the charge.")
    if cmd.choice not in pending.options:
        return Rejected("bad_choice", f"{cmd.choice} is not open here; choose from "
                                      f"{', '.join(pending.options)}.")
    return pending


def do_react(act: Act, pending: Pending, choice: Reaction) -> None:
    """Carry out the answer to a charge."""
    state = act.state
    state.pending = None
    target, charger = state.model(pending.model), state.model(pending.charger)
    act.emit(ReactionTaken(model=target.id, choice=choice))
    if choice == "break_away":
        end = break_away_spot(act.table, state, target)
        if end is not None:
            break_away(act, target, end)
    elif choice == "counter_charge":
        counter_charge(act, target, charger, (pending.data["sx"], pending.data["sy"]))
    elif choice == "mounted_evasion":
        mounted_evasion(act, target, charger)
    elif choice == "evade":
        evade(act, target, charger)


