"""The riders' commands: Dismount, Remount and Break Away, and the horse-holders (§9.4-§9.6)."""

from __future__ import annotations

import math

from game.rules.charges import break_away
from game.rules.commands import BreakAway, Dismount, Remount
from game.rules.contact import enemies_in_contact
from game.rules.context import Act, Rejected, Table
from game.rules.events import Dismounted, Remounted
from game.rules.guards import check_action, check_active
from game.rules.paths import break_away_spot
from game.rules.state import GameState, Model, Side
from game.rules.steeds import lose_steed, place_on_foot

Point = tuple[float, float]


def plan_dismount(table: Table, state: GameState, cmd: Dismount) -> Model | Rejected:
    """A rider may dismount after up to half its steed's Move (dismount_ride_share), or before moving."""
    m = check_action(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    if m.steed is None:
        return Rejected("not_mounted", f"{m.name} is not mounted.")
    half = table.content.steeds[m.steed].move * table.numbers.dismount_ride_share
    if m.moved and m.moved_distance > half + 1e-9:
        return Rejected("moved_too_far", f"{m.name} rode {m.moved_distance:.1f}\"; a rider may dismount "
                                         f"only after riding at most {half:g}\" of its steed's Move.")
    return m


def do_dismount(act: Act, m: Model) -> None:
    """Get down: the steed is removed (or left standing under "steeds stay"); a rider who has not
    moved may then walk half his Move (dismount_walk_share)."""
    m.acted = True
    steed, health = m.steed or "", m.steed_health
    lose_steed(act, m)
    left = _leave_steed(act, m, steed, health) if act.state.options.get("steeds_stay") else ""
    if not m.moved:
        m.extra_move -= act.table.profile(m).move * (1 - act.table.numbers.dismount_walk_share)
    act.emit(Dismounted(model=m.id, steed_left=left))
    if left:
        update_horse_holders(act, m.side, m)


def _leave_steed(act: Act, m: Model, steed: str, health: int) -> str:
    """Leave the steed standing where it was, riderless; the rider steps down beside it."""
    state = act.state
    state.next_model_number += 1
    name = act.table.content.steeds[steed].name
    horse = Model(id=f"{m.id}-steed{state.next_model_number}", side=m.side, name=f"{m.name}'s {name}",
                  profile=m.profile, spear=m.spear, x=m.x, y=m.y, health=1, facing=m.facing,
                  steed=steed, steed_health=health, riderless=True, activated=True)
    state.models.append(horse)
    place_on_foot(act, m, (m.x, m.y))
    return horse.id


def update_horse_holders(act: Act, side: Side, candidate: Model | None = None) -> None:
    """One dismounted model holds the horses for every four riderless steeds of its side
    (horses_per_holder)."""
    state = act.state
    steeds_left = [h for h in state.models if h.riderless and not h.removed and h.side == side]
    needed = math.ceil(len(steeds_left) / act.table.numbers.horses_per_holder)
    holders = [h for h in state.living(side) if h.holding]
    for extra in holders[needed:]:
        extra.holding = False
    if len(holders) < needed and candidate is not None and not candidate.removed:
        candidate.holding = True


def plan_remount(table: Table, state: GameState, cmd: Remount) -> tuple[Model, Model] | Rejected:
    """A dismounted rider may climb onto a riderless steed in base contact before moving."""
    m = check_active(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    horse = state.find(cmd.steed)
    if horse is None or horse.removed or not horse.riderless or horse.side != m.side:
        return Rejected("no_steed", "Choose a riderless steed of your own.")
    if m.steed is not None or m.moved:
        return Rejected("cannot_remount", f"{m.name} may remount only on foot, before moving.")
    if table.bases.edge_distance(m, horse) > table.bases.tolerance:
        return Rejected("not_in_contact", f"{m.name} must be in base contact with {horse.name}.")
    shootist = table.profile(m).role == "shootist"
    kind = horse.steed or ""
    if shootist != (kind == "nag"):
        return Rejected("wrong_steed", f"{m.name} may not ride a {table.content.steeds[kind].name}.")
    return m, horse


def do_remount(act: Act, m: Model, horse: Model) -> None:
    """Mount up: the rider takes the steed's place, spending a third of its Move (remount_move_divisor)."""
    m.steed, m.steed_health = horse.steed, horse.steed_health
    m.x, m.y, m.facing = horse.x, horse.y, horse.facing
    horse.removed = "remounted"
    m.holding = False
    move = act.table.content.steeds[m.steed or "warhorse"].move
    m.extra_move -= move / act.table.numbers.remount_move_divisor
    act.emit(Remounted(model=m.id, steed=horse.id))
    update_horse_holders(act, m.side)


def plan_break_away(table: Table, state: GameState, cmd: BreakAway) -> tuple[Model, Point] | Rejected:
    """A rider in melee may ride break_away_distance directly away from its opponents instead of moving."""
    m = check_active(state, cmd.side, cmd.model)
    if isinstance(m, Rejected):
        return m
    if m.steed is None:
        return Rejected("not_mounted", "Only a mounted model may Break Away.")
    if m.moved:
        return Rejected("already_moved", f"{m.name} has already moved this activation.")
    if not enemies_in_contact(table, state, m):
        return Rejected("not_in_melee", f"{m.name} is not in melee.")
    end = break_away_spot(table, state, m)
    if end is None:
        return Rejected("no_room", f"{m.name} has no room to Break Away.")
    return m, end




def do_break_away(act: Act, m: Model, end: Point) -> None:
    """Break Away: ride clear of the melee."""
    break_away(act, m, end)
