"""The campaign's course over many generated battle results and musters: the post-battle sequence
stepped through one step at a time is the sequence applied at once, each reading of it (and each
reading after the campaign file is written and read back) shows the same steps, no dead or captured
model takes the field again, no purchase takes Prestige below zero, and a campaign not over fields
rosters the muster's rules accept."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from game.campaign import BattleResult, Campaign, after_battle
from game.campaign.battles import fielded
from game.campaign.market import Market, MarketError, healer, hire, horse, lance
from game.campaign.model import STEPS, Side
from game.campaign.progress import advance, done_mustering, fought, phase, steps
from game.content import load_content
from game.content.models import ROLE_STEEDS
from game.muster import breaches, muster_rules
from game.persist.campaigns import encode_campaign, parse_campaign, read_campaign, write_campaign
from tests.campaign.helpers import campaign
from tests.campaign.test_invariants import battle

SIDES: tuple[Side, Side] = ("red", "blue")
PLAYERS = st.sampled_from(["human", "heuristic", "search:hard"])
SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    """A folder for the campaign files the examples write."""
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def reread(c: Campaign, folder: Path) -> Campaign:
    """The campaign written to its file and read back."""
    return read_campaign(write_campaign(c, folder / "course.json"))


@st.composite
def starts(draw: st.DrawFn) -> Campaign:
    """A campaign before its first battle, each side led by a person or the AI."""
    c = campaign(prestige=draw(st.integers(0, 14)), seed=draw(st.integers(0, 2**40)),
                 mounted=draw(st.booleans()))
    return c.model_copy(update={"players": {"red": draw(PLAYERS), "blue": draw(PLAYERS)}})


@st.composite
def wishes(draw: st.DrawFn, c: Campaign, side: Side) -> list[tuple[str, int, str]]:
    """A person's purchases at the muster, mostly sensible, some not: (what, model number, profile
    or steed)."""
    content = load_content()
    retinue = c.sides[side]
    riders = {m.profile: ROLE_STEEDS[content.profiles[m.profile].role] for m in retinue.roster.members}
    steed_of = {kind: sorted(k for k, s in content.steeds.items() if s.steed_kind == kind)
                for kind in set(ROLE_STEEDS.values())}
    retainers = sorted(k for k, p in content.profiles.items() if p.type != "hero")
    out = []
    for _ in range(draw(st.integers(0, 8))):
        what = draw(st.sampled_from(["hire", "horse", "horse", "lance", "healer"]))
        i = draw(st.integers(0, len(retinue.records)))  # one past the last: no such model
        number = retinue.records[i].number if i < len(retinue.records) else 99_999
        right = steed_of[riders[retinue.roster.members[i].profile]] if i < len(retinue.records) else []
        things = [*right, *right, *retainers, *sorted(content.steeds), "captain", "nothing"]
        thing = draw(st.sampled_from(things))
        out.append((what, number, thing))
    return out


def buy(c: Campaign, side: Side, wish: tuple[str, int, str], market: Market) -> Campaign:
    """One purchase if it can be made (its price paid, and only its price), else the campaign as it was."""
    what, number, thing = wish
    before = c.sides[side].prestige
    try:
        if what == "hire":
            after, line = hire(c, side, thing, market=market)
        elif what == "horse":
            after, line = horse(c, side, number, thing, market)
        elif what == "lance":
            after, line = lance(c, side, number, market)
        else:
            after, line = healer(c, side, number, market)
    except MarketError as exc:
        assert "\n" not in str(exc)
        return c
    assert after.sides[side].prestige == before + line.prestige >= 0, (wish, before, line)
    assert line.prestige < 0 and after.chronicle[-1] == line
    other: Side = "blue" if side == "red" else "red"
    assert after.sides[other] == c.sides[other]
    return after


def gone_numbers(c: Campaign) -> set[tuple[str, int]]:
    """Every model the chronicle says died or was taken for good."""
    return {(e.side, e.member) for e in c.chronicle if e.kind in ("dead", "captured")}


@SETTINGS
@given(data=st.data(), start=starts())
def test_the_course_holds_over_generated_battles(data: st.DataObject, start: Campaign, folder: Path) -> None:
    content, rules, market = load_content(), muster_rules(), Market.shipped()
    c = start
    for _ in range(data.draw(st.integers(1, 3), label="battles")):
        if phase(c) != "battle":
            break
        result: BattleResult = data.draw(battle(c), label="result")
        people = tuple(s for s in SIDES if c.human(s))
        before = c
        applied, events = after_battle(c, result, auto=[s for s in SIDES if s not in people])
        c = fought(c, result)
        shown = steps(c)
        assert [s.step for s in shown] == list(STEPS)
        assert [e for s in shown for e in s.events] == events  # every event shown, in order, once
        on_file = data.draw(st.integers(0, len(STEPS) - 1), label="the step written to the file")
        while c.pending is not None:
            again = reread(c, folder) if c.pending.seen == on_file else parse_campaign(encode_campaign(c))
            assert again == c and steps(again) == shown and steps(c) == shown  # the same at every reading
            seen = c.pending.seen
            c = advance(c)
            assert c.pending is None or c.pending.seen == seen + 1
        event(f"battle {len(c.battles)}: {phase(c)}")
        assert c == applied.model_copy(update={"mustering": people})  # step by step: the sequence at once
        kept = iter(events)  # the chronicle keeps the sequence's events in order, each roll and Prestige
        added = c.chronicle[len(before.chronicle):]
        assert all(any(e == shown_e for shown_e in kept) for e in added), "the chronicle's order"
        assert {e for e in events if e.roll or e.prestige} <= set(added)
        for side in people:
            spent = c.sides[side].prestige
            for wish in data.draw(wishes(c, side), label=f"{side} buys"):
                c = buy(c, side, wish, market)
            event("a person bought" if c.sides[side].prestige < spent else "a person bought nothing")
            c = done_mustering(c, side)
        assert reread(c, folder) == c
        gone = gone_numbers(c)
        field = fielded(c, content)
        for side in SIDES:
            retinue = c.sides[side]
            assert retinue.prestige >= 0
            assert not gone & {(side, rec.number) for rec in retinue.records}, "the dead still on the roster"
            taking = {retinue.records[i].number for i in field.origin[side]}
            assert not gone & {(side, n) for n in taking}, "the dead take the field"
            assert not {rec.number for rec in retinue.records if rec.misses_next} & taking
            assert len(field.rosters[side].members) == len(field.origin[side])
        if phase(c) == "battle":
            for side in SIDES:
                found = breaches(field.rosters[side], content, rules)
                assert not found, (side, [b.text for b in found])
