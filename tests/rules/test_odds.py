"""Odds are pure functions: exact values, and Monte Carlo checks against the engine's own rolls."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from math import sqrt
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import damage, feckless, gambits, melee, missiles, odds, shooting, spears, steeds, turn
from game.rules.commands import Shoot
from game.rules.context import Act
from game.rules.dice import Dice
from game.rules.events import BlockedShot, MeleeRound, ShotFired
from game.rules.odds import (
    best_of_distribution,
    d6_test,
    describe_odds,
    describe_test,
    evade_odds,
    expected,
    feckless_odds,
    gambit_odds,
    jump_odds,
    keep_seat_odds,
    melee_odds,
    save_odds,
    shot_odds,
    strike_chance,
    strikes_distribution,
    table_odds,
    thrown_rider_odds,
    will_to_fight_odds,
    wounds_distribution,
)
from game.rules.state import Model
from game.terrain.terrain_map import TerrainMap
from tests.rules.fixtures import make_engine, make_terrain, model, wall

F = Fraction
N = 20000  # samples per Monte Carlo check; tolerance is 4 standard errors


def _act(models: list[Model], seed: int, terrain: TerrainMap | None = None) -> Act:
    """An Act on a tiny fixture, rolling real seeded dice (unlogged, for speed)."""
    eng = make_engine(models, seed=seed, terrain=terrain)
    act = Act(eng.table, eng.state, Dice(seed))
    act.dice.sink = None
    return act


def _agree(counts: Mapping[Any, int], n: int, exact: Mapping[Any, Fraction]) -> None:
    """Observed frequencies match exact probabilities within 4 standard errors (0 and 1 exactly)."""
    assert sum(exact.values()) == 1
    for key in set(counts) | set(exact):
        p = float(exact.get(key, F(0)))
        seen = counts.get(key, 0) / n
        if p in (0.0, 1.0):
            assert seen == p, (key, seen, p)
        else:
            assert abs(seen - p) <= 4 * sqrt(p * (1 - p) / n), (key, seen, p)


def _sample(act: Act, n: int, one: Callable[[], object]) -> Counter[object]:
    counts: Counter[object] = Counter()
    for _ in range(n):
        counts[one()] += 1
        act.events.clear()
    return counts


def _as_dist(values: Sequence[Fraction]) -> dict[object, Fraction]:
    return {k: p for k, p in enumerate(values)}


# --- exact values -----------------------------------------------------------------------------


def test_d6_tests_exact() -> None:
    assert d6_test(4) == F(1, 2)
    assert d6_test(2) == F(5, 6)
    assert d6_test(1) == F(5, 6)  # a natural 1 always fails
    assert d6_test(6, modifier=5) == F(5, 6)
    assert d6_test(7) == 0
    assert d6_test(4, reroll=True) == F(3, 4)
    assert d6_test(3, modifier=-1) == F(1, 2)
    assert evade_odds(4) == F(1, 2) and evade_odds(3) == F(2, 3)
    assert save_odds(4) == F(1, 2) and save_odds(7) == 0 and save_odds(1) == F(5, 6)
    assert save_odds(6, reroll=True) == F(11, 36)
    assert will_to_fight_odds() == F(7, 12)
    assert will_to_fight_odds(7, bonus=4) == F(35, 36)  # no automatic failure on 2d6
    assert will_to_fight_odds(13) == 0


def test_gambits_exact() -> None:
    assert gambit_odds() == {"success": F(5, 6), "mishap": F(5, 36), "calamity": F(1, 36)}
    assert gambit_odds(reroll=True)["calamity"] == F(1, 216)


def test_tables_exact() -> None:
    assert feckless_odds("feckless_normal") == {"normal": F(1, 3), "dither": F(1, 3),
                                                 "flee": F(1, 3)}
    assert feckless_odds("feckless_normal", bonus=1)["normal"] == F(1, 2)
    assert feckless_odds("feckless_warhorse", bonus=-1)["pillage"] == F(1, 2)
    assert feckless_odds("feckless_normal", reroll=True)["normal"] == F(5, 9)
    assert jump_odds(False) == {"sails_over": F(1, 6), "awkward": F(2, 3), "falls": F(1, 6)}
    # Equestrian rerolls a fall only
    assert jump_odds(True) == {"sails_over": F(7, 36), "awkward": F(28, 36), "falls": F(1, 36)}
    assert thrown_rider_odds(1) == {"crushed": F(1, 6), "hard_fall": F(1, 3),
                                    "winded": F(1, 3), "on_feet": F(1, 6)}
    assert thrown_rider_odds(2)["on_feet"] == F(11, 36)
    assert thrown_rider_odds(3)["crushed"] == F(1, 216)
    assert thrown_rider_odds(1, modifier=-1)["on_feet"] == 0
    assert thrown_rider_odds(0) == thrown_rider_odds(1)  # Retainers roll one die
    assert keep_seat_odds(1) == F(1, 2)
    assert keep_seat_odds(3) == 1 - F(1, 2) ** 3
    assert best_of_distribution(2)[6] == F(11, 36)
    assert table_odds("stun")["3"] == F(1, 6)


def test_shooting_exact() -> None:
    odds = shot_odds(4, 1, 4)
    assert odds == {"miss": F(1, 2), "blocked": F(1, 4), "saved": F(1, 8), "wounded": F(1, 8)}
    assert shot_odds(4, 0, 7)["wounded"] == F(1, 2)
    assert shot_odds(4, 2, 6)["wounded"] == F(1, 2) * F(1, 4) * F(5, 6)
    mounted = shot_odds(6, 0, 4, steed_save=5)
    assert mounted["steed_saved"] + mounted["steed_wounded"] == F(1, 12)
    assert mounted["steed_wounded"] == F(1, 12) * F(2, 3)
    assert wounds_distribution(1, 4) == [F(1, 2), F(1, 2)]
    assert wounds_distribution(2, 7) == [0, 0, 1]
    assert wounds_distribution(2, 4, health=1) == [F(1, 4), F(3, 4)]
    assert wounds_distribution(1, 4, blocked_on=3) == [F(3, 4), F(1, 4)]
    assert wounds_distribution(1, 4, reroll=True) == [F(3, 4), F(1, 4)]


def test_strikes_exact() -> None:
    assert strikes_distribution(1) == [F(1, 2), F(1, 2)]
    assert strikes_distribution(2) == [F(1, 4), F(1, 2), F(1, 4)]
    assert strike_chance(deadly=True) == F(7, 12)
    assert strike_chance(deadly=True, reroll_max=2) == F(2, 3)
    assert strikes_distribution(1, thrust=True) == [F(1, 4), F(3, 4)]
    assert strikes_distribution(0) == [1]
    assert expected(strikes_distribution(3)) == F(3, 2)


def test_melee_exact() -> None:
    odds = melee_odds(1, 1)
    assert odds.outcome == {"attacker": F(1, 4), "defender": F(1, 4), "both_hit": F(1, 4),
                            "stand_off": F(1, 4)}
    assert odds.hits_on_defender == [F(1, 2), F(1, 2)]
    # Fend leaves at least one die; Parry cancels the lone strike
    fended = melee_odds(1, 2, att_option="fend")
    assert fended.defender_dice == 1 and fended.attacker_dice == 1
    parried = melee_odds(1, 1, def_option="parry")
    assert parried.outcome["attacker"] == 0
    assert parried.outcome["defender"] == F(1, 2)
    assert melee_odds(3, 2, def_option="fend").attacker_dice == 2
    with pytest.raises(ValueError):
        melee_odds(1, 1, att_option="feint")


def test_describe() -> None:
    assert describe_test(F(5, 6)) == "5 in 6"
    assert describe_test(F(1, 2)) == "3 in 6"
    assert describe_test(F(1, 36)) == "1 in 36"
    assert describe_test(F(7, 12)) == "7 in 12"
    assert describe_test(F(1, 216)) == "1 in 216"
    assert describe_test(F(91, 216)) == "about 42%"
    assert describe_test(F(0)) == "no chance" and describe_test(F(1)) == "certain"
    assert describe_odds(jump_odds(True)) == "sails over 7 in 36, awkward 7 in 9, falls 1 in 36"


# --- Monte Carlo against the engine's own resolution ------------------------------------------


@pytest.mark.parametrize(("target", "modifier", "reroll", "seed"), [
    (4, 0, False, 1), (4, 0, True, 2), (3, 1, False, 3), (6, -1, True, 4), (2, 3, True, 5),
])
def test_d6_test_matches_act_test(target: int, modifier: int, reroll: bool, seed: int) -> None:
    m = model("m", "red", "man_at_arms", 5, 5)
    act = _act([m], seed)

    def one() -> bool:
        m.reroll_ready = reroll
        return act.test(m, "Test", target, modifier)[1]

    _agree(_sample(act, N, one), N, {True: d6_test(target, modifier, reroll),
                                     False: 1 - d6_test(target, modifier, reroll)})


def test_evade_matches_act_test() -> None:
    m = model("m", "red", "archer", 5, 5)
    act = _act([m], 11)
    p = evade_odds(3, modifier=1)
    _agree(_sample(act, N, lambda: act.test(m, "Evade", 3, 1)[1]), N, {True: p, False: 1 - p})


@pytest.mark.parametrize(("reroll", "seed"), [(False, 21), (True, 22)])
def test_gambit_matches_gambit_roll(reroll: bool, seed: int) -> None:
    m = model("m", "red", "man_at_arms", 5, 5)
    act = _act([m], seed)

    def one() -> str:
        m.reroll_ready = reroll
        return gambits.gambit_roll(act, m, "charge")

    need = act.table.numbers.gambit_success
    _agree(_sample(act, N, one), N, gambit_odds(reroll, need))


@pytest.mark.parametrize(("steed", "bonus", "reroll", "seed"), [
    (None, 0, False, 31), (None, 1, True, 32), ("warhorse", 0, True, 33),
    ("warhorse", -1, False, 34),
])
def test_feckless_matches_feckless_test(steed: str | None, bonus: int, reroll: bool,
                                        seed: int) -> None:
    m = model("m", "red", "man_at_arms", 0.0, 12.0, steed=steed)  # on the edge: no run to make
    hero = model("h", "red", "captain", 20, 20)
    act = _act([hero, m], seed)
    act.state.effects["church_bells"] = bonus

    def one() -> str:
        m.reroll_ready = reroll
        m.x, m.y = 0.0, 12.0
        return feckless.feckless_test(act, m)

    table_id = spears.feckless_table_id(act.table, m)
    _agree(_sample(act, N, one), N, feckless_odds(table_id, bonus, reroll))


@pytest.mark.parametrize(("profile", "modifier", "reroll", "seed"), [
    ("man_at_arms", 0, False, 41), ("man_at_arms", 1, True, 42), ("billman", -1, True, 43),
    ("archer", -1, False, 44),
])
def test_save_matches_take_hit(profile: str, modifier: int, reroll: bool, seed: int) -> None:
    m = model("m", "red", profile, 5, 5)
    act = _act([m], seed)
    need = damage.save_target(act, m, modifier)

    def one() -> bool:
        m.reroll_ready = reroll
        m.health, m.removed = 5, ""
        return not damage.take_hit(act, m, "blue", modifier)

    p = save_odds(need, reroll)
    _agree(_sample(act, N, one), N, {True: p, False: 1 - p})


@pytest.mark.parametrize(("hits", "defended", "reroll", "health", "seed"), [
    (3, True, True, 2, 51), (2, False, True, 3, 52), (4, False, False, 3, 53),
])
def test_wounds_match_melee_hits(hits: int, defended: bool, reroll: bool, health: int,
                                 seed: int) -> None:
    m = model("m", "red", "man_at_arms", 5, 5)
    foe = model("f", "blue", "man_at_arms", 6, 5)
    act = _act([m, foe], seed)
    n = N // 2

    def one() -> int:
        m.reroll_ready = reroll
        m.health, m.removed = health, ""
        melee._hits(act, m, melee.Side(foe, 2, None, False), hits, defended, False)
        return health - m.health

    blocked_on = act.table.numbers.blocked_stroke_hits_on if defended else 0
    exact = wounds_distribution(hits, damage.save_target(act, m), blocked_on, reroll, health)
    _agree(_sample(act, n, one), n, _as_dist(exact))


@pytest.mark.parametrize(("reroll", "blocked", "seed"), [(False, True, 61), (True, False, 62)])
def test_shot_matches_do_shoot(reroll: bool, blocked: bool, seed: int) -> None:
    archer = model("a", "red", "archer", 2, 12)
    target = model("t", "blue", "man_at_arms", 13, 12)
    others = [model("b", "blue", "billman", 8, 12)] if blocked else []
    terrain = None
    if blocked:
        terrain = make_terrain(obstacles=[wall("hedge", (5, 8), (5, 16), kind="hedge")])
    act = _act([archer, target, *others], seed, terrain=terrain)
    act.state.active_model = archer.id
    plan = shooting.plan_shot(act.table, act.state, Shoot(side="red", model="a", target="t"))
    assert isinstance(plan, missiles.ShotPlan)
    n_blockers = len(missiles.blockers(act.table, act.state, plan))
    assert n_blockers == (2 if blocked else 0)
    n = N // 2

    def one() -> str:
        archer.reroll_ready = reroll
        for o in (target, *others):
            o.health, o.removed = 1, ""
        shooting.do_shoot(act, plan)
        if target.health == 0:
            return "wounded"
        if any(isinstance(e, BlockedShot) and e.absorbed for e in act.events):
            return "blocked"
        shot = next(e for e in act.events if isinstance(e, ShotFired))
        return "saved" if shot.hit else "miss"

    exact = shot_odds(plan.need, n_blockers, damage.save_target(act, target),
                      act.table.numbers.blocked_shot_hits_on, reroll=reroll)
    _agree(_sample(act, n, one), n, exact)


def test_will_to_fight_matches_turn() -> None:
    m = model("m", "red", "man_at_arms", 5, 5)
    act = _act([m, model("e", "blue", "man_at_arms", 20, 20)], 71)
    ss = act.state.sides["red"]
    ss.start_models = 4

    def one() -> bool:
        ss.will_bonus, ss.quit = -1, False
        return not turn._will_to_fight(act, "red")

    p = will_to_fight_odds(act.table.numbers.will_to_fight_target, -1)
    _agree(_sample(act, N, one), N, {True: p, False: 1 - p})


@pytest.mark.parametrize(("dice", "deadly", "option", "seed"), [
    (3, False, None, 81), (3, True, "thrust", 82), (2, False, "thrust", 83),
    (4, True, None, 84),
])
def test_strikes_match_roll_fight_dice(dice: int, deadly: bool, option: str | None,
                                       seed: int) -> None:
    m = model("m", "red", "captain", 5, 5)
    act = _act([m], seed)
    side = melee.Side(m, dice, option, deadly)
    on = act.table.numbers.strike_on

    def one() -> int:
        return sum(1 for d in melee.roll_fight_dice(act, side, on) if d >= on)

    exact = strikes_distribution(dice, deadly, option == "thrust", on)
    _agree(_sample(act, N, one), N, _as_dist(exact))


@pytest.mark.parametrize(("a_opt", "d_opt", "seed"), [
    ("thrust", "parry", 91), ("fend", None, 92), ("parry", "fend", 93), (None, "thrust", 94),
])
def test_melee_matches_do_fight(a_opt: str | None, d_opt: str | None, seed: int) -> None:
    att = model("a", "red", "captain", 5, 5, health=10**6)
    dfd = model("d", "blue", "squire", 6, 5, health=10**6)
    act = _act([att, dfd], seed)
    table, state = act.table, act.state
    a_n = melee.fight_dice(table, state, att, dfd, d_opt)
    d_n = melee.fight_dice(table, state, dfd, att, a_opt)
    plan = melee.FightPlan(melee.Side(att, a_n, a_opt, table.has_skill(att, "deadly_blade")),
                           melee.Side(dfd, d_n, d_opt, table.has_skill(dfd, "deadly_blade")),
                           False)
    n = N // 2
    outcomes: Counter[object] = Counter()
    on_att: Counter[object] = Counter()
    on_def: Counter[object] = Counter()
    for _ in range(n):
        att.x, att.y, dfd.x, dfd.y = 5, 5, 6, 5
        melee.do_fight(act, plan)
        ev = next(e for e in act.events if isinstance(e, MeleeRound))
        key = {"a": "attacker", "d": "defender"}.get(ev.winner) or (
            "both_hit" if ev.attacker_hits else "stand_off")
        outcomes[key] += 1
        on_att[ev.attacker_hits] += 1
        on_def[ev.defender_hits] += 1
        act.events.clear()
    # dice are given before the enemy's Fend; melee_odds applies it as fight_dice does
    pre_a = melee.fight_dice(table, state, att, dfd, None)
    pre_d = melee.fight_dice(table, state, dfd, att, None)
    odds = melee_odds(pre_a, pre_d, att_option=a_opt, def_option=d_opt,
                      att_deadly=plan.attacker.deadly, def_deadly=plan.defender.deadly,
                      strike_on=table.numbers.strike_on)
    assert (odds.attacker_dice, odds.defender_dice) == (a_n, d_n)
    _agree(outcomes, n, odds.outcome)
    _agree(on_att, n, _as_dist(odds.hits_on_attacker))
    _agree(on_def, n, _as_dist(odds.hits_on_defender))


# Jump, Thrown Rider and keeping the seat: the odds against the engine's own mounted code.

def _reset_rider(m: Model, health: int) -> None:
    m.steed, m.steed_health, m.health, m.removed = "warhorse", 2, health, ""
    m.mishap = m.stunned = 0
    m.x, m.y = 5.0, 5.5


@pytest.mark.parametrize(("profile", "seed"), [("man_at_arms", 101), ("squire", 102)])
def test_jump_matches_steeds_jump_test(profile: str, seed: int) -> None:
    rider = model("r", "red", profile, 5.0, 5.5, steed="warhorse", steed_health=2, facing=90.0)
    foe = model("f", "blue", "man_at_arms", 20.0, 20.5)
    act = _act([rider, foe], seed)
    act.dice.sink = None
    hedge = wall("Hedge", (7.0, 0.0), (7.0, 24.0), "hedge")
    equestrian = act.table.has_skill(rider, "equestrian")  # a mounted Hero has it, a Retainer not

    def one() -> str:
        _reset_rider(rider, 2)
        return steeds.jump_test(act, rider, hedge)

    _agree(_sample(act, N // 2, one), N // 2, jump_odds(equestrian))


@pytest.mark.parametrize(("profile", "modifier", "seed"), [("man_at_arms", 0, 111),
                                                            ("captain", -1, 112)])
def test_thrown_rider_matches_steeds_thrown_rider(profile: str, modifier: int, seed: int) -> None:
    rider = model("r", "red", profile, 5.0, 5.5, steed="warhorse", steed_health=2, facing=90.0)
    act = _act([rider, model("f", "blue", "man_at_arms", 20.0, 20.5)], seed)
    n_dice = steeds.rider_dice(act, rider)

    def one() -> str:
        _reset_rider(rider, 9)
        return steeds.thrown_rider(act, rider, modifier)

    _agree(_sample(act, N // 2, one), N // 2, thrown_rider_odds(n_dice, modifier))


@pytest.mark.parametrize(("profile", "seed"), [("archer", 121), ("captain", 122)])
def test_keep_seat_matches_bolting_keep_seat(profile: str, seed: int) -> None:
    rider = model("r", "red", profile, 5.0, 5.5, steed="nag", steed_health=2, facing=90.0)
    act = _act([rider, model("f", "blue", "man_at_arms", 20.0, 20.5)], seed)
    p = keep_seat_odds(steeds.rider_dice(act, rider))
    _agree(_sample(act, N, lambda: steeds.keep_seat(act, rider)), N, {True: p, False: 1 - p})


@pytest.mark.parametrize("seed", [131])
def test_mounted_gambits_share_the_gambit_odds(seed: int) -> None:
    rider = model("r", "red", "squire", 5.0, 5.5, steed="warhorse", steed_health=2, facing=90.0)
    act = _act([rider, model("f", "blue", "man_at_arms", 20.0, 20.5)], seed)
    counts = _sample(act, N, lambda: gambits.gambit_roll(act, rider, "mounted_charge"))
    _agree(counts, N, gambit_odds())


# --- properties -------------------------------------------------------------------------------

OPTION = st.sampled_from([None, "thrust", "parry", "fend"])


@settings(max_examples=60, deadline=None)
@given(dice=st.integers(0, 8), deadly=st.booleans(), thrust=st.booleans(),
       strike_on=st.integers(1, 7), reroll_max=st.integers(0, 3))
def test_strikes_distribution_is_a_distribution(dice: int, deadly: bool, thrust: bool,
                                                strike_on: int, reroll_max: int) -> None:
    dist = strikes_distribution(dice, deadly, thrust, strike_on, reroll_max)
    assert len(dist) == dice + 1  # never more strikes than dice
    assert sum(dist) == 1 and all(p >= 0 for p in dist)


@settings(max_examples=60, deadline=None)
@given(a=st.integers(0, 6), d=st.integers(0, 6), a_opt=OPTION, d_opt=OPTION,
       a_deadly=st.booleans(), d_deadly=st.booleans())
def test_melee_odds_are_distributions(a: int, d: int, a_opt: str | None, d_opt: str | None,
                                      a_deadly: bool, d_deadly: bool) -> None:
    odds = melee_odds(a, d, att_option=a_opt, def_option=d_opt, att_deadly=a_deadly,
                      def_deadly=d_deadly)
    for dist in (odds.outcome.values(), odds.hits_on_attacker, odds.hits_on_defender,
                 odds.joint.values()):
        assert sum(dist) == 1 and all(p >= 0 for p in dist)
    assert len(odds.hits_on_defender) == odds.attacker_dice + 1


@settings(max_examples=60, deadline=None)
@given(target=st.integers(-2, 9), modifier=st.integers(-3, 3), reroll=st.booleans(),
       n=st.integers(0, 5), blockers=st.integers(0, 3), save=st.integers(1, 8),
       steed=st.booleans())
def test_every_distribution_sums_to_one(target: int, modifier: int, reroll: bool, n: int,
                                        blockers: int, save: int, steed: bool) -> None:
    p = d6_test(target, modifier, reroll)
    assert 0 <= p <= 5 * F(1, 6) + F(1, 36) * 5 and p >= d6_test(target + 1, modifier, reroll)
    assert p >= d6_test(target, modifier)
    assert 0 <= keep_seat_odds(n) <= 1 and 0 <= will_to_fight_odds(target + 4, modifier) <= 1
    dists: list[Mapping[Any, Fraction]] = [
        gambit_odds(reroll, max(target, 1)),
        feckless_odds("feckless_normal", modifier, reroll),
        feckless_odds("feckless_warhorse", modifier, reroll),
        jump_odds(reroll, modifier),
        thrown_rider_odds(n, modifier),
        shot_odds(target, blockers, save, reroll=reroll,
                  steed_save=save if steed else None),
        _as_dist(wounds_distribution(n, save, blockers, reroll)),
        _as_dist(wounds_distribution(n, save, 0, reroll, health=blockers)),
        _as_dist(best_of_distribution(n)),
    ]
    for dist in dists:
        assert sum(dist.values()) == 1 and all(v >= 0 for v in dist.values())


def test_remembered_odds_hand_out_copies() -> None:
    """A caller changing the lists it was given cannot change the next caller's odds."""
    first = odds.melee_odds(3, 2, att_option="thrust")
    first.hits_on_defender[1] = Fraction(7)
    first.outcome["attacker"] = Fraction(7)
    again = odds.melee_odds(3, 2, att_option="thrust")
    assert sum(again.hits_on_defender) == 1 and again.outcome["attacker"] < 1
    wounds = odds.wounds_distribution(3, 4)
    wounds[0] = Fraction(7)
    assert sum(odds.wounds_distribution(3, 4)) == 1
