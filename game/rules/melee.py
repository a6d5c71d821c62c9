"""Melee: Fight dice, strikes, the winner of a round, Skill'd at Arms, push-backs (§6)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.rules.charges import offer_break_away
from game.rules.commands import Fight
from game.rules.contact import friends_in_contact_with, in_contact, obstacle_between
from game.rules.context import Act, Rejected, Table
from game.rules.damage import take_hit
from game.rules.events import BlockedStroke, ChargeBonus, MeleeRound, PushedBack
from game.rules.guards import check_action
from game.rules.movement import position_problem
from game.rules.odds import MeleeOdds, melee_odds, round_result
from game.rules.paths import bonus_denied
from game.rules.state import GameState, Model
from game.rules.steeds import steed_hit, unhorse


@dataclass(slots=True)
class Side:
    """One side of a melee round: who fights, with how many dice and which options."""

    model: Model
    dice: int
    option: str | None  # thrust, parry, fend or None
    deadly: bool
    bonus: bool = False  # Mounted Charge! bonuses apply this round
    lance: bool = False  # a lance charge: the enemy saves at -1, whatever the ground


@dataclass(slots=True)
class FightPlan:
    """A checked Fight."""

    attacker: Side
    defender: Side
    defended_obstacle: bool  # the defender is behind an obstacle the attacker reaches across
    at_steed: bool = False  # rider against rider: the attacker's hits go to the enemy steed
    pull_down: bool = False  # a Billman tries to pull the rider down


def encumbered(m: Model) -> bool:
    """A model holding a Mishap token is Encumbered: -1 Fight die, no Parry or Fend."""
    return m.mishap > 0


def option_problem(table: Table, m: Model, option: str | None) -> str:
    """Why a model may not use a Skill'd at Arms option, or ""."""
    if option is None:
        return ""
    if not table.has_skill(m, "skilld_at_arms"):
        return f"{m.name} is not Skill'd at Arms."
    if option in ("parry", "fend") and encumbered(m):
        return f"{m.name} is Encumbered and may not {option.capitalize()}."
    return ""


def charge_bonus_applies(table: Table, m: Model, enemy: Model) -> bool:
    """A rider holding the Mounted Charge! bonuses keeps them unless the ground denies them."""

    return m.charge_bonus and m.steed is not None and not bonus_denied(table, m, enemy)


def lance_charge(m: Model) -> bool:
    """A rider with a lance who charged into melee [R]: his enemy saves at -1 and, on foot, may not
    Fend. It comes with the charge, not with the Mounted Charge! bonuses, so Hard Going and a
    defended obstacle do not take it away: it lasts through the turn of his Mounted Charge! and
    for as long as he holds the bonuses of a charge (Mounted or Counter)."""
    return m.steed is not None and "lance" in m.weapons and (m.charge_bonus or m.charged_this_turn)


def fight_dice(table: Table, state: GameState, m: Model, enemy: Model, enemy_option: str | None
               ) -> int:
    """Dice a model rolls: Fight, +1 per extra friend on the enemy, +1 charging, -1 Encumbered,
    -1 if Fended, +1 Stalwart against an enemy who charged."""
    dice = table.profile(m).fight + friends_in_contact_with(table, state, enemy, m)
    if charge_bonus_applies(table, m, enemy):
        dice += 1
    if encumbered(m):
        dice -= 1
    if enemy_option == "fend":
        dice -= 1
    if enemy.charge_bonus or enemy.charged_this_turn:  # Stalwart: a die more against a charge
        dice += table.skill_modifier(m, "stalwart")
    return max(1, dice)


def _side(table: Table, state: GameState, m: Model, enemy: Model, option: str | None,
          enemy_option: str | None) -> Side:
    bonus = charge_bonus_applies(table, m, enemy)
    return Side(m, fight_dice(table, state, m, enemy, enemy_option), option,
                table.has_skill(m, "deadly_blade"), bonus, lance_charge(m))


def save_modifier(table: Table, by: Side) -> int:
    """What the enemy's saves take from a side's hits: -1 for a charging lance, Mighty Blow's more."""
    return -(1 if by.lance else 0) - table.skill_modifier(by.model, "mighty_blow")


def reroll_max(s: Side) -> int:
    """The highest face a side rerolls on its first roll, as roll_fight_dice."""
    if s.bonus:
        return 2 if s.deadly else 1
    return 1 if s.deadly else 0


def fight_odds(table: Table, state: GameState, plan: FightPlan) -> MeleeOdds:
    """The exact odds of a checked Fight's round (dice counted before the enemy's Fend)."""
    att, dfd = plan.attacker, plan.defender
    return melee_odds(
        fight_dice(table, state, att.model, dfd.model, None),
        fight_dice(table, state, dfd.model, att.model, None),
        att_option=att.option, def_option=dfd.option, att_deadly=att.deadly, def_deadly=dfd.deadly,
        att_reroll_max=reroll_max(att), def_reroll_max=reroll_max(dfd), strike_on=table.numbers.strike_on)


def plan_fight(table: Table, state: GameState, cmd: Fight) -> FightPlan | Rejected:
    """Check a Fight command."""
    m = check_action(state, cmd.side, cmd.model, fighting=True)
    if isinstance(m, Rejected):
        return m
    enemy = state.find(cmd.target)
    if enemy is None or enemy.removed or enemy.riderless or enemy.side == m.side:
        return Rejected("bad_target", "Choose an enemy model on the table (not a riderless steed).")
    if not in_contact(table, m, enemy):
        return Rejected("not_in_contact", f"{m.name} is not in base contact with {enemy.name}.")
    problem = option_problem(table, m, cmd.option) or _charge_option_problem(table, m, enemy,
                                                                               cmd.option)
    if problem:
        return Rejected("bad_option", problem)
    if cmd.at_steed and (m.steed is None or enemy.steed is None):
        return Rejected("bad_allocation", "Only a rider fighting a rider may strike at the steed.")
    if cmd.pull_down and ("bill" not in m.weapons or enemy.steed is None or m.steed is not None):
        return Rejected("bad_pull_down", "Only a Billman on foot may try to pull a rider down.")
    d_option = _defender_option(table, enemy, m)
    attacker = _side(table, state, m, enemy, cmd.option, d_option)
    defender = _side(table, state, enemy, m, d_option, cmd.option)
    defended = enemy.steed is None and m.steed is None and obstacle_between(table, m, enemy) is not None
    return FightPlan(attacker, defender, defended, cmd.at_steed, cmd.pull_down)


def _charge_option_problem(table: Table, m: Model, enemy: Model, option: str | None) -> str:
    """On the charge a rider may Thrust but not Parry or Fend; nobody on foot Fends a lance charge."""
    if option in ("parry", "fend") and charge_bonus_applies(table, m, enemy):
        return f"{m.name} is charging and may Thrust, but not {option.capitalize()}."
    if option == "fend" and m.steed is None and lance_charge(enemy):
        return f"{m.name} may not Fend against {enemy.name}'s lance charge."
    return ""


def _defender_option(table: Table, enemy: Model, attacker: Model) -> str | None:
    """The defender's standing drill, if it may use it in this fight."""
    if not table.has_skill(enemy, "skilld_at_arms"):
        return None
    if option_problem(table, enemy, enemy.drill) or _charge_option_problem(table, enemy, attacker,
                                                                          enemy.drill):
        return None
    return enemy.drill


def roll_fight_dice(act: Act, side: Side, strike_on: int) -> list[int]:
    """Roll a side's Fight dice with Deadly Blade and Thrust rerolls; returns the final faces."""
    m = side.model
    label = f"Fight, {m.name}, strikes on {strike_on}+"
    dice = act.dice.rolls(side.dice, label, need=f"{strike_on}+", model=m.id)
    reroll_max = (2 if side.deadly else 1) if side.bonus else (1 if side.deadly else 0)
    if reroll_max:
        why = "charge" if side.bonus else "Deadly Blade"
        dice = [act.d6(label + f" ({why} reroll of a {d})", f"{strike_on}+", m.id) if d <= reroll_max
                else d for d in dice]
    if side.option == "thrust":
        misses = [i for i, d in enumerate(dice) if d < strike_on]
        if misses:
            worst = min(misses, key=lambda i: dice[i])
            dice[worst] = act.d6(label + " (Thrust reroll)", f"{strike_on}+", m.id)
    return dice


def do_fight(act: Act, plan: FightPlan) -> None:
    """Resolve one round of melee."""
    att, dfd = plan.attacker, plan.defender
    att.model.acted = True
    strike_on = act.table.numbers.strike_on
    a_dice = roll_fight_dice(act, att, strike_on)
    d_dice = roll_fight_dice(act, dfd, strike_on)
    a_strikes = sum(1 for d in a_dice if d >= strike_on)
    d_strikes = sum(1 for d in d_dice if d >= strike_on)
    if dfd.option == "parry":
        a_strikes = max(0, a_strikes - 1)
    if att.option == "parry":
        d_strikes = max(0, d_strikes - 1)
    winner, a_hits, d_hits = round_result(a_strikes, d_strikes)
    act.emit(MeleeRound(
        attacker=att.model.id, defender=dfd.model.id, attacker_dice=a_dice, defender_dice=d_dice,
        attacker_strikes=a_strikes, defender_strikes=d_strikes,
        winner={"attacker": att.model.id, "defender": dfd.model.id}.get(winner, ""),
        attacker_hits=a_hits, defender_hits=d_hits))
    pull_on = act.table.numbers.pull_down_on
    pulled = plan.pull_down and any(d >= pull_on for d in a_dice) and dfd.model.steed is not None
    if pulled:

        unhorse(act, dfd.model, att.model)
    d_wounded = False if pulled else _hits(act, dfd.model, att, d_hits, plan.defended_obstacle,
                                           plan.at_steed)
    a_wounded = _hits(act, att.model, dfd, a_hits, False, False)
    _keep_or_lose_bonus(act, att.model, winner == "attacker")
    _keep_or_lose_bonus(act, dfd.model, winner == "defender")
    if winner == "attacker" and not d_wounded:
        push_back(act, dfd.model, att.model)
    elif winner == "defender" and not a_wounded:
        push_back(act, att.model, dfd.model)
    if not act.state.over:

        offer_break_away(act, dfd.model, att.model)


def _keep_or_lose_bonus(act: Act, m: Model, won: bool) -> None:
    """The Mounted Charge! bonuses last only while the rider keeps winning."""
    if m.charge_bonus and not won and not m.removed:
        m.charge_bonus = False
        act.emit(ChargeBonus(model=m.id, active=False, reason="did not win the round"))


def _hits(act: Act, m: Model, by: Side, hits: int, defended: bool, at_steed: bool) -> bool:
    """Apply hits: Blocked Strokes at an obstacle or against a rider; True if the model lost Health."""
    wounded = False
    hits_on = act.table.numbers.blocked_stroke_hits_on
    save_mod = save_modifier(act.table, by)  # a charging lance, a Mighty Blow: the enemy saves worse
    if at_steed and hits and m.steed is not None:
        act.state.sides[by.model.side].valour -= 1  # [R] striking the horse costs a Valour Point
    full = m.steed is not None and m.steed_health >= act.table.content.steeds[m.steed].health
    for _ in range(hits):
        if m.removed:
            break
        if m.steed is not None and (at_steed or by.model.steed is None):
            if at_steed or _blocked_stroke(act, m, hits_on, "the steed takes it"):
                wounded = _steed_hit(act, m, by, save_mod, full) or wounded
                continue
        elif defended and _blocked_stroke(act, m, hits_on, "the obstacle takes it"):
            continue
        wounded = take_hit(act, m, by.model.side, save_mod) or wounded
    return wounded


def _blocked_stroke(act: Act, m: Model, hits_on: int, what: str) -> bool:
    roll = act.d6(f"Blocked Stroke for {m.name}, 1-{hits_on} {what}", f"{hits_on + 1}+", m.id)
    absorbed = roll <= hits_on
    act.emit(BlockedStroke(model=m.id, roll=roll, absorbed=absorbed))
    return absorbed


def _steed_hit(act: Act, m: Model, by: Side, save_mod: int, outright: bool) -> bool:
    """A hit given to the steed; it died outright if it was unhurt when the attack began."""

    return steed_hit(act, m, "melee", by.model.side, save_mod, outright=outright, attacker=by.model)


def push_back(act: Act, loser: Model, winner: Model) -> None:
    """Push the loser of a round 1 inch directly away from the winner, if there is room."""
    if loser.removed:
        return
    dist = act.table.numbers.pushback
    dx, dy = loser.x - winner.x, loser.y - winner.y
    length = math.hypot(dx, dy) or 1.0
    to = (loser.x + dx / length * dist, loser.y + dy / length * dist)
    problem = position_problem(act.table, act.state, loser, *to)
    if problem:
        act.emit(PushedBack(model=loser.id, to=(loser.x, loser.y), blocked=True))
        return
    loser.x, loser.y = to
    act.emit(PushedBack(model=loser.id, to=to))
