"""Divers Alarums: each event does what its card says (§2.3)."""

from __future__ import annotations

from game.rules.alarums import EFFECTS, resolve_alarum
from game.rules.context import Act
from game.rules.dice import FixedDice
from tests.rules.fixtures import make_engine, model


def _act(models, dice=()):  # type: ignore[no-untyped-def]
    eng = make_engine(models, dice=[])
    return eng, Act(eng.table, eng.state, FixedDice(list(dice)))


def _two():  # type: ignore[no-untyped-def]
    return [model("r1", "red", "squire", 5, 2.5), model("r2", "red", "billman", 7, 2.5, spear="r1"),
            model("b1", "blue", "squire", 12, 21.5), model("b2", "blue", "archer", 14, 21.5,
                                                            spear="b1")]


def test_every_alarum_effect_has_a_handler() -> None:
    eng, _ = _act(_two())
    assert {a.effect for a in eng.table.content.alarums.values()} <= set(EFFECTS)


def test_turn_effects_last_the_turn() -> None:
    eng, act = _act(_two())
    for name in ("squall", "church_bells", "fog"):
        EFFECTS[name](act, 1)
        assert eng.state.effects[name] == 1


def test_muddy_field_turns_open_ground_to_hard_going() -> None:
    eng, act = _act(_two())
    detail = EFFECTS["muddy_field"](act, 4)
    assert len(eng.state.mud) == 16 and "Hard Going" in detail
    assert eng.table.terrain.kind_at(1.5, 1.5) == "ploughland"


def test_reinforcements_join_the_weaker_side() -> None:
    models = _two()
    models[3].removed = "casualty"
    eng, act = _act(models)
    EFFECTS["reinforcements"](act, 0)
    joined = [m for m in eng.state.models if m.name == "A late-comer"]
    assert len(joined) == 1 and joined[0].side == "blue" and joined[0].spear == "b1"


def test_surgeon_heals_a_wounded_hero() -> None:
    models = _two()
    models[0].health = 1
    eng, act = _act(models)
    EFFECTS["surgeon"](act, 1)
    assert eng.state.model("r1").health == 2


def test_rumour_tests_a_retainer_on_each_side() -> None:
    eng, act = _act(_two(), dice=[6, 1])
    EFFECTS["rumour"](act, 0)
    tests = [e for e in act.events if e.type == "feckless_test"]
    assert [(t.model, t.result) for t in tests] == [("r2", "normal"), ("b2", "flee")]
    assert eng.state.model("b2").activated


def test_loose_dog_with_no_steeds() -> None:
    _, act = _act(_two())
    assert "no steed" in EFFECTS["loose_dog"](act, 2)


def test_resolve_logs_the_alarum() -> None:
    _, act = _act(_two())
    resolve_alarum(act)
    assert [e.type for e in act.events][-1] == "alarum_drawn"


def test_loose_dog_makes_a_steed_test_and_bolt() -> None:
    models = _two()
    models[1] = model("r2", "red", "man_at_arms", 7, 2.5, spear="r1", steed="warhorse",
                      steed_health=2, facing=90.0)
    _, act = _act(models, dice=[2, 3, 6])  # bolts on 2; d12 clock 3 -> due east; keeps the seat on 6
    detail = EFFECTS["loose_dog"](act, act.table.content.alarums["loose_dog"].amount)  # 1-2 bolts
    assert "bolts" in detail
    bolt = [e for e in act.events if e.type == "horse_bolted"][0]
    assert bolt.model == "r2" and bolt.bearing == 90.0 and bolt.kept_seat
