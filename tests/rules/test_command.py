"""Command Range and Feckless tests (§3), Hero-first activation and Leaderless Spears (§2)."""

from __future__ import annotations

import pytest

from game.rules.commands import Activate, EndActivation, Fight, Move
from game.rules.context import Rejected
from game.rules.engine import Accepted
from game.rules.spears import command_range
from tests.rules.fixtures import make_engine, model


def _spear(retainer_x: float, dice, hero_removed=False):  # type: ignore[no-untyped-def]
    hero = model("r1", "red", "squire", 10.0, 10.5)
    if hero_removed:
        hero.removed = "casualty"
    ret = model("r2", "red", "billman", retainer_x, 10.5, spear="r1", name="Jack")
    eng = make_engine([hero, ret, model("b1", "blue", "captain", 20.0, 20.0)], dice=dice)
    if not hero_removed:
        eng.submit(Activate(side="red", model="r1"))
        eng.submit(EndActivation(side="red", model="r1"))
    return eng


def test_command_range_is_two_inches_per_prowess_on_foot() -> None:
    eng = _spear(14.0, [])
    assert command_range(eng.table, eng.state.model("r1")) == 4.0


def test_hero_acts_before_retainers() -> None:
    hero = model("r1", "red", "squire", 10.0, 10.5)
    ret = model("r2", "red", "billman", 11.5, 10.5, spear="r1")
    eng = make_engine([hero, ret, model("b1", "blue", "captain", 20.0, 20.0)], dice=[])
    res = eng.submit(Activate(side="red", model="r2"))
    assert isinstance(res, Rejected) and res.code == "hero_first"


def test_retainer_in_command_acts_without_a_test() -> None:
    eng = _spear(14.0, [])  # edge gap 3" <= 4"
    res = eng.submit(Activate(side="red", model="r2"))
    assert isinstance(res, Accepted)
    assert [e.type for e in res.events] == ["activated"]


@pytest.mark.parametrize("roll,result", [(6, "normal"), (5, "normal"), (4, "dither"),
                                         (3, "dither"), (2, "flee"), (1, "flee")])
def test_feckless_table(roll: int, result: str) -> None:
    eng = _spear(16.0, [roll])  # edge gap 5" > 4"
    res = eng.submit(Activate(side="red", model="r2"))
    test = [e for e in res.events if e.type == "feckless_test"][0]
    assert test.result == result


def test_dithering_retainer_may_not_move() -> None:
    eng = _spear(16.0, [3])
    eng.submit(Activate(side="red", model="r2"))
    res = eng.submit(Move(side="red", model="r2", path=((17.0, 10.5),)))
    assert isinstance(res, Rejected) and res.code == "dithering"


def test_dithering_retainer_may_still_fight_in_contact() -> None:
    eng = _spear(16.0, [3, 6, 6, 1, 1, 1] + [4] * 10)
    eng.state.model("b1").x, eng.state.model("b1").y = 17.0, 10.5
    eng.submit(Activate(side="red", model="r2"))
    res = eng.submit(Fight(side="red", model="r2", target="b1"))
    assert isinstance(res, Accepted)


def test_run_for_it_moves_a_full_move_toward_the_nearest_edge() -> None:
    eng = _spear(20.0, [1])  # nearest edge: right-hand edge at x=24
    res = eng.submit(Activate(side="red", model="r2"))
    fled = [e for e in res.events if e.type == "moved"][0]
    assert fled.reason == "flee"
    assert eng.state.model("r2").x == pytest.approx(23.5)
    assert eng.state.active_model == ""  # the activation is over


def test_leaderless_spear_retainers_are_feckless() -> None:
    eng = _spear(11.5, [5], hero_removed=True)
    res = eng.submit(Activate(side="red", model="r2"))
    assert isinstance(res, Accepted)
    assert any(e.type == "feckless_test" for e in res.events)
