"""Riders on the move with pinned dice: steed Move, buildings, Jump tests, Mounted Charge!,
Breaking Away and Dismounting (RULES-BRIEF §9.2-§9.6)."""

from __future__ import annotations

import pytest

from game.rules.commands import Activate, BreakAway, Dismount, Move
from game.rules.context import Rejected
from game.rules.engine import Accepted
from game.rules.spears import command_range
from tests.rules.fixtures import make_engine, make_terrain, model, rect, wall


def knight(mid: str = "r1", x: float = 4.0, y: float = 10.5, **kw: object):  # type: ignore
    """A mounted Squire with a lance on a Warhorse, facing right (east)."""
    return model(mid, "red", "squire", x, y, steed="warhorse", steed_health=2, facing=90.0,
                 weapons=["lance", "hand_weapon"], **kw)


def _engine(models, dice=None, terrain=None):  # type: ignore[no-untyped-def]
    eng = make_engine(models, dice=dice if dice is not None else [], terrain=terrain)
    eng.submit(Activate(side="red", model=models[0].id))
    return eng


def _move(eng, *path, gambit=None, mid="r1"):  # type: ignore[no-untyped-def]
    return eng.submit(Move(side="red", model=mid, path=tuple(path), gambit=gambit))


def _types(res):  # type: ignore[no-untyped-def]
    return [e.type for e in res.events]


FOE = model("b1", "blue", "man_at_arms", 22.0, 20.5)


def test_a_rider_moves_its_steeds_move() -> None:
    eng = _engine([knight(), FOE])
    assert isinstance(_move(eng, (14.0, 10.5)), Accepted)  # 10" on a Warhorse
    assert eng.state.model("r1").x == pytest.approx(14.0)
    eng = _engine([knight(), FOE])
    assert isinstance(_move(eng, (14.5, 10.5)), Rejected)


def test_mounted_command_range_is_three_per_prowess() -> None:
    eng = _engine([knight(), FOE])
    assert command_range(eng.table, eng.state.model("r1")) == 6.0


def test_riders_may_not_enter_buildings() -> None:
    terrain = make_terrain(patches={"building": rect(8, 8, 10, 12)})
    eng = _engine([knight(), FOE], terrain=terrain)
    res = _move(eng, (12.0, 10.5))
    assert isinstance(res, Rejected) and res.code == "building"


def test_hard_going_halves_a_rider() -> None:
    terrain = make_terrain(patches={"scrub": rect(9, 0, 23, 23)})
    eng = _engine([knight(), FOE], terrain=terrain)
    assert isinstance(_move(eng, (11.5, 10.5)), Accepted)  # 5" open + 2.5" scrub (5")


@pytest.mark.parametrize("roll,end_x", [(6, 13.0), (4, 11.0)])
def test_jump_sails_over_or_lands_awkwardly(roll: int, end_x: float) -> None:
    terrain = make_terrain(obstacles=[wall("Low wall", (8.0, 0.0), (8.0, 24.0))])
    eng = _engine([model("r1", "red", "man_at_arms", 4.0, 10.5, steed="warhorse", steed_health=2,
                         facing=90.0), FOE], dice=[roll], terrain=terrain)
    res = _move(eng, (13.0, 10.5))
    assert isinstance(res, Accepted)
    jump = [e for e in res.events if e.type == "jump_test"][0]
    assert jump.roll == roll
    # awkward: 4" to the wall, then the remaining 6" of Move at half rate = 3" beyond it
    assert eng.state.model("r1").x == pytest.approx(end_x, abs=0.1)


def test_a_fall_throws_the_rider() -> None:
    terrain = make_terrain(obstacles=[wall("Low wall", (8.0, 0.0), (8.0, 24.0))])
    eng = _engine([model("r1", "red", "man_at_arms", 4.0, 10.5, steed="warhorse", steed_health=2,
                         facing=90.0), FOE], dice=[1, 6], terrain=terrain)
    res = _move(eng, (13.0, 10.5))
    assert "rider_thrown" in _types(res)
    m = eng.state.model("r1")
    assert m.steed is None and m.x < 8.0


def test_too_wide_too_tall_and_defended_obstacles_cannot_be_jumped() -> None:
    wide = make_terrain(obstacles=[wall("Great ditch", (8.0, 0.0), (8.0, 24.0), "ditch", width=3.5)])
    res = _move(_engine([knight(), FOE], terrain=wide), (13.0, 10.5))
    assert isinstance(res, Rejected) and res.code == "too_wide" and "3.5" in res.reason
    tall = make_terrain(obstacles=[wall("Garden wall", (8.0, 0.0), (8.0, 24.0), tall=True)])
    res = _move(_engine([knight(), FOE], terrain=tall), (13.0, 10.5))
    assert isinstance(res, Rejected) and res.code == "too_tall"
    low = make_terrain(obstacles=[wall("Hedge", (8.0, 0.0), (8.0, 24.0), "hedge")])
    guard = model("b2", "blue", "billman", 8.8, 10.5)
    res = _move(_engine([knight(), FOE, guard], terrain=low), (13.0, 12.5))
    assert isinstance(res, Rejected) and res.code == "defended"


def test_mounted_charge_adds_five_inches_and_the_bonus() -> None:
    target = model("b1", "blue", "billman", 17.0, 10.5)
    eng = _engine([knight(), target], dice=[3])
    res = _move(eng, (15.5, 10.5), gambit="mounted_charge")
    assert isinstance(res, Accepted), res
    m = eng.state.model("r1")
    assert m.x == pytest.approx(15.5) and m.charge_bonus and m.charged_this_turn
    assert any(e.type == "charge_bonus" and e.active for e in res.events)


def test_mounted_charge_may_not_pass_through_hard_going() -> None:
    terrain = make_terrain(patches={"marsh": rect(9, 10, 10, 11)})
    target = model("b1", "blue", "billman", 17.0, 10.5)
    eng = _engine([knight(), target], dice=[3], terrain=terrain)
    res = _move(eng, (15.5, 10.5), gambit="mounted_charge")
    assert isinstance(res, Rejected) and res.code == "charge_through_hard_going"
    assert "Hard Going" in res.reason


def test_mounted_charge_must_end_in_melee_and_nags_cannot() -> None:
    eng = _engine([knight(), FOE], dice=[3])
    res = _move(eng, (15.5, 10.5), gambit="mounted_charge")
    assert isinstance(res, Rejected) and res.code == "charge_needs_contact"
    nag = model("r1", "red", "archer", 4.0, 10.5, steed="nag", steed_health=2, facing=90.0)
    target = model("b1", "blue", "billman", 9.0, 10.5)
    eng = _engine([nag, target], dice=[3])
    res = _move(eng, (7.5, 10.5), gambit="mounted_charge")
    assert isinstance(res, Rejected) and res.code == "no_mounted_charge"


def test_mounted_charge_mishap_and_calamity() -> None:
    target = model("b1", "blue", "billman", 17.0, 10.5)
    eng = _engine([knight(), target], dice=[1, 4])
    _move(eng, (15.5, 10.5), gambit="mounted_charge")
    m = eng.state.model("r1")
    assert m.x == pytest.approx(14.0) and m.mishap == 1 and not m.charge_bonus
    eng = _engine([knight(), model("b1", "blue", "billman", 17.0, 10.5)], dice=[1, 1])
    res = _move(eng, (15.5, 10.5), gambit="mounted_charge")
    m = eng.state.model("r1")
    assert m.steed is None and m.x == 4.0 and "dismounted" in _types(res)


def test_break_away_rides_three_inches_clear() -> None:
    eng = _engine([knight(x=10.0), model("b1", "blue", "man_at_arms", 11.6, 10.5)])
    res = eng.submit(BreakAway(side="red", model="r1"))
    assert isinstance(res, Accepted)
    assert eng.state.model("r1").x == pytest.approx(7.0)
    foot = _engine([model("r1", "red", "squire", 10, 10.5), model("b1", "blue", "man_at_arms", 11, 10.5)])
    assert isinstance(foot.submit(BreakAway(side="red", model="r1")), Rejected)


def test_dismount_then_walk_half_a_move() -> None:
    eng = _engine([knight(), FOE])
    assert isinstance(eng.submit(Dismount(side="red", model="r1")), Accepted)
    assert eng.state.model("r1").steed is None
    assert isinstance(_move(eng, (7.5, 10.5)), Rejected)  # 3.5" > half of 6"
    assert isinstance(_move(eng, (7.0, 10.5)), Accepted)


def test_ride_half_then_dismount_but_not_after_more() -> None:
    eng = _engine([knight(), FOE])
    _move(eng, (9.0, 10.5))  # 5" = half the Warhorse's Move
    assert isinstance(eng.submit(Dismount(side="red", model="r1")), Accepted)
    eng = _engine([knight(), FOE])
    _move(eng, (9.5, 10.5))
    res = eng.submit(Dismount(side="red", model="r1"))
    assert isinstance(res, Rejected) and res.code == "moved_too_far"
