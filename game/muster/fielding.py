"""A campaign battle's field: the retinue as it stands after its injuries (RULES-BRIEF §12.3).

`field_roster` makes, from a campaign's roster, the roster that takes the field for one battle:
the models who are away (wounded, captured, missing the battle) left out, each model's marks (his
lasting injuries, a veteran's gain) set, and the Spears formed again so that every Spear has its
one Hero:

- a Spear whose Hero is away loses its number; its Retainers, one by one in the roster's order,
  join the present Hero's Spear with the fewest men (the lowest number on a tie);
- if the Captain is away, the present Squire first in the roster commands in his place
  (`acting_captain`): the engine fields him in the Captain's role, so his retinue does not test
  its Will to Fight from the first turn as one without its Captain, the enemy scores a Captain's
  Valour for him, and the AI guards him as its leader. His profile's numbers stay a Squire's.

A mark changes the number on the model's own profile (`game.muster.play.marked`, never below Move 1
or Fight 1, Shoot between 2+ and 6+): Fight is his melee dice, Shoot the score he needs to hit, and
Move his pace on foot (a rider goes at his steed's Move, so a lame leg slows him only when he walks).

The fielded roster keeps the models in the roster's order, so its members are the roster's at
`present(roster, away)`, and a game's models are matched to them as `to_retinue` fields them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from game.content import load_content
from game.content.models import Content
from game.muster.play import RosterError
from game.muster.roster import Marks, Roster, RosterMember


def present(roster: Roster, away: Collection[int]) -> tuple[int, ...]:
    """The indices of the roster's models who take the field, in the roster's order."""
    return tuple(i for i in range(len(roster.members)) if i not in away)


def field_roster(roster: Roster, away: Collection[int], marks: Mapping[int, Marks] | None = None,
                 content: Content | None = None) -> Roster:
    """The roster that takes the field for one battle: the models at the indices `away` left out,
    the `marks` (by index; none by default, an away model's ignored) set on the others, the
    Spears formed again and a Squire commanding if the Captain is away (see the module). Short only
    when someone is away. RosterError for an index the roster has not, or if no Hero is left."""
    content = content or load_content()
    marks = marks or {}
    wrong = sorted({*away, *marks} - set(range(len(roster.members))))
    if wrong:
        raise RosterError(f"roster {roster.name!r} has no model number {wrong[0]} "
                          f"(it has {len(roster.members)})")
    here = present(roster, away)
    members = [_marked(roster.members[i], marks.get(i)) for i in here]
    heroes = [k for k, m in enumerate(members) if _type(m, content) == "hero"]
    if not heroes:
        raise RosterError(f"roster {roster.name!r} cannot take the field: every Hero is away")
    members = _reform_spears(members, heroes, content)
    if not any(_role(members[k], content) == "captain" for k in heroes):
        squires = [k for k in heroes if _role(members[k], content) == "squire"]
        if squires:
            members[squires[0]] = members[squires[0]].model_copy(update={"acting_captain": True})
    return roster.model_copy(update={"members": tuple(members), "short": roster.short or bool(set(away))})


def _marked(member: RosterMember, marks: Marks | None) -> RosterMember:
    """The model with these marks (none if they change nothing), and no longer acting as Captain."""
    return member.model_copy(update={"marks": None if marks is None or marks.blank else marks,
                                     "acting_captain": False})


def _type(member: RosterMember, content: Content) -> str | None:
    prof = content.profiles.get(member.profile)
    return prof.type if prof is not None else None


def _role(member: RosterMember, content: Content) -> str | None:
    prof = content.profiles.get(member.profile)
    return prof.role if prof is not None else None


def _reform_spears(members: list[RosterMember], heroes: list[int], content: Content) -> list[RosterMember]:
    """Each Retainer whose Spear has no Hero on the field joins the led Spear with the fewest men
    (the lowest number on a tie), in the roster's order; the others keep their Spears."""
    led = {members[k].spear for k in heroes}
    size = {number: sum(1 for m in members if m.spear == number) for number in led}
    out = list(members)
    for k, m in enumerate(members):
        if _type(m, content) == "hero" or m.spear in led:
            continue
        number = min(led, key=lambda n: (size[n], n))
        size[number] += 1
        out[k] = m.model_copy(update={"spear": number})
    return out
