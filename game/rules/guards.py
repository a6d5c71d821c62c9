"""Who may give a command now (read-only): the turn, the activated model, its Move and its Action."""

from __future__ import annotations

from game.rules.contact import enemies_in_contact
from game.rules.context import Rejected, Table
from game.rules.paths import base_allowance
from game.rules.state import GameState, Model, Side


def check_turn(state: GameState, side: Side) -> Rejected | None:
    """Rejects a command from a player whose Spear is not activating."""
    if state.over:
        return Rejected("game_over", "The game is over.")
    if state.pending is not None:
        waiting = state.model(state.pending.model)
        return Rejected("reaction_pending", f"Waiting for {state.pending.side} to answer the charge "
                                            f"on {waiting.name}.")
    if side != state.active_side:
        return Rejected("not_your_turn", f"It is {state.active_side or 'nobody'}'s activation.")
    return None


def check_active(state: GameState, side: Side, model_id: str) -> Model | Rejected:
    """The active model named by a command, or why it may not act."""
    bad = check_turn(state, side)
    if bad:
        return bad
    m = state.find(model_id)
    if m is None or m.removed:
        return Rejected("no_model", f"There is no model {model_id!r} on the table.")
    if state.active_model != m.id:
        return Rejected("not_active", f"{m.name} is not the activated model; activate it first.")
    return m


def check_action(state: GameState, side: Side, model_id: str, fighting: bool = False,
                 shooting: bool = False) -> Model | Rejected:
    """The active model, if it still has its Action (a Dithering model may only fight)."""
    m = check_active(state, side, model_id)
    if isinstance(m, Rejected):
        return m
    if m.acted:
        return Rejected("already_acted", f"{m.name} has already used its Action.")
    if m.shots and not shooting:
        return Rejected("already_acted", f"{m.name} has begun shooting; its Action is to shoot again.")
    if m.feckless == "dither" and not fighting:
        return Rejected("dithering", f"{m.name} is Dithering and may only fight.")
    return m


def check_can_move(table: Table, state: GameState, m: Model, gambit: str | None
                   ) -> Rejected | None:
    """Why the active model may not move now (or with this gambit), or None."""
    if m.aboard:
        return Rejected("aboard", f"{m.name} is aboard the {state.vehicle(m.aboard).name}; "
                                  "only its driver moves it, with a Drive.")
    if m.moved:
        return Rejected("already_moved", f"{m.name} has already moved this activation.")
    if m.feckless == "dither":
        return Rejected("dithering", f"{m.name} is Dithering and may not move this activation.")
    if enemies_in_contact(table, state, m):
        return Rejected("in_melee", f"{m.name} is in base contact with an enemy and must fight.")
    if gambit is not None and m.steed is not None and gambit not in ("river_crossing",
                                                                      "mounted_charge"):
        return Rejected("mounted_gambit", "Riders may only attempt River Crossing and Mounted Charge!.")
    if gambit == "mounted_charge" and m.steed is None:
        return Rejected("no_mounted_charge", "Only a rider on a Warhorse may make a Mounted Charge!.")
    if m.steed is not None and m.shots and (m.acted or base_allowance(table, m) <= 1e-9):
        return Rejected("shot_from_saddle", f"{m.name} has shot from a standing horse and must stay: "
                                            "only an archer who has shot once, at short range, may "
                                            "still ride (up to half his steed's Move).")
    return None
