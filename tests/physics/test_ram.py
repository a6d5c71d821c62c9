"""The vehicle-move simulation: the four ramming cases of the source, facings, walls, determinism."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from game.content import load_content
from game.physics.ram import (
    Body,
    Contact,
    VehicleMove,
    bench_bodies,
    bench_vehicle_move,
    blocked_by,
    impact_speed,
    simulate_vehicle_move,
)
from game.resources import MAPS_DIR
from game.rules.ramming import ram_rules
from game.terrain.terrain_map import Obstacle, TerrainMap
from game.terrain.tmx import load_terrain

Point = tuple[float, float]
FIELD = load_terrain(MAPS_DIR / "skirmish-field.tmx")
RULES = ram_rules(load_content().vehicle_rules)  # the shipped numbers: half the tangent, doubled on walls
DITCH = RULES.narrow_ditch


def drive(tmap: TerrainMap, vehicle: Body, speed: float, heading: float, others: Sequence[Body] = (),
          turns: float = 1.0, *, push_characters: bool = False) -> VehicleMove:
    """simulate_vehicle_move with the shipped rule numbers."""
    return simulate_vehicle_move(tmap, vehicle, speed, heading, others, turns, rules=RULES,
                                 push_characters=push_characters)


def make_map(width: int = 30, height: int = 40, buildings: tuple[tuple[int, int, int, int], ...] = (),
             obstacles: tuple[Obstacle, ...] = ()) -> TerrainMap:
    """An open table with building rectangles given as inclusive tile ranges (x0, y0, x1, y1)."""
    tiles = ["open"] * (width * height)
    for x0, y0, x1, y1 in buildings:
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                tiles[y * width + x] = "building"
    return TerrainMap("test", width, height, tiles, list(obstacles))


OPEN = make_map()
WALL = Obstacle(name="w", kind="wall", points=((5.0, 5.0), (15.0, 5.0)), tall=True, width=0.5)


def wagon(x: float, y: float, heading: float = 0.0, vx: float = 0.0, vy: float = 0.0,
          name: str = "a", length: float = 3.0) -> Body:
    """A 3x2 wagon of mass 10."""
    return Body(name, "vehicle", x, y, heading, length, 2.0, vx, vy, 10.0)


def only(move: VehicleMove) -> Contact:
    """The single contact of a move."""
    assert len(move.contacts) == 1, move.contacts
    return move.contacts[0]


def test_head_on_the_speeds_add() -> None:
    move = drive(OPEN, wagon(10, 20), 6.0, 0.0, [wagon(10, 10, 180.0, vy=4.0, name="b")])
    c = only(move)
    assert (c.other, c.static, c.closing, c.impact_speed) == ("b", False, 10.0, 10.0)
    assert (c.facing_hit, c.other_facing_hit) == ("front", "front")
    assert c.normal == (0.0, -1.0) and c.tangent == (1.0, 0.0) and c.v_rel == (0.0, 10.0)
    assert c.at == 4.2 and c.point == (10.0, 14.3)  # the 7" gap closes at 10" per turn
    assert move.stopped  # equal wagons driving into each other lock up


def test_rear_end_the_speeds_subtract() -> None:
    move = drive(OPEN, wagon(10, 25), 6.0, 0.0, [wagon(10, 20.5, vy=-4.0, name="b")])
    c = only(move)
    assert (c.closing, c.impact_speed, c.facing_hit, c.other_facing_hit) == (2.0, 2.0, "front", "rear")
    assert c.v_rel == (0.0, 2.0) and c.at == 4.5
    assert not move.stopped and "b" in move.displaced  # the faster wagon shoves the slower one on


def test_rear_end_seen_from_the_wagon_that_is_caught() -> None:
    move = drive(OPEN, wagon(10, 20.5), 4.0, 0.0, [wagon(10, 25, vy=-6.0, name="b")])
    c = only(move)
    assert (c.impact_speed, c.facing_hit, c.other_facing_hit) == (2.0, "rear", "front")
    assert c.normal == (0.0, 1.0) and c.v_rel == (0.0, -2.0)


def test_side_on_the_full_speed_plus_half() -> None:
    crossing = wagon(8, 20, 90.0, vx=4.0, name="b")
    c = only(drive(OPEN, wagon(10, 25), 6.0, 0.0, [crossing]))
    assert (c.closing, c.impact_speed, c.facing_hit, c.other_facing_hit) == (6.0, 8.0, "front", "side")
    assert c.v_rel == (4.0, 6.0) and c.normal == (0.0, -1.0) and c.tangent == (1.0, 0.0)


def test_side_on_seen_from_the_wagon_that_is_rammed() -> None:
    rammer = wagon(10, 25, 0.0, vy=-6.0, name="b")
    c = only(drive(OPEN, wagon(8, 20, 90.0), 4.0, 90.0, [rammer]))
    assert (c.closing, c.impact_speed, c.facing_hit, c.other_facing_hit) == (6.0, 8.0, "side", "front")
    assert c.v_rel == (-4.0, -6.0)


def test_a_static_wall_doubles_the_speed() -> None:
    move = drive(make_map(obstacles=(WALL,)), wagon(10, 10), 5.0, 0.0)
    c = only(move)
    assert (c.other, c.static, c.closing, c.impact_speed) == ("static:wall:w", True, 5.0, 10.0)
    assert (c.facing_hit, c.other_facing_hit) == ("front", "")
    assert move.stopped and move.end == (10.0, 6.75) and move.distance == 3.25  # front on the wall face


def test_reversing_into_a_wall_hits_the_rear() -> None:
    c = only(drive(make_map(obstacles=(WALL,)), wagon(10, 8, 180.0), -4.0, 180.0))
    assert (c.facing_hit, c.impact_speed) == ("rear", 8.0)


def test_a_glancing_blow_on_a_corner_counts_the_tangent_half() -> None:
    wall = Obstacle(name="w", kind="wall", points=((5.0, 5.0), (15.0, 15.0)), tall=True, width=0.5)
    move = drive(make_map(obstacles=(wall,)), wagon(12, 16), 4.0, 0.0, turns=2.0)
    c = move.contacts[0]
    assert c.static and c.closing == pytest.approx(4 / math.sqrt(2), abs=1e-4)
    assert c.impact_speed == pytest.approx(2 * (4 / math.sqrt(2) + 2 / math.sqrt(2)), abs=1e-4)
    assert c.facing_hit == "front" and move.end_heading != 0.0  # it glanced off and turned


@pytest.mark.parametrize(("tmap", "start", "heading", "expected"), [
    (make_map(buildings=((8, 2, 12, 4),)), (10.0, 10.0), 0.0, "static:building"),
    (OPEN, (10.0, 4.0), 0.0, "static:table-edge"),
    (OPEN, (27.0, 10.0), 90.0, "static:table-edge"),
    (make_map(obstacles=(Obstacle("h", "hedge", ((5.0, 5.0), (15.0, 5.0)), False, 1.0),)), (10.0, 10.0),
     0.0, "static:hedge:h"),
    (make_map(obstacles=(Obstacle("d", "ditch", ((5.0, 5.0), (15.0, 5.0)), False, 2.0),)), (10.0, 10.0),
     0.0, "static:ditch:d"),
])
def test_buildings_table_edges_and_low_obstacles_stop_a_vehicle(tmap: TerrainMap, start: Point,
                                                                 heading: float, expected: str) -> None:
    c = only(drive(tmap, wagon(*start, heading), 6.0, heading))
    assert (c.other, c.static, c.impact_speed) == (expected, True, 12.0)


def test_a_narrow_ditch_is_no_obstacle_to_wheels() -> None:
    ditch = Obstacle("d", "ditch", ((5.0, 5.0), (15.0, 5.0)), False, 1.0)
    move = drive(make_map(obstacles=(ditch,)), wagon(10, 10), 8.0, 0.0)
    assert move.contacts == [] and move.end == (10.0, 2.0) and not move.stopped


def test_characters_are_reported_and_rolled_over_unless_pushed() -> None:
    man = Body("man", "character", 10.0, 5.0)
    move = drive(OPEN, wagon(10, 10), 8.0, 0.0, [man])
    c = only(move)
    assert (c.other, c.closing, c.impact_speed) == ("man", 8.0, 8.0)
    assert (c.facing_hit, c.other_facing_hit) == ("front", "")
    assert move.end == (10.0, 2.0) and move.displaced == {}
    pushed = drive(OPEN, wagon(10, 10), 8.0, 0.0, [man], push_characters=True)
    assert only(pushed).impact_speed == 8.0 and pushed.displaced["man"][1] < 2.0


def test_far_bodies_and_the_vehicle_itself_are_ignored() -> None:
    me = wagon(10, 20)
    move = drive(OPEN, me, 6.0, 0.0, [me, Body("far", "character", 28.0, 38.0)])
    assert move.contacts == [] and move.end == (10.0, 14.0) and move.distance == 6.0


def test_heading_and_speed_conventions() -> None:
    move = drive(OPEN, wagon(10, 20, 90.0), 5.0, 90.0, turns=0.5)
    assert move.end == (12.5, 20.0) and move.end_heading == 90.0 and move.path == [(10.0, 20.0), (12.5, 20.0)]
    still = drive(OPEN, wagon(10, 20), 0.0, 45.0)
    assert still == VehicleMove([(10.0, 20.0)], [45.0], (10.0, 20.0), 45.0, [], 0.0, False)


def test_a_turning_vehicle_swings_round_over_the_first_third_of_its_move() -> None:
    move = drive(OPEN, wagon(10, 20), 6.0, 90.0)
    assert abs(move.end_heading - 90.0) < 0.5  # it ends on its new heading ...
    assert move.headings[0] == 0.0 and len(move.path) > 3  # ... from its old one, along a curve
    assert move.end[0] > 10.0 + 3.0 and move.end[1] < 20.0  # it went up the table, then east
    turned = next(i for i, h in enumerate(move.headings) if abs(h - 90.0) < 0.5)
    x, y = move.path[turned]
    assert math.hypot(x - 10.0, y - 20.0) < 6.0 / 3 + 0.2  # the swing is done after about a third
    assert abs(move.distance - 6.0) < 0.05  # and it still drives its full speed


def test_blocked_by_names_the_obstacles_a_pose_overlaps() -> None:
    tmap = make_map(obstacles=(WALL,))
    assert blocked_by(tmap, wagon(10, 6), narrow_ditch=DITCH) == ["static:wall:w"]
    assert blocked_by(tmap, wagon(10, 6.75), narrow_ditch=DITCH) == []  # touching is not overlapping
    assert blocked_by(tmap, wagon(1, 10), 90.0, narrow_ditch=DITCH) == ["static:table-edge"]


@settings(max_examples=300, deadline=None)
@given(st.floats(-50, 50), st.floats(-50, 50), st.floats(0, 360), st.booleans())
def test_impact_speed_is_never_negative_and_ignores_which_body_is_first(vx: float, vy: float, angle: float,
                                                                         static: bool) -> None:
    n = (math.cos(math.radians(angle)), math.sin(math.radians(angle)))
    t = (-n[1], n[0])
    speed = impact_speed((vx, vy), n, t, static, RULES)
    assert speed >= 0.0
    assert impact_speed((-vx, -vy), (-n[0], -n[1]), (-t[0], -t[1]), static, RULES) == speed  # roles swapped
    assert impact_speed((vx, vy), n, (-t[0], -t[1]), static, RULES) == speed  # either tangent
    assert impact_speed((2 * vx, 2 * vy), n, t, static, RULES) >= speed  # faster is never softer


@settings(max_examples=25, deadline=None)
@given(st.floats(0.5, 12.0), st.floats(0.5, 12.0))
def test_head_on_impact_is_the_same_whichever_wagon_is_driven(a: float, b: float) -> None:
    first = only(drive(OPEN, wagon(10, 20), a, 0.0, [wagon(10, 16.5, 180.0, vy=b, name="b")]))
    second = only(drive(OPEN, wagon(10, 16.5, 180.0, name="b"), b, 180.0,
                                        [wagon(10, 20, vy=-a)]))
    assert first.impact_speed == second.impact_speed == pytest.approx(a + b, abs=2e-4)
    assert (first.facing_hit, first.other_facing_hit) == (second.other_facing_hit, second.facing_hit)


@settings(max_examples=25, deadline=None)
@given(st.floats(0.5, 20.0), st.floats(0.5, 20.0))
def test_a_faster_vehicle_never_hits_softer(s1: float, s2: float) -> None:
    lo, hi = sorted((s1, s2))
    walls = make_map(obstacles=(WALL,))
    soft, hard = (only(drive(walls, wagon(10, 7), s, 0.0)) for s in (lo, hi))
    assert soft.impact_speed <= hard.impact_speed
    assert hard.impact_speed == pytest.approx(2 * hi, abs=2e-4)
    crossing = wagon(9, 20, 90.0, vx=4.0, name="b", length=8.0)
    side = [only(drive(OPEN, wagon(10, 22.8), s, 0.0, [crossing])) for s in (lo, hi)]
    assert side[0].impact_speed <= side[1].impact_speed == pytest.approx(hi + 2.0, abs=2e-4)
    assert side[1].other_facing_hit == "side"


def test_same_inputs_give_the_same_move_even_interleaved() -> None:
    w, others = bench_bodies()
    first = drive(FIELD, w, 8.0, 90.0, others)
    drive(FIELD, w, 6.0, 45.0, others, push_characters=True)
    again = drive(FIELD, w, 8.0, 90.0, others)
    assert first == again and first.contacts  # the bench move does hit people on the road


def corners(x: float, y: float, heading: float, length: float, width: float) -> list[Point]:
    """The corners of a box centred on (x, y), its length along a compass heading."""
    fx, fy = math.sin(math.radians(heading)), -math.cos(math.radians(heading))
    rx, ry = -fy, fx
    return [(x + a * fx * length / 2 + b * rx * width / 2, y + a * fy * length / 2 + b * ry * width / 2)
            for a, b in ((1, 1), (1, -1), (-1, -1), (-1, 1))]


def overlap(poly: list[Point], square: list[Point]) -> float:
    """Penetration depth of two convex polygons (separating axis test); 0 or less when apart."""
    depth = math.inf
    for shape in (poly, square):
        for (ax, ay), (bx, by) in zip(shape, shape[1:] + shape[:1], strict=True):
            nx, ny = ay - by, bx - ax
            n = math.hypot(nx, ny)
            p = [(px * nx + py * ny) / n for px, py in poly]
            q = [(px * nx + py * ny) / n for px, py in square]
            depth = min(depth, min(max(p), max(q)) - max(min(p), min(q)))
    return depth


@settings(max_examples=60, deadline=None)
@given(st.floats(2, 34), st.floats(2, 34), st.integers(0, 359), st.floats(1, 16), st.booleans())
@example(2.0, 18.59375, 348, 7.0, False)  # a corner wedged at the table edge needed over 30 settling steps
def test_a_vehicle_never_ends_in_a_building_or_off_the_table(x: float, y: float, heading: int, speed: float,
                                                              crowd: bool) -> None:
    me = wagon(x, y, heading)
    assume(blocked_by(FIELD, me, narrow_ditch=DITCH) == [])
    others = bench_bodies()[1] if crowd else []
    move = drive(FIELD, me, speed, heading, others, turns=1.5)
    box = corners(*move.end, move.end_heading, 3.0, 2.0)
    assert all(-0.01 <= px <= FIELD.width + 0.01 and -0.01 <= py <= FIELD.height + 0.01 for px, py in box)
    for i, kind in enumerate(FIELD.tiles):
        if kind in ("building", "impassable"):
            tx, ty = i % FIELD.width, i // FIELD.width
            assert overlap(box, [(tx, ty), (tx + 1, ty), (tx + 1, ty + 1), (tx, ty + 1)]) < 0.01
    # nor in a wall, hedge or fence
    assert blocked_by(FIELD, wagon(*move.end, move.end_heading), narrow_ditch=DITCH) == []
    assert len(move.path) == len(move.headings) and move.end == move.path[-1]
    assert crowd or move.distance <= speed * 1.5 + 1e-3  # others may shove it further


def test_bench_hook_reports_the_figures() -> None:
    figures = bench_vehicle_move(RULES, 3)
    assert figures["bodies"] == 30 and 0.0 < figures["median_ms"] <= figures["p90_ms"]


def test_what_the_vehicle_already_touches_is_pushed_not_rammed() -> None:
    touching = drive(OPEN, wagon(10, 20), 4.0, 0.0, [wagon(10, 17.0, name="b")])
    assert touching.contacts == [] and touching.displaced["b"][1] < 17.0 - 1.5  # shoved up the table
    apart = drive(OPEN, wagon(10, 20), 4.0, 0.0, [wagon(10, 16.9, name="b")])
    assert [c.other for c in apart.contacts] == ["b"]  # a tenth of an inch away: a ram


def test_hard_going_halves_a_wagons_pace() -> None:
    # the same drive over open ground and over ploughland: with its centre on Hard Going a wagon
    # makes hard_going_pace of its speed (0.5 in the shipped vehicles.toml)
    field = OPEN
    plough = TerrainMap("plough", OPEN.width, OPEN.height, ["ploughland"] * (OPEN.width * OPEN.height), [])
    open_run = drive(field, wagon(10, 30), 6.0, 0.0)
    plough_run = drive(plough, wagon(10, 30), 6.0, 0.0)
    assert open_run.distance == pytest.approx(6.0, abs=1e-3)
    assert plough_run.distance == pytest.approx(6.0 * RULES.hard_going_pace, abs=1e-3)
    assert plough_run.end[1] == pytest.approx(30 - 6.0 * RULES.hard_going_pace, abs=1e-3)
