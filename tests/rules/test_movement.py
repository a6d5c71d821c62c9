"""Movement in inches: Hard Going, obstacles, bases, and rejections that change nothing (§4)."""

from __future__ import annotations

import pytest

from game.rules.commands import Activate, Move
from game.rules.context import Rejected
from game.rules.engine import Accepted
from tests.rules.fixtures import make_engine, make_terrain, model, rect, wall


def _ready(models, terrain=None, dice=None):  # type: ignore[no-untyped-def]
    eng = make_engine(models, dice=dice or [], terrain=terrain)
    first = models[0]
    assert isinstance(eng.submit(Activate(side=first.side, model=first.id)), Accepted)
    return eng


def _move(eng, mid, *path, gambit=None):  # type: ignore[no-untyped-def]
    return eng.submit(Move(side=eng.state.model(mid).side, model=mid, path=tuple(path),
                           gambit=gambit))


def test_open_ground_full_move() -> None:
    eng = _ready([model("r1", "red", "captain", 5.5, 5.5), model("b1", "blue", "captain", 20, 20)])
    res = _move(eng, "r1", (11.5, 5.5))
    assert isinstance(res, Accepted)
    assert (eng.state.model("r1").x, eng.state.model("r1").y) == (11.5, 5.5)
    moved = [e for e in res.events if e.type == "moved"][0]
    assert moved.cost == pytest.approx(6.0)


def test_too_far_is_rejected_and_changes_nothing() -> None:
    eng = _ready([model("r1", "red", "captain", 5.5, 5.5), model("b1", "blue", "captain", 20, 20)])
    before = eng.state.digest()
    res = _move(eng, "r1", (12.0, 5.5))
    assert isinstance(res, Rejected) and res.code == "too_far"
    assert "6.5" in res.reason and "6.0" in res.reason
    assert eng.state.digest() == before


def test_hard_going_costs_double() -> None:
    terrain = make_terrain(patches={"woods": rect(8, 0, 23, 23)})
    eng = _ready([model("r1", "red", "captain", 5.0, 5.5), model("b1", "blue", "captain", 20, 20)],
                 terrain)
    # 3" of open then 1.5" of woods (costing 3") = 6"
    assert isinstance(_move(eng, "r1", (9.5, 5.5)), Accepted)
    eng2 = _ready([model("r1", "red", "captain", 5.0, 5.5), model("b1", "blue", "captain", 20, 20)],
                  terrain)
    res = _move(eng2, "r1", (9.7, 5.5))
    assert isinstance(res, Rejected) and res.code == "too_far"


def test_low_obstacle_costs_two_inches_on_foot() -> None:
    terrain = make_terrain(obstacles=[wall("Low wall", (8.0, 0.0), (8.0, 24.0))])
    eng = _ready([model("r1", "red", "captain", 5.0, 5.5), model("b1", "blue", "captain", 20, 20)],
                 terrain)
    assert isinstance(_move(eng, "r1", (9.0, 5.5)), Accepted)  # 4" + 2" for the wall
    eng2 = _ready([model("r1", "red", "captain", 5.0, 5.5), model("b1", "blue", "captain", 20, 20)],
                  terrain)
    assert isinstance(_move(eng2, "r1", (9.2, 5.5)), Rejected)


def test_tall_obstacle_needs_climb() -> None:
    terrain = make_terrain(obstacles=[wall("Garden wall", (8.0, 0.0), (8.0, 24.0), tall=True)])
    eng = _ready([model("r1", "red", "captain", 5.0, 5.5), model("b1", "blue", "captain", 20, 20)],
                 terrain)
    res = _move(eng, "r1", (9.0, 5.5))
    assert isinstance(res, Rejected) and res.code == "needs_climb"
    assert "Climb" in res.reason


def test_cannot_end_on_an_obstacle() -> None:
    terrain = make_terrain(obstacles=[wall("Ditch", (8.0, 0.0), (8.0, 24.0), "ditch", width=2.0)])
    eng = _ready([model("r1", "red", "captain", 5.0, 5.5), model("b1", "blue", "captain", 20, 20)],
                 terrain)
    res = _move(eng, "r1", (8.5, 5.5))
    assert isinstance(res, Rejected) and res.code == "bad_position" and "ditch" in res.reason


def test_river_needs_river_crossing_and_impassable_blocks() -> None:
    terrain = make_terrain(patches={"river": rect(8, 0, 8, 23), "impassable": rect(0, 10, 23, 10)})
    eng = _ready([model("r1", "red", "captain", 5.0, 5.5), model("b1", "blue", "captain", 20, 20)],
                 terrain)
    res = _move(eng, "r1", (10.0, 5.5))
    assert isinstance(res, Rejected) and res.code == "needs_river_crossing"
    res = _move(eng, "r1", (5.0, 11.5))
    assert isinstance(res, Rejected) and res.code == "impassable"


def test_bases_may_not_overlap_or_pass_through_enemies() -> None:
    eng = _ready([model("r1", "red", "captain", 5.0, 5.5), model("r2", "red", "billman", 9.0, 9.0,
                  spear="r1"), model("b1", "blue", "captain", 8.0, 5.5)])
    res = _move(eng, "r1", (8.6, 9.0))
    assert isinstance(res, Rejected) and "overlap" in res.reason
    res = _move(eng, "r1", (10.0, 5.5))
    assert isinstance(res, Rejected) and res.code == "blocked_by_model"


def test_one_move_per_activation_and_off_table() -> None:
    eng = _ready([model("r1", "red", "captain", 1.0, 5.5), model("b1", "blue", "captain", 20, 20)])
    res = _move(eng, "r1", (0.2, 5.5))
    assert isinstance(res, Rejected) and "off the table" in res.reason
    assert isinstance(_move(eng, "r1", (3.0, 5.5)), Accepted)
    res = _move(eng, "r1", (4.0, 5.5))
    assert isinstance(res, Rejected) and res.code == "already_moved"


def test_waypoints_route_around() -> None:
    terrain = make_terrain(patches={"impassable": rect(8, 3, 8, 8)})
    eng = _ready([model("r1", "red", "captain", 6.5, 7.5), model("b1", "blue", "captain", 20, 20)],
                 terrain)
    assert isinstance(_move(eng, "r1", (10.0, 7.5)), Rejected)
    res = _move(eng, "r1", (7.4, 9.6), (9.6, 9.6))
    assert isinstance(res, Accepted)
