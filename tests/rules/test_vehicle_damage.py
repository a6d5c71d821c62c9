"""Rams, crashes and fire with pinned dice (§10): impact speed bands, armour, crew damage, characters
under the wheels, disablement, the escort's escape and burning wagons.

Ram bands (vehicles.toml): impact <=4" D3 dice, dodge +1; 5-8" D6, dodge 0; 9"+ D6+1, dodge -1.
Against a static obstacle the impact speed is doubled. Each die is less the armour on the facing
struck, never below 0. Characters turn damage points into one hit per full 4, each saved.
Supply wagon: base damage 4, Health 20, Operational Level 7, armour front 1 / side 1 / rear 2.
"""

from __future__ import annotations

import pytest

from game.rules.commands import Activate, Drive, Shoot
from game.rules.context import Act, Rejected
from game.rules.dice import FixedDice
from game.rules.engine import Accepted, Engine
from game.rules.state import Model, Vehicle
from game.rules.vehicle_damage import damage_vehicle, fire_phase
from game.rules.vehicles import overlapped_vehicle
from tests.rules.fixtures import board, make_engine, make_terrain, model, vehicle, wall

WALL = make_terrain(obstacles=[wall("Wall", (10.0, 0.0), (10.0, 24.0), tall=True)])


def _ev(res, kind):  # type: ignore[no-untyped-def]
    assert isinstance(res, Accepted), res
    return [e for e in res.events if e.type == kind]


def _drive(vehicles: list[Vehicle], crew: list[tuple[str, str]], dice: list[int],
           others: tuple[Model, ...] = (), terrain=None,  # type: ignore[no-untyped-def]
           ) -> tuple[Engine, Accepted]:
    """Crew (profile, seat) board vehicles[0]; r1 drives it straight on at its speed (a carter, so no
    test). r9 and b9 stand far off so that neither side is wiped out. All pinned dice must be used."""
    v = vehicles[0]
    aboard = [board(model(f"r{i + 1}", "red", p, 0.0, 0.0, spear="r1"), v, seat)
              for i, (p, seat) in enumerate(crew)]
    eng = make_engine([*aboard, *others, model("r9", "red", "billman", 2.0, 22.0),
                       model("b9", "blue", "billman", 22.0, 22.0)],
                      dice=dice, terrain=terrain, vehicles=vehicles, active="r1")
    eng.submit(Activate(side="red", model="r1"))
    res = eng.submit(Drive(side="red", model="r1", heading=v.heading, speed=v.speed))
    assert isinstance(res, Accepted), res
    assert eng.fixed_dice is not None and eng.fixed_dice.remaining == 0
    return eng, res


def _wagon(x: float = 6.0, speed: float = 4.0, profile: str = "supply_wagon", **kw: object) -> Vehicle:
    return vehicle("wagon", profile, x, 12.0, 90.0, speed=speed, **kw)


# --- 3. Crashes into a static wall -------------------------------------------------------------------


def test_wall_crash_doubles_the_speed_and_shakes_the_crew() -> None:
    # At 4" into a wall: impact 8 -> D6 band. 4 dice (6, 5, 4, 2) less front armour 1 = 5+4+3+1 = 13.
    # Health 20 - 13 = 7: not below the Operational Level 7. 13 >= 10: one crew die each:
    #   r1 carter, Box (D6): 5 -> 1 hit, save 6+ fails on 3: casualty;
    #   r2 billman, Box mate (D6): 3 -> no hit;
    #   r3 captain, Tailboard (leaning out, D6+2): 6+2 = 8 -> 2 hits, saves 4+ on 4 (saved) and 2.
    v = _wagon()
    crew = [("carter", "Box"), ("billman", "Box mate"), ("captain", "Tailboard")]
    eng, res = _drive([v], crew, [6, 5, 4, 2, 5, 3, 3, 6, 4, 2], terrain=WALL)
    (ram,) = _ev(res, "ram_resolved")
    assert (ram.other, ram.other_kind, ram.impact_speed, ram.die) == ("static:wall:Wall", "static", 8.0, "D6")
    assert (ram.facing_hit, ram.vehicle_damage, ram.other_damage) == ("front", 13, 0)
    (dmg,) = _ev(res, "vehicle_damaged")
    assert (dmg.location, dmg.amount, dmg.health, dmg.cause) == ("hull", 13, 7, "crash")
    assert v.health == 7 and not v.disabled and v.speed == 0.0  # stuck against the wall
    assert v.x + 2.0 <= 9.75 + 0.01  # its front stops at the wall's face
    shaken = {e.model: (e.dice, e.die, e.points, e.hits) for e in _ev(res, "crew_shaken")}
    assert shaken == {"r1": (1, "D6", 5, 1), "r2": (1, "D6", 3, 0), "r3": (1, "D6+2", 8, 2)}
    s = eng.state
    assert s.model("r1").removed == "casualty" and s.model("r2").health == 1 and s.model("r3").health == 2


def test_under_10_points_the_crew_are_not_shaken() -> None:
    # 3, 3, 2, 2 less armour 1 = 6 points: no crew dice (the pinned list has none to give)
    v = _wagon()
    eng, res = _drive([v], [("carter", "Box"), ("archer", "Tailboard")], [3, 3, 2, 2], terrain=WALL)
    assert v.health == 14 and not _ev(res, "crew_shaken")


def test_war_wagon_braced_seats_take_d3() -> None:
    # War wagon (base 5, front armour 2) at 4" into the wall: impact 8, D6. 5 sixes less 2 = 20 points,
    # Health 30 -> 10 (Operational Level 10: still running). 20 points: two crew dice each:
    #   r1 carter, Box (braced, D3): 3+2 = 5 -> 1 hit, saved on a 6;
    #   r2 captain, Loophole (leaning out, D6+2): 1+2 + 2+2 = 7 -> 1 hit, saved on 5;
    #   r3 billman, Pavise (braced, D3): 1+1 = 2 -> none.
    v = _wagon(profile="war_wagon")
    crew = [("carter", "Box"), ("captain", "Loophole, left"), ("billman", "Pavise, left")]
    eng, res = _drive([v], crew, [6] * 5 + [3, 2, 6, 1, 2, 5, 1, 1], terrain=WALL)
    assert v.health == 10 and not v.disabled
    shaken = {e.model: (e.dice, e.die, e.points, e.hits) for e in _ev(res, "crew_shaken")}
    assert shaken == {"r1": (2, "D3", 5, 1), "r2": (2, "D6+2", 7, 1), "r3": (2, "D3", 2, 0)}
    s = eng.state
    assert (s.model("r1").health, s.model("r2").health, s.model("r3").health) == (1, 3, 1)


# --- 4. Vehicle against vehicle ----------------------------------------------------------------------


def test_head_on_both_take_the_others_dice_at_the_same_speed() -> None:
    # Red supply wagon (base 4) and a blue ox-cart (base 3, armour 1 all round) meet head-on, each
    # at 4": impact 4 + 4 = 8, the D6 band for both.
    #   the wagon takes the ox-cart's 3 dice: 4, 4, 3 less its front armour 1 = 8;
    #   the ox-cart takes the wagon's 4 dice: 3, 3, 2, 1 less its front armour 1 = 5.
    v = _wagon()
    cart = vehicle("cart", "ox_cart", 16.0, 12.0, 270.0, side="blue", speed=4.0)
    eng, res = _drive([v, cart], [("carter", "Box")], [4, 4, 3, 3, 3, 2, 1])
    (ram,) = _ev(res, "ram_resolved")
    assert (ram.other, ram.other_kind, ram.impact_speed, ram.die) == ("cart", "vehicle", 8.0, "D6")
    assert (ram.facing_hit, ram.other_facing_hit) == ("front", "front")
    assert (ram.vehicle_damage, ram.other_damage) == (8, 5)
    assert (v.health, cart.health) == (12, 9)
    assert {(e.vehicle, e.cause) for e in _ev(res, "vehicle_damaged")} == {("wagon", "ram"), ("cart", "ram")}


def test_rear_end_the_speeds_subtract() -> None:
    # The wagon at 8" catches an ox-cart going the same way at 4": impact 8 - 4 = 4, the D3 band.
    #   the wagon takes 3 D3 (3, 3, 3) less front armour 1 = 6; the cart 4 D3 (3, 3, 2, 1) less
    #   its rear armour 1 = 2 + 2 + 1 + 0 = 5.
    v = _wagon(x=4.0, speed=8.0)
    cart = vehicle("cart", "ox_cart", 10.0, 12.0, 90.0, side="blue", speed=4.0)
    eng, res = _drive([v, cart], [("carter", "Box")], [3, 3, 3, 3, 3, 2, 1])
    (ram,) = _ev(res, "ram_resolved")
    assert (ram.impact_speed, ram.die, ram.facing_hit, ram.other_facing_hit) == (4.0, "D3", "front", "rear")
    assert (v.health, cart.health) == (14, 9)


def test_side_armour_of_a_war_wagon_turns_a_slow_ram() -> None:
    # Into the side of a standing war wagon at 4": impact 4, D3. The war wagon's side armour 4 takes
    # every D3 to 0; the supply wagon takes 5 D3 (3, 3, 3, 2, 1) less its front armour 1 = 7.
    v = _wagon()
    war = vehicle("war", "war_wagon", 10.0, 12.0, 0.0, side="blue")
    eng, res = _drive([v, war], [("carter", "Box")], [3, 3, 3, 2, 1, 3, 3, 3, 3])
    (ram,) = _ev(res, "ram_resolved")
    assert (ram.impact_speed, ram.other_facing_hit) == (4.0, "side")
    assert (ram.vehicle_damage, ram.other_damage) == (7, 0)
    assert (v.health, war.health) == (13, 30)


# --- 5. A character in the path ----------------------------------------------------------------------


@pytest.mark.parametrize(("speed", "dice", "modifier", "die", "dodged", "under", "points", "health"), [
    # 4": impact 4, dodge +1: a 3 makes 4+
    (4.0, [3], 1, "D3", True, False, 0, 3),
    # 4": a 2 (+1 = 3) fails: 4 D3 (3, 3, 2, 1) = 9 -> 2 hits, saves 4+: 4 saved, 1 failed
    (4.0, [2, 3, 3, 2, 1, 4, 1], 1, "D3", False, False, 9, 2),
    # 4": a natural 1 is under the wheels: (3+3+3+1) x 2 = 20 -> 5 hits; saves 4, 5, 2, 1, 6: two fail
    (4.0, [1, 3, 3, 3, 1, 4, 5, 2, 1, 6], 1, "D3", False, True, 20, 1),
    # 8": impact 8, dodge 0: a 4 dodges, a 3 does not: 4 D6 (2, 2, 2, 1) = 7 -> 1 hit, save fails on 2
    (8.0, [4], 0, "D6", True, False, 0, 3),
    (8.0, [3, 2, 2, 2, 1, 2], 0, "D6", False, False, 7, 2),
    # 9": impact 9, dodge -1: a 5 dodges, a 4 does not: 4 D6+1 (1, 1, 1, 1) = 8 -> 2 hits, both saved
    (9.0, [5], -1, "D6+1", True, False, 0, 3),
    (9.0, [4, 1, 1, 1, 1, 4, 4], -1, "D6+1", False, False, 8, 3),
])
def test_character_in_the_path(speed: float, dice: list[int], modifier: int, die: str, dodged: bool,
                               under: bool, points: int, health: int) -> None:
    v = _wagon(x=4.0, speed=speed)
    victim = model("b1", "blue", "captain", 9.0, 12.0)  # 2.5" ahead of the wagon's front
    eng, res = _drive([v], [("carter", "Box")], dice, others=(victim,))
    (ram,) = _ev(res, "ram_resolved")
    assert (ram.other, ram.other_kind, ram.impact_speed, ram.die) == ("b1", "character", speed, die)
    assert (ram.dodge_roll, ram.dodge_modifier, ram.dodged, ram.under_the_wheels) == (
        dice[0], modifier, dodged, under)
    assert ram.other_damage == points and ram.vehicle_damage == 0
    assert victim.health == health and v.health == 20
    assert len(_ev(res, "save_rolled")) == points // 4  # one save per hit (nobody dies here)
    assert overlapped_vehicle(eng.table, eng.state, victim, victim.x, victim.y) is None
    assert v.speed == speed and _ev(res, "vehicle_moved")[0].distance == pytest.approx(speed, abs=0.01)


def test_a_rider_in_the_path_dodges_too() -> None:
    # A rider across the road (facing north): the wagon strikes his side at 4". He is a solid body,
    # shoved aside; a dodge of 3 (+1) passes and he ends clear of the wagon, unhurt.
    v = _wagon(x=4.0)
    rider = model("b1", "blue", "man_at_arms", 9.5, 12.0, steed="warhorse", facing=0.0)
    eng, res = _drive([v], [("carter", "Box")], [3], others=(rider,))
    (ram,) = _ev(res, "ram_resolved")
    assert (ram.other_kind, ram.other_facing_hit) == ("rider", "side")
    assert (ram.impact_speed, ram.dodged) == (4.0, True)
    assert rider.health == 1 and not rider.removed
    assert overlapped_vehicle(eng.table, eng.state, rider, rider.x, rider.y) is None


# --- 6. Disabled below the Operational Level ---------------------------------------------------------


def test_crash_disables_the_escort_and_the_other_side_scores() -> None:
    # Health 8 (12 damage taken). At 4" into the wall: 2, 2, 1, 1 less 1 = 2 -> Health 6, below 7.
    v = _wagon(health=8, damage={"hull": 12}, escort_edge="east", escort_valour=6)
    eng, res = _drive([v], [("carter", "Box")], [2, 2, 1, 1], terrain=WALL)
    (off,) = _ev(res, "vehicle_disabled")
    assert (off.vehicle, off.valour, off.to_side, off.by_side) == ("wagon", 6, "blue", "")
    assert v.disabled and v.speed == 0.0 and v.health == 6
    assert eng.state.sides["blue"].valour == 6 and eng.state.sides["red"].valour == 0
    eng.state.model("r1").moved = False  # even given another go, it will not drive
    res2 = eng.submit(Drive(side="red", model="r1", heading=90.0, speed=4.0))
    assert getattr(res2, "code", None) == "disabled"
    from game.rules.ramming import end_of_turn

    x = v.x
    end_of_turn(Act(eng.table, eng.state, FixedDice([])))
    assert v.x == x  # nor roll on


def test_a_shot_disables_a_vehicle_without_escort_valour() -> None:
    # Blue handgunner due south, stationary target: needs 3; hit on 3, location 4 traction, D3 3 less
    # side armour 1 = 2: Health 8 -> 6. Not escorted: nobody scores; handgun sets the traction alight.
    v = vehicle("wagon", "supply_wagon", 12.0, 12.0, 90.0, health=8)
    gunner = model("b1", "blue", "handgunner", 12.0, 18.0)
    eng = make_engine([gunner, model("r9", "red", "billman", 2.0, 22.0)], dice=[3, 4, 3], vehicles=[v])
    eng.submit(Activate(side="blue", model="b1"))
    res = eng.submit(Shoot(side="blue", model="b1", target="wagon"))
    (off,) = _ev(res, "vehicle_disabled")
    assert (off.by_side, off.valour) == ("blue", 0) and v.disabled and v.damage == {"traction": 2}
    assert eng.state.sides["blue"].valour == 0 and v.burning == ["traction"]


def test_traction_damage_slows_a_fast_wagon_to_its_top_speed() -> None:
    # Going 9". An archer due south needs 4+1 = 5 at a 9" wagon: hit on 5, location 4 = traction, D3 3
    # less side armour 1 = 2 points: top speed 9 - 2 = 7", and the wagon slows to 7" at once.
    v = vehicle("wagon", "supply_wagon", 12.0, 12.0, 90.0, speed=9.0)
    driver = board(model("r1", "red", "carter", 0.0, 0.0), v, "Box")
    gunner = model("b1", "blue", "archer", 12.0, 18.0)
    eng = make_engine([gunner, driver], dice=[5, 4, 3], vehicles=[v])
    eng.submit(Activate(side="blue", model="b1"))
    res = eng.submit(Shoot(side="blue", model="b1", target="wagon"))
    assert _ev(res, "shot_fired")[0].need == 5
    assert _ev(res, "vehicle_damaged")[0].location == "traction" and v.damage == {"traction": 2}
    assert v.speed == 7.0
    # The 2 points fell on the team too: a Nag has Health 2, so one of the two is down.
    (lost,) = _ev(res, "team_lost")
    assert (lost.steed, lost.lost, lost.left) == ("nag", 1, 1)
    # One more point before the driver's turn: top speed 6", and the wagon slows to it. Had it kept
    # a higher speed than top speed + 4", no Drive would be legal.
    act = Act(eng.table, eng.state, FixedDice([]))
    damage_vehicle(act, v, "traction", 1, "shot", "blue")
    assert v.speed == 6.0 and not [e for e in act.events if e.type == "team_lost"]
    eng.state.current_card, eng.state.active_side, eng.state.active_model = "r1", "red", ""
    eng.submit(Activate(side="red", model="r1"))
    assert isinstance(eng.submit(Drive(side="red", model="r1", heading=90.0, speed=6.0)), Accepted)


def test_with_its_whole_team_down_a_wagon_cannot_move() -> None:
    # Two Nags of Health 2: 4 points of Traction damage bring both down. The wagon is not disabled
    # (Health 16 of 20), but it stands: top speed 0, and any Drive with speed is refused.
    v = vehicle("wagon", "supply_wagon", 12.0, 12.0, 90.0, speed=4.0)
    driver = board(model("r1", "red", "carter", 0.0, 0.0), v, "Box")
    eng = make_engine([driver, model("b9", "blue", "billman", 22.0, 22.0)], dice=[], vehicles=[v])
    act = Act(eng.table, eng.state, FixedDice([]))
    damage_vehicle(act, v, "traction", 4, "blow", "blue")
    (lost,) = [e for e in act.events if e.type == "team_lost"]
    assert (lost.lost, lost.left) == (2, 0) and v.speed == 0.0 and not v.disabled
    eng.submit(Activate(side="red", model="r1"))
    bad = eng.submit(Drive(side="red", model="r1", heading=90.0, speed=2.0))
    assert isinstance(bad, Rejected) and bad.code == "too_fast"


def test_a_head_on_meeting_is_one_ram() -> None:
    v = _wagon()
    other = vehicle("cart", "supply_wagon", 16.0, 12.0, 270.0, side="blue", speed=4.0)
    eng, res = _drive([v, other], [("carter", "Box")], [1] * 8)  # both take 4 x (1 - 1) = 0
    assert _ev(res, "ram_resolved")[0].impact_speed == 8.0
    from game.rules.ramming import end_of_turn

    act = Act(eng.table, eng.state, FixedDice([1] * 9))
    end_of_turn(act)  # the blue wagon, not yet moved, rolls on
    rams = [e for e in act.events if e.type == "ram_resolved"]
    assert not [e for e in rams if {e.vehicle, e.other} == {"wagon", "cart"}]
    assert other.speed == 0.0  # brought up short by the ram: it does not roll on into the wagon again


# --- 7. The escort escapes ---------------------------------------------------------------------------


def test_escort_driven_off_its_edge_escapes() -> None:
    # From x 19.5 the front (21.5) reaches the east edge (24) within the 4" drive: no crash, it leaves.
    v = _wagon(x=19.5, escort_edge="east", escort_valour=6)
    eng, res = _drive([v], [("carter", "Box"), ("archer", "Tailboard")], [])
    (esc,) = _ev(res, "vehicle_escaped")
    assert (esc.vehicle, esc.side, esc.valour) == ("wagon", "red", 6)
    assert v.removed == "escaped" and v.health == 20
    assert [eng.state.model(m).removed for m in ("r1", "r2")] == ["escaped", "escaped"]
    assert eng.state.sides["red"].valour == 6
    assert not _ev(res, "vehicle_damaged") and not _ev(res, "ram_resolved")
    assert not eng.state.over  # r9 is still on the table


def test_any_other_edge_is_a_crash() -> None:
    # The same drive with the escort making for the west edge: the east edge is a wall. 2 from the
    # edge at 4": impact 8, D6: 2, 2, 2, 2 less 1 = 4 points.
    v = _wagon(x=19.5, escort_edge="west", escort_valour=6)
    eng, res = _drive([v], [("carter", "Box")], [2, 2, 2, 2])
    (ram,) = _ev(res, "ram_resolved")
    assert (ram.other, ram.impact_speed, ram.vehicle_damage) == ("static:table-edge", 8.0, 4)
    assert not v.removed and v.health == 16 and not _ev(res, "vehicle_escaped")
    assert eng.state.sides["red"].valour == 0


# --- 8. Fire -----------------------------------------------------------------------------------------


def _burn(v: Vehicle, dice: list[int], crew: tuple[Model, ...] = ()) -> list:  # type: ignore[type-arg]
    eng = make_engine([model("r9", "red", "billman", 2.0, 22.0), *crew,
                       model("b9", "blue", "billman", 22.0, 22.0)], vehicles=[v])
    act = Act(eng.table, eng.state, FixedDice(dice))
    fire_phase(act)
    assert act.dice.remaining == 0  # type: ignore[attr-defined]
    return act.events


def test_burning_hull_loses_a_health_and_spreads_on_1_or_2() -> None:
    v = _wagon(burning=["hull"])
    events = _burn(v, [2])  # a d8 of 2: spreads from the hull to the traction
    assert v.health == 19 and v.burning == ["hull", "traction"]
    roll = next(e for e in events if e.type == "dice_rolled")
    assert roll.sides == 8
    (alight,) = [e for e in events if e.type == "vehicle_alight"]
    assert (alight.location, alight.spread_from) == ("traction", "hull")
    assert [(e.location, e.amount, e.cause) for e in events if e.type == "vehicle_damaged"] == [
        ("hull", 1, "fire")]


def test_fire_does_not_spread_on_3_or_more() -> None:
    v = _wagon(burning=["hull"])
    events = _burn(v, [3])
    assert v.health == 19 and v.burning == ["hull"]
    assert not [e for e in events if e.type == "vehicle_alight"]


def test_two_burning_locations_each_burn() -> None:
    # hull and traction both lose 1; the fire then spreads to the crew location (hull's next neighbour)
    v = _wagon(burning=["hull", "traction"])
    _burn(v, [1])
    assert v.health == 18 and v.damage == {"hull": 1, "traction": 1}
    assert v.burning == ["hull", "traction", "crew"]


def test_burning_crew_location_hits_a_crewman_instead() -> None:
    # one man aboard, so no die picks him; the billman's save 5+ fails on 2; a d8 of 8 does not spread
    v = _wagon(burning=["crew"])
    crew = board(model("r1", "red", "billman", 0.0, 0.0), v, "Bed")
    _burn(v, [2, 8], crew=(crew,))
    assert v.health == 20 and crew.removed == "casualty" and v.burning == ["crew"]


def test_the_last_of_a_side_escaping_with_the_wagon_ends_on_valour_not_a_wipe_out() -> None:
    # Only the wagon's crew are left of red: they drive off with it. Red scores 6 and, with nobody
    # of theirs on the table, the game ends on Valour (6 to 0): red wins, not "red was wiped out".
    v = _wagon(x=19.5, escort_edge="east", escort_valour=6)
    r1 = board(model("r1", "red", "carter", 0.0, 0.0), v, "Box")
    eng = make_engine([r1, model("b9", "blue", "billman", 22.0, 22.0)], dice=[], vehicles=[v], active="r1")
    eng.submit(Activate(side="red", model="r1"))
    res = eng.submit(Drive(side="red", model="r1", heading=90.0, speed=4.0))
    assert isinstance(res, Accepted) and _ev(res, "vehicle_escaped")
    assert eng.state.over and eng.state.winner == "red" and "left the field" in eng.state.result
