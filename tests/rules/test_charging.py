"""Answers to a charge and mounted melee, with pinned dice (RULES-BRIEF §9.6, §9.7, §9.9, §9.13)."""

from __future__ import annotations

import pytest

from game.rules.charges import meeting_spots
from game.rules.commands import Activate, Fight, Move, React
from game.rules.context import Rejected
from game.rules.engine import Accepted
from tests.rules.fixtures import make_engine, make_terrain, model, wall


def rider(mid: str, side: str, x: float, y: float = 10.5, facing: float = 90.0,
          profile: str = "squire", lance: bool = True, **kw: object):  # type: ignore[no-untyped-def]
    """A model on a Warhorse."""
    weapons = ["lance", "hand_weapon"] if lance else ["hand_weapon"]
    return model(mid, side, profile, x, y, steed="warhorse", steed_health=2, facing=facing,
                 weapons=weapons, **kw)


def _engine(models, dice, terrain=None):  # type: ignore[no-untyped-def]
    eng = make_engine(models, dice=dice, terrain=terrain)
    eng.submit(Activate(side="red", model=models[0].id))
    return eng


def _charge(eng, to, gambit="mounted_charge"):  # type: ignore[no-untyped-def]
    return eng.submit(Move(side="red", model="r1", path=(to,), gambit=gambit))


def _ev(res, kind):  # type: ignore[no-untyped-def]
    return [e for e in res.events if e.type == kind]


def test_a_charged_rider_is_offered_counter_charge_evasion_or_standing() -> None:
    eng = _engine([rider("r1", "red", 4.0), rider("b1", "blue", 17.0, facing=270.0)], [3])
    res = _charge(eng, (15.0, 10.5))
    offer = _ev(res, "reaction_offered")[0]
    assert offer.side == "blue" and offer.options == ["counter_charge", "mounted_evasion", "stand"]
    assert eng.state.acting_side == "blue"
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    assert isinstance(res, Rejected) and res.code == "reaction_pending"


def test_counter_charge_meets_the_charger_halfway_with_the_bonus() -> None:
    eng = _engine([rider("r1", "red", 4.0), rider("b1", "blue", 17.0, facing=270.0)], [3, 5])
    _charge(eng, (15.0, 10.5))
    res = eng.submit(React(side="blue", choice="counter_charge"))
    assert isinstance(res, Accepted)
    r1, b1 = eng.state.model("r1"), eng.state.model("b1")
    assert r1.x == pytest.approx(9.5)  # the middle of its 4" -> 15" charge
    assert b1.x < 17.0 and b1.charge_bonus and r1.charge_bonus
    from game.rules.contact import in_contact
    assert in_contact(eng.table, r1, b1)


def test_meeting_spots_are_where_the_counter_charge_puts_the_two_and_move_nobody() -> None:
    """charges.meeting_spots, which the heuristic asks too, works out the engine's own placing and
    leaves both models where they stood."""
    eng = _engine([rider("r1", "red", 4.0), rider("b1", "blue", 17.0, facing=270.0)], [3, 5])
    _charge(eng, (15.0, 10.5))
    r1, b1 = eng.state.model("r1"), eng.state.model("b1")
    before = (r1.x, r1.y, b1.x, b1.y, b1.facing)
    spots = meeting_spots(eng.table, eng.state, b1, r1, (4.0, 10.5))
    assert spots is not None and (r1.x, r1.y, b1.x, b1.y, b1.facing) == before
    mid, spot, facing = spots
    eng.submit(React(side="blue", choice="counter_charge"))
    assert (r1.x, r1.y) == mid and (b1.x, b1.y) == spot and b1.facing == facing


def test_no_counter_charge_after_its_own_mounted_charge_without_the_perk() -> None:
    blue = rider("b1", "blue", 17.0, facing=270.0, charged_this_turn=True)
    eng = _engine([rider("r1", "red", 4.0), blue], [3])
    res = _charge(eng, (15.0, 10.5))
    assert "counter_charge" not in _ev(res, "reaction_offered")[0].options
    blue2 = rider("b1", "blue", 17.0, facing=270.0, charged_this_turn=True)
    eng = _engine([rider("r1", "red", 4.0), blue2], [3, 4])
    eng.state.sides["blue"].perks = ["counter_charge"]
    res = _charge(eng, (15.0, 10.5))
    assert "counter_charge" in _ev(res, "reaction_offered")[0].options
    res = eng.submit(React(side="blue", choice="counter_charge"))
    assert _ev(res, "perk_played") and eng.state.sides["blue"].perks == []


def test_mounted_evasion_rides_a_full_move_away() -> None:
    eng = _engine([rider("r1", "red", 4.0), rider("b1", "blue", 17.0, facing=270.0)], [3, 2])
    _charge(eng, (15.0, 10.5))
    eng.submit(React(side="blue", choice="mounted_evasion"))
    b1 = eng.state.model("b1")
    assert b1.x == pytest.approx(23.0, abs=0.1)  # 10" away would leave the table: stops at the edge
    assert not eng.state.model("r1").charge_bonus


def test_shootist_on_foot_may_evade_a_rider_on_4_plus() -> None:
    archer = model("b1", "blue", "archer", 17.0, 10.5)
    eng = _engine([rider("r1", "red", 4.0), archer], [3, 6, 4])  # charge, shock (acts), evade 4
    res = _charge(eng, (15.5, 10.5))
    assert _ev(res, "feckless_test")[0].result == "normal"
    assert _ev(res, "reaction_offered")[0].options == ["evade", "stand"]
    eng.submit(React(side="blue", choice="evade"))
    assert eng.state.model("b1").x == pytest.approx(23.0)


def test_shock_of_the_charge_can_rout_a_retainer_in_the_open() -> None:
    archer = model("b1", "blue", "man_at_arms", 17.0, 10.5)
    eng = _engine([rider("r1", "red", 4.0), archer], [3, 1])
    res = _charge(eng, (15.5, 10.5))
    shock = _ev(res, "feckless_test")[0]
    assert shock.result == "flee"
    assert "Shock of the charge" in _ev(res, "dice_rolled")[1].purpose
    assert eng.state.model("b1").x > 17.0


def test_billmen_are_exempt_from_shock() -> None:
    eng = _engine([rider("r1", "red", 4.0), model("b1", "blue", "billman", 17.0, 10.5)], [3])
    res = _charge(eng, (15.5, 10.5))
    assert not _ev(res, "feckless_test")


def test_defender_of_an_obstacle_chooses_evade_or_defend() -> None:
    terrain = make_terrain(obstacles=[wall("Hedge", (16.0, 0.0), (16.0, 24.0), "hedge")])
    eng = _engine([rider("r1", "red", 4.0), model("b1", "blue", "billman", 16.8, 10.5)], [3],
                  terrain)
    res = _charge(eng, (14.7, 10.5))
    assert isinstance(res, Accepted), res
    assert _ev(res, "reaction_offered")[0].options == ["evade", "defend"]
    assert not eng.state.model("r1").charge_bonus  # no bonus against a defended obstacle


def test_foot_hits_on_a_rider_are_blocked_strokes_1_to_3_hit_the_steed() -> None:
    eng = _engine([model("r1", "red", "man_at_arms", 10.0, 10.5),
                   rider("b1", "blue", 11.5, facing=270.0, lance=False, drill="thrust")],
                  [6, 6, 1, 1, 1, 2, 2, 5, 3, 6])
    # red 2 strikes, blue 0 (Thrust rerolls a 1 into a 2) -> 2 hits; Blocked Stroke 2 -> the steed,
    # which saves on 5; Blocked Stroke 3 -> the steed, which saves on 6
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    strokes = _ev(res, "blocked_stroke")
    assert [s.absorbed for s in strokes] == [True, True]
    assert eng.state.model("b1").health == 2 and eng.state.model("b1").steed_health == 2


def test_charge_bonus_adds_a_die_rerolls_ones_and_is_lost_on_a_draw() -> None:
    eng = _engine([rider("r1", "red", 10.0, lance=False, charge_bonus=True),
                   rider("b1", "blue", 12.1, facing=270.0, lance=False, drill="thrust")],
                  [1, 2, 3, 4, 5, 6, 1, 4, 4, 4, 6, 6])
    res = eng.submit(Fight(side="red", model="r1", target="b1", option="thrust"))
    rnd = _ev(res, "melee_round")[0]
    assert len(rnd.attacker_dice) == 4  # Fight 3 + 1 for the charge
    assert rnd.attacker_dice == [5, 6, 3, 4]  # the 1 rerolled for the charge, the 2 by Thrust
    assert any("charge reroll" in e.purpose for e in _ev(res, "dice_rolled"))
    assert rnd.winner == "" and not eng.state.model("r1").charge_bonus


def test_charging_rider_may_not_parry() -> None:
    eng = _engine([rider("r1", "red", 10.0, charge_bonus=True),
                   model("b1", "blue", "man_at_arms", 11.5, 10.5)], [])
    res = eng.submit(Fight(side="red", model="r1", target="b1", option="parry"))
    assert isinstance(res, Rejected) and "Thrust" in res.reason


def test_rider_against_rider_may_strike_the_steed_for_minus_one_valour() -> None:
    eng = _engine([rider("r1", "red", 10.0, lance=False),
                   rider("b1", "blue", 12.1, facing=270.0, lance=False, drill="thrust")],
                  [6, 6, 6, 1, 1, 1, 1, 1, 3, 1, 6, 6, 6])
    # 3 strikes v 0: the steed fails its save (1) and steadies (3), fails again (1) and dies;
    # the rider is thrown (best of 6, 6 at -1: winded); the third hit falls on him and he saves (6)
    res = eng.submit(Fight(side="red", model="r1", target="b1", at_steed=True))
    assert isinstance(res, Accepted)
    assert eng.state.model("b1").steed is None  # the Warhorse died (2 Health)
    assert any(e.type == "steed_killed" for e in res.events)
    assert eng.state.sides["red"].valour == 1 - 1  # +1 for the steed, -1 for striking it


def test_billman_pulls_a_rider_down_on_a_six() -> None:
    eng = _engine([model("r1", "red", "billman", 10.0, 10.5),
                   rider("b1", "blue", 11.5, facing=270.0, lance=False, drill="thrust")],
                  [6, 1, 1, 1, 1, 1, 4])  # 6 -> pulled down; stun roll 4 -> 1 turn
    res = eng.submit(Fight(side="red", model="r1", target="b1", pull_down=True))
    assert _ev(res, "unhorsed")
    b1 = eng.state.model("b1")
    assert b1.steed is None and b1.stunned == 1 and b1.health == 2


def test_an_attacked_rider_may_break_away_at_the_end_of_the_round() -> None:
    eng = _engine([model("r1", "red", "man_at_arms", 10.0, 10.5),
                   rider("b1", "blue", 11.5, facing=90.0, lance=False, drill="thrust")],
                  [1, 1, 1, 1, 1, 1])  # nobody strikes: a stand-off
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    offer = _ev(res, "reaction_offered")[0]
    assert offer.side == "blue" and offer.options == ["break_away", "stand"]
    eng.submit(React(side="blue", choice="break_away"))
    assert eng.state.model("b1").x == pytest.approx(14.5)
    assert eng.state.pending is None and eng.state.acting_side == "red"
