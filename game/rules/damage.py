"""Saves, wounds, casualties and Valour Points (RULES-BRIEF §5, §7)."""

from __future__ import annotations

from fractions import Fraction

from game.rules.context import Act, Table
from game.rules.events import Casualty, MishapTaken, SaveRolled, Wounded
from game.rules.state import Model, NoSide, Side, other_side


def valour_for(act: Act, m: Model) -> int:
    """Valour Points the enemy scores for taking this model out."""
    numbers = act.table.numbers
    role = act.table.profile(m).role
    if role == "captain":
        return numbers.valour_captain
    if role == "squire":
        return numbers.valour_squire
    return numbers.valour_retainer


def save_target(act: Act, m: Model, modifier: int = 0) -> int:
    """The d6 score a model needs to save (7 or more means no save)."""
    return act.table.profile(m).save - m.save_bonus - modifier


def take_hit(act: Act, m: Model, by_side: Side | NoSide, save_modifier: int = 0) -> bool:
    """One hit on a model: it saves or loses 1 Health. Returns True if it was wounded."""
    need = save_target(act, m, save_modifier)
    if need <= 6:
        roll, saved = act.test(m, "Save", max(need, 2))
        act.emit(SaveRolled(model=m.id, need=need, roll=roll, saved=saved))
        if saved:
            return False
    if shrugs_off(act, m):
        return False
    wound(act, m, 1, by_side)
    return True


def shrug_chance(table: Table, m: Model) -> Fraction:
    """The chance Hard as Nails shrugs off the model's next wound: only from full Health."""
    if not table.has_skill(m, "hard_as_nails") or m.health < table.profile(m).health:
        return Fraction(0)
    return Fraction(max(0, 7 - max(1, table.skill("hard_as_nails").on)), 6)


def shrugs_off(act: Act, m: Model) -> bool:
    """Hard as Nails: a wound that would take the model from full Health is shrugged off on 5+."""
    if not shrug_chance(act.table, m):
        return False
    on = act.table.skill("hard_as_nails").on
    roll = act.d6(f"Hard as Nails, {m.name}: {on}+ shrugs off the wound", f"{on}+", m.id)
    return roll >= on


def wound(act: Act, m: Model, amount: int, by_side: Side | NoSide) -> None:
    """Take Health from a model; at 0 it is a casualty and the other side scores Valour."""
    if m.removed or amount <= 0:
        return
    m.health = max(0, m.health - amount)
    act.emit(Wounded(model=m.id, amount=amount, health=m.health))
    if m.health == 0:
        remove_casualty(act, m, by_side or other_side(m.side))


def remove_casualty(act: Act, m: Model, by_side: Side) -> None:
    """Remove a model as a casualty and award Valour to the side that scored it."""
    m.removed = "casualty"
    valour = valour_for(act, m) if by_side != m.side else 0
    if valour:
        act.state.sides[by_side].valour += valour
    act.emit(Casualty(model=m.id, by_side=by_side, valour=valour))


def mishap(act: Act, m: Model) -> None:
    """Place a Mishap token: the model loses its next activation and is Encumbered meanwhile."""
    m.mishap = 1
    act.emit(MishapTaken(model=m.id))
