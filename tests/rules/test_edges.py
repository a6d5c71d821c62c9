"""Edge cases: melee pins, wipe-outs, Squire Valour, blocked push-backs, fords, buildings."""

from __future__ import annotations

import pytest

from game.rules.commands import Activate, Fight, Move
from game.rules.context import Rejected
from game.rules.engine import Accepted
from tests.rules.fixtures import make_engine, make_terrain, model, rect


def test_model_in_contact_may_not_move_away() -> None:
    eng = make_engine([model("r1", "red", "man_at_arms", 10, 10.5),
                       model("b1", "blue", "man_at_arms", 11, 10.5)], dice=[])
    eng.submit(Activate(side="red", model="r1"))
    res = eng.submit(Move(side="red", model="r1", path=((5.0, 10.5),)))
    assert isinstance(res, Rejected) and res.code == "in_melee"


def test_wiping_out_a_side_ends_the_game() -> None:
    eng = make_engine([model("r1", "red", "man_at_arms", 10, 10.5),
                       model("b1", "blue", "squire", 11, 10.5)], dice=[6, 6, 1, 1, 1, 1, 1, 1])
    eng.state.model("b1").health = 1
    eng.state.model("b1").drill = "thrust"
    eng.submit(Activate(side="red", model="r1"))
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    assert isinstance(res, Accepted)
    ended = [e for e in res.events if e.type == "game_ended"]
    assert ended and ended[0].winner == "red" and "wiped out" in ended[0].reason
    assert eng.state.sides["red"].valour == 2  # a Squire is worth 2


def test_blocked_push_back_stays_put() -> None:
    terrain = make_terrain(patches={"impassable": rect(12, 0, 12, 23)})
    eng = make_engine([model("r1", "red", "man_at_arms", 10, 10.5),
                       model("b1", "blue", "man_at_arms", 11, 10.5)], dice=[5, 1, 1, 2, 6],
                      terrain=terrain)
    eng.submit(Activate(side="red", model="r1"))
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    push = [e for e in res.events if e.type == "pushed_back"][0]
    assert push.blocked and eng.state.model("b1").x == 11


@pytest.mark.parametrize("kind,cost", [("ford", 8.0), ("building", 4.0), ("road", 4.0)])
def test_ford_is_hard_going_and_buildings_are_open_on_foot(kind: str, cost: float) -> None:
    terrain = make_terrain(patches={kind: rect(0, 0, 23, 23)})
    eng = make_engine([model("r1", "red", "man_at_arms", 5, 5.5),
                       model("b1", "blue", "man_at_arms", 20, 20.5)], dice=[], terrain=terrain)
    eng.submit(Activate(side="red", model="r1"))
    res = eng.submit(Move(side="red", model="r1", path=((9.0, 5.5),)))
    if cost > 6:
        assert isinstance(res, Rejected) and res.code == "too_far"
    else:
        assert isinstance(res, Accepted)
        assert [e for e in res.events if e.type == "moved"][0].cost == pytest.approx(cost)
