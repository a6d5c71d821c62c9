"""The tutorial's steps: each is done by the right event or fact and not by a wrong one, the
cast is found on its table, and its pinned seed turns the player's card first."""

from __future__ import annotations

import pytest

from game.rules.events import (
    Activated,
    CardDrawn,
    Casualty,
    ChargeBonus,
    Ev,
    GambitRolled,
    JumpTest,
    MeleeRound,
    SaveRolled,
    ShotFired,
    SpearEnded,
    TurnBegan,
    TurnEnded,
)
from game.scenario import start_game
from game.ui.tutorial import (
    LOG,
    NEXT,
    PLAYER,
    PREVIEW,
    RULES,
    SCENARIO,
    SEED,
    STEPS,
    Cast,
    Now,
    Seen,
    Step,
    Tutorial,
    cast_of,
    short_name,
)

KEYS = {"end_activation": "Space", "gambit_charge": "C", "shoot": "S", "rules": "F1", "skip_ai": "Tab"}


@pytest.fixture(scope="module")
def cast() -> Cast:
    engine = start_game(SCENARIO, SEED)
    return cast_of(engine.table, engine.state, KEYS)


def _melee(attacker: str, defender: str) -> MeleeRound:
    return MeleeRound(attacker=attacker, defender=defender, attacker_dice=[4], defender_dice=[2],
                      attacker_strikes=1, defender_strikes=0, winner=attacker, attacker_hits=0,
                      defender_hits=1)


def _shot(model: str, target: str) -> ShotFired:
    return ShotFired(model=model, target=target, weapon="longbow", distance=10.0, long_range=False,
                     need=4, roll=5, hit=True)


def _cases(c: Cast) -> dict[str, tuple[list[Ev] | str, list[Ev] | str]]:
    """For each step: what completes it, and a near miss that must not."""
    state = start_game(SCENARIO, SEED).state
    ally = next(m.id for m in state.models if m.side != PLAYER and m.id not in (c.billman, c.target))
    return {
        "card": (NEXT, PREVIEW),
        "hero": ([Activated(model=c.hero, in_command=True)], [Activated(model=c.lancer, in_command=True)]),
        "preview": (PREVIEW, NEXT),
        "jump": ([JumpTest(model=c.hero, obstacle="meadow hedge", roll=4, result="awkward")],
                 [JumpTest(model=c.billman, obstacle="meadow hedge", roll=6, result="sails_over")]),
        "lancer": ([Activated(model=c.lancer, in_command=False)],
                   [Activated(model=c.archer, in_command=True)]),
        "charge": ([GambitRolled(model=c.lancer, gambit="mounted_charge", outcome="mishap")],
                   [GambitRolled(model=c.lancer, gambit="river_crossing", outcome="success")]),
        "melee": ([_melee(c.billman, c.lancer)], [_melee(c.billman, ally)]),
        "shot": ([_shot(c.archer, c.target)], [_shot(ally, c.archer)]),
        "log": (LOG, RULES),
        "rules": (RULES, LOG),
        "turn": ([SpearEnded(card=c.hero)], [SpearEnded(card=c.target)]),
        "enemy": ([TurnEnded(turn=1)], [TurnBegan(turn=1)]),
    }


def _seen(what: list[Ev] | str) -> Seen:
    return Seen(facts={what}) if isinstance(what, str) else Seen(events=list(what))


def test_every_step_has_a_case() -> None:
    engine = start_game(SCENARIO, SEED)
    assert [s.key for s in STEPS] == list(_cases(cast_of(engine.table, engine.state, KEYS)))


@pytest.mark.parametrize("step", STEPS, ids=lambda s: s.key)
def test_a_step_is_done_by_the_right_event_and_not_a_wrong_one(step: Step, cast: Cast) -> None:
    right, wrong = _cases(cast)[step.key]
    assert step.done(cast, _seen(right))
    assert not step.done(cast, _seen(wrong))
    assert not step.done(cast, Seen())


def test_the_cast_and_the_words(cast: Cast) -> None:
    engine = start_game(SCENARIO, SEED)
    state = engine.state
    hero, lancer = state.model(cast.hero), state.model(cast.lancer)
    assert hero.side == lancer.side == state.model(cast.archer).side == PLAYER
    assert hero.steed == lancer.steed == "warhorse" and "lance" in lancer.weapons
    assert state.model(cast.billman).profile == "billman" and state.model(cast.target).profile == "captain"
    assert cast.words["hero"] == "Sir Thomas" and cast.words["lancer"] == "Will"
    assert cast.words["move"] == '10"' and cast.words["reach"] == '5"'
    for step in STEPS:  # every text names only words the cast has
        Tutorial(cast).words(step.text)
    assert short_name("Sir Thomas Harcourt") == "Sir Thomas" and short_name("Hal Ferris") == "Hal"


def test_the_seed_turns_the_players_card_first(cast: Cast) -> None:
    state = start_game(SCENARIO, SEED).state
    assert state.drawn == [cast.hero] and state.current_card == cast.hero and state.acting_side == PLAYER


def test_steps_go_in_order_and_reading_steps_need_a_next_each(cast: Cast) -> None:
    tut = Tutorial(cast)
    name = {cast.hero: "Sir Thomas", cast.lancer: "Will"}.get
    tut.saw([Activated(model=cast.hero, in_command=True)], lambda m: name(m) or m)
    assert tut.step is not None and tut.step.key == "card"  # waits for its Next first
    tut.noticed(NEXT, str)
    assert tut.step is not None and tut.step.key == "preview"  # the hero was already activated
    tut.skip()
    assert tut.step is not None and tut.step.key == "jump" and not tut.told
    tut.saw([JumpTest(model=cast.hero, obstacle="meadow hedge", roll=6, result="sails_over")],
            lambda m: name(m) or m)
    assert tut.told == "Sir Thomas sails over the meadow hedge (he rolled 6)."
    for _ in range(len(STEPS)):
        tut.skip()
    assert tut.over and tut.step is None


def test_what_is_told_comes_from_the_events(cast: Cast) -> None:
    steps = {s.key: s for s in STEPS}
    names = {cast.lancer: "Will", cast.billman: "Jack Coke", cast.archer: "Hal", cast.target: "Sir Ralph"}
    n = names.__getitem__
    charge = Seen(events=[GambitRolled(model=cast.lancer, gambit="mounted_charge", outcome="success"),
                          ChargeBonus(model=cast.lancer, active=True, reason="charged home")])
    assert "charged home" in steps["charge"].told(cast, charge, n)
    failed = Seen(events=[GambitRolled(model=cast.lancer, gambit="mounted_charge", outcome="mishap")])
    assert "failed: a Mishap" in steps["charge"].told(cast, failed, n)
    melee = Seen(events=[_melee(cast.lancer, cast.billman),
                         Casualty(model=cast.billman, by_side=PLAYER, valour=1)])
    told = steps["melee"].told(cast, melee, n)
    assert told == "Will wins the round, 1 strike to 0. Jack Coke struck down."
    shot = Seen(events=[_shot(cast.archer, cast.target),
                        SaveRolled(model=cast.target, need=4, roll=5, saved=True)])
    assert steps["shot"].told(cast, shot, n) == ("Hal hits (rolled 5, needing 4+): Sir Ralph is saved by "
                                                 "his armour.")
    card = Seen(events=[SpearEnded(card=cast.hero), CardDrawn(card=cast.target, side="red")])
    assert steps["turn"].told(cast, card, n) == "The next card turned is Sir Ralph's."


def test_the_nudges_follow_the_game(cast: Cast) -> None:
    engine = start_game(SCENARIO, SEED)
    state = engine.state
    steps = {s.key: s for s in STEPS}
    tut = Tutorial(cast)
    assert "Click {lancer}" in steps["lancer"].nudge(cast, Now(state))
    state.active_model = cast.hero
    assert "end {hero}'s activation" in steps["lancer"].nudge(cast, Now(state))
    state.active_model = cast.lancer
    assert "declare the charge" in steps["charge"].nudge(cast, Now(state))
    assert tut.words(steps["charge"].nudge(cast, Now(state, "mounted_charge"))).startswith("Hover Jack Coke")
    assert [m.model for m in steps["charge"].marks(cast, Now(state))] == [cast.billman]
