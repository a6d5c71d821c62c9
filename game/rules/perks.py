"""Perk cards from the Cunning Plan deck (RULES-BRIEF §2.4) and the small free commands."""

from __future__ import annotations

from dataclasses import dataclass

from game.content.models import Perk
from game.rules.commands import Loot, PlayPerk, SetDrill
from game.rules.context import Act, Rejected, Table
from game.rules.events import DrillSet, Looted, PerkPlayed
from game.rules.guards import check_action, check_active, check_turn
from game.rules.missiles import missile_weapon, reload_weapon
from game.rules.state import GameState, Model, Side
from game.terrain.terrain_map import Objective


@dataclass(slots=True)
class PerkPlan:
    """A checked Perk play."""

    side: Side
    perk: Perk
    model: Model | None


def plan_perk(table: Table, state: GameState, cmd: PlayPerk) -> PerkPlan | Rejected:
    """Check that the card is in hand and that now is the moment its text names."""
    bad = check_turn(state, cmd.side)
    if bad:
        return bad
    if cmd.card not in state.sides[cmd.side].perks:
        return Rejected("no_card", f"{cmd.card!r} is not in your hand.")
    perk = table.content.perks[cmd.card]
    if perk.effect == "counter_charge":
        return Rejected("wrong_moment", f"{perk.name} is played only when your Warhorse rider is "
                                        "charged after its own Mounted Charge!.")
    if not perk.needs_model:
        return PerkPlan(cmd.side, perk, None)
    if cmd.model is None:
        return Rejected("needs_model", f"{perk.name} is played on one of your models.")
    if perk.effect == "rally":
        return _plan_rally(state, cmd, perk)
    m = check_active(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    problem = _model_problem(table, m, perk)
    if problem:
        return Rejected("wrong_moment", problem)
    return PerkPlan(cmd.side, perk, m)


def _plan_rally(state: GameState, cmd: PlayPerk, perk: Perk) -> PerkPlan | Rejected:
    m = state.find(cmd.model or "")
    if m is None or m.removed or m.side != cmd.side:
        return Rejected("bad_target", "Choose one of your models on the table.")
    if m.spear == m.id:
        return Rejected("wrong_moment", "Only a Retainer takes Feckless tests.")
    if m.spear != state.current_card or m.activated or state.active_model:
        return Rejected("wrong_moment", f"{perk.name} is played on a Retainer of the activating "
                                        "Spear before it is activated.")
    return PerkPlan(cmd.side, perk, m)


def _model_problem(table: Table, m: Model, perk: Perk) -> str:
    if perk.effect == "extra_move" and m.moved:
        return f"{m.name} has already moved."
    if perk.effect == "extra_move" and m.steed is not None and m.shots:
        return f"{m.name} has shot from the saddle: what he may still ride is fixed."
    if perk.effect == "steady_aim" and (missile_weapon(table, m) is None or m.acted):
        return f"{m.name} has no shot left to aim this activation."
    if perk.effect == "quick_reload" and not m.reloads_needed:
        return f"{m.name} has nothing to reload."
    return ""


def do_perk(act: Act, plan: PerkPlan) -> None:
    """Play the card: move it to the discards and put its effect in place."""
    state = act.state
    state.sides[plan.side].perks.remove(plan.perk.id)
    state.perk_discard.append(plan.perk.id)
    m = plan.model
    act.emit(PerkPlayed(side=plan.side, card=plan.perk.id, model=m.id if m else ""))
    effect, amount = plan.perk.effect, plan.perk.amount
    if effect == "stout_heart":
        state.sides[plan.side].will_bonus += amount
    elif m is None:
        return
    elif effect == "reroll":
        m.reroll_ready = True
    elif effect == "extra_move":
        m.extra_move += amount
    elif effect == "rally":
        m.rallied = True
    elif effect == "steady_aim":
        m.aim_bonus += amount
    elif effect == "hold_fast":
        m.save_bonus += amount
    elif effect == "quick_reload":
        reload_weapon(act, m, spend_action=False)


def plan_drill(table: Table, state: GameState, cmd: SetDrill) -> Model | Rejected:
    """A model may change its defensive drill during its own activation."""
    m = check_active(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    if not table.has_skill(m, "skilld_at_arms"):
        return Rejected("not_skilled", f"{m.name} is not Skill'd at Arms.")
    return m


def do_drill(act: Act, m: Model, drill: str) -> None:
    """Set the drill."""
    m.drill = drill
    act.emit(DrillSet(model=m.id, drill=drill))


def plan_loot(table: Table, state: GameState, cmd: Loot) -> tuple[Model, Objective] | Rejected:
    """A model within reach of an untaken loot marker may take it as its Action."""
    m = check_action(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    obj = next((o for o in table.terrain.objectives if o.name == cmd.objective), None)
    if obj is None or obj.kind != "loot":
        return Rejected("no_objective", f"There is no loot called {cmd.objective!r}.")
    if obj.name in state.looted:
        return Rejected("already_looted", f"{obj.name} has already been taken.")
    if table.bases.edge_distance_to_point(m, obj.x, obj.y) > obj.radius:
        return Rejected("out_of_reach", f"{m.name} must be within {obj.radius:g}\" of {obj.name}.")
    return m, obj


def do_loot(act: Act, m: Model, obj: Objective) -> None:
    """Take the loot: its Valour goes to the model's side."""
    m.acted = True
    act.state.looted.append(obj.name)
    act.state.sides[m.side].valour += obj.valour
    act.emit(Looted(model=m.id, objective=obj.name, valour=obj.valour))
