"""Activating models within a Spear: Activate, EndActivation, EndSpear (RULES-BRIEF §2, §3)."""

from __future__ import annotations

from game.rules.commands import Activate, EndActivation, EndSpear
from game.rules.context import Act, Rejected, Table
from game.rules.events import Activated, ActivationEnded, made
from game.rules.feckless import feckless_test
from game.rules.guards import check_active, check_turn
from game.rules.spears import in_command, still_to_activate
from game.rules.state import GameState, Model
from game.rules.turn import finish_spear, spend_held_activations


def check_activate(table: Table, state: GameState, cmd: Activate) -> Model | Rejected:
    """May this model start its activation now?"""
    bad = check_turn(state, cmd.side)
    if bad:
        return bad
    m = state.find(cmd.model)
    if m is None or m.removed or m.riderless:
        return Rejected("no_model", f"There is no model {cmd.model!r} on the table.")
    if state.active_model:
        active = state.model(state.active_model)
        return Rejected("busy", f"{active.name} is still activated; end its activation first.")
    if m.spear != state.current_card:
        return Rejected("wrong_spear", f"{m.name} is not in the activating Spear.")
    if m.activated:
        return Rejected("already_activated", f"{m.name} has already been activated this turn.")
    hero = state.find(m.spear)
    if m.id != m.spear and hero is not None and not hero.removed and not hero.activated:
        return Rejected("hero_first", f"{hero.name} must act before his Retainers.")
    return m


def do_activate(act: Act, m: Model) -> None:
    """Start the activation; a Retainer out of command takes a Feckless test."""
    state = act.state
    state.active_model = m.id
    m.activated = True
    m.moved = m.acted = False
    m.moved_distance = 0.0
    m.shots = 0
    commanded = in_command(act.table, state, m) or m.rallied
    act.emit(made(Activated, model=m.id, in_command=commanded))
    if not commanded:
        m.feckless = feckless_test(act, m)
        if m.feckless == "flee":
            end_activation(act, m)


def end_activation(act: Act, m: Model) -> None:
    """Finish a model's activation; when the whole Spear is done, turn the next card."""
    state = act.state
    state.active_model = ""
    act.emit(made(ActivationEnded, model=m.id))
    if state.over:
        return
    waiting = still_to_activate(state, state.current_card)
    if not spend_held_activations(act, waiting):  # a model stunned or shaken meanwhile loses its turn
        finish_spear(act)


def check_end_activation(state: GameState, cmd: EndActivation) -> Model | Rejected:
    """May the active model end its activation?"""
    return check_active(state, cmd.side, cmd.model)


def check_end_spear(state: GameState, cmd: EndSpear) -> Rejected | None:
    """May the Spear end now?"""
    return check_turn(state, cmd.side)


def do_end_spear(act: Act) -> None:
    """End the active model (if any) and the whole Spear."""
    state = act.state
    if state.active_model:
        act.emit(made(ActivationEnded, model=state.active_model))
        state.active_model = ""
    finish_spear(act)


def settle(act: Act) -> None:
    """End the activation of an active model that left the table during it."""
    state = act.state
    if state.active_model and not state.over:
        m = state.model(state.active_model)
        if m.removed:
            end_activation(act, m)
