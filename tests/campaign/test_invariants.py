"""The post-battle sequence's invariants over many generated battle results, on the campaign's own dice:
a dead Hero never takes the field again, the retinue after the muster is legal or the sequence says
why not, Prestige never falls below zero, and the same seed and results give the same campaign."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.campaign import BattleResult, Campaign, after_battle
from game.campaign.market import cannot_field
from game.content import load_content
from game.muster import breaches, muster_rules
from tests.campaign.helpers import campaign

SIDES = ("red", "blue")


@st.composite
def battle(draw: st.DrawFn, c: Campaign) -> BattleResult:
    """A result for the campaign's rosters: any model taken, fled or standing, with Valour and steeds."""
    models = []
    for side in SIDES:
        retinue = c.sides[side]  # type: ignore[index]
        for m, rec in zip(retinue.roster.members, retinue.records, strict=True):
            if rec.misses_next:
                continue
            steed = draw(st.sampled_from(["kept", "regained", "killed"])) if m.steed else "none"
            models.append({"side": side, "member": rec.number,
                           "state": draw(st.sampled_from(["standing", "standing", "casualty", "fled"])),
                           "valour": draw(st.integers(0, 8)), "steed": steed,
                           "struck": draw(st.integers(0, 2)) if m.steed else 0})
    return BattleResult.model_validate({
        "scenario": "the-ford", "seed": draw(st.integers(0, 2**32)),
        "winner": draw(st.sampled_from(["red", "blue", "draw"])),
        "objectives": {s: draw(st.integers(0, 2)) for s in SIDES}, "models": models})


@st.composite
def campaigns(draw: st.DrawFn) -> tuple[Campaign, list[BattleResult]]:
    """A campaign played out over one to four generated battles: the start and the results."""
    start = campaign(prestige=draw(st.integers(0, 12)), seed=draw(st.integers(0, 2**40)),
                     mounted=draw(st.booleans()))
    c, results = start, []
    for _ in range(draw(st.integers(1, 4))):
        results.append(draw(battle(c)))
        c, _ = after_battle(c, results[-1])
    return start, results


def play(start: Campaign, results: list[BattleResult]) -> tuple[Campaign, list[list]]:
    c, pages = start, []
    for r in results:
        c, events = after_battle(c, r)
        pages.append(events)
    return c, pages


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(campaigns())
def test_the_invariants_hold_after_every_battle(played: tuple[Campaign, list[BattleResult]]) -> None:
    start, results = played
    content, rules = load_content(), muster_rules()
    c = start
    gone: set[int] = set()
    for r in results:
        c, events = after_battle(c, r)
        gone |= {e.member for e in events if e.kind in ("dead", "captured")}
        for side in SIDES:
            retinue = c.sides[side]  # type: ignore[index]
            assert retinue.prestige >= 0
            assert not gone & {rec.number for rec in retinue.records}, "the dead take the field again"
            found = cannot_field(retinue.roster)
            said = [e for e in events if e.kind == "cannot_field" and e.side == side]
            assert bool(found) == bool(said), (found, said)
            if not found:  # short of men perhaps, but every other rule of the muster holds
                assert not breaches(retinue.roster.model_copy(update={"short": True}), content, rules)
        rolled = [e for e in events if e.roll is not None]
        assert all(e.roll.purpose for e in rolled)  # type: ignore[union-attr]


@SETTINGS
@given(campaigns())
def test_the_same_seed_and_battles_give_the_same_campaign(
        played: tuple[Campaign, list[BattleResult]]) -> None:
    start, results = played
    first, _ = play(start, results)
    again, _ = play(Campaign.model_validate_json(start.model_dump_json()), results)
    assert first.model_dump_json() == again.model_dump_json()
    assert Campaign.model_validate_json(first.model_dump_json()) == first


def test_the_campaign_dice_are_its_own_and_differ_from_battle_to_battle() -> None:
    c = campaign(seed=11)
    casualties = [{"side": "red", "member": rec.number, "state": "casualty"}
                  for rec in c.sides["red"].records]
    r = BattleResult.model_validate({"scenario": "the-ford", "seed": 11, "winner": "draw",
                                     "models": casualties})
    once, _ = after_battle(c, r)
    values_a = [e.roll.value for e in once.chronicle if e.roll]
    twice, _ = after_battle(once, BattleResult.model_validate(
        {**r.model_dump(), "models": [{"side": "red", "member": rec.number, "state": "casualty"}
                                      for rec in once.sides["red"].records]}))
    values_b = [e.roll.value for e in twice.chronicle[len(once.chronicle):] if e.roll]
    assert values_a != values_b[:len(values_a)]
    other, _ = after_battle(campaign(seed=12), r)
    assert [e.roll.value for e in other.chronicle if e.roll] != values_a
