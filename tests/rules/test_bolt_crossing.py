"""Where a bolting horse's path crosses a low obstacle (`rules/bolting.py::crossing`, §9.10b), on
pinned positions: the first crossing beyond the last jump, measured along a bending path, and the
path point nearest the obstacle when the path never crosses it. A bolt whose simulated run does not
say where it jumped is settled by it, at the same spot as one that does."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from game.physics.bolt import BoltResult
from game.rules import steeds
from game.rules.bolting import crossing
from game.rules.context import Act
from game.rules.dice import FixedDice
from game.rules.steeds import horse_bolts
from tests.rules.fixtures import make_engine, make_terrain, model, wall

EAST = 3  # d12 clock: 3 o'clock is a bearing of 90 degrees
WALL = wall("Low wall", (14.0, 0.0), (14.0, 24.0))
SHORT_WALL = wall("Stub", (14.0, 0.0), (14.0, 10.0))  # ends 2" short of the line y = 12


def test_a_straight_run_crosses_where_the_wall_stands() -> None:
    tmap = make_terrain(obstacles=[WALL])
    where, run = crossing(tmap, [(8.0, 12.0), (18.0, 12.0)], WALL, 0.0)
    assert where == pytest.approx((14.0, 12.0)) and run == pytest.approx(6.0)


def test_the_distance_is_measured_along_every_leg_of_a_bending_path() -> None:
    tmap = make_terrain(obstacles=[WALL])
    path = [(8.0, 12.0), (12.0, 12.0), (12.0, 16.0), (18.0, 16.0)]
    where, run = crossing(tmap, path, WALL, 0.0)
    assert where == pytest.approx((14.0, 16.0)) and run == pytest.approx(10.0)


def test_a_second_crossing_of_the_same_wall_is_found_beyond_the_first() -> None:
    tmap = make_terrain(obstacles=[WALL])
    path = [(10.0, 12.0), (16.0, 12.0), (16.0, 14.0), (10.0, 14.0)]  # over, round and back over
    first = crossing(tmap, path, WALL, 0.0)
    second = crossing(tmap, path, WALL, first[1])
    assert first == (pytest.approx((14.0, 12.0)), pytest.approx(4.0))
    assert second == (pytest.approx((14.0, 14.0)), pytest.approx(10.0))


def test_a_path_that_misses_the_wall_stands_in_its_point_nearest_the_wall() -> None:
    tmap = make_terrain(obstacles=[SHORT_WALL])
    path = [(8.0, 12.0), (13.0, 12.0), (18.0, 12.0)]
    where, run = crossing(tmap, path, SHORT_WALL, 0.0)
    assert where == (13.0, 12.0) and run == pytest.approx(5.0)
    assert crossing(tmap, path, SHORT_WALL, 6.0) == ((18.0, 12.0), pytest.approx(10.0))  # only later points


def _fall_at_the_wall(monkeypatch: pytest.MonkeyPatch | None) -> tuple[Any, Any]:
    """A rider bolting east into the low wall who falls at it (Jump test 1, then 6 on his feet)."""
    if monkeypatch is not None:  # the simulated run names the wall but not where it was jumped
        real = steeds.simulate_bolt

        def without_jump_at(*args: Any, **kw: Any) -> BoltResult:
            return dataclasses.replace(real(*args, **kw), jump_at=[])

        monkeypatch.setattr(steeds, "simulate_bolt", without_jump_at)
    rider = model("r1", "red", "man_at_arms", 8.0, 12.0, steed="warhorse", steed_health=1)
    eng = make_engine([rider, model("b1", "blue", "billman", 2.0, 22.0)], dice=[EAST, 1, 6],
                      terrain=make_terrain(obstacles=[WALL]))
    assert isinstance(eng.fixed_dice, FixedDice)
    act = Act(eng.table, eng.state, eng.fixed_dice)
    r1 = act.state.model("r1")
    return horse_bolts(act, r1), r1


def test_a_run_that_does_not_say_where_it_jumped_falls_at_the_crossing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    recorded, rider = _fall_at_the_wall(None)
    found, found_rider = _fall_at_the_wall(monkeypatch)
    assert found.jumps == ["Low wall"] and not found.kept_seat
    assert found.path[-1] == pytest.approx((14.0, 12.0))
    assert [c for p in found.path for c in p] == pytest.approx([c for p in recorded.path for c in p])
    assert (found_rider.x, found_rider.y) == pytest.approx((rider.x, rider.y))
    assert found_rider.steed is None and 13.0 < found_rider.x < 13.5
