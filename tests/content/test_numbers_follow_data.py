"""The data drives the rules: each case loads a copy of the content with one number changed and shows,
with pinned dice on the fixture's open 24" x 24" table, that the engine follows the number.

A case is a probe (a small scenario that reports what the engine did) and what it reports with the
shipped number and with the changed one. The copy is written to tmp_path and read by the loader, so
each case also shows that the TOML key is the one the engine reads.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.content import Content, load_content
from game.content.loader import DATA_DIR, load_content_from
from game.rules.charges import evade
from game.rules.commands import Activate, BreakAway, Dismount, Drive, Fight, Move, Shoot
from game.rules.context import Act, Rejected
from game.rules.dice import FixedDice
from game.rules.engine import Accepted, Engine
from game.rules.events import Ev, HorseBolted, RamResolved, ShotFired, VehicleMoved
from game.rules.missiles import ShotPlan, blockers
from game.rules.riding import do_dismount, do_remount, update_horse_holders
from game.rules.state import Model
from game.rules.steeds import horse_bolts, spook_tests
from game.terrain.terrain_map import TerrainMap
from tests.rules.fixtures import board, make_engine, make_terrain, model, rect, vehicle, wall

# --- the scenery --------------------------------------------------------------------------------------


def knight(x: float = 4.0, y: float = 10.5, mid: str = "r1", **kw: object) -> Model:
    """A mounted Squire on a Warhorse (Move 10"), facing east."""
    return model(mid, "red", "squire", x, y, steed="warhorse", steed_health=2, facing=90.0, **kw)


def far_foe() -> Model:
    """A blue model far away, so that no side is wiped out."""
    return model("b9", "blue", "billman", 22.0, 22.0)


def engine(content: Content, models: list[Model], dice: list[int] | None = None,
           terrain: TerrainMap | None = None, **kw: object) -> Engine:
    """The fixture's engine on `content`, with the first model activated."""
    eng = make_engine(models, dice=dice if dice is not None else [], terrain=terrain, content=content,
                      **kw)  # type: ignore[arg-type]
    res = eng.submit(Activate(side=models[0].side, model=models[0].id))
    assert isinstance(res, Accepted), res
    return eng


def act_on(content: Content, models: list[Model], dice: list[int]) -> Act:
    """An Act on `content` with pinned dice, for the effects the engine calls from its commands."""
    eng = make_engine(models, dice=[], content=content)
    return Act(eng.table, eng.state, FixedDice(dice))


def accepted(eng: Engine, cmd: object) -> bool:
    """Whether the engine would carry out the command (it checks, it changes nothing)."""
    return not isinstance(eng.check(cmd), Rejected)  # type: ignore[arg-type]


def code(eng: Engine, cmd: object) -> str:
    """The rejection code of the command, or "ok"."""
    plan = eng.check(cmd)  # type: ignore[arg-type]
    return plan.code if isinstance(plan, Rejected) else "ok"


def events(res: Accepted | Rejected, kind: type[Ev]) -> list[Ev]:
    """The events of one kind an accepted command produced."""
    assert isinstance(res, Accepted), res
    return [e for e in res.events if isinstance(e, kind)]


# --- the probes: what the engine does -----------------------------------------------------------------


def mounted_charge(content: Content) -> bool:
    """A Mounted Charge! of 14.5" (the Warhorse's 10" and 4.5") into contact is accepted."""
    eng = engine(content, [knight(1.0), model("b1", "blue", "billman", 17.0, 10.5)])
    return accepted(eng, Move(side="red", model="r1", path=((15.5, 10.5),), gambit="mounted_charge"))


def jump_wide_ditch(content: Content) -> str:
    """A rider's 10" ride across a ditch 3.5" wide."""
    ditch = make_terrain(obstacles=[wall("Great ditch", (12.0, 0.0), (12.0, 24.0), "ditch", width=3.5)])
    eng = engine(content, [knight(5.5), far_foe()], terrain=ditch)
    return code(eng, Move(side="red", model="r1", path=((15.5, 10.5),)))


def break_away(content: Content) -> float:
    """How far a rider Breaking Away rides from the enemy touching him."""
    eng = engine(content, [knight(10.0), model("b1", "blue", "man_at_arms", 11.6, 10.5)])
    assert isinstance(eng.submit(BreakAway(side="red", model="r1")), Accepted)
    return round(10.0 - eng.state.model("r1").x, 3)


def keep_seat(content: Content) -> bool:
    """A Retainer's bolting Warhorse runs east (d12: 3); he rolls a 4 to keep his seat."""
    rider = model("r1", "red", "man_at_arms", 6.0, 12.0, steed="warhorse", steed_health=2)
    act = act_on(content, [rider, far_foe()], [3, 4, 6, 6, 6])
    return horse_bolts(act, rider).kept_seat


def spooked_at_seven_inches(content: Content) -> int:
    """Steeds testing after a handgun fires: a Nag 7" away, base edge to base edge."""
    gunner = model("r1", "red", "handgunner", 5.0, 12.0)
    nag = model("b1", "blue", "archer", 13.0, 12.0, steed="nag", steed_health=2, facing=0.0)
    act = act_on(content, [gunner, nag, far_foe()], [6])
    spook_tests(act, gunner)
    return sum(1 for e in act.events if e.type == "steed_spooked")


def spook_roll_of_three(content: Content) -> bool:
    """A Nag 3" from a handgun rolls a 3 for spooking: does it bolt?"""
    gunner = model("r1", "red", "handgunner", 5.0, 12.0)
    nag = model("b1", "blue", "archer", 9.0, 12.0, steed="nag", steed_health=2, facing=0.0)
    act = act_on(content, [gunner, nag, far_foe()], [3, 3, 6, 6, 6])
    return bool(spook_tests(act, gunner))


def saddle_shot_of_five(content: Content) -> bool:
    """A mounted archer who has not moved rolls a 5 to hit at short range: does it hit?"""
    archer = model("r1", "red", "archer", 5.0, 12.0, steed="nag", steed_health=2, facing=90.0)
    eng = engine(content, [archer, model("b1", "blue", "billman", 12.0, 12.0)], dice=[5, 1, 1, 1, 1])
    shot = events(eng.submit(Shoot(side="red", model="r1", target="b1")), ShotFired)[0]
    assert isinstance(shot, ShotFired)
    return shot.hit


def fight_at(content: Content, attacker: Model, gap_to: float) -> bool:
    """Whether `attacker` may Fight a man-at-arms standing at x = gap_to on its row (in contact)."""
    eng = engine(content, [attacker, model("b1", "blue", "man_at_arms", gap_to, attacker.y)])
    return accepted(eng, Fight(side="red", model="r1", target="b1"))


def contact_at_a_gap_of_015(content: Content) -> bool:
    """Two 1" foot bases 0.15" apart: in contact (a Fight is allowed)?"""
    return fight_at(content, model("r1", "red", "squire", 10.0, 10.5), 11.15)


def contact_at_centres_125_apart(content: Content) -> bool:
    """Two foot bases whose centres are 1.25" apart: in contact (a Fight is allowed)?"""
    return fight_at(content, model("r1", "red", "squire", 10.0, 10.5), 11.25)


def contact_off_a_riders_nose(content: Content) -> bool:
    """A rider facing east and a foot base whose centre is 1.55" ahead of his: in contact?"""
    return fight_at(content, knight(10.0), 11.55)


def wall_crash(content: Content) -> RamResolved:
    """A supply wagon driven at 4" on a slant (60 degrees) into a tall wall: the crash."""
    walled = make_terrain(obstacles=[wall("Wall", (10.0, 0.0), (10.0, 24.0), tall=True)])
    v = vehicle("wagon", "supply_wagon", 5.0, 12.0, 60.0, speed=4.0)
    driver = board(model("r1", "red", "carter", 0.0, 0.0), v, "Box")
    eng = engine(content, [driver, far_foe()], dice=[1] * 40, terrain=walled, vehicles=[v])
    crash = events(eng.submit(Drive(side="red", model="r1", heading=60.0, speed=4.0)), RamResolved)[0]
    assert isinstance(crash, RamResolved) and crash.other_kind == "static"
    return crash


def _parts(crash: RamResolved) -> tuple[float, float]:
    """|v_rel . n| and |v_rel . t| of a contact."""
    (vx, vy), (nx, ny), (tx, ty) = crash.v_rel, crash.normal, crash.tangent
    return abs(vx * nx + vy * ny), abs(vx * tx + vy * ty)


def tangent_factor_of_a_crash(content: Content) -> float:
    """The share of the tangential speed in the crash's impact speed (given the static factor)."""
    crash = wall_crash(content)
    vn, vt = _parts(crash)
    assert vt > 1.0  # a glancing blow: the tangent counts
    return round((crash.impact_speed / content.vehicle_rules.static_obstacle_factor - vn) / vt, 2)


def static_factor_of_a_crash(content: Content) -> float:
    """The multiplier of the crash's impact speed against the wall (given the tangent factor)."""
    crash = wall_crash(content)
    vn, vt = _parts(crash)
    return round(crash.impact_speed / (vn + content.vehicle_rules.tangent_factor * vt), 2)


def drive(content: Content, terrain: TerrainMap) -> list[Ev]:
    """A supply wagon driven straight on at 4" from (6, 12) heading east: the Drive's events."""
    v = vehicle("wagon", "supply_wagon", 6.0, 12.0, 90.0, speed=4.0)
    driver = board(model("r1", "red", "carter", 0.0, 0.0), v, "Box")
    eng = engine(content, [driver, far_foe()], dice=[1] * 40, terrain=terrain, vehicles=[v])
    res = eng.submit(Drive(side="red", model="r1", heading=90.0, speed=4.0))
    assert isinstance(res, Accepted), res
    return res.events


def distance_in_marsh(content: Content) -> float:
    """How far the wagon gets in a turn with the whole way in marsh (Hard Going)."""
    marsh = make_terrain(patches={"marsh": rect(0, 0, 23, 23)})
    moved = [e for e in drive(content, marsh) if isinstance(e, VehicleMoved)]
    return round(moved[0].distance, 1)


def crashes_at_a_ditch(content: Content) -> int:
    """Crashes of the wagon on a ditch 1.5" wide across its way."""
    ditch = make_terrain(obstacles=[wall("Ditch", (11.0, 0.0), (11.0, 24.0), "ditch", width=1.5)])
    return sum(1 for e in drive(content, ditch) if isinstance(e, RamResolved))


def bolt_on_a_two(content: Content) -> float:
    """The bearing a bolting horse takes on a direction roll of 2."""
    rider = model("r1", "red", "man_at_arms", 12.0, 12.0, steed="warhorse", steed_health=2)
    act = act_on(content, [rider, far_foe()], [2, 6, 6, 6])
    event = horse_bolts(act, rider)
    assert isinstance(event, HorseBolted)
    return event.bearing


def lean_over(content: Content) -> int:
    """Blocked Shots for an archer whose base centre is 1.8" from a hedge across his line of fire."""
    hedge = make_terrain(obstacles=[wall("Hedge", (6.8, 0.0), (6.8, 24.0), "hedge")])
    archer, target = model("r1", "red", "archer", 5.0, 12.0), model("b1", "blue", "billman", 14.0, 12.0)
    eng = engine(content, [archer, target], terrain=hedge)
    plan = eng.check(Shoot(side="red", model="r1", target="b1"))
    assert isinstance(plan, ShotPlan), plan
    return len(blockers(eng.table, eng.state, plan))


def evade_on_a_four(content: Content) -> bool:
    """A Shootist charged by a rider in the open rolls a 4 to Evade: does he get away?"""
    archer = model("b1", "blue", "archer", 12.0, 10.5)
    rider = knight(10.4)
    act = act_on(content, [rider, archer], [4])
    evade(act, archer, rider)
    return archer.x > 12.0


def pull_down_with_a_five(content: Content) -> bool:
    """A Billman's "Pull him down!" with Fight dice 5 and 1 against a rider: is he pulled down?"""
    billman = model("r1", "red", "billman", 10.45, 10.5)
    rider = model("b1", "blue", "man_at_arms", 12.0, 10.5, steed="warhorse", steed_health=2, facing=270.0)
    eng = engine(content, [billman, rider], dice=[5, 1, 1, 1, 4, 6, 6, 6, 6, 6])
    res = eng.submit(Fight(side="red", model="r1", target="b1", pull_down=True))
    assert isinstance(res, Accepted), res
    return any(e.type == "unhorsed" for e in res.events)


def misfire(content: Content) -> int:
    """Reloads a crossbowman needs after rolling a 1 to hit."""
    shooter, target = model("r1", "red", "crossbowman", 5.0, 12.0), model("b1", "blue", "billman", 12.0, 12.0)
    eng = engine(content, [shooter, target], dice=[1])
    assert isinstance(eng.submit(Shoot(side="red", model="r1", target="b1")), Accepted)
    return eng.state.model("r1").reloads_needed


def archer_after_four_inches(content: Content) -> bool:
    """A mounted archer who has ridden 4" of his Nag's 9": may he shoot?"""
    archer = model("r1", "red", "archer", 5.0, 12.0, steed="nag", steed_health=2, facing=90.0)
    eng = engine(content, [archer, model("b1", "blue", "billman", 12.0, 12.0)])
    archer.moved, archer.moved_distance = True, 4.0
    return accepted(eng, Shoot(side="red", model="r1", target="b1"))


def archer_done_after_one_shot(content: Content) -> bool:
    """A mounted archer who has not moved shoots once (a miss): is his Action spent?"""
    archer = model("r1", "red", "archer", 5.0, 12.0, steed="nag", steed_health=2, facing=90.0)
    eng = engine(content, [archer, model("b1", "blue", "billman", 12.0, 12.0)], dice=[2])
    assert isinstance(eng.submit(Shoot(side="red", model="r1", target="b1")), Accepted)
    return eng.state.model("r1").acted


def dismount_after_four_inches(content: Content) -> bool:
    """A rider who has ridden 4" of his Warhorse's 10": may he dismount?"""
    eng = engine(content, [knight(), far_foe()])
    rider = eng.state.model("r1")
    rider.moved, rider.moved_distance = True, 4.0
    return accepted(eng, Dismount(side="red", model="r1"))


def walk_after_dismounting(content: Content) -> float:
    """The Move a Squire (Move 6") has left after dismounting before moving."""
    rider = knight()
    act = act_on(content, [rider, far_foe()], [])
    do_dismount(act, rider)
    return round(act.table.profile(rider).move + rider.extra_move, 3)


def remount_cost(content: Content) -> float:
    """The inches of the Warhorse's 10" a Squire spends climbing back into the saddle."""
    squire = model("r1", "red", "squire", 10.0, 10.5)
    horse = model("r2", "red", "squire", 11.0, 10.5, steed="warhorse", steed_health=2, riderless=True)
    act = act_on(content, [squire, horse, far_foe()], [])
    do_remount(act, squire, horse)
    return round(-squire.extra_move, 3)


def holders_for_three_steeds(content: Content) -> int:
    """Horse-holders a side needs for three riderless steeds, two men on foot offering."""
    steeds = [model(f"h{i}", "red", "squire", 2.0 + 2 * i, 20.0, steed="warhorse", steed_health=2,
                    riderless=True) for i in range(3)]
    a, b = model("r1", "red", "billman", 10.0, 10.0), model("r2", "red", "billman", 12.0, 10.0)
    act = act_on(content, [a, b, *steeds, far_foe()], [])
    update_horse_holders(act, "red", a)
    update_horse_holders(act, "red", b)
    return sum(1 for m in (a, b) if m.holding)


def jump_by_a_guard(content: Content) -> str:
    """A rider jumping a hedge about 1.2" from a billman standing against it."""
    hedge = make_terrain(obstacles=[wall("Hedge", (8.0, 0.0), (8.0, 24.0), "hedge")])
    guard = model("b2", "blue", "billman", 8.8, 10.5)
    eng = engine(content, [knight(), far_foe(), guard], terrain=hedge)
    return code(eng, Move(side="red", model="r1", path=((13.0, 12.5),)))


# --- the cases ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One number of the data: where it is, its new value, the probe, and what the probe sees."""

    fname: str
    key: str
    value: str  # TOML text
    probe: Callable[[Content], object]
    shipped: object  # with the shipped data
    changed: object  # with the one number changed


RULES, VEHICLES = "rules.toml", "vehicles.toml"
CASES = [
    Case(RULES, "mounted_charge_reach", "4.0", mounted_charge, True, False),
    Case(RULES, "max_jump_width", "4.0", jump_wide_ditch, "too_wide", "ok"),
    Case(RULES, "break_away_distance", "4.0", break_away, 3.0, 4.0),
    Case(RULES, "keep_seat_on", "5", keep_seat, True, False),
    Case(RULES, "spook_range", "8.0", spooked_at_seven_inches, 0, 1),
    Case(RULES, "spook_bolts_on", "3", spook_roll_of_three, False, True),
    Case(RULES, "mounted_shot_hits_on", "5", saddle_shot_of_five, False, True),
    Case(RULES, "contact_tolerance", "0.2", contact_at_a_gap_of_015, False, True),
    Case(RULES, "base_diameter", "1.2", contact_at_centres_125_apart, False, True),
    Case(RULES, "mounted_base_length", "1.5", contact_off_a_riders_nose, True, False),
    Case(VEHICLES, "tangent_factor", "1.0", tangent_factor_of_a_crash, 0.5, 1.0),
    Case(VEHICLES, "static_obstacle_factor", "3.0", static_factor_of_a_crash, 2.0, 3.0),
    Case(VEHICLES, "hard_going_pace", "0.4", distance_in_marsh, 2.0, 1.6),
    Case(VEHICLES, "narrow_ditch", "2.0", crashes_at_a_ditch, 1, 0),
    Case(RULES, "bolt_direction_die", "8", bolt_on_a_two, 60.0, 90.0),
    Case(RULES, "lean_over", "2.0", lean_over, 1, 0),
    Case(RULES, "evade_on", "5", evade_on_a_four, True, False),
    Case(RULES, "pull_down_on", "5", pull_down_with_a_five, False, True),
    Case(RULES, "misfire_reloads", "3", misfire, 2, 3),
    Case(RULES, "mounted_archer_move_share", "0.25", archer_after_four_inches, True, False),
    Case(RULES, "stationary_archer_shots", "1", archer_done_after_one_shot, False, True),
    Case(RULES, "dismount_ride_share", "0.25", dismount_after_four_inches, True, False),
    Case(RULES, "dismount_walk_share", "0.25", walk_after_dismounting, 3.0, 1.5),
    Case(RULES, "remount_move_divisor", "2", remount_cost, 3.333, 5.0),
    Case(RULES, "horses_per_holder", "2", holders_for_three_steeds, 1, 2),
    Case(RULES, "defended_obstacle_reach", "0.5", jump_by_a_guard, "defended", "ok"),
]


def content_with(tmp_path: Path, fname: str, key: str, value: str) -> Content:
    """A copy of the shipped content with one `key = value` line of a data file changed."""
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    path = data / fname
    line = re.compile(rf"^{re.escape(key)} = [^\s#]+", re.MULTILINE)
    text = path.read_text(encoding="utf-8")
    assert len(line.findall(text)) == 1, f"{key} is not set exactly once in {fname}"
    path.write_text(line.sub(f"{key} = {value}", text), encoding="utf-8")
    return load_content_from(data)


@pytest.mark.parametrize("case", CASES, ids=[c.key for c in CASES])
def test_the_engine_follows_the_number_in_the_data(case: Case, tmp_path: Path) -> None:
    assert case.shipped != case.changed
    assert case.probe(load_content()) == case.shipped
    changed = content_with(tmp_path, case.fname, case.key, case.value)
    assert case.probe(changed) == case.changed


def test_two_games_with_different_bases_run_side_by_side(tmp_path: Path) -> None:
    """The base sizes belong to each game's table: no setting is shared between them."""
    wide = content_with(tmp_path, RULES, "base_diameter", "1.2")
    assert contact_at_centres_125_apart(wide) and not contact_at_centres_125_apart(load_content())
    assert contact_at_centres_125_apart(wide)
