"""The "steeds stay" option and Feckless riders, with pinned dice (RULES-BRIEF §9.4, §9.10, §9.12,
§3, §9.6 River Crossing)."""

from __future__ import annotations

import pytest

from game.rules.commands import Activate, Dismount, EndActivation, Move, Remount
from game.rules.context import Rejected
from game.rules.engine import Accepted
from tests.rules.fixtures import make_engine, make_terrain, model, rect


def rider(mid: str, x: float, y: float = 10.5, profile: str = "man_at_arms", spear: str = "",
          steed: str = "warhorse"):  # type: ignore[no-untyped-def]
    """A red model on a steed, facing east."""
    return model(mid, "red", profile, x, y, spear=spear, steed=steed, steed_health=2, facing=90.0)


FOE = model("b1", "blue", "man_at_arms", 22.0, 20.5)


def _stay(models, dice=()):  # type: ignore[no-untyped-def]
    eng = make_engine(models, dice=list(dice))
    eng.state.options["steeds_stay"] = True
    return eng


def test_dismounting_leaves_the_steed_and_makes_a_horse_holder() -> None:
    eng = _stay([rider("r1", 6.0), FOE])
    eng.submit(Activate(side="red", model="r1"))
    res = eng.submit(Dismount(side="red", model="r1"))
    left = [e for e in res.events if e.type == "dismounted"][0].steed_left
    horse = eng.state.model(left)
    r1 = eng.state.model("r1")
    assert horse.riderless and horse.steed == "warhorse" and r1.steed is None
    assert r1.holding  # one model in four holds the horses
    assert horse not in eng.state.living()


def test_without_the_option_the_steed_is_removed() -> None:
    eng = make_engine([rider("r1", 6.0), FOE], dice=[])
    eng.submit(Activate(side="red", model="r1"))
    res = eng.submit(Dismount(side="red", model="r1"))
    assert [e for e in res.events if e.type == "dismounted"][0].steed_left == ""
    assert len(eng.state.models) == 2


def test_remount_costs_a_third_of_the_steeds_move() -> None:
    eng = _stay([rider("r1", 6.0), FOE])
    eng.submit(Activate(side="red", model="r1"))
    left = [e for e in eng.submit(Dismount(side="red", model="r1")).events
            if e.type == "dismounted"][0].steed_left
    r1 = eng.state.model("r1")
    r1.activated = r1.moved = r1.acted = False
    r1.extra_move = 0.0
    eng.state.active_model = ""
    eng.submit(Activate(side="red", model="r1"))
    assert isinstance(eng.submit(Remount(side="red", model="r1", steed=left)), Accepted)
    assert r1.steed == "warhorse" and not r1.holding
    start = r1.x
    assert isinstance(eng.submit(Move(side="red", model="r1", path=((start + 7.0, r1.y),))), Rejected)
    assert isinstance(eng.submit(Move(side="red", model="r1", path=((start + 6.6, r1.y),))), Accepted)


def test_shootists_may_not_remount_a_warhorse() -> None:
    eng = _stay([model("r1", "red", "archer", 6.0, 10.5), FOE])
    horse = model("r9", "red", "archer", 7.6, 10.5, steed="warhorse", steed_health=2, facing=90.0,
                  riderless=True)
    eng.state.models.append(horse)
    eng.submit(Activate(side="red", model="r1"))
    res = eng.submit(Remount(side="red", model="r1", steed="r9"))
    assert isinstance(res, Rejected) and res.code == "wrong_steed"


def test_riderless_steeds_bolt_on_a_feckless_result() -> None:
    hero = model("r1", "red", "squire", 6.0, 10.5)
    horse = model("r9", "red", "man_at_arms", 12.0, 10.5, spear="r1", steed="warhorse",
                  steed_health=2, facing=90.0, riderless=True)
    eng = _stay([model("b1", "blue", "squire", 20.0, 20.5), hero, horse], dice=[3, 3])
    eng.state.hero_deck = ["r1"]
    eng.submit(Activate(side="blue", model="b1"))
    res = eng.submit(EndActivation(side="blue", model="b1"))  # r1's card: the horse tests (3) and bolts
    assert any(e.type == "horse_bolted" and e.model == "r9" for e in res.events)


@pytest.mark.parametrize("roll,result", [(6, "to_leader"), (3, "charge"), (1, "pillage")])
def test_feckless_on_a_warhorse(roll: int, result: str) -> None:
    hero = model("r1", "red", "squire", 2.0, 2.5)
    ret = rider("r2", 14.0, 2.5, spear="r1")
    eng = make_engine([hero, ret, model("b1", "blue", "billman", 20.0, 20.5)],
                      dice=[roll, 6, 6, 6, 6])
    eng.submit(Activate(side="red", model="r1"))
    eng.submit(EndActivation(side="red", model="r1"))
    res = eng.submit(Activate(side="red", model="r2"))
    test = [e for e in res.events if e.type == "feckless_test"][0]
    assert test.result == result
    r2 = eng.state.model("r2")
    if result == "pillage":
        assert r2.removed == "pillage" and r2 not in eng.state.living()
    elif result == "to_leader":
        assert r2.x < 14.0  # rode toward Thomas
    else:
        assert r2.y > 2.5  # rode at the enemy


def test_mounted_river_crossing_calamity_sweeps_the_mount_away() -> None:
    terrain = make_terrain(patches={"river": rect(8, 0, 8, 23)})
    eng = make_engine([rider("r1", 5.0), FOE], dice=[1, 1], terrain=terrain)
    eng.submit(Activate(side="red", model="r1"))
    res = eng.submit(Move(side="red", model="r1", path=((11.0, 10.5),), gambit="river_crossing"))
    assert isinstance(res, Accepted)
    m = eng.state.model("r1")
    assert m.steed is None and m.x < 8.0 and m.health == 1
