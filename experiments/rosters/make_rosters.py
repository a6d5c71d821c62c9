"""Writes the mounted-vs-foot study's three rosters from the Duke's Riders (york-mounted): the same
twelve men all mounted, half mounted (the house limit) and on foot; and the same three with Skills
(skilled-*.json: every Hero three, the Shootists Nimble) for the batches that exercise the Skills.
Each is checked legal by the muster.

Run from the repository root: .venv/bin/python experiments/rosters/make_rosters.py
"""

from __future__ import annotations

from pathlib import Path

from game.content import load_content
from game.muster.roster import Roster, breaches
from game.muster.rules import muster_rules
from game.muster.templates import dismount_all, mount_all, template
from game.persist.rosters import encode_roster

HERE = Path(__file__).parent


def half_mounted(roster: Roster) -> Roster:
    """The house limit as the lab's `mounted = "half"` applies it: the Heroes ride first, then the
    Retainers in retinue order, until half the retinue rides; the rest on foot without Lances."""
    limit = muster_rules().mounted_limit()
    mounted = mount_all(roster)
    heroes = ("captain", "squire")
    order = sorted(range(len(mounted.members)), key=lambda i: mounted.members[i].profile not in heroes)
    riders = set(order[:limit])
    members = tuple(m if i in riders else m.model_copy(update={"steed": None, "lance": False})
                    for i, m in enumerate(mounted.members))
    return mounted.model_copy(update={"members": members, "half_mounted": True})


SKILLS = {  # by the model's place in the roster: the Heroes' Skills, and Nimble for the Shootists
    0: ("unyielding", "stalwart", "mighty_blow"),
    4: ("born_in_the_saddle", "hard_as_nails", "sure_seat"),
    8: ("fleet_of_foot", "dodge_shots", "inspiring"),
}
SHOOTIST_SKILLS = ("nimble",)


def skilled(roster: Roster) -> Roster:
    """The roster with the Skills above."""
    content = load_content()
    members = []
    for i, m in enumerate(roster.members):
        skills = SKILLS.get(i, SHOOTIST_SKILLS if content.profiles[m.profile].role == "shootist" else ())
        members.append(m.model_copy(update={"skills": tuple(skills)}))
    return roster.model_copy(update={"members": tuple(members), "name": roster.name + ", with Skills"})


def main() -> None:
    """Build, check and write the three rosters."""
    content, rules = load_content(), muster_rules()
    base = template("york-mounted", content)
    rosters = {
        "all-mounted": mount_all(base).model_copy(update={"name": "The Duke's Riders, all mounted"}),
        "half-mounted": half_mounted(base).model_copy(update={"name": "The Duke's Riders, half mounted"}),
        "foot": dismount_all(base).model_copy(update={"name": "The Duke's Riders, on foot"}),
    }
    rosters |= {f"skilled-{stem}": skilled(roster) for stem, roster in list(rosters.items())}
    for stem, roster in rosters.items():
        found = breaches(roster, content, rules)
        if found:
            raise SystemExit(f"{stem}: {found}")
        (HERE / f"{stem}.json").write_bytes(encode_roster(roster))
        riding = sum(1 for m in roster.members if m.steed)
        print(f"{stem}.json: {riding} of {len(roster.members)} ride")


if __name__ == "__main__":
    main()
