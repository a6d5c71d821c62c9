"""New rosters: one made from each retinue the game ships, and a blank one on foot with period names."""

from __future__ import annotations

from game.content import load_content
from game.content.models import ROLE_STEEDS, Content, Member, Retinue
from game.muster.names import propose_name
from game.muster.roster import ROSTER_KIND, ROSTER_VERSION, Roster, RosterMember
from game.muster.rules import MusterRules, muster_rules


def _member(content: Content, member: Member, spear: int) -> RosterMember:
    """A retinue member as a roster's model: a lance among his weapons becomes his Lance."""
    prof = content.profiles[member.profile]
    weapons = member.weapons
    lance = False
    if weapons is not None:
        kept = tuple(w for w in weapons if content.weapons[w].kind != "lance")
        lance = len(kept) < len(weapons)
        weapons = None if kept == prof.weapons or not kept else kept
    return RosterMember(name=member.name, profile=member.profile, spear=spear, steed=member.steed,
                        lance=lance, weapons=weapons, skills=member.skills)


def roster_of(retinue: Retinue, content: Content, rules: MusterRules | None = None) -> Roster:
    """A roster holding a retinue's models as they are (seats on vehicles are left out: a roster's
    models start on foot or on their steeds)."""
    colours = (rules or muster_rules()).blank.colours
    members = [_member(content, m, n) for n, spear in enumerate(retinue.spears, 1)
               for m in (spear.hero, *spear.retainers)]
    return Roster(version=ROSTER_VERSION, kind=ROSTER_KIND, name=retinue.name[:80], colours=colours,
                  members=tuple(members))


def template(retinue_id: str, content: Content | None = None) -> Roster:
    """A roster made from a shipped retinue (KeyError for an unknown id)."""
    content = content or load_content()
    return roster_of(content.retinues[retinue_id], content)


def blank(seed: int = 0, name: str = "A New Retinue", rules: MusterRules | None = None) -> Roster:
    """A legal retinue on foot from the data's blank make-up, each model named from the period lists."""
    rules = rules or muster_rules()
    taken: list[str] = []

    def named(profile: str, spear: int, captain: bool = False) -> RosterMember:
        taken.append(propose_name(seed * 1000 + len(taken), taken, captain=captain))
        return RosterMember(name=taken[-1], profile=profile, spear=spear)

    members: list[RosterMember] = []
    for n, retainers in enumerate(rules.blank.spears, 1):
        members.append(named(rules.blank.captain if n == 1 else rules.blank.squire, n, captain=n == 1))
        members += [named(p, n) for p in retainers]
    return Roster(version=ROSTER_VERSION, kind=ROSTER_KIND, name=name, colours=rules.blank.colours,
                  members=tuple(members))


def mount_all(roster: Roster, content: Content | None = None) -> Roster:
    """*Mount everyone*: each model on the steed his role rides (§9.1 [R]: Heroes and Fighters on a
    Warhorse, Shootists on a Nag); a model of unknown profile is left as he is."""
    content = content or load_content()

    def ride(m: RosterMember) -> RosterMember:
        prof = content.profiles.get(m.profile)
        if prof is None:
            return m
        kind = ROLE_STEEDS[prof.role]
        steed = next((s.id for s in content.steeds.values() if s.steed_kind == kind), None)
        return m.model_copy(update={"steed": steed})

    return roster.model_copy(update={"members": tuple(ride(m) for m in roster.members)})


def dismount_all(roster: Roster) -> Roster:
    """*Dismount everyone*: every model on foot, and so without a Lance."""
    return roster.model_copy(update={"members": tuple(m.model_copy(update={"steed": None, "lance": False})
                                                       for m in roster.members)})
