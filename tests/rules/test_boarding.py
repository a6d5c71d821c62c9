"""Climbing aboard a cart or wagon, taking the reins, and climbing down (§10, pinned dice).

The red supply wagon stands at (10, 12) heading east (x 8-12, y 11-13).
"""

from __future__ import annotations

from game.rules.commands import Activate, Board, ClimbDown, Drive, Shoot
from game.rules.context import Rejected
from game.rules.engine import Accepted, Engine
from game.rules.state import Model, Vehicle
from game.rules.vehicles import overlapped_vehicle
from tests.rules.fixtures import board, make_engine, model, vehicle

BESIDE = (10.0, 12.0 - 1.0 - 0.55)  # a foot base touching the wagon's north side


def _engine(walker: Model, cart: Vehicle, crew: tuple[Model, ...] = (), dice: list[int] | None = None,
            active: str = "") -> Engine:
    eng = make_engine([walker, *crew, model("b9", "blue", "archer", 22.0, 12.0)], dice=dice or [],
                      vehicles=[cart], active=active or walker.spear)
    assert isinstance(eng.submit(Activate(side="red", model=active or walker.id)), Accepted)
    return eng


def test_a_man_beside_his_wagon_climbs_into_a_free_seat() -> None:
    cart = vehicle("wagon", "supply_wagon", 10.0, 12.0, 90.0)
    eng = _engine(model("r1", "red", "billman", *BESIDE), cart)
    res = eng.submit(Board(side="red", model="r1", vehicle="wagon", seat="Box"))
    assert isinstance(res, Accepted)
    r1 = eng.state.model("r1")
    assert (r1.aboard, r1.seat, r1.x, r1.y, r1.moved) == ("wagon", "Box", 10.0, 12.0, True)
    assert [e.type for e in res.events] == ["boarded"] and not res.events[0].took_over  # type: ignore


def test_boarding_needs_contact_a_free_seat_feet_on_the_ground_and_a_friendly_or_empty_cart() -> None:
    cart = vehicle("wagon", "supply_wagon", 10.0, 12.0, 90.0)
    eng = _engine(model("r1", "red", "billman", BESIDE[0], BESIDE[1] - 1.0), cart)
    bad = eng.submit(Board(side="red", model="r1", vehicle="wagon", seat="Box"))
    assert isinstance(bad, Rejected) and bad.code == "not_in_contact"
    seated = board(model("r2", "red", "carter", 0.0, 0.0, spear="r1"), cart, "Box")
    eng = _engine(model("r1", "red", "billman", *BESIDE), cart, crew=(seated,))
    bad = eng.submit(Board(side="red", model="r1", vehicle="wagon", seat="Box"))
    assert isinstance(bad, Rejected) and bad.code == "seat_taken"
    eng = _engine(model("r1", "red", "captain", *BESIDE, steed="warhorse", steed_health=2, facing=90.0),
                  vehicle("wagon", "supply_wagon", 10.0, 12.0, 90.0))
    bad = eng.submit(Board(side="red", model="r1", vehicle="wagon", seat="Box"))
    assert isinstance(bad, Rejected) and bad.code == "mounted"
    eng = _engine(model("r1", "red", "billman", *BESIDE), vehicle("wagon", "supply_wagon", 10.0, 12.0, 90.0,
                                                                   side="blue"))
    bad = eng.submit(Board(side="red", model="r1", vehicle="wagon", seat="Box"))
    assert isinstance(bad, Rejected) and bad.code == "enemy_vehicle"
    eng = _engine(model("r1", "red", "billman", *BESIDE),
                  vehicle("wagon", "supply_wagon", 10.0, 12.0, 90.0, disabled=True))
    bad = eng.submit(Board(side="red", model="r1", vehicle="wagon", seat="Box"))
    assert isinstance(bad, Rejected) and bad.code == "disabled"


def test_taking_an_abandoned_cart_makes_it_yours() -> None:
    cart = vehicle("cart", "ox_cart", 10.0, 12.0, 90.0, side="none")
    eng = _engine(model("r1", "red", "billman", 10.0, 12.0 - 1.0 - 0.55), cart)
    res = eng.submit(Board(side="red", model="r1", vehicle="cart", seat="Goad"))
    assert isinstance(res, Accepted) and res.events[0].took_over  # type: ignore[union-attr]
    assert cart.side == "red"


def test_a_crewman_takes_the_reins_and_without_the_carter_skill_tests() -> None:
    # The box is empty (the carter fell): the billman on the box-mate seat moves across (his Move).
    # Next turn's Drive (a sharp 45 degree turn) is his: no Carter skill, so 1d6, 1 fails: veer.
    cart = vehicle("wagon", "supply_wagon", 10.0, 12.0, 90.0, speed=4.0)
    mate = board(model("r1", "red", "billman", 0.0, 0.0), cart, "Box mate")
    eng = _engine(mate, cart, dice=[2])
    res = eng.submit(Board(side="red", model="r1", vehicle="wagon", seat="Box"))
    assert isinstance(res, Accepted) and eng.state.model("r1").seat == "Box"
    eng.state.model("r1").moved = False  # the next turn
    res = eng.submit(Drive(side="red", model="r1", heading=45.0, speed=4.0))
    assert isinstance(res, Accepted)
    (test,) = [e for e in res.events if e.type == "carter_test"]
    assert test.passed and test.roll == 2  # type: ignore[union-attr]


def test_climbing_down_from_a_standing_wagon_keeps_the_action() -> None:
    cart = vehicle("wagon", "supply_wagon", 10.0, 12.0, 90.0)
    archer = board(model("r1", "red", "archer", 0.0, 0.0), cart, "Tailboard")
    eng = _engine(archer, cart, dice=[6, 6])
    res = eng.submit(ClimbDown(side="red", model="r1"))
    assert isinstance(res, Accepted)
    r1 = eng.state.model("r1")
    assert r1.aboard == "" and r1.seat == "" and r1.moved
    assert overlapped_vehicle(eng.table, eng.state, r1, r1.x, r1.y) is None
    assert abs(r1.x - 10.0) <= 2.6 and abs(r1.y - 12.0) <= 2.6  # right beside it
    shot = eng.submit(Shoot(side="red", model="r1", target="b9"))  # his Action is still his
    assert isinstance(shot, Accepted)


def test_nobody_climbs_down_from_a_moving_wagon() -> None:
    cart = vehicle("wagon", "supply_wagon", 10.0, 12.0, 90.0, speed=4.0)
    eng = _engine(board(model("r1", "red", "archer", 0.0, 0.0), cart, "Tailboard"), cart)
    bad = eng.submit(ClimbDown(side="red", model="r1"))
    assert isinstance(bad, Rejected) and bad.code == "moving"
    cart.disabled = True  # a wreck, though: everybody off
    assert isinstance(eng.submit(ClimbDown(side="red", model="r1")), Accepted)


def test_a_crewman_out_of_command_who_would_run_for_it_cowers_aboard() -> None:
    # The carter's Hero is 15" off: out of Command Range, so he takes a Feckless test. A 2 is
    # "Run for it!", but a man aboard cowers in the wagon: he stays aboard and his activation ends.
    cart = vehicle("wagon", "supply_wagon", 10.0, 12.0, 90.0)
    hero = model("r1", "red", "squire", 22.0, 22.0)
    carter = board(model("r2", "red", "carter", 0.0, 0.0, spear="r1"), cart, "Box")
    eng = make_engine([hero, carter, model("b9", "blue", "archer", 2.0, 2.0)], dice=[2], vehicles=[cart],
                      active="r1")
    eng.state.model("r1").activated = True  # the Hero has had his turn
    res = eng.submit(Activate(side="red", model="r2"))
    assert isinstance(res, Accepted)
    assert [e.result for e in res.events if e.type == "feckless_test"] == ["flee"]  # type: ignore
    r2 = eng.state.model("r2")
    assert (r2.aboard, r2.seat, r2.x, r2.y, r2.removed) == ("wagon", "Box", 10.0, 12.0, "")
    assert eng.state.active_model == "" and not [e for e in res.events if e.type == "moved"]
