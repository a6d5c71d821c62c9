"""Horse Bolts with pinned dice: the d12 run, the table edge, Jump tests on the way, the seat test."""

from __future__ import annotations

from typing import Any

import pytest

from game.rules.bolting import cut_path, point_at
from game.rules.context import Act
from game.rules.dice import FixedDice
from game.rules.events import EVENT_LIST_ADAPTER
from game.rules.movement import position_problem
from game.rules.state import Model
from game.rules.steeds import horse_bolts
from game.terrain.terrain_map import TerrainMap
from tests.rules.fixtures import make_engine, make_terrain, model, rect, wall

EAST = 3  # d12 clock: 3 o'clock is a bearing of 90 degrees


def _act(models: list[Model], dice: list[int], terrain: TerrainMap | None = None) -> Act:
    eng = make_engine(models, dice=dice, terrain=terrain)
    assert isinstance(eng.fixed_dice, FixedDice)
    return Act(eng.table, eng.state, eng.fixed_dice)


def _rider(profile: str = "man_at_arms", x: float = 8.0, y: float = 12.0,
           steed: str = "warhorse") -> Model:
    return model("r1", "red", profile, x, y, steed=steed, steed_health=1)


def _foe() -> Model:
    return model("b1", "blue", "billman", 2.0, 22.0)


def _events(act: Act, kind: str = "") -> list[Any]:
    return [e for e in act.events if not kind or getattr(e, "type", "") == kind]


def _types(act: Act) -> list[str]:
    return [e.type for e in _events(act) if e.type != "dice_rolled"]


def _left(act: Act) -> int:
    assert isinstance(act.dice, FixedDice)
    return act.dice.remaining


def test_straight_run_on_open_ground_and_the_rider_keeps_his_seat() -> None:
    act = _act([_rider(), _foe()], [EAST, 4])
    r1 = act.state.model("r1")
    ev = horse_bolts(act, r1)
    assert ev.bearing == 90.0 and ev.kept_seat and not ev.left_table and ev.jumps == []
    assert ev.path[0] == (8.0, 12.0) and ev.path[-1] == pytest.approx((18.0, 12.0))
    assert (r1.x, r1.y) == pytest.approx((18.0, 12.0)) and r1.facing == pytest.approx(90.0)
    assert r1.steed == "warhorse" and _types(act) == ["horse_bolted"]
    rolls = _events(act, "dice_rolled")
    assert rolls[0].sides == 12 and "Bolt direction" in rolls[0].purpose
    assert "Keep the seat" in rolls[1].purpose


def test_twelve_oclock_is_up_the_table() -> None:
    act = _act([_rider(y=20.0), _foe()], [12, 6])
    ev = horse_bolts(act, act.state.model("r1"))
    assert ev.bearing == 0.0 and ev.path[-1] == pytest.approx((8.0, 10.0))


def test_rider_who_fails_to_keep_his_seat_is_thrown_at_the_end() -> None:
    act = _act([_rider(), _foe()], [EAST, 3, 6])  # keep seat fails on 3; on feet
    r1 = act.state.model("r1")
    ev = horse_bolts(act, r1)
    assert not ev.kept_seat
    assert _types(act) == ["horse_bolted", "rider_thrown"]
    assert r1.steed is None and (r1.x, r1.y) == pytest.approx((18.0, 12.0))


def test_hero_keeps_his_seat_on_any_of_his_prowess_dice() -> None:
    act = _act([_rider("squire"), _foe()], [EAST, 1, 4])
    assert horse_bolts(act, act.state.model("r1")).kept_seat and _left(act) == 0


def test_hero_thrown_when_no_die_is_four_or_more() -> None:
    act = _act([_rider("squire"), _foe()], [EAST, 3, 2, 5, 6])  # thrown: best of 2
    horse_bolts(act, act.state.model("r1"))
    thrown = _events(act, "rider_thrown")[0]
    assert thrown.rolls == [5, 6] and thrown.result == "on_feet"


def test_off_the_table_the_rider_is_thrown_at_the_edge() -> None:
    act = _act([_rider(x=18.0), _foe()], [EAST, 6], make_terrain())  # 24" table
    r1 = act.state.model("r1")
    ev = horse_bolts(act, r1)
    assert ev.left_table and not ev.kept_seat
    assert ev.path[-1] == pytest.approx((24.0, 12.0))
    thrown = _events(act, "rider_thrown")[0]
    assert thrown.at == pytest.approx((23.5, 12.0)) and thrown.modifier == 0
    assert r1.steed is None and (r1.x, r1.y) == pytest.approx((23.5, 12.0))
    assert _left(act) == 0  # no keep-seat test


def test_low_wall_on_the_path_needs_a_jump_test() -> None:
    terrain = make_terrain(obstacles=[wall("Low wall", (14.0, 0.0), (14.0, 24.0))])
    act = _act([_rider(), _foe()], [EAST, 3, 5], terrain)  # awkward landing; keeps the seat
    r1 = act.state.model("r1")
    ev = horse_bolts(act, r1)
    assert ev.jumps == ["Low wall"] and ev.kept_seat
    assert _types(act) == ["horse_bolted", "jump_test"]
    assert r1.x == pytest.approx(18.0) and r1.steed == "warhorse"


def test_fall_at_the_wall_stops_the_run_there() -> None:
    terrain = make_terrain(obstacles=[wall("Low wall", (14.0, 0.0), (14.0, 24.0))])
    act = _act([_rider(), _foe()], [EAST, 1, 6], terrain)  # falls (no Equestrian); on feet
    r1 = act.state.model("r1")
    ev = horse_bolts(act, r1)
    assert ev.jumps == ["Low wall"] and not ev.kept_seat and not ev.left_table
    assert ev.path[-1] == pytest.approx((14.0, 12.0))
    assert _types(act) == ["horse_bolted", "jump_test", "rider_thrown"]
    assert r1.steed is None and 13.0 < r1.x < 13.5 and r1.y == pytest.approx(12.0)
    assert _left(act) == 0


def test_equestrian_rerolls_a_fall_during_a_bolt() -> None:
    terrain = make_terrain(obstacles=[wall("Low wall", (14.0, 0.0), (14.0, 24.0))])
    act = _act([_rider("captain"), _foe()], [EAST, 1, 6, 2, 2, 5], terrain)
    ev = horse_bolts(act, act.state.model("r1"))
    jump = _events(act, "jump_test")[0]
    assert jump.rerolled and jump.result == "sails_over" and ev.kept_seat


def test_tall_wall_is_not_jumped() -> None:
    terrain = make_terrain(obstacles=[wall("Tall wall", (14.0, 0.0), (14.0, 24.0), tall=True)])
    act = _act([_rider(), _foe()], [EAST, 4], terrain)
    r1 = act.state.model("r1")
    ev = horse_bolts(act, r1)
    assert ev.jumps == [] and r1.x < 14.0


def test_bolting_horse_stops_short_of_other_models() -> None:
    other = model("r2", "red", "billman", 14.0, 12.0)
    act = _act([_rider(), other, _foe()], [EAST, 4])
    r1 = act.state.model("r1")
    horse_bolts(act, r1)
    assert (r1.x - 14.0) ** 2 + (r1.y - 12.0) ** 2 >= 0.99


def test_horse_slides_along_a_building_and_ends_in_a_legal_position() -> None:
    terrain = make_terrain(patches={"building": rect(17, 0, 23, 23)})
    act = _act([_rider(), _foe()], [EAST, 4], terrain)
    r1 = act.state.model("r1")
    ev = horse_bolts(act, r1)
    assert len(ev.path) >= 3 and r1.facing == pytest.approx(180.0)  # turned along the wall
    assert position_problem(act.table, act.state, r1, r1.x, r1.y) == ""


def test_an_illegal_end_backs_off_along_the_path() -> None:
    # the horse's centre passes the billman, but a 2" base ending at (18, 12) would overlap him
    act = _act([_rider(), model("r2", "red", "billman", 19.0, 12.8), _foe()], [EAST, 4])
    r1 = act.state.model("r1")
    horse_bolts(act, r1)
    assert position_problem(act.table, act.state, r1, r1.x, r1.y) == ""
    assert r1.x == pytest.approx(17.75) and r1.y == pytest.approx(12.0)


def test_bolt_event_round_trips_through_json() -> None:
    act = _act([_rider(), _foe()], [EAST, 4])
    horse_bolts(act, act.state.model("r1"))
    events = _events(act)
    assert EVENT_LIST_ADAPTER.validate_json(EVENT_LIST_ADAPTER.dump_json(events)) == events


def test_path_helpers() -> None:
    path = [(0.0, 0.0), (4.0, 0.0), (4.0, 3.0)]
    assert point_at(path, 5.0) == (4.0, 1.0)
    assert point_at(path, 99.0) == (4.0, 3.0)
    assert cut_path(path, (2.0, 0.0)) == [(0.0, 0.0), (2.0, 0.0)]
    assert cut_path(path, (4.0, 3.0)) == path
