"""A roster: a retinue of the player's own, as a versioned file, and every breach of the rules it holds.

A roster is a Captain, two Squires and nine Retainers (RULES-BRIEF §12.1), each with a name, a
profile, the Spear he belongs to (numbered; a Hero's number is the Spear he leads), a steed or
none, a Lance or none, weapons and Skills. The pydantic model only bounds the file's shape (how
long a name or a list may be); whether the retinue may take the field is `breaches`, which names
every breach at once, each pointing at its model.

A campaign battle's field (RULES-BRIEF §12.3) is a roster too, as `game.muster.fielding` makes it:
`short`, some of the retinue are away (wounded, or missing the battle), so the full counts are not
asked; a model's `marks` are his lasting injuries and a veteran's gains; and a Squire may be
`acting_captain`, commanding in his absent Captain's place. A roster without them writes none of
these fields, so every roster file and save written before them reads, and writes, the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from game.content import load_content, models
from game.content.models import ROLE_NAMES, ROLE_STEEDS, Content, Profile
from game.muster.rules import MusterRules

ROSTER_KIND: Literal["destrier-roster"] = "destrier-roster"
ROSTER_VERSION: Literal[1] = 1
MAX_MEMBERS = 40  # a roster file holds at most this many models (the rules ask for 12)
MAX_SPEAR = 12
PRINTABLE = r"^[^\x00-\x1f\x7f]*[^\s\x00-\x1f\x7f][^\x00-\x1f\x7f]*$"  # no control character, not blank
Text = Annotated[str, Field(min_length=1, max_length=60, pattern=PRINTABLE)]
Ident = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]
Channel = Annotated[int, Field(ge=0, le=255)]
Colour = tuple[Channel, Channel, Channel]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


MarkValue = Annotated[int, Field(ge=-6, le=6)]  # as far as a campaign record goes either way


class Marks(_Strict):
    """What a model's campaign left on his profile, as a player reads each number: a lasting injury
    takes from it (negative), a veteran's gain adds to it (positive). Shoot counts like the others
    (a lost eye, -1, makes him a worse shot: the score he needs to hit rises by one)."""

    move: MarkValue = Field(0, description="Inches added to (taken from) his Move on foot.")
    fight: MarkValue = Field(0, description="Dice added to (taken from) his Fight.")
    shoot: MarkValue = Field(0, description="Added to (taken from) his Shoot: his to-hit score falls "
                                            "(rises).")

    @property
    def blank(self) -> bool:
        """True if the marks change nothing."""
        return self.move == 0 and self.fight == 0 and self.shoot == 0


class RosterMember(_Strict):
    """One model of a roster."""

    name: Text
    profile: Ident = Field(description="A profile of the content (profiles.toml).")
    spear: int = Field(ge=1, le=MAX_SPEAR,
                       description="The Spear he is in; a Hero leads the Spear of his number.")
    steed: Ident | None = Field(None, description="A steed of the content, or none: on foot.")
    lance: bool = Field(False, description="Carries a Lance (added to his weapons).")
    weapons: tuple[Ident, ...] | None = Field(
        None, max_length=6, description="Replaces the profile's weapons; none: the profile's.")
    skills: tuple[Ident, ...] = Field((), max_length=12, description="Skills beyond his profile's.")
    marks: Marks | None = Field(None, exclude_if=lambda v: v is None,
                                description="His lasting injuries and gains (a campaign's); none: unmarked.")
    acting_captain: bool = Field(False, exclude_if=lambda v: not v,
                                 description="A Squire commanding the retinue while its Captain is away.")


class Roster(_Strict):
    """A retinue of the player's own: the roster file's whole content."""

    version: Literal[1] = Field(description="The roster format's version.")
    kind: Literal["destrier-roster"] = Field(description="Marks the file as a Destrier roster.")
    name: Annotated[str, Field(min_length=1, max_length=80, pattern=PRINTABLE)]
    colours: tuple[Colour, Colour] = Field(description="The retinue's two colours, as RGB.")
    members: tuple[RosterMember, ...] = Field(max_length=MAX_MEMBERS)
    half_mounted: bool = Field(False, description="The house limit: at most half the retinue rides.")
    short: bool = Field(False, exclude_if=lambda v: not v,
                        description="A campaign battle's field: some of the retinue are away, so it "
                                    "needs at least one Hero, not the full counts.")


@dataclass(frozen=True, slots=True)
class Breach:
    """One thing that keeps a roster from the field: the model it concerns (its index in the
    roster, None for the whole retinue), a machine code and a sentence a player can read."""

    member: int | None
    code: str
    text: str


def breaches(roster: Roster, content: Content, rules: MusterRules) -> list[Breach]:
    """Every breach of the muster's rules in a roster, in the order of its models, then the
    retinue's own (counts, Spears and the house limit); an empty list: the roster may take the field."""
    out: list[Breach] = []
    for i, member in enumerate(roster.members):
        out += [Breach(i, code, f"{member.name} {text}")
                for code, text in member_breaches(member, content, rules)]
    out += _count_breaches(roster, content, rules)
    out += _spear_breaches(roster, content)
    if roster.half_mounted:
        riding = sum(1 for m in roster.members if m.steed is not None)
        limit = rules.mounted_limit()
        if riding > limit:
            out.append(Breach(None, "house_mounted", f"{riding} models ride, and the house limit lets "
                                                     f"at most {limit} of {rules.size} ride"))
    return out


def member_breaches(member: RosterMember, content: Content, rules: MusterRules) -> list[tuple[str, str]]:
    """(code, text after his name) of every breach of one model."""
    prof = content.profiles.get(member.profile)
    if prof is None:
        return [("unknown_profile", f"has unknown profile {member.profile!r} (known: "
                                    f"{', '.join(sorted(content.profiles))})")]
    out = _steed_breaches(member, prof, content)
    weapons = member.weapons if member.weapons is not None else prof.weapons
    out += [("unknown_weapon", f"has unknown weapon {w!r}") for w in weapons if w not in content.weapons]
    out += _lance_breaches(member, prof, content, rules, weapons)
    out += _skill_breaches(member, prof, rules)
    return out


def _steed_breaches(member: RosterMember, prof: Profile, content: Content) -> list[tuple[str, str]]:
    if member.steed is None:
        return []
    steed = content.steeds.get(member.steed)
    if steed is None:
        return [("unknown_steed", f"rides unknown steed {member.steed!r} (known: "
                                  f"{', '.join(sorted(content.steeds))})")]
    allowed = ROLE_STEEDS[prof.role]
    if steed.steed_kind != allowed:
        wanted = next((s.name for s in content.steeds.values() if s.steed_kind == allowed), allowed)
        return [("wrong_steed", f"is a {ROLE_NAMES[prof.role]} and may only ride a {wanted}, "
                                f"not a {steed.name}")]
    return []


def _lance_breaches(member: RosterMember, prof: Profile, content: Content, rules: MusterRules,
                    weapons: tuple[str, ...]) -> list[tuple[str, str]]:
    lance = member.lance or any(w in content.weapons and content.weapons[w].kind == "lance" for w in weapons)
    if not lance:
        return []
    if rules.lance not in content.weapons:
        return [("unknown_weapon", f"carries a Lance, and the content has no weapon {rules.lance!r}")]
    if prof.role not in rules.lance_roles:
        return [("lance_role", f"is a {ROLE_NAMES[prof.role]} and may not carry a Lance")]
    steed = content.steeds.get(member.steed or "")
    if steed is None or steed.steed_kind != "warhorse":
        return [("lance_on_foot", "carries a Lance but does not ride a Warhorse")]
    return []


def _skill_breaches(member: RosterMember, prof: Profile, rules: MusterRules) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    known = models.SKILLS  # read at the call: the engine's list of Skills may grow
    allowed = None if prof.type == "hero" else rules.retainer_skills.get(prof.role, ())
    for skill in member.skills:
        if skill not in known:
            out.append(("unknown_skill", f"has unknown Skill {skill!r} (known: {', '.join(known)})"))
        elif allowed is not None and skill not in allowed:
            out.append(("role_skill", f"is a {ROLE_NAMES[prof.role]} and may not have the Skill "
                                      f"{skill_name(skill)}"))
    if len(member.skills) != len(set(member.skills)):
        out.append(("skill_twice", "has the same Skill twice"))
    if len(member.skills) > rules.max_skills:
        out.append(("too_many_skills", f"has {len(member.skills)} Skills; a model may be given at most "
                                       f"{rules.max_skills}"))
    return out


def brought_skills(member: RosterMember, content: Content) -> tuple[str, ...]:
    """The Skills a model has without being given them: his profile's, and Equestrian for a Hero
    on a steed (as the engine's `has_skill` reads them)."""
    prof = content.profiles.get(member.profile)
    if prof is None:
        return ()
    mounted_hero = prof.type == "hero" and member.steed is not None
    return tuple(dict.fromkeys((*prof.skills, *(("equestrian",) if mounted_hero else ()))))


def skill_name(skill: str, content: Content | None = None) -> str:
    """A Skill's name as a player reads it (born_in_the_saddle: Born in the Saddle), from the content's
    skills.toml (the shipped content unless given)."""
    content = content or load_content()
    found = content.skills.get(skill)
    return found.name if found is not None else skill.replace("_", " ").title()


def _roles(roster: Roster, content: Content) -> list[str | None]:
    return [content.profiles[m.profile].role if m.profile in content.profiles else None
            for m in roster.members]


def _count_breaches(roster: Roster, content: Content, rules: MusterRules) -> list[Breach]:
    """The full counts (a Captain, two Squires, nine Retainers); on a short field at least one
    Hero and no more than the full counts, and a Captain or a Squire in his place."""
    roles = _roles(roster, content)
    out: list[Breach] = []
    wanted = (("captain", rules.captains, "Captain"), ("squire", rules.squires, "Squire"))
    counts = [(roles.count(role), count, label) for role, count, label in wanted]
    counts.append((sum(1 for r in roles if r in ("fighter", "shootist")), rules.retainers, "Retainer"))
    for have, count, label in counts:
        if have > count or (have < count and not roster.short):
            code = "too_many" if have > count else "too_few"
            out.append(Breach(None, code, f"the retinue has {have} {label}{'s' if have != 1 else ''}; "
                                          f"it needs {count}"))
    if roster.short and not any(r in ("captain", "squire") for r in roles):
        out.append(Breach(None, "no_hero", "the retinue fields no Hero; at least one must take the field"))
    return out + _command_breaches(roster, roles)


def _command_breaches(roster: Roster, roles: list[str | None]) -> list[Breach]:
    """A Squire acting as Captain only while the Captain is away, and only one; and a short field
    without its Captain needs one."""
    out: list[Breach] = []
    acting = [i for i, m in enumerate(roster.members) if m.acting_captain]
    for i in acting:
        name = roster.members[i].name
        if roles[i] != "squire":
            what = ROLE_NAMES.get(roles[i] or "", "model of unknown profile")
            out.append(Breach(i, "acting_not_squire", f"{name} is a {what}; only a Squire may command "
                                                      "in the Captain's place"))
        elif "captain" in roles:
            out.append(Breach(i, "acting_with_captain", f"{name} commands in the Captain's place, but "
                                                        "the Captain takes the field"))
    out += [Breach(i, "acting_twice", f"{roster.members[i].name} commands in the Captain's place, as "
                                      f"{roster.members[acting[0]].name} does already") for i in acting[1:]]
    if roster.short and "captain" not in roles and "squire" in roles and not acting:
        out.append(Breach(None, "no_commander", "the retinue fields no Captain, and no Squire commands "
                                                "in his place"))
    return out


def _spear_breaches(roster: Roster, content: Content) -> list[Breach]:
    heroes: dict[int, int] = {}
    out: list[Breach] = []
    for i, m in enumerate(roster.members):
        prof = content.profiles.get(m.profile)
        if prof is None or prof.type != "hero":
            continue
        if m.spear in heroes:
            out.append(Breach(i, "spear_two_heroes", f"{m.name} leads Spear {m.spear}, which "
                                                     f"{roster.members[heroes[m.spear]].name} leads already"))
        else:
            heroes[m.spear] = i
    for i, m in enumerate(roster.members):
        prof = content.profiles.get(m.profile)
        if prof is not None and prof.type == "retainer" and m.spear not in heroes:
            out.append(Breach(i, "spear_no_hero",
                              f"{m.name} is in Spear {m.spear}, which has no Hero to lead it"))
    return out


def describe(found: list[Breach], limit: int = 3) -> str:
    """Breaches as one line: the first few, and how many more."""
    shown = "; ".join(b.text for b in found[:limit])
    more = len(found) - limit
    return shown + (f"; and {more} more" if more > 0 else "")
