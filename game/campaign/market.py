"""Mustering again between battles: what Prestige buys (RULES-BRIEF §12.3, step 5).

A new Retainer, a horse, a Lance, a healer for a Hero who would miss the next battle: each
purchase checks the price against the side's Prestige and the muster's rules against the model,
takes the Prestige, changes the roster and writes its line in the chronicle. A person buys one
thing at a time on the muster screen; an AI retinue's muster (`auto_muster`) buys through the same
purchases, so both grow by the same rules. A purchase that cannot be made raises `MarketError`
with one line saying why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.campaign.model import Campaign, Event, MemberRecord, Retinue, Side
from game.campaign.rules import CampaignRules, campaign_rules
from game.content import Content, load_content
from game.content.models import ROLE_NAMES, ROLE_STEEDS
from game.muster.names import propose_name
from game.muster.roster import Roster, RosterMember, breaches, describe
from game.muster.rules import MusterRules, muster_rules


class MarketError(Exception):
    """A purchase that cannot be made; str() is one line saying why."""


@dataclass(frozen=True, slots=True)
class Lost:
    """A horse a model lost in the battle (and whether a Lance went with it), to buy back."""

    number: int
    steed: str
    lance: bool


@dataclass(frozen=True, slots=True)
class Market:
    """The tables a purchase reads."""

    content: Content
    rules: CampaignRules
    muster: MusterRules

    @classmethod
    def shipped(cls) -> Market:
        """The shipped content's tables."""
        return cls(load_content(), campaign_rules(), muster_rules())

    def is_hero(self, m: RosterMember) -> bool:
        """True for a Captain or Squire."""
        return self.content.profiles[m.profile].type == "hero"

    def role(self, m: RosterMember) -> str:
        """The model's role (captain, squire, fighter, shootist)."""
        return self.content.profiles[m.profile].role

    def steed_price(self, steed: str) -> int:
        """What a horse of this steed costs."""
        kind = self.content.steeds[steed].steed_kind
        return self.rules.prices.warhorse if kind == "warhorse" else self.rules.prices.nag


def _battle(c: Campaign) -> int:
    return max(0, len(c.battles) - 1)


def _spend(c: Campaign, side: Side, price: int, what: str) -> int:
    have = c.sides[side].prestige
    if price > have:
        raise MarketError(f"{what} costs {price} Prestige and {c.sides[side].roster.name} has {have}")
    return have - price


def _with(c: Campaign, side: Side, retinue: Retinue, event: Event) -> tuple[Campaign, Event]:
    return c.model_copy(update={"sides": {**c.sides, side: retinue},
                                "chronicle": (*c.chronicle, event)}), event


def _event(c: Campaign, side: Side, kind: str, text: str, member: int, prestige: int) -> Event:
    return Event.model_validate({"battle": _battle(c), "step": "muster", "kind": kind, "side": side,
                                 "member": member, "text": text[:400], "prestige": prestige})


def _member(c: Campaign, side: Side, number: int) -> tuple[int, RosterMember, MemberRecord]:
    retinue = c.sides[side]
    try:
        i = retinue.index_of(number)
    except ValueError:
        raise MarketError(f"{retinue.roster.name} has no model numbered {number}") from None
    return i, retinue.roster.members[i], retinue.records[i]


def _replace(c: Campaign, side: Side, i: int, member: RosterMember, record: MemberRecord,
             prestige: int) -> Retinue:
    retinue = c.sides[side]
    members = list(retinue.roster.members)
    records = list(retinue.records)
    members[i], records[i] = member, record
    return Retinue(roster=retinue.roster.model_copy(update={"members": tuple(members)}), prestige=prestige,
                   records=tuple(records))


def cannot_field(roster: Roster, market: Market | None = None) -> str:
    """Why a campaign retinue cannot take the field ("" if it can). It may be short of men, its
    losses not yet replaced, but not below the campaign's least number of models, and every other
    rule of the muster holds."""
    market = market or Market.shipped()
    least = market.rules.min_field
    if len(roster.members) < least:
        return (f"{roster.name} has {len(roster.members)} models left, and a retinue needs {least} to take "
                f"the field")
    found = breaches(roster.model_copy(update={"short": True}), market.content, market.muster)
    return f"{roster.name} cannot take the field: {describe(found)}" if found else ""


def retainers_wanted(c: Campaign, side: Side, market: Market | None = None) -> int:
    """How many Retainers the side lacks of a full retinue."""
    market = market or Market.shipped()
    have = sum(1 for m in c.sides[side].roster.members if not market.is_hero(m))
    return max(0, market.muster.retainers - have)


def hire(c: Campaign, side: Side, profile: str, spear: int | None = None, name: str | None = None,
         market: Market | None = None) -> tuple[Campaign, Event]:
    """A new Retainer of a profile, on foot, in a Hero's Spear (the Spear with fewest men unless
    given), named from the period's names unless given."""
    market = market or Market.shipped()
    retinue = c.sides[side]
    prof = market.content.profiles.get(profile)
    if prof is None or prof.type == "hero" or prof.role not in market.muster.retainer_skills:
        raise MarketError(f"{profile!r} is not a Retainer's profile")
    if not retainers_wanted(c, side, market):
        raise MarketError(f"{retinue.roster.name} has its {market.muster.retainers} Retainers")
    led = sorted(m.spear for m in retinue.roster.members if market.is_hero(m))
    if not led:
        raise MarketError(f"{retinue.roster.name} has no Hero to lead a new Retainer")
    if spear is None:
        spear = min(led, key=lambda n: (sum(1 for m in retinue.roster.members if m.spear == n), n))
    elif spear not in led:
        raise MarketError(f"no Hero leads Spear {spear}")
    price = market.rules.prices.retainer
    left = _spend(c, side, price, f"a {prof.name}")
    number = c.next_number
    name = name or propose_name(c.seed * 7919 + number, [m.name for m in retinue.roster.members])
    member = RosterMember(name=name, profile=profile, spear=spear)
    updated = Retinue(roster=retinue.roster.model_copy(update={"members": (*retinue.roster.members, member)}),
                      prestige=left, records=(*retinue.records, MemberRecord(number=number)))
    event = _event(c, side, "hired", f"{name} joins Spear {spear} as a {prof.name} for {price} Prestige",
                   number, -price)
    c = c.model_copy(update={"next_number": number + 1})
    return _with(c, side, updated, event)


def horse(c: Campaign, side: Side, number: int, steed: str,
          market: Market | None = None) -> tuple[Campaign, Event]:
    """A horse for a model on foot, of the kind his role may ride."""
    market = market or Market.shipped()
    i, m, rec = _member(c, side, number)
    if m.steed is not None:
        raise MarketError(f"{m.name} already rides")
    found = market.content.steeds.get(steed)
    if found is None:
        raise MarketError(f"no steed {steed!r}")
    allowed = ROLE_STEEDS[market.role(m)]
    if found.steed_kind != allowed:
        raise MarketError(f"{m.name} is a {ROLE_NAMES[market.role(m)]} and may only ride a {allowed}")
    price = market.steed_price(steed)
    left = _spend(c, side, price, f"a {found.name}")
    event = _event(c, side, "horse", f"{m.name} is given a {found.name} for {price} Prestige", number, -price)
    return _with(c, side, _replace(c, side, i, m.model_copy(update={"steed": steed}), rec, left), event)


def lance(c: Campaign, side: Side, number: int, market: Market | None = None) -> tuple[Campaign, Event]:
    """A Lance for a model on a Warhorse whose role may carry one."""
    market = market or Market.shipped()
    i, m, rec = _member(c, side, number)
    if m.lance:
        raise MarketError(f"{m.name} already carries a Lance")
    if market.role(m) not in market.muster.lance_roles:
        raise MarketError(f"{m.name} is a {ROLE_NAMES[market.role(m)]} and may not carry a Lance")
    steed = market.content.steeds.get(m.steed or "")
    if steed is None or steed.steed_kind != "warhorse":
        raise MarketError(f"{m.name} needs a Warhorse to carry a Lance")
    price = market.rules.prices.lance
    left = _spend(c, side, price, "a Lance")
    event = _event(c, side, "lance", f"{m.name} is given a Lance for {price} Prestige", number, -price)
    return _with(c, side, _replace(c, side, i, m.model_copy(update={"lance": True}), rec, left), event)


def healer(c: Campaign, side: Side, number: int, market: Market | None = None) -> tuple[Campaign, Event]:
    """A healer readies a model who would miss the next battle."""
    market = market or Market.shipped()
    i, m, rec = _member(c, side, number)
    if not rec.misses_next:
        raise MarketError(f"{m.name} is fit for the next battle")
    price = market.rules.prices.healer
    left = _spend(c, side, price, "a healer")
    event = _event(c, side, "healed", f"a healer readies {m.name} for the next battle for {price} Prestige",
                   number, -price)
    return _with(c, side, _replace(c, side, i, m, rec.model_copy(update={"misses_next": False}), left), event)


def auto_muster(c: Campaign, side: Side, lost_profiles: Sequence[str], lost_steeds: Sequence[Lost],
                market: Market | None = None) -> tuple[Campaign, list[Event]]:
    """An AI retinue's muster, by the same purchases a person makes: new Retainers for the dead
    (their profiles first), their horses bought back (and Lances), then healers, while Prestige pays."""
    market = market or Market.shipped()
    events: list[Event] = []
    blank = [p for spear in market.muster.blank.spears for p in spear
             if market.content.profiles[p].type != "hero"]
    profiles = [*lost_profiles]
    while retainers_wanted(c, side, market):
        profile = profiles.pop(0) if profiles else blank[c.next_number % len(blank)]
        try:
            c, event = hire(c, side, profile, market=market)
        except MarketError as exc:
            event = _event(c, side, "cannot_hire", str(exc), -1, 0)
            c = c.model_copy(update={"chronicle": (*c.chronicle, event)})
            events.append(event)
            break
        events.append(event)
    for lost in lost_steeds:
        try:
            c, event = horse(c, side, lost.number, lost.steed, market)
            events.append(event)
            if lost.lance:
                c, event = lance(c, side, lost.number, market)
                events.append(event)
        except MarketError:
            continue
    for rec in c.sides[side].records:
        if rec.misses_next:
            try:
                c, event = healer(c, side, rec.number, market)
            except MarketError:
                continue
            events.append(event)
    return c, events
