"""The post-battle sequence step by step, on pinned dice (RULES-BRIEF §12.3)."""

from __future__ import annotations

import pytest

from game.campaign import Campaign, after_battle
from game.content import load_content
from game.muster import breaches, muster_rules
from game.rules.dice import DiceExhausted, FixedDice
from tests.campaign.helpers import campaign, number_of, result


def member(c: Campaign, side: str, number: int):  # type: ignore[no-untyped-def]
    retinue = c.sides[side]  # type: ignore[index]
    i = retinue.index_of(number)
    return retinue.roster.members[i], retinue.records[i]


def numbers(c: Campaign, side: str) -> list[int]:
    return [rec.number for rec in c.sides[side].records]  # type: ignore[index]


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def test_a_retainer_dies_on_a_1_and_a_new_one_is_hired_for_prestige() -> None:
    c = campaign(prestige=10)
    archer = number_of(c, "red", "shootist")
    after, events = after_battle(c, result({"side": "red", "member": archer, "state": "casualty"}),
                                 dice=FixedDice([1]))
    assert archer not in numbers(after, "red")
    dead = next(e for e in events if e.kind == "dead")
    assert dead.roll is not None and dead.roll.value == 1 and "Casualty roll" in dead.roll.purpose
    hired = next(e for e in events if e.kind == "hired")
    assert hired.prestige == -2 and after.sides["red"].prestige == 10 + 1 - 2  # a draw, then the hire
    assert not breaches(after.sides["red"].roster, load_content(), muster_rules())


def test_a_retainer_recovers_on_a_2() -> None:
    c = campaign()
    archer = number_of(c, "red", "shootist")
    after, events = after_battle(c, result({"side": "red", "member": archer, "state": "casualty"}),
                                 dice=FixedDice([2]))
    assert archer in numbers(after, "red")
    assert kinds(events)[:2] == ["result", "recovers"]


def test_a_retainer_with_no_prestige_to_replace_him_leaves_the_retinue_short_but_in_the_field() -> None:
    c = campaign(prestige=0)
    archer = number_of(c, "blue", "shootist")
    after, events = after_battle(c, result({"side": "blue", "member": archer, "state": "casualty"},
                                           winner="red"), dice=FixedDice([1]))
    assert "cannot_hire" in kinds(events) and "cannot_field" not in kinds(events)
    assert after.chronicle[-len(events):] == tuple(events)  # every line shown is kept
    assert len(after.sides["blue"].roster.members) == 11


def test_a_retinue_below_the_least_number_of_models_cannot_take_the_field() -> None:
    c = campaign(prestige=0)
    blue = c.sides["blue"]
    thin = c.model_copy(update={"sides": {**c.sides, "blue": blue.model_copy(update={
        "roster": blue.roster.model_copy(update={"members": blue.roster.members[:5]}),
        "records": blue.records[:5]})}})
    archer = next(rec.number for m, rec in zip(thin.sides["blue"].roster.members, thin.sides["blue"].records,
                                               strict=True) if m.profile == "archer")
    after, events = after_battle(thin, result({"side": "blue", "member": archer, "state": "casualty"},
                                              winner="red"), dice=FixedDice([1]))
    last = events[-1]
    assert last.kind == "cannot_field" and last.side == "blue"
    assert "4 models left, and a retinue needs 5" in last.text


@pytest.mark.parametrize(("dice", "row"), [
    ((1, 1), "dead"), ((1, 2), "dead"), ((2, 2), "ransomed"), ((2, 3), "lost_eye"), ((3, 3), "old_wound"),
    ((3, 4), "leg_wound"), ((4, 4), "arm_wound"), ((4, 5), "misses_battle"), ((5, 5), "misses_battle"),
    ((5, 6), "full_recovery"), ((6, 6), "full_recovery"),
])
def test_each_row_of_the_injury_table(dice: tuple[int, int], row: str) -> None:
    c = campaign(prestige=0 if row != "ransomed" else 10)
    squire = number_of(c, "red", "squire")
    # the old wound rolls again after the battle: a 6 keeps him in
    after, events = after_battle(c, result({"side": "red", "member": squire, "state": "casualty"}),
                                 dice=FixedDice([*dice, 6]))
    injury = events[1]
    assert injury.kind == row and injury.roll is not None and injury.roll.value == sum(dice)
    if row == "dead":
        assert squire not in numbers(after, "red")
        return
    _, rec = member(after, "red", squire)
    assert {"lost_eye": rec.shoot == -1, "leg_wound": rec.move == -1, "arm_wound": rec.fight == -1,
            "old_wound": rec.injuries == ("old_wound",), "misses_battle": rec.misses_next,
            "full_recovery": not rec.injuries and not rec.misses_next,
            "ransomed": after.sides["red"].prestige == 10 - 4 + 1}[row]


def test_a_captive_without_a_ransom_is_lost() -> None:
    c = campaign(prestige=3)
    squire = number_of(c, "red", "squire")
    after, events = after_battle(c, result({"side": "red", "member": squire, "state": "casualty"}),
                                 dice=FixedDice([2, 2]))
    assert events[1].kind == "captured" and squire not in numbers(after, "red")
    assert "promoted" in kinds(events)


def test_an_old_wound_may_keep_him_out_and_a_healer_readies_a_hero_who_would_miss_the_battle() -> None:
    c = campaign(prestige=0)
    squire = number_of(c, "red", "squire")
    after, events = after_battle(c, result({"side": "red", "member": squire, "state": "casualty"}),
                                 dice=FixedDice([3, 3, 1]))
    assert events[-1].kind == "old_wound_out" and member(after, "red", squire)[1].misses_next
    rich = campaign(prestige=10)
    after, events = after_battle(rich, result({"side": "red", "member": squire, "state": "casualty"}),
                                 dice=FixedDice([4, 5]))
    assert "healed" in kinds(events) and not member(after, "red", squire)[1].misses_next


def test_a_horse_that_died_is_lost_and_one_left_by_a_fall_is_regained() -> None:
    c = campaign(prestige=0)
    captain, squire = number_of(c, "red", "captain"), number_of(c, "red", "squire")
    after, events = after_battle(c, result({"side": "red", "member": captain, "steed": "killed"},
                                           {"side": "red", "member": squire, "steed": "regained"}),
                                 dice=FixedDice([]))
    assert member(after, "red", captain)[0].steed is None
    assert member(after, "red", squire)[0].steed == "warhorse"
    assert kinds(events)[1:3] == ["steed_lost", "steed_regained"]


def test_a_lost_horse_is_bought_back_when_prestige_pays() -> None:
    c = campaign(prestige=10)
    captain = number_of(c, "red", "captain")
    after, events = after_battle(c, result({"side": "red", "member": captain, "steed": "killed"}),
                                 dice=FixedDice([]))
    assert member(after, "red", captain)[0].steed == "warhorse"
    assert after.sides["red"].prestige == 10 + 1 - 3


def test_a_hero_crossing_a_valour_threshold_draws_a_skill() -> None:
    c = campaign()
    captain = number_of(c, "red", "captain")
    after, events = after_battle(c, result({"side": "red", "member": captain, "valour": 5}),
                                 dice=FixedDice([1]))
    m, rec = member(after, "red", captain)
    # the Captain has Skill'd at Arms and Deadly Blade; the deck's first card is the Leader list's first
    assert m.skills == ("commanding",) and rec.skills_gained == ("commanding",) and rec.valour == 5
    skill = next(e for e in events if e.kind == "skill")
    assert skill.roll is not None and skill.roll.value == 1 and "Valour" in skill.roll.purpose


def test_valour_below_the_threshold_gives_no_skill_and_two_thresholds_give_two() -> None:
    c = campaign()
    captain = number_of(c, "red", "captain")
    after, _ = after_battle(c, result({"side": "red", "member": captain, "valour": 4}), dice=FixedDice([]))
    assert member(after, "red", captain)[1].skills_gained == ()
    after, _ = after_battle(c, result({"side": "red", "member": captain, "valour": 12}),
                            dice=FixedDice([1, 1]))
    assert member(after, "red", captain)[0].skills == ("commanding", "unyielding")


def test_a_retainer_wins_no_skill_for_his_valour_but_may_be_made_a_veteran() -> None:
    c = campaign()
    archer = number_of(c, "red", "shootist")
    after, events = after_battle(c, result({"side": "red", "member": archer, "valour": 9}),
                                 dice=FixedDice([5]))
    assert "skill" not in kinds(events) and "veteran" in kinds(events)
    record = after.sides["red"].records[after.sides["red"].index_of(archer)]
    assert record.veteran == 1 and record.valour == 0
    assert "+1 Shoot" in next(e.text for e in events if e.kind == "veteran")


def test_a_retainer_rolling_low_is_not_made_a_veteran_and_the_cap_holds() -> None:
    c = campaign()
    archer = number_of(c, "red", "shootist")
    after, events = after_battle(c, result({"side": "red", "member": archer, "valour": 2}),
                                 dice=FixedDice([4]))
    assert "not_veteran" in kinds(events)
    assert after.sides["red"].records[after.sides["red"].index_of(archer)].veteran == 0
    once, _ = after_battle(c, result({"side": "red", "member": archer, "valour": 2}), dice=FixedDice([6]))
    twice, events = after_battle(once, result({"side": "red", "member": archer, "valour": 2}),
                                 dice=FixedDice([]))  # at the cap: no roll at all
    assert twice.sides["red"].records[twice.sides["red"].index_of(archer)].veteran == 1
    assert "veteran" not in kinds(events)


def test_prestige_awards_and_the_floor_at_zero() -> None:
    c = campaign(prestige=0)
    blue_captain = number_of(c, "blue", "captain")
    red_captain = number_of(c, "red", "captain")
    after, events = after_battle(c, result(
        {"side": "blue", "member": blue_captain, "state": "casualty"},
        {"side": "red", "member": red_captain, "steed": "kept", "struck": 2},
        winner="red", objectives={"red": 2}), dice=FixedDice([6, 6]))
    red = [(e.kind, e.prestige) for e in events if e.step == "prestige" and e.side == "red"]
    assert red == [("victory", 3), ("objectives", 2), ("deeds", 1), ("steed_struck", -2)]
    assert after.sides["red"].prestige == 4
    blue = [e for e in events if e.step == "prestige" and e.side == "blue"]
    assert [(e.kind, e.prestige) for e in blue] == [("captain_lost", 0)]
    assert "never falls below zero" in blue[0].text and after.sides["blue"].prestige == 0


def test_a_dead_captain_is_succeeded_by_his_squire_of_most_valour() -> None:
    c = campaign(prestige=10)
    captain = number_of(c, "red", "captain")
    second = number_of(c, "red", "squire", 1)
    after, events = after_battle(c, result({"side": "red", "member": captain, "state": "casualty"},
                                           {"side": "red", "member": second, "valour": 2}),
                                 dice=FixedDice([1, 1]))
    assert captain not in numbers(after, "red")
    heir, _ = member(after, "red", second)
    assert heir.profile == "captain"
    assert kinds(events)[-3:] == ["succession", "promoted", "hired"]
    assert not breaches(after.sides["red"].roster, load_content(), muster_rules())
    assert after.sides["red"].prestige == 10 + 1 - 3 - 2  # a draw, the Captain lost, a Retainer hired


def test_the_sequence_rolls_only_the_dice_it_needs() -> None:
    c = campaign()
    with pytest.raises(DiceExhausted):
        after_battle(c, result({"side": "red", "member": number_of(c, "red", "shootist"),
                                "state": "casualty"}), dice=FixedDice([]))


def test_the_battle_and_its_events_join_the_campaign() -> None:
    c = campaign()
    after, events = after_battle(c, result(), dice=FixedDice([]))
    assert after.battles == (result(),) and after.chronicle == tuple(events)
    assert all(e.battle == 0 for e in events)
