"""Steeds with pinned dice: Jump tests, Thrown Riders, steed hits and deaths, unhorsing, spooking."""

from __future__ import annotations

from typing import Any

import pytest

from game.rules import steeds
from game.rules.context import Act
from game.rules.dice import DiceExhausted, FixedDice
from game.rules.spears import command_range
from game.rules.state import Model
from game.terrain.terrain_map import Obstacle
from tests.rules.fixtures import make_engine, model, wall

WALL = wall("Low wall", (14.0, 0.0), (14.0, 24.0))
STAKES = wall("Stakes", (14.0, 0.0), (14.0, 24.0), kind="stakes")


def _act(models: list[Model], dice: list[int]) -> Act:
    eng = make_engine(models, dice=dice)
    assert isinstance(eng.fixed_dice, FixedDice)
    return Act(eng.table, eng.state, eng.fixed_dice)


def _rider(profile: str = "man_at_arms", steed: str = "warhorse", health: int = 2,
           **kw: Any) -> Model:
    return model("r1", "red", profile, 12.0, 12.0, steed=steed, steed_health=health, **kw)


def _foe(x: float = 12.0, y: float = 16.0) -> Model:
    return model("b1", "blue", "billman", x, y)


def _events(act: Act) -> list[Any]:
    return list(act.events)


def _one(act: Act, kind: str) -> Any:
    found = [e for e in _events(act) if e.type == kind]
    assert len(found) == 1, [e.type for e in _events(act)]
    return found[0]


def _types(act: Act) -> list[str]:
    return [e.type for e in _events(act) if e.type != "dice_rolled"]


def _left(act: Act) -> int:
    dice = act.dice
    assert isinstance(dice, FixedDice)
    return dice.remaining


# --- Jump tests -------------------------------------------------------------------------------


@pytest.mark.parametrize("roll,result", [(6, "sails_over"), (5, "awkward"), (2, "awkward")])
def test_jump_results_for_a_retainer(roll: int, result: str) -> None:
    act = _act([_rider(), _foe()], [roll])
    assert steeds.jump_test(act, act.state.model("r1"), WALL) == result
    ev = _one(act, "jump_test")
    assert (ev.roll, ev.result, ev.rerolled, ev.obstacle) == (roll, result, False, "Low wall")
    assert act.state.model("r1").steed == "warhorse"


def test_retainer_falls_without_a_reroll_and_is_thrown() -> None:
    act = _act([_rider(), _foe()], [1, 6])  # falls; Thrown Rider: one die, 6 on feet
    r1 = act.state.model("r1")
    assert steeds.jump_test(act, r1, WALL) == "falls"
    assert not _one(act, "jump_test").rerolled
    thrown = _one(act, "rider_thrown")
    assert thrown.rolls == [6] and thrown.result == "on_feet"
    assert r1.steed is None and r1.steed_health == 0 and _left(act) == 0


@pytest.mark.parametrize("second,result", [(6, "sails_over"), (4, "awkward")])
def test_equestrian_rerolls_a_fall(second: int, result: str) -> None:
    act = _act([_rider("squire"), _foe()], [1, second])
    assert steeds.jump_test(act, act.state.model("r1"), WALL) == result
    ev = _one(act, "jump_test")
    assert ev.rerolled and ev.roll == second and ev.result == result


def test_equestrian_rerolls_only_once() -> None:
    act = _act([_rider("squire"), _foe()], [1, 1, 3, 6])  # fall, fall again; thrown: best of 2
    r1 = act.state.model("r1")
    assert steeds.jump_test(act, r1, WALL) == "falls"
    assert _one(act, "rider_thrown").rolls == [3, 6]
    assert r1.steed is None and _left(act) == 0


def test_equestrian_does_not_reroll_an_awkward_landing() -> None:
    act = _act([_rider("captain"), _foe()], [2])
    assert steeds.jump_test(act, act.state.model("r1"), WALL) == "awkward"
    assert not _one(act, "jump_test").rerolled and _left(act) == 0


def test_equestrian_is_lost_on_foot() -> None:
    act = _act([model("r1", "red", "squire", 12.0, 12.0), _foe()], [])
    assert not act.table.has_skill(act.state.model("r1"), "equestrian")


def test_fall_over_stakes_hits_the_steed_before_the_rider_is_thrown() -> None:
    act = _act([_rider(), _foe()], [1, 4, 6])  # falls; steed save 5+ fails on 4; on feet
    r1 = act.state.model("r1")
    steeds.jump_test(act, r1, STAKES)
    assert _types(act) == ["jump_test", "steed_hit", "rider_thrown"]
    hit = _one(act, "steed_hit")
    assert hit.source == "stakes" and hit.steed_health == 1
    assert _one(act, "rider_thrown").modifier == 0 and r1.steed is None


def test_fall_over_stakes_steed_saves() -> None:
    act = _act([_rider(), _foe()], [1, 5, 6])
    steeds.jump_test(act, act.state.model("r1"), STAKES)
    assert _types(act) == ["jump_test", "rider_thrown"]


def test_stakes_kill_a_beast_of_burden_outright() -> None:
    act = _act([_rider("billman", "beast_of_burden", 1), _foe()], [1, 3, 2])  # 2 - 1 = crushed
    r1 = act.state.model("r1")
    steeds.jump_test(act, r1, STAKES)
    assert _types(act)[:3] == ["jump_test", "steed_hit", "steed_killed"]
    assert _one(act, "steed_killed").valour == 0
    thrown = _one(act, "rider_thrown")
    assert thrown.modifier == -1 and thrown.result == "crushed"
    assert r1.removed == "casualty" and act.state.sides["blue"].valour == 1


def test_no_stakes_hit_unless_the_rider_falls() -> None:
    act = _act([_rider(), _foe()], [3])
    assert steeds.jump_test(act, act.state.model("r1"), STAKES) == "awkward"
    assert _types(act) == ["jump_test"]


# --- Thrown Rider test ------------------------------------------------------------------------


@pytest.mark.parametrize("roll,result,health,stunned,mishap", [
    (1, "crushed", 1, 0, 0), (2, "hard_fall", 2, 1, 0), (3, "hard_fall", 2, 1, 0),
    (4, "winded", 3, 0, 1), (5, "winded", 3, 0, 1), (6, "on_feet", 3, 0, 0),
])
def test_thrown_hero_keeps_the_best_of_his_prowess_dice(roll: int, result: str, health: int,
                                                        stunned: int, mishap: int) -> None:
    act = _act([_rider("captain"), _foe()], [1, roll, 1])  # Prowess 3: three dice
    r1 = act.state.model("r1")
    r1.charge_bonus = True
    r1.facing = 90.0
    assert steeds.thrown_rider(act, r1) == result
    ev = _one(act, "rider_thrown")
    assert ev.rolls == [1, roll, 1] and ev.result == result and ev.at == (12.0, 12.0)
    assert (r1.health, r1.stunned, r1.mishap) == (health, stunned, mishap)
    assert r1.steed is None and not r1.charge_bonus and r1.facing == 90.0


@pytest.mark.parametrize("roll,result", [(1, "crushed"), (3, "hard_fall"), (4, "winded"),
                                         (6, "on_feet")])
def test_thrown_retainer_rolls_one_die(roll: int, result: str) -> None:
    act = _act([_rider(), _foe()], [roll])
    r1 = act.state.model("r1")
    assert steeds.thrown_rider(act, r1) == result
    assert _one(act, "rider_thrown").rolls == [roll]
    assert (r1.removed == "casualty") == (result in ("crushed", "hard_fall"))


def test_crushed_wounds_score_for_the_side_that_caused_the_fall() -> None:
    act = _act([_rider("squire"), _foe()], [1, 1])
    r1 = act.state.model("r1")
    steeds.thrown_rider(act, r1, by_side="blue")
    wounded = _one(act, "wounded")
    assert wounded.amount == 2 and r1.removed == "casualty"
    assert act.state.sides["blue"].valour == 2  # a Squire


def test_thrown_rider_modifier_lowers_the_best_die() -> None:
    act = _act([_rider("squire"), _foe()], [6, 2])
    assert steeds.thrown_rider(act, act.state.model("r1"), -1) == "winded"


def test_thrown_rider_lands_at_a_legal_foot_position() -> None:
    act = _act([_rider(), _foe(14.0, 12.0)], [6])
    r1 = act.state.model("r1")
    steeds.thrown_rider(act, r1, at=(14.2, 12.0))  # on top of the billman
    assert (r1.x - 14.0) ** 2 + (r1.y - 12.0) ** 2 >= 1.0 - 1e-6
    assert _one(act, "rider_thrown").at == (r1.x, r1.y)


def test_dismounted_hero_command_range_returns_to_normal() -> None:
    act = _act([_rider("captain"), _foe()], [6, 6, 6])
    r1 = act.state.model("r1")
    assert command_range(act.table, r1) == 9.0
    steeds.thrown_rider(act, r1)
    assert command_range(act.table, r1) == 6.0


# --- Steed hits -------------------------------------------------------------------------------


def test_steed_save_passes_and_nothing_happens() -> None:
    act = _act([_rider(), _foe()], [5])
    assert not steeds.steed_hit(act, act.state.model("r1"), "shooting", "blue")
    assert _types(act) == [] and act.state.model("r1").steed_health == 2


def test_lance_makes_the_steed_save_harder() -> None:
    act = _act([_rider(), _foe()], [5, 5])  # 5+ becomes 6+: 5 fails; then steadies
    assert steeds.steed_hit(act, act.state.model("r1"), "melee", "blue", save_modifier=-1)


@pytest.mark.parametrize("roll,result", [(1, "falls"), (4, "rears"), (5, "steadies"),
                                         (6, "steadies")])
def test_steed_hit_by_shooting(roll: int, result: str) -> None:
    act = _act([_rider(), _foe()], [2, roll, 6])  # save fails on 2; table; (thrown: 6)
    r1 = act.state.model("r1")
    assert steeds.steed_hit(act, r1, "shooting", "blue")
    hit = _one(act, "steed_hit")
    assert (hit.roll, hit.result, hit.steed_health, hit.source) == (roll, result, 1, "shooting")
    if result == "falls":
        assert _one(act, "rider_thrown").modifier == -1 and r1.steed is None
    else:
        assert r1.steed == "warhorse" and r1.steed_health == 1
    assert r1.mishap == (1 if result in ("rears", "falls") else 0)  # a fall at -1: 6 is winded


@pytest.mark.parametrize("roll", [2, 3])
def test_steed_hit_by_shooting_bolts(roll: int) -> None:
    act = _act([_rider(), _foe(2.0, 2.0)], [2, roll, 3, 5])  # bolt east 10"; keeps the seat
    r1 = act.state.model("r1")
    steeds.steed_hit(act, r1, "shooting", "blue")
    assert _types(act) == ["steed_hit", "horse_bolted"]
    assert r1.x == pytest.approx(22.0) and r1.steed == "warhorse"


@pytest.mark.parametrize("roll,result", [(1, "bolts"), (2, "bolts"), (3, "steadies"),
                                         (4, "steadies"), (5, "enraged"), (6, "enraged")])
def test_warhorse_hit_in_melee(roll: int, result: str) -> None:
    dice = [1, roll] + ([3, 6] if result == "bolts" else []) + ([2] if result == "enraged" else [])
    act = _act([_rider(), _foe(2.0, 2.0)], dice)
    steeds.steed_hit(act, act.state.model("r1"), "melee", "blue", attacker=act.state.model("b1"))
    assert _one(act, "steed_hit").result == result
    assert _left(act) == 0


def test_enraged_warhorse_kicks_the_attacker() -> None:
    act = _act([_rider(), _foe()], [1, 6, 4, 2])  # fails; enraged; kick strikes; save 5+ fails
    b1 = act.state.model("b1")
    steeds.steed_hit(act, act.state.model("r1"), "melee", "blue", attacker=b1)
    assert b1.removed == "casualty" and act.state.sides["red"].valour == 1


def test_enraged_kick_can_miss() -> None:
    act = _act([_rider(), _foe()], [1, 5, 3])
    b1 = act.state.model("b1")
    steeds.steed_hit(act, act.state.model("r1"), "melee", "blue", attacker=b1)
    assert not b1.removed and _left(act) == 0


def test_nag_hit_in_melee_uses_the_shooting_table() -> None:
    act = _act([_rider("archer", "nag"), _foe()], [1, 4])  # 4 on the shooting table: rears
    steeds.steed_hit(act, act.state.model("r1"), "melee", "blue")
    assert _one(act, "steed_hit").result == "rears"
    assert act.state.model("r1").mishap == 1


def test_steed_killed_gives_valour_and_throws_the_rider() -> None:
    act = _act([_rider(health=1), _foe()], [1, 4])  # save fails; thrown: 4 winded
    r1 = act.state.model("r1")
    assert steeds.steed_hit(act, r1, "shooting", "blue")
    assert _types(act) == ["steed_hit", "steed_killed", "rider_thrown", "mishap_taken"]
    assert _one(act, "steed_hit").result == "killed"
    killed = _one(act, "steed_killed")
    assert killed.by_side == "blue" and killed.valour == 1
    assert act.state.sides["blue"].valour == 1
    assert _one(act, "rider_thrown").modifier == 0 and r1.steed is None


def test_steed_killed_outright_throws_at_minus_one() -> None:
    act = _act([_rider(health=1), _foe()], [1, 4])
    steeds.steed_hit(act, act.state.model("r1"), "melee", "blue", outright=True)
    assert _one(act, "rider_thrown").modifier == -1


def test_one_hit_killing_a_full_health_steed_is_outright() -> None:
    act = _act([_rider("billman", "beast_of_burden", 1), _foe()], [1, 6])
    steeds.steed_hit(act, act.state.model("r1"), "shooting", "blue")
    assert _one(act, "rider_thrown").modifier == -1


# --- Unhorsing and spooking ---------------------------------------------------------------------


@pytest.mark.parametrize("roll,turns", [(1, 0), (2, 0), (3, 1), (5, 1), (6, 3)])
def test_pull_him_down_unhorses_and_stuns(roll: int, turns: int) -> None:
    act = _act([_rider("squire"), _foe(12.0, 13.6)], [roll])
    r1, b1 = act.state.model("r1"), act.state.model("b1")
    assert steeds.unhorse(act, r1, b1) == turns
    ev = _one(act, "unhorsed")
    assert (ev.model, ev.by, ev.stunned) == ("r1", "b1", turns)
    assert r1.steed is None and r1.stunned == turns and r1.health == 2
    assert _types(act) == ["unhorsed"]


def test_unhorsing_keeps_a_longer_stun() -> None:
    act = _act([_rider("squire", stunned=2), _foe()], [4])
    r1 = act.state.model("r1")
    steeds.unhorse(act, r1, act.state.model("b1"))
    assert r1.stunned == 2


def _gunner(*others: Model) -> list[Model]:
    return [model("b1", "blue", "handgunner", 12.0, 4.0), *others]


def test_nag_within_six_inches_tests_and_may_bolt() -> None:
    nag = model("r1", "red", "archer", 12.0, 10.0, steed="nag", steed_health=2, facing=90.0)
    act = _act(_gunner(nag), [2, 3, 4])  # spooked on 2; bolt east; keeps the seat on 4
    assert steeds.spook_tests(act, act.state.model("b1")) == ["r1"]
    assert _types(act) == ["steed_spooked", "horse_bolted"]
    assert act.state.model("r1").x == pytest.approx(21.0)


def test_nag_steady_on_three() -> None:
    nag = model("r1", "red", "archer", 12.0, 10.0, steed="nag", steed_health=2, facing=90.0)
    act = _act(_gunner(nag), [3])
    assert steeds.spook_tests(act, act.state.model("b1")) == []
    assert not _one(act, "steed_spooked").bolted


def test_warhorses_and_distant_nags_do_not_test() -> None:
    # the distant Nag stands side-on, 6.1" edge to edge from the gun
    horse = _rider()
    far = model("r2", "red", "archer", 12.0, 11.1, steed="nag", steed_health=2, facing=90.0)
    foot = model("r3", "red", "archer", 14.0, 4.0)
    act = _act(_gunner(horse, far, foot), [])
    horse.x, horse.y = 10.0, 4.0  # right beside the gun
    assert steeds.spook_tests(act, act.state.model("b1")) == []
    assert _types(act) == []


def test_beast_of_burden_tests_for_spooking_on_either_side() -> None:
    mule = model("b2", "blue", "billman", 12.0, 6.0, steed="beast_of_burden", steed_health=1)
    act = _act(_gunner(mule, _rider()), [6])
    steeds.spook_tests(act, act.state.model("b1"))
    assert _one(act, "steed_spooked").model == "b2"


def test_pinned_dice_run_out_loudly() -> None:
    act = _act([_rider(), _foe()], [])
    with pytest.raises(DiceExhausted):
        steeds.jump_test(act, act.state.model("r1"), Obstacle("W", "wall", ((0, 0), (1, 1)),
                                                                False, 0.5))
