"""A campaign's course: a battle, the post-battle steps one by one, the people's muster, the next
battle; the open campaign's pick; a narrative's next stage and its forfeit."""

from __future__ import annotations

import pytest

from game.campaign import after_battle
from game.campaign.market import MarketError, healer, hire, horse, retainers_wanted
from game.campaign.model import HUMAN, STEPS, Campaign, new_campaign
from game.campaign.progress import (
    OPEN_TABLES,
    CampaignError,
    advance,
    choose_scenario,
    done_mustering,
    forfeited,
    fought,
    next_battle,
    phase,
    picker,
    steps,
)
from game.campaign.stories import first_story, story_for
from game.muster import blank, mount_all
from tests.campaign.helpers import campaign, number_of, result


def solo(c: Campaign) -> Campaign:
    """The campaign with red a person's and blue the heuristic's."""
    return c.model_copy(update={"players": {"red": HUMAN, "blue": "heuristic"}})


def test_the_steps_are_shown_one_by_one_and_then_become_the_campaign() -> None:
    start = solo(campaign())
    c = start
    archer = number_of(c, "red", "shootist")
    r = result({"side": "red", "member": archer, "state": "casualty"},
               {"side": "blue", "member": number_of(c, "blue", "fighter"), "state": "casualty"}, winner="red")
    c = fought(c, r)
    assert phase(c) == "post_battle" and c.pending is not None and c.pending.seen == 0
    shown = steps(c)
    assert [s.step for s in shown] == list(STEPS) and steps(c) == shown  # the same at every reading
    for k in range(1, len(STEPS)):
        c = advance(c)
        assert c.pending is not None and c.pending.seen == k and steps(c) == shown
    c = advance(c)
    direct, events = after_battle(start, r, auto=["blue"])
    assert c.pending is None and phase(c) == "muster" and c.mustering == ("red",)
    assert c.sides == direct.sides and c.chronicle == direct.chronicle
    assert [e for s in shown for e in s.events] == events
    while retainers_wanted(c, "red"):
        c, _ = hire(c, "red", "archer")
    c = done_mustering(c, "red")
    assert phase(c) == "battle" and len(c.battles) == 1


def test_the_ai_side_musters_by_itself_and_the_person_buys_by_hand() -> None:
    c = solo(campaign(prestige=10))
    fighter = number_of(c, "blue", "fighter")
    red_fighter = number_of(c, "red", "fighter")
    r = result({"side": "blue", "member": fighter, "state": "casualty"},
               {"side": "red", "member": red_fighter, "state": "casualty"})
    c = fought(c, r)
    while c.pending is not None:
        c = advance(c)
    kinds = {(e.side, e.kind) for e in c.chronicle}
    if ("blue", "dead") in kinds:
        assert ("blue", "hired") in kinds  # the AI's muster replaced its dead
    if ("red", "dead") in kinds:
        assert ("red", "hired") not in kinds  # the person's is left to him
        before = c.sides["red"].prestige
        c, event = hire(c, "red", "billman")
        assert c.sides["red"].prestige == before - 2 and event.kind == "hired"


def test_purchases_check_the_price_and_the_rules() -> None:
    c = solo(new_campaign("C", "open", 1, blank(1, "Red"), blank(2, "Blue"), prestige=3))
    archer = number_of(c, "red", "shootist")
    with pytest.raises(MarketError, match="may only ride a nag"):
        horse(c, "red", archer, "warhorse")
    c, event = horse(c, "red", archer, "nag")
    assert c.sides["red"].prestige == 2 and "Nag" in event.text and c.chronicle[-1] == event
    captain = number_of(c, "red", "captain")
    with pytest.raises(MarketError, match="costs 3 Prestige and Red has 2"):
        horse(c, "red", captain, "warhorse")
    with pytest.raises(MarketError, match="fit for the next battle"):
        healer(c, "red", captain)
    with pytest.raises(MarketError, match="has its 9 Retainers"):
        hire(c, "red", "archer")


def test_the_open_campaign_is_picked_by_the_side_with_less_prestige() -> None:
    c = solo(campaign())
    c = c.model_copy(update={"sides": {**c.sides, "red": c.sides["red"].model_copy(update={"prestige": 4})}})
    assert picker(c) == "red" and next_battle(c).scenario == ""  # a person picks by hand
    c = choose_scenario(c, "campaign/thornby-mill")
    assert next_battle(c).scenario == "campaign/thornby-mill" and next_battle(c).picker == "red"
    ai = c.model_copy(update={"players": {"red": "heuristic", "blue": HUMAN}, "next_scenario": ""})
    assert next_battle(ai).scenario in OPEN_TABLES and next_battle(ai) == next_battle(ai)
    with pytest.raises(CampaignError):
        advance(c)


def test_a_narrative_goes_on_by_the_result_and_a_side_that_cannot_field_forfeits() -> None:
    story, narrative, stage = first_story()
    c = new_campaign("N", "narrative", 5, mount_all(blank(1, "Red")), blank(2, "Blue"),
                     players={"red": "heuristic", "blue": "heuristic"}, narrative=narrative, stage=stage)
    assert story_for(c) is not None and next_battle(c, story).scenario == story.scenario(stage)
    c = fought(c, result(winner="red"))
    while c.pending is not None:
        c = advance(c, story)
    assert (c.stage, c.ending) == story.next_stage(stage, "red")
    blue = c.sides["blue"]
    broke = c.model_copy(update={"sides": {**c.sides, "blue": blue.model_copy(update={
        "roster": blue.roster.model_copy(update={"members": blue.roster.members[:4]}),
        "records": blue.records[:-1]})}})
    assert phase(broke) == "over" and not broke.ending
    assert forfeited(broke, story).ending == story.forfeit("blue") == "york"
    assert forfeited(c, story) == c  # a side that can field forfeits nothing
