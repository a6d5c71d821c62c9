"""Melee with pinned dice: strikes, winner, ties, Skill'd at Arms, Deadly Blade, obstacles (§6-§7)."""

from __future__ import annotations

import pytest

from game.rules.commands import Activate, Fight
from game.rules.context import Rejected
from game.rules.engine import Accepted
from game.rules.odds import round_result
from tests.rules.fixtures import make_engine, make_terrain, model, wall


def _melee(att: str, dfd: str, dice, extra=(), terrain=None, dx: float = 1.0,
           **dkw):  # type: ignore[no-untyped-def]
    models = [model("r1", "red", att, 10.0, 10.5), *extra,
              model("b1", "blue", dfd, 10.0 + dx, 10.5, **dkw)]
    eng = make_engine(models, dice=dice, terrain=terrain)
    eng.submit(Activate(side="red", model="r1"))
    return eng


def _round(res):  # type: ignore[no-untyped-def]
    return [e for e in res.events if e.type == "melee_round"][0]


@pytest.mark.parametrize("a,d,expected", [
    (3, 1, ("attacker", 0, 2)), (1, 1, ("", 1, 1)), (0, 0, ("", 0, 0)),
    (1, 2, ("defender", 1, 0)), (2, 1, ("attacker", 0, 1)),
])
def test_round_result(a: int, d: int, expected: tuple[str, int, int]) -> None:
    assert round_result(a, d) == expected


def test_winner_hits_and_failed_save_is_a_casualty_with_valour() -> None:
    eng = _melee("man_at_arms", "man_at_arms", [5, 6, 1, 2, 2])  # 2 strikes v 0; 2 hits
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    rnd = _round(res)
    assert (rnd.attacker_strikes, rnd.defender_strikes, rnd.defender_hits) == (2, 0, 2)
    assert eng.state.model("b1").removed == "casualty"
    assert eng.state.sides["red"].valour == 1


def test_loser_with_no_wound_is_pushed_back() -> None:
    eng = _melee("man_at_arms", "man_at_arms", [5, 1, 1, 2, 6])  # 1 v 0, save 6
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    push = [e for e in res.events if e.type == "pushed_back"]
    assert push and eng.state.model("b1").x == pytest.approx(12.0)


def test_tie_with_strikes_both_take_a_hit() -> None:
    eng = _melee("man_at_arms", "man_at_arms", [5, 1, 6, 1, 6, 6])
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    rnd = _round(res)
    assert rnd.winner == "" and rnd.attacker_hits == 1 and rnd.defender_hits == 1
    assert [e.model for e in res.events if e.type == "save_rolled"] == ["b1", "r1"]


def test_stand_off_when_nobody_strikes() -> None:
    eng = _melee("man_at_arms", "man_at_arms", [1, 2, 3, 1])
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    assert _round(res).winner == "" and not any(e.type == "save_rolled" for e in res.events)


def test_must_be_in_contact() -> None:
    eng = _melee("man_at_arms", "man_at_arms", [], dx=2.0)
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    assert isinstance(res, Rejected) and res.code == "not_in_contact"


def test_parry_cancels_one_enemy_strike() -> None:
    # squire (3 dice, Skill'd at Arms) parries: defender drill of b1 is parry by default
    eng = _melee("man_at_arms", "squire", [5, 1, 1, 1, 1])
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    assert _round(res).attacker_strikes == 0


def test_fend_removes_an_enemy_die() -> None:
    eng = _melee("squire", "man_at_arms", [1, 1, 1, 6, 6, 6])
    res = eng.submit(Fight(side="red", model="r1", target="b1", option="fend"))
    rnd = _round(res)
    assert len(rnd.defender_dice) == 1


def test_thrust_rerolls_the_worst_miss() -> None:
    eng = _melee("squire", "man_at_arms", [6, 3, 2, 5, 1, 1, 6, 6])
    res = eng.submit(Fight(side="red", model="r1", target="b1", option="thrust"))
    rnd = _round(res)
    assert rnd.attacker_dice == [6, 3, 5]


def test_skill_options_need_the_skill() -> None:
    eng = _melee("man_at_arms", "man_at_arms", [])
    res = eng.submit(Fight(side="red", model="r1", target="b1", option="parry"))
    assert isinstance(res, Rejected) and res.code == "bad_option"


def test_deadly_blade_rerolls_ones() -> None:
    eng = _melee("captain", "man_at_arms", [1, 1, 4, 5, 2, 3, 1, 1, 6, 6])
    res = eng.submit(Fight(side="red", model="r1", target="b1", option="thrust"))
    rnd = _round(res)
    assert rnd.attacker_dice == [5, 3, 4]  # two 1s rerolled to 5 and 2; Thrust turns 2 into 3
    assert sum(1 for e in res.events if e.type == "dice_rolled" and "Deadly" in e.purpose) == 2


def test_encumbered_rolls_one_die_fewer_and_cannot_parry() -> None:
    eng = _melee("squire", "man_at_arms", [6, 6, 1, 1, 2, 2])
    eng.state.model("r1").mishap = 1
    assert isinstance(eng.submit(Fight(side="red", model="r1", target="b1", option="parry")),
                      Rejected)
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    assert len(_round(res).attacker_dice) == 2


def test_extra_friend_in_contact_adds_a_die() -> None:
    friend = model("r2", "red", "billman", 11.0, 11.5, spear="r1")
    eng = _melee("man_at_arms", "man_at_arms", [1, 1, 1, 1, 1], extra=[friend])
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    assert len(_round(res).attacker_dice) == 3


def test_defended_obstacle_blocked_strokes() -> None:
    terrain = make_terrain(obstacles=[wall("Wall", (11.0, 0.0), (11.0, 24.0), width=0.4)])
    eng = _melee("man_at_arms", "man_at_arms", [6, 6, 1, 1, 2, 5, 1], terrain=terrain, dx=1.5)
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    assert isinstance(res, Accepted)
    strokes = [e for e in res.events if e.type == "blocked_stroke"]
    assert [s.absorbed for s in strokes] == [True, False]
    assert eng.state.model("b1").removed == "casualty"


def test_captain_is_worth_three_valour() -> None:
    eng = _melee("man_at_arms", "captain", [6, 6, 1, 1, 1, 2, 2, 2, 1, 1, 1])
    eng.state.model("b1").health = 1
    eng.state.model("b1").drill = "thrust"
    res = eng.submit(Fight(side="red", model="r1", target="b1"))
    assert any(e.type == "casualty" for e in res.events)
    assert eng.state.sides["red"].valour == 3
