"""The post-battle sequence (RULES-BRIEF §12.3): a pure function of a campaign and a battle's result.

In order: casualties (a Retainer's d6, a Hero's injury table on 2d6, a captive ransomed or lost),
steeds (a horse that died is lost, one left by dismounting or a fall is regained [R]), Valour (a
Hero reaching a threshold draws a Skill from his lists), Prestige (awards and costs, never below
zero), then the muster again (a dead Captain succeeded by a Squire, a Hero's place by a promoted
Retainer, Prestige spent on Retainers, horses, Lances and healers) and the old wounds' rolls.
Every roll is on the campaign's own dice, seeded from the campaign's seed and the battle's index,
and is logged as an event with its purpose: the same campaign and result give the same campaign.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from game.campaign.market import Lost, Market, auto_muster, cannot_field
from game.campaign.model import BattleResult, Campaign, Event, MemberRecord, ModelOutcome, Retinue, Roll, Side
from game.campaign.rules import CampaignRules, campaign_rules
from game.content import Content, load_content
from game.muster.roster import RosterMember, skill_name
from game.muster.rules import MusterRules, muster_rules
from game.rules.dice import MASK64, Dice
from game.rules.events import DiceRolled
from game.rules.skill_draw import LIST_NAMES, NoSkillLeft, draw_skill

SIDES: tuple[Side, Side] = ("red", "blue")
Key = tuple[Side, int]  # a side and a campaign number


def campaign_dice(seed: int, battle: int) -> Dice:
    """The campaign's dice after battle `battle` (counted from 0): its own seed, never the game's."""
    mixed = (seed * 0x9E3779B97F4A7C15 + (battle + 1) * 0xD1B54A32D192ED03) & MASK64
    return Dice(mixed ^ 0xC0FFEE)


@dataclass(slots=True)
class _Side:
    """A side while the sequence works on it."""

    side: Side
    members: list[RosterMember]
    records: list[MemberRecord]
    prestige: int
    lost_steeds: list[Lost] = field(default_factory=list)
    lost_profiles: list[str] = field(default_factory=list)


@dataclass(slots=True)
class _Run:
    """One run of the sequence: the tables, the dice and the events so far."""

    battle: int
    content: Content
    rules: CampaignRules
    muster: MusterRules
    dice: Dice
    seed: int
    next_number: int
    events: list[Event] = field(default_factory=list)

    def say(self, step: str, kind: str, text: str, side: Side | None = None, member: int = -1,
            roll: Roll | None = None, prestige: int = 0) -> None:
        self.events.append(Event.model_validate({
            "battle": self.battle, "step": step, "kind": kind, "side": side or "", "member": member,
            "text": text[:400], "roll": roll, "prestige": prestige}))

    def roll(self, purpose: str, sides: int = 6) -> tuple[int, Roll]:
        value = self.dice.roll(purpose, sides)
        return value, Roll(purpose=purpose[:200], sides=sides, value=value)

    def is_hero(self, m: RosterMember) -> bool:
        return self.content.profiles[m.profile].type == "hero"

    def role(self, m: RosterMember) -> str:
        return self.content.profiles[m.profile].role


def after_battle(campaign: Campaign, result: BattleResult, dice: Dice | None = None,
                 content: Content | None = None, rules: CampaignRules | None = None,
                 muster: MusterRules | None = None,
                 auto: Collection[Side] = SIDES) -> tuple[Campaign, list[Event]]:
    """The campaign after a battle, and the events of its post-battle sequence, in order (`dice`:
    pinned dice for a test; by default the campaign's own, from its seed and the battle's index).
    The sides in `auto` muster by the AI's rules here (new Retainers, horses, Lances and healers,
    while Prestige pays); the others are left to muster by hand (`game.campaign.market`)."""
    battle = len(campaign.battles)
    run = _Run(battle, content or load_content(), rules or campaign_rules(), muster or muster_rules(),
               dice or campaign_dice(campaign.seed, battle), campaign.seed, campaign.next_number)
    sides = {s: _Side(s, list(r.roster.members),
                      [rec.model_copy(update={"misses_next": False}) for rec in r.records], r.prestige)
             for s, r in campaign.sides.items()}
    heroes_before = {(s, rec.number): run.is_hero(m) for s, r in campaign.sides.items()
                     for m, rec in zip(r.roster.members, r.records, strict=True)}
    captains_before = {(s, rec.number) for s, r in campaign.sides.items()
                       for m, rec in zip(r.roster.members, r.records, strict=True)
                       if run.role(m) == "captain"}
    outcomes = {(o.side, o.member): o for o in result.models}
    run.say("battle", "result", f"{result.scenario}: " + (
        "a draw" if result.winner == "draw" else f"{campaign.sides[result.winner].roster.name} won"))
    for s in SIDES:
        _casualties(run, sides[s], outcomes)
    for s in SIDES:
        _steeds(run, sides[s], outcomes)
    for s in SIDES:
        _valour(run, sides[s], outcomes)
    for s in SIDES:
        _prestige(run, sides[s], result, heroes_before, captains_before)
    for s in SIDES:
        _muster(run, sides[s])
    retinues = {s: Retinue(roster=campaign.sides[s].roster.model_copy(update={"members": tuple(w.members)}),
                           prestige=w.prestige, records=tuple(w.records)) for s, w in sides.items()}
    updated = campaign.model_copy(update={
        "sides": retinues, "battles": (*campaign.battles, result),
        "chronicle": (*campaign.chronicle, *run.events), "next_number": run.next_number})
    market = Market(run.content, run.rules, run.muster)
    for s in SIDES:
        if s in auto:
            updated, bought = auto_muster(updated, s, sides[s].lost_profiles, sides[s].lost_steeds, market)
            run.events += bought
            why = cannot_field(updated.sides[s].roster, market)
            if why:
                run.say("muster", "cannot_field", why, s)
                updated = updated.model_copy(update={"chronicle": (*updated.chronicle, run.events[-1])})
    return updated, run.events


def _drop(w: _Side, i: int) -> None:
    del w.members[i]
    del w.records[i]


def _casualties(run: _Run, w: _Side, outcomes: dict[Key, ModelOutcome]) -> None:
    """Each model taken as a casualty rolls: a Retainer his d6, a Hero the injury table."""
    for i in reversed([i for i, rec in enumerate(w.records)
                       if (o := outcomes.get((w.side, rec.number))) is not None and o.state == "casualty"]):
        m, rec = w.members[i], w.records[i]
        if run.is_hero(m):
            if _injury(run, w, i):
                _drop(w, i)
            continue
        on = run.rules.retainer.dead_on
        value, roll = run.roll(f"Casualty roll, {m.name}: dead on {on} or less")
        if value <= on:
            run.say("casualties", "dead", f"{m.name} is dead", w.side, rec.number, roll)
            w.lost_profiles.append(m.profile)
            _drop(w, i)
        else:
            run.say("casualties", "recovers", f"{m.name} recovers", w.side, rec.number, roll)
    w.lost_profiles.reverse()


def _injury(run: _Run, w: _Side, i: int) -> bool:
    """A Hero's roll on the injury table; True if he is gone from the retinue."""
    m, rec = w.members[i], w.records[i]
    purpose = f"Injury table (2d6), {m.name}"
    first, roll1 = run.roll(f"{purpose}: first die")
    second, _ = run.roll(f"{purpose}: second die")
    total = first + second
    table = run.rules.injury
    row = table.row(total)
    roll = Roll(purpose=f"{purpose}: {first} + {second}", sides=roll1.sides, value=min(total, 100))
    say = run.say
    if row == "dead":
        say("casualties", "dead", f"{m.name} is dead ({total})", w.side, rec.number, roll)
        return True
    if row == "captured":
        price = run.rules.prices.ransom
        if w.prestige >= price:
            w.prestige -= price
            say("casualties", "ransomed", f"{m.name} is captured ({total}) and ransomed for {price} Prestige",
                w.side, rec.number, roll, -price)
            return False
        say("casualties", "captured", f"{m.name} is captured ({total}), and his retinue cannot pay the "
                                      f"ransom of {price} Prestige: he is lost", w.side, rec.number, roll)
        return True
    update: dict[str, object] = {}
    text = {"lost_eye": f"loses an eye: -{table.lost_eye_shoot} Shoot",
            "leg_wound": f"takes a leg wound: -{table.leg_wound_move} Move",
            "arm_wound": f"takes an arm wound: -{table.arm_wound_fight} Fight",
            "old_wound": "takes an old wound, which may keep him out of a battle",
            "misses_battle": "misses the next battle",
            "full_recovery": "recovers fully"}[row]
    if row == "lost_eye":
        update["shoot"] = max(-6, rec.shoot - table.lost_eye_shoot)
    elif row == "leg_wound":
        update["move"] = max(-6, rec.move - table.leg_wound_move)
    elif row == "arm_wound":
        update["fight"] = max(-6, rec.fight - table.arm_wound_fight)
    elif row == "misses_battle":
        update["misses_next"] = True
    if row in ("lost_eye", "leg_wound", "arm_wound", "old_wound"):
        update["injuries"] = (*rec.injuries, row)[-20:]
    w.records[i] = rec.model_copy(update=update)
    say("casualties", row, f"{m.name} {text} ({total})", w.side, rec.number, roll)
    return False


def _steeds(run: _Run, w: _Side, outcomes: dict[Key, ModelOutcome]) -> None:
    """A horse that died is lost (and a Lance with it); one left by dismounting or a fall is regained."""
    for i, rec in enumerate(w.records):
        o = outcomes.get((w.side, rec.number))
        m = w.members[i]
        if o is None or m.steed is None:
            continue
        if o.steed == "killed":
            w.lost_steeds.append(Lost(rec.number, m.steed, m.lance))
            w.members[i] = m.model_copy(update={"steed": None, "lance": False})
            name = run.content.steeds[m.steed].name if m.steed in run.content.steeds else m.steed
            run.say("steeds", "steed_lost", f"{m.name}'s {name} died: it is lost"
                    + (", and his Lance with it" if m.lance else ""), w.side, rec.number)
        elif o.steed == "regained":
            run.say("steeds", "steed_regained", f"{m.name} regains his horse after the battle",
                    w.side, rec.number)


def _valour(run: _Run, w: _Side, outcomes: dict[Key, ModelOutcome]) -> None:
    """Each Hero adds the Valour he won; each threshold he reaches gives him a Skill, drawn. A
    Retainer who won Valour may be made a veteran."""
    for i, rec in enumerate(w.records):
        o = outcomes.get((w.side, rec.number))
        m = w.members[i]
        if o is None or o.valour <= 0:
            continue
        if not run.is_hero(m):
            w.records[i] = _veteran(run, w.side, m, rec)
            continue
        total = min(10_000, rec.valour + o.valour)
        crossed = run.rules.valour.crossed(rec.valour, total)
        run.say("valour", "valour", f"{m.name} wins {o.valour} Valour ({total} in all)", w.side, rec.number)
        rec = rec.model_copy(update={"valour": total})
        for _ in range(crossed):
            m, rec = _new_skill(run, w.side, m, rec)
        w.members[i], w.records[i] = m, rec


def _veteran(run: _Run, side: Side, m: RosterMember, rec: MemberRecord) -> MemberRecord:
    """A Retainer who scored rolls to be made a veteran: +Fight for a Fighter, +Shoot for a Shootist."""
    vet = run.rules.veteran
    if rec.veteran >= vet.cap:
        return rec
    value, roll = run.roll(f"Veteran roll, {m.name}: a veteran on {vet.promoted_on} or more")
    if value < vet.promoted_on:
        run.say("valour", "not_veteran", f"{m.name} fought well but is not yet a veteran", side, rec.number,
                roll)
        return rec
    gain = "Shoot" if run.role(m) == "shootist" else "Fight"
    run.say("valour", "veteran", f"{m.name} is made a veteran: +{vet.gain} {gain}", side, rec.number, roll)
    return rec.model_copy(update={"veteran": rec.veteran + 1})


def _new_skill(run: _Run, side: Side, m: RosterMember,
               rec: MemberRecord) -> tuple[RosterMember, MemberRecord]:
    if len(m.skills) >= run.muster.max_skills or len(rec.skills_gained) >= 12:
        run.say("valour", "no_skill", f"{m.name} reaches a Valour threshold but has as many Skills as "
                                      f"a model may have ({run.muster.max_skills})", side, rec.number)
        return m, rec
    lists = run.rules.hero_lists
    taken = (*run.content.profiles[m.profile].skills, *m.skills)
    try:
        skill, drawn = draw_skill(0, lists, taken, dice=run.dice, content=run.content)
    except NoSkillLeft:
        run.say("valour", "no_skill", f"{m.name} reaches a Valour threshold, and no Skill is left to him",
                side, rec.number)
        return m, rec
    card = drawn[0]
    assert isinstance(card, DiceRolled)
    names = [LIST_NAMES[name] for name in dict.fromkeys(lists)]
    named = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    roll = Roll(purpose=f"Valour: {m.name}'s new Skill, a card of the {named} Skills",
                sides=card.sides, value=card.value)
    gained = skill_name(skill, run.content)
    run.say("valour", "skill", f"{m.name} reaches a Valour threshold and gains {gained}", side, rec.number,
            roll)
    return (m.model_copy(update={"skills": (*m.skills, skill)}),
            rec.model_copy(update={"skills_gained": (*rec.skills_gained, skill)}))


def _prestige(run: _Run, w: _Side, result: BattleResult, heroes: dict[Key, bool],
              captains: set[Key]) -> None:
    """Victory, objectives and deeds add; steeds struck instead of their riders and a Captain lost
    or fled take away; Prestige never falls below zero."""
    p = run.rules.prestige
    enemy = "blue" if w.side == "red" else "red"
    lines: list[tuple[str, str, int]] = []
    if result.winner == w.side:
        lines.append(("victory", "victory", p.victory))
    elif result.winner == "draw":
        lines.append(("draw", "a draw", p.draw))
    held = result.objectives.get(w.side, 0)
    if held:
        lines.append(("objectives", f"{held} objective{'s' if held != 1 else ''} held", held * p.objective))
    deeds = sum(1 for o in result.models if o.side == enemy and o.state == "casualty"
                and heroes.get((enemy, o.member), False))
    if deeds:
        lines.append(("deeds", f"{deeds} enemy Hero{'es' if deeds != 1 else ''} taken", deeds * p.deed))
    struck = sum(o.struck for o in result.models if o.side == w.side)
    if struck:
        lines.append(("steed_struck", f"{struck} hit{'s' if struck != 1 else ''} on a steed instead of its "
                                      f"rider", -struck * p.steed_struck))
    if any(o.side == w.side and (w.side, o.member) in captains and o.state != "standing"
           for o in result.models):
        lines.append(("captain_lost", "the Captain taken or fled", -p.captain_lost))
    for kind, why, amount in lines:
        before = w.prestige
        w.prestige = max(0, min(10_000, w.prestige + amount))
        change = w.prestige - before
        floor = " (Prestige never falls below zero)" if change != amount else ""
        run.say("prestige", kind, f"{why}: {change:+d} Prestige, {w.prestige} in all{floor}", w.side,
                prestige=change)


def _muster(run: _Run, w: _Side) -> None:
    """Muster again, what no Prestige pays for: the Heroes' places filled, old wounds rolled."""
    _succession(run, w)
    _old_wounds(run, w)


def _count(run: _Run, w: _Side, role: str) -> int:
    return sum(1 for m in w.members if run.role(m) == role)


def _succession(run: _Run, w: _Side) -> None:
    """A dead Captain is succeeded by his Squire of most Valour; a Hero's place goes to a Retainer."""
    if _count(run, w, "captain") < run.muster.captains:
        squires = [i for i, m in enumerate(w.members) if run.role(m) == "squire"]
        if squires:
            i = max(squires, key=lambda j: (w.records[j].valour, -j))
            m = w.members[i]
            w.members[i] = m.model_copy(update={"profile": run.rules.captain_profile})
            run.say("muster", "succession", f"{m.name} succeeds as Captain", w.side, w.records[i].number)
    for role, wanted, profile in (("captain", run.muster.captains, run.rules.captain_profile),
                                  ("squire", run.muster.squires, run.rules.squire_profile)):
        while _count(run, w, role) < wanted and _promote(run, w, profile):
            pass
    led = {m.spear for m in w.members if run.is_hero(m)}
    captain = next((m.spear for m in w.members if run.role(m) == "captain"), min(led, default=0))
    for i, m in enumerate(w.members):
        if not run.is_hero(m) and m.spear not in led and captain:
            w.members[i] = m.model_copy(update={"spear": captain})
            run.say("muster", "joins_spear", f"{m.name}'s Spear has no Hero to lead it: he joins "
                                             f"Spear {captain}", w.side, w.records[i].number)


def _promote(run: _Run, w: _Side, profile: str) -> bool:
    """Promote a Retainer to a Hero's place, from a Spear without a Hero if there is one; False if none."""
    led = {m.spear for m in w.members if run.is_hero(m)}
    retainers = [i for i, m in enumerate(w.members) if not run.is_hero(m)]
    if not retainers:
        return False
    orphans = [i for i in retainers if w.members[i].spear not in led]
    pool = orphans or retainers
    i = min(pool, key=lambda j: (run.role(w.members[j]) != "fighter", j))
    m = w.members[i]
    spear = m.spear if m.spear not in led else next(n for n in range(1, 13) if n not in led)
    kind = run.content.steeds[m.steed].steed_kind if m.steed in run.content.steeds else ""
    keep = m.steed if kind == "warhorse" else None
    w.members[i] = m.model_copy(update={"profile": profile, "spear": spear, "weapons": None, "steed": keep,
                                        "lance": m.lance and keep is not None, "skills": ()})
    title = run.content.profiles[profile].name if profile in run.content.profiles else profile
    run.say("muster", "promoted", f"{m.name} is promoted to {title}, to lead Spear {spear}", w.side,
            w.records[i].number)
    return True


def _old_wounds(run: _Run, w: _Side) -> None:
    """Each old wound may keep its Hero out of the next battle."""
    on = run.rules.injury.old_wound_out_on
    for i, rec in enumerate(w.records):
        if "old_wound" not in rec.injuries or rec.misses_next:
            continue
        name = w.members[i].name
        value, roll = run.roll(f"Old wound, {name}: misses the next battle on {on} or less")
        if value <= on:
            w.records[i] = rec.model_copy(update={"misses_next": True})
            run.say("muster", "old_wound_out", f"{name}'s old wound keeps him out of the next battle",
                    w.side, rec.number, roll)
