"""Engine.explain on pinned positions: a move's path, cost and terrain, a refused move's reason and
the gambit that would do, Jump tests and their landings, a shot's line of sight and Blocked Shots,
a melee round's odds; and explaining never changes the state or the dice."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from game.rules.commands import Activate, Command, Drive, EndActivation, Fight, Move, Shoot
from game.rules.engine import Engine
from game.rules.explain import Explanation, JumpOdds
from game.rules.odds import gambit_odds, jump_odds, melee_odds, shot_odds, thrown_rider_odds
from game.rules.state import Model
from tests.rules.fixtures import make_engine, make_terrain, model, rect, wall

FOE = model("b1", "blue", "man_at_arms", 22.0, 20.5)
LOW = wall("Low wall", (8.0, 0.0), (8.0, 24.0))
FENCE = wall("Fence", (11.0, 0.0), (11.0, 24.0), kind="fence")
HEDGE = wall("hedge", (8.0, 0.0), (8.0, 24.0), kind="hedge")


def _engine(models: list[Model], terrain: Any = None, dice: list[int] | None = None) -> Engine:
    eng = make_engine(models, dice=[] if dice is None else dice, terrain=terrain)
    eng.submit(Activate(side=models[0].side, model=models[0].id))
    return eng


def _rider(mid: str = "r1", profile: str = "man_at_arms", **kw: Any) -> Model:
    return model(mid, "red", profile, 4.0, 10.5, steed="warhorse", steed_health=2, facing=90.0, **kw)


def _move(eng: Engine, mid: str, *path: tuple[float, float], gambit: Any = None) -> Explanation:
    return eng.explain(Move(side="red", model=mid, path=path, gambit=gambit))


def test_a_legal_move_has_its_path_cost_and_terrain() -> None:
    terrain = make_terrain(patches={"woods": rect(7, 10, 8, 11)})
    eng = _engine([model("f1", "red", "man_at_arms", 5.0, 10.5), FOE], terrain)
    ex = _move(eng, "f1", (9.0, 10.5))
    assert ex.legal and ex.reason == "" and ex.code == "" and ex.move is not None
    d = ex.move
    assert d.path == ((5.0, 10.5), (9.0, 10.5))
    assert d.cost == pytest.approx(2.0 + 4.0)  # 2" of woods cost double
    assert [r.kind for r in d.terrain] == ["open", "woods"]
    assert d.terrain[1].kind == "woods" and d.terrain[1].inches == pytest.approx(2.0)
    assert d.hard_going and d.allowance == 6.0 and d.extra == 0.0
    assert d.jumps == () and d.landings is None and d.gambit is None and d.needs_gambit is None


def test_a_refused_move_says_why_and_names_the_gambit_that_would_do() -> None:
    eng = _engine([model("f1", "red", "man_at_arms", 5.0, 10.5), FOE])
    far = _move(eng, "f1", (5.0, 20.0))
    assert not far.legal and far.code == "too_far"
    assert "costs 9.5" in far.reason and "6.0" in far.reason
    assert far.move is not None and far.move.cost == pytest.approx(9.5) and far.move.needs_gambit is None
    near = _move(eng, "f1", (5.0, 18.0))  # 7.5": a Run! (up to +3") would do
    assert not near.legal and near.move is not None and near.move.needs_gambit is not None
    assert near.move.needs_gambit.gambit == "run" and near.move.needs_gambit.name == "Run!"
    assert dict(near.move.needs_gambit.chances) == gambit_odds()
    run = _move(eng, "f1", (5.0, 18.0), gambit="run")
    assert run.legal and run.move is not None and run.move.extra == 3.0
    nobody = _move(eng, "nobody", (1.0, 1.0))
    assert not nobody.legal and nobody.move is None and "nobody" in nobody.reason


def test_a_jump_test_has_its_odds_and_the_landings_of_the_ride() -> None:
    eng = _engine([_rider(), FOE], make_terrain(obstacles=[LOW, FENCE]))
    ex = _move(eng, "r1", (13.0, 10.5))
    assert ex.legal and ex.move is not None
    d = ex.move
    dist = jump_odds()
    assert d.jumps == (JumpOdds("Low wall", False, dist), JumpOdds("Fence", False, dist))
    assert d.landings is not None
    clean, falls = dist["sails_over"] ** 2, 1 - (1 - dist["falls"]) ** 2
    assert d.landings.clean == clean and d.landings.falls == falls
    assert d.landings.awkward == 1 - clean - falls
    assert d.landings.thrown == thrown_rider_odds(1) and d.landings.thrown_dice == 1
    assert d.landings.awkward_stops_short  # 4" to the wall, then 5" at half rate: 14" of 10"
    short = _move(eng, "r1", (9.5, 10.5))
    assert short.move is not None and short.move.landings is not None
    assert not short.move.landings.awkward_stops_short  # 4", then 1.5" at half rate: 7"


def test_an_equestrian_rerolls_a_fall() -> None:
    eng = _engine([_rider(profile="squire"), FOE], make_terrain(obstacles=[LOW]))
    ex = _move(eng, "r1", (9.5, 10.5))
    assert ex.move is not None
    (jump,) = ex.move.jumps
    assert jump.equestrian and jump.chances == jump_odds(True)
    assert jump.chances["falls"] < jump_odds()["falls"]


def test_a_mounted_charge_names_its_target_and_gambit() -> None:
    eng = _engine([_rider(), model("b1", "blue", "man_at_arms", 17.0, 10.5)])
    plain = _move(eng, "r1", (15.5, 10.5))
    assert not plain.legal and plain.move is not None and plain.move.needs_gambit is not None
    assert plain.move.needs_gambit.gambit == "mounted_charge"
    ex = _move(eng, "r1", (15.5, 10.5), gambit="mounted_charge")
    assert ex.legal and ex.move is not None and ex.move.charge_target == "b1"
    assert ex.move.gambit is not None and ex.move.gambit.loses_horse
    assert dict(ex.move.gambit.chances) == gambit_odds()


def test_a_shot_has_its_line_of_sight_and_blocked_shots() -> None:
    archer = model("a", "red", "archer", 4.0, 10.0)
    rider = model("t", "blue", "squire", 16.0, 10.0, steed="warhorse", steed_health=2, facing=90.0)
    eng = _engine([archer, rider], make_terrain(obstacles=[HEDGE]))
    ex = eng.explain(Shoot(side="red", model="a", target="t"))
    assert ex.legal and ex.shot is not None and ex.sight is not None
    assert ex.sight.clear and ex.sight.blockers == ("hedge (hedge)", "t's Warhorse")
    assert ex.sight.blocked_shot_rolls == 2
    s = ex.shot
    assert s.blockers == ("hedge (hedge)",) and s.steed == "Warhorse" and s.blocked_on == 3
    assert (s.need, s.long_range, s.save) == (4, False, 4)
    assert s.chances == shot_odds(4, 1, 4, 3, steed_save=5)
    assert sum(s.chances.values()) == 1


def test_a_shot_through_a_building_is_refused_with_its_sight() -> None:
    a = model("a", "red", "archer", 5.5, 10.5)
    b = model("b", "blue", "man_at_arms", 16.5, 10.5)
    eng = _engine([a, b], make_terrain(patches={"building": rect(10, 9, 12, 11)}))
    ex = eng.explain(Shoot(side="red", model="a", target="b"))
    assert not ex.legal and ex.shot is None and ex.reason and ex.code
    assert ex.sight is not None and not ex.sight.clear and "building" in ex.sight.reason
    assert ex.sight.distance == pytest.approx(10.0, abs=0.5)
    assert eng.sight("a", "b") == ex.sight


def test_a_fight_has_the_rounds_odds() -> None:
    eng = _engine([model("c", "red", "captain", 5.0, 5.0), model("k", "blue", "squire", 6.05, 5.0)])
    ex = eng.explain(Fight(side="red", model="c", target="k", option="thrust"))
    assert ex.legal and ex.fight is not None
    f = ex.fight
    exact = melee_odds(3, 3, att_option="thrust", def_option="parry", att_deadly=True)
    assert f.outcome["win"] == exact.outcome["attacker"] and f.outcome["lose"] == exact.outcome["defender"]
    assert sum(f.outcome.values()) == 1
    assert (f.attacker.dice, f.defender.dice) == (exact.attacker_dice, exact.defender_dice)
    assert f.attacker.option == "thrust" and f.defender.loses_health is not None
    assert 0 < f.defender.loses_health < 1


def test_other_commands_say_only_whether_they_are_legal() -> None:
    eng = _engine([model("f1", "red", "man_at_arms", 5.0, 10.5), FOE])
    assert eng.explain(EndActivation(side="red", model="f1")).legal
    wrong = eng.explain(EndActivation(side="blue", model="b1"))
    assert not wrong.legal and wrong.reason and wrong.move is None
    drive = eng.explain(Drive(side="red", model="f1", heading=0.0, speed=3.0))
    assert not drive.legal and drive.drive is None and drive.reason


def _commands() -> list[Command]:
    return [Move(side="red", model="r1", path=((13.0, 10.5),)),
            Move(side="red", model="r1", path=((21.0, 19.5),), gambit="mounted_charge"),
            Move(side="red", model="r1", path=((4.0, 40.0),)),
            Shoot(side="red", model="a", target="b1"), Fight(side="red", model="r1", target="b1"),
            EndActivation(side="red", model="r1")]


def test_explaining_changes_neither_the_state_nor_the_dice() -> None:
    def fresh() -> Engine:
        models = [_rider(), model("a", "red", "archer", 10.0, 10.5, spear="r1"),
                  model("b1", "blue", "man_at_arms", 14.0, 10.5)]
        eng = make_engine(models, terrain=make_terrain(obstacles=[LOW]))  # seeded dice, not pinned
        eng.submit(Activate(side="red", model="r1"))
        return eng

    eng, twin = fresh(), fresh()
    before, rng, dice = eng.state.digest(), eng.state.rng, eng.fixed_dice
    assert dice is not None
    dice_before = dice.state
    explained = [eng.explain(cmd) for cmd in _commands()]
    assert eng.state.digest() == before and eng.state.rng == rng and dice.state == dice_before
    assert len(eng.log) == len(twin.log) and eng.commands == twin.commands
    assert [eng.explain(cmd) for cmd in _commands()] == explained  # the same answer each time
    shot = Shoot(side="red", model="a", target="b1")
    assert eng.submit(shot) == twin.submit(shot)  # the dice roll as if nothing had been explained
    assert eng.state.digest() == twin.state.digest()


def test_explain_and_plan_agree_on_legality() -> None:
    eng = _engine([_rider(), model("a", "red", "archer", 10.0, 10.5, spear="r1"), FOE],
                  make_terrain(obstacles=[LOW]))
    for cmd in _commands():
        assert eng.explain(cmd).legal == (type(eng.plan(cmd)).__name__ != "Rejected"), cmd
    assert Fraction(1) == sum(jump_odds().values())
