"""Foot Movement Gambits with pinned dice: success, Mishap and Calamity (§4)."""

from __future__ import annotations

import pytest

from game.rules.commands import Activate, EndActivation, Move
from game.rules.context import Rejected
from game.rules.engine import Accepted
from tests.rules.fixtures import make_engine, make_terrain, model, rect, wall


def _setup(dice, terrain=None, extra=()):  # type: ignore[no-untyped-def]
    models = [model("r1", "red", "man_at_arms", 5.0, 5.5), *extra,
              model("b1", "blue", "archer", 13.0, 5.5)]
    eng = make_engine(models, dice=dice, terrain=terrain)
    assert isinstance(eng.submit(Activate(side="red", model="r1")), Accepted)
    return eng


def _types(res):  # type: ignore[no-untyped-def]
    return [e.type for e in res.events]


def test_charge_success_adds_three_inches_into_contact() -> None:
    eng = _setup([4])
    res = eng.submit(Move(side="red", model="r1", path=((12.0, 5.5),), gambit="charge"))
    assert isinstance(res, Accepted)
    g = [e for e in res.events if e.type == "gambit_rolled"][0]
    assert g.outcome == "success" and g.bonus == 3.0
    assert eng.state.model("r1").x == pytest.approx(12.0)


def test_charge_must_end_in_contact() -> None:
    eng = _setup([4])
    res = eng.submit(Move(side="red", model="r1", path=((11.0, 5.5),), gambit="charge"))
    assert isinstance(res, Rejected) and res.code == "charge_needs_contact"


def test_charge_mishap_stops_at_normal_move_and_gives_token() -> None:
    eng = _setup([1, 3])
    res = eng.submit(Move(side="red", model="r1", path=((12.0, 5.5),), gambit="charge"))
    assert isinstance(res, Accepted)
    assert "mishap_taken" in _types(res)
    m = eng.state.model("r1")
    assert m.x == pytest.approx(11.0) and m.mishap == 1


def test_charge_calamity_takes_a_hit_and_stays() -> None:
    eng = _setup([1, 1, 6])  # gambit 1, confirm 1, save 6 (4+ saves)
    res = eng.submit(Move(side="red", model="r1", path=((12.0, 5.5),), gambit="charge"))
    assert isinstance(res, Accepted)
    g = [e for e in res.events if e.type == "gambit_rolled"][0]
    assert g.outcome == "calamity"
    m = eng.state.model("r1")
    assert m.x == 5.0 and m.mishap == 1 and m.health == 1
    assert "save_rolled" in _types(res)


@pytest.mark.parametrize("d3,end_x", [(1, 12.0), (3, 12.0)])
def test_run_adds_d3(d3: int, end_x: float) -> None:
    eng = _setup([2, d3])
    eng.state.model("b1").x = 20.0
    res = eng.submit(Move(side="red", model="r1", path=((13.0, 5.5),), gambit="run"))
    assert isinstance(res, Accepted)
    assert eng.state.model("r1").x == pytest.approx(min(13.0, 5.0 + 6 + d3))


def test_run_rejects_beyond_the_best_roll() -> None:
    eng = _setup([2])
    eng.state.model("b1").x = 20.0
    res = eng.submit(Move(side="red", model="r1", path=((14.5, 5.5),), gambit="run"))
    assert isinstance(res, Rejected) and res.code == "too_far"


def test_climb_success_and_mishap() -> None:
    terrain = make_terrain(obstacles=[wall("Garden wall", (8.0, 0.0), (8.0, 24.0), tall=True)])
    eng = _setup([5], terrain)
    res = eng.submit(Move(side="red", model="r1", path=((9.0, 5.5),), gambit="climb"))
    assert isinstance(res, Accepted) and eng.state.model("r1").x == pytest.approx(9.0)
    eng = _setup([1, 4], terrain)
    res = eng.submit(Move(side="red", model="r1", path=((9.0, 5.5),), gambit="climb"))
    assert isinstance(res, Accepted)
    m = eng.state.model("r1")
    assert m.x < 8.0 - 0.5 and m.mishap == 1  # stopped on the near side


def test_climb_needs_a_tall_obstacle() -> None:
    eng = _setup([5])
    res = eng.submit(Move(side="red", model="r1", path=((9.0, 5.5),), gambit="climb"))
    assert isinstance(res, Rejected) and res.code == "no_climb"


def test_river_crossing_calamity_sweeps_and_wounds() -> None:
    terrain = make_terrain(patches={"river": rect(7, 0, 7, 23)})
    terrain.properties["river_flow"] = 180.0  # flows down the table
    eng = _setup([1, 1, 3, 4], terrain)  # gambit 1, confirm 1, swept 2D6 = 7
    res = eng.submit(Move(side="red", model="r1", path=((9.0, 5.5),), gambit="river_crossing"))
    assert isinstance(res, Accepted)
    assert "wounded" in _types(res)
    swept = [e for e in res.events if e.type == "moved" and e.reason == "swept"]
    assert swept and swept[0].path[-1][1] > 5.5
    m = eng.state.model("r1")
    assert m.removed == "casualty"  # a 1-Health man-at-arms drowns


def test_mishap_token_loses_next_activation_and_encumbers() -> None:
    from game.rules.commands import EndSpear
    from game.rules.melee import encumbered

    eng = _setup([1, 2] + [6] * 8)
    eng.submit(Move(side="red", model="r1", path=((12.0, 5.5),), gambit="charge"))
    m = eng.state.model("r1")
    assert m.mishap == 1 and encumbered(m)
    eng.submit(EndActivation(side="red", model="r1"))  # b1's card is next
    eng.submit(EndSpear(side="blue"))  # turn 1 ends; turn 2 draws alarums, b1, then r1
    assert eng.state.turn == 2 and eng.state.active_side == "blue"
    res = eng.submit(EndSpear(side="blue"))
    assert isinstance(res, Accepted)
    lost = [e for e in res.events if e.type == "activation_lost"]
    assert [e.model for e in lost] == ["r1"]
    assert m.mishap == 0  # served its turn and cleared at the end of turn 2
