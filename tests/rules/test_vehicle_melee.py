"""Striking a cart or wagon in melee with pinned dice (§10, close combat against vehicles).

The blue supply wagon (4" x 2", armour front 1 / side 1 / rear 2) stands at (10, 12) heading east;
red models stand against its north side (y 10.55: a 1" base touching the 2"-wide footprint).
"""

from __future__ import annotations

from game.rules.commands import Activate, Fight
from game.rules.context import Rejected
from game.rules.engine import Accepted, Engine
from game.rules.state import Model, Vehicle
from tests.rules.fixtures import board, make_engine, model, vehicle

SIDE_Y = 12.0 - 1.0 - 0.45  # a foot base's centre touching the wagon's north side


def _setup(attacker: Model, dice: list[int], speed: float = 0.0, profile: str = "supply_wagon",
           extra: tuple[Model, ...] = ()) -> tuple[Engine, Vehicle]:
    cart = vehicle("cart", profile, 10.0, 12.0, 90.0, side="blue", speed=speed)
    crew = board(model("b1", "blue", "billman", 0.0, 0.0), cart, "Bed")
    eng = make_engine([attacker, *extra, crew, model("b9", "blue", "billman", 22.0, 22.0)], dice=dice,
                      vehicles=[cart], active=attacker.id)
    assert isinstance(eng.submit(Activate(side="red", model=attacker.id)), Accepted)
    return eng, cart


def _strike(eng: Engine, who: str, location: str | None) -> Accepted | Rejected:
    return eng.submit(Fight(side="red", model=who, target="cart", location=location))  # type: ignore


def test_a_standing_wagon_is_hit_by_every_die_and_armour_is_taken_off_each() -> None:
    # A captain fights with 3 dice; the wagon stood still, so all 3 hit the Hull without a roll.
    # Each hit is a D3 less the side armour 1: rolls 3, 2, 1 -> 2 + 1 + 0 = 3 points.
    eng, cart = _setup(model("r1", "red", "captain", 10.0, SIDE_Y), [3, 2, 1])
    res = _strike(eng, "r1", "hull")
    assert isinstance(res, Accepted)
    (struck,) = [e for e in res.events if e.type == "vehicle_struck"]
    assert (struck.dice, struck.need, struck.hits, struck.location) == (3, 0, 3, "hull")
    assert cart.health == 20 - 3 and cart.damage == {"hull": 3}
    assert eng.state.model("r1").acted


def test_a_moving_wagon_is_struck_on_4_plus_and_traction_hits_slow_it() -> None:
    # Speed 4 and not yet moved: the billman's 2 dice need 4+: 4 hits, 3 misses. The hit on the
    # Traction from the side: D3 of 3 less armour 1 = 2 points; top speed 9 - 2 = 7 (still above 4).
    eng, cart = _setup(model("r1", "red", "billman", 10.0, SIDE_Y), [4, 3, 3], speed=4.0)
    res = _strike(eng, "r1", "traction")
    assert isinstance(res, Accepted)
    (struck,) = [e for e in res.events if e.type == "vehicle_struck"]
    assert (struck.need, struck.hits) == (4, 1)
    assert cart.damage == {"traction": 2} and cart.speed == 4.0


def test_crew_hits_strike_a_model_aboard_who_saves() -> None:
    # The open-topped wagon's Crew: each of the billman's 2 automatic hits falls on the one man
    # aboard (no die to choose him); his 5+ save passes on 5, then fails on 2: he is a casualty.
    eng, cart = _setup(model("r1", "red", "billman", 10.0, SIDE_Y), [5, 2])
    res = _strike(eng, "r1", "crew")
    assert isinstance(res, Accepted)
    assert eng.state.model("b1").removed == "casualty" and cart.health == 20
    assert eng.state.sides["red"].valour == 1


def test_strikes_that_may_not_be_made() -> None:
    far = model("r1", "red", "billman", 10.0, SIDE_Y - 1.0)  # an inch short of the wagon
    eng, _ = _setup(far, [])
    bad = _strike(eng, "r1", "hull")
    assert isinstance(bad, Rejected) and bad.code == "not_in_contact"
    foe = model("b2", "blue", "billman", 10.0, SIDE_Y - 1.0)  # an enemy in base contact first
    eng, _ = _setup(model("r1", "red", "billman", 10.0, SIDE_Y), [], extra=(foe,))
    bad = _strike(eng, "r1", "hull")
    assert isinstance(bad, Rejected) and bad.code == "in_melee"
    eng, _ = _setup(model("r1", "red", "billman", 10.0, SIDE_Y), [], profile="war_wagon")
    bad = _strike(eng, "r1", "crew")
    assert isinstance(bad, Rejected) and bad.code == "no_location"  # the pavises close it
    before = eng.state.digest()
    bad = eng.submit(Fight(side="red", model="r1", target="cart", option="thrust"))
    assert isinstance(bad, Rejected) and bad.code == "bad_option" and eng.state.digest() == before


def test_a_location_is_only_for_vehicles_and_own_vehicles_are_not_struck() -> None:
    eng, _ = _setup(model("r1", "red", "billman", 10.0, SIDE_Y), [],
                    extra=(model("b2", "blue", "billman", 10.0, SIDE_Y - 1.0),))
    bad = eng.submit(Fight(side="red", model="r1", target="b2", location="hull"))
    assert isinstance(bad, Rejected) and bad.code == "bad_option"
    mine = vehicle("cart", "supply_wagon", 10.0, 12.0, 90.0, side="red")
    eng = make_engine([model("r1", "red", "billman", 10.0, SIDE_Y),
                       model("b9", "blue", "billman", 22.0, 22.0)], dice=[], vehicles=[mine])
    eng.submit(Activate(side="red", model="r1"))
    bad = _strike(eng, "r1", "hull")
    assert isinstance(bad, Rejected) and bad.code == "bad_target"


def test_legal_commands_offer_each_open_location_of_a_wagon_in_reach() -> None:
    eng, _ = _setup(model("r1", "red", "billman", 10.0, SIDE_Y), [])
    strikes = sorted(c.location for c in eng.legal_commands("red")
                     if isinstance(c, Fight) and c.target == "cart")
    assert strikes == ["crew", "hull", "traction"]
