"""The bolting-steed simulation on small hand-built tables: walls, buildings, models, the table edge."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import game.physics
from game.physics import BoltBody, BoltResult, bearing_vector, simulate_bolt
from game.physics.outline import blocking_edges, tile_window
from game.terrain.terrain_map import Obstacle, TerrainMap

Point = tuple[float, float]
R = 0.5  # the steed's radius


def make_map(width: int = 20, height: int = 20, buildings: tuple[tuple[int, int, int, int], ...] = (),
             obstacles: tuple[Obstacle, ...] = (), kind: str = "building") -> TerrainMap:
    """An open table with building rectangles given as inclusive tile ranges (x0, y0, x1, y1)."""
    tiles = ["open"] * (width * height)
    for x0, y0, x1, y1 in buildings:
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                tiles[y * width + x] = kind
    return TerrainMap("test", width, height, tiles, list(obstacles))


def wall(name: str, *points: Point, tall: bool, width: float = 0.5) -> Obstacle:
    """A wall along a polyline."""
    return Obstacle(name=name, kind="wall", points=tuple(points), tall=tall, width=width)


def ahead(start: Point, bearing: float, dist: float) -> Point:
    """The point dist inches from start on a compass bearing (0 = negative y, clockwise)."""
    rad = math.radians(bearing)
    return start[0] + dist * math.sin(rad), start[1] - dist * math.cos(rad)


def seg_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from p to segment a-b."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    len2 = ex * ex + ey * ey
    u = 0.0 if len2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / len2))
    return math.hypot(p[0] - a[0] - u * ex, p[1] - a[1] - u * ey)


def wall_clearance(p: Point, obs: Obstacle) -> float:
    """Distance from p to the surface of an obstacle's body."""
    return min(seg_distance(p, a, b) for a, b in obs.segments()) - obs.width / 2


def building_clearance(tmap: TerrainMap, p: Point) -> float:
    """Distance from p to the nearest building/impassable tile (negative is not measured: 0 inside)."""
    best = math.inf
    for i, kind in enumerate(tmap.tiles):
        if kind in ("building", "impassable"):
            x, y = i % tmap.width, i // tmap.width
            dx = max(x - p[0], 0.0, p[0] - x - 1)
            dy = max(y - p[1], 0.0, p[1] - y - 1)
            best = min(best, math.hypot(dx, dy))
    return best


def samples(path: list[Point], step: float = 0.05) -> list[Point]:
    """Points along a path every `step` inches, vertices included."""
    out = [path[0]]
    for a, b in zip(path, path[1:], strict=False):
        n = max(1, math.ceil(math.dist(a, b) / step))
        out.extend((a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(1, n + 1))
    return out


def path_length(path: list[Point]) -> float:
    """Length of a polyline."""
    return sum(math.dist(a, b) for a, b in zip(path, path[1:], strict=False))


def side(p: Point, a: Point, b: Point) -> float:
    """Signed side of p relative to the line a->b."""
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


# --- open ground -------------------------------------------------------------------------------


@pytest.mark.parametrize("roll", range(12))
def test_open_ground_runs_straight_the_full_distance(roll: int) -> None:
    start = (15.0, 15.0)
    bearing = (roll % 12) * 30
    res = simulate_bolt(make_map(30, 30), start, bearing, 10.0)
    expected = ahead(start, bearing, 10.0)
    assert res.end == pytest.approx(expected, abs=1e-3)
    assert res.path == [start, res.end]
    assert res.distance == pytest.approx(10.0, abs=1e-4)
    assert (res.jumps, res.jump_at, res.left_table, res.exit_point) == ([], [], False, None)


def test_bearing_vector_matches_the_clock_and_is_exact_on_axes() -> None:
    assert bearing_vector(0) == (0.0, -1.0)
    assert bearing_vector(90) == (1.0, 0.0)
    assert bearing_vector(180) == (0.0, 1.0)
    assert bearing_vector(270) == (-1.0, 0.0)
    assert bearing_vector(30) == pytest.approx((0.5, -math.sqrt(3) / 2))


def test_zero_distance_stays_put() -> None:
    res = simulate_bolt(make_map(), (3.0, 4.0), 90, 0.0)
    assert res == BoltResult([(3.0, 4.0)], [], False, None, (3.0, 4.0), 0.0, [])


def test_rivers_and_rough_ground_do_not_stop_a_bolting_steed() -> None:
    tmap = make_map(buildings=((0, 8, 19, 9),), kind="river")
    res = simulate_bolt(tmap, (10.0, 15.0), 0, 10.0)
    assert res.end == pytest.approx((10.0, 5.0), abs=1e-3)


# --- low and tall obstacles ----------------------------------------------------------------------


def test_low_wall_across_the_path_is_jumped() -> None:
    hedge = wall("hedge", (0.0, 10.0), (20.0, 10.0), tall=False, width=1.0)
    res = simulate_bolt(make_map(obstacles=(hedge,)), (10.0, 15.0), 0, 10.0)
    assert res.jumps == ["hedge"]
    assert res.jump_at == [pytest.approx(5.0, abs=1e-3)]
    assert res.end == pytest.approx((10.0, 5.0), abs=1e-3)


def test_jumps_are_listed_in_order_and_each_crossing_counts() -> None:
    obstacles = (
        wall("near", (0.0, 12.0), (20.0, 12.0), tall=False),
        wall("far", (0.0, 6.0), (20.0, 6.0), tall=False),
        wall("zigzag", (0.0, 9.0), (8.0, 9.0), (8.0, 7.0), (20.0, 7.0), tall=False),
    )
    res = simulate_bolt(make_map(obstacles=obstacles), (4.0, 15.0), 30, 12.0)
    assert res.jumps == ["near", "zigzag", "zigzag", "zigzag", "far"]  # in, across the jog, out
    assert res.jump_at == sorted(res.jump_at)


@given(st.floats(0.0, 1.0), st.sampled_from([0, 30, 150, 180, 210, 330]))
@settings(max_examples=60, deadline=None)
def test_a_low_wall_is_counted_once_wherever_the_steps_fall(offset: float, bearing: int) -> None:
    hedge = wall("hedge", (0.0, 10.0), (20.0, 10.0), tall=False)
    start_y = 14.0 + offset if bearing in (0, 30, 330) else 6.0 - offset
    res = simulate_bolt(make_map(obstacles=(hedge,)), (10.0, start_y), bearing, 9.0)
    assert res.jumps == ["hedge"]


def test_tall_wall_at_an_angle_is_slid_along_not_crossed() -> None:
    a, b = (0.5, 2.0), (15.5, 8.0)
    tall = wall("garden wall", a, b, tall=True)
    start = (8.0, 12.0)
    res = simulate_bolt(make_map(obstacles=(tall,)), start, 0, 10.0)
    assert res.jumps == []
    assert res.distance == pytest.approx(10.0, abs=1e-3)
    assert path_length(res.path) == pytest.approx(10.0, abs=0.05)
    assert side(res.end, a, b) * side(start, a, b) > 0  # still on the near side
    assert all(wall_clearance(p, tall) >= R - 0.01 for p in samples(res.path))
    # It slid towards the lower end of the wall (west), and ends against it.
    assert res.end[0] < start[0] - 2.0
    assert wall_clearance(res.end, tall) == pytest.approx(R, abs=0.03)


def test_steed_goes_round_the_end_of_a_short_tall_wall() -> None:
    tall = wall("wall", (8.0, 10.0), (13.0, 10.0), tall=True)
    res = simulate_bolt(make_map(obstacles=(tall,)), (10.0, 15.0), 0, 12.0)
    assert res.distance == pytest.approx(12.0, abs=1e-3)
    assert res.end[1] < 10.0 and res.end[0] > 13.0  # past the wall, on its clockwise side
    assert all(wall_clearance(p, tall) >= R - 0.01 for p in samples(res.path))


# --- buildings -----------------------------------------------------------------------------------


def test_building_outline_is_merged_into_continuous_edges() -> None:
    tmap = make_map(buildings=((8, 6, 12, 8),))
    edges = blocking_edges(tmap, tile_window(tmap, 10.0, 10.0, 30.0))
    assert sorted(edges) == sorted([
        ((8.0, 6.0), (8.0, 9.0)), ((13.0, 6.0), (13.0, 9.0)),
        ((8.0, 6.0), (13.0, 6.0)), ((8.0, 9.0), (13.0, 9.0)),
    ])


def test_building_on_the_table_edge_has_no_wall_along_the_edge() -> None:
    tmap = make_map(buildings=((0, 0, 2, 1),), kind="impassable")
    edges = blocking_edges(tmap, tile_window(tmap, 0.0, 0.0, 30.0))
    assert sorted(edges) == [((0.0, 2.0), (3.0, 2.0)), ((3.0, 0.0), (3.0, 2.0))]


@pytest.mark.parametrize("bearing", [0, 30, 330])
def test_building_in_the_way_is_skirted_and_never_entered(bearing: int) -> None:
    tmap = make_map(buildings=((8, 6, 12, 8),))
    res = simulate_bolt(tmap, (10.0, 15.0), bearing, 12.0)
    assert res.distance == pytest.approx(12.0, abs=1e-3)
    assert tmap.kind_at(*res.end) != "building"
    assert all(building_clearance(tmap, p) >= R - 0.01 for p in samples(res.path))
    assert res.end[1] < 9.0  # it got past the front of the building


def test_head_on_into_a_building_turns_clockwise_and_slides_smoothly() -> None:
    tmap = make_map(buildings=((2, 6, 17, 8),))
    res = simulate_bolt(tmap, (10.0, 15.0), 0, 10.0)
    # Straight up to the wall, then east along it: the merged wall has no bumps to stop at.
    assert res.path == [(10.0, 15.0), (10.0, 9.5), res.end]
    assert res.end == pytest.approx((14.5, 9.5), abs=1e-3)


def test_wedged_in_a_corner_stops_where_it_stands() -> None:
    # A U-shaped building open to the south; the steed runs into the pocket.
    tmap = make_map(buildings=((6, 4, 13, 5), (6, 6, 7, 10), (12, 6, 13, 10)))
    res = simulate_bolt(tmap, (9.5, 15.0), 0, 12.0)
    # Up to the back of the pocket, clockwise along it, and wedged in the inner corner.
    assert res.end == pytest.approx((11.5, 6.5), abs=0.02)
    assert res.distance == pytest.approx(8.5 + 2.0, abs=0.02)
    assert not res.left_table
    assert building_clearance(tmap, res.end) >= R - 0.01
    assert tmap.kind_at(*res.end) == "open"


# --- the table edge ------------------------------------------------------------------------------


def test_running_off_the_table_stops_at_the_edge() -> None:
    res = simulate_bolt(make_map(10, 10), (5.0, 2.0), 0, 10.0)
    assert res.left_table
    assert res.exit_point == (5.0, 0.0)
    assert res.end == res.exit_point and res.path[-1] == res.exit_point
    assert res.distance == pytest.approx(2.0, abs=1e-4)


def test_running_off_the_table_at_an_angle() -> None:
    res = simulate_bolt(make_map(20, 20), (3.0, 10.0), 300, 10.0)
    assert res.left_table
    assert res.exit_point is not None
    assert res.exit_point[0] == 0.0
    assert res.exit_point[1] == pytest.approx(10.0 - 3.0 * math.tan(math.radians(30)), abs=1e-3)
    assert res.distance == pytest.approx(3.0 / math.cos(math.radians(30)), abs=1e-3)


def test_ending_exactly_on_the_edge_is_still_on_the_table() -> None:
    res = simulate_bolt(make_map(30, 30), (10.0, 25.0), 270, 10.0)
    assert not res.left_table and res.exit_point is None
    assert res.end == (0.0, 25.0)


# --- other models --------------------------------------------------------------------------------


def test_a_model_in_the_way_is_not_passed_through() -> None:
    foot = BoltBody(10.0, 11.0, 0.5)
    res = simulate_bolt(make_map(), (10.0, 15.0), 0, 10.0, others=[foot])
    assert res.distance == pytest.approx(10.0, abs=1e-3)
    assert res.end[1] < 10.0  # it got past
    assert all(math.dist(p, (foot.x, foot.y)) >= R + foot.radius - 0.01 for p in samples(res.path))


def test_a_mounted_model_as_several_circles_blocks_the_steed() -> None:
    horse = [BoltBody(9.0 + 0.5 * i, 10.0, 0.6) for i in range(5)]  # a base lying across the path
    res = simulate_bolt(make_map(), (10.0, 15.0), 0, 10.0, others=horse)
    for p in samples(res.path):
        assert all(math.dist(p, (b.x, b.y)) >= R + b.radius - 0.01 for b in horse)


# --- determinism ---------------------------------------------------------------------------------


def test_same_inputs_give_the_same_result_even_interleaved() -> None:
    tmap = make_map(buildings=((8, 6, 12, 8),), obstacles=(wall("w", (2.0, 3.0), (6.0, 12.0), tall=True),))
    others = [BoltBody(14.0, 12.0, 0.5)]
    first = [simulate_bolt(tmap, (10.0, 15.0), b * 30, 10.0, others) for b in range(12)]
    second = [simulate_bolt(tmap, (10.0, 15.0), b * 30, 10.0, others) for b in reversed(range(12))]
    assert first == second[::-1]


def test_a_shorter_bolt_is_the_start_of_a_longer_one() -> None:
    tmap = make_map(buildings=((8, 6, 12, 8),))
    full = simulate_bolt(tmap, (10.0, 15.0), 330, 12.0)
    for dist in (3.0, 6.5, 8.25, 11.0):
        part = simulate_bolt(tmap, (10.0, 15.0), 330, dist)
        assert part.path[:-1] == full.path[: len(part.path) - 1]
        assert part.distance == pytest.approx(dist, abs=1e-4)


# --- properties ----------------------------------------------------------------------------------

TALL = (
    wall("a", (3.0, 4.0), (9.0, 7.0), tall=True),
    wall("b", (14.0, 3.0), (14.0, 10.0), (19.0, 12.0), tall=True, width=1.0),
    wall("c", (4.0, 18.0), (11.0, 15.5), tall=True, width=0.25),
)
HEDGE = wall("hedge", (1.0, 12.0), (12.0, 11.0), tall=False)
PROP_MAP = make_map(24, 24, buildings=((15, 15, 18, 19), (6, 9, 7, 9)), obstacles=(*TALL, HEDGE))


@given(
    x=st.floats(0.0, 24.0), y=st.floats(0.0, 24.0),
    bearing=st.one_of(st.integers(0, 11).map(lambda r: r * 30.0), st.floats(0.0, 360.0)),
    distance=st.floats(0.5, 14.0),
)
@settings(max_examples=200, deadline=None)
def test_random_bolts_never_end_in_a_wall_and_never_overrun(x: float, y: float, bearing: float,
                                                            distance: float) -> None:
    start = (x, y)
    assume(all(wall_clearance(start, w) >= R for w in TALL))
    assume(building_clearance(PROP_MAP, start) >= R)
    res = simulate_bolt(PROP_MAP, start, bearing, distance)
    assert res == simulate_bolt(PROP_MAP, start, bearing, distance)
    assert res.distance <= distance + 1e-4
    assert path_length(res.path) <= distance + 0.2
    assert res.end == res.path[-1] and res.path[0] == (round(x, 4), round(y, 4))
    for p in samples(res.path, 0.1):
        assert all(wall_clearance(p, w) >= R - 0.02 for w in TALL)
        assert building_clearance(PROP_MAP, p) >= R - 0.02
    assert PROP_MAP.kind_at(*res.end) != "building" or res.left_table
    assert set(res.jumps) <= {"hedge"}
    if res.left_table:
        assert res.exit_point == res.end
        ex, ey = res.end
        assert ex in (0.0, 24.0) or ey in (0.0, 24.0)
    else:
        assert res.exit_point is None
        assert PROP_MAP.on_table(*res.end)


def test_physics_package_imports_neither_pygame_nor_random() -> None:
    for path in Path(game.physics.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.split(".")[0] in ("pygame", "random") for n in names), path
