"""Straight-line queries on small hand-built TerrainMaps, with exact expected lengths."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.terrain import (
    TERRAIN_KINDS,
    Obstacle,
    TerrainMap,
    distance_to_obstacles,
    forget_map,
    obstacle_crossings,
    sight_blocked,
    terrain_runs,
    tiles_along,
    woods_depth,
)

R2 = math.sqrt(2)


def grid(*rows: str, obstacles: list[Obstacle] | None = None) -> TerrainMap:
    """A map from rows of letters: . open, r road, w woods, b building, x impassable, m marsh."""
    names = {".": "open", "r": "road", "w": "woods", "b": "building", "x": "impassable"}
    names["m"] = "marsh"
    tiles = [names[c] for row in rows for c in row]
    return TerrainMap("test", len(rows[0]), len(rows), tiles, obstacles=obstacles or [])


def approx_runs(runs: list[tuple[str, float, float]]) -> list[tuple[str, object, object]]:
    """Runs with approximate distances, for comparison."""
    return [(k, pytest.approx(s, abs=1e-9), pytest.approx(e, abs=1e-9)) for k, s, e in runs]


def wall(name: str, *pts: tuple[float, float], kind: str = "wall") -> Obstacle:
    """A low obstacle through the given points."""
    return Obstacle(name=name, kind=kind, points=pts, tall=False, width=0.5)


# --- terrain_runs ------------------------------------------------------------------------------


def test_horizontal_runs_are_merged_and_exact() -> None:
    tmap = grid("..ww.r", "......")
    assert terrain_runs(tmap, (0.5, 0.5), (5.5, 0.5)) == approx_runs(
        [("open", 0, 1.5), ("woods", 1.5, 3.5), ("open", 3.5, 4.5), ("road", 4.5, 5.0)]
    )


def test_vertical_and_reversed_runs() -> None:
    tmap = grid(".", "w", "w", ".")
    assert terrain_runs(tmap, (0.5, 3.75), (0.5, 0.25)) == approx_runs(
        [("open", 0, 0.75), ("woods", 0.75, 2.75), ("open", 2.75, 3.5)]
    )


def test_diagonal_runs_cross_whole_tiles() -> None:
    tmap = grid("w...", ".w..", "..b.", "....")
    assert terrain_runs(tmap, (0.5, 0.5), (3.5, 3.5)) == approx_runs(
        [("woods", 0, 1.5 * R2), ("building", 1.5 * R2, 2.5 * R2), ("open", 2.5 * R2, 3 * R2)]
    )


def test_shallow_diagonal_exact_lengths() -> None:
    # From (0, 0.5) to (4, 1.5): slope 1/4, crosses y = 1 at x = 2.
    tmap = grid("ww..", "...m")
    length = math.hypot(4, 1)
    assert terrain_runs(tmap, (0, 0.5), (4, 1.5)) == approx_runs(
        [("woods", 0, length / 2), ("open", length / 2, length * 3 / 4), ("marsh", length * 3 / 4, length)]
    )


def test_line_through_a_corner_does_not_touch_the_diagonal_neighbours() -> None:
    tmap = grid(".b", "b.")
    runs = terrain_runs(tmap, (0.25, 0.25), (1.75, 1.75))
    assert runs == approx_runs([("open", 0, 1.5 * R2)])
    assert not sight_blocked(tmap, (0.25, 0.25), (1.75, 1.75))


def test_off_table_parts_are_impassable() -> None:
    tmap = grid("....")
    assert terrain_runs(tmap, (-1.0, 0.5), (5.0, 0.5)) == approx_runs(
        [("impassable", 0, 1), ("open", 1, 5), ("impassable", 5, 6)]
    )
    assert terrain_runs(tmap, (-3, -3), (-1, -2)) == approx_runs([("impassable", 0, math.sqrt(5))])
    # The right/bottom edge lines belong to the (off-table) tile beyond, as in kind_at.
    assert terrain_runs(tmap, (0, 1.0), (4, 1.0)) == approx_runs([("impassable", 0, 4)])
    assert terrain_runs(tmap, (0, 0.0), (4, 0.0)) == approx_runs([("open", 0, 4)])


def test_zero_length_segment_reports_the_tile_under_it() -> None:
    tmap = grid(".w")
    assert terrain_runs(tmap, (1.5, 0.5), (1.5, 0.5)) == [("woods", 0.0, 0.0)]
    assert woods_depth(tmap, (1.5, 0.5), (1.5, 0.5)) == 0.0


# --- woods_depth and sight_blocked ---------------------------------------------------------------


def test_woods_depth_straight_and_diagonal() -> None:
    tmap = grid(".ww.", ".ww.", "....")
    assert woods_depth(tmap, (0.0, 0.5), (4.0, 0.5)) == pytest.approx(2.0)
    assert woods_depth(tmap, (0.0, 0.0), (3.0, 3.0)) == pytest.approx(R2)  # only tile (1, 1)
    assert woods_depth(tmap, (0.5, 2.5), (3.5, 2.5)) == 0.0


def test_sight_blocked_by_building_and_impassable_between() -> None:
    tmap = grid("..b..", "..x..", ".....")
    assert sight_blocked(tmap, (0.5, 0.5), (4.5, 0.5))
    assert sight_blocked(tmap, (0.5, 1.5), (4.5, 1.5))
    assert not sight_blocked(tmap, (0.5, 2.5), (4.5, 2.5))


def test_sight_ignores_the_end_tiles() -> None:
    tmap = grid("b.b", "...")
    assert not sight_blocked(tmap, (0.5, 0.5), (2.5, 0.5))  # from one building to another
    assert not sight_blocked(tmap, (0.5, 0.5), (0.9, 0.1))  # inside one building tile


def test_sight_on_a_tile_edge_ignores_the_tile_it_starts_in() -> None:
    tmap = grid(".b..")
    assert not sight_blocked(tmap, (2.0, 0.5), (3.5, 0.5))  # on the building's east edge
    assert sight_blocked(tmap, (0.5, 0.5), (3.5, 0.5))


# --- obstacles ---------------------------------------------------------------------------------


def test_crossings_are_sorted_with_exact_distances() -> None:
    far = wall("far", (6, 0), (6, 4))
    near = wall("near", (2, 0), (2, 4), kind="hedge")
    tmap = grid("........", obstacles=[far, near])
    hits = obstacle_crossings(tmap, (0, 1), (8, 1))
    assert [(round(d, 9), o.name) for d, o in hits] == [(2.0, "near"), (6.0, "far")]
    back = obstacle_crossings(tmap, (8, 1), (0, 1))
    assert [(round(d, 9), o.name) for d, o in back] == [(2.0, "far"), (6.0, "near")]


def test_diagonal_crossing_distance() -> None:
    tmap = grid("....", obstacles=[wall("w", (0, 2), (4, 2))])
    ((d, obs),) = obstacle_crossings(tmap, (0, 0), (4, 4))
    assert d == pytest.approx(2 * R2) and obs.name == "w"


def test_obstacle_crossed_twice_appears_twice() -> None:
    u_shape = wall("pen", (1, 0), (1, 3), (3, 3), (3, 0), kind="fence")
    tmap = grid("....", obstacles=[u_shape])
    hits = obstacle_crossings(tmap, (0, 1), (4, 1))
    assert [round(d, 9) for d, _ in hits] == [1.0, 3.0]
    assert all(o is u_shape for _, o in hits)


def test_crossing_through_a_polyline_vertex_counts_once() -> None:
    bent = wall("bent", (2, 0), (2, 2), (4, 4))
    tmap = grid("....", obstacles=[bent])
    hits = obstacle_crossings(tmap, (0, 2), (4, 2))
    assert [round(d, 9) for d, _ in hits] == [2.0]


def test_no_crossing_when_parallel_short_or_missing() -> None:
    tmap = grid("....", obstacles=[wall("w", (0, 2), (4, 2))])
    assert obstacle_crossings(tmap, (0, 1), (4, 1)) == []  # parallel
    assert obstacle_crossings(tmap, (0, 2), (4, 2)) == []  # along it
    assert obstacle_crossings(tmap, (1, 0), (1, 1.9)) == []  # stops short
    assert obstacle_crossings(grid("."), (0, 0), (1, 1)) == []


def test_index_follows_obstacle_list_changes() -> None:
    tmap = grid("....")
    assert obstacle_crossings(tmap, (0, 1), (4, 1)) == []
    tmap.obstacles.append(wall("new", (2, 0), (2, 4)))
    assert len(obstacle_crossings(tmap, (0, 1), (4, 1))) == 1
    tmap.obstacles[0] = wall("moved", (3, 0), (3, 4))
    forget_map(tmap)
    assert obstacle_crossings(tmap, (0, 1), (4, 1))[0][0] == pytest.approx(3.0)


def test_distance_to_obstacles() -> None:
    a = wall("a", (0, 0), (4, 0))
    b = wall("b", (6, 3), (6, 5))
    tmap = grid("........", obstacles=[a, b])
    assert distance_to_obstacles(tmap, (2, 1)) == (pytest.approx(1.0), a)
    assert distance_to_obstacles(tmap, (7, 4)) == (pytest.approx(1.0), b)
    d, obs = distance_to_obstacles(tmap, (6, 7))
    assert d == pytest.approx(2.0) and obs is b  # past the end: distance to the end point
    assert distance_to_obstacles(grid("."), (0, 0)) == (math.inf, None)


# --- properties --------------------------------------------------------------------------------

coords = st.floats(min_value=-3, max_value=9, allow_nan=False, allow_infinity=False,
                   allow_subnormal=False)  # a denormal offset underflows when re-sampled
maps = st.builds(
    lambda w, h, seed: TerrainMap(
        "h", w, h, [TERRAIN_KINDS[(seed * (i + 7) ** 2) % len(TERRAIN_KINDS)] for i in range(w * h)]
    ),
    st.integers(1, 6),
    st.integers(1, 6),
    st.integers(0, 10_000),
)


@settings(max_examples=400, deadline=None)
@given(maps, coords, coords, coords, coords)
def test_runs_are_contiguous_and_sum_to_the_length(tmap, ax, ay, bx, by) -> None:
    runs = terrain_runs(tmap, (ax, ay), (bx, by))
    length = math.hypot(bx - ax, by - ay)
    assert runs[0][1] == 0.0
    assert runs[-1][2] == pytest.approx(length, abs=1e-9)
    assert sum(e - s for _, s, e in runs) == pytest.approx(length, abs=1e-9)
    for (k1, _, e1), (k2, s2, _) in zip(runs, runs[1:], strict=False):
        assert e1 == s2 and k1 != k2
    for kind, s, e in runs:
        assert e >= s and kind in TERRAIN_KINDS
        if e - s > 1e-6:  # just inside both ends, the run really is that kind of ground
            for t in ((s + (e - s) * 0.001) / length, (s + (e - s) * 0.999) / length):
                assert tmap.kind_at(ax + (bx - ax) * t, ay + (by - ay) * t) == kind


@settings(max_examples=200, deadline=None)
@given(maps, coords, coords, coords, coords)
def test_woods_and_sight_agree_with_the_tile_walk(tmap, ax, ay, bx, by) -> None:
    cells = tiles_along(tmap, (ax, ay), (bx, by))
    woods = sum(e - s for k, s, e in cells if k == "woods")
    assert woods_depth(tmap, (ax, ay), (bx, by)) == pytest.approx(woods, abs=1e-9)
    inner = [k for k, _, _ in cells[1:-1]]
    assert sight_blocked(tmap, (ax, ay), (bx, by)) == any(k in ("building", "impassable") for k in inner)
