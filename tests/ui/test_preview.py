"""Previews and the event log in words, headless: they match the engine and the odds, and change nothing."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from game.rules import events as ev
from game.rules.commands import Activate, Shoot
from game.rules.engine import Engine
from game.rules.odds import describe_test, gambit_odds, jump_odds, melee_odds, shot_odds
from game.rules.state import Model
from game.sim import play_game
from game.ui.eventtext import describe_event, names_of, rule_anchors, rule_for_event, rule_section
from game.ui.preview import line_of_sight, preview_fight, preview_move, preview_shot, reach_rings
from tests.rules.fixtures import make_engine, make_terrain, model, rect, wall

FOE = model("b1", "blue", "man_at_arms", 22.0, 20.5)
LOW = wall("Low wall", (8.0, 0.0), (8.0, 24.0))
TALL = wall("Tall wall", (0.0, 14.0), (24.0, 14.0), tall=True)


def _engine(models: list[Model], terrain: Any = None) -> Engine:
    eng = make_engine(models, dice=[], terrain=terrain)
    eng.submit(Activate(side=models[0].side, model=models[0].id))
    return eng


def _rider(mid: str = "r1", profile: str = "man_at_arms", **kw: Any) -> Model:
    return model(mid, "red", profile, 4.0, 10.5, steed="warhorse", steed_health=2, facing=90.0, **kw)


def test_a_legal_foot_move_shows_its_cost() -> None:
    eng = _engine([model("f1", "red", "man_at_arms", 5.0, 10.5), FOE])
    before = eng.state.digest()
    p = preview_move(eng, "f1", [(9.0, 10.5)])
    assert p.legal and p.reason == "" and p.gambit is None and p.needs_gambit is None
    assert p.path == [(5.0, 10.5), (9.0, 10.5)]
    assert p.cost == pytest.approx(4.0) and p.allowance == 6.0
    assert p.terrain == [("open", pytest.approx(4.0))]
    assert p.lines[0] == 'Move 4" of 6"' and p.text.startswith('Move 4" of 6"')
    assert preview_move(eng, "f1", (9, 10.5)).path == p.path  # a lone point is a one-leg path
    assert eng.state.digest() == before


def test_hard_going_shows_in_the_terrain() -> None:
    terrain = make_terrain(patches={"woods": rect(7, 10, 8, 11)})
    eng = _engine([model("f1", "red", "man_at_arms", 5.0, 10.5), FOE], terrain)
    p = preview_move(eng, "f1", [(10.0, 10.5)])
    assert [k for k, _ in p.terrain] == ["open", "woods", "open"]
    assert p.cost == pytest.approx(2.0 + 4.0 + 1.0)
    assert any("Hard Going" in line for line in p.lines)


def test_a_move_too_far_says_why_and_still_costs_the_path() -> None:
    eng = _engine([model("f1", "red", "man_at_arms", 5.0, 10.5), FOE])
    p = preview_move(eng, "f1", [(5.0, 20.0)])
    assert not p.legal and p.needs_gambit is None
    assert "costs 9.5" in p.reason and "6.0" in p.reason
    assert p.cost == pytest.approx(9.5)
    assert p.lines[0].startswith("Cannot move:")
    near = preview_move(eng, "f1", [(5.0, 18.0)])  # 7.5": a Run! (up to +3") would do
    assert not near.legal and near.needs_gambit == "run"


def test_a_rider_crossing_a_low_wall_lists_the_jump_and_its_odds() -> None:
    eng = _engine([_rider(), FOE], make_terrain(obstacles=[LOW]))
    before = eng.state.digest()
    p = preview_move(eng, "r1", [(13.0, 10.5)])
    assert p.legal and p.jumps == ["Low wall"] and p.crossings == []
    assert p.cost == pytest.approx(9.0) and p.allowance == 10.0
    dist = jump_odds()
    line = next(x for x in p.lines if x.startswith("Crosses: Low wall"))
    assert (f"Jump test: {describe_test(dist['sails_over'])} sails over, "
            f"{describe_test(dist['awkward'])} awkward, {describe_test(dist['falls'])} falls") in line
    assert "Equestrian" not in line
    assert any(x.startswith("If thrown") for x in p.lines)
    assert eng.state.digest() == before


def test_an_equestrian_rider_rerolls_a_fall() -> None:
    eng = _engine([_rider(profile="squire"), FOE], make_terrain(obstacles=[LOW]))
    p = preview_move(eng, "r1", [(13.0, 10.5)])
    line = next(x for x in p.lines if x.startswith("Crosses: Low wall"))
    assert line.endswith("— Equestrian rerolls a fall)")
    assert f"{describe_test(jump_odds(True)['falls'])} falls" in line


def test_a_foot_model_crosses_a_low_wall_for_two_inches() -> None:
    eng = _engine([model("f1", "red", "man_at_arms", 5.0, 10.5), FOE], make_terrain(obstacles=[LOW]))
    p = preview_move(eng, "f1", [(9.0, 10.5)])
    assert p.legal and p.crossings == ["Low wall"] and p.jumps == []
    assert p.cost == pytest.approx(6.0)


def test_a_tall_wall_needs_the_climb_gambit() -> None:
    eng = _engine([model("f1", "red", "man_at_arms", 5.0, 12.0), FOE], make_terrain(obstacles=[TALL]))
    p = preview_move(eng, "f1", [(5.0, 15.5)])
    assert not p.legal and p.needs_gambit == "climb" and p.crossings == ["Tall wall"]
    assert "Climb gambit" in p.reason
    dist = gambit_odds()
    assert any(f"Climb: {describe_test(dist['success'])} succeeds" in x for x in p.lines)
    climb = preview_move(eng, "f1", [(5.0, 15.5)], gambit="climb")
    assert climb.legal and climb.gambit == "climb"


def test_a_rider_may_not_climb() -> None:
    eng = _engine([_rider(), FOE], make_terrain(obstacles=[TALL]))
    p = preview_move(eng, "r1", [(4.0, 16.0)])
    assert not p.legal and p.needs_gambit is None and "taller" in p.reason


def test_a_mounted_charge_shows_its_gambit_odds() -> None:
    foe = model("b1", "blue", "man_at_arms", 17.0, 10.5)
    eng = _engine([_rider(), foe])
    plain = preview_move(eng, "r1", [(15.5, 10.5)])
    assert not plain.legal and plain.needs_gambit == "mounted_charge"
    p = preview_move(eng, "r1", [(15.5, 10.5)], gambit="mounted_charge")
    assert p.legal and p.charge_target == "b1"
    assert "Mounted Charge!: 5 in 6 succeeds, 5 in 36 Mishap, 1 in 36 Calamity" in " | ".join(p.lines)


def test_a_shot_preview_matches_shot_odds() -> None:
    terrain = make_terrain(obstacles=[wall("hedge", (8.0, 0.0), (8.0, 24.0), kind="hedge")])
    archer = model("a", "red", "archer", 4.0, 10.0)
    rider = model("t", "blue", "squire", 16.0, 10.0, steed="warhorse", steed_health=2, facing=90.0)
    foot = model("f", "blue", "man_at_arms", 20.0, 14.0)
    eng = _engine([archer, rider, foot], terrain)
    before = eng.state.digest()
    s = preview_shot(eng, "a", "t")
    assert s.legal and s.need == 4 and not s.long_range and s.blockers == ["hedge (hedge)"]
    assert s.odds == shot_odds(4, 1, 4, 3, steed_save=5)
    assert sum(s.odds.values()) == 1
    far = preview_shot(eng, "a", "f")
    assert far.legal and far.long_range and far.need == 5
    assert far.odds == shot_odds(5, 1, 4, 3)
    assert any(describe_test(far.odds["wounded"]) in x for x in far.lines)
    assert eng.state.digest() == before


def test_an_illegal_shot_says_why() -> None:
    eng = _engine([model("a", "red", "archer", 2.0, 2.0), model("t", "blue", "man_at_arms", 22.0, 22.0)])
    s = preview_shot(eng, "a", "t")
    assert not s.legal and "reaches 24" in s.reason and s.distance > 24
    assert not preview_shot(eng, "t", "a").legal  # not the acting model


@pytest.mark.parametrize("option", [None, "thrust", "parry", "fend"])
def test_fight_percentages_sum_to_a_hundred(option: str | None) -> None:
    captain = model("c", "red", "captain", 5.0, 5.0)
    squire = model("k", "blue", "squire", 6.05, 5.0)
    eng = _engine([captain, squire])
    before = eng.state.digest()
    f = preview_fight(eng, "c", "k", option)
    assert f.legal and f.odds is not None
    assert sum(f.percentages.values()) == pytest.approx(100.0)
    assert set(f.percentages) == {"win", "lose", "both_hit", "stand_off"}
    exact = melee_odds(3, 3, att_option=option, def_option="parry", att_deadly=True)
    assert f.percentages["win"] == pytest.approx(float(exact.outcome["attacker"]) * 100)
    assert (f.attacker_dice, f.defender_dice) == (exact.attacker_dice, exact.defender_dice)
    mean = sum(k * float(p) for k, p in enumerate(exact.hits_on_defender))
    assert f.expected_hits[0] == pytest.approx(mean)
    assert eng.state.digest() == before


def test_fight_preview_names_the_charge_bonus_lance_and_blocked_strokes() -> None:
    rider = _rider(profile="squire", weapons=["lance", "hand_weapon"], charge_bonus=True)
    foe = model("b1", "blue", "man_at_arms", 5.55, 10.5)
    eng = _engine([rider, foe])
    f = preview_fight(eng, "r1", "b1")
    text = " | ".join(f.lines)
    assert f.legal and f.attacker_dice == 4
    assert "Mounted Charge! bonus" in text and "lance" in text and "Blocked Stroke" in text
    assert sum(f.percentages.values()) == pytest.approx(100.0)
    apart = preview_fight(eng, "r1", "nobody")
    assert not apart.legal and apart.reason


def test_fight_preview_keeps_the_lance_where_hard_going_denies_the_bonus() -> None:
    rider = _rider(profile="squire", weapons=["lance", "hand_weapon"], charged_this_turn=True)
    foe = model("b1", "blue", "man_at_arms", 5.55, 10.5)
    eng = _engine([rider, foe], make_terrain(patches={"scrub": rect(5, 9, 7, 12)}))
    f = preview_fight(eng, "r1", "b1")
    text = " | ".join(f.lines)
    assert f.legal and f.attacker_dice == 3  # no charge die in Hard Going
    assert "Mounted Charge! bonus" not in text and "lance on the charge: b1 saves at -1" in text
    assert f.odds is not None
    hits = f.odds.hits_on_defender
    at_5 = sum((p * (1 - Fraction(2, 6) ** n) for n, p in enumerate(hits)), Fraction(0))
    assert f"b1 loses Health: {describe_test(at_5)}" in text  # each hit saved only on 5+


def test_line_of_sight_blocked_by_a_building() -> None:
    terrain = make_terrain(patches={"building": rect(10, 9, 12, 11)})
    a = model("a", "red", "archer", 5.5, 10.5)
    b = model("b", "blue", "man_at_arms", 16.5, 10.5)
    c = model("c", "blue", "man_at_arms", 16.5, 20.5)
    eng = _engine([a, b, c], terrain)
    sight = line_of_sight(eng, "a", "b")
    assert not sight.clear and "building" in sight.reason
    assert not preview_shot(eng, "a", "b").legal
    assert line_of_sight(eng, "a", "c").clear
    assert line_of_sight(eng, "b", "c").clear  # any two models, not only a legal shot


def test_line_of_sight_counts_blocked_shot_rolls() -> None:
    terrain = make_terrain(obstacles=[wall("hedge", (8.0, 0.0), (8.0, 24.0), kind="hedge")])
    a = model("a", "red", "archer", 4.0, 10.0)
    friend = model("m", "red", "man_at_arms", 11.0, 10.0)
    rider = model("t", "blue", "squire", 16.0, 10.0, steed="warhorse", steed_health=2, facing=90.0)
    eng = _engine([a, friend, rider], terrain)
    sight = line_of_sight(eng, "a", "t")
    assert sight.clear and sight.blocked_shot_rolls == 3
    assert sight.blockers == ["hedge (hedge)", "m", "t's Warhorse"]


def test_reach_rings() -> None:
    archer = model("a", "red", "archer", 4.0, 4.0)
    captain = model("c", "red", "captain", 8.0, 4.0)
    knight = model("k", "red", "squire", 12.0, 4.0, steed="warhorse", steed_health=2, facing=90.0)
    nag = model("n", "red", "archer", 16.0, 4.0, steed="nag", steed_health=2, facing=90.0)
    eng = _engine([archer, captain, knight, nag, FOE])
    assert reach_rings(eng, "a") == {"move": 6.0, "charge": 9.0, "short_range": 12.0, "long_range": 24.0}
    assert reach_rings(eng, "c") == {"move": 6.0, "charge": 9.0, "command_range": 6.0}
    assert reach_rings(eng, "k") == {"move": 10.0, "charge": 15.0, "command_range": 6.0}
    assert reach_rings(eng, "n") == {"move": 9.0, "short_range": 12.0, "long_range": 24.0}
    eng.state.model("n").moved = True  # an archer who has ridden shoots only at short range
    assert reach_rings(eng, "n") == {"move": 9.0, "short_range": 12.0}


def test_shot_preview_of_a_stationary_mounted_archer_at_long_range() -> None:
    nag = model("n", "red", "archer", 4.0, 10.5, steed="nag", steed_health=2, facing=90.0)
    eng = _engine([nag, model("b1", "blue", "man_at_arms", 19.0, 10.5)])  # 14.5": long range
    p = preview_shot(eng, "n", "b1")
    assert p.legal and p.long_range and p.need == 6
    assert p.lines[0].endswith("(long range): hits on a natural 6 from horseback (1 in 6)")
    eng.state.model("n").moved = True
    ridden = preview_shot(eng, "n", "b1")
    assert not ridden.legal and "short range" in ridden.reason


def test_a_mounted_archers_ride_after_one_short_shot_is_half_his_nags_move() -> None:
    nag = model("n", "red", "archer", 4.0, 10.5, steed="nag", steed_health=2, facing=90.0)
    eng = make_engine([nag, model("b1", "blue", "man_at_arms", 10.0, 10.5)], dice=[4])
    eng.submit(Activate(side="red", model="n"))
    eng.submit(Shoot(side="red", model="n", target="b1"))
    assert reach_rings(eng, "n")["move"] == 4.5
    p = preview_move(eng, "n", [(4.0, 5.5)])  # 5"
    assert not p.legal and p.allowance == 4.5 and p.lines[1] == 'Move 5" of 4.5"'
    assert preview_move(eng, "n", [(4.0, 6.0)]).legal


SAMPLES: dict[str, Any] = {
    "purpose": "Jump test, Sir Ralph, over the Low wall: 6 sails over, 1 falls", "sides": 6, "value": 5,
    "need": "2+", "model": "r1", "deck": "hero", "order": ["r1", "b1"], "turn": 2, "card": "r1",
    "alarum": "fog", "name": "River Mist", "detail": "shooting limited", "in_command": True,
    "reason": "charged home", "roll": 4, "result": "awkward", "text": "Mishap", "gambit": "charge",
    "outcome": "mishap", "path": [(1.0, 1.0), (3.0, 4.0)], "cost": 5.0, "target": "b1",
    "weapon": "longbow", "distance": 12.5, "long_range": True, "hit": True, "blocker": "hedge",
    "absorbed": True, "saved": False, "amount": 1, "health": 0, "by_side": "blue", "valour": 3,
    "attacker": "r1", "defender": "b1", "attacker_dice": [4, 6], "defender_dice": [2],
    "attacker_strikes": 2, "defender_strikes": 0, "winner": "r1", "attacker_hits": 0, "defender_hits": 2,
    "to": (2.0, 2.0), "still_needed": 1, "objective": "the ford", "drill": "parry", "side": "red",
    "effect": "reroll", "at": (1.0, 2.0), "total": 8, "passed": False, "obstacle": "Low wall",
    "rolls": [2, 5], "modifier": -1, "source": "shooting", "steed_health": 1, "bearing": 90.0,
    "by": "b1", "stunned": 1, "steed": "r1-steed1", "charger": "b1", "options": ["stand"],
    "choice": "counter_charge", "bolted": True, "active": True,
    "vehicle": "v1", "heading": 90.0, "speed": 6.0, "headings": [90.0, 90.0], "end": (3.0, 4.0),
    "end_heading": 90.0, "stopped": False, "other": "b1", "other_kind": "character", "point": (2.0, 3.0),
    "normal": (1.0, 0.0), "tangent": (0.0, 1.0), "v_rel": (-6.0, 0.0), "closing": 6.0, "impact_speed": 6.0,
    "die": "D6", "dodge_modifier": 0, "facing_hit": "front", "other_facing_hit": "", "vehicle_damage": 0,
    "other_damage": 9, "location": "hull", "cause": "ram", "dice": 1, "points": 4, "hits": 1, "seat": "Box",
    "lost": 1, "left": 1, "first": "red", "x": 2.0, "y": 3.0, "facing": 0.0,
}
OVERRIDES: dict[type, dict[str, Any]] = {
    ev.GameEnded: {"valour": {"red": 3, "blue": 1}, "winner": "red"},
    ev.FecklessTest: {"result": "dither"}, ev.SteedHit: {"result": "bolts"},
    ev.RiderThrown: {"result": "hard_fall"}, ev.JumpTest: {"result": "sails_over"},
    ev.ShotFired: {"need": 5}, ev.SaveRolled: {"need": 4}, ev.WillToFight: {"need": 7},
    ev.RamResolved: {"at": 3.0}, ev.OutOfControl: {"result": "veer_left"}, ev.CrewShaken: {"die": "D6"},
    ev.VehicleStruck: {"need": 4},
}
EVENT_CLASSES = [c for c in vars(ev).values()
                 if isinstance(c, type) and issubclass(c, ev.Ev) and c is not ev.Ev]


def minimal(cls: type[ev.Ev]) -> ev.Ev:
    """An instance of an event class with every required field filled."""
    values = {k: SAMPLES[k] for k, f in cls.model_fields.items() if f.is_required()}
    values.update({k: v for k, v in OVERRIDES.get(cls, {}).items() if k in cls.model_fields})
    return cls(**values)


def test_every_event_class_is_covered() -> None:
    assert len(EVENT_CLASSES) >= 44


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda c: c.__name__)
def test_every_event_reads_and_links_to_a_rule(cls: type[ev.Ev]) -> None:
    event = minimal(cls)
    text = describe_event(event, {"r1": "Sir Ralph", "b1": "Jack Cade"})
    assert text and text != cls.__name__
    assert describe_event(event)
    assert rule_for_event(event) in rule_anchors()


@pytest.mark.parametrize(("purpose", "rule"), [
    ("Jump test, Sir Ralph, over the Low wall: 6 sails over, 1 falls", "jump_test"),
    ("Feckless test, Tom, 5+ acts", "feckless"), ("Save, Tom, needs 4+", "saves"),
    ("Save, Tom's Warhorse (shooting), needs 5+", "steed_hit"),
    ("To hit with Longbow, Tom at Dick, Tom, needs 4+", "to_hit"),
    ("Blocked Shot: hedge (hedge) in the way, 1-3 it is hit", "blocked_shot"),
    ("Fight, Tom, strikes on 4+", "melee"), ("Thrown Rider test, Tom: best of 2", "thrown_rider"),
    ("Will to Fight, red, needs 7+ on 2d6", "will_to_fight"), ("Climb gambit, Tom, needs 2+", "gambit_climb"),
    ("Mounted Charge! gambit, Tom, needs 2+", "mounted_charge"),
    ("Charge! gambit, Tom, needs 2+", "gambit_charge"),
    ("Run! extra distance, Tom", "gambit_run"), ("River Crossing gambit, Tom, needs 2+", "gambit_river"),
    ("Shock of the charge, Tom, 5+ acts", "shock"), ("Something new", "dice"),
])
def test_dice_rolls_link_by_purpose(purpose: str, rule: str) -> None:
    event = ev.DiceRolled(purpose=purpose, sides=6, value=3, need="2+")
    assert rule_for_event(event) == rule
    assert rule in rule_anchors()


def test_a_die_says_its_purpose_target_and_result() -> None:
    jump = ev.DiceRolled(purpose="Jump test, Sir Ralph, over the Low wall: 6 sails over, 1 falls",
                         sides=6, value=5, need="2+", model="r1")
    assert describe_event(jump) == ("Jump test, Sir Ralph, over the Low wall: 6 sails over, 1 falls"
                                    " — needs 2+, rolled 5")
    save = ev.DiceRolled(purpose="Save, Tom, needs 4+", sides=6, value=3, need="4+")
    assert describe_event(save) == "Save, Tom, needs 4+ — rolled 3"
    casualty = ev.Casualty(model="b1", by_side="red", valour=3)
    assert describe_event(casualty, {"b1": "Jack Cade"}) == "Jack Cade is a casualty: +3 Valour to Orange"
    melee = minimal(ev.MeleeRound)
    assert "[4, 6]" in describe_event(melee) and "wins" in describe_event(melee)


def test_every_rule_id_has_a_section() -> None:
    for rule in rule_anchors():
        assert rule_section(rule), rule


def test_a_real_game_log_reads_and_links() -> None:
    result = play_game("the-ford", 0, 5, {"red": "eager", "blue": "eager"})
    assert result.match is not None
    engine = result.match.engine
    names, anchors = names_of(engine.state), rule_anchors()
    for event in engine.log:
        assert describe_event(event, names)
        assert rule_for_event(event) in anchors, event


def test_previews_change_nothing() -> None:
    terrain = make_terrain(obstacles=[LOW, TALL], patches={"woods": rect(2, 2, 4, 4)})
    eng = _engine([_rider(), model("a", "red", "archer", 10.0, 10.5), FOE], terrain)
    before = eng.state.digest()
    preview_move(eng, "r1", [(13.0, 10.5)])
    preview_move(eng, "r1", [(21.0, 19.5)], gambit="mounted_charge")
    preview_move(eng, "r1", [(4.0, 20.0)])
    preview_move(eng, "nobody", [(1.0, 1.0)])
    preview_shot(eng, "a", "b1")
    preview_fight(eng, "r1", "b1", "thrust")
    line_of_sight(eng, "a", "b1")
    reach_rings(eng, "r1")
    assert eng.state.digest() == before
    assert Fraction(1) == sum(gambit_odds().values())
