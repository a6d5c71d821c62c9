"""Shooting with pinned dice: ranges, to hit, misfires, reloads, line of sight, Blocked Shots (§5)."""

from __future__ import annotations

from game.rules.commands import Activate, EndActivation, Reload, Shoot
from game.rules.context import Rejected
from game.rules.engine import Accepted
from tests.rules.fixtures import make_engine, make_terrain, model, rect, wall


def _shooter(profile: str, target_x: float, dice, terrain=None, extra=()):  # type: ignore
    models = [model("r1", "red", profile, 2.0, 10.5), *extra,
              model("b1", "blue", "man_at_arms", target_x, 10.5)]
    eng = make_engine(models, dice=dice, terrain=terrain)
    eng.submit(Activate(side="red", model="r1"))
    return eng


def _ev(res, kind):  # type: ignore[no-untyped-def]
    return [e for e in res.events if e.type == kind]


def test_short_range_hit_and_failed_save_kills() -> None:
    eng = _shooter("archer", 12.0, [4, 3])  # 9" away: short; hit on 4; save 4+ fails on 3
    res = eng.submit(Shoot(side="red", model="r1", target="b1"))
    shot = _ev(res, "shot_fired")[0]
    assert shot.hit and not shot.long_range and shot.need == 4
    assert eng.state.model("b1").removed == "casualty"
    assert eng.state.sides["red"].valour == 1


def test_long_range_is_minus_one() -> None:
    eng = _shooter("archer", 17.0, [4])  # 14" away: long range, needs 5
    res = eng.submit(Shoot(side="red", model="r1", target="b1"))
    shot = _ev(res, "shot_fired")[0]
    assert shot.long_range and shot.need == 5 and not shot.hit


def test_out_of_range_is_rejected_with_distance() -> None:
    eng = _shooter("handgunner", 20.0, [])  # 17" > 16"
    res = eng.submit(Shoot(side="red", model="r1", target="b1"))
    assert isinstance(res, Rejected) and res.code == "out_of_range" and "17.0" in res.reason


def test_crossbow_must_reload_and_misfire_needs_two() -> None:
    eng = _shooter("crossbowman", 10.0, [1])
    res = eng.submit(Shoot(side="red", model="r1", target="b1"))
    assert _ev(res, "shot_fired")[0].misfire
    m = eng.state.model("r1")
    assert m.reloads_needed == 2
    eng.submit(EndActivation(side="red", model="r1"))
    # next activation: reload once; still cannot shoot
    eng.state.current_card, eng.state.active_side = "r1", "red"
    m.activated = False
    eng.submit(Activate(side="red", model="r1"))
    assert isinstance(eng.submit(Reload(side="red", model="r1")), Accepted)
    assert m.reloads_needed == 1 and m.acted


def test_crossbow_cannot_shoot_unloaded() -> None:
    eng = _shooter("crossbowman", 10.0, [2])
    eng.submit(Shoot(side="red", model="r1", target="b1"))
    eng.state.model("r1").acted = False
    res = eng.submit(Shoot(side="red", model="r1", target="b1"))
    assert isinstance(res, Rejected) and res.code == "needs_reload"


def test_building_blocks_line_of_sight() -> None:
    terrain = make_terrain(patches={"building": rect(6, 8, 8, 12)})
    eng = _shooter("archer", 12.0, [], terrain)
    res = eng.submit(Shoot(side="red", model="r1", target="b1"))
    assert isinstance(res, Rejected) and res.code == "no_line_of_sight"


def test_blocked_shot_by_obstacle_absorbs_on_1_to_3() -> None:
    terrain = make_terrain(obstacles=[wall("Hedge", (8.0, 0.0), (8.0, 24.0), "hedge")])
    eng = _shooter("archer", 12.0, [5, 3], terrain)
    res = eng.submit(Shoot(side="red", model="r1", target="b1"))
    blocked = _ev(res, "blocked_shot")
    assert len(blocked) == 1 and blocked[0].absorbed
    assert not eng.state.model("b1").removed


def test_blocked_shot_passes_on_4_plus() -> None:
    terrain = make_terrain(obstacles=[wall("Hedge", (8.0, 0.0), (8.0, 24.0), "hedge")])
    eng = _shooter("archer", 12.0, [5, 4, 1], terrain)
    res = eng.submit(Shoot(side="red", model="r1", target="b1"))
    assert not _ev(res, "blocked_shot")[0].absorbed
    assert eng.state.model("b1").removed == "casualty"


def test_model_in_the_way_may_take_the_shot() -> None:
    friend = model("b2", "blue", "billman", 7.0, 10.5)
    eng = _shooter("archer", 12.0, [6, 2, 1], extra=[friend])  # hit; blocked on 2; b2 fails save
    res = eng.submit(Shoot(side="red", model="r1", target="b1"))
    assert _ev(res, "blocked_shot")[0].absorbed
    assert eng.state.model("b2").removed == "casualty"
    assert not eng.state.model("b1").removed


def test_deep_woods_force_a_blocked_shot() -> None:
    terrain = make_terrain(patches={"woods": rect(5, 9, 8, 12)})
    eng = _shooter("archer", 12.0, [6, 5, 6], terrain)  # 4" of woods
    res = eng.submit(Shoot(side="red", model="r1", target="b1"))
    assert "woods" in _ev(res, "blocked_shot")[0].blocker


def test_natural_one_always_misses_even_with_aim() -> None:
    eng = _shooter("archer", 12.0, [1])
    eng.state.model("r1").aim_bonus = 3
    res = eng.submit(Shoot(side="red", model="r1", target="b1"))
    assert not _ev(res, "shot_fired")[0].hit


def test_squall_makes_bows_worse() -> None:
    eng = _shooter("archer", 12.0, [4])
    eng.state.effects["squall"] = 1
    res = eng.submit(Shoot(side="red", model="r1", target="b1"))
    assert _ev(res, "shot_fired")[0].need == 5
