"""The Skills of the three lists (RULES-BRIEF §8, §12.2), each with pinned dice: the same dice give
another result with the Skill than without it. The odds count each Skill that changes them, checked
against the engine by Monte Carlo. The models get their Skills through a copy of the content whose
profiles have them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from contextlib import suppress
from fractions import Fraction
from math import sqrt
from typing import Any

import pytest

from game.content import Content, load_content
from game.content.models import SKILL_LISTS, SKILLS
from game.rules import damage, explain, feckless, gambits, melee, steeds, turn
from game.rules.commands import Activate, EndActivation, Fight, Move, Shoot
from game.rules.context import Act, Rejected
from game.rules.dice import Dice, DiceExhausted, FixedDice
from game.rules.engine import Accepted, Engine
from game.rules.events import DiceRolled, Ev
from game.rules.odds import (
    feckless_odds,
    gambit_odds,
    keep_seat_odds,
    shot_odds,
    thrown_rider_odds,
    will_to_fight_odds,
    wounds_distribution,
)
from game.rules.paths import run_reach
from game.rules.perk_draw import draw_perk
from game.rules.shooting import hit_model
from game.rules.skill_draw import NoSkillLeft, draw_skill, skill_deck
from game.rules.spears import command_range
from game.rules.state import Model
from game.terrain.terrain_map import Obstacle
from tests.rules.fixtures import make_engine, model, wall

N = 6000  # Monte Carlo samples; the tolerance is 4 standard errors


def skilled(*given: tuple[str, str]) -> Content:
    """The shipped content with Skills added to profiles: (profile, skill) pairs."""
    base = load_content()
    profiles = dict(base.profiles)
    for profile, skill in given:
        prof = profiles[profile]
        profiles[profile] = prof.model_copy(update={"skills": (*prof.skills, skill)})
    return base.model_copy(update={"profiles": profiles})


def both(profile: str, skill: str) -> list[tuple[Content, bool]]:
    """The content without and with the Skill on the profile."""
    return [(load_content(), False), (skilled((profile, skill)), True)]


def act_on(content: Content, models: list[Model], dice: list[int]) -> Act:
    """An Act with pinned dice on the fixture's table."""
    eng = make_engine(models, dice=[], content=content)
    return Act(eng.table, eng.state, FixedDice(dice))


def seeded(content: Content, models: list[Model], seed: int) -> Act:
    """An Act rolling real seeded dice, unlogged (for the Monte Carlo checks)."""
    eng = make_engine(models, dice=[], content=content)
    act = Act(eng.table, eng.state, Dice(seed))
    act.dice.sink = None
    return act


def agree(one: Callable[[], object], act: Act, exact: Mapping[Any, Fraction], n: int = N) -> None:
    """The engine's frequencies over n tries match the exact odds within 4 standard errors."""
    counts: Counter[object] = Counter()
    for _ in range(n):
        counts[one()] += 1
        act.events.clear()
    assert sum(exact.values()) == 1
    for key in set(counts) | set(exact):
        p = float(exact.get(key, Fraction(0)))
        seen = counts.get(key, 0) / n
        assert abs(seen - p) <= max(4 * sqrt(p * (1 - p) / n), 1e-12), (key, seen, p)


def kinds(events: list[Ev], kind: str) -> list[Any]:
    return [e for e in events if getattr(e, "type", "") == kind]


def purposes(events: list[Ev]) -> list[str]:
    return [e.purpose for e in events if isinstance(e, DiceRolled)]


def rider(mid: str, side: str, profile: str, x: float, y: float = 10.5, steed: str = "warhorse",
          facing: float = 90.0) -> Model:
    return model(mid, side, profile, x, y, steed=steed, steed_health=2, facing=facing)


# --- the lists -----------------------------------------------------------------------------------


def test_three_lists_of_at_least_six_keep_the_old_skills() -> None:
    content = load_content()
    assert set(content.skills) == set(SKILLS)
    for kind in ("leader", "agility", "strength"):
        listed = [s.id for s in content.skills.values() if s.kind == kind]
        assert len(listed) >= 6 and listed == list(SKILL_LISTS[kind])
    assert {"equestrian", "nimble", "deadly_blade", "skilld_at_arms", "carter"} <= set(SKILLS)


def test_every_skill_is_described_in_the_rules_page() -> None:
    from game.resources import RULES_MD
    text = RULES_MD.read_text(encoding="utf-8")
    missing = [s for s in SKILLS if text.count(f'<a id="rule-{s}"></a>') != 1]
    assert not missing, missing  # each Skill has its own anchor, once


# --- Leader --------------------------------------------------------------------------------------


def _spear(content: Content, retainer_x: float, dice: list[int], hero: str = "squire") -> Engine:
    """A Squire's Spear: the Squire has acted, his billman stands at retainer_x."""
    eng = make_engine([model("r1", "red", hero, 10.0, 10.5), model("r2", "red", "billman", retainer_x, 10.5,
                                                                      spear="r1", name="Jack"),
                       model("b1", "blue", "captain", 20.0, 20.0)], dice=dice, content=content)
    eng.submit(Activate(side="red", model="r1"))
    eng.submit(EndActivation(side="red", model="r1"))
    return eng


def test_commanding_voice_widens_the_command_range() -> None:
    got = []
    for content, _ in both("squire", "commanding"):
        eng = _spear(content, 16.0, [5])  # 5" edge to edge: beyond 2" x Prowess 2
        res = eng.submit(Activate(side="red", model="r2"))
        assert isinstance(res, Accepted)
        got.append((command_range(eng.table, eng.state.model("r1")), len(kinds(res.events, "feckless_test"))))
    assert got == [(4.0, 1), (6.0, 0)]


def test_inspiring_adds_one_to_his_retainers_feckless_tests() -> None:
    results = []
    for content, _ in both("squire", "inspiring"):
        res = _spear(content, 16.0, [4]).submit(Activate(side="red", model="r2"))
        results.append(kinds(res.events, "feckless_test")[0].result)  # type: ignore[union-attr]
    assert results == ["dither", "normal"]


def test_rally_retests_a_failed_feckless_test() -> None:
    results = []
    for content, _ in both("squire", "rally"):
        res = _spear(content, 16.0, [2, 6]).submit(Activate(side="red", model="r2"))
        results.append(kinds(res.events, "feckless_test")[0].result)  # type: ignore[union-attr]
        rallied = [p for p in purposes(res.events) if "rallied by r1" in p]  # type: ignore[union-attr]
        results.append(len(rallied))
    assert results == ["flee", 0, "normal", 1]


def test_a_leader_skill_needs_its_hero_on_the_table() -> None:
    eng = _spear(skilled(("squire", "rally")), 16.0, [2, 6])
    eng.state.model("r1").removed = "casualty"
    res = eng.submit(Activate(side="red", model="r2"))
    assert kinds(res.events, "feckless_test")[0].result == "flee"  # type: ignore[union-attr]


def _will(content: Content, dice: list[int]) -> tuple[bool, list[str]]:
    act = act_on(content, [model("r1", "red", "squire", 5, 5), model("b1", "blue", "captain", 20, 20)], dice)
    act.state.sides["red"].start_models = 6  # one of six left, and no Captain: the test is due
    quits = turn._will_to_fight(act, "red")
    return quits, purposes(act.events)


def test_unyielding_rerolls_a_failed_will_to_fight() -> None:
    assert _will(load_content(), [1, 1, 4, 4])[0] is True
    quits, rolled = _will(skilled(("squire", "unyielding")), [1, 1, 4, 4])
    assert quits is False and "Unyielding reroll" in rolled[-1]
    assert _will(skilled(("squire", "unyielding")), [5, 3])[0] is False  # a pass is not rerolled


def test_stratagem_lets_the_side_hold_one_more_card() -> None:
    held = []
    for content, _ in both("squire", "stratagem"):
        act = act_on(content, [model("r1", "red", "squire", 5, 5), model("b1", "blue", "captain", 20, 20)],
                     [])
        act.state.sides["red"].perks = ["reroll", "extra_move", "rally"]
        act.state.perk_deck = ["hold_fast"]
        draw_perk(act, "red")
        held.append(len(act.state.sides["red"].perks))
    assert held == [3, 4]


def test_steady_the_ranks_spares_his_retainers_the_shock() -> None:
    shocked = []
    for content, _ in both("squire", "steady_the_ranks"):
        models = [rider("r1", "red", "squire", 4.0),
                  model("b1", "blue", "man_at_arms", 17.0, 10.5, spear="b2"),
                  model("b2", "blue", "squire", 18.5, 12.5)]
        eng = make_engine(models, dice=[3, 1], content=content)
        eng.submit(Activate(side="red", model="r1"))
        res = eng.submit(Move(side="red", model="r1", path=((15.5, 10.5),), gambit="mounted_charge"))
        assert isinstance(res, Accepted)
        shocked.append([e.result for e in kinds(res.events, "feckless_test")])
    assert shocked == [["flee"], []]


# --- Agility -------------------------------------------------------------------------------------


def test_born_in_the_saddle_rerolls_a_failed_mounted_charge() -> None:
    outcomes = []
    for content, _ in both("squire", "born_in_the_saddle"):
        m = rider("r1", "red", "squire", 5.0)
        act = act_on(content, [m, model("b1", "blue", "captain", 20, 20)], [1, 5])
        outcomes.append(gambits.gambit_roll(act, m, "mounted_charge"))
    assert outcomes == ["mishap", "success"]


def test_born_in_the_saddle_is_only_for_the_mounted_charge() -> None:
    m = model("r1", "red", "squire", 5.0, 5.0)
    act = act_on(skilled(("squire", "born_in_the_saddle")), [m, model("b1", "blue", "captain", 20, 20)],
                 [1, 5])
    assert gambits.gambit_roll(act, m, "charge") == "mishap"


def test_sure_seat_adds_to_keeping_the_seat() -> None:
    kept = []
    for content, _ in both("billman", "sure_seat"):
        m = rider("r1", "red", "billman", 5.0)
        act = act_on(content, [m, model("b1", "blue", "captain", 20, 20)], [3])
        kept.append(steeds.keep_seat(act, m))
    assert kept == [False, True]


def test_sure_seat_adds_to_the_thrown_rider_test() -> None:
    landed = []
    for content, _ in both("billman", "sure_seat"):
        m = rider("r1", "red", "billman", 5.0)
        act = act_on(content, [m, model("b1", "blue", "captain", 20, 20)], [5])
        landed.append(steeds.thrown_rider(act, m))
    assert landed == ["winded", "on_feet"]


def _run(content: Content, to_x: float) -> Accepted | Rejected:
    eng = make_engine([model("r1", "red", "man_at_arms", 4.0, 10.5), model("b1", "blue", "captain", 20, 20)],
                      dice=[2, 3], content=content)
    eng.submit(Activate(side="red", model="r1"))
    return eng.submit(Move(side="red", model="r1", path=((to_x, 10.5),), gambit="run"))


def test_fleet_of_foot_runs_an_inch_further() -> None:
    assert isinstance(_run(load_content(), 13.5), Rejected)  # 9.5": more than Move 6 and a D3
    res = _run(skilled(("man_at_arms", "fleet_of_foot")), 13.5)
    assert isinstance(res, Accepted)
    assert kinds(res.events, "gambit_rolled")[0].bonus == 4.0  # the D3's 3 and Fleet of Foot's inch
    assert kinds(res.events, "moved")[-1].path[-1] == pytest.approx((13.5, 10.5))


def test_dodge_adds_to_the_save_against_a_shot() -> None:
    wounded = []
    for content, _ in both("man_at_arms", "dodge_shots"):
        victim = model("b1", "blue", "man_at_arms", 10, 10)
        act = act_on(content, [model("r1", "red", "archer", 2, 2), victim], [3])
        hit_model(act, victim, "red")
        wounded.append(victim.health < load_content().profiles["man_at_arms"].health)
    assert wounded == [True, False]


def test_dodge_is_not_for_melee() -> None:
    victim = model("b1", "blue", "man_at_arms", 10, 10)
    act = act_on(skilled(("man_at_arms", "dodge_shots")), [model("r1", "red", "archer", 2, 2), victim], [3])
    assert damage.take_hit(act, victim, "red") is True


def test_equestrian_rerolls_a_fall() -> None:
    hedge: Obstacle = wall("Hedge", (7.0, 0.0), (7.0, 24.0), "hedge")
    results = []
    for profile in ("billman", "squire"):  # a Hero on a steed has it, a Billman has not
        m = rider("r1", "red", profile, 5.0)
        act = act_on(load_content(), [m, model("b1", "blue", "captain", 20, 20)], [1, 6])
        results.append(steeds.jump_test(act, m, hedge) if profile == "squire" else
                       kinds(_jump_events(act, m, hedge), "jump_test")[0].result)
    assert results == ["falls", "sails_over"]


def _jump_events(act: Act, m: Model, hedge: Obstacle) -> list[Ev]:
    with suppress(DiceExhausted):  # the fall's Thrown Rider test has no pinned die: the jump is logged first
        steeds.jump_test(act, m, hedge)
    return act.events


def test_nimble_evades_on_three_in_hard_going() -> None:
    from game.rules.charges import evade
    from tests.rules.fixtures import make_terrain, rect
    evaded = []
    for content, _ in both("archer", "nimble"):
        archer = model("b1", "blue", "archer", 17.0, 10.5)
        eng = make_engine([rider("r1", "red", "squire", 15.0), archer], dice=[],
                          terrain=make_terrain(patches={"woods": rect(15, 8, 20, 13)}), content=content)
        act = Act(eng.table, eng.state, FixedDice([3]))
        evade(act, archer, eng.state.model("r1"))
        evaded.append(archer.x != 17.0)
    assert evaded == [False, True]


# --- Strength ------------------------------------------------------------------------------------


def _fight(content: Content, dice: list[int], **red: object) -> Accepted | Rejected:
    eng = make_engine([model("r1", "red", "man_at_arms", 10.0, 10.5, **red),
                       model("b1", "blue", "man_at_arms", 11.0, 10.5)], dice=dice, content=content)
    eng.submit(Activate(side="red", model="r1"))
    return eng.submit(Fight(side="red", model="r1", target="b1"))


def test_mighty_blow_makes_the_enemy_save_worse() -> None:
    saves = []
    for content, _ in both("man_at_arms", "mighty_blow"):
        res = _fight(content, [6, 1, 1, 1, 4])  # one strike to none: one hit, saved on the 4
        assert isinstance(res, Accepted)
        save = kinds(res.events, "save_rolled")[0]
        saves.append((save.need, save.saved))
    assert saves == [(4, True), (5, False)]


def test_stalwart_rolls_a_die_more_against_a_charger() -> None:
    dice = []
    for content, _ in both("man_at_arms", "stalwart"):
        eng = make_engine([rider("r1", "red", "squire", 8.5), model("b1", "blue", "man_at_arms", 10.0, 10.5)],
                          dice=[1, 1, 1, 1, 1, 1, 1] + [6] * 6, content=content)
        eng.state.model("r1").charged_this_turn = True
        eng.submit(Activate(side="red", model="r1"))
        res = eng.submit(Fight(side="red", model="r1", target="b1"))
        assert isinstance(res, Accepted)
        dice.append(len(kinds(res.events, "melee_round")[0].defender_dice))
    assert dice == [2, 3]


def test_stalwart_is_no_help_against_a_man_who_did_not_charge() -> None:
    res = _fight(skilled(("man_at_arms", "stalwart")), [1, 1, 1, 1])
    assert isinstance(res, Accepted) and len(kinds(res.events, "melee_round")[0].defender_dice) == 2


def test_hard_as_nails_shrugs_off_the_first_wound_on_a_five() -> None:
    health = []
    for content, _ in both("captain", "hard_as_nails"):
        victim = model("b1", "blue", "captain", 10, 10)
        act = act_on(content, [model("r1", "red", "archer", 2, 2), victim], [1, 5])
        damage.take_hit(act, victim, "red")
        health.append(victim.health)
    assert health == [2, 3]


def test_hard_as_nails_only_from_full_health() -> None:
    victim = model("b1", "blue", "captain", 10, 10, health=2)
    act = act_on(skilled(("captain", "hard_as_nails")), [model("r1", "red", "archer", 2, 2), victim], [1])
    assert damage.take_hit(act, victim, "red") is True and victim.health == 1


def test_deadly_blade_and_a_thrust_reroll_fight_dice() -> None:
    m = model("r1", "red", "captain", 5, 5)
    act = act_on(load_content(), [m], [1, 3, 6, 5])
    faces = melee.roll_fight_dice(act, melee.Side(m, 2, "thrust", True), 4)
    assert faces == [6, 5]  # the 1 rerolled by Deadly Blade to a 6, the 3 by the Thrust to a 5
    plain = act_on(load_content(), [m], [1, 3])
    assert melee.roll_fight_dice(plain, melee.Side(m, 2, None, False), 4) == [1, 3]


# --- odds ----------------------------------------------------------------------------------------


def test_unyielding_odds_match_the_engine() -> None:
    content = skilled(("squire", "unyielding"))
    act = seeded(content, [model("r1", "red", "squire", 5, 5), model("b1", "blue", "captain", 20, 20)], 301)
    act.state.sides["red"].start_models = 6

    def one() -> bool:
        act.state.sides["red"].quit = False
        return not turn._will_to_fight(act, "red")

    p = will_to_fight_odds(7, 0, reroll=True)
    assert p > will_to_fight_odds(7)
    agree(one, act, {True: p, False: 1 - p})


@pytest.mark.parametrize(("skill", "bonus", "rally"), [("inspiring", 1, False), ("rally", 0, True)])
def test_inspiring_and_rally_odds_match_the_engine(skill: str, bonus: int, rally: bool) -> None:
    content = skilled(("squire", skill))
    ret = model("r2", "red", "billman", 16.0, 10.5, spear="r1")
    act = seeded(content, [model("r1", "red", "squire", 10, 10.5), ret,
                           model("b1", "blue", "captain", 20, 20)], 302)

    def one() -> str:
        ret.x, ret.y, ret.removed = 16.0, 10.5, ""
        return feckless.feckless_test(act, ret)

    exact = feckless_odds("feckless_normal", bonus, rally=rally)
    assert exact != feckless_odds("feckless_normal")
    agree(one, act, exact, 3000)


def test_born_in_the_saddle_odds_match_the_engine() -> None:
    m = rider("r1", "red", "squire", 5.0)
    act = seeded(skilled(("squire", "born_in_the_saddle")), [m, model("b1", "blue", "captain", 20, 20)], 303)
    exact = gambit_odds(False, 2, again=True)
    assert exact["success"] == 1 - Fraction(1, 36)
    agree(lambda: gambits.gambit_roll(act, m, "mounted_charge"), act, exact)
    eng = make_engine([m, model("b1", "blue", "captain", 20, 20)], dice=[],
                      content=skilled(("squire", "born_in_the_saddle")))
    assert explain.gambit_odds(eng.table, m, "mounted_charge").chances == exact


def test_sure_seat_odds_match_the_engine() -> None:
    m = rider("r1", "red", "billman", 5.0, steed="nag")
    act = seeded(skilled(("billman", "sure_seat")), [m, model("b1", "blue", "captain", 20, 20)], 304)
    p = keep_seat_odds(1, 4, modifier=1)
    assert p == Fraction(2, 3)
    agree(lambda: steeds.keep_seat(act, m), act, {True: p, False: 1 - p})

    def thrown() -> str:
        m.steed, m.steed_health, m.health, m.removed, m.mishap, m.stunned = "warhorse", 2, 9, "", 0, 0
        m.x, m.y = 5.0, 10.5
        return steeds.thrown_rider(act, m)

    agree(thrown, act, thrown_rider_odds(1, 1), 3000)


def test_dodge_and_hard_as_nails_count_in_the_shot_odds() -> None:
    content = skilled(("man_at_arms", "dodge_shots"), ("man_at_arms", "hard_as_nails"))
    eng = make_engine([model("r1", "red", "archer", 5, 10.5), model("b1", "blue", "man_at_arms", 12, 10.5)],
                      dice=[], content=content)
    eng.submit(Activate(side="red", model="r1"))
    plan = eng.check(Shoot(side="red", model="r1", target="b1"))
    got = explain.shot_chances(eng.table, eng.state, plan)  # type: ignore[arg-type]
    # needs 4+ to hit; the save of 4+ becomes 3+ and a failed one is shrugged off on 5+
    assert got == shot_odds(4, 0, 3, shrug=Fraction(1, 3))
    assert got["wounded"] == Fraction(1, 2) * Fraction(1, 3) * Fraction(2, 3)


def test_hard_as_nails_odds_match_the_engine() -> None:
    content = skilled(("captain", "hard_as_nails"))
    victim = model("b1", "blue", "captain", 10, 10)
    act = seeded(content, [model("r1", "red", "archer", 2, 2), victim], 305)

    def one() -> int:
        victim.health, victim.removed = 3, ""
        for _ in range(2):
            damage.take_hit(act, victim, "red")
        return 3 - victim.health

    exact = wounds_distribution(2, 4, shrug=Fraction(1, 3))
    assert exact != wounds_distribution(2, 4)
    agree(one, act, dict(enumerate(exact)))


def test_stalwart_and_mighty_blow_count_in_the_fight_odds() -> None:
    def fight(content: Content) -> explain.FightExplanation:
        eng = make_engine([rider("r1", "red", "squire", 8.5), model("b1", "blue", "man_at_arms", 10.0, 10.5)],
                          dice=[], content=content)
        eng.state.model("r1").charged_this_turn = True
        eng.submit(Activate(side="red", model="r1"))
        plan = eng.check(Fight(side="red", model="r1", target="b1"))
        assert isinstance(plan, melee.FightPlan)
        return explain._fight(eng.table, eng.state, plan)

    plain = fight(load_content())
    stalwart = fight(skilled(("man_at_arms", "stalwart")))
    assert stalwart.defender.dice == plain.defender.dice + 1
    assert stalwart.outcome["win"] < plain.outcome["win"]
    mighty = fight(skilled(("squire", "mighty_blow")))
    # the Squire is mounted, so his own wounds are not worked out; his foe's chance of a wound is
    assert plain.defender.loses_health is not None and mighty.defender.loses_health is not None
    assert mighty.defender.loses_health > plain.defender.loses_health


def test_fleet_of_foot_counts_in_the_reach_of_a_run() -> None:
    eng = make_engine([model("r1", "red", "man_at_arms", 4, 10.5)], dice=[],
                      content=skilled(("man_at_arms", "fleet_of_foot")))
    assert run_reach(eng.table, eng.state.model("r1")) == 4.0
    plain = make_engine([model("r1", "red", "man_at_arms", 4, 10.5)], dice=[])
    assert run_reach(plain.table, plain.state.model("r1")) == 3.0


# --- the Skill deck ------------------------------------------------------------------------------


def test_the_captains_skill_is_drawn_from_the_deck_on_seeded_dice() -> None:
    skill, events = draw_skill(7, ["leader"], taken=("skilld_at_arms",))
    assert skill in SKILL_LISTS["leader"]
    assert draw_skill(7, ["leader"], taken=("skilld_at_arms",)) == (skill, events)  # the seed decides
    (rolled,) = events
    assert isinstance(rolled, DiceRolled) and rolled.sides == 6
    assert rolled.purpose.startswith("Skill deck (Leader, 6 cards): the Captain's extra Skill")
    assert rolled.purpose.endswith(load_content().skills[skill].name)
    held = ("skilld_at_arms", "deadly_blade")
    drawn = {draw_skill(seed, ["leader", "strength"], held)[0] for seed in range(60)}
    assert drawn == set(skill_deck(["leader", "strength"], held))  # every card may come up


def test_the_deck_leaves_out_skills_taken_and_draws_by_the_die() -> None:
    deck = skill_deck(["agility"], ("equestrian", "nimble"))
    assert deck == ["born_in_the_saddle", "sure_seat", "fleet_of_foot", "dodge_shots"]
    assert draw_skill(0, ["agility"], ("equestrian", "nimble"), dice=FixedDice([3]))[0] == "fleet_of_foot"
    with pytest.raises(NoSkillLeft):
        draw_skill(0, ["leader"], SKILL_LISTS["leader"])
    with pytest.raises(ValueError, match="no Skill list"):
        skill_deck(["cunning"], ())
