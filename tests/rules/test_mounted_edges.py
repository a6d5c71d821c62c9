"""Edge cases of the mounted rules with pinned dice (RULES-BRIEF §9.6-§9.13)."""

from __future__ import annotations

import pytest

from game.rules.charges import shock_applies
from game.rules.commands import Activate, Fight, Move, React, Shoot
from game.rules.context import Act, Rejected
from game.rules.dice import FixedDice
from game.rules.engine import Accepted
from game.rules.paths import bonus_denied
from game.rules.spears import feckless_table_id
from game.rules.turn import end_turn
from tests.rules.fixtures import make_engine, make_terrain, model, rect, wall
from tests.rules.test_charging import _charge, _engine, _ev, rider


@pytest.mark.parametrize("gambit", ["charge", "run", "climb"])
def test_riders_may_not_use_foot_gambits(gambit: str) -> None:
    eng = _engine([rider("r1", "red", 4.0), model("b1", "blue", "billman", 9.0, 10.5)], [])
    res = eng.submit(Move(side="red", model="r1", path=((7.5, 10.5),), gambit=gambit))
    assert isinstance(res, Rejected) and res.code == "mounted_gambit"


@pytest.mark.parametrize("dice,outcome", [([3, 1, 4], "mishap"), ([3, 1, 1], "calamity")])
def test_counter_charge_mishap_and_calamity(dice: list[int], outcome: str) -> None:
    eng = _engine([rider("r1", "red", 4.0), rider("b1", "blue", 17.0, facing=270.0)], dice)
    _charge(eng, (15.0, 10.5))
    res = eng.submit(React(side="blue", choice="counter_charge"))
    b1 = eng.state.model("b1")
    assert _ev(res, "gambit_rolled")[0].outcome == outcome
    assert b1.x == 17.0 and not b1.charge_bonus
    assert (b1.mishap == 1) if outcome == "mishap" else (b1.steed is None)


@pytest.mark.parametrize("dice,outcome", [([3, 1, 4], "mishap"), ([3, 1, 1], "calamity")])
def test_mounted_evasion_mishap_and_calamity(dice: list[int], outcome: str) -> None:
    eng = _engine([rider("r1", "red", 4.0), rider("b1", "blue", 17.0, facing=270.0)], dice)
    _charge(eng, (15.0, 10.5))
    eng.submit(React(side="blue", choice="mounted_evasion"))
    b1 = eng.state.model("b1")
    assert b1.x == 17.0
    assert (b1.mishap == 1) if outcome == "mishap" else (b1.steed is None)


def test_blocked_stroke_of_4_plus_hits_the_rider() -> None:
    eng = _engine([model("r1", "red", "man_at_arms", 10.0, 10.5),
                   rider("b1", "blue", 11.5, facing=90.0, lance=False, drill="thrust")],
                  [6, 1, 1, 1, 1, 1, 5, 1])  # 1 hit; Blocked Stroke 5 -> the rider; save 1 fails
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    assert [s.absorbed for s in _ev(res, "blocked_stroke")] == [False]
    assert eng.state.model("b1").health == 1 and eng.state.model("b1").steed_health == 2


def test_charge_bonus_is_kept_after_a_won_round() -> None:
    eng = _engine([rider("r1", "red", 10.0, lance=False, charge_bonus=True),
                   model("b1", "blue", "man_at_arms", 11.55, 10.5)],
                  [6, 6, 1, 1, 1, 1, 1, 1, 6, 6])  # 2 strikes v 0 (the 1s rerolled to 1s); saves
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    assert _ev(res, "melee_round")[0].winner == "r1"
    assert eng.state.model("r1").charge_bonus


def test_deadly_blade_on_the_charge_rerolls_ones_and_twos() -> None:
    eng = _engine([rider("r1", "red", 10.0, profile="captain", lance=False, charge_bonus=True),
                   model("b1", "blue", "man_at_arms", 11.55, 10.5)],
                  [1, 2, 3, 4, 5, 6, 1, 1, 6, 6, 6])
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    assert _ev(res, "melee_round")[0].attacker_dice == [5, 6, 3, 4]


def test_no_charge_bonus_in_or_against_hard_going() -> None:
    terrain = make_terrain(patches={"scrub": rect(10, 10, 10, 10)})
    eng = _engine([rider("r1", "red", 10.5, lance=False, charge_bonus=True),
                   model("b1", "blue", "man_at_arms", 12.05, 10.5)], [], terrain)
    r1, b1 = eng.state.model("r1"), eng.state.model("b1")
    assert "rider is in Hard Going" in bonus_denied(eng.table, r1, b1)
    r1.x, b1.x = 8.5, 10.5
    assert "b1 is in Hard Going" in bonus_denied(eng.table, r1, b1)


def test_a_charging_lance_worsens_the_save_and_forbids_fend() -> None:
    eng = _engine([rider("r1", "red", 10.0, charge_bonus=True),
                   model("b1", "blue", "squire", 11.55, 10.5, drill="thrust")],
                  [6, 6, 6, 6, 1, 1, 1, 1, 4, 4])  # 4 strikes v 0 -> 4 hits; saves of 4 fail at 5+
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    saves = _ev(res, "save_rolled")
    assert saves[0].need == 5 and not saves[0].saved
    eng = make_engine([model("b1", "blue", "squire", 11.55, 10.5),
                       rider("r1", "red", 10.0, charge_bonus=True)], dice=[])
    eng.submit(Activate(side="blue", model="b1"))
    res = eng.submit(Fight(side="blue", model="b1", target="r1", option="fend"))
    assert isinstance(res, Rejected) and "lance" in res.reason


def test_evading_an_obstacle_lets_the_rider_pursue() -> None:
    terrain = make_terrain(obstacles=[wall("Hedge", (16.0, 0.0), (16.0, 24.0), "hedge")])
    eng = _engine([rider("r1", "red", 4.0), model("b1", "blue", "billman", 16.8, 10.5)], [3, 6],
                  terrain)
    _charge(eng, (14.7, 10.5))
    eng.submit(React(side="blue", choice="evade"))
    r1 = eng.state.model("r1")
    assert eng.state.model("b1").x > 20.0 and not r1.moved
    # 10.7" of the 15" Mounted Charge! are spent: 4.3" are left to jump the hedge and follow
    assert isinstance(eng.submit(Move(side="red", model="r1", path=((19.5, 10.5),))), Rejected)
    res = eng.submit(Move(side="red", model="r1", path=((18.9, 10.5),)))
    assert isinstance(res, Accepted) and any(e.type == "jump_test" for e in res.events)


def test_stunned_model_loses_its_next_activations() -> None:
    eng = make_engine([model("b1", "blue", "squire", 20, 20.5), model("r1", "red", "squire", 5, 5.5),
                       model("r2", "red", "billman", 6.5, 5.5, spear="r1", stunned=3)], dice=[])
    eng.state.hero_deck = ["r1"]
    eng.submit(Activate(side="blue", model="b1"))
    from game.rules.commands import EndActivation
    res = eng.submit(EndActivation(side="blue", model="b1"))
    lost = [e for e in res.events if e.type == "activation_lost"]
    assert [e.model for e in lost] == ["r2"] and eng.state.model("r2").stunned == 2


def test_riderless_steeds_cannot_act_be_attacked_or_shot() -> None:
    horse = model("b9", "blue", "man_at_arms", 11.55, 10.5, steed="warhorse", steed_health=2,
                  facing=90.0, riderless=True)
    eng = _engine([model("r1", "red", "archer", 10.0, 10.5), horse,
                   model("b1", "blue", "man_at_arms", 20, 20.5)], [])
    assert isinstance(eng.submit(Fight(side="red", model="r1", target="b9")), Rejected)
    assert isinstance(eng.submit(Shoot(side="red", model="r1", target="b9")), Rejected)
    assert horse not in eng.state.living()


def test_horse_holders_lose_their_activations() -> None:
    eng = make_engine([model("b1", "blue", "squire", 20, 20.5), model("r1", "red", "squire", 5, 5.5),
                       model("r2", "red", "billman", 6.5, 5.5, spear="r1", holding=True)], dice=[])
    eng.state.hero_deck = ["r1"]
    eng.submit(Activate(side="blue", model="b1"))
    from game.rules.commands import EndActivation
    res = eng.submit(EndActivation(side="blue", model="b1"))
    assert [(e.model, e.reason) for e in res.events if e.type == "activation_lost"] == \
        [("r2", "holding the horses")]


def test_nag_riders_use_the_normal_feckless_table() -> None:
    eng = make_engine([model("r1", "red", "archer", 5, 5.5, steed="nag", steed_health=2),
                       model("b1", "blue", "squire", 20, 20.5)], dice=[])
    assert feckless_table_id(eng.table, eng.state.model("r1")) == "feckless_normal"
    assert feckless_table_id(eng.table, rider("r2", "red", 3.0)) == "feckless_warhorse"


def test_second_mounted_charge_makes_shock_harder() -> None:
    target = model("b1", "blue", "man_at_arms", 17.0, 10.5, charged_by_riders=1)
    eng = _engine([rider("r1", "red", 4.0), target], [3, 6])
    res = _charge(eng, (15.5, 10.5))
    assert "(-1)" in _ev(res, "dice_rolled")[1].purpose


def test_no_shock_behind_an_obstacle_or_in_hard_going() -> None:
    terrain = make_terrain(obstacles=[wall("Hedge", (16.0, 0.0), (16.0, 24.0), "hedge")],
                           patches={"woods": rect(20, 0, 23, 23)})
    eng = make_engine([rider("r1", "red", 14.7), model("b1", "blue", "man_at_arms", 16.8, 10.5),
                       model("b2", "blue", "man_at_arms", 21.5, 10.5)], dice=[], terrain=terrain)
    r1 = eng.state.model("r1")
    assert not shock_applies(eng.table, r1, eng.state.model("b1"))
    r1.x = 19.95
    assert not shock_applies(eng.table, r1, eng.state.model("b2"))


def test_charge_bonus_lapses_at_the_end_of_the_turn_out_of_melee() -> None:
    eng = make_engine([rider("r1", "red", 4.0, charge_bonus=True),
                       model("b1", "blue", "squire", 20, 20.5)], dice=[])
    end_turn(Act(eng.table, eng.state, FixedDice([6, 6, 6, 6])))  # both sides lack a Captain
    assert not eng.state.model("r1").charge_bonus


def test_a_model_stunned_before_it_acts_loses_this_activation() -> None:
    from game.rules.commands import EndActivation

    eng = make_engine([model("r1", "red", "squire", 5, 5.5), model("r2", "red", "billman", 6.5, 5.5,
                       spear="r1"), model("b1", "blue", "squire", 20, 20.5)], dice=[])
    eng.submit(Activate(side="red", model="r1"))
    eng.state.model("r2").stunned = 1  # say a Thrown Rider test left him stunned
    res = eng.submit(EndActivation(side="red", model="r1"))
    assert [e.model for e in res.events if e.type == "activation_lost"] == ["r2"]
    assert eng.state.model("r2").stunned == 0 and eng.state.active_side == "blue"


# --- the lance charge is not a Mounted Charge! bonus: the ground does not take it away -------------


SCRUB = make_terrain(patches={"scrub": rect(12, 8, 14, 13)})
HEDGE = make_terrain(obstacles=[wall("Hedge", (16.0, 0.0), (16.0, 24.0), "hedge")])


def test_a_lance_charge_against_a_foe_in_hard_going_keeps_the_save_and_fend_rules() -> None:
    # Mounted Charge! 3 succeeds; red 6,6,6 v blue 1,1,1: 3 hits; saves of 4 fail at 5+
    eng = _engine([rider("r1", "red", 4.0), model("b1", "blue", "squire", 12.3, 10.5, drill="fend")],
                  [3, 6, 6, 6, 1, 1, 1, 4, 4], SCRUB)
    res = _charge(eng, (10.75, 10.5))
    assert isinstance(res, Accepted), res
    bonus = _ev(res, "charge_bonus")[0]
    assert not bonus.active and "Hard Going" in bonus.reason  # the bonuses are still denied
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    rnd = _ev(res, "melee_round")[0]
    assert len(rnd.attacker_dice) == 3  # Fight 3: no charge die, and b1's Fend drill is ignored
    assert [s.need for s in _ev(res, "save_rolled")] == [5, 5]  # the lance: 4+ saves at 5+
    assert eng.state.model("b1").removed == "casualty"


def test_a_lance_charge_against_a_defended_obstacle_keeps_the_save_and_fend_rules() -> None:
    eng = _engine([rider("r1", "red", 4.0), model("b1", "blue", "squire", 16.8, 10.5, drill="fend")],
                  [3, 6, 6, 6, 1, 1, 1, 4, 4], HEDGE)
    _charge(eng, (14.7, 10.5))
    res = eng.submit(React(side="blue", choice="defend"))
    assert isinstance(res, Accepted), res
    assert not eng.state.model("r1").charge_bonus  # no Mounted Charge! bonuses across the hedge
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    assert len(_ev(res, "melee_round")[0].attacker_dice) == 3
    assert _ev(res, "blocked_stroke") == []  # the rider reaches over: no Blocked Strokes either
    assert [s.need for s in _ev(res, "save_rolled")] == [5, 5]


@pytest.mark.parametrize("where", ["rider in Hard Going", "foe in Hard Going", "foe behind a hedge"])
def test_a_lancer_holding_his_charge_keeps_the_lance_where_the_ground_denies_the_bonus(
        where: str) -> None:
    terrain = {"rider in Hard Going": make_terrain(patches={"scrub": rect(9, 9, 10, 12)}),
               "foe in Hard Going": SCRUB, "foe behind a hedge": HEDGE}[where]
    x = 15.2 if where == "foe behind a hedge" else 10.75
    lancer = rider("r1", "red", x, charge_bonus=True)
    foe_x = 16.8 if where == "foe behind a hedge" else 12.3
    eng = _engine([lancer, model("b1", "blue", "squire", foe_x, 10.5, drill="fend")],
                  [6, 6, 6, 1, 1, 1, 4, 4], terrain)  # 3 hits; saves of 4 fail at 5+
    assert bonus_denied(eng.table, lancer, eng.state.model("b1"))
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    assert len(_ev(res, "melee_round")[0].attacker_dice) == 3  # no charge die; the Fend drill ignored
    assert [s.need for s in _ev(res, "save_rolled")] == [5, 5]


@pytest.mark.parametrize("held", ["charge_bonus", "charged_this_turn"])
def test_no_fend_against_a_lance_charge_in_hard_going(held: str) -> None:
    lancer = rider("r1", "red", 10.75, **{held: True})
    eng = make_engine([model("b1", "blue", "squire", 12.3, 10.5), lancer], dice=[], terrain=SCRUB)
    eng.submit(Activate(side="blue", model="b1"))
    res = eng.submit(Fight(side="blue", model="b1", target="r1", option="fend"))
    assert isinstance(res, Rejected) and res.code == "bad_option" and "lance charge" in res.reason


def test_a_lancer_who_did_not_charge_has_no_lance_charge() -> None:
    # a plain move into contact is no Mounted Charge!: b1's Fend drill takes a die from red, so red
    # rolls 6,6 v blue 1,1,1: 2 hits; saves of 4 pass at 4+
    eng = _engine([rider("r1", "red", 4.0), model("b1", "blue", "squire", 12.3, 10.5, drill="fend")],
                  [6, 6, 1, 1, 1, 4, 4])
    assert isinstance(_charge(eng, (10.75, 10.5), gambit=None), Accepted)
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    assert len(_ev(res, "melee_round")[0].attacker_dice) == 2  # Fend allowed
    assert [s.need for s in _ev(res, "save_rolled")] == [4, 4]
