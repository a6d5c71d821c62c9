"""Carts and wagons with pinned dice (§10): Drive checks, Carter tests, rolling on, shooting at and from.

The standard table is the fixture's open 24" x 24" board. The red supply wagon (length 4", width 2",
top speed 9", armour front 1 / side 1 / rear 2) stands at (6, 12) heading east (90 degrees) with
the driver r1 in the Box seat; a blue billman waits far off so the game never ends by a wipe-out.
"""

from __future__ import annotations

import pytest

from game.rules.commands import Activate, Drive, EndActivation, EndSpear, Move, Shoot
from game.rules.context import Act, Rejected
from game.rules.driving import DrivePlan
from game.rules.engine import Accepted, Engine
from game.rules.ramming import end_of_turn
from game.rules.state import Model, Vehicle
from tests.rules.fixtures import board, make_engine, make_terrain, model, rect, vehicle


def _ev(res, kind):  # type: ignore[no-untyped-def]
    assert isinstance(res, Accepted), res
    return [e for e in res.events if e.type == kind]


def _far_blue() -> Model:
    return model("b9", "blue", "billman", 22.0, 22.0)


def _wagon(driver: str = "carter", dice: list[int] | None = None, speed: float = 4.0,
           seat: str = "Box", extra: tuple[Model, ...] = (), terrain=None,  # type: ignore[no-untyped-def]
           **kw: object) -> tuple[Engine, Vehicle, Model]:
    """The red wagon with r1 aboard in `seat`, r1 activated."""
    v = vehicle("wagon", "supply_wagon", 6.0, 12.0, 90.0, speed=speed, **kw)
    r1 = board(model("r1", "red", driver, 0.0, 0.0), v, seat)
    eng = make_engine([r1, *extra, _far_blue()], dice=dice, terrain=terrain, vehicles=[v])
    assert isinstance(eng.submit(Activate(side="red", model="r1")), Accepted)
    return eng, v, r1


def _drive(heading: float, speed: float) -> Drive:
    return Drive(side="red", model="r1", heading=heading, speed=speed)


# --- 1. Drive checks ---------------------------------------------------------------------------------


def _rejected(eng: Engine, cmd, code: str) -> None:  # type: ignore[no-untyped-def]
    before = eng.state.digest()
    res = eng.submit(cmd)
    assert isinstance(res, Rejected) and res.code == code, res
    assert res.reason and eng.state.digest() == before  # a rejected command changes nothing


@pytest.mark.parametrize(("start", "heading", "speed", "code"), [
    (4.0, 181.0, 4.0, "too_sharp"),  # 91 degrees right of east
    (4.0, 359.0, 4.0, "too_sharp"),  # 91 degrees left of east
    (4.0, 90.0, 8.5, "speed_change"),  # 4" -> 8.5" is a change of 4.5"
    (4.0, 90.0, 0.0, None),  # 4" -> 0" is the full 4" allowed (a plain stop)
    (8.0, 90.0, 9.5, "too_fast"),  # a change of 1.5" but over the wagon's top speed of 9"
    (0.0, 120.0, 0.0, "standing_turn"),  # no speed, no turn
    (4.0, 120.0, 0.0, "standing_turn"),  # stopping while turning is a standing turn too
])
def test_drive_limits(start: float, heading: float, speed: float, code: str | None) -> None:
    eng, _, _ = _wagon(speed=start, dice=[])
    cmd = _drive(heading, speed)
    if code is None:
        assert isinstance(eng.plan(cmd), DrivePlan)
    else:
        _rejected(eng, cmd, code)


def test_the_limits_themselves_are_allowed() -> None:
    eng, _, _ = _wagon(speed=5.0, dice=[])
    for heading, speed in ((180.0, 5.0), (0.0, 5.0), (90.0, 9.0), (90.0, 1.0)):  # 90 degrees, +-4"
        assert isinstance(eng.plan(_drive(heading, speed)), DrivePlan), (heading, speed)


def test_each_point_of_traction_damage_takes_an_inch_off_top_speed() -> None:
    # top speed 9" less 2 points of Traction damage = 7"
    eng, _, _ = _wagon(speed=7.0, dice=[], damage={"traction": 2})
    _rejected(eng, _drive(90.0, 8.0), "too_fast")
    assert isinstance(eng.plan(_drive(90.0, 7.0)), DrivePlan)


def test_only_the_driver_drives() -> None:
    eng, _, _ = _wagon(driver="billman", seat="Box mate", dice=[])
    _rejected(eng, _drive(90.0, 4.0), "not_driver")
    walker = model("r1", "red", "carter", 3.0, 3.0)  # a carter, but on foot
    eng = make_engine([walker, _far_blue()], dice=[],
                      vehicles=[vehicle("wagon", "supply_wagon", 6.0, 12.0, 90.0, speed=4.0)])
    eng.submit(Activate(side="red", model="r1"))
    _rejected(eng, _drive(90.0, 4.0), "not_driver")


def test_one_drive_per_activation() -> None:
    eng, v, _ = _wagon(dice=[])  # a carter driving straight on at the same speed: no dice at all
    assert isinstance(eng.submit(_drive(90.0, 4.0)), Accepted)
    assert v.x == pytest.approx(10.0, abs=0.01)
    _rejected(eng, _drive(90.0, 4.0), "already_moved")


def test_a_disabled_vehicle_does_not_drive() -> None:
    eng, _, _ = _wagon(dice=[], disabled=True)
    _rejected(eng, _drive(90.0, 4.0), "disabled")


def test_a_dithering_driver_does_not_drive() -> None:
    eng, _, r1 = _wagon(dice=[])
    r1.feckless = "dither"
    _rejected(eng, _drive(90.0, 4.0), "dithering")


def test_a_model_aboard_may_not_move_or_be_shot_at() -> None:
    archer = model("b1", "blue", "archer", 6.0, 18.0)
    eng, _, _ = _wagon(dice=[], extra=(archer,))
    _rejected(eng, Move(side="red", model="r1", path=((6.0, 6.0),)), "aboard")
    eng.state.current_card, eng.state.active_side, eng.state.active_model = "b1", "blue", ""
    eng.submit(Activate(side="blue", model="b1"))
    _rejected(eng, Shoot(side="blue", model="b1", target="r1"), "aboard")


# --- 2. Carter tests ---------------------------------------------------------------------------------


def test_a_carter_makes_no_test() -> None:
    eng, v, _ = _wagon(dice=[])  # sharp turn AND a change of speed, and still no die is rolled
    res = eng.submit(_drive(150.0, 8.0))
    assert not _ev(res, "carter_test") and not _ev(res, "dice_rolled")
    assert v.heading == pytest.approx(150.0, abs=0.01) and v.speed == 8.0


@pytest.mark.parametrize(("heading", "speed"), [(90.0, 4.0), (134.0, 4.0)])
def test_no_test_straight_at_the_same_speed_or_under_45_degrees(heading: float, speed: float) -> None:
    eng, v, _ = _wagon(driver="billman", dice=[])  # any roll would exhaust the pinned dice
    res = eng.submit(_drive(heading, speed))
    assert not _ev(res, "carter_test")
    assert v.heading == pytest.approx(heading, abs=0.01)


def test_non_carter_sharp_turn_passes_on_2() -> None:
    eng, v, _ = _wagon(driver="billman", dice=[2])
    res = eng.submit(_drive(135.0, 4.0))  # 45 degrees: sharp
    (test,) = _ev(res, "carter_test")
    assert (test.roll, test.passed) == (2, True) and "sharp turn" in test.reason
    assert not _ev(res, "out_of_control")
    moved = _ev(res, "vehicle_moved")[0]
    assert moved.end_heading == pytest.approx(135.0, abs=0.01) and v.speed == 4.0


def test_non_carter_change_of_speed_is_tested() -> None:
    eng, v, _ = _wagon(driver="billman", dice=[6])
    res = eng.submit(_drive(90.0, 6.0))
    (test,) = _ev(res, "carter_test")
    assert test.passed and "change of speed" in test.reason and "sharp" not in test.reason
    assert v.x == pytest.approx(12.0, abs=0.01)  # 6" east of 6


# out_of_control (tables.toml): -5..2 veer left, 3-4 veer right, 5-6 stall; a veer is 45 degrees
@pytest.mark.parametrize(("roll", "result", "heading", "speed"), [
    (2, "veer_left", 90.0, 4.0),  # meant 135, veers left to 90
    (3, "veer_right", 180.0, 4.0),  # meant 135, veers right to 180
    (5, "stall", 135.0, 0.0),
])
def test_a_failed_carter_test_goes_out_of_control(roll: int, result: str, heading: float,
                                                  speed: float) -> None:
    eng, v, _ = _wagon(driver="billman", dice=[1, roll])
    res = eng.submit(_drive(135.0, 4.0))
    assert not _ev(res, "carter_test")[0].passed
    (ooc,) = _ev(res, "out_of_control")
    assert (ooc.result, ooc.heading, ooc.speed) == (result, heading, speed)
    assert v.speed == speed
    moved = _ev(res, "vehicle_moved")
    if result == "stall":
        assert not moved and (v.x, v.y) == (6.0, 12.0)  # stopped dead where it stood
    else:
        assert moved[0].end_heading == pytest.approx(heading, abs=0.01)
        assert moved[0].distance == pytest.approx(4.0, abs=0.2)


# --- 10. Rolling on ----------------------------------------------------------------------------------


def _end_of_turn(eng: Engine, dice: list[int] | None = None) -> list:  # type: ignore[type-arg]
    from game.rules.dice import FixedDice

    act = Act(eng.table, eng.state, FixedDice(dice or []))
    end_of_turn(act)
    return act.events


def test_a_vehicle_not_driven_rolls_on_at_its_speed() -> None:
    eng, v, _ = _wagon(dice=[])
    events = _end_of_turn(eng)
    (moved,) = [e for e in events if e.type == "vehicle_moved"]
    assert moved.reason == "roll_on" and moved.distance == pytest.approx(4.0, abs=0.01)
    assert v.x == pytest.approx(10.0, abs=0.01) and v.speed == 4.0  # a driver holds the pace
    assert not v.moved and v.moved_distance == 0.0  # ready for the next turn


def test_a_driven_vehicle_does_not_roll_on_again() -> None:
    eng, v, _ = _wagon(dice=[])
    eng.submit(_drive(90.0, 4.0))
    assert not [e for e in _end_of_turn(eng) if e.type == "vehicle_moved"]
    assert v.x == pytest.approx(10.0, abs=0.01)


def test_a_driverless_team_slows_by_4_each_turn() -> None:
    v = vehicle("wagon", "supply_wagon", 4.0, 12.0, 90.0, speed=8.0)
    eng = make_engine([model("r1", "red", "billman", 2.0, 2.0), _far_blue()], dice=[], vehicles=[v])
    xs, speeds = [], []
    for _ in range(3):
        _end_of_turn(eng)
        xs.append(round(v.x, 1))
        speeds.append(v.speed)
    assert speeds == [4.0, 0.0, 0.0]  # rolls on 8", then 4" at the slowed pace, then stands
    assert xs == [12.0, 16.0, 16.0]


def test_the_end_of_the_turn_rolls_vehicles_on() -> None:
    # through the engine: both Spears end, the deck is empty, the turn ends, and the game with it.
    # Neither side has a Captain, so both roll Will to Fight after the vehicles: 6+6 each passes.
    eng, v, _ = _wagon(dice=[6, 6, 6, 6])
    eng.state.max_turns = 1
    eng.submit(EndSpear(side="red"))
    res = eng.submit(EndSpear(side="blue"))
    (moved,) = _ev(res, "vehicle_moved")
    assert moved.reason == "roll_on" and v.x == pytest.approx(10.0, abs=0.01)


# --- 9. Shooting at and from vehicles ----------------------------------------------------------------


def _shoot_wagon(shooter: str, dice: list[int], x: float = 12.0, y: float = 18.0,
                 crew: tuple[str, ...] = (), **kw: object) -> tuple[Engine, Vehicle, Accepted | Rejected]:
    """Blue wagon at (12, 12) heading east; a red shooter at (x, y) shoots at it."""
    v = vehicle("cart", "supply_wagon", 12.0, 12.0, 90.0, side="blue", **kw)
    seats = ("Box", "Box mate", "Bed")
    aboard = [board(model(f"b{i + 1}", "blue", p, 0.0, 0.0, spear="b1"), v, seats[i])
              for i, p in enumerate(crew)]
    eng = make_engine([model("r1", "red", shooter, x, y), *aboard, _far_blue()], dice=dice,
                      vehicles=[v])
    eng.submit(Activate(side="red", model="r1"))
    return eng, v, eng.submit(Shoot(side="red", model="r1", target="cart"))


def test_handgun_hit_on_a_stationary_wagon_sets_the_hull_alight() -> None:
    # handgunner shoots 4+, +1 at a stationary wagon: needs 3. Location 1: hull. D3 3 less the
    # side armour 1 (he is due south of an east-facing wagon) = 2 points.
    eng, v, res = _shoot_wagon("handgunner", [3, 1, 3])
    shot = _ev(res, "shot_fired")[0]
    assert (shot.need, shot.hit, shot.target) == (3, True, "cart")
    (dmg,) = _ev(res, "vehicle_damaged")
    assert (dmg.location, dmg.amount, dmg.health, dmg.cause) == ("hull", 2, 18, "shot")
    assert v.burning == ["hull"] and _ev(res, "vehicle_alight")[0].location == "hull"


def test_longbow_hit_does_not_set_it_alight() -> None:
    eng, v, res = _shoot_wagon("archer", [3, 1, 3])  # the same dice with a longbow
    assert _ev(res, "vehicle_damaged")[0].amount == 2
    assert v.burning == [] and not _ev(res, "vehicle_alight")


@pytest.mark.parametrize(("speed", "moved", "distance", "need"), [
    (0.0, False, 0.0, 3),  # stationary: +1
    (4.0, False, 0.0, 4),  # moving 4": no modifier
    (9.0, False, 0.0, 5),  # speed 9" and yet to move: counts as moving 9", -1
    (9.0, True, 9.0, 5),  # moved 9" this turn: -1
    (9.0, True, 3.0, 4),  # only got 3" (it ran into something): no modifier
])
def test_to_hit_a_vehicle_by_its_pace(speed: float, moved: bool, distance: float, need: int) -> None:
    eng, _, res = _shoot_wagon("archer", [need - 1], speed=speed, moved=moved, moved_distance=distance)
    shot = _ev(res, "shot_fired")[0]
    assert shot.need == need and not shot.hit  # one under the need misses


def test_hit_from_behind_meets_the_rear_armour() -> None:
    # due west of an east-facing wagon: rear armour 2. Traction (4) takes D3 3 - 2 = 1 point, and the
    # wagon's top speed drops an inch; a second hit, hull (1), D3 2 - 2 = 0: no damage at all.
    eng, v, res = _shoot_wagon("archer", [3, 4, 3], x=4.0, y=12.0)
    (dmg,) = _ev(res, "vehicle_damaged")
    assert (dmg.location, dmg.amount) == ("traction", 1) and v.damage == {"traction": 1}
    from game.rules.vehicles import top_speed

    assert top_speed(eng.table, v) == 8.0
    eng, v, res = _shoot_wagon("archer", [3, 1, 2], x=4.0, y=12.0)
    assert _ev(res, "shot_fired")[0].hit and not _ev(res, "vehicle_damaged") and v.health == 20


def test_a_crew_hit_strikes_a_random_model_aboard() -> None:
    # hit (3), location 6 = crew, 2 of the 2 aboard: b2 the billman, save 5+ fails on 2
    eng, v, res = _shoot_wagon("archer", [3, 6, 2, 2], crew=("carter", "billman"))
    assert eng.state.model("b2").removed == "casualty"
    assert not eng.state.model("b1").removed
    assert not _ev(res, "vehicle_damaged") and v.health == 20
    assert _ev(res, "save_rolled")[0].model == "b2"


def _shoot_from_wagon(dice: list[int], terrain=None, speed: float = 4.0):  # type: ignore[no-untyped-def]
    """r1 drives the red wagon on (straight, same speed: no test), then r2 shoots from the tailboard."""
    target = model("b1", "blue", "billman", 14.0, 18.0)
    v = vehicle("wagon", "supply_wagon", 6.0, 12.0, 90.0, speed=speed)
    r1 = board(model("r1", "red", "carter", 0.0, 0.0), v, "Box")
    r2 = board(model("r2", "red", "archer", 0.0, 0.0, spear="r1"), v, "Tailboard")
    eng = make_engine([r1, r2, target], dice=dice, terrain=terrain, vehicles=[v])
    eng.submit(Activate(side="red", model="r1"))
    if speed:
        eng.submit(_drive(90.0, speed))
    eng.submit(EndActivation(side="red", model="r1"))
    eng.submit(Activate(side="red", model="r2"))
    return eng.submit(Shoot(side="red", model="r2", target="b1"))


def test_shooting_from_a_vehicle() -> None:
    # archer shoots 4+ at short range (the target is 7-10" away)
    assert _ev(_shoot_from_wagon([3], speed=0.0), "shot_fired")[0].need == 4  # wagon stood still
    assert _ev(_shoot_from_wagon([4]), "shot_fired")[0].need == 5  # it moved: -1
    # it ends at (10, 12) on ploughland (Hard Going): a further -1
    mud = make_terrain(patches={"ploughland": rect(8, 10, 11, 13)})
    shot = _ev(_shoot_from_wagon([5], terrain=mud), "shot_fired")[0]
    assert shot.need == 6 and not shot.hit


def test_a_wagon_in_the_line_of_fire_is_a_blocked_shot_and_takes_the_hit() -> None:
    # An archer at (2, 12) shoots at a billman 12" east; an abandoned ox-cart stands broadside
    # between them at (8, 12). To hit: 11" apart is short range, the archer needs 4 and rolls 4.
    # The cart's Blocked Shot: 2 (1-3 absorbed); the hit location d6 1: hull; D3 of 3 less its
    # side armour 1 = 2 points. The billman is untouched.
    cart = vehicle("cart", "ox_cart", 8.0, 12.0, 0.0, side="none")
    eng = make_engine([model("r1", "red", "archer", 2.0, 12.0),
                       model("b1", "blue", "billman", 14.0, 12.0)], dice=[4, 2, 1, 3], vehicles=[cart])
    eng.submit(Activate(side="red", model="r1"))
    res = eng.submit(Shoot(side="red", model="r1", target="b1"))
    (blocked,) = _ev(res, "blocked_shot")
    assert blocked.blocker == "the ox-cart" and blocked.absorbed
    assert cart.damage == {"hull": 2} and cart.health == 14 - 2
    assert not eng.state.model("b1").removed
    assert eng.fixed_dice is not None and eng.fixed_dice.remaining == 0
