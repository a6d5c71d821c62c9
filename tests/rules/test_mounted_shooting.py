"""Shooting from and at horseback with pinned dice (§5, §9.8): archers, crossbows, guns, steeds."""

from __future__ import annotations

from typing import Any

import pytest

from game.rules.commands import Activate, Move, PlayPerk, Reload, Shoot
from game.rules.context import Rejected
from game.rules.engine import Accepted, Engine
from game.rules.paths import MovePlan
from game.rules.state import Model
from tests.rules.fixtures import make_engine, make_terrain, model, wall


def _mounted(profile: str, target_x: float, dice: list[int], moved: float | None = None,
             extra: tuple[Model, ...] = ()) -> Engine:
    rider = model("r1", "red", profile, 2.0, 10.5, steed="nag", steed_health=2, facing=90.0)
    models = [rider, *extra, model("b1", "blue", "man_at_arms", target_x, 10.5)]
    eng = make_engine(models, dice=dice)
    eng.submit(Activate(side="red", model="r1"))
    if moved is not None:
        rider.moved, rider.moved_distance = True, moved
    return eng


def _shoot(eng: Engine, target: str = "b1") -> Accepted | Rejected:
    return eng.submit(Shoot(side="red", model="r1", target=target))


def _ride(eng: Engine, to: tuple[float, float]) -> Accepted | Rejected:
    return eng.submit(Move(side="red", model="r1", path=(to,)))


def _ev(res: Accepted | Rejected, kind: str) -> list[Any]:
    assert isinstance(res, Accepted), res
    events: list[Any] = res.events
    return [e for e in events if e.type == kind]


# --- archers ----------------------------------------------------------------------------------


def test_archer_who_rode_more_than_half_his_nags_move_may_not_shoot() -> None:
    eng = _mounted("archer", 8.0, [], moved=4.6)  # half of 9" is 4.5"
    res = _shoot(eng)
    assert isinstance(res, Rejected) and res.code == "mounted_moved" and "4.5" in res.reason


def test_archer_after_half_a_move_shoots_once_needing_a_six() -> None:
    eng = _mounted("archer", 8.0, [5], moved=4.5)  # 4.5" edge to edge: short range
    shot = _ev(_shoot(eng), "shot_fired")[0]
    assert shot.need == 6 and not shot.hit
    m = eng.state.model("r1")
    assert m.acted and m.shots == 1
    second = _shoot(eng)
    assert isinstance(second, Rejected) and second.code == "already_acted"


def test_archer_after_moving_hits_on_a_six() -> None:
    eng = _mounted("archer", 8.0, [6, 1], moved=2.0)  # hit; save fails
    _shoot(eng)
    assert eng.state.model("b1").removed == "casualty"


def test_archer_who_has_ridden_may_not_shoot_at_long_range() -> None:
    eng = _mounted("archer", 17.0, [], moved=2.0)  # 13.5" edge to edge: long range for a longbow
    res = _shoot(eng)
    assert isinstance(res, Rejected) and res.code == "out_of_range" and "short range" in res.reason


def test_stationary_archer_shoots_at_long_range_hitting_on_a_six() -> None:
    eng = _mounted("archer", 17.0, [6, 1])  # 13.5": long range; a 6 hits; the save of 1 fails
    shot = _ev(_shoot(eng), "shot_fired")[0]
    assert shot.long_range and shot.need == 6 and shot.hit
    assert eng.state.model("b1").removed == "casualty"


def test_stationary_archer_shoots_twice_at_long_range() -> None:
    eng = _mounted("archer", 17.0, [5, 4])  # two misses, both needing a 6
    m = eng.state.model("r1")
    shots = _ev(_shoot(eng), "shot_fired") + _ev(_shoot(eng), "shot_fired")
    assert [(s.long_range, s.need, s.hit) for s in shots] == [(True, 6, False), (True, 6, False)]
    assert m.acted and m.shots == 2


def test_stationary_archer_still_stops_at_the_bows_reach_and_the_mist() -> None:
    eng = _mounted("archer", 28.0, [])  # 24.5": beyond the longbow's 24"
    res = _shoot(eng)
    assert isinstance(res, Rejected) and res.code == "out_of_range" and "reaches 24" in res.reason
    eng = _mounted("archer", 17.0, [])
    eng.state.effects["fog"] = 12  # River Mist: nothing beyond 12"
    res = _shoot(eng)
    assert isinstance(res, Rejected) and res.code == "out_of_range" and "reaches 12" in res.reason


def test_mounted_aim_bonus_does_not_help() -> None:
    eng = _mounted("archer", 8.0, [5])
    eng.state.model("r1").aim_bonus = 2
    assert _ev(_shoot(eng), "shot_fired")[0].need == 6


def test_stationary_archer_shoots_twice() -> None:
    eng = _mounted("archer", 8.0, [4, 5])
    m = eng.state.model("r1")
    first = _ev(_shoot(eng), "shot_fired")[0]
    assert first.need == 6 and not m.acted and m.shots == 1
    _ev(_shoot(eng), "shot_fired")
    assert m.acted and m.shots == 2
    third = _shoot(eng)
    assert isinstance(third, Rejected) and third.code == "already_acted"


def test_archer_on_foot_is_unchanged() -> None:
    models = [model("r1", "red", "archer", 2.0, 10.5), model("b1", "blue", "man_at_arms", 8.0, 10.5)]
    eng = make_engine(models, dice=[4, 6])
    eng.submit(Activate(side="red", model="r1"))
    assert _ev(_shoot(eng), "shot_fired")[0].need == 4 and eng.state.model("r1").acted


# --- the Move and the shot in either order ------------------------------------------------------


def test_archer_shoots_once_at_short_range_then_rides_half_his_nags_move() -> None:
    eng = _mounted("archer", 8.0, [4])  # 4.5": short range; a miss
    m = eng.state.model("r1")
    assert not _ev(_shoot(eng), "shot_fired")[0].hit
    res = _ride(eng, (2.0, 6.0))  # 4.5" north: half the Nag's 9"
    assert isinstance(res, Accepted), res
    assert (m.x, m.y) == (2.0, 6.0) and m.moved and m.moved_distance == 4.5


def test_the_ride_after_a_shot_is_at_most_half_the_nags_move() -> None:
    eng = _mounted("archer", 8.0, [4])
    _shoot(eng)
    res = _ride(eng, (2.0, 5.9))  # 4.6"
    assert isinstance(res, Rejected) and res.code == "too_far" and '4.5"' in res.reason


def test_no_second_shot_after_riding() -> None:
    eng = _mounted("archer", 8.0, [4])
    _shoot(eng)
    _ride(eng, (2.0, 8.0))
    res = _shoot(eng)
    assert isinstance(res, Rejected) and res.code == "already_acted" and "once" in res.reason


def test_ride_half_then_shoot_once_at_short_range_only() -> None:
    far = model("b2", "blue", "man_at_arms", 17.0, 8.0)  # 13.5" from where the archer ends
    eng = _mounted("archer", 8.0, [4], extra=(far,))
    assert isinstance(_ride(eng, (2.0, 8.0)), Accepted)  # 2.5"
    res = _shoot(eng, "b2")
    assert isinstance(res, Rejected) and res.code == "out_of_range" and "ridden" in res.reason
    shot = _ev(_shoot(eng), "shot_fired")[0]
    assert not shot.long_range and shot.need == 6
    m = eng.state.model("r1")
    assert m.acted and isinstance(_shoot(eng), Rejected)


def test_archer_who_shot_at_long_range_stands_and_may_shoot_again() -> None:
    eng = _mounted("archer", 17.0, [4, 5])  # 13.5": long range
    _shoot(eng)
    res = _ride(eng, (2.0, 9.5))
    assert isinstance(res, Rejected) and res.code == "shot_from_saddle"
    assert isinstance(_shoot(eng), Accepted)  # the second shot of a stationary archer


def test_archer_who_shot_twice_has_not_moved_and_may_not_move() -> None:
    eng = _mounted("archer", 8.0, [4, 5])
    _shoot(eng)
    _shoot(eng)
    m = eng.state.model("r1")
    assert m.shots == 2 and not m.moved
    res = _ride(eng, (2.0, 9.5))
    assert isinstance(res, Rejected) and res.code == "shot_from_saddle"


def test_mounted_crossbowman_who_shot_may_not_ride() -> None:
    eng = _mounted("crossbowman", 8.0, [4])
    _shoot(eng)
    res = _ride(eng, (2.0, 9.5))
    assert isinstance(res, Rejected) and res.code == "shot_from_saddle"


def test_swift_feet_does_not_lengthen_the_ride_after_a_shot() -> None:
    eng = _mounted("archer", 8.0, [4, 4])
    eng.state.sides["red"].perks = ["swift_feet", "swift_feet"]
    _shoot(eng)
    res = eng.submit(PlayPerk(side="red", card="swift_feet", model="r1"))
    assert isinstance(res, Rejected) and "shot from the saddle" in res.reason
    eng = _mounted("archer", 8.0, [4])
    eng.state.sides["red"].perks = ["swift_feet"]
    assert isinstance(eng.submit(PlayPerk(side="red", card="swift_feet", model="r1")), Accepted)
    _shoot(eng)  # played before the shot, the Perk still leaves only half the Nag's Move
    assert isinstance(_ride(eng, (2.0, 5.0)), Rejected)
    assert isinstance(_ride(eng, (2.0, 6.0)), Accepted)


def test_legal_commands_offer_the_ride_after_one_short_shot() -> None:
    eng = _mounted("archer", 8.0, [4])
    _shoot(eng)
    offered = eng.legal_commands("red")
    moves = [c for c in offered if isinstance(c, Move)]
    assert moves and all(isinstance(eng.check(c), MovePlan) for c in moves)
    assert max(eng.check(c).route.cost for c in moves) <= 4.5 + 1e-9
    assert any(isinstance(c, Shoot) for c in offered)  # or the second shot, standing
    eng.submit(moves[0])
    assert not any(isinstance(c, Shoot | Move) for c in eng.legal_commands("red"))


def test_legal_commands_offer_no_ride_after_a_long_shot() -> None:
    eng = _mounted("archer", 17.0, [4])
    _shoot(eng)
    offered = eng.legal_commands("red")
    assert not any(isinstance(c, Move) for c in offered)
    assert any(isinstance(c, Shoot) and not isinstance(eng.check(c), Rejected) for c in offered)


# --- crossbows and handguns ---------------------------------------------------------------------


def test_stationary_mounted_crossbow_shoots_once_needing_a_six() -> None:
    eng = _mounted("crossbowman", 8.0, [4])
    shot = _ev(_shoot(eng), "shot_fired")[0]
    m = eng.state.model("r1")
    assert shot.need == 6 and not shot.hit and m.acted and m.reloads_needed == 1


def test_mounted_crossbow_may_not_shoot_after_moving() -> None:
    eng = _mounted("crossbowman", 8.0, [], moved=1.0)
    res = _shoot(eng)
    assert isinstance(res, Rejected) and res.code == "mounted_moved"


def test_mounted_crossbow_short_range_only() -> None:
    eng = _mounted("crossbowman", 14.0, [])  # 10.5": long range for a crossbow
    res = _shoot(eng)
    assert isinstance(res, Rejected) and res.code == "out_of_range"


def test_mounted_crossbowman_may_reload() -> None:
    eng = _mounted("crossbowman", 8.0, [])
    eng.state.model("r1").reloads_needed = 1
    assert isinstance(eng.submit(Reload(side="red", model="r1")), Accepted)
    assert eng.state.model("r1").reloads_needed == 0


def test_handgun_may_not_be_fired_from_horseback() -> None:
    eng = _mounted("handgunner", 6.0, [])
    res = _shoot(eng)
    assert isinstance(res, Rejected) and res.code == "mounted_handgun" and "horseback" in res.reason


# --- shooting at riders -------------------------------------------------------------------------


def _at_rider(dice: list[int], terrain=None) -> Engine:  # type: ignore[no-untyped-def]
    target = model("b1", "blue", "man_at_arms", 12.0, 10.5, steed="warhorse", steed_health=2)
    eng = make_engine([model("r1", "red", "archer", 2.0, 10.5), target], dice=dice,
                      terrain=terrain)
    eng.submit(Activate(side="red", model="r1"))
    return eng


@pytest.mark.parametrize("block", [1, 2, 3])
def test_steed_blocked_shot_on_1_to_3_hits_the_steed(block: int) -> None:
    eng = _at_rider([4, block, 2, 5])  # hit; the steed takes it; save 5+ fails; steadies
    res = _shoot(eng)
    blocked = _ev(res, "blocked_shot")[0]
    assert blocked.absorbed and blocked.blocker == "Warhorse"
    hit = _ev(res, "steed_hit")[0]
    assert hit.source == "shooting" and hit.result == "steadies"
    b1 = eng.state.model("b1")
    assert b1.steed_health == 1 and b1.health == 1


@pytest.mark.parametrize("block", [4, 5, 6])
def test_steed_blocked_shot_on_4_plus_hits_the_rider(block: int) -> None:
    eng = _at_rider([4, block, 3])  # the rider saves on 4+: 3 fails
    res = _shoot(eng)
    assert not _ev(res, "blocked_shot")[0].absorbed
    b1 = eng.state.model("b1")
    assert b1.removed == "casualty" and b1.steed_health == 2


def test_killing_the_steed_scores_valour_for_the_shooter() -> None:
    eng = _at_rider([4, 1, 1, 6])  # hit; steed; save fails; dead: thrown on feet
    eng.state.model("b1").steed_health = 1
    res = _shoot(eng)
    assert _ev(res, "steed_killed")[0].valour == 1
    assert eng.state.sides["red"].valour == 1 and eng.state.model("b1").steed is None


def test_steed_blocked_shot_comes_after_the_obstacle() -> None:
    terrain = make_terrain(obstacles=[wall("Hedge", (8.0, 0.0), (8.0, 24.0), "hedge")])
    eng = _at_rider([4, 5, 6, 6], terrain)  # hedge lets it through; rider hit; saved
    res = _shoot(eng)
    assert [b.blocker for b in _ev(res, "blocked_shot")] == ["hedge (Hedge)", "Warhorse"]


def test_obstacle_absorbing_the_shot_spares_horse_and_rider() -> None:
    terrain = make_terrain(obstacles=[wall("Hedge", (8.0, 0.0), (8.0, 24.0), "hedge")])
    eng = _at_rider([4, 2], terrain)
    res = _shoot(eng)
    assert len(_ev(res, "blocked_shot")) == 1


# --- handguns spook Nags --------------------------------------------------------------------------


def test_handgun_shot_spooks_a_nearby_nag() -> None:
    nag = model("b2", "blue", "archer", 6.0, 14.0, steed="nag", steed_health=2, facing=180.0)
    models = [model("r1", "red", "handgunner", 2.0, 10.5), nag,
              model("b1", "blue", "man_at_arms", 8.0, 10.5)]
    eng = make_engine(models, dice=[2, 1, 12, 5])  # miss; spooked; bolts north; keeps seat
    eng.submit(Activate(side="red", model="r1"))
    res = _shoot(eng)
    types = [e.type for e in _ev(res, "steed_spooked") + _ev(res, "horse_bolted")]
    assert types == ["steed_spooked", "horse_bolted"]
    assert eng.state.model("b2").y == pytest.approx(5.0)


def test_handgun_misfire_does_not_spook() -> None:
    nag = model("b2", "blue", "archer", 6.0, 14.0, steed="nag", steed_health=2)
    models = [model("r1", "red", "handgunner", 2.0, 10.5), nag,
              model("b1", "blue", "man_at_arms", 8.0, 10.5)]
    eng = make_engine(models, dice=[1])
    eng.submit(Activate(side="red", model="r1"))
    assert _ev(_shoot(eng), "steed_spooked") == []


def test_longbow_does_not_spook() -> None:
    nag = model("b2", "blue", "archer", 6.0, 14.0, steed="nag", steed_health=2)
    models = [model("r1", "red", "archer", 2.0, 10.5), nag,
              model("b1", "blue", "man_at_arms", 8.0, 10.5)]
    eng = make_engine(models, dice=[2])
    eng.submit(Activate(side="red", model="r1"))
    assert _ev(_shoot(eng), "steed_spooked") == []
