"""Turn sequence: Hero Deck, Alarums, Perks, end of turn, Will to Fight, game end (§2, §7)."""

from __future__ import annotations

import pytest

from game.content import load_content
from game.rules.commands import Activate, EndActivation, EndSpear, Loot, Move, PlayPerk
from game.rules.context import Act, Rejected
from game.rules.dice import FixedDice
from game.rules.engine import Accepted
from game.rules.spears import build_hero_deck
from game.rules.turn import end_turn, must_test_will
from game.scenario import start_game
from game.terrain.terrain_map import Objective
from tests.rules.fixtures import make_engine, make_terrain, model


def test_new_game_deals_perks_and_builds_the_hero_deck() -> None:
    eng = start_game("skirmish-field", 3)
    s = eng.state
    assert all(len(side.perks) == 2 for side in s.sides.values())
    heroes = [m.id for m in s.models if m.spear == m.id]
    assert len(heroes) == 6
    assert sorted(s.hero_deck + s.drawn) == sorted(heroes + ["alarums"])
    assert s.active_side in ("red", "blue") and s.current_card in heroes
    assert len(s.living("red")) == len(s.living("blue")) == 12


def test_same_seed_same_game() -> None:
    a, b = start_game("skirmish-field", 11), start_game("skirmish-field", 11)
    assert a.state.digest() == b.state.digest()
    assert start_game("skirmish-field", 12).state.digest() != a.state.digest()


def test_hero_deck_keeps_leaderless_spears_and_drops_empty_ones() -> None:
    eng = make_engine([model("r1", "red", "squire", 5, 5), model("r2", "red", "billman", 6.5, 5,
                       spear="r1"), model("b1", "blue", "squire", 20, 20)], dice=[])
    eng.state.model("r1").removed = "casualty"
    assert build_hero_deck(eng.state) == ["r1", "b1", "alarums"]
    eng.state.model("r2").removed = "casualty"
    assert build_hero_deck(eng.state) == ["b1", "alarums"]


def _end_turn(eng, dice):  # type: ignore[no-untyped-def]
    act = Act(eng.table, eng.state, FixedDice(dice))
    end_turn(act)
    return act.events


def test_will_to_fight_failure_loses_the_game() -> None:
    models = [model("r1", "red", "captain", 5, 5), model("r2", "red", "billman", 7, 5, spear="r1"),
              model("b1", "blue", "captain", 20, 20)]
    eng = make_engine(models, dice=[])
    eng.state.model("r2").removed = "casualty"  # red at half strength
    events = _end_turn(eng, [3, 3])  # 6 < 7
    wtf = [e for e in events if e.type == "will_to_fight"]
    assert [(e.side, e.total, e.passed) for e in wtf] == [("red", 6, False)]
    assert eng.state.over and eng.state.winner == "blue"


def test_models_that_drove_off_with_the_escort_are_not_lost_for_the_will_to_fight() -> None:
    models = [model("r1", "red", "captain", 5, 5), model("r2", "red", "billman", 7, 5, spear="r1"),
              model("r3", "red", "billman", 9, 5, spear="r1"),
              model("r4", "red", "billman", 11, 5, spear="r1"),
              model("b1", "blue", "captain", 20, 20)]
    eng = make_engine(models, dice=[])
    eng.state.model("r1").removed = "escaped"  # the Captain rode off the table on the wagon...
    eng.state.model("r2").removed = "escaped"  # ...with a billman: half the retinue left, none lost
    assert not must_test_will(eng.table, eng.state, "red")
    events = _end_turn(eng, [])  # no Will to Fight to roll: no dice
    assert not [e for e in events if e.type == "will_to_fight"] and not eng.state.over
    eng.state.model("r3").removed = "casualty"  # one lost: 3 of 4 still with the retinue, no test
    assert not must_test_will(eng.table, eng.state, "red")
    eng.state.model("r4").removed = "pillage"  # ridden off to pillage: lost (2 of 4)
    assert must_test_will(eng.table, eng.state, "red")
    eng2 = make_engine(models[:2] + models[4:], dice=[])
    eng2.state.model("r1").removed = "casualty"  # a Captain cut down is lost
    assert must_test_will(eng2.table, eng2.state, "red")


def test_will_to_fight_pass_continues_and_stout_heart_helps() -> None:
    models = [model("r1", "red", "squire", 5, 5), model("b1", "blue", "captain", 20, 20)]
    eng = make_engine(models, dice=[])
    eng.state.sides["red"].will_bonus = 1  # Stout Hearts
    events = _end_turn(eng, [3, 3])  # red lost no-one but has no Captain: 6 + 1 = 7 passes
    wtf = [e for e in events if e.type == "will_to_fight"][0]
    assert wtf.passed and wtf.total == 7
    assert not eng.state.over and eng.state.turn == 2


def test_turn_limit_ends_on_valour_with_hold_objectives() -> None:
    terrain = make_terrain(objectives=[Objective("Cross", "hold", 12, 12, 3, 2)])
    models = [model("r1", "red", "captain", 12, 13.5), model("b1", "blue", "captain", 3, 20)]
    eng = make_engine(models, dice=[], terrain=terrain)
    eng.state.max_turns = 1
    events = _end_turn(eng, [])
    assert any(e.type == "objective_held" and e.side == "red" for e in events)
    assert eng.state.over and eng.state.winner == "red"
    assert eng.state.sides["red"].valour == 2


def test_end_of_turn_draws_a_perk_up_to_three() -> None:
    models = [model("r1", "red", "captain", 5, 5), model("b1", "blue", "captain", 20, 20)]
    eng = make_engine(models, dice=[])
    eng.state.perk_deck = ["fortune", "rally", "swift_feet"]
    eng.state.sides["red"].perks = ["fortune", "rally"]
    eng.state.sides["blue"].perks = ["fortune", "rally", "hold_fast"]
    _end_turn(eng, [])
    assert len(eng.state.sides["red"].perks) == 3 and len(eng.state.sides["blue"].perks) == 3


def test_loot_objective_gives_valour_once() -> None:
    terrain = make_terrain(objectives=[Objective("Chest", "loot", 6, 5, 1, 1)])
    eng = make_engine([model("r1", "red", "captain", 5, 5), model("b1", "blue", "captain", 20, 20)],
                      dice=[], terrain=terrain)
    eng.submit(Activate(side="red", model="r1"))
    assert isinstance(eng.submit(Loot(side="red", model="r1", objective="Chest")), Accepted)
    assert eng.state.sides["red"].valour == 1
    res = eng.submit(Loot(side="red", model="r1", objective="Chest"))
    assert isinstance(res, Rejected)


def test_not_your_turn_and_end_spear_passes_the_card() -> None:
    eng = make_engine([model("r1", "red", "captain", 5, 5), model("b1", "blue", "captain", 20, 20)],
                      dice=[])
    res = eng.submit(Activate(side="blue", model="b1"))
    assert isinstance(res, Rejected) and res.code == "not_your_turn"
    assert isinstance(eng.submit(EndSpear(side="red")), Accepted)
    assert eng.state.active_side == "blue" and eng.state.current_card == "b1"


@pytest.mark.parametrize("card,check", [
    ("swift_feet", lambda m: m.extra_move == 1), ("hold_fast", lambda m: m.save_bonus == 1),
    ("fortune", lambda m: m.reroll_ready),
])
def test_perks_on_the_active_model(card, check) -> None:  # type: ignore[no-untyped-def]
    eng = make_engine([model("r1", "red", "captain", 5, 5), model("b1", "blue", "captain", 20, 20)],
                      dice=[])
    eng.state.sides["red"].perks = [card]
    eng.submit(Activate(side="red", model="r1"))
    assert isinstance(eng.submit(PlayPerk(side="red", card=card, model="r1")), Accepted)
    assert check(eng.state.model("r1"))
    assert eng.state.sides["red"].perks == [] and eng.state.perk_discard == [card]


def test_swift_feet_extends_the_move() -> None:
    eng = make_engine([model("r1", "red", "captain", 5, 5.5), model("b1", "blue", "captain", 20, 20)],
                      dice=[])
    eng.state.sides["red"].perks = ["swift_feet"]
    eng.submit(Activate(side="red", model="r1"))
    assert isinstance(eng.submit(Move(side="red", model="r1", path=((12, 5.5),))), Rejected)
    eng.submit(PlayPerk(side="red", card="swift_feet", model="r1"))
    assert isinstance(eng.submit(Move(side="red", model="r1", path=((12, 5.5),))), Accepted)


def test_rally_skips_the_feckless_test() -> None:
    eng = make_engine([model("r1", "red", "squire", 5, 5), model("r2", "red", "billman", 15, 5,
                       spear="r1"), model("b1", "blue", "captain", 20, 20)], dice=[])
    eng.state.sides["red"].perks = ["rally"]
    eng.submit(Activate(side="red", model="r1"))
    eng.submit(EndActivation(side="red", model="r1"))
    assert isinstance(eng.submit(PlayPerk(side="red", card="rally", model="r2")), Accepted)
    res = eng.submit(Activate(side="red", model="r2"))
    assert not any(e.type == "feckless_test" for e in res.events)


def test_counter_charge_perk_is_not_playable_on_foot() -> None:
    eng = make_engine([model("r1", "red", "squire", 5, 5), model("b1", "blue", "captain", 20, 20)],
                      dice=[])
    eng.state.sides["red"].perks = ["counter_charge"]
    res = eng.submit(PlayPerk(side="red", card="counter_charge", model="r1"))
    assert isinstance(res, Rejected) and res.code == "wrong_moment"


def test_content_decks_are_big_enough() -> None:
    content = load_content()
    assert len(content.alarums) >= 8
    assert len({p.effect for p in content.perks.values()}) >= 6
