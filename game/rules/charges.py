"""Charges by riders and the answers to them (effects): a rider's move, Shock, Counter Charge,
Mounted Evasion, Evade and Defend, Breaking Away, the Mounted Charge! bonus
(RULES-BRIEF §9.6, §9.7, §9.13)."""

from __future__ import annotations

from game.rules.contact import enemies_in_contact, in_contact, obstacle_between
from game.rules.context import Act, Table
from game.rules.damage import mishap
from game.rules.events import ChargeBonus, Dismounted, GambitRolled, Moved, PerkPlayed, ReactionOffered
from game.rules.gambits import gambit_roll
from game.rules.geometry import bearing_point, heading
from game.rules.movement import position_problem
from game.rules.moving import dash, ride
from game.rules.paths import MovePlan, bonus_denied, break_away_spot, in_hard_going
from game.rules.state import GameState, Model, Pending, Reaction, Side
from game.rules.steeds import lose_steed

Point = tuple[float, float]


STOPS = frozenset({"tall", "river", "impassable", "building"})


def mounted_move(act: Act, plan: MovePlan) -> None:
    """A rider's move: plain, River Crossing or Mounted Charge!, with Jump tests on the way."""
    m, gambit = plan.model, plan.gambit
    if gambit is None:
        ride(act, m, plan.points, plan.allowance)
        return
    reach = act.table.numbers.mounted_charge_reach
    outcome = gambit_roll(act, m, gambit)
    if outcome == "calamity":
        if gambit == "river_crossing":
            ride(act, m, plan.points, plan.allowance, frozenset({"river"}))
        mounted_calamity(act, m, gambit)
        return
    act.emit(GambitRolled(model=m.id, gambit=gambit, outcome=outcome,
                          bonus=reach if gambit == "mounted_charge" and outcome == "success"
                          else 0.0))
    if outcome == "mishap":
        stop = frozenset({"river"}) if gambit == "river_crossing" else frozenset()
        ride(act, m, plan.points, plan.allowance, stop)
        mishap(act, m)
        return
    extra = reach if gambit == "mounted_charge" else 0.0
    mounted = ride(act, m, plan.points, plan.allowance + extra)
    if gambit == "mounted_charge" and mounted:
        m.charged_this_turn = True
        target = act.state.find(plan.charge_target)
        if target is not None and not target.removed and in_contact(act.table, m, target):
            grant_charge_bonus(act, m, target)


def shock_applies(table: Table, rider: Model, target: Model) -> bool:
    """A foot Retainer in the open, without bill or spear, must test when a Mounted Charge! hits."""
    prof = table.profile(target)
    if target.steed is not None or prof.type != "retainer" or prof.shock_exempt:
        return False
    if any(table.content.weapons[w].kind in ("bill", "spear") for w in target.weapons):
        return False
    return obstacle_between(table, rider, target) is None and not in_hard_going(table, target)


def reaction_options(table: Table, state: GameState, charger: Model, target: Model) -> list[Reaction]:
    """The answers open to a charged model (none for most foot models)."""
    if target.steed is not None:
        options: list[Reaction] = []
        foes = [e for e in enemies_in_contact(table, state, target) if e.id != charger.id]
        may_counter = not target.charged_this_turn or "counter_charge" in _perk_effects(table, state,
                                                                                        target.side)
        if table.content.steeds[target.steed].can_charge and not foes and may_counter:
            options.append("counter_charge")
        return [*options, "mounted_evasion", "stand"]
    if charger.steed is None:
        return []
    if obstacle_between(table, charger, target) is not None:
        return ["evade", "defend"]
    if table.profile(target).role == "shootist":
        return ["evade", "stand"]
    return []


def _perk_effects(table: Table, state: GameState, side: Side) -> set[str]:
    return {table.content.perks[c].effect for c in state.sides[side].perks}


def offer_reaction(act: Act, charger: Model, target: Model, start: Point) -> None:
    """Wait for the charged player's answer, if there is a choice to make."""
    options = reaction_options(act.table, act.state, charger, target)
    if not options:
        return
    act.state.pending = Pending(kind="charged", side=target.side, model=target.id, charger=charger.id,
                                options=options, data={"sx": start[0], "sy": start[1]})
    act.emit(ReactionOffered(side=target.side, model=target.id, charger=charger.id, options=options))


def offer_break_away(act: Act, rider: Model, foe: Model) -> None:
    """At the end of a round, a rider who was attacked may Break Away (break_away_distance)."""
    if rider.removed or rider.steed is None or foe.removed or not in_contact(act.table, rider, foe):
        return
    if break_away_spot(act.table, act.state, rider) is None:
        return
    options: list[Reaction] = ["break_away", "stand"]
    act.state.pending = Pending(kind="round_end", side=rider.side, model=rider.id, charger=foe.id,
                                options=options)
    act.emit(ReactionOffered(side=rider.side, model=rider.id, charger=foe.id, options=options))


def mounted_gambit(act: Act, m: Model, gambit: str) -> bool:
    """Roll a rider's answering gambit: a Calamity loses the horse, a Mishap gives a token.
    True if it succeeded."""
    outcome = gambit_roll(act, m, gambit)
    if outcome == "calamity":
        mounted_calamity(act, m, gambit)
        return False
    act.emit(GambitRolled(model=m.id, gambit=gambit, outcome=outcome))
    if outcome == "mishap":
        mishap(act, m)
        return False
    return True


def counter_charge(act: Act, target: Model, charger: Model, start: Point) -> None:
    """Meet the charger halfway and gain the charge bonuses (a Perk if it charged this turn)."""
    if target.charged_this_turn:
        _spend_counter_charge_perk(act, target)
    if not mounted_gambit(act, target, "counter_charge"):
        return
    _meet_halfway(act, target, charger, start)
    grant_charge_bonus(act, target, charger)


def _spend_counter_charge_perk(act: Act, target: Model) -> None:
    hand = act.state.sides[target.side].perks
    card = next(c for c in hand if act.table.content.perks[c].effect == "counter_charge")
    hand.remove(card)
    act.state.perk_discard.append(card)
    act.emit(PerkPlayed(side=target.side, card=card, model=target.id))


def meeting_spots(table: Table, state: GameState, target: Model, charger: Model,
                  start: Point) -> tuple[Point, Point, float] | None:
    """Where a Counter Charge meets: the charger at the middle of its charge (its end if the
    middle will not hold it), and the counter-charger against it there, with his facing; None if
    there is no room (they clash where they stand). Both models are left where they stood."""
    end = (charger.x, charger.y)
    mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    if position_problem(table, state, charger, *mid):
        mid = end
    away = heading(mid, (target.x, target.y))
    held = (target.x, target.y, target.facing)
    charger.x, charger.y = mid
    try:
        for step in range(0, 60):
            spot = bearing_point(mid[0], mid[1], away, 1.0 + step * 0.05)
            facing = heading(spot, mid)
            if position_problem(table, state, target, *spot, facing):
                continue
            target.x, target.y, target.facing = spot[0], spot[1], facing
            if in_contact(table, target, charger):
                return mid, spot, facing
            target.x, target.y, target.facing = held
    finally:
        charger.x, charger.y = end
        target.x, target.y, target.facing = held
    return None


def _meet_halfway(act: Act, target: Model, charger: Model, start: Point) -> None:
    """Put the charger at the middle of its charge and the counter-charger against it."""
    spots = meeting_spots(act.table, act.state, target, charger, start)
    if spots is None:
        return  # no room to meet halfway: they clash where they stand
    mid, spot, facing = spots
    old, was = (charger.x, charger.y), (target.x, target.y)
    charger.x, charger.y = mid
    target.x, target.y, target.facing = spot[0], spot[1], facing
    if mid != old:
        act.emit(Moved(model=charger.id, path=[old, mid], cost=0.0, reason="met_halfway"))
    act.emit(Moved(model=target.id, path=[was, spot], cost=0.0, reason="counter_charge"))


def _away_point(m: Model, charger: Model, distance: float) -> Point:
    away = heading((charger.x, charger.y), (m.x, m.y))
    return bearing_point(m.x, m.y, away, distance)


def mounted_evasion(act: Act, target: Model, charger: Model) -> None:
    """Ride one full move directly away from the charger (Hard Going and jumps apply)."""
    if not mounted_gambit(act, target, "mounted_evasion"):
        return
    move = act.table.content.steeds[target.steed or "warhorse"].move
    ride(act, target, [(target.x, target.y), _away_point(target, charger, move)], move, STOPS)
    if not in_contact(act.table, charger, target):
        charger.charge_bonus = False


def _pursue(act: Act, rider: Model) -> None:
    """The obstacle is left undefended: the rider may move again with what is left of its move."""
    if rider.steed is None:
        return
    move = act.table.content.steeds[rider.steed].move
    reach = act.table.numbers.mounted_charge_reach
    total = move + rider.extra_move + (reach if rider.charged_this_turn else 0.0)
    rider.moved = False
    rider.extra_move = max(0.0, total - rider.moved_distance) - move


def evade(act: Act, target: Model, charger: Model) -> None:
    """A foot model slips away from a rider: leaving an obstacle, or a Shootist's Evade test."""
    if obstacle_between(act.table, charger, target) is None:
        numbers = act.table.numbers
        need = numbers.evade_on
        if act.table.has_skill(target, "nimble") and in_hard_going(act.table, target):
            need -= numbers.nimble_bonus
        _, passed = act.test(target, "Evade a rider", need)
        if not passed:
            return
    else:
        _pursue(act, charger)
    move = act.table.profile(target).move + target.extra_move
    dash(act, target, _away_point(target, charger, move), move, STOPS, "evade")
    if not in_contact(act.table, charger, target):
        charger.charge_bonus = False


def grant_charge_bonus(act: Act, rider: Model, target: Model) -> None:
    """Give a rider who charged home the Mounted Charge! bonuses, unless the ground denies them."""
    why = bonus_denied(act.table, rider, target)
    rider.charge_bonus = not why
    act.emit(ChargeBonus(model=rider.id, active=not why, reason=why or "charged home"))


def break_away(act: Act, m: Model, end: Point) -> None:
    """Ride clear; the melee is over and any charge bonus is spent."""
    start = (m.x, m.y)
    m.moved = True
    m.charge_bonus = False
    m.x, m.y = end
    m.facing = heading(start, end)
    act.emit(Moved(model=m.id, path=[start, end], cost=0.0, reason="break_away"))


def mounted_calamity(act: Act, m: Model, gambit: str) -> None:
    """A mounted Calamity: the horse is blown or lame (or swept away): the rider is on foot."""
    act.emit(GambitRolled(model=m.id, gambit=gambit, outcome="calamity",
                          text="Calamity! The horse is lost; the rider goes on foot."))
    lose_steed(act, m)
    act.emit(Dismounted(model=m.id))
