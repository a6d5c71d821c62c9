"""What the muster screen may change in a roster, and the choices it offers, without pygame: a model's
name, profile (among those his slot allows), Spear, steed, Lance and Skills, everyone mounted or on
foot, and the Captain's extra Skill drawn from the Skill deck. Every change makes a new roster."""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from pydantic import ValidationError

from game.content.models import ROLE_NAMES, SKILL_LISTS, Content
from game.muster import MusterRules, Roster, RosterMember, propose_name
from game.muster.roster import brought_skills
from game.muster.skills import LIST_NAMES, NoSkillLeft, draw_skill

ON_FOOT = ""  # the steed choice of a model on foot
STEED_KINDS = ("warhorse", "nag")  # the steeds a roster's model may ride


@dataclass(frozen=True, slots=True)
class SpearRow:
    """One Spear on the parade ground: its number, its Hero's name and its models (Hero first)."""

    number: int
    hero: str
    members: tuple[int, ...]


def with_member(roster: Roster, index: int, member: RosterMember) -> Roster:
    """The roster with one model replaced."""
    members = list(roster.members)
    members[index] = member
    return roster.model_copy(update={"members": tuple(members)})


def changed(roster: Roster, index: int, **update: object) -> Roster:
    """The roster with fields of one model changed (a steed taken away takes the Lance with it)."""
    member = roster.members[index].model_copy(update=update)
    if member.steed is None and member.lance:
        member = member.model_copy(update={"lance": False})
    return with_member(roster, index, member)


def renamed(roster: Roster, index: int, name: str) -> Roster | str:
    """The roster with a model renamed, or why the name cannot be his."""
    try:
        member = RosterMember.model_validate({**roster.members[index].model_dump(), "name": name.strip()})
    except ValidationError:
        return "A name needs a letter, and at most 60 of them"
    return with_member(roster, index, member)


def role_of(roster: Roster, index: int, content: Content) -> str:
    """A model's role ("" for an unknown profile)."""
    prof = content.profiles.get(roster.members[index].profile)
    return prof.role if prof is not None else ""


def is_hero(roster: Roster, index: int, content: Content) -> bool:
    """True for a Captain or a Squire."""
    prof = content.profiles.get(roster.members[index].profile)
    return prof is not None and prof.type == "hero"


def profiles_for(roster: Roster, index: int, content: Content) -> list[tuple[str, str]]:
    """The profiles a model's slot allows (name, id): a Hero's of his own role, a Retainer's any
    Retainer's; his own first if it is none of them."""
    role = role_of(roster, index, content)
    hero = is_hero(roster, index, content)
    out = [(p.name, p.id) for p in content.profiles.values()
           if (p.role == role if hero else p.type == "retainer")]
    own = roster.members[index].profile
    if own not in {pid for _, pid in out}:
        out.insert(0, (own, own))
    return out


def spear_rows(roster: Roster, content: Content) -> list[SpearRow]:
    """The Spears in the order of their numbers, each with its Hero first (a Spear with no Hero
    named so)."""
    out = []
    for number in sorted({m.spear for m in roster.members}):
        members = [i for i, m in enumerate(roster.members) if m.spear == number]
        heroes = [i for i in members if is_hero(roster, i, content)]
        rest = [i for i in members if i not in heroes]
        hero = roster.members[heroes[0]].name if heroes else "no Hero"
        out.append(SpearRow(number, hero, tuple(heroes + rest)))
    return out


def spears_for(roster: Roster, index: int, content: Content) -> list[tuple[str, str]]:
    """The Spears a Retainer may join (label, number): those a Hero leads, and his own."""
    rows = spear_rows(roster, content)
    own = roster.members[index].spear
    return [(f"Spear {row.number} ({row.hero})", str(row.number)) for row in rows
            if row.hero != "no Hero" or row.number == own]


def steeds_for(content: Content) -> list[tuple[str, str]]:
    """On foot, then the steeds a roster's model may ride (name, id)."""
    return [("On foot", ON_FOOT)] + [(s.name, s.id) for s in content.steeds.values()
                                       if (s.steed_kind or s.id) in STEED_KINDS]


def skills_for(roster: Roster, index: int, content: Content,
               rules: MusterRules) -> list[tuple[str, list[str]]]:
    """The Skills a model may be given, by list (a Hero any, a Retainer his role's), with any he
    has that he may not (so they can be taken off)."""
    member = roster.members[index]
    allowed = None if is_hero(roster, index, content) else set(
        rules.retainer_skills.get(role_of(roster, index, content), ()))
    out = []
    for name, listed in SKILL_LISTS.items():
        shown = [s for s in listed if allowed is None or s in allowed or s in member.skills]
        if shown:
            out.append((LIST_NAMES[name], shown))
    return out


def toggled(roster: Roster, index: int, skill: str) -> Roster:
    """The roster with a Skill given to a model, or taken off him."""
    skills = roster.members[index].skills
    new = tuple(s for s in skills if s != skill) if skill in skills else (*skills, skill)
    return changed(roster, index, skills=new)


def proposed(roster: Roster, index: int, seed: int) -> Roster:
    """The roster with a model given a period name no other model has."""
    taken = [m.name for i, m in enumerate(roster.members) if i != index]
    captain = roster.members[index].profile == "captain"
    return changed(roster, index, name=propose_name(seed, taken, captain=captain))


def captain_of(roster: Roster, content: Content) -> int | None:
    """The index of the retinue's Captain (the first), or None."""
    return next((i for i in range(len(roster.members)) if role_of(roster, i, content) == "captain"), None)


def draw_captain_skill(roster: Roster, content: Content, rules: MusterRules,
                       draws: int) -> tuple[Roster, str]:
    """The Captain's extra Skill drawn from the Skill deck of every list (the Skills he has left
    out), on dice seeded by the retinue's name and how many draws were made: the roster with it
    given to him, and the line that says what was drawn (or why nothing was)."""
    index = captain_of(roster, content)
    if index is None:
        return roster, "The retinue has no Captain to draw a Skill for"
    captain = roster.members[index]
    if len(captain.skills) >= rules.max_skills:
        return roster, f"{captain.name} has {len(captain.skills)} Skills already; take one off first"
    seed = zlib.crc32(f"{roster.name}:{draws}".encode())
    try:
        taken = (*captain.skills, *brought_skills(captain, content))  # never a card he holds already
        skill, events = draw_skill(seed, list(SKILL_LISTS), taken, content=content)
    except NoSkillLeft:
        return roster, f"{captain.name} has every Skill already"
    roll = events[0]
    line = (f"Skill deck: card {getattr(roll, 'value', '?')} of {getattr(roll, 'sides', '?')} drawn, "
            f"{content.skills[skill].name}: {captain.name} has it now")
    return toggled(roster, index, skill), line


def role_name(roster: Roster, index: int, content: Content) -> str:
    """'Captain', 'Squire', 'Fighter' or 'Shootist' ('Unknown' for an unknown profile)."""
    return ROLE_NAMES.get(role_of(roster, index, content), "Unknown")
